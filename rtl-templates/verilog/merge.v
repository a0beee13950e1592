// Rivulet RTL template: merge (combinational, lowest index wins).
// c = lowest i with ins_valid[i]. outs_valid = |ins_valid; outs = ins[c];
// ins_ready[i] = outs_ready when i == c, else 0.
module merge #(
  parameter SIZE = 2,
  parameter DATA_WIDTH = 32
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [SIZE*DATA_WIDTH-1:0] ins,
  input  wire [SIZE-1:0]            ins_valid,
  output reg  [SIZE-1:0]            ins_ready,
  output reg  [DATA_WIDTH-1:0]      outs,
  output reg                        outs_valid,
  input  wire                       outs_ready
);
  integer i;
  always @(*) begin
    outs = ins[0 +: DATA_WIDTH];
    outs_valid = 1'b0;
    ins_ready = {SIZE{1'b0}};
    for (i = 0; i < SIZE; i = i + 1) begin
      if (!outs_valid && ins_valid[i]) begin
        outs = ins[i*DATA_WIDTH +: DATA_WIDTH];
        outs_valid = 1'b1;
        ins_ready[i] = outs_ready;
      end
    end
  end
endmodule
