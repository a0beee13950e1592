// Rivulet float_div_core: combinational IEEE-754 division a / b.
//
// Round to nearest even, subnormals exact, canonical quiet NaN for NaN
// results (also 0 / 0 and inf / inf); x / 0 = +-inf for finite nonzero x.
// Both significands are normalized (hidden bit set), then a restoring divider
// produces FRAC_BITS + 5 quotient bits, one per step; a nonzero remainder is
// the sticky bit. float_round_pack rounds the quotient.
module float_div_core #(
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
  wire [M:0]           ga, gb, norm_a, norm_b;
  wire [7:0]           la, lb;
  float_unpack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M)) ua (
    .x(a), .sign(sa), .is_zero(za), .is_inf(ia), .is_nan(na), .exp(ea), .sig(ga));
  float_unpack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M)) ub (
    .x(b), .sign(sb), .is_zero(zb), .is_inf(ib), .is_nan(nb), .exp(eb), .sig(gb));
  float_lzc #(.WIDTH(M + 1)) za_lzc (.x(ga), .count(la), .normalized(norm_a));
  float_lzc #(.WIDTH(M + 1)) zb_lzc (.x(gb), .count(lb), .normalized(norm_b));

  wire s = sa ^ sb;

  // q = floor(norm_a / norm_b * 2^(M+4)); norm_a / norm_b lies in (1/2, 2).
  reg [M+4:0] q;
  reg [M+1:0] r;
  integer     i;
  always @* begin
    r = {1'b0, norm_a};
    for (i = M + 4; i >= 0; i = i - 1) begin
      if (r >= {1'b0, norm_b}) begin
        q[i] = 1'b1;
        r = r - {1'b0, norm_b};
      end else begin
        q[i] = 1'b0;
      end
      r = r << 1;
    end
  end

  wire [W-1:0] rounded;
  // {q, sticky} ~ (norm_a / norm_b) * 2^(M+5); value = that * 2^(exp - BIAS - (M+5)).
  float_round_pack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M), .SIG_WIDTH(M + 6)) rp (
    .sign(s),
    .exp((ea - $signed({6'd0, la})) - (eb - $signed({6'd0, lb})) + BIAS),
    .sig({q, r != 0}),
    .result(rounded));

  assign result = (na || nb || (ia && ib) || (za && zb)) ? QNAN :
                  (ia || zb) ? {s, {EXP_BITS{1'b1}}, {M{1'b0}}} :
                  (za || ib) ? {s, {(W-1){1'b0}}} :
                  rounded;
endmodule
