// Rivulet floating-point unit absf: |ins|: clears the sign bit (also of NaNs).
//
// Elastic unary unit: the operand token on ins is taken when the pipeline can
// accept; the result appears on outs LATENCY cycles later (see
// float_pipeline.v and rtl-templates/float.md).
// FLOAT_WIDTH is 32 or 64.
// Depends on: float_pipeline.v.
module absf #(
  parameter FLOAT_WIDTH = 32,
  parameter LATENCY     = 0
) (
  input  wire                    clk,
  input  wire                    rst,
  input  wire [FLOAT_WIDTH-1:0]  ins,
  input  wire                    ins_valid,
  output wire                    ins_ready,
  output wire [FLOAT_WIDTH-1:0]  outs,
  output wire                    outs_valid,
  input  wire                    outs_ready
);
  wire [FLOAT_WIDTH-1:0] value = {1'b0, ins[FLOAT_WIDTH-2:0]};
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_sign = ins[FLOAT_WIDTH-1];
  /* verilator lint_on UNUSEDSIGNAL */

  float_pipeline #(.DATA_WIDTH(FLOAT_WIDTH), .LATENCY(LATENCY)) pipe (
    .clk(clk), .rst(rst),
    .ins(value), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(outs), .outs_valid(outs_valid), .outs_ready(outs_ready));
endmodule
