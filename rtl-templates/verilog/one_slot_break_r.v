// Rivulet RTL template: ONE_SLOT_BREAK_R buffer (transparent elastic half buffer).
// Registers: full_r (reset 0), data_r. ins_ready = !full_r;
// outs_valid = ins_valid | full_r; outs = full_r ? data_r : ins.
// Clock edge: if !full_r: full_r <= ins_valid & !outs_ready, and data_r <= ins
//             when that happens; if full_r: full_r <= !outs_ready.
// Latency: data 0, valid 0, ready 1 (ready is a register output).
module one_slot_break_r #(
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
  assign outs_valid = ins_valid | full_r;
  assign outs = full_r ? data_r : ins;
  always @(posedge clk) begin
    if (rst) begin
      full_r <= 1'b0;
      data_r <= {DATA_WIDTH{1'b0}};
    end else if (!full_r) begin
      if (ins_valid && !outs_ready) begin
        full_r <= 1'b1;
        data_r <= ins;
      end
    end else if (outs_ready) begin
      full_r <= 1'b0;
    end
  end
endmodule
