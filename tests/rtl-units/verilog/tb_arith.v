// Rivulet unit test: integer arithmetic. OP selects the unit:
//  0 addi  1 subi  2 andi  3 ori  4 xori  5 shli  6 shrsi  7 shrui
//  8 maxsi 9 maxui 10 minsi 11 minui
//  12 muli 13 divsi 14 divui 15 remsi 16 remui (pipelined, LATENCY)
//  20..29 cmpi eq ne slt sle sgt sge ult ule ugt uge
//  30 extsi 31 extui (W -> W + 4)  32 trunci (W -> W - 3)  33 absi 34 noti
// Operands are random W-bit tokens (the shift amount is masked to 0..7 so
// that amounts >= W occur); every result is compared with an integer
// reference model, the operands of binary units must be consumed together,
// and the delay from the joined input transfer to the result transfer is at
// least LATENCY and exactly LATENCY for some token.
`timescale 1ns/1ps
module tb_arith;
  `include "tb_common.vh"
  parameter OP = 0;
  parameter W = 8;
  parameter LATENCY = 0;
  localparam N = 150;
  localparam UNARY = (OP >= 30);
  localparam CMP = (OP >= 20 && OP < 30);
  localparam RW = CMP ? 1 : (OP == 30 || OP == 31) ? W + 4 : (OP == 32) ? W - 3 : W;
  localparam [31:0] RMASK = (OP == 5 || OP == 6 || OP == 7) ? 32'h7 : 32'hffffffff;

  wire [W-1:0] lhs, rhs;
  wire [RW-1:0] result;
  wire lhs_valid, lhs_ready, rhs_valid, rhs_ready, result_valid, result_ready;
  wire [31:0] lhs_count, rhs_count;

  tb_src #(.ID(1), .SEED(5), .N(N), .W(W)) src_l (clk, rst, lhs, lhs_valid, lhs_ready, lhs_count);
  tb_src #(.ID(2), .SEED(9), .N(UNARY ? 0 : N), .W(W), .MASK(RMASK)) src_r (clk, rst, rhs, rhs_valid, rhs_ready, rhs_count);
  tb_snk #(.SEED(31)) snk (clk, rst, result_ready);

  generate
    if (OP == 0) begin : g addi #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 1) begin : g subi #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 2) begin : g andi #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 3) begin : g ori #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 4) begin : g xori #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 5) begin : g shli #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 6) begin : g shrsi #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 7) begin : g shrui #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 8) begin : g maxsi #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 9) begin : g maxui #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 10) begin : g minsi #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 11) begin : g minui #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 12) begin : g muli #(W, LATENCY) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 13) begin : g divsi #(W, LATENCY) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 14) begin : g divui #(W, LATENCY) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 15) begin : g remsi #(W, LATENCY) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (OP == 16) begin : g remui #(W, LATENCY) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready); end
    else if (CMP) begin : g
      localparam [23:0] P =
        OP == 20 ? "eq" : OP == 21 ? "ne" : OP == 22 ? "slt" : OP == 23 ? "sle" : OP == 24 ? "sgt" :
        OP == 25 ? "sge" : OP == 26 ? "ult" : OP == 27 ? "ule" : OP == 28 ? "ugt" : "uge";
      cmpi #(.DATA_WIDTH(W), .PREDICATE(P)) u (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    end
    else if (OP == 30) begin : g extsi #(W, RW) u (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready); end
    else if (OP == 31) begin : g extui #(W, RW) u (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready); end
    else if (OP == 32) begin : g trunci #(W, RW) u (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready); end
    else if (OP == 33) begin : g absi #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready); end
    else begin : g noti #(W) u (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready); end
  endgenerate
  if (UNARY) begin : no_rhs
    assign rhs_ready = 1'b0;
  end

  // Reference model on integers; a and b are the W-bit operands.
  function integer sx;  // sign extension of a W-bit value
    input integer v;
    begin
      sx = (v >= (1 << (W - 1))) ? v - (1 << W) : v;
    end
  endfunction
  function integer model;
    input integer a;
    input integer b;
    integer sa, sb, m;
    begin
      sa = sx(a); sb = sx(b); m = (1 << W) - 1;
      case (OP)
        0: model = a + b;
        1: model = a - b;
        2: model = a & b;
        3: model = a | b;
        4: model = a ^ b;
        5: model = (b >= W) ? 0 : a * (1 << b);
        6: model = (b >= W) ? (sa < 0 ? -1 : 0) : (sa < 0 ? -((-sa + (1 << b) - 1) / (1 << b)) : sa / (1 << b));
        7: model = (b >= W) ? 0 : a / (1 << b);
        8: model = (sa > sb) ? a : b;
        9: model = (a > b) ? a : b;
        10: model = (sa < sb) ? a : b;
        11: model = (a < b) ? a : b;
        12: model = a * b;
        13: model = (b == 0) ? -1 : (sb == -1) ? -sa : sa / sb;
        14: model = (b == 0) ? m : a / b;
        15: model = (b == 0) ? a : (sb == -1) ? 0 : sa % sb;
        16: model = (b == 0) ? a : a % b;
        20: model = a == b;
        21: model = a != b;
        22: model = sa < sb;
        23: model = sa <= sb;
        24: model = sa > sb;
        25: model = sa >= sb;
        26: model = a < b;
        27: model = a <= b;
        28: model = a > b;
        29: model = a >= b;
        30: model = sa;
        31: model = a;
        32: model = a;
        33: model = (sa < 0) ? -sa : sa;
        default: model = ~a;
      endcase
    end
  endfunction

  // Joined input transfers are queued with their cycle; results are compared
  // in order.
  integer in_cycle [0:N-1];
  integer in_val [0:N-1];
  integer n_in = 0, n_out = 0, min_delay = 1000000;
  reg [31:0] a32, b32, expect32;
  wire lhs_fire = lhs_valid & lhs_ready;
  wire rhs_fire = rhs_valid & rhs_ready;
  always @(posedge clk) begin
    if (!rst) begin
      if (!UNARY && lhs_fire !== rhs_fire) error("operands not consumed together");
      if (lhs_fire) begin
        a32 = tok(1, n_in); a32 = a32 & ((1 << W) - 1);
        b32 = tok(2, n_in) & RMASK; b32 = b32 & ((1 << W) - 1);
        if (lhs !== a32[W-1:0]) error("lhs token");
        in_val[n_in] = model(a32, b32);
        in_cycle[n_in] = cycle;
        n_in = n_in + 1;
      end
      if (result_valid && result_ready) begin
        expect32 = in_val[n_out];
        if (n_out >= n_in) error("result before its operands");
        else if (result !== expect32[RW-1:0]) begin
          $display("  operands %h %h: got %h expected %h", tok(1, n_out), tok(2, n_out) & RMASK, result, expect32[RW-1:0]);
          error("wrong result");
        end
        if (cycle - in_cycle[n_out] < min_delay) min_delay = cycle - in_cycle[n_out];
        $display("T %0d result %h", cycle, result);
        n_out = n_out + 1;
        if (n_out == N) begin
          if (min_delay != LATENCY) error("wrong latency");
          done <= 1'b1;
        end
      end
    end
  end
  initial verdict("tb_arith", 5000);
endmodule
