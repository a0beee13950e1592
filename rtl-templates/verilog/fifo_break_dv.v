// Rivulet RTL template: FIFO_BREAK_DV buffer (NUM_SLOTS-entry FIFO, output
// read from the storage: latency 1).
// Registers: count (0..NUM_SLOTS, reset 0), head (reset 0), slots.
// outs_valid = count != 0; outs = slots[head];
// ins_ready = (count != NUM_SLOTS) | outs_ready.
// Clock edge: wr = ins_valid & ins_ready; rd = outs_valid & outs_ready;
//   if ins_ready: slots[(head + count) mod NUM_SLOTS] <= ins (the slot is free,
//     or is the head being read when full; it holds a token only if wr);
//   if rd: head <= (head + 1) mod NUM_SLOTS;  count <= count + wr - rd.
module fifo_break_dv #(
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
  localparam PTR_WIDTH = (NUM_SLOTS > 1) ? $clog2(NUM_SLOTS) : 1;
  localparam CNT_WIDTH = $clog2(NUM_SLOTS + 1);
  localparam [CNT_WIDTH-1:0] FULL = NUM_SLOTS[CNT_WIDTH-1:0];
  localparam [PTR_WIDTH:0] LAST = NUM_SLOTS[PTR_WIDTH:0] - 1'b1;
  reg [DATA_WIDTH-1:0] slots [0:NUM_SLOTS-1];
  reg [CNT_WIDTH-1:0] count;
  reg [PTR_WIDTH-1:0] head;
  // head + count in PTR_WIDTH + 1 bits, then wrapped into 0..NUM_SLOTS-1
  wire [PTR_WIDTH:0] sum = {1'b0, head} + {{(PTR_WIDTH + 1 - CNT_WIDTH){1'b0}}, count};
  /* verilator lint_off UNUSEDSIGNAL */
  // after wrapping, the top bit of tail is always 0
  wire [PTR_WIDTH:0] tail = (sum > LAST) ? sum - NUM_SLOTS[PTR_WIDTH:0] : sum;
  /* verilator lint_on UNUSEDSIGNAL */
  wire wr = ins_valid & ins_ready;
  wire rd = outs_valid & outs_ready;
  assign outs_valid = (count != {CNT_WIDTH{1'b0}});
  assign ins_ready = (count != FULL) | outs_ready;
  assign outs = slots[head];
  always @(posedge clk) begin
    if (rst) begin
      count <= {CNT_WIDTH{1'b0}};
      head <= {PTR_WIDTH{1'b0}};
    end else begin
      if (ins_ready) slots[tail[PTR_WIDTH-1:0]] <= ins;
      if (rd) head <= ({1'b0, head} == LAST) ? {PTR_WIDTH{1'b0}} : head + 1'b1;
      if (wr && !rd) count <= count + 1'b1;
      else if (rd && !wr) count <= count - 1'b1;
    end
  end
endmodule
