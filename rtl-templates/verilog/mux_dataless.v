// Rivulet RTL template: mux with control-only data inputs; same handshake as mux.
module mux_dataless #(
  parameter SIZE = 2,
  parameter SELECT_WIDTH = 1
) (
  input  wire                    clk,
  input  wire                    rst,
  input  wire [SELECT_WIDTH-1:0] index,
  input  wire                    index_valid,
  output wire                    index_ready,
  input  wire [SIZE-1:0]         ins_valid,
  output wire [SIZE-1:0]         ins_ready,
  output wire                    outs_valid,
  input  wire                    outs_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  // the constant 1-bit data bus of the inner mux is not used
  wire unused;
  /* verilator lint_on UNUSEDSIGNAL */
  mux #(.SIZE(SIZE), .DATA_WIDTH(1), .SELECT_WIDTH(SELECT_WIDTH)) inner (
    .clk(clk), .rst(rst), .index(index), .index_valid(index_valid), .index_ready(index_ready),
    .ins({SIZE{1'b0}}), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(unused), .outs_valid(outs_valid), .outs_ready(outs_ready)
  );
endmodule
