// Rivulet RTL template: divsi (pipelined integer unit, LATENCY cycles).
// Value: signed lhs / rhs truncated toward zero; -1 (all ones) when rhs = 0; lhs when lhs = MIN and rhs = -1.
// The value is computed combinationally (udivmod: restoring division) from the
// joined operands and then delayed by a shift_reg_break_dv with NUM_SLOTS = LATENCY (the whole pipeline
// stalls together when result_valid & !result_ready).
// lhs_ready = rhs_valid & p_ready; rhs_ready = lhs_valid & p_ready.
module divsi #(
  parameter DATA_WIDTH = 32,
  parameter LATENCY = 35
) (
  input  wire                  clk,
  input  wire                  rst,
  input  wire [DATA_WIDTH-1:0] lhs,
  input  wire                  lhs_valid,
  output wire                  lhs_ready,
  input  wire [DATA_WIDTH-1:0] rhs,
  input  wire                  rhs_valid,
  output wire                  rhs_ready,
  output wire [DATA_WIDTH-1:0] result,
  output wire                  result_valid,
  input  wire                  result_ready
);
  wire [DATA_WIDTH-1:0] comb;
  wire p_ready;
  // Magnitudes divided unsigned, the quotient negated when the signs differ ((x ^ -n) + n
  // negates x when n = 1, in one adder). MIN / -1 wraps to MIN by itself; rhs = 0 gives
  // udivmod's all ones, kept unnegated.
  wire neg_l = lhs[DATA_WIDTH-1], neg_r = rhs[DATA_WIDTH-1];
  wire [DATA_WIDTH-1:0] mag_l = (lhs ^ {DATA_WIDTH{neg_l}}) + {{(DATA_WIDTH-1){1'b0}}, neg_l};
  wire [DATA_WIDTH-1:0] mag_r = (rhs ^ {DATA_WIDTH{neg_r}}) + {{(DATA_WIDTH-1){1'b0}}, neg_r};
  wire [DATA_WIDTH-1:0] mag_q;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [DATA_WIDTH-1:0] mag_rem;
  /* verilator lint_on UNUSEDSIGNAL */
  wire neg_q = (neg_l ^ neg_r) & (rhs != {DATA_WIDTH{1'b0}});
  udivmod #(.DATA_WIDTH(DATA_WIDTH)) core (.lhs(mag_l), .rhs(mag_r), .quotient(mag_q), .remainder(mag_rem));
  assign comb = (mag_q ^ {DATA_WIDTH{neg_q}}) + {{(DATA_WIDTH-1){1'b0}}, neg_q};
  assign lhs_ready = rhs_valid & p_ready;
  assign rhs_ready = lhs_valid & p_ready;

  shift_reg_break_dv #(.NUM_SLOTS(LATENCY), .DATA_WIDTH(DATA_WIDTH)) pipe (
    .clk(clk), .rst(rst),
    .ins(comb), .ins_valid(lhs_valid & rhs_valid), .ins_ready(p_ready),
    .outs(result), .outs_valid(result_valid), .outs_ready(result_ready)
  );
endmodule
