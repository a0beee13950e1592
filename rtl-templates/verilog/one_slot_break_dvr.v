// Rivulet RTL template: ONE_SLOT_BREAK_DVR buffer (one slot, all paths registered).
// Registers: full_r (reset 0), data_r. ins_ready = !full_r;
// outs_valid = full_r; outs = data_r.
// Clock edge: if !full_r then full_r <= ins_valid, data_r <= ins (data_r
//             matters only while full_r); if full_r & outs_ready then full_r <= 0.
// Latency: data 1, valid 1, ready 1. Throughput at most one token per 2 cycles.
module one_slot_break_dvr #(
  parameter DATA_WIDTH = 32
) (
  input  wire                  clk,
  input  wire                  rst,
  input  wire [DATA_WIDTH-1:0] ins,
  input  wire                  ins_valid,
  output wire                  ins_ready,
  output wire [DATA_WIDTH-1:0] outs,
  output wire                  outs_valid,
  input  wire                  outs_ready
);
  reg full_r;
  reg [DATA_WIDTH-1:0] data_r;
  assign ins_ready = ~full_r;
  assign outs_valid = full_r;
  assign outs = data_r;
  always @(posedge clk) begin
    if (rst) begin
      full_r <= 1'b0;
      data_r <= {DATA_WIDTH{1'b0}};
    end else if (!full_r) begin
      full_r <= ins_valid;
      data_r <= ins;
    end else if (outs_ready) begin
      full_r <= 1'b0;
    end
  end
endmodule
