// Rivulet RTL template: constant_unit. Each control token on ctrl becomes a
// token carrying VALUE on outs: outs = VALUE; outs_valid = ctrl_valid;
// ctrl_ready = outs_ready. VALUE is a DATA_WIDTH-bit literal, e.g. 8'b00101010.
module constant_unit #(
  parameter DATA_WIDTH = 32,
  parameter [DATA_WIDTH-1:0] VALUE = {DATA_WIDTH{1'b0}}
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire                  ctrl_valid,
  output wire                  ctrl_ready,
  output wire [DATA_WIDTH-1:0] outs,
  output wire                  outs_valid,
  input  wire                  outs_ready
);
  assign outs = VALUE;
  assign outs_valid = ctrl_valid;
  assign ctrl_ready = outs_ready;
endmodule
