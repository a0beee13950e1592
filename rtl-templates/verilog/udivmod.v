// Rivulet RTL template: udivmod (combinational unsigned division, the core of divui,
// remui, divsi and remsi; not a dataflow unit).
// quotient = lhs / rhs, remainder = lhs % rhs; rhs = 0 gives quotient = all ones and
// remainder = lhs (what the restoring scheme computes, and what divui/remui define).
// Restoring division, one stage per quotient bit from the most significant: stage s
// shifts lhs bit DATA_WIDTH-1-s into the partial remainder p (s+1 bits: the remainder
// so far is below 2^s) and subtracts rhs when p >= rhs. p >= rhs needs rhs < 2^(s+1)
// and no borrow from p - rhs[s:0], so stage s subtracts s+1 bits, not DATA_WIDTH: the
// stages together are about half the logic of full-width ones.
module udivmod #(
  parameter DATA_WIDTH = 32
) (
  input  wire [DATA_WIDTH-1:0] lhs,
  input  wire [DATA_WIDTH-1:0] rhs,
  output wire [DATA_WIDTH-1:0] quotient,
  output wire [DATA_WIDTH-1:0] remainder
);
  localparam W = DATA_WIDTH;
  // rems[s*W +: s+1]: the remainder after stage s (its upper bits unused). Each stage
  // reads the previous one's bits: split_var tells Verilator it is no loop.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [W*W-1:0] rems /* verilator split_var */;
  /* verilator lint_on UNUSEDSIGNAL */
  // rhs_high[s] = some bit of rhs above bit s is set
  wire [W-1:0] rhs_high /* verilator split_var */;
  assign rhs_high[W-1] = 1'b0;
  genvar s;
  generate
    for (s = W - 2; s >= 0; s = s - 1) begin : high
      assign rhs_high[s] = rhs_high[s+1] | rhs[s+1];
    end
    for (s = 0; s < W; s = s + 1) begin : stage
      wire [s:0] p;
      wire [s+1:0] d = {1'b0, p} - {1'b0, rhs[s:0]};
      wire take = !rhs_high[s] && !d[s+1];
      if (s == 0) begin : first
        assign p = lhs[W-1];
      end else begin : next
        assign p = {rems[(s-1)*W +: s], lhs[W-1-s]};
      end
      assign quotient[W-1-s] = take;
      assign rems[s*W +: s+1] = take ? d[s:0] : p;
      if (s < W - 1) begin : pad
        assign rems[s*W+s+1 +: W-s-1] = {(W-s-1){1'b0}};
      end
    end
  endgenerate
  assign remainder = rems[(W-1)*W +: W];
endmodule
