// Rivulet RTL template: control-only sink. ins_ready = 1.
module sink_dataless (
  /* verilator lint_off UNUSEDSIGNAL */
  // a sink ignores its clock, reset and valid by definition
  input  wire clk,
  input  wire rst,
  input  wire ins_valid,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire ins_ready
);
  assign ins_ready = 1'b1;
endmodule
