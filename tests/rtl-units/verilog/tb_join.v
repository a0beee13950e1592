// Rivulet unit test: join_unit with SIZE control-only inputs and random
// handshakes: the output fires exactly when every input fires.
`timescale 1ns/1ps
module tb_join;
  `include "tb_common.vh"
  parameter SIZE = 3;
  localparam N = 150;
  wire [SIZE-1:0] ins_valid, ins_ready;
  wire outs_valid, outs_ready;
  wire [32*SIZE-1:0] counts;
  wire [SIZE-1:0] unused;
  genvar g;
  generate
    for (g = 0; g < SIZE; g = g + 1) begin : srcs
      tb_src #(.ID(g), .SEED(50 + g), .N(N), .W(1)) src (clk, rst, unused[g], ins_valid[g], ins_ready[g], counts[32*g +: 32]);
    end
  endgenerate
  tb_snk #(.SEED(61)) snk (clk, rst, outs_ready);
  join_unit #(.SIZE(SIZE)) dut (clk, rst, ins_valid, ins_ready, outs_valid, outs_ready);

  integer n = 0;
  wire [SIZE-1:0] in_fire = ins_valid & ins_ready;
  always @(posedge clk) begin
    if (!rst) begin
      if (outs_valid && outs_ready) begin
        if (in_fire != {SIZE{1'b1}}) error("output fired without every input");
        $display("T %0d outs 1", cycle);
        n = n + 1;
        if (n == N) done <= 1'b1;
      end else if (in_fire != {SIZE{1'b0}}) error("input consumed without the output");
    end
  end
  initial verdict("tb_join", 3000);
endmodule
