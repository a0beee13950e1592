// Rivulet float_to_int_core: combinational float -> signed integer conversion.
//
// Rounds toward zero to OUTPUT_WIDTH bits (2 .. 64, two's complement). NaN
// gives 0; values whose truncation is outside the integer range (and +-inf)
// saturate to the largest / smallest integer (the semantics of Rust's `as`).
module float_to_int_core #(
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
  localparam signed [13:0] TOP  = OUTPUT_WIDTH[13:0] - 14'd1;

  wire [EXP_BITS-1:0] field = x[W-2:M];
  wire                sign  = x[W-1];
  wire                nan   = (&field) && (x[M-1:0] != 0);
  // Unbiased exponent; the value is 1.f * 2^e (or < 1 for subnormals).
  wire signed [13:0]  e     = $signed({{(14-EXP_BITS){1'b0}}, field}) - BIAS;

  // Integer part for 0 <= e < OW - 1: (1.f << e) >> M, at most OW - 1 bits.
  reg [M+OW-1:0] wide;
  reg [OW-1:0]   magnitude;
  always @* begin
    wide = {{(OW-1){1'b0}}, 1'b1, x[M-1:0]} << e[7:0];
    magnitude = wide[M+OW-1:M];
  end
  /* verilator lint_off UNUSEDSIGNAL */
  wire [M-1:0] unused_fraction = wide[M-1:0];  // bits below the binary point
  /* verilator lint_on UNUSEDSIGNAL */

  assign result = (nan || e < 0) ? {OW{1'b0}} :
                  (e >= TOP) ? {sign, {(OW-1){!sign}}} :
                  sign ? -magnitude : magnitude;
endmodule
