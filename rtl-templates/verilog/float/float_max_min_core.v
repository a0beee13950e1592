// Rivulet float_max_min_core: combinational IEEE-754 maximum / minimum.
//
// Semantics of MLIR arith.maximumf / arith.minimumf (IEEE 754-2019 maximum,
// minimum): NaN if either operand is NaN (the canonical quiet NaN), and
// -0 < +0. WANT_MAX = 1 selects maximum, 0 minimum.
module float_max_min_core #(
  parameter EXP_BITS  = 8,
  parameter FRAC_BITS = 23,
  parameter WANT_MAX  = 1
) (
  input  wire [EXP_BITS+FRAC_BITS:0] a,
  input  wire [EXP_BITS+FRAC_BITS:0] b,
  output wire [EXP_BITS+FRAC_BITS:0] result
);
  localparam W = EXP_BITS + FRAC_BITS + 1;
  localparam [W-1:0] QNAN = {1'b0, {(EXP_BITS+1){1'b1}}, {(FRAC_BITS-1){1'b0}}};

  wire nan_a = (&a[W-2:FRAC_BITS]) && (a[FRAC_BITS-1:0] != 0);
  wire nan_b = (&b[W-2:FRAC_BITS]) && (b[FRAC_BITS-1:0] != 0);
  // Total order of non-NaN values by sign and magnitude (-0 < +0).
  wire a_less = (a[W-1] != b[W-1]) ? a[W-1] :
                a[W-1] ? (a[W-2:0] > b[W-2:0]) : (a[W-2:0] < b[W-2:0]);
  wire pick_b = (WANT_MAX != 0) ? a_less : !a_less;

  assign result = (nan_a || nan_b) ? QNAN : pick_b ? b : a;
endmodule
