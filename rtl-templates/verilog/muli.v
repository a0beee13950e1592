// Rivulet RTL template: muli (pipelined integer unit, LATENCY cycles).
// Value: low DATA_WIDTH bits of lhs * rhs.
// The value is computed combinationally from the joined operands and then
// delayed by a shift_reg_break_dv with NUM_SLOTS = LATENCY (the whole pipeline
// stalls together when result_valid & !result_ready).
// lhs_ready = rhs_valid & p_ready; rhs_ready = lhs_valid & p_ready.
module muli #(
  parameter DATA_WIDTH = 32,
  parameter LATENCY = 4
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
  assign comb = lhs * rhs;  // low DATA_WIDTH bits of the product
  assign lhs_ready = rhs_valid & p_ready;
  assign rhs_ready = lhs_valid & p_ready;

  shift_reg_break_dv #(.NUM_SLOTS(LATENCY), .DATA_WIDTH(DATA_WIDTH)) pipe (
    .clk(clk), .rst(rst),
    .ins(comb), .ins_valid(lhs_valid & rhs_valid), .ins_ready(p_ready),
    .outs(result), .outs_valid(result_valid), .outs_ready(result_ready)
  );
endmodule
