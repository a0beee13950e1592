// Rivulet floating-point unit truncf: binary64 -> binary32, round to nearest even.
//
// Elastic unary unit: the operand token on ins is taken when the pipeline can
// accept; the result appears on outs LATENCY cycles later (see
// float_pipeline.v and rtl-templates/float.md).
// Overflow gives +-inf; NaN gives the canonical binary32 quiet NaN.
// Depends on: float_pipeline.v, float_convert_core.v, float_unpack.v,
// float_round_pack.v, float_lzc.v.
module truncf #(
  parameter LATENCY     = 0
) (
  input  wire                    clk,
  input  wire                    rst,
  input  wire [64-1:0]  ins,
  input  wire                    ins_valid,
  output wire                    ins_ready,
  output wire [32-1:0]  outs,
  output wire                    outs_valid,
  input  wire                    outs_ready
);
  wire [31:0] value;

  float_convert_core #(
    .IN_EXP_BITS(11), .IN_FRAC_BITS(52), .OUT_EXP_BITS(8), .OUT_FRAC_BITS(23)
  ) core (
    .x(ins), .result(value));

  float_pipeline #(.DATA_WIDTH(32), .LATENCY(LATENCY)) pipe (
    .clk(clk), .rst(rst),
    .ins(value), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(outs), .outs_valid(outs_valid), .outs_ready(outs_ready));
endmodule
