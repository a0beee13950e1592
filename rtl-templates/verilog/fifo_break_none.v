// Rivulet RTL template: FIFO_BREAK_NONE buffer (NUM_SLOTS-entry FIFO with a
// combinational bypass when empty: latency 0).
// Built from fifo_break_dv (inner): inner.outs_ready = outs_ready;
// inner.ins_valid = ins_valid & !(!inner.outs_valid & outs_ready);
// outs_valid = inner.outs_valid | ins_valid;
// outs = inner.outs_valid ? inner.outs : ins; ins_ready = inner.ins_ready.
module fifo_break_none #(
  parameter NUM_SLOTS = 2,
  parameter DATA_WIDTH = 32
) (
  input  wire                  clk,
  input  wire                  rst,
  input  wire [DATA_WIDTH-1:0] ins,
  input  wire                  ins_valid,
  output wire                  ins_ready,
  output wire [DATA_WIDTH-1:0] outs,
  output wire                  outs_valid,
  input  wire                  outs_ready
);
  wire fifo_outs_valid;
  wire [DATA_WIDTH-1:0] fifo_outs;
  wire fifo_ins_valid = ins_valid & (fifo_outs_valid | ~outs_ready);
  assign outs_valid = fifo_outs_valid | ins_valid;
  assign outs = fifo_outs_valid ? fifo_outs : ins;
  fifo_break_dv #(.NUM_SLOTS(NUM_SLOTS), .DATA_WIDTH(DATA_WIDTH)) fifo (
    .clk(clk), .rst(rst),
    .ins(ins), .ins_valid(fifo_ins_valid), .ins_ready(ins_ready),
    .outs(fifo_outs), .outs_valid(fifo_outs_valid), .outs_ready(outs_ready)
  );
endmodule
