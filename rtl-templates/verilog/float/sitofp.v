// Rivulet floating-point unit sitofp: signed integer -> float, round to nearest even.
//
// Elastic unary unit: the operand token on ins is taken when the pipeline can
// accept; the result appears on outs LATENCY cycles later (see
// float_pipeline.v and rtl-templates/float.md).
// ins is a two's complement integer of INPUT_WIDTH bits (<= 64);
// FLOAT_WIDTH is 32 or 64.
// Depends on: float_pipeline.v, float_from_int_core.v, float_round_pack.v, float_lzc.v.
module sitofp #(
  parameter INPUT_WIDTH = 32,
  parameter FLOAT_WIDTH = 32,
  parameter LATENCY     = 0
) (
  input  wire                    clk,
  input  wire                    rst,
  input  wire [INPUT_WIDTH-1:0]  ins,
  input  wire                    ins_valid,
  output wire                    ins_ready,
  output wire [FLOAT_WIDTH-1:0]  outs,
  output wire                    outs_valid,
  input  wire                    outs_ready
);
  localparam EXP_BITS  = (FLOAT_WIDTH == 64) ? 11 : ((FLOAT_WIDTH == 16) ? 5 : 8);
  localparam FRAC_BITS = FLOAT_WIDTH - 1 - EXP_BITS;

  wire [FLOAT_WIDTH-1:0] value;

  float_from_int_core #(
    .INPUT_WIDTH(INPUT_WIDTH), .SIGNED(1), .EXP_BITS(EXP_BITS), .FRAC_BITS(FRAC_BITS)
  ) core (
    .x(ins), .result(value));

  float_pipeline #(.DATA_WIDTH(FLOAT_WIDTH), .LATENCY(LATENCY)) pipe (
    .clk(clk), .rst(rst),
    .ins(value), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(outs), .outs_valid(outs_valid), .outs_ready(outs_ready));
endmodule
