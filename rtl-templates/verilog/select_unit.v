// Rivulet RTL template: select_unit. Joins condition, trueValue and falseValue
// (join of 3: each input's ready = result_ready & the other two valids);
// result = condition ? trueValue : falseValue.
module select_unit #(
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
  input  wire [DATA_WIDTH-1:0] trueValue,
  input  wire                  trueValue_valid,
  output wire                  trueValue_ready,
  input  wire [DATA_WIDTH-1:0] falseValue,
  input  wire                  falseValue_valid,
  output wire                  falseValue_ready,
  output wire [DATA_WIDTH-1:0] result,
  output wire                  result_valid,
  input  wire                  result_ready
);
  assign result_valid = condition_valid & trueValue_valid & falseValue_valid;
  assign condition_ready = result_ready & trueValue_valid & falseValue_valid;
  assign trueValue_ready = result_ready & condition_valid & falseValue_valid;
  assign falseValue_ready = result_ready & condition_valid & trueValue_valid;
  assign result = condition ? trueValue : falseValue;
endmodule
