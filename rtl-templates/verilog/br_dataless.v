// Rivulet RTL template: control-only br: a wire.
module br_dataless (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire ins_valid,
  output wire ins_ready,
  output wire outs_valid,
  input  wire outs_ready
);
  assign outs_valid = ins_valid;
  assign ins_ready = outs_ready;
endmodule
