// Rivulet RTL template: noti (combinational integer unit, latency 0).
// bitwise NOT: outs = not ins.
// Handshake is a wire: outs_valid = ins_valid; ins_ready = outs_ready.
module noti #(
  parameter DATA_WIDTH = 32
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [DATA_WIDTH-1:0] ins,
  input  wire ins_valid,
  output wire ins_ready,
  output wire [DATA_WIDTH-1:0] outs,
  output wire outs_valid,
  input  wire outs_ready
);
  assign outs = ~ins;
  assign outs_valid = ins_valid;
  assign ins_ready = outs_ready;
endmodule
