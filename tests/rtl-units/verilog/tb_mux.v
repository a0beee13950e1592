// Rivulet unit test: mux / mux_dataless (SIZE = 4, SELECT_WIDTH = 2) with random
// handshakes: each output token is the next token of the input named by the
// next index token, and both are consumed in the output's cycle; the dataless
// variant has the same handshake.
`timescale 1ns/1ps
module tb_mux;
  `include "tb_common.vh"
  localparam SIZE = 4;
  localparam SW = 2;
  localparam W = 8;
  localparam N = 100;
  wire [SW-1:0] index, c_index;
  wire index_valid, index_ready, c_index_valid, c_index_ready;
  wire [SIZE*W-1:0] ins, unused_c;
  wire [SIZE-1:0] ins_valid, ins_ready, c_ins_valid, c_ins_ready;
  wire [W-1:0] outs;
  wire outs_valid, outs_ready, c_outs_valid, c_outs_ready;
  wire [31:0] index_count, c_index_count;
  wire [32*SIZE-1:0] counts, c_counts;
  genvar g;
  generate
    for (g = 0; g < SIZE; g = g + 1) begin : srcs
      tb_src #(.ID(g), .SEED(90 + g), .N(N), .W(W)) src (clk, rst, ins[g*W +: W], ins_valid[g], ins_ready[g], counts[32*g +: 32]);
      tb_src #(.ID(g), .SEED(90 + g), .N(N), .W(W)) src_c (clk, rst, unused_c[g*W +: W], c_ins_valid[g], c_ins_ready[g], c_counts[32*g +: 32]);
    end
  endgenerate
  tb_src #(.ID(9), .SEED(99), .N(N), .W(SW)) src_i (clk, rst, index, index_valid, index_ready, index_count);
  tb_src #(.ID(9), .SEED(99), .N(N), .W(SW)) src_ic (clk, rst, c_index, c_index_valid, c_index_ready, c_index_count);
  tb_snk #(.SEED(101)) snk (clk, rst, outs_ready);
  tb_snk #(.SEED(101)) snk_c (clk, rst, c_outs_ready);
  mux #(.SIZE(SIZE), .DATA_WIDTH(W), .SELECT_WIDTH(SW)) dut (clk, rst, index, index_valid, index_ready, ins, ins_valid, ins_ready, outs, outs_valid, outs_ready);
  mux_dataless #(.SIZE(SIZE), .SELECT_WIDTH(SW)) dut_c (clk, rst, c_index, c_index_valid, c_index_ready, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);

  integer n = 0, sel;
  reg [31:0] t;
  wire [SIZE-1:0] in_fire = ins_valid & ins_ready;
  always @(posedge clk) begin
    if (!rst) begin
      if (outs_valid && outs_ready) begin
        sel = index;
        if (!(index_valid && index_ready)) error("output without index");
        if (in_fire != (1 << sel)) error("wrong inputs consumed");
        t = tok(sel, counts[32*sel +: 32]);
        if (outs !== t[W-1:0]) error("wrong token");
        $display("T %0d outs %h", cycle, outs);
        n = n + 1;
        if (n == N) done <= 1'b1;
      end else if (in_fire != {SIZE{1'b0}} || (index_valid && index_ready)) error("input consumed without the output");
      if ({index_ready, ins_ready, outs_valid} !== {c_index_ready, c_ins_ready, c_outs_valid}) error("dataless variant differs");
    end
  end
  initial verdict("tb_mux", 3000);
endmodule
