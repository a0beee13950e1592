// Rivulet RTL template: cond_br with a control-only data channel; same
// handshake as cond_br.
module cond_br_dataless (
  input  wire clk,
  input  wire rst,
  input  wire condition,
  input  wire condition_valid,
  output wire condition_ready,
  input  wire data_valid,
  output wire data_ready,
  output wire trueOut_valid,
  input  wire trueOut_ready,
  output wire falseOut_valid,
  input  wire falseOut_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  // the constant 1-bit data buses of the inner cond_br are not used
  wire unused_t, unused_f;
  /* verilator lint_on UNUSEDSIGNAL */
  cond_br #(.DATA_WIDTH(1)) inner (
    .clk(clk), .rst(rst),
    .condition(condition), .condition_valid(condition_valid), .condition_ready(condition_ready),
    .data(1'b0), .data_valid(data_valid), .data_ready(data_ready),
    .trueOut(unused_t), .trueOut_valid(trueOut_valid), .trueOut_ready(trueOut_ready),
    .falseOut(unused_f), .falseOut_valid(falseOut_valid), .falseOut_ready(falseOut_ready)
  );
endmodule
