// Rivulet RTL template: trunci (combinational integer unit, latency 0).
// truncation: outs = ins(OUTPUT_WIDTH - 1 downto 0).
// Handshake is a wire: outs_valid = ins_valid; ins_ready = outs_ready.
module trunci #(
  parameter INPUT_WIDTH = 64,
  parameter OUTPUT_WIDTH = 32
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [INPUT_WIDTH-1:0] ins,
  input  wire ins_valid,
  output wire ins_ready,
  output wire [OUTPUT_WIDTH-1:0] outs,
  output wire outs_valid,
  input  wire outs_ready
);
  /* verilator lint_off UNUSEDSIGNAL */
  // the high input bits are discarded by design
  wire [INPUT_WIDTH-1:0] all_bits = ins;
  /* verilator lint_on UNUSEDSIGNAL */
  assign outs = all_bits[OUTPUT_WIDTH-1:0];
  assign outs_valid = ins_valid;
  assign ins_ready = outs_ready;
endmodule
