// Rivulet unit test: the six buffer types (BTYPE 0..5 = ONE_SLOT_BREAK_DV,
// ONE_SLOT_BREAK_R, ONE_SLOT_BREAK_DVR, FIFO_BREAK_DV, FIFO_BREAK_NONE,
// SHIFT_REG_BREAK_DV) with NUM_SLOTS slots.
// dut_a (directed): data latency, capacity, whether ready is registered, drain order.
// dut_b (random handshakes): tokens arrive in order with their values.
// dut_c (dataless variant, same stimulus as dut_b): same handshake as dut_b.
`timescale 1ns/1ps
module tb_buffer;
  `include "tb_common.vh"
  parameter BTYPE = 0;
  parameter NUM_SLOTS = 1;
  localparam W = 8;
  localparam N = 200;
  localparam LAT = (BTYPE == 1 || BTYPE == 4) ? 0 : (BTYPE == 5) ? NUM_SLOTS : 1;
  localparam CAP = (BTYPE <= 2) ? 1 : NUM_SLOTS;
  localparam RREG = (BTYPE == 1 || BTYPE == 2) ? 1 : 0;

  // ---------------------------------------------------------------- DUTs
  reg  [W-1:0] a_ins;
  reg  a_ins_valid, a_outs_ready;
  wire [W-1:0] a_outs;
  wire a_ins_ready, a_outs_valid;
  wire [W-1:0] b_ins, b_outs;
  wire b_ins_valid, b_ins_ready, b_outs_valid, b_outs_ready;
  wire [W-1:0] c_ins_unused;
  wire c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready;
  wire [31:0] b_count, c_count;

  generate
    if (BTYPE == 0) begin : g
      one_slot_break_dv #(.DATA_WIDTH(W)) a (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
      one_slot_break_dv #(.DATA_WIDTH(W)) b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
      one_slot_break_dv_dataless c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
    end else if (BTYPE == 1) begin : g
      one_slot_break_r #(.DATA_WIDTH(W)) a (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
      one_slot_break_r #(.DATA_WIDTH(W)) b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
      one_slot_break_r_dataless c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
    end else if (BTYPE == 2) begin : g
      one_slot_break_dvr #(.DATA_WIDTH(W)) a (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
      one_slot_break_dvr #(.DATA_WIDTH(W)) b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
      one_slot_break_dvr_dataless c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
    end else if (BTYPE == 3) begin : g
      fifo_break_dv #(.NUM_SLOTS(NUM_SLOTS), .DATA_WIDTH(W)) a (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
      fifo_break_dv #(.NUM_SLOTS(NUM_SLOTS), .DATA_WIDTH(W)) b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
      fifo_break_dv_dataless #(.NUM_SLOTS(NUM_SLOTS)) c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
    end else if (BTYPE == 4) begin : g
      fifo_break_none #(.NUM_SLOTS(NUM_SLOTS), .DATA_WIDTH(W)) a (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
      fifo_break_none #(.NUM_SLOTS(NUM_SLOTS), .DATA_WIDTH(W)) b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
      fifo_break_none_dataless #(.NUM_SLOTS(NUM_SLOTS)) c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
    end else begin : g
      shift_reg_break_dv #(.NUM_SLOTS(NUM_SLOTS), .DATA_WIDTH(W)) a (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
      shift_reg_break_dv #(.NUM_SLOTS(NUM_SLOTS), .DATA_WIDTH(W)) b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
      shift_reg_break_dv_dataless #(.NUM_SLOTS(NUM_SLOTS)) c (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
    end
  endgenerate

  tb_src #(.ID(0), .SEED(11), .N(N), .W(W)) src_b (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_count);
  tb_snk #(.SEED(23)) snk_b (clk, rst, b_outs_ready);
  tb_src #(.ID(0), .SEED(11), .N(N), .W(W)) src_c (clk, rst, c_ins_unused, c_ins_valid, c_ins_ready, c_count);
  tb_snk #(.SEED(23)) snk_c (clk, rst, c_outs_ready);

  // ------------------------------------------------- random-phase checker
  integer k = 0;
  reg [31:0] expect_b;
  always @(posedge clk) begin
    if (!rst) begin
      if (b_outs_valid && b_outs_ready) begin
        expect_b = tok(0, k);
        if (b_outs !== expect_b[W-1:0]) error("dut_b: wrong token value or order");
        $display("T %0d outs %h", cycle, b_outs);
        k = k + 1;
      end
      if ({b_ins_ready, b_outs_valid} !== {c_ins_ready, c_outs_valid})
        error("dataless variant differs from the data variant");
    end
  end

  // ------------------------------------------------------ directed phase
  integer t, t_in, t_out, sent, got;
  reg r0, r1, directed_ok;
  initial begin
    directed_ok = 1'b0;
    a_ins = 0; a_ins_valid = 1'b0; a_outs_ready = 1'b1;
    wait (!rst);
    // 1. latency of one token into an empty buffer whose output is ready
    @(negedge clk);
    a_ins = 8'ha5; a_ins_valid = 1'b1;
    t = 0; t_in = -1; t_out = -1;
    while (t_out < 0 && t < 40) begin
      #1;
      if (a_ins_valid && a_ins_ready && t_in < 0) t_in = t;
      if (a_outs_valid && t_out < 0) begin
        t_out = t;
        if (a_outs !== 8'ha5) error("directed: wrong data");
      end
      @(negedge clk);
      t = t + 1;
      if (t_in >= 0) a_ins_valid = 1'b0;
    end
    if (t_out - t_in != LAT) error("directed: wrong latency");
    $display("latency %0d (expected %0d)", t_out - t_in, LAT);
    repeat (NUM_SLOTS + 3) @(negedge clk);
    // 2. capacity with a stalled output
    a_outs_ready = 1'b0; a_ins_valid = 1'b1; sent = 0; a_ins = 8'd1;
    repeat (3 * NUM_SLOTS + 6) begin
      #1;
      if (a_ins_ready) sent = sent + 1;
      @(negedge clk);
      a_ins = sent + 1;
    end
    a_ins_valid = 1'b0;
    if (sent != CAP) error("directed: wrong capacity");
    $display("capacity %0d (expected %0d)", sent, CAP);
    // 3. does ins_ready follow outs_ready within the cycle?
    #1 r0 = a_ins_ready;
    a_outs_ready = 1'b1;
    #1 r1 = a_ins_ready;
    if (r0 !== 1'b0) error("directed: full buffer is ready");
    if (r1 !== (RREG ? 1'b0 : 1'b1)) error("directed: wrong ready path");
    // 4. drain: tokens 1..CAP in order
    got = 0;
    repeat (3 * NUM_SLOTS + 6) begin
      if (a_outs_valid) begin
        got = got + 1;
        if (a_outs !== got) error("directed: wrong drain order");
      end
      @(negedge clk);
      #1;
    end
    if (got != CAP) error("directed: wrong drain count");
    directed_ok = 1'b1;
  end

  always @(posedge clk) if (k == N && directed_ok) done <= 1'b1;
  initial verdict("tb_buffer", 3000);
endmodule
