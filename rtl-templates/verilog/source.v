// Rivulet RTL template: source (control-only). outs_valid = 1 always: offers
// a new token every cycle.
module source (
  /* verilator lint_off UNUSEDSIGNAL */
  // a source ignores its clock, reset and the downstream ready by definition
  input  wire clk,
  input  wire rst,
  output wire outs_valid,
  input  wire outs_ready
  /* verilator lint_on UNUSEDSIGNAL */
);
  assign outs_valid = 1'b1;
endmodule
