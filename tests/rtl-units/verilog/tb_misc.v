// Rivulet unit test: select_unit, constant_unit, source, sink, sink_dataless
// with random handshakes.
`timescale 1ns/1ps
module tb_misc;
  `include "tb_common.vh"
  localparam W = 8;
  localparam N = 150;
  // select_unit: join of three inputs, result = condition ? trueValue : falseValue
  wire cond, cond_valid, cond_ready;
  wire [W-1:0] tv, fv, result;
  wire tv_valid, tv_ready, fv_valid, fv_ready, result_valid, result_ready;
  wire [31:0] n_c, n_t, n_f;
  tb_src #(.ID(1), .SEED(141), .N(N), .W(1)) src_c (clk, rst, cond, cond_valid, cond_ready, n_c);
  tb_src #(.ID(2), .SEED(142), .N(N), .W(W)) src_t (clk, rst, tv, tv_valid, tv_ready, n_t);
  tb_src #(.ID(3), .SEED(143), .N(N), .W(W)) src_f (clk, rst, fv, fv_valid, fv_ready, n_f);
  tb_snk #(.SEED(144)) snk_r (clk, rst, result_ready);
  select_unit #(.DATA_WIDTH(W)) dut_s (clk, rst, cond, cond_valid, cond_ready, tv, tv_valid, tv_ready,
    fv, fv_valid, fv_ready, result, result_valid, result_ready);
  // constant_unit: ctrl -> VALUE
  wire ctrl_unused, ctrl_valid, ctrl_ready, k_valid, k_ready;
  wire [W-1:0] k_outs;
  wire [31:0] n_k;
  tb_src #(.ID(4), .SEED(145), .N(N), .W(1)) src_k (clk, rst, ctrl_unused, ctrl_valid, ctrl_ready, n_k);
  tb_snk #(.SEED(146)) snk_k (clk, rst, k_ready);
  constant_unit #(.DATA_WIDTH(W), .VALUE(8'b01011010)) dut_k (clk, rst, ctrl_valid, ctrl_ready, k_outs, k_valid, k_ready);
  // source -> random sink
  wire s_valid, s_ready;
  tb_snk #(.SEED(147)) snk_s (clk, rst, s_ready);
  source dut_src (clk, rst, s_valid, s_ready);
  // random sources -> sink, sink_dataless
  wire [W-1:0] z_ins;
  wire z_valid, z_ready, zd_unused, zd_valid, zd_ready;
  wire [31:0] n_z, n_zd;
  tb_src #(.ID(5), .SEED(148), .N(N), .W(W)) src_z (clk, rst, z_ins, z_valid, z_ready, n_z);
  tb_src #(.ID(6), .SEED(149), .N(N), .W(1)) src_zd (clk, rst, zd_unused, zd_valid, zd_ready, n_zd);
  sink #(.DATA_WIDTH(W)) dut_z (clk, rst, z_ins, z_valid, z_ready);
  sink_dataless dut_zd (clk, rst, zd_valid, zd_ready);

  integer n_s = 0, n_src = 0, n_const = 0;
  reg [31:0] a, b, c;
  wire [2:0] s_fire = {cond_valid & cond_ready, tv_valid & tv_ready, fv_valid & fv_ready};
  always @(posedge clk) begin
    if (!rst) begin
      if (result_valid && result_ready) begin
        if (s_fire !== 3'b111) error("select: inputs not consumed with the result");
        a = tok(1, n_s); b = tok(2, n_s); c = tok(3, n_s);
        if (result !== (a[0] ? b[W-1:0] : c[W-1:0])) error("select: wrong result");
        $display("T %0d result %h", cycle, result);
        n_s = n_s + 1;
      end else if (s_fire !== 3'b000) error("select: input consumed without the result");
      if ((k_valid & k_ready) !== (ctrl_valid & ctrl_ready)) error("constant: not a wire");
      if (k_valid && k_ready) begin
        if (k_outs !== 8'h5a) error("constant: wrong value");
        $display("T %0d constant %h", cycle, k_outs);
        n_const = n_const + 1;
      end
      if (s_valid !== 1'b1) error("source: not always valid");
      if (s_ready) n_src = n_src + 1;
      if (z_ready !== 1'b1 || zd_ready !== 1'b1) error("sink: not always ready");
      if (n_s == N && n_const == N && n_z == N && n_zd == N) done <= 1'b1;
    end
  end
  initial verdict("tb_misc", 3000);
endmodule
