// Rivulet unit test: cond_br / cond_br_dataless and br / br_dataless with
// random handshakes. cond_br consumes condition and data together and passes
// the data to trueOut or falseOut in the same cycle; br is a wire; the
// dataless variants have the same handshakes.
`timescale 1ns/1ps
module tb_branch;
  `include "tb_common.vh"
  localparam W = 8;
  localparam N = 150;
  wire cond, c_cond, cond_valid, cond_ready, c_cond_valid, c_cond_ready;
  wire [W-1:0] data, unused_c, true_out, false_out;
  wire data_valid, data_ready, c_data_valid, c_data_ready;
  wire t_valid, t_ready, f_valid, f_ready, c_t_valid, c_t_ready, c_f_valid, c_f_ready;
  wire [31:0] n_cond, n_data, c_n_cond, c_n_data, b_count, bc_count;
  tb_src #(.ID(5), .SEED(131), .N(N), .W(1)) src_c (clk, rst, cond, cond_valid, cond_ready, n_cond);
  tb_src #(.ID(6), .SEED(132), .N(N), .W(W)) src_d (clk, rst, data, data_valid, data_ready, n_data);
  tb_snk #(.SEED(133)) snk_t (clk, rst, t_ready);
  tb_snk #(.SEED(134)) snk_f (clk, rst, f_ready);
  cond_br #(.DATA_WIDTH(W)) dut (clk, rst, cond, cond_valid, cond_ready, data, data_valid, data_ready,
    true_out, t_valid, t_ready, false_out, f_valid, f_ready);
  tb_src #(.ID(5), .SEED(131), .N(N), .W(1)) src_cc (clk, rst, c_cond, c_cond_valid, c_cond_ready, c_n_cond);
  tb_src #(.ID(6), .SEED(132), .N(N), .W(W)) src_dc (clk, rst, unused_c, c_data_valid, c_data_ready, c_n_data);
  tb_snk #(.SEED(133)) snk_tc (clk, rst, c_t_ready);
  tb_snk #(.SEED(134)) snk_fc (clk, rst, c_f_ready);
  cond_br_dataless dut_c (clk, rst, c_cond, c_cond_valid, c_cond_ready, c_data_valid, c_data_ready,
    c_t_valid, c_t_ready, c_f_valid, c_f_ready);

  // br and br_dataless
  wire [W-1:0] b_ins, b_outs;
  wire b_ins_valid, b_ins_ready, b_outs_valid, b_outs_ready, bc_unused;
  wire bc_ins_valid, bc_ins_ready, bc_outs_valid, bc_outs_ready;
  tb_src #(.ID(7), .SEED(135), .N(N), .W(W)) src_b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_count);
  tb_snk #(.SEED(136)) snk_b (clk, rst, b_outs_ready);
  br #(.DATA_WIDTH(W)) dut_b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
  tb_src #(.ID(7), .SEED(135), .N(N), .W(1)) src_bc (clk, rst, bc_unused, bc_ins_valid, bc_ins_ready, bc_count);
  tb_snk #(.SEED(136)) snk_bc (clk, rst, bc_outs_ready);
  br_dataless dut_bc (clk, rst, bc_ins_valid, bc_ins_ready, bc_outs_valid, bc_outs_ready);

  integer n = 0, nb = 0;
  reg [31:0] t;
  wire c_fire = cond_valid & cond_ready;
  wire d_fire = data_valid & data_ready;
  always @(posedge clk) begin
    if (!rst) begin
      if (c_fire !== d_fire) error("condition and data not consumed together");
      if ((t_valid & t_ready) !== (d_fire & cond)) error("trueOut transfer mismatch");
      if ((f_valid & f_ready) !== (d_fire & ~cond)) error("falseOut transfer mismatch");
      if (d_fire) begin
        t = tok(6, n);
        if (data !== t[W-1:0] || true_out !== data || false_out !== data) error("wrong data");
        if (cond) $display("T %0d trueOut %h", cycle, true_out);
        else $display("T %0d falseOut %h", cycle, false_out);
        n = n + 1;
      end
      if ({cond_ready, data_ready, t_valid, f_valid} !== {c_cond_ready, c_data_ready, c_t_valid, c_f_valid})
        error("cond_br_dataless differs");
      if ((b_outs_valid & b_outs_ready) !== (b_ins_valid & b_ins_ready) || b_outs !== b_ins) error("br is not a wire");
      if (b_outs_valid && b_outs_ready) begin
        t = tok(7, nb);
        if (b_outs !== t[W-1:0]) error("br: wrong token");
        $display("T %0d br %h", cycle, b_outs);
        nb = nb + 1;
      end
      if ({b_ins_ready, b_outs_valid} !== {bc_ins_ready, bc_outs_valid}) error("br_dataless differs");
      if (n == N && nb == N) done <= 1'b1;
    end
  end
  initial verdict("tb_branch", 3000);
endmodule
