// Rivulet RTL template: mem_controller (memory controller of one array with
// NUM_LOADS >= 1 load ports, NUM_STORES >= 1 store ports and NUM_CONTROLS >= 1
// 32-bit store-count channels; see rtl-templates/README.md for the contract).
// Loads: ld_ok[i] = ld_cnt[i] < 2; grant g = lowest i with ldAddr_valid[i] &
//   ld_ok[i]; ldAddr_ready = one-hot(g); loadEn = any grant; loadAddr = ldAddr[g].
//   Registers rd_valid <= loadEn, rd_port <= g; the memory answers loadData one
//   cycle after loadEn, pushed into port rd_port's return buffer (a 2-slot
//   FIFO_BREAK_NONE, written out here), whose output is ldData[i]. ld_cnt[i], the
//   tokens issued and not yet delivered (+= grant[i], -= ldData_valid[i] &
//   ldData_ready[i]), is not a register: it equals the buffer's count plus the
//   token arriving now (rd_valid & rd_port == i).
// Stores: s = lowest j with stAddr_valid[j] & stData_valid[j];
//   stAddr_ready[j] = stData_ready[j] = (j == s); storeEn = any; storeAddr/Data of s.
// Counting: ctrl_ready = all 1; pending (32 bits, reset 0, wraps) +=
//   sum of accepted ctrl tokens, -= storeEn.
// End: done = pending == 0 & no ctrl_valid, stAddr_valid or stData_valid;
//   memEnd_valid = ctrlEnd_valid & done; ctrlEnd_ready = memEnd_ready & done.
// memStart_ready = 1 (accepted and otherwise ignored).
module mem_controller #(
  parameter NUM_CONTROLS = 1,
  parameter NUM_LOADS = 1,
  parameter NUM_STORES = 1,
  parameter DATA_WIDTH = 32,
  parameter ADDR_WIDTH = 32
) (
  input  wire                             clk,
  input  wire                             rst,
  /* verilator lint_off UNUSEDSIGNAL */
  // memStart is accepted and otherwise ignored by definition
  input  wire                             memStart_valid,
  /* verilator lint_on UNUSEDSIGNAL */
  output wire                             memStart_ready,
  input  wire [NUM_CONTROLS*32-1:0]       ctrl,
  input  wire [NUM_CONTROLS-1:0]          ctrl_valid,
  output wire [NUM_CONTROLS-1:0]          ctrl_ready,
  input  wire [NUM_LOADS*ADDR_WIDTH-1:0]  ldAddr,
  input  wire [NUM_LOADS-1:0]             ldAddr_valid,
  output reg  [NUM_LOADS-1:0]             ldAddr_ready,
  input  wire [NUM_STORES*ADDR_WIDTH-1:0] stAddr,
  input  wire [NUM_STORES-1:0]            stAddr_valid,
  output reg  [NUM_STORES-1:0]            stAddr_ready,
  input  wire [NUM_STORES*DATA_WIDTH-1:0] stData,
  input  wire [NUM_STORES-1:0]            stData_valid,
  output wire [NUM_STORES-1:0]            stData_ready,
  input  wire                             ctrlEnd_valid,
  output wire                             ctrlEnd_ready,
  output wire [NUM_LOADS*DATA_WIDTH-1:0]  ldData,
  output wire [NUM_LOADS-1:0]             ldData_valid,
  input  wire [NUM_LOADS-1:0]             ldData_ready,
  output wire                             memEnd_valid,
  input  wire                             memEnd_ready,
  output wire                             loadEn,
  output reg  [ADDR_WIDTH-1:0]            loadAddr,
  input  wire [DATA_WIDTH-1:0]            loadData,
  output wire                             storeEn,
  output reg  [ADDR_WIDTH-1:0]            storeAddr,
  output reg  [DATA_WIDTH-1:0]            storeData
);
  wire [NUM_LOADS-1:0] ld_ok;
  reg  rd_valid;
  reg  [31:0] rd_port;
  reg  [31:0] pending;
  reg  [31:0] next_pending;
  wire done;
  // One loop variable per process: a variable assigned in two processes has two drivers.
  integer i, j, k, r;

  assign memStart_ready = 1'b1;
  assign ctrl_ready = {NUM_CONTROLS{1'b1}};

  // Load arbiter: fixed priority, lowest index first.
  always @(*) begin
    ldAddr_ready = {NUM_LOADS{1'b0}};
    loadAddr = ldAddr[0 +: ADDR_WIDTH];
    for (i = 0; i < NUM_LOADS; i = i + 1) begin
      if (ldAddr_ready == {NUM_LOADS{1'b0}} && ldAddr_valid[i] && ld_ok[i]) begin
        ldAddr_ready[i] = 1'b1;
        loadAddr = ldAddr[i*ADDR_WIDTH +: ADDR_WIDTH];
      end
    end
  end
  assign loadEn = |ldAddr_ready;

  // Return buffers: per load port a 2-slot FIFO with bypass (FIFO_BREAK_NONE), written
  // out here so that its count also gives the port's outstanding loads.
  genvar g;
  generate
    for (g = 0; g < NUM_LOADS; g = g + 1) begin : return_buffers
      reg [1:0] count;
      reg head;
      reg [DATA_WIDTH-1:0] slots [0:1];
      wire push = rd_valid && (rd_port == g);
      wire stored = (count != 2'd0);
      wire rd = stored & ldData_ready[g];
      wire wr = push & (stored | ~ldData_ready[g]);
      assign ldData_valid[g] = stored | push;
      assign ldData[g*DATA_WIDTH +: DATA_WIDTH] = stored ? slots[head] : loadData;
      // loads issued and not delivered: the one answered now (push) and the stored ones
      assign ld_ok[g] = !count[1] && !(count[0] && push);
      always @(posedge clk) begin
        if (rst) begin
          count <= 2'd0;
          head <= 1'b0;
        end else begin
          // the slot after the stored ones is free unless both are taken
          if (!count[1]) slots[head ^ count[0]] <= loadData;
          if (rd) head <= ~head;
          if (wr && !rd) count <= count + 2'd1;
          else if (rd && !wr) count <= count - 2'd1;
        end
      end
    end
  endgenerate

  // Store arbiter: fixed priority, lowest index first.
  always @(*) begin
    stAddr_ready = {NUM_STORES{1'b0}};
    storeAddr = stAddr[0 +: ADDR_WIDTH];
    storeData = stData[0 +: DATA_WIDTH];
    for (j = 0; j < NUM_STORES; j = j + 1) begin
      if (stAddr_ready == {NUM_STORES{1'b0}} && stAddr_valid[j] && stData_valid[j]) begin
        stAddr_ready[j] = 1'b1;
        storeAddr = stAddr[j*ADDR_WIDTH +: ADDR_WIDTH];
        storeData = stData[j*DATA_WIDTH +: DATA_WIDTH];
      end
    end
  end
  assign stData_ready = stAddr_ready;
  assign storeEn = |stAddr_ready;

  assign done = (pending == 32'd0) && !(|ctrl_valid) && !(|stAddr_valid) && !(|stData_valid);
  assign memEnd_valid = ctrlEnd_valid & done;
  assign ctrlEnd_ready = memEnd_ready & done;

  // pending + (accepted ctrl tokens) - storeEn, with one adder per ctrl port: the last
  // port's addend also subtracts storeEn, chosen among ctrl - 1, ctrl, -1 and 0 (a
  // constant ctrl, the usual case, makes them constants and the choice a few gates).
  wire [31:0] ctrl_last = ctrl[(NUM_CONTROLS-1)*32 +: 32];
  wire [31:0] last_addend = ctrl_valid[NUM_CONTROLS-1]
    ? (storeEn ? ctrl_last - 32'd1 : ctrl_last) : {32{storeEn}};
  always @(*) begin
    next_pending = pending + last_addend;
    for (k = 0; k < NUM_CONTROLS - 1; k = k + 1)
      next_pending = next_pending + (ctrl_valid[k] ? ctrl[k*32 +: 32] : 32'd0);
  end

  always @(posedge clk) begin
    if (rst) begin
      rd_valid <= 1'b0;
      rd_port <= 32'd0;
      pending <= 32'd0;
    end else begin
      rd_valid <= loadEn;
      for (r = 0; r < NUM_LOADS; r = r + 1)
        if (ldAddr_ready[r]) rd_port <= r;
      pending <= next_pending;
    end
  end
endmodule
