// Rivulet float_from_int_core: combinational integer -> float conversion.
//
// x is an INPUT_WIDTH-bit integer, two's complement when SIGNED = 1, unsigned
// otherwise (INPUT_WIDTH <= 64). The result is rounded to nearest even;
// 0 gives +0. The most negative integer converts exactly (its magnitude
// 2^(INPUT_WIDTH-1) is representable as an unsigned number).
module float_from_int_core #(
  parameter INPUT_WIDTH = 32,
  parameter SIGNED      = 1,
  parameter EXP_BITS    = 8,
  parameter FRAC_BITS   = 23
) (
  input  wire [INPUT_WIDTH-1:0]        x,
  output wire [EXP_BITS+FRAC_BITS:0]   result
);
  // Significand width handed to float_round_pack: at least FRAC_BITS + 2.
  localparam SW = (INPUT_WIDTH >= FRAC_BITS + 2) ? INPUT_WIDTH : FRAC_BITS + 2;
  localparam signed [13:0] BIAS = (1 << (EXP_BITS - 1)) - 1;
  localparam signed [13:0] TOP  = INPUT_WIDTH[13:0] - 14'd1;

  wire                   negative = (SIGNED != 0) && x[INPUT_WIDTH-1];
  wire [INPUT_WIDTH-1:0] magnitude = negative ? -x : x;

  reg [SW-1:0] padded;
  always @* begin
    padded = {SW{1'b0}};
    padded[SW-1 -: INPUT_WIDTH] = magnitude;
  end

  // magnitude = padded * 2^(exp - BIAS - (SW - 1)) with exp = BIAS + INPUT_WIDTH - 1.
  float_round_pack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(FRAC_BITS), .SIG_WIDTH(SW)) rp (
    .sign(negative), .exp(BIAS + TOP), .sig(padded), .result(result));
endmodule
