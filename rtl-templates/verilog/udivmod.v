// Rivulet RTL template: udivmod (combinational unsigned division, the core of divui,
// remui, divsi and remsi; not a dataflow unit).
// quotient = lhs / rhs, remainder = lhs % rhs; rhs = 0 gives quotient = all ones and
// remainder = lhs (what the restoring scheme computes, and what divui/remui define).
// Restoring division, one stage per quotient bit from the most significant: stage s
// shifts lhs bit DATA_WIDTH-1-s into the partial remainder p (s+1 bits: the remainder
// so far is below 2^s) and subtracts rhs when p >= rhs. p >= rhs needs rhs < 2^(s+1)
// and no borrow from p - rhs[s:0], so stage s subtracts s+1 bits, not DATA_WIDTH: the
// stages together are about half the logic of full-width ones.
// Each stage keeps its own wires and reads the previous stage's by name (stage[s-1].r):
// one shared vector for all stages made every change wake every stage, and Icarus took
// a second per 64-bit division.
module udivmod #(
  parameter DATA_WIDTH = 32
) (
  input  wire [DATA_WIDTH-1:0] lhs,
  input  wire [DATA_WIDTH-1:0] rhs,
  output wire [DATA_WIDTH-1:0] quotient,
  output wire [DATA_WIDTH-1:0] remainder
);
  localparam W = DATA_WIDTH;
  genvar s;
  generate
    for (s = 0; s < W; s = s + 1) begin : stage
      wire high;       // some bit of rhs above bit s is set
      wire [s:0] p;    // the partial remainder with lhs bit W-1-s shifted in
      wire [s:0] r;    // the remainder after this stage
      wire [s+1:0] d = {1'b0, p} - {1'b0, rhs[s:0]};
      wire take = !high && !d[s+1];
      if (s == W - 1) begin : top
        assign high = 1'b0;
      end else begin : below
        assign high = stage[s+1].high | rhs[s+1];
      end
      if (s == 0) begin : first
        assign p = lhs[W-1];
      end else begin : next
        assign p = {stage[s-1].r, lhs[W-1-s]};
      end
      assign quotient[W-1-s] = take;
      assign r = take ? d[s:0] : p;
    end
  endgenerate
  assign remainder = stage[W-1].r;
endmodule
