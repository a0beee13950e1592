// Rivulet RTL template: join_unit (control-only join).
// outs_valid = &ins_valid; ins_ready[i] = outs_ready & (AND of the other
// inputs' valid). Combinational, no state.
module join_unit #(
  parameter SIZE = 2
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [SIZE-1:0] ins_valid,
  output reg  [SIZE-1:0] ins_ready,
  output wire            outs_valid,
  input  wire            outs_ready
);
  integer i, j;
  reg others_valid;
  assign outs_valid = &ins_valid;
  always @(*) begin
    for (i = 0; i < SIZE; i = i + 1) begin
      others_valid = 1'b1;
      for (j = 0; j < SIZE; j = j + 1)
        if (j != i) others_valid = others_valid & ins_valid[j];
      ins_ready[i] = outs_ready & others_valid;
    end
  end
endmodule
