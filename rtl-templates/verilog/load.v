// Rivulet RTL template: load (memory-controller port). A pass-through of the
// address towards the memory interface and of the returned data:
// addrOut = addrIn (valid/ready wired through);
// dataOut = dataFromMem (valid/ready wired through). Combinational.
module load #(
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
  input  wire [DATA_WIDTH-1:0] dataFromMem,
  input  wire                  dataFromMem_valid,
  output wire                  dataFromMem_ready,
  output wire [ADDR_WIDTH-1:0] addrOut,
  output wire                  addrOut_valid,
  input  wire                  addrOut_ready,
  output wire [DATA_WIDTH-1:0] dataOut,
  output wire                  dataOut_valid,
  input  wire                  dataOut_ready
);
  assign addrOut = addrIn;
  assign addrOut_valid = addrIn_valid;
  assign addrIn_ready = addrOut_ready;
  assign dataOut = dataFromMem;
  assign dataOut_valid = dataFromMem_valid;
  assign dataFromMem_ready = dataOut_ready;
endmodule
