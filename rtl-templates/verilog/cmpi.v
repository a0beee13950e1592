// Rivulet RTL template: cmpi (combinational integer comparison, latency 0).
// PREDICATE is one of "eq" "ne" "slt" "sle" "sgt" "sge" "ult" "ule" "ugt" "uge"
// (s = signed, u = unsigned); result = 1 when "lhs PREDICATE rhs" holds.
// Handshake = join of lhs and rhs: result_valid = lhs_valid & rhs_valid;
// lhs_ready = rhs_valid & result_ready; rhs_ready = lhs_valid & result_ready.
module cmpi #(
  parameter DATA_WIDTH = 32,
  parameter [23:0] PREDICATE = "eq"
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
  output wire                  result,
  output wire                  result_valid,
  input  wire                  result_ready
);
  // The predicate (a 3-character string, two-character ones zero-padded on
  // the left) is decoded once into a 4-bit code in a constant expression.
  localparam [3:0] CODE =
    (PREDICATE == {8'h00, "eq"})  ? 4'd0 : (PREDICATE == {8'h00, "ne"})  ? 4'd1 :
    (PREDICATE == "slt") ? 4'd2 : (PREDICATE == "sle") ? 4'd3 :
    (PREDICATE == "sgt") ? 4'd4 : (PREDICATE == "sge") ? 4'd5 :
    (PREDICATE == "ult") ? 4'd6 : (PREDICATE == "ule") ? 4'd7 :
    (PREDICATE == "ugt") ? 4'd8 : (PREDICATE == "uge") ? 4'd9 : 4'd15;

  reg holds;
  always @(*) begin
    case (CODE)
      4'd0: holds = (lhs == rhs);
      4'd1: holds = (lhs != rhs);
      4'd2: holds = ($signed(lhs) < $signed(rhs));
      4'd3: holds = ($signed(lhs) <= $signed(rhs));
      4'd4: holds = ($signed(lhs) > $signed(rhs));
      4'd5: holds = ($signed(lhs) >= $signed(rhs));
      4'd6: holds = (lhs < rhs);
      4'd7: holds = (lhs <= rhs);
      4'd8: holds = (lhs > rhs);
      default: holds = (lhs >= rhs);
    endcase
  end

  assign result = holds;
  assign result_valid = lhs_valid & rhs_valid;
  assign lhs_ready = rhs_valid & result_ready;
  assign rhs_ready = lhs_valid & result_ready;
endmodule
