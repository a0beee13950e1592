// Rivulet RTL template: control_merge with control-only inputs and `outs`;
// same handshake and timing as control_merge (1-bit constant data inside).
module control_merge_dataless #(
  parameter SIZE = 2,
  parameter INDEX_WIDTH = 1
) (
  input  wire                   clk,
  input  wire                   rst,
  input  wire [SIZE-1:0]        ins_valid,
  output wire [SIZE-1:0]        ins_ready,
  output wire                   outs_valid,
  input  wire                   outs_ready,
  output wire [INDEX_WIDTH-1:0] index,
  output wire                   index_valid,
  input  wire                   index_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  // the constant 1-bit data bus of the inner control_merge is not used
  wire unused;
  /* verilator lint_on UNUSEDSIGNAL */
  control_merge #(.SIZE(SIZE), .DATA_WIDTH(1), .INDEX_WIDTH(INDEX_WIDTH)) inner (
    .clk(clk), .rst(rst), .ins({SIZE{1'b0}}), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(unused), .outs_valid(outs_valid), .outs_ready(outs_ready),
    .index(index), .index_valid(index_valid), .index_ready(index_ready)
  );
endmodule
