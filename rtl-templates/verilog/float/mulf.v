// Rivulet floating-point unit mulf: lhs * rhs.
//
// Elastic binary unit: the operands lhs and rhs are joined (a token is taken
// from both when both are valid and the pipeline can accept); the result
// appears on result LATENCY cycles later (see float_pipeline.v and
// rtl-templates/float.md). FLOAT_WIDTH is 32 (binary32) or 64 (binary64).
// Rounding: nearest, ties to even; NaN results are the canonical quiet NaN.
// Depends on: float_pipeline.v, float_mul_core.v, float_unpack.v, float_round_pack.v, float_lzc.v.
module mulf #(
  parameter FLOAT_WIDTH = 32,
  parameter LATENCY     = 2
) (
  input  wire                   clk,
  input  wire                   rst,
  input  wire [FLOAT_WIDTH-1:0] lhs,
  input  wire                   lhs_valid,
  output wire                   lhs_ready,
  input  wire [FLOAT_WIDTH-1:0] rhs,
  input  wire                   rhs_valid,
  output wire                   rhs_ready,
  output wire [FLOAT_WIDTH-1:0] result,
  output wire                   result_valid,
  input  wire                   result_ready
);
  localparam EXP_BITS  = (FLOAT_WIDTH == 64) ? 11 : ((FLOAT_WIDTH == 16) ? 5 : 8);
  localparam FRAC_BITS = FLOAT_WIDTH - 1 - EXP_BITS;

  wire [FLOAT_WIDTH-1:0] value;
  wire                   accept;

  float_mul_core #(.EXP_BITS(EXP_BITS), .FRAC_BITS(FRAC_BITS)) core (
    .a(lhs), .b(rhs), .result(value));

  assign lhs_ready = accept && rhs_valid;
  assign rhs_ready = accept && lhs_valid;

  float_pipeline #(.DATA_WIDTH(FLOAT_WIDTH), .LATENCY(LATENCY)) pipe (
    .clk(clk), .rst(rst),
    .ins(value), .ins_valid(lhs_valid && rhs_valid), .ins_ready(accept),
    .outs(result), .outs_valid(result_valid), .outs_ready(result_ready));
endmodule
