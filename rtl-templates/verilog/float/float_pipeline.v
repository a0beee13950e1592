// Rivulet float_pipeline: the elastic pipeline shared by all floating-point units.
//
// A unit computes its result combinationally from the accepted operands and
// hands it here together with the joined valid. With LATENCY = 0 the data and
// valid pass straight through and ins_ready = outs_ready. With LATENCY >= 1,
// (data, valid) move through LATENCY register stages; the whole pipeline
// advances on a rising clock edge unless the last stage holds a valid token
// that is not taken (outs_valid = 1 and outs_ready = 0), in which case every
// stage holds. ins_ready = not that stall condition. A synchronous active-high
// reset clears every valid bit (data registers are not reset).
// The exact cycle equations are in rtl-templates/float.md.
module float_pipeline #(
  parameter DATA_WIDTH = 32,
  parameter LATENCY    = 1
) (
  // clk and rst are unused when LATENCY = 0.
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire                  clk,
  input  wire                  rst,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [DATA_WIDTH-1:0] ins,
  input  wire                  ins_valid,
  output wire                  ins_ready,
  output wire [DATA_WIDTH-1:0] outs,
  output wire                  outs_valid,
  input  wire                  outs_ready
);
  generate
    if (LATENCY == 0) begin : g_comb
      assign outs       = ins;
      assign outs_valid = ins_valid;
      assign ins_ready  = outs_ready;
    end else begin : g_regs
      // Stage k (1 .. LATENCY) holds data[(k-1)*DATA_WIDTH +: DATA_WIDTH] and valid[k-1].
      reg [LATENCY*DATA_WIDTH-1:0] data;
      reg [LATENCY-1:0]            valid;
      wire                         advance = !(valid[LATENCY-1] && !outs_ready);
      integer                      i;

      always @(posedge clk) begin
        if (rst) begin
          valid <= {LATENCY{1'b0}};
        end else if (advance) begin
          valid[0]              <= ins_valid;
          data[DATA_WIDTH-1:0]  <= ins;
          for (i = 1; i < LATENCY; i = i + 1) begin
            valid[i]                         <= valid[i-1];
            data[i*DATA_WIDTH +: DATA_WIDTH] <= data[(i-1)*DATA_WIDTH +: DATA_WIDTH];
          end
        end
      end

      assign outs       = data[(LATENCY-1)*DATA_WIDTH +: DATA_WIDTH];
      assign outs_valid = valid[LATENCY-1];
      assign ins_ready  = advance;
    end
  endgenerate
endmodule
