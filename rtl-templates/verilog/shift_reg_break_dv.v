// Rivulet RTL template: SHIFT_REG_BREAK_DV buffer (NUM_SLOTS pipeline registers
// sharing one handshake; also the delay line of pipelined arithmetic units).
// Registers: valid_r[0..NUM_SLOTS-1] (reset 0), data_r[0..NUM_SLOTS-1].
// en = !valid_r[NUM_SLOTS-1] | outs_ready; ins_ready = en;
// outs_valid = valid_r[NUM_SLOTS-1]; outs = data_r[NUM_SLOTS-1].
// Clock edge: if en: valid_r[0] <= ins_valid, data_r[0] <= ins (also in reset:
//   the data registers have none),
//   valid_r[k] <= valid_r[k-1], data_r[k] <= data_r[k-1] for k >= 1.
// Latency: a token accepted in cycle t is offered at the output from cycle
// t + NUM_SLOTS on (1 cycle per slot); the whole pipeline stalls together.
module shift_reg_break_dv #(
  parameter NUM_SLOTS = 2,
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
  reg [NUM_SLOTS-1:0] valid_r;
  reg [DATA_WIDTH-1:0] data_r [0:NUM_SLOTS-1];
  wire en = ~valid_r[NUM_SLOTS-1] | outs_ready;
  // One loop variable per process: a variable assigned in two processes has two drivers.
  integer kv, kd;
  assign ins_ready = en;
  assign outs_valid = valid_r[NUM_SLOTS-1];
  assign outs = data_r[NUM_SLOTS-1];
  always @(posedge clk) begin
    if (rst) begin
      valid_r <= {NUM_SLOTS{1'b0}};
    end else if (en) begin
      valid_r[0] <= ins_valid;
      for (kv = 1; kv < NUM_SLOTS; kv = kv + 1) valid_r[kv] <= valid_r[kv-1];
    end
  end
  always @(posedge clk) begin
    if (en) begin
      data_r[0] <= ins;
      for (kd = 1; kd < NUM_SLOTS; kd = kd + 1) data_r[kd] <= data_r[kd-1];
    end
  end
endmodule
