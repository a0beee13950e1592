// Rivulet RTL template: cond_br. Joins condition and data, routes to trueOut
// (condition = 1) or falseOut (condition = 0).
// j = condition_valid & data_valid;
// trueOut_valid = j & condition; falseOut_valid = j & !condition;
// r = condition ? trueOut_ready : falseOut_ready;
// condition_ready = data_valid & r; data_ready = condition_valid & r.
module cond_br #(
  parameter DATA_WIDTH = 32
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire                  condition,
  input  wire                  condition_valid,
  output wire                  condition_ready,
  input  wire [DATA_WIDTH-1:0] data,
  input  wire                  data_valid,
  output wire                  data_ready,
  output wire [DATA_WIDTH-1:0] trueOut,
  output wire                  trueOut_valid,
  input  wire                  trueOut_ready,
  output wire [DATA_WIDTH-1:0] falseOut,
  output wire                  falseOut_valid,
  input  wire                  falseOut_ready
);
  wire j = condition_valid & data_valid;
  wire r = condition ? trueOut_ready : falseOut_ready;
  assign trueOut_valid = j & condition;
  assign falseOut_valid = j & ~condition;
  assign condition_ready = data_valid & r;
  assign data_ready = condition_valid & r;
  assign trueOut = data;
  assign falseOut = data;
endmodule
