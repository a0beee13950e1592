// Rivulet RTL template: subi (combinational integer unit, latency 0).
// result = lhs - rhs (modulo 2^DATA_WIDTH).
// Handshake = join of lhs and rhs: result_valid = lhs_valid & rhs_valid;
// lhs_ready = rhs_valid & result_ready; rhs_ready = lhs_valid & result_ready.
module subi #(
  parameter DATA_WIDTH = 32
) (
  /* verilator lint_off UNUSEDSIGNAL */
  // clk and rst belong to the uniform unit interface; this unit is combinational.
  input  wire clk,
  input  wire rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [DATA_WIDTH-1:0] lhs,
  input  wire                  lhs_valid,
  output wire                  lhs_ready,
  input  wire [DATA_WIDTH-1:0] rhs,
  input  wire                  rhs_valid,
  output wire                  rhs_ready,
  output wire [DATA_WIDTH-1:0] result,
  output wire                  result_valid,
  input  wire                  result_ready
);
  assign result_valid = lhs_valid & rhs_valid;
  assign lhs_ready = rhs_valid & result_ready;
  assign rhs_ready = lhs_valid & result_ready;
  assign result = lhs - rhs;
endmodule
