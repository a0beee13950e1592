// Rivulet RTL template: extsi (combinational integer unit, latency 0).
// sign extension: outs = resize(signed(ins), OUTPUT_WIDTH).
// Handshake is a wire: outs_valid = ins_valid; ins_ready = outs_ready.
module extsi #(
  parameter INPUT_WIDTH = 32,
  parameter OUTPUT_WIDTH = 64
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
  generate
    if (OUTPUT_WIDTH > INPUT_WIDTH) begin : widen
      assign outs = {{(OUTPUT_WIDTH-INPUT_WIDTH){ins[INPUT_WIDTH-1]}}, ins};
    end else begin : same  // a zero-width replication is illegal
      assign outs = ins;
    end
  endgenerate
  assign outs_valid = ins_valid;
  assign ins_ready = outs_ready;
endmodule
