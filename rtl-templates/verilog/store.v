// Rivulet RTL template: store (memory-controller port). Two independent
// pass-throughs: addrOut = addrIn and dataToMem = dataIn (valid/ready wired
// through); the memory controller joins the address and the data. Combinational.
module store #(
  parameter ADDR_WIDTH = 32,
  parameter DATA_WIDTH = 32
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [ADDR_WIDTH-1:0] addrIn,
  input  wire                  addrIn_valid,
  output wire                  addrIn_ready,
  input  wire [DATA_WIDTH-1:0] dataIn,
  input  wire                  dataIn_valid,
  output wire                  dataIn_ready,
  output wire [ADDR_WIDTH-1:0] addrOut,
  output wire                  addrOut_valid,
  input  wire                  addrOut_ready,
  output wire [DATA_WIDTH-1:0] dataToMem,
  output wire                  dataToMem_valid,
  input  wire                  dataToMem_ready
);
  assign addrOut = addrIn;
  assign addrOut_valid = addrIn_valid;
  assign addrIn_ready = addrOut_ready;
  assign dataToMem = dataIn;
  assign dataToMem_valid = dataIn_valid;
  assign dataIn_ready = dataToMem_ready;
endmodule
