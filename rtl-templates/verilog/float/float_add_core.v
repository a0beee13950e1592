// Rivulet float_add_core: combinational IEEE-754 addition a + b.
//
// Round to nearest even, subnormals exact, canonical quiet NaN for NaN
// results (also inf + -inf). An exact zero sum is +0 except (-0) + (-0).
// The operand of larger magnitude is x; y is aligned to it with three extra
// bits (guard, round, sticky), the significands are added or subtracted and
// float_round_pack normalizes and rounds the sum.
module float_add_core #(
  parameter EXP_BITS  = 8,
  parameter FRAC_BITS = 23
) (
  input  wire [EXP_BITS+FRAC_BITS:0] a,
  input  wire [EXP_BITS+FRAC_BITS:0] b,
  output wire [EXP_BITS+FRAC_BITS:0] result
);
  localparam W = EXP_BITS + FRAC_BITS + 1;
  localparam M = FRAC_BITS;
  localparam [7:0] SHIFT_MAX = FRAC_BITS[7:0] + 8'd4;
  localparam [W-1:0] QNAN = {1'b0, {(EXP_BITS+1){1'b1}}, {(M-1){1'b0}}};

  wire          swap = a[W-2:0] < b[W-2:0];
  wire [W-1:0]  x = swap ? b : a;
  wire [W-1:0]  y = swap ? a : b;

  wire                 sx, ix, nx, sy, iy, ny;
  // Zero operands need no special case: a zero sum is detected after the addition.
  /* verilator lint_off UNUSEDSIGNAL */
  wire                 zx, zy;
  /* verilator lint_on UNUSEDSIGNAL */
  wire signed [13:0]   ex, ey;
  wire [M:0]           gx, gy;
  float_unpack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M)) ux (
    .x(x), .sign(sx), .is_zero(zx), .is_inf(ix), .is_nan(nx), .exp(ex), .sig(gx));
  float_unpack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M)) uy (
    .x(y), .sign(sy), .is_zero(zy), .is_inf(iy), .is_nan(ny), .exp(ey), .sig(gy));

  reg signed [13:0] diff;
  reg [7:0]         d;
  reg [M+3:0]       mx, my, ys;
  reg [M+4:0]       sum;

  always @* begin
    diff = ex - ey;  // >= 0: x has the larger magnitude
    d = (diff > $signed({6'd0, SHIFT_MAX})) ? SHIFT_MAX : diff[7:0];
    mx = {gx, 3'b000};
    my = {gy, 3'b000};
    ys = my >> d;
    if ((ys << d) != my)
      ys[0] = 1'b1;
    if (sx == sy)
      sum = {1'b0, mx} + {1'b0, ys};
    else
      sum = {1'b0, mx} - {1'b0, ys};
  end

  wire [W-1:0] rounded;
  float_round_pack #(.EXP_BITS(EXP_BITS), .FRAC_BITS(M), .SIG_WIDTH(M + 5)) rp (
    .sign(sx), .exp(ex + 14'sd1), .sig(sum), .result(rounded));

  // Both zero (or x = -y): sum = 0 and the sign is sx & sy.
  assign result = (nx || ny || (ix && iy && sx != sy)) ? QNAN :
                  ix ? x :
                  (sum == 0) ? {sx & sy, {(W-1){1'b0}}} :
                  rounded;
endmodule
