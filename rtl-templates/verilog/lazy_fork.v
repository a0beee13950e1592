// Rivulet RTL template: lazy fork with data. Handshake identical to
// lazy_fork_dataless; every output carries the input data.
module lazy_fork #(
  parameter SIZE = 2,
  parameter DATA_WIDTH = 32
) (
  input  wire                       clk,
  input  wire                       rst,
  input  wire [DATA_WIDTH-1:0]      ins,
  input  wire                       ins_valid,
  output wire                       ins_ready,
  output wire [SIZE*DATA_WIDTH-1:0] outs,
  output wire [SIZE-1:0]            outs_valid,
  input  wire [SIZE-1:0]            outs_ready
);
  lazy_fork_dataless #(.SIZE(SIZE)) control (
    .clk(clk), .rst(rst), .ins_valid(ins_valid), .ins_ready(ins_ready),
    .outs_valid(outs_valid), .outs_ready(outs_ready)
  );
  assign outs = {SIZE{ins}};
endmodule
