// Rivulet float_convert_core: combinational conversion between float formats.
//
// Widening (binary32 -> binary64) is exact; narrowing rounds to nearest even
// with subnormal results and overflow to +-inf. NaN gives the canonical quiet
// NaN of the output format, +-inf and +-0 keep their sign.
module float_convert_core #(
  parameter IN_EXP_BITS   = 8,
  parameter IN_FRAC_BITS  = 23,
  parameter OUT_EXP_BITS  = 11,
  parameter OUT_FRAC_BITS = 52
) (
  input  wire [IN_EXP_BITS+IN_FRAC_BITS:0]   x,
  output wire [OUT_EXP_BITS+OUT_FRAC_BITS:0] result
);
  localparam OW = OUT_EXP_BITS + OUT_FRAC_BITS + 1;
  // Significand width handed to float_round_pack: at least OUT_FRAC_BITS + 2.
  localparam SW = (IN_FRAC_BITS + 1 >= OUT_FRAC_BITS + 2) ? IN_FRAC_BITS + 1 : OUT_FRAC_BITS + 2;
  localparam signed [13:0] IN_BIAS  = (1 << (IN_EXP_BITS - 1)) - 1;
  localparam signed [13:0] OUT_BIAS = (1 << (OUT_EXP_BITS - 1)) - 1;
  localparam [OW-1:0] QNAN = {1'b0, {(OUT_EXP_BITS+1){1'b1}}, {(OUT_FRAC_BITS-1){1'b0}}};

  wire                      s, is_zero, is_inf, is_nan;
  wire signed [13:0]        e;
  wire [IN_FRAC_BITS:0]     g;
  float_unpack #(.EXP_BITS(IN_EXP_BITS), .FRAC_BITS(IN_FRAC_BITS)) u (
    .x(x), .sign(s), .is_zero(is_zero), .is_inf(is_inf), .is_nan(is_nan), .exp(e), .sig(g));

  // The significand, left-aligned in SW bits (zeros below when widening).
  reg [SW-1:0] padded;
  always @* begin
    padded = {SW{1'b0}};
    padded[SW-1 -: IN_FRAC_BITS + 1] = g;
  end

  wire [OW-1:0] rounded;
  // g * 2^(e - IN_BIAS - IN_FRAC_BITS) = padded * 2^(exp - OUT_BIAS - (SW - 1)).
  float_round_pack #(.EXP_BITS(OUT_EXP_BITS), .FRAC_BITS(OUT_FRAC_BITS), .SIG_WIDTH(SW)) rp (
    .sign(s), .exp(e - IN_BIAS + OUT_BIAS), .sig(padded), .result(rounded));

  // A zero input has g = 0 and float_round_pack returns the signed zero.
  assign result = is_nan ? QNAN :
                  is_inf ? {s, {OUT_EXP_BITS{1'b1}}, {OUT_FRAC_BITS{1'b0}}} :
                  rounded;
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_zero = is_zero;  // zeros need no special case
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
