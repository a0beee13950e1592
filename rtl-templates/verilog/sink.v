// Rivulet RTL template: sink. Consumes every token: ins_ready = 1.
module sink #(
  parameter DATA_WIDTH = 32
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // a sink ignores its clock, reset, data and valid by definition
  input  wire                  clk,
  input  wire                  rst,
  input  wire [DATA_WIDTH-1:0] ins,
  input  wire                  ins_valid,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire                  ins_ready
);
  assign ins_ready = 1'b1;
endmodule
