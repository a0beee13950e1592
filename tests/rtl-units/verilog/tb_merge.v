// Rivulet unit test: merge / merge_dataless with SIZE inputs and random
// handshakes: each output token comes from exactly one input, the lowest valid
// one, in each input's order; the dataless variant has the same handshake.
`timescale 1ns/1ps
module tb_merge;
  `include "tb_common.vh"
  parameter SIZE = 3;
  localparam W = 8;
  localparam N = 60;
  wire [SIZE*W-1:0] ins, unused_c;
  wire [SIZE-1:0] ins_valid, ins_ready, c_ins_valid, c_ins_ready;
  wire [W-1:0] outs;
  wire outs_valid, outs_ready, c_outs_valid, c_outs_ready;
  wire [32*SIZE-1:0] counts, c_counts;
  genvar g;
  generate
    for (g = 0; g < SIZE; g = g + 1) begin : srcs
      tb_src #(.ID(g), .SEED(70 + g), .N(N), .W(W), .PROB(100)) src (clk, rst, ins[g*W +: W], ins_valid[g], ins_ready[g], counts[32*g +: 32]);
      tb_src #(.ID(g), .SEED(70 + g), .N(N), .W(W), .PROB(100)) src_c (clk, rst, unused_c[g*W +: W], c_ins_valid[g], c_ins_ready[g], c_counts[32*g +: 32]);
    end
  endgenerate
  tb_snk #(.SEED(81)) snk (clk, rst, outs_ready);
  tb_snk #(.SEED(81)) snk_c (clk, rst, c_outs_ready);
  merge #(.SIZE(SIZE), .DATA_WIDTH(W)) dut (clk, rst, ins, ins_valid, ins_ready, outs, outs_valid, outs_ready);
  merge_dataless #(.SIZE(SIZE)) dut_c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);

  integer n = 0, i, fired, lowest;
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
      if (outs_valid && outs_ready) begin
        if (fired < 0) error("output without input");
        else begin
          if (fired != lowest) error("not the lowest valid input");
          t = tok(fired, counts[32*fired +: 32]);
          if (outs !== t[W-1:0]) error("wrong token");
        end
        $display("T %0d outs %h", cycle, outs);
        n = n + 1;
        if (n == SIZE * N) done <= 1'b1;
      end else if (fired >= 0) error("input consumed without the output");
      if ({ins_ready, outs_valid} !== {c_ins_ready, c_outs_valid}) error("dataless variant differs");
    end
  end
  initial verdict("tb_merge", 3000);
endmodule
