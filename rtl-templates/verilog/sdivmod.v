// Rivulet RTL template: sdivmod (combinational signed division, the core of divsi and remsi;
// not a dataflow unit). C's semantics: the quotient is truncated toward zero, the remainder
// takes the sign of lhs.
// rhs = 0: quotient -1 (all ones), remainder lhs. lhs = MIN, rhs = -1: quotient MIN (it
// wraps), remainder 0.
// The magnitudes are divided unsigned (udivmod) and the results negated back: (x ^ -n) + n
// negates x when n = 1, in one adder. The quotient is negated when the signs differ (not
// for rhs = 0, whose all-ones quotient stays); the remainder when lhs is negative. A unit
// using one output leaves the other's logic unconnected, and synthesis removes it.
module sdivmod #(
  parameter DATA_WIDTH = 32
) (
  input  wire [DATA_WIDTH-1:0] lhs,
  input  wire [DATA_WIDTH-1:0] rhs,
  output wire [DATA_WIDTH-1:0] quotient,
  output wire [DATA_WIDTH-1:0] remainder
);
  localparam W = DATA_WIDTH;
  wire neg_l = lhs[W-1], neg_r = rhs[W-1];
  wire [W-1:0] mag_l = (lhs ^ {W{neg_l}}) + {{(W-1){1'b0}}, neg_l};
  wire [W-1:0] mag_r = (rhs ^ {W{neg_r}}) + {{(W-1){1'b0}}, neg_r};
  wire [W-1:0] mag_q, mag_rem;
  wire neg_q = (neg_l ^ neg_r) & (rhs != {W{1'b0}});
  udivmod #(.DATA_WIDTH(W)) core (.lhs(mag_l), .rhs(mag_r), .quotient(mag_q), .remainder(mag_rem));
  assign quotient = (mag_q ^ {W{neg_q}}) + {{(W-1){1'b0}}, neg_q};
  assign remainder = (mag_rem ^ {W{neg_l}}) + {{(W-1){1'b0}}, neg_l};
endmodule
