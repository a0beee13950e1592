// Rivulet floating-point unit fptoui: float -> unsigned integer, rounding toward zero.
//
// Elastic unary unit: the operand token on ins is taken when the pipeline can
// accept; the result appears on outs LATENCY cycles later (see
// float_pipeline.v and rtl-templates/float.md).
// outs is an unsigned integer of OUTPUT_WIDTH bits (2 .. 64): exact for values
// in its range; otherwise what C compiled for x86-64 gives (float_to_uint_core.v).
// Depends on: float_pipeline.v, float_to_uint_core.v.
module fptoui #(
  parameter FLOAT_WIDTH = 32,
  parameter OUTPUT_WIDTH = 32,
  parameter LATENCY     = 0
) (
  input  wire                    clk,
  input  wire                    rst,
  input  wire [FLOAT_WIDTH-1:0]  ins,
  input  wire                    ins_valid,
  output wire                    ins_ready,
  output wire [OUTPUT_WIDTH-1:0]  outs,
  output wire                    outs_valid,
  input  wire                    outs_ready
);
  localparam EXP_BITS  = (FLOAT_WIDTH == 64) ? 11 : ((FLOAT_WIDTH == 16) ? 5 : 8);
  localparam FRAC_BITS = FLOAT_WIDTH - 1 - EXP_BITS;

  wire [OUTPUT_WIDTH-1:0] value;

  float_to_uint_core #(
    .EXP_BITS(EXP_BITS), .FRAC_BITS(FRAC_BITS), .OUTPUT_WIDTH(OUTPUT_WIDTH)
  ) core (
    .x(ins), .result(value));

  float_pipeline #(.DATA_WIDTH(OUTPUT_WIDTH), .LATENCY(LATENCY)) pipe (
    .clk(clk), .rst(rst),
    .ins(value), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(outs), .outs_valid(outs_valid), .outs_ready(outs_ready));
endmodule
