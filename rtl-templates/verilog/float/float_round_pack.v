// Rivulet float_round_pack: normalize, round to nearest even, pack.
//
// The value represented is (-1)^sign * sig * 2^(exp - BIAS - (SIG_WIDTH - 1)),
// for any sig (not necessarily normalized); SIG_WIDTH >= FRAC_BITS + 2.
// sig = 0 gives a signed zero; exponents beyond the normal range give +-inf;
// below it the value is denormalized with the shifted-out bits kept as sticky,
// so subnormal results are rounded once and exactly. The exponent field and
// fraction are added as one number, so a rounding carry moves a subnormal to
// the smallest normal and the largest normal to infinity. Combinational.
module float_round_pack #(
  parameter EXP_BITS  = 8,
  parameter FRAC_BITS = 23,
  parameter SIG_WIDTH = 27
) (
  input  wire                        sign,
  input  wire signed [13:0]          exp,
  input  wire [SIG_WIDTH-1:0]        sig,
  output reg  [EXP_BITS+FRAC_BITS:0] result
);
  localparam N = SIG_WIDTH;
  localparam M = FRAC_BITS;
  localparam [7:0] NL = SIG_WIDTH[7:0];
  localparam signed [13:0] EMAX = (1 << EXP_BITS) - 1;
  // Bits of the shifted significand below the round bit.
  localparam [N-1:0] LOW_MASK = {N{1'b1}} >> (M + 2);

  wire [7:0]               lz;
  wire [N-1:0]             x;
  reg [N-1:0]              y;
  reg [7:0]                sh;
  reg signed [13:0]        norm, ex, under;
  reg [M:0]                mant;
  reg                      rnd, stk;
  reg [EXP_BITS+M-1:0]     bits;

  float_lzc #(.WIDTH(N)) lzc (.x(sig), .count(lz), .normalized(x));

  always @* begin
    norm = exp - $signed({6'd0, lz});
    ex = norm;
    under = 14'sd1 - ex;
    sh = 8'd0;
    if (ex < 14'sd1) begin
      sh = (under >= $signed({6'd0, NL})) ? NL : under[7:0];
      ex = 14'sd1;
    end
    y = x >> sh;
    stk = ((y << sh) != x) || ((y & LOW_MASK) != 0);
    mant = y[N-1:N-1-M];
    rnd = y[N-2-M];
    bits = {ex[EXP_BITS-1:0] - 1'b1, {M{1'b0}}} + {{(EXP_BITS-1){1'b0}}, mant};
    if (rnd && (stk || mant[0]))
      bits = bits + 1'b1;
    if (sig == 0)
      result = {sign, {(EXP_BITS+M){1'b0}}};
    else if (norm >= EMAX)
      result = {sign, {EXP_BITS{1'b1}}, {M{1'b0}}};
    else
      result = {sign, bits};
  end
endmodule
