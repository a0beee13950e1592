// Rivulet floating-point unit extf: binary32 -> binary64, exact.
//
// Elastic unary unit: the operand token on ins is taken when the pipeline can
// accept; the result appears on outs LATENCY cycles later (see
// float_pipeline.v and rtl-templates/float.md).
// NaN gives the canonical binary64 quiet NaN.
// Depends on: float_pipeline.v, float_convert_core.v, float_unpack.v,
// float_round_pack.v, float_lzc.v.
module extf #(
  parameter LATENCY     = 0
) (
  input  wire                    clk,
  input  wire                    rst,
  input  wire [32-1:0]  ins,
  input  wire                    ins_valid,
  output wire                    ins_ready,
  output wire [64-1:0]  outs,
  output wire                    outs_valid,
  input  wire                    outs_ready
);
  wire [63:0] value;

  float_convert_core #(
    .IN_EXP_BITS(8), .IN_FRAC_BITS(23), .OUT_EXP_BITS(11), .OUT_FRAC_BITS(52)
  ) core (
    .x(ins), .result(value));

  float_pipeline #(.DATA_WIDTH(64), .LATENCY(LATENCY)) pipe (
    .clk(clk), .rst(rst),
    .ins(value), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(outs), .outs_valid(outs_valid), .outs_ready(outs_ready));
endmodule
