// Rivulet RTL template: ONE_SLOT_BREAK_DV buffer (opaque elastic half buffer).
// Registers: valid_r (reset 0), data_r. outs_valid = valid_r; outs = data_r;
// ins_ready = !valid_r | outs_ready.
// Clock edge: if ins_ready then valid_r <= ins_valid;
//             if ins_ready & ins_valid then data_r <= ins.
// Latency: data 1, valid 1, ready 0 (ready is combinational from outs_ready).
module one_slot_break_dv #(
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
  reg valid_r;
  reg [DATA_WIDTH-1:0] data_r;
  assign ins_ready = ~valid_r | outs_ready;
  assign outs_valid = valid_r;
  assign outs = data_r;
  always @(posedge clk) begin
    if (rst) begin
      valid_r <= 1'b0;
      data_r <= {DATA_WIDTH{1'b0}};
    end else if (ins_ready) begin
      valid_r <= ins_valid;
      if (ins_valid) data_r <= ins;
    end
  end
endmodule
