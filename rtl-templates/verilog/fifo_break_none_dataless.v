// Rivulet RTL template: control-only FIFO_BREAK_NONE buffer; same handshake and timing
// as fifo_break_none (instantiated with a constant 1-bit data bus).
module fifo_break_none_dataless #(
  parameter NUM_SLOTS = 2
) (
  input  wire clk,
  input  wire rst,
  input  wire ins_valid,
  output wire ins_ready,
  output wire outs_valid,
  input  wire outs_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  // the constant 1-bit data bus of the inner buffer is not used
  wire unused;
  /* verilator lint_on UNUSEDSIGNAL */
  fifo_break_none #(.NUM_SLOTS(NUM_SLOTS), .DATA_WIDTH(1)) inner (
    .clk(clk), .rst(rst),
    .ins(1'b0), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(unused), .outs_valid(outs_valid), .outs_ready(outs_ready)
  );
endmodule
