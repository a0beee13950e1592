// Rivulet RTL template: lazy fork, control-only. All outputs fire together.
// outs_valid[i] = ins_valid & AND over j != i of outs_ready[j];
// ins_ready = &outs_ready. Combinational, no state.
module lazy_fork_dataless #(
  parameter SIZE = 2
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire            ins_valid,
  output wire            ins_ready,
  output reg  [SIZE-1:0] outs_valid,
  input  wire [SIZE-1:0] outs_ready
);
  integer i, j;
  reg others_ready;
  assign ins_ready = &outs_ready;
  always @(*) begin
    for (i = 0; i < SIZE; i = i + 1) begin
      others_ready = 1'b1;
      for (j = 0; j < SIZE; j = j + 1)
        if (j != i) others_ready = others_ready & outs_ready[j];
      outs_valid[i] = ins_valid & others_ready;
    end
  end
endmodule
