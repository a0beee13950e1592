// Rivulet RTL template: divsi (pipelined integer unit, LATENCY cycles).
// Value: signed lhs / rhs truncated toward zero; -1 (all ones) when rhs = 0; lhs when lhs = MIN and rhs = -1.
// The value is computed combinationally (sdivmod: restoring division of the magnitudes) from the
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
  /* verilator lint_off UNUSEDSIGNAL */
  wire [DATA_WIDTH-1:0] unused_remainder;
  /* verilator lint_on UNUSEDSIGNAL */
  sdivmod #(.DATA_WIDTH(DATA_WIDTH)) core (.lhs(lhs), .rhs(rhs), .quotient(comb), .remainder(unused_remainder));
  assign lhs_ready = rhs_valid & p_ready;
  assign rhs_ready = lhs_valid & p_ready;

  shift_reg_break_dv #(.NUM_SLOTS(LATENCY), .DATA_WIDTH(DATA_WIDTH)) pipe (
    .clk(clk), .rst(rst),
    .ins(comb), .ins_valid(lhs_valid & rhs_valid), .ins_ready(p_ready),
    .outs(result), .outs_valid(result_valid), .outs_ready(result_ready)
  );
endmodule
