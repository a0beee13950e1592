// Rivulet RTL template: mem_controller for NUM_LOADS = 0: no ldAddr/ldData
// ports; loadEn = 0. Behaves exactly like mem_controller with one load port
// that never receives an address (instantiated that way).
module mem_controller_loadless #(
  parameter NUM_CONTROLS = 1,
  parameter NUM_STORES = 1,
  parameter DATA_WIDTH = 32,
  parameter ADDR_WIDTH = 32
) (
  input  wire                             clk,
  input  wire                             rst,
  input  wire                             memStart_valid,
  output wire                             memStart_ready,
  input  wire [NUM_CONTROLS*32-1:0]       ctrl,
  input  wire [NUM_CONTROLS-1:0]          ctrl_valid,
  output wire [NUM_CONTROLS-1:0]          ctrl_ready,
  input  wire [NUM_STORES*ADDR_WIDTH-1:0] stAddr,
  input  wire [NUM_STORES-1:0]            stAddr_valid,
  output wire [NUM_STORES-1:0]            stAddr_ready,
  input  wire [NUM_STORES*DATA_WIDTH-1:0] stData,
  input  wire [NUM_STORES-1:0]            stData_valid,
  output wire [NUM_STORES-1:0]            stData_ready,
  input  wire                             ctrlEnd_valid,
  output wire                             ctrlEnd_ready,
  output wire                             memEnd_valid,
  input  wire                             memEnd_ready,
  output wire                             loadEn,
  output wire [ADDR_WIDTH-1:0]            loadAddr,
  input  wire [DATA_WIDTH-1:0]            loadData,
  output wire                             storeEn,
  output wire [ADDR_WIDTH-1:0]            storeAddr,
  output wire [DATA_WIDTH-1:0]            storeData
);
  /* verilator lint_off UNUSEDSIGNAL */
  // the handshake of the never-used inner load port is not observed
  wire unused_ready, unused_valid;
  wire [DATA_WIDTH-1:0] unused_data;
  /* verilator lint_on UNUSEDSIGNAL */
  mem_controller #(
    .NUM_CONTROLS(NUM_CONTROLS), .NUM_LOADS(1), .NUM_STORES(NUM_STORES),
    .DATA_WIDTH(DATA_WIDTH), .ADDR_WIDTH(ADDR_WIDTH)
  ) inner (
    .clk(clk), .rst(rst),
    .memStart_valid(memStart_valid), .memStart_ready(memStart_ready),
    .ctrl(ctrl), .ctrl_valid(ctrl_valid), .ctrl_ready(ctrl_ready),
    .ldAddr({ADDR_WIDTH{1'b0}}), .ldAddr_valid(1'b0), .ldAddr_ready(unused_ready),
    .stAddr(stAddr), .stAddr_valid(stAddr_valid), .stAddr_ready(stAddr_ready),
    .stData(stData), .stData_valid(stData_valid), .stData_ready(stData_ready),
    .ctrlEnd_valid(ctrlEnd_valid), .ctrlEnd_ready(ctrlEnd_ready),
    .ldData(unused_data), .ldData_valid(unused_valid), .ldData_ready(1'b1),
    .memEnd_valid(memEnd_valid), .memEnd_ready(memEnd_ready),
    .loadEn(loadEn), .loadAddr(loadAddr), .loadData(loadData),
    .storeEn(storeEn), .storeAddr(storeAddr), .storeData(storeData)
  );
endmodule
