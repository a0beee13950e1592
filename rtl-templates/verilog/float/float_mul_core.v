// Rivulet float_mul_core: combinational IEEE-754 multiplication a * b.
//
// Round to nearest even, subnormals exact, canonical quiet NaN for NaN
// results (also inf * 0). The full (2 * FRAC_BITS + 2)-bit product of the
// significands is normalized and rounded by float_round_pack, which also
// gives the signed zero of a zero operand.
module float_mul_core #(
  parameter EXP_BITS  = 8,
  parameter FRAC_BITS = 23
) (
  input  wire [EXP_BITS+FRAC_BITS:0] a,
  input  wire [EXP_BITS+FRAC_BITS:0] b,
  output wire [EXP_BITS+FRAC_BITS:0] result
);
  localparam W = EXP_BITS + FRAC_BITS + 1;
  localparam M = FRAC_BITS;
  localparam signed [13:0] BIAS = (1 << (EXP_BITS - 1)) - 1;
  localparam [W-1:0] QNAN = {1'b0, {(EXP_BITS+1){1'b1}}, {(M-1){1'b0}}};

  wire                 sa, za, ia, na, sb, zb, ib, nb;
  wire signed [13:0]   ea, eb;
  wire [M:0]           ga, gb;
  float_unpack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M)) ua (
    .x(a), .sign(sa), .is_zero(za), .is_inf(ia), .is_nan(na), .exp(ea), .sig(ga));
  float_unpack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M)) ub (
    .x(b), .sign(sb), .is_zero(zb), .is_inf(ib), .is_nan(nb), .exp(eb), .sig(gb));

  wire         s = sa ^ sb;
  wire [2*M+1:0] product = {{(M+1){1'b0}}, ga} * {{(M+1){1'b0}}, gb};

  wire [W-1:0] rounded;
  // product * 2^(ea + eb - 2 BIAS - 2M) = product * 2^(exp - BIAS - (2M + 1)).
  float_round_pack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M), .SIG_WIDTH(2 * M + 2)) rp (
    .sign(s), .exp(ea + eb - BIAS + 14'sd1), .sig(product), .result(rounded));

  assign result = (na || nb || (ia && zb) || (za && ib)) ? QNAN :
                  (ia || ib) ? {s, {EXP_BITS{1'b1}}, {M{1'b0}}} :
                  rounded;
endmodule
