// Rivulet RTL template: eager fork, control-only.
// One "done" register per output remembers that the output already took the
// current token. outs_valid[i] = ins_valid & !done[i];
// ins_ready = AND over i of (done[i] | outs_ready[i]).
// Clock edge: if ins_valid & ins_ready then done <= 0 (token consumed),
// else done[i] <= done[i] | (outs_valid[i] & outs_ready[i]). Reset: done = 0.
module fork_dataless #(
  parameter SIZE = 2
) (
  input  wire            clk,
  input  wire            rst,
  input  wire            ins_valid,
  output wire            ins_ready,
  output wire [SIZE-1:0] outs_valid,
  input  wire [SIZE-1:0] outs_ready
);
  reg [SIZE-1:0] done;
  assign outs_valid = {SIZE{ins_valid}} & ~done;
  assign ins_ready = &(done | outs_ready);
  always @(posedge clk) begin
    if (rst)
      done <= {SIZE{1'b0}};
    else if (ins_valid & ins_ready)
      done <= {SIZE{1'b0}};
    else
      done <= done | (outs_valid & outs_ready);
  end
endmodule
