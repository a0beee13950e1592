// Rivulet RTL template: control_merge.
// Stage 1 (combinational priority merge): c = lowest i with ins_valid[i];
//   m_valid = |ins_valid; m = {index: c, data: ins[c]};
//   ins_ready[i] = b_ready when i == c, else 0.
// Stage 2: one_slot_break_r buffer on {index, data} (b_ready = !full_r).
// Stage 3: eager fork_dataless with 2 outputs: output 0 -> outs, output 1 -> index.
module control_merge #(
  parameter SIZE = 2,
  parameter DATA_WIDTH = 32,
  parameter INDEX_WIDTH = 1
) (
  input  wire                       clk,
  input  wire                       rst,
  input  wire [SIZE*DATA_WIDTH-1:0] ins,
  input  wire [SIZE-1:0]            ins_valid,
  output reg  [SIZE-1:0]            ins_ready,
  output wire [DATA_WIDTH-1:0]      outs,
  output wire                       outs_valid,
  input  wire                       outs_ready,
  output wire [INDEX_WIDTH-1:0]     index,
  output wire                       index_valid,
  input  wire                       index_ready
);
  reg m_valid;
  reg [INDEX_WIDTH+DATA_WIDTH-1:0] m;
  wire b_ready, b_valid, b_ready_out;
  wire [INDEX_WIDTH+DATA_WIDTH-1:0] b;
  integer i;
  always @(*) begin
    m = {{INDEX_WIDTH{1'b0}}, ins[0 +: DATA_WIDTH]};
    m_valid = 1'b0;
    ins_ready = {SIZE{1'b0}};
    for (i = 0; i < SIZE; i = i + 1) begin
      if (!m_valid && ins_valid[i]) begin
        m = {i[INDEX_WIDTH-1:0], ins[i*DATA_WIDTH +: DATA_WIDTH]};
        m_valid = 1'b1;
        ins_ready[i] = b_ready;
      end
    end
  end

  one_slot_break_r #(.DATA_WIDTH(INDEX_WIDTH + DATA_WIDTH)) buffer (
    .clk(clk), .rst(rst),
    .ins(m), .ins_valid(m_valid), .ins_ready(b_ready),
    .outs(b), .outs_valid(b_valid), .outs_ready(b_ready_out)
  );

  fork_dataless #(.SIZE(2)) out_fork (
    .clk(clk), .rst(rst), .ins_valid(b_valid), .ins_ready(b_ready_out),
    .outs_valid({index_valid, outs_valid}), .outs_ready({index_ready, outs_ready})
  );

  assign outs = b[DATA_WIDTH-1:0];
  assign index = b[INDEX_WIDTH+DATA_WIDTH-1:DATA_WIDTH];
endmodule
