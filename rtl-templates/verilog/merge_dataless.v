// Rivulet RTL template: control-only merge; same handshake as merge.
module merge_dataless #(
  parameter SIZE = 2
) (
  input  wire            clk,
  input  wire            rst,
  input  wire [SIZE-1:0] ins_valid,
  output wire [SIZE-1:0] ins_ready,
  output wire            outs_valid,
  input  wire            outs_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  // the constant 1-bit data bus of the inner merge is not used
  wire unused;
  /* verilator lint_on UNUSEDSIGNAL */
  merge #(.SIZE(SIZE), .DATA_WIDTH(1)) inner (
    .clk(clk), .rst(rst), .ins({SIZE{1'b0}}), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs(unused), .outs_valid(outs_valid), .outs_ready(outs_ready)
  );
endmodule
