// Rivulet float_to_uint_core: combinational float -> unsigned integer conversion (fptoui).
//
// Rounds toward zero. The result is the low OUTPUT_WIDTH bits of a conversion to
// a signed integer of S bits (S = 32 when OUTPUT_WIDTH < 32, else 64) that gives
// -2^(S-1) for NaN, +-inf and values outside its range: what C compiled for
// x86-64 computes (cvttss2si / cvttsd2si, then the low bits), so the result is
// exact for every value C defines (0 <= x < 2^OUTPUT_WIDTH) and a negative value
// in the signed range wraps modulo 2^OUTPUT_WIDTH. For OUTPUT_WIDTH = 64, values
// from 2^63 up convert as x86-64 code for uint64_t does (see `upper` below).
module float_to_uint_core #(
  parameter EXP_BITS     = 8,
  parameter FRAC_BITS    = 23,
  parameter OUTPUT_WIDTH = 32
) (
  input  wire [EXP_BITS+FRAC_BITS:0] x,
  output wire [OUTPUT_WIDTH-1:0]     result
);
  localparam W  = EXP_BITS + FRAC_BITS + 1;
  localparam M  = FRAC_BITS;
  localparam OW = OUTPUT_WIDTH;
  localparam signed [13:0] BIAS = (1 << (EXP_BITS - 1)) - 1;
  // S - 1: the exponent from which the value leaves the signed S-bit range.
  localparam signed [13:0] S1   = (OUTPUT_WIDTH >= 32) ? 14'sd63 : 14'sd31;

  wire [EXP_BITS-1:0] field = x[W-2:M];
  wire                sign  = x[W-1];
  // Unbiased exponent; the value is 1.f * 2^e (or < 1 for subnormals).
  wire signed [13:0]  e     = $signed({{(14-EXP_BITS){1'b0}}, field}) - BIAS;

  // -2^(S-1) modulo 2^OW: bit S-1 when it is below OW, else 0.
  wire [OW:0]    indefinite = {{OW{1'b0}}, 1'b1} << S1[6:0];

  // Low OW bits of the integer part for 0 <= e < S - 1: (1.f << e) >> M.
  reg [M+OW-1:0] wide;
  reg [OW-1:0]   magnitude;
  always @* begin
    wide = {{(OW-1){1'b0}}, 1'b1, x[M-1:0]} << e[6:0];
    magnitude = wide[M+OW-1:M];
  end
  /* verilator lint_off UNUSEDSIGNAL */
  wire [M-1:0] unused_fraction = wide[M-1:0];  // bits below the binary point
  wire         unused_top      = indefinite[OW];
  /* verilator lint_on UNUSEDSIGNAL */

  // OUTPUT_WIDTH = 64 and x >= 2^63 (not NaN): x86-64 converts x - 2^63 and sets bit 63
  // again, which is exact below 2^64 (e = 63) and 0 from 2^64 up and for +inf.
  wire is_nan = (&field) && (|x[M-1:0]);
  wire upper  = (OW == 64) && !sign && !is_nan && e >= S1;

  assign result = upper ? (((&field) || e > S1) ? {OW{1'b0}} : magnitude) :
                  ((&field) || e >= S1) ? indefinite[OW-1:0] :
                  (e < 0) ? {OW{1'b0}} :
                  sign ? -magnitude : magnitude;
endmodule
