// Rivulet floating-point unit testbench (Verilog, run with Icarus).
//
// Same protocol as tb_float.vhd: drives one unit (parameter OP) through its
// elastic interface from a vector file (+VECTORS=path, lines "A B EXPECTED",
// 16 hex digits each, see gen_vectors.c) with random valid on each input and
// random ready on the output (xorshift seeded by +SEED=n). Every cycle the
// unit's valid/ready outputs are checked against the pipeline equations of
// rtl-templates/float.md (which also checks the latency); every result is
// checked bit-exactly, in order (where the expectation is a NaN, the canonical
// quiet NaN; negf / absf keep payloads).
// cmpf is tested as 16 instances, one per predicate, forming a 16-bit mask.
// Prints "PASS ..." and calls $finish, or $fatal(1) on a failure.
`timescale 1ns / 1ps
module tb_float;
  parameter OP      = "addf";
  parameter FW      = 32;  // float width of the unit
  parameter IW      = 32;  // integer width (sitofp / uitofp input, fptosi output)
  parameter LATENCY = 1;

  localparam UNARY = (OP == "negf") || (OP == "absf") || (OP == "extf") || (OP == "truncf") ||
                     (OP == "sitofp") || (OP == "uitofp") || (OP == "fptosi") || (OP == "fptoui");
  localparam OUT_W = (OP == "cmpf") ? 16 : (OP == "fptosi" || OP == "fptoui") ? IW : (OP == "extf") ? 64 :
                     (OP == "truncf") ? 32 : FW;
  // Units whose NaN results must be the canonical quiet NaN (negf / absf only move the sign).
  localparam CANON_NAN = (OP != "cmpf") && (OP != "fptosi") && (OP != "fptoui") && (OP != "negf") && (OP != "absf");
  localparam [63:0] QNAN = (OUT_W == 64) ? 64'h7ff8000000000000 : 64'h7fc00000;
  localparam [63:0] OUT_MASK = (OUT_W == 64) ? ~64'd0 : ((64'd1 << OUT_W) - 64'd1);

  reg         clk = 1'b0;
  reg         rst = 1'b1;
  reg  [63:0] a = 64'd0, b = 64'd0;
  reg         a_valid = 1'b0, b_valid = 1'b0, r_ready = 1'b0;
  wire        a_ready, b_ready, r_valid;
  wire [63:0] r;
  reg         done = 1'b0;

  always #5 if (!done) clk = !clk;

  generate
    if (OP == "addf") begin : g_add
      addf #(.FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0], a_valid, a_ready,
        b[FW-1:0], b_valid, b_ready, r[FW-1:0], r_valid, r_ready);
    end else if (OP == "subf") begin : g_sub
      subf #(.FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0], a_valid, a_ready,
        b[FW-1:0], b_valid, b_ready, r[FW-1:0], r_valid, r_ready);
    end else if (OP == "mulf") begin : g_mul
      mulf #(.FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0], a_valid, a_ready,
        b[FW-1:0], b_valid, b_ready, r[FW-1:0], r_valid, r_ready);
    end else if (OP == "divf") begin : g_div
      divf #(.FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0], a_valid, a_ready,
        b[FW-1:0], b_valid, b_ready, r[FW-1:0], r_valid, r_ready);
    end else if (OP == "maximumf") begin : g_max
      maximumf #(.FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0], a_valid, a_ready,
        b[FW-1:0], b_valid, b_ready, r[FW-1:0], r_valid, r_ready);
    end else if (OP == "minimumf") begin : g_min
      minimumf #(.FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0], a_valid, a_ready,
        b[FW-1:0], b_valid, b_ready, r[FW-1:0], r_valid, r_ready);
    end else if (OP == "cmpf") begin : g_cmp
      localparam [39:0] S0 = "oeq", S1 = "ogt", S2 = "oge", S3 = "olt", S4 = "ole", S5 = "one",
                        S6 = "ord", S7 = "ueq", S8 = "ugt", S9 = "uge", S10 = "ult", S11 = "ule",
                        S12 = "une", S13 = "uno", S14 = "true", S15 = "false";
      localparam [16*40-1:0] PREDS = {S15, S14, S13, S12, S11, S10, S9, S8, S7, S6, S5, S4, S3,
                                      S2, S1, S0};
      wire [15:0] lr, rr, v;
      genvar i;
      for (i = 0; i < 16; i = i + 1) begin : preds
        cmpf #(.FLOAT_WIDTH(FW), .PREDICATE(PREDS[i*40 +: 40]), .LATENCY(LATENCY)) dut (
          clk, rst, a[FW-1:0], a_valid, lr[i], b[FW-1:0], b_valid, rr[i], r[i], v[i], r_ready);
      end
      assign a_ready = lr[0];
      assign b_ready = rr[0];
      assign r_valid = v[0];
      always @(posedge clk)
        if (!((lr == {16{lr[0]}}) && (rr == {16{rr[0]}}) && (v == {16{v[0]}})))
          $fatal(1, "cmpf instances disagree on handshakes");
    end else if (OP == "negf") begin : g_neg
      negf #(.FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0], a_valid, a_ready,
        r[FW-1:0], r_valid, r_ready);
    end else if (OP == "absf") begin : g_abs
      absf #(.FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0], a_valid, a_ready,
        r[FW-1:0], r_valid, r_ready);
    end else if (OP == "extf") begin : g_ext
      extf #(.LATENCY(LATENCY)) dut (clk, rst, a[31:0], a_valid, a_ready, r[63:0], r_valid, r_ready);
    end else if (OP == "truncf") begin : g_trunc
      truncf #(.LATENCY(LATENCY)) dut (clk, rst, a[63:0], a_valid, a_ready, r[31:0], r_valid, r_ready);
    end else if (OP == "sitofp") begin : g_sitofp
      sitofp #(.INPUT_WIDTH(IW), .FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[IW-1:0],
        a_valid, a_ready, r[FW-1:0], r_valid, r_ready);
    end else if (OP == "uitofp") begin : g_uitofp
      uitofp #(.INPUT_WIDTH(IW), .FLOAT_WIDTH(FW), .LATENCY(LATENCY)) dut (clk, rst, a[IW-1:0],
        a_valid, a_ready, r[FW-1:0], r_valid, r_ready);
    end else if (OP == "fptosi") begin : g_fptosi
      fptosi #(.FLOAT_WIDTH(FW), .OUTPUT_WIDTH(IW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0],
        a_valid, a_ready, r[IW-1:0], r_valid, r_ready);
    end else if (OP == "fptoui") begin : g_fptoui
      fptoui #(.FLOAT_WIDTH(FW), .OUTPUT_WIDTH(IW), .LATENCY(LATENCY)) dut (clk, rst, a[FW-1:0],
        a_valid, a_ready, r[IW-1:0], r_valid, r_ready);
    end
    if (UNARY) begin : g_unary
      assign b_ready = 1'b0;
    end
  endgenerate

  function is_nan(input [63:0] x, input integer w);
    begin
      if (w == 64) is_nan = (x[62:52] == 11'h7ff) && (x[51:0] != 0);
      else is_nan = (x[30:23] == 8'hff) && (x[22:0] != 0);
    end
  endfunction

  reg [63:0] rng;
  // Sets c to 1 with probability 3/4 (xorshift64).
  task coin(output c);
    begin
      rng = rng ^ (rng >> 12);
      rng = rng ^ (rng << 25);
      rng = rng ^ (rng >> 27);
      c = rng[40:39] != 2'b00;
    end
  endtask

  integer fa, fb, fe, n, seed, cycles, received, errors, k;
  reg [64*8-1:0] path;
  reg [63:0] x0, x1, x2, got, want;
  reg [LATENCY:0] model;
  reg adv, exp_valid, c, a_left, b_left;

  initial begin
    if (!$value$plusargs("VECTORS=%s", path)) $fatal(1, "missing +VECTORS=path");
    if (!$value$plusargs("SEED=%d", seed)) seed = 1;
    rng = 64'd40503 * seed + 64'd1;
    fa = $fopen(path, "r");
    fb = $fopen(path, "r");
    fe = $fopen(path, "r");
    if (fa == 0 || fb == 0 || fe == 0) $fatal(1, "cannot open %0s", path);
    model = 0;
    cycles = 0;
    received = 0;
    errors = 0;
    a_left = 1'b1;
    b_left = !UNARY;
    repeat (3) @(posedge clk);
    rst <= 1'b0;
    forever begin
      @(posedge clk);  // values read here are the pre-edge ones
      cycles = cycles + 1;
      if (LATENCY == 0) begin
        adv = r_ready;
        exp_valid = UNARY ? a_valid : (a_valid && b_valid);
      end else begin
        adv = !(model[LATENCY] && !r_ready);
        exp_valid = model[LATENCY];
      end
      if (r_valid !== exp_valid)
        $fatal(1, "cycle %0d: result_valid %b, model says %b", cycles, r_valid, exp_valid);
      if (UNARY ? (a_ready !== adv) : (a_ready !== (adv && b_valid) || b_ready !== (adv && a_valid)))
        $fatal(1, "cycle %0d: input ready differs from the model", cycles);
      if (r_valid && r_ready) begin
        n = $fscanf(fe, "%h %h %h\n", x0, x1, want);
        if (n != 3) $fatal(1, "unexpected extra result");
        got = r & OUT_MASK;
        if (CANON_NAN && is_nan(want, OUT_W)) want = QNAN;
        if (got !== want) begin
          errors = errors + 1;
          $display("ERROR %0s vector %0d: got %h expected %h", OP, received, got, want);
        end
        received = received + 1;
      end
      if (LATENCY > 0 && adv) begin
        for (k = LATENCY; k >= 2; k = k - 1) model[k] = model[k-1];
        model[1] = UNARY ? a_valid : (a_valid && b_valid);
      end
      if (!a_valid || a_ready) begin
        a_valid <= 1'b0;
        coin(c);
        if (a_left && c) begin
          n = $fscanf(fa, "%h %h %h\n", x0, x1, x2);
          a_left = n == 3;
          if (a_left) begin
            a <= x0;
            a_valid <= 1'b1;
          end
        end
      end
      if (!UNARY && (!b_valid || b_ready)) begin
        b_valid <= 1'b0;
        coin(c);
        if (b_left && c) begin
          n = $fscanf(fb, "%h %h %h\n", x0, x1, x2);
          b_left = n == 3;
          if (b_left) begin
            b <= x1;
            b_valid <= 1'b1;
          end
        end
      end
      coin(c);
      r_ready <= c;
      if ($feof(fe) && !r_valid) begin
        if (errors != 0) $fatal(1, "%0d mismatches", errors);
        $display("PASS %0s FW=%0d LATENCY=%0d vectors=%0d cycles=%0d", OP, FW, LATENCY, received,
                 cycles);
        done = 1'b1;
        $finish;
      end
      if (cycles > 1000 + 20 * (received + 1) * (LATENCY + 2)) $fatal(1, "timeout");
    end
  end
endmodule
