// Rivulet RTL template: mem_controller for NUM_STORES = 0 (and NUM_CONTROLS = 0):
// no ctrl/stAddr/stData ports; storeEn = 0; memEnd_valid = ctrlEnd_valid.
// Behaves exactly like mem_controller with one store port and one ctrl port
// that never receive a token (instantiated that way).
module mem_controller_storeless #(
  parameter NUM_LOADS = 1,
  parameter DATA_WIDTH = 32,
  parameter ADDR_WIDTH = 32
) (
  input  wire                            clk,
  input  wire                            rst,
  input  wire                            memStart_valid,
  output wire                            memStart_ready,
  input  wire [NUM_LOADS*ADDR_WIDTH-1:0] ldAddr,
  input  wire [NUM_LOADS-1:0]            ldAddr_valid,
  output wire [NUM_LOADS-1:0]            ldAddr_ready,
  input  wire                            ctrlEnd_valid,
  output wire                            ctrlEnd_ready,
  output wire [NUM_LOADS*DATA_WIDTH-1:0] ldData,
  output wire [NUM_LOADS-1:0]            ldData_valid,
  input  wire [NUM_LOADS-1:0]            ldData_ready,
  output wire                            memEnd_valid,
  input  wire                            memEnd_ready,
  output wire                            loadEn,
  output wire [ADDR_WIDTH-1:0]           loadAddr,
  input  wire [DATA_WIDTH-1:0]           loadData,
  output wire                            storeEn,
  output wire [ADDR_WIDTH-1:0]           storeAddr,
  output wire [DATA_WIDTH-1:0]           storeData
);
  /* verilator lint_off UNUSEDSIGNAL */
  // the handshakes of the never-used inner ctrl and store ports are not observed
  wire unused_ctrl_ready, unused_addr_ready, unused_data_ready;
  /* verilator lint_on UNUSEDSIGNAL */
  mem_controller #(
    .NUM_CONTROLS(1), .NUM_LOADS(NUM_LOADS), .NUM_STORES(1),
    .DATA_WIDTH(DATA_WIDTH), .ADDR_WIDTH(ADDR_WIDTH)
  ) inner (
    .clk(clk), .rst(rst),
    .memStart_valid(memStart_valid), .memStart_ready(memStart_ready),
    .ctrl(32'd0), .ctrl_valid(1'b0), .ctrl_ready(unused_ctrl_ready),
    .ldAddr(ldAddr), .ldAddr_valid(ldAddr_valid), .ldAddr_ready(ldAddr_ready),
    .stAddr({ADDR_WIDTH{1'b0}}), .stAddr_valid(1'b0), .stAddr_ready(unused_addr_ready),
    .stData({DATA_WIDTH{1'b0}}), .stData_valid(1'b0), .stData_ready(unused_data_ready),
    .ctrlEnd_valid(ctrlEnd_valid), .ctrlEnd_ready(ctrlEnd_ready),
    .ldData(ldData), .ldData_valid(ldData_valid), .ldData_ready(ldData_ready),
    .memEnd_valid(memEnd_valid), .memEnd_ready(memEnd_ready),
    .loadEn(loadEn), .loadAddr(loadAddr), .loadData(loadData),
    .storeEn(storeEn), .storeAddr(storeAddr), .storeData(storeData)
  );
endmodule
