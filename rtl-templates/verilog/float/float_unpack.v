// Rivulet float_unpack: splits an IEEE-754 value into the fields the cores use.
//
// exp is the effective biased exponent (1 for subnormals and zeros), sig the
// significand with its hidden bit (0 for subnormals), so a finite value is
// (-1)^sign * sig * 2^(exp - BIAS - FRAC_BITS). Purely combinational.
module float_unpack #(
  parameter EXP_BITS  = 8,
  parameter FRAC_BITS = 23
) (
  input  wire [EXP_BITS+FRAC_BITS:0] x,
  output wire                        sign,
  output wire                        is_zero,
  output wire                        is_inf,
  output wire                        is_nan,
  output wire signed [13:0]          exp,
  output wire [FRAC_BITS:0]          sig
);
  wire [EXP_BITS-1:0]  e = x[EXP_BITS+FRAC_BITS-1:FRAC_BITS];
  wire [FRAC_BITS-1:0] f = x[FRAC_BITS-1:0];

  assign sign    = x[EXP_BITS+FRAC_BITS];
  assign is_zero = (e == 0) && (f == 0);
  assign is_inf  = (&e) && (f == 0);
  assign is_nan  = (&e) && (f != 0);
  assign exp     = (e == 0) ? 14'sd1 : $signed({{(14-EXP_BITS){1'b0}}, e});
  assign sig     = {e != 0, f};
endmodule
