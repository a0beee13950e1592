// Rivulet unit test: control_merge / control_merge_dataless (SIZE = 3,
// INDEX_WIDTH = 2) with random handshakes on the inputs and on both outputs:
// inputs are accepted one per cycle, lowest valid first; the k-th outs token
// and the k-th index token are the k-th accepted token and its input number;
// the dataless variant has the same handshake and index values.
`timescale 1ns/1ps
module tb_cmerge;
  `include "tb_common.vh"
  localparam SIZE = 3;
  localparam IW = 2;
  localparam W = 8;
  localparam N = 60;
  wire [SIZE*W-1:0] ins, unused_c;
  wire [SIZE-1:0] ins_valid, ins_ready, c_ins_valid, c_ins_ready;
  wire [W-1:0] outs;
  wire [IW-1:0] index, c_index;
  wire outs_valid, outs_ready, index_valid, index_ready;
  wire c_outs_valid, c_outs_ready, c_index_valid, c_index_ready;
  wire [32*SIZE-1:0] counts, c_counts;
  genvar g;
  generate
    for (g = 0; g < SIZE; g = g + 1) begin : srcs
      tb_src #(.ID(g), .SEED(110 + g), .N(N), .W(W), .PROB(120)) src (clk, rst, ins[g*W +: W], ins_valid[g], ins_ready[g], counts[32*g +: 32]);
      tb_src #(.ID(g), .SEED(110 + g), .N(N), .W(W), .PROB(120)) src_c (clk, rst, unused_c[g*W +: W], c_ins_valid[g], c_ins_ready[g], c_counts[32*g +: 32]);
    end
  endgenerate
  tb_snk #(.SEED(121)) snk_o (clk, rst, outs_ready);
  tb_snk #(.SEED(122)) snk_i (clk, rst, index_ready);
  tb_snk #(.SEED(121)) snk_oc (clk, rst, c_outs_ready);
  tb_snk #(.SEED(122)) snk_ic (clk, rst, c_index_ready);
  control_merge #(.SIZE(SIZE), .DATA_WIDTH(W), .INDEX_WIDTH(IW)) dut (clk, rst, ins, ins_valid, ins_ready,
    outs, outs_valid, outs_ready, index, index_valid, index_ready);
  control_merge_dataless #(.SIZE(SIZE), .INDEX_WIDTH(IW)) dut_c (clk, rst, c_ins_valid, c_ins_ready,
    c_outs_valid, c_outs_ready, c_index, c_index_valid, c_index_ready);

  integer rec_id [0:SIZE*N-1];
  integer rec_val [0:SIZE*N-1];
  integer n_in = 0, n_out = 0, n_idx = 0, i, fired, lowest;
  reg [31:0] t;
  wire [SIZE-1:0] in_fire = ins_valid & ins_ready;
  always @(posedge clk) begin
    if (!rst) begin
      fired = -1; lowest = -1;
      for (i = SIZE - 1; i >= 0; i = i - 1) begin
        if (in_fire[i]) begin
          if (fired >= 0) error("two inputs consumed in one cycle");
          fired = i;
        end
        if (ins_valid[i]) lowest = i;
      end
      if (fired >= 0) begin
        if (fired != lowest) error("not the lowest valid input");
        t = tok(fired, counts[32*fired +: 32]);
        rec_id[n_in] = fired;
        rec_val[n_in] = t[W-1:0];
        n_in = n_in + 1;
      end
      if (outs_valid && outs_ready) begin
        if (n_out >= n_in || outs !== rec_val[n_out][W-1:0]) error("wrong outs token");
        $display("T %0d outs %h", cycle, outs);
        n_out = n_out + 1;
      end
      if (index_valid && index_ready) begin
        if (n_idx >= n_in || index !== rec_id[n_idx][IW-1:0]) error("wrong index token");
        $display("T %0d index %h", cycle, index);
        n_idx = n_idx + 1;
      end
      if ({ins_ready, outs_valid, index_valid} !== {c_ins_ready, c_outs_valid, c_index_valid}
          || (index_valid && index !== c_index)) error("dataless variant differs");
      if (n_out == SIZE * N && n_idx == SIZE * N) done <= 1'b1;
    end
  end
  initial verdict("tb_cmerge", 3000);
endmodule
