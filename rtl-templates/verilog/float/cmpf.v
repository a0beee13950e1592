// Rivulet floating-point unit cmpf: MLIR arith.cmpf with predicate PREDICATE.
//
// PREDICATE is one of "oeq" "ogt" "oge" "olt" "ole" "one" "ord" "ueq" "ugt"
// "uge" "ult" "ule" "une" "uno" "true" "false" (anything else behaves as
// "false"). Ordered predicates (o*) are false when an operand is NaN,
// unordered ones (u*) are true; +0 and -0 compare equal. result is 1 bit.
// Elastic binary unit: lhs and rhs are joined; the result appears LATENCY
// cycles after acceptance (see float_pipeline.v and rtl-templates/float.md).
// FLOAT_WIDTH is 32 or 64.
// Depends on: float_pipeline.v.
module cmpf #(
  parameter FLOAT_WIDTH = 32,
  parameter [39:0] PREDICATE = "oeq",
  parameter LATENCY     = 0
) (
  input  wire                   clk,
  input  wire                   rst,
  input  wire [FLOAT_WIDTH-1:0] lhs,
  input  wire                   lhs_valid,
  output wire                   lhs_ready,
  input  wire [FLOAT_WIDTH-1:0] rhs,
  input  wire                   rhs_valid,
  output wire                   rhs_ready,
  output wire [0:0]             result,
  output wire                   result_valid,
  input  wire                   result_ready
);
  localparam W         = FLOAT_WIDTH;
  localparam EXP_BITS  = (FLOAT_WIDTH == 64) ? 11 : ((FLOAT_WIDTH == 16) ? 5 : 8);
  localparam FRAC_BITS = FLOAT_WIDTH - 1 - EXP_BITS;

  // Predicate names as 5-character strings (zero-padded on the left).
  localparam [39:0] P_OEQ = "oeq";
  localparam [39:0] P_OGT = "ogt";
  localparam [39:0] P_OGE = "oge";
  localparam [39:0] P_OLT = "olt";
  localparam [39:0] P_OLE = "ole";
  localparam [39:0] P_ONE = "one";
  localparam [39:0] P_ORD = "ord";
  localparam [39:0] P_UEQ = "ueq";
  localparam [39:0] P_UGT = "ugt";
  localparam [39:0] P_UGE = "uge";
  localparam [39:0] P_ULT = "ult";
  localparam [39:0] P_ULE = "ule";
  localparam [39:0] P_UNE = "une";
  localparam [39:0] P_UNO = "uno";
  localparam [39:0] P_TRUE = "true";

  wire nan_l  = (&lhs[W-2:FRAC_BITS]) && (lhs[FRAC_BITS-1:0] != 0);
  wire nan_r  = (&rhs[W-2:FRAC_BITS]) && (rhs[FRAC_BITS-1:0] != 0);
  wire uno    = nan_l || nan_r;
  wire zeros  = (lhs[W-2:0] == 0) && (rhs[W-2:0] == 0);
  wire eq     = !uno && (lhs == rhs || zeros);
  // lhs < rhs by sign and magnitude, +0 = -0.
  wire less   = (lhs[W-1] != rhs[W-1]) ? lhs[W-1] && !zeros :
                lhs[W-1] ? (lhs[W-2:0] > rhs[W-2:0]) : (lhs[W-2:0] < rhs[W-2:0]);
  wire lt     = !uno && less;
  wire gt     = !uno && !less && !eq;

  wire value =
    (PREDICATE == P_OEQ)  ? eq :
    (PREDICATE == P_OGT)  ? gt :
    (PREDICATE == P_OGE)  ? gt || eq :
    (PREDICATE == P_OLT)  ? lt :
    (PREDICATE == P_OLE)  ? lt || eq :
    (PREDICATE == P_ONE)  ? lt || gt :
    (PREDICATE == P_ORD)  ? !uno :
    (PREDICATE == P_UEQ)  ? uno || eq :
    (PREDICATE == P_UGT)  ? uno || gt :
    (PREDICATE == P_UGE)  ? uno || gt || eq :
    (PREDICATE == P_ULT)  ? uno || lt :
    (PREDICATE == P_ULE)  ? uno || lt || eq :
    (PREDICATE == P_UNE)  ? uno || lt || gt :
    (PREDICATE == P_UNO)  ? uno :
    (PREDICATE == P_TRUE) ? 1'b1 :
    1'b0;  // "false" and unknown predicates

  wire accept;
  assign lhs_ready = accept && rhs_valid;
  assign rhs_ready = accept && lhs_valid;

  float_pipeline #(.DATA_WIDTH(1), .LATENCY(LATENCY)) pipe (
    .clk(clk), .rst(rst),
    .ins(value), .ins_valid(lhs_valid && rhs_valid), .ins_ready(accept),
    .outs(result), .outs_valid(result_valid), .outs_ready(result_ready));
endmodule
