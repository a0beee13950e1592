// Rivulet RTL template: mux. Consumes the index token and the selected input
// token together. s = index (unsigned).
// outs_valid = index_valid & ins_valid[s] (0 when s >= SIZE); outs = ins[s];
// index_ready = ins_valid[s] & outs_ready;
// ins_ready[i] = index_valid & (s == i) & outs_ready. Combinational.
module mux #(
  parameter SIZE = 2,
  parameter DATA_WIDTH = 32,
  parameter SELECT_WIDTH = 1
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [SELECT_WIDTH-1:0]    index,
  input  wire                       index_valid,
  output reg                        index_ready,
  input  wire [SIZE*DATA_WIDTH-1:0] ins,
  input  wire [SIZE-1:0]            ins_valid,
  output reg  [SIZE-1:0]            ins_ready,
  output reg  [DATA_WIDTH-1:0]      outs,
  output reg                        outs_valid,
  input  wire                       outs_ready
);
  integer i;
  reg sel_valid;
  always @(*) begin
    sel_valid = 1'b0;
    outs = ins[0 +: DATA_WIDTH];
    ins_ready = {SIZE{1'b0}};
    for (i = 0; i < SIZE; i = i + 1) begin
      if (index == i[SELECT_WIDTH-1:0]) begin  // exact: SIZE <= 2**SELECT_WIDTH
        sel_valid = ins_valid[i];
        outs = ins[i*DATA_WIDTH +: DATA_WIDTH];
        ins_ready[i] = index_valid & outs_ready;
      end
    end
    outs_valid = index_valid & sel_valid;
    index_ready = sel_valid & outs_ready;
  end
endmodule
