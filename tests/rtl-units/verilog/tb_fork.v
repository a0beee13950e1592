// Rivulet unit test: fork_unit / fork_dataless (LAZY = 0) and lazy_fork /
// lazy_fork_dataless (LAZY = 1) with SIZE outputs and random handshakes.
// Every output sees every token in order; the input token is consumed in the
// cycle its last output takes it (eager) or all outputs fire together with the
// input (lazy); the dataless variant has the same handshake.
`timescale 1ns/1ps
module tb_fork;
  `include "tb_common.vh"
  parameter LAZY = 0;
  parameter SIZE = 3;
  localparam W = 8;
  localparam N = 150;

  wire [W-1:0] ins, unused_c;
  wire [SIZE*W-1:0] outs;
  wire ins_valid, ins_ready, c_ins_valid, c_ins_ready;
  wire [SIZE-1:0] outs_valid, outs_ready, c_outs_valid, c_outs_ready;
  wire [31:0] in_count, c_count;

  tb_src #(.ID(0), .SEED(3), .N(N), .W(W)) src (clk, rst, ins, ins_valid, ins_ready, in_count);
  tb_src #(.ID(0), .SEED(3), .N(N), .W(W)) src_c (clk, rst, unused_c, c_ins_valid, c_ins_ready, c_count);
  genvar g;
  generate
    for (g = 0; g < SIZE; g = g + 1) begin : sinks
      tb_snk #(.SEED(40 + g)) snk (clk, rst, outs_ready[g]);
      tb_snk #(.SEED(40 + g)) snk_c (clk, rst, c_outs_ready[g]);
    end
    if (LAZY) begin : dut
      lazy_fork #(.SIZE(SIZE), .DATA_WIDTH(W)) u (clk, rst, ins, ins_valid, ins_ready, outs, outs_valid, outs_ready);
      lazy_fork_dataless #(.SIZE(SIZE)) c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
    end else begin : dut
      fork_unit #(.SIZE(SIZE), .DATA_WIDTH(W)) u (clk, rst, ins, ins_valid, ins_ready, outs, outs_valid, outs_ready);
      fork_dataless #(.SIZE(SIZE)) c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
    end
  endgenerate

  integer got [0:SIZE-1];
  integer i, total;
  reg [31:0] t;
  wire [SIZE-1:0] fire = outs_valid & outs_ready;
  initial for (i = 0; i < SIZE; i = i + 1) got[i] = 0;
  always @(posedge clk) begin
    if (!rst) begin
      t = tok(0, in_count);
      total = 0;
      for (i = 0; i < SIZE; i = i + 1) begin
        if (fire[i]) begin
          if (outs[i*W +: W] !== t[W-1:0]) error("wrong token on an output");
          if (got[i] != in_count) error("output took a token twice");
          got[i] = got[i] + 1;
          $display("T %0d outs%0d %h", cycle, i, outs[i*W +: W]);
        end
        total = total + got[i];
      end
      if (ins_valid && ins_ready) begin
        for (i = 0; i < SIZE; i = i + 1)
          if (got[i] != in_count + 1) error("input consumed before every output took it");
      end
      if (LAZY && fire != {SIZE{1'b0}} && fire != {SIZE{1'b1}}) error("lazy fork outputs fired separately");
      if ({ins_ready, outs_valid} !== {c_ins_ready, c_outs_valid}) error("dataless variant differs");
      if (total == SIZE * N) done <= 1'b1;
    end
  end
  initial verdict("tb_fork", 3000);
endmodule
