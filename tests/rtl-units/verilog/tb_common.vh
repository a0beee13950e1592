// Rivulet unit tests: clock, reset, cycle counter and verdict, included at the
// top of every test module. Clock period 10 ns; reset is high during the
// first three rising edges; `cycle` counts rising edges after reset (the
// value seen by a process at an edge is the number of that edge).
// A test sets `done` when it has seen everything it expects, and calls
// `error` on any mismatch. Transfer log lines: "T <cycle> <channel> <hex>".
`include "tb_funcs.vh"
reg clk = 1'b0;
reg rst = 1'b1;
reg done = 1'b0;
integer cycle = 0;
integer errors = 0;
always #5 clk = ~clk;
initial #32 rst = 1'b0;
always @(posedge clk) if (!rst) cycle <= cycle + 1;

task error;
  input [8*64-1:0] what;
  begin
    errors = errors + 1;
    $display("ERROR cycle %0d: %0s", cycle, what);
  end
endtask

task verdict;
  input [8*32-1:0] name;
  input integer max_cycles;
  begin
    wait (!rst);
    while (!done && cycle < max_cycles) @(posedge clk);
    if (!done) begin
      errors = errors + 1;
      $display("ERROR: timeout after %0d cycles", cycle);
    end
    if (errors == 0) begin
      $display("PASS %0s", name);
      $finish;
    end else begin
      $display("FAIL %0s (%0d errors)", name, errors);
      $fatal(1);
    end
  end
endtask
