// Rivulet unit test: mem_controller (MODE 0: 2 loads, 2 stores, 2 ctrl),
// mem_controller_loadless (MODE 1), mem_controller_storeless (MODE 2) with the
// load and store units on its ports and tb_memory (initialised from
// mem_init.hex: word i = (37 i + 11) mod 256) on its memory side.
// Loads read addresses 0..7 (never written) and must return the initial
// words in order per port under random back-pressure; every storeEn must be
// one port's next address/data pair (addresses 8..15); memEnd must fire once,
// only after every announced store (ctrl tokens of value 3) is done. The final
// memory is printed as "M <hex>" lines, which run.sh compares with the
// memory's dump file (dump.hex).
`timescale 1ns/1ps
module tb_mem;
  `include "tb_common.vh"
  parameter MODE = 0;
  localparam HAS_LD = (MODE != 1);
  localparam HAS_ST = (MODE != 2);
  localparam DW = 8, AW = 4, NLT = 40, NST = 30, NCT = 10;

  // ---- load side: address sources -> load units -> controller; data back -> sinks
  wire [2*AW-1:0] la_src, la_mc;
  wire [1:0] la_src_valid, la_src_ready, la_mc_valid, la_mc_ready;
  wire [2*DW-1:0] ld_mc, ld_out;
  wire [1:0] ld_mc_valid, ld_mc_ready, ld_out_valid, ld_out_ready;
  wire [63:0] la_count;
  // ---- store side
  wire [2*AW-1:0] sa_src, sa_mc;
  wire [2*DW-1:0] sd_src, sd_mc;
  wire [1:0] sa_src_valid, sa_src_ready, sd_src_valid, sd_src_ready;
  wire [1:0] sa_mc_valid, sa_mc_ready, sd_mc_valid, sd_mc_ready;
  wire [63:0] sa_count, sd_count, c_count;
  wire [63:0] ctrl_raw;
  wire [63:0] ctrl = ctrl_raw | {32'd3, 32'd3};
  wire [1:0] ctrl_valid, ctrl_ready;
  genvar p;
  generate
    for (p = 0; p < 2; p = p + 1) begin : ports
      wire [AW-1:0] sa_raw;
      tb_src #(.ID(10 + p), .SEED(150 + p), .N(HAS_LD ? NLT : 0), .W(AW), .MASK(7)) src_la (clk, rst,
        la_src[p*AW +: AW], la_src_valid[p], la_src_ready[p], la_count[32*p +: 32]);
      load #(.ADDR_WIDTH(AW), .DATA_WIDTH(DW)) u_load (clk, rst,
        la_src[p*AW +: AW], la_src_valid[p], la_src_ready[p],
        ld_mc[p*DW +: DW], ld_mc_valid[p], ld_mc_ready[p],
        la_mc[p*AW +: AW], la_mc_valid[p], la_mc_ready[p],
        ld_out[p*DW +: DW], ld_out_valid[p], ld_out_ready[p]);
      tb_snk #(.SEED(160 + p), .PROB(120)) snk_ld (clk, rst, ld_out_ready[p]);
      tb_src #(.ID(20 + p), .SEED(170 + p), .N(HAS_ST ? NST : 0), .W(AW), .MASK(7)) src_sa (clk, rst,
        sa_raw, sa_src_valid[p], sa_src_ready[p], sa_count[32*p +: 32]);
      assign sa_src[p*AW +: AW] = sa_raw | 4'd8;
      tb_src #(.ID(30 + p), .SEED(180 + p), .N(HAS_ST ? NST : 0), .W(DW)) src_sd (clk, rst,
        sd_src[p*DW +: DW], sd_src_valid[p], sd_src_ready[p], sd_count[32*p +: 32]);
      store #(.ADDR_WIDTH(AW), .DATA_WIDTH(DW)) u_store (clk, rst,
        sa_src[p*AW +: AW], sa_src_valid[p], sa_src_ready[p],
        sd_src[p*DW +: DW], sd_src_valid[p], sd_src_ready[p],
        sa_mc[p*AW +: AW], sa_mc_valid[p], sa_mc_ready[p],
        sd_mc[p*DW +: DW], sd_mc_valid[p], sd_mc_ready[p]);
      tb_src #(.ID(40 + p), .SEED(190 + p), .N(HAS_ST ? NCT : 0), .W(32), .MASK(0), .PROB(40)) src_ctrl (clk, rst,
        ctrl_raw[32*p +: 32], ctrl_valid[p], ctrl_ready[p], c_count[32*p +: 32]);
    end
  endgenerate
  wire ms_unused, ms_valid, ms_ready, ce_unused, ce_valid, ce_ready, me_valid, me_ready;
  wire [31:0] ms_count, ce_count;
  tb_src #(.ID(50), .SEED(200), .N(1), .W(1)) src_ms (clk, rst, ms_unused, ms_valid, ms_ready, ms_count);
  tb_src #(.ID(51), .SEED(201), .N(1), .W(1), .PROB(256)) src_ce (clk, rst, ce_unused, ce_valid, ce_ready, ce_count);
  tb_snk #(.SEED(202)) snk_me (clk, rst, me_ready);

  wire load_en, store_en;
  wire [AW-1:0] load_addr, store_addr;
  wire [DW-1:0] load_data, store_data;
  reg dump = 1'b0;
  tb_memory #(.DATA_WIDTH(DW), .ADDR_WIDTH(AW), .DEPTH(16), .INIT_FILE("mem_init.hex"), .DUMP_FILE("dump.hex"))
    mem (clk, load_en, load_addr, load_data, store_en, store_addr, store_data, dump);

  generate
    if (MODE == 0) begin : dut
      mem_controller #(.NUM_CONTROLS(2), .NUM_LOADS(2), .NUM_STORES(2), .DATA_WIDTH(DW), .ADDR_WIDTH(AW)) u (clk, rst,
        ms_valid, ms_ready, ctrl, ctrl_valid, ctrl_ready, la_mc, la_mc_valid, la_mc_ready,
        sa_mc, sa_mc_valid, sa_mc_ready, sd_mc, sd_mc_valid, sd_mc_ready, ce_valid, ce_ready,
        ld_mc, ld_mc_valid, ld_mc_ready, me_valid, me_ready,
        load_en, load_addr, load_data, store_en, store_addr, store_data);
    end else if (MODE == 1) begin : dut
      mem_controller_loadless #(.NUM_CONTROLS(2), .NUM_STORES(2), .DATA_WIDTH(DW), .ADDR_WIDTH(AW)) u (clk, rst,
        ms_valid, ms_ready, ctrl, ctrl_valid, ctrl_ready,
        sa_mc, sa_mc_valid, sa_mc_ready, sd_mc, sd_mc_valid, sd_mc_ready, ce_valid, ce_ready,
        me_valid, me_ready, load_en, load_addr, load_data, store_en, store_addr, store_data);
      assign la_mc_ready = 2'b00;
      assign ld_mc = {2*DW{1'b0}};
      assign ld_mc_valid = 2'b00;
    end else begin : dut
      mem_controller_storeless #(.NUM_LOADS(2), .DATA_WIDTH(DW), .ADDR_WIDTH(AW)) u (clk, rst,
        ms_valid, ms_ready, la_mc, la_mc_valid, la_mc_ready, ce_valid, ce_ready,
        ld_mc, ld_mc_valid, ld_mc_ready, me_valid, me_ready,
        load_en, load_addr, load_data, store_en, store_addr, store_data);
      assign sa_mc_ready = 2'b00;
      assign sd_mc_ready = 2'b00;
      assign ctrl_ready = 2'b00;
    end
  endgenerate

  function [DW-1:0] init_word;
    input integer a;
    begin
      init_word = (37 * a + 11) % 256;
    end
  endfunction

  reg [DW-1:0] shadow [0:15];
  integer addr_q [0:1][0:NLT-1];
  integer n_addr [0:1];
  integer n_data [0:1];
  integer n_st [0:1];
  integer i, j, stores = 0, ctrls = 0, ended = 0;
  reg [31:0] t;
  initial begin
    for (i = 0; i < 16; i = i + 1) shadow[i] = init_word(i);
    for (i = 0; i < 2; i = i + 1) begin n_addr[i] = 0; n_data[i] = 0; n_st[i] = 0; end
  end
  always @(posedge clk) begin
    if (!rst) begin
      for (i = 0; i < 2; i = i + 1) begin
        if (ctrl_valid[i] && ctrl_ready[i]) ctrls = ctrls + 1;
        if (la_src_valid[i] && la_src_ready[i]) begin
          addr_q[i][n_addr[i]] = la_src[i*AW +: AW];
          n_addr[i] = n_addr[i] + 1;
        end
        if (ld_out_valid[i] && ld_out_ready[i]) begin
          if (n_data[i] >= n_addr[i] || ld_out[i*DW +: DW] !== init_word(addr_q[i][n_data[i]]))
            error("wrong load data");
          $display("T %0d ldData%0d %h", cycle, i, ld_out[i*DW +: DW]);
          n_data[i] = n_data[i] + 1;
        end
      end
      if (store_en) begin
        j = -1;
        for (i = 1; i >= 0; i = i - 1)
          if (sa_mc_valid[i] && sa_mc_ready[i] && sd_mc_valid[i] && sd_mc_ready[i]) j = i;
        if (j < 0) error("store without a port");
        else begin
          t = tok(20 + j, n_st[j]);
          if (store_addr !== (t[AW-1:0] & 4'd7 | 4'd8)) error("wrong store address");
          t = tok(30 + j, n_st[j]);
          if (store_data !== t[DW-1:0]) error("wrong store data");
          n_st[j] = n_st[j] + 1;
        end
        shadow[store_addr] = store_data;
        stores = stores + 1;
        $display("T %0d store %h %h", cycle, store_addr, store_data);
      end
      if (me_valid && me_ready) begin
        if (ended) error("memEnd fired twice");
        if (HAS_ST && (stores != 2 * NST || ctrls != 2 * NCT)) error("memEnd before all announced stores");
        $display("T %0d memEnd 1", cycle);
        ended = 1;
        dump <= 1'b1;
      end
      if (ended && dump && n_data[0] == (HAS_LD ? NLT : 0) && n_data[1] == (HAS_LD ? NLT : 0) && !done) begin
        for (i = 0; i < 16; i = i + 1) $display("M %h", shadow[i]);
        done <= 1'b1;
      end
    end
  end
  initial verdict("tb_mem", 3000);
endmodule
