// Rivulet testbench model (not a dataflow unit): synchronous-read memory of
// DEPTH words of DATA_WIDTH bits, connected to a memory controller's memory
// side. Clock edge: if loadEn then loadData <= mem[loadAddr] (the old content on
// a same-cycle write: read before write); if storeEn then mem[storeAddr] <=
// storeData. Out-of-range reads return 0 and out-of-range writes are dropped,
// both with a warning.
// INIT_FILE (read at time 0 when not ""): one hexadecimal word per line for
// addresses 0, 1, ... ($readmemh format); missing lines leave zeros.
// DUMP_FILE: on the first rising clock edge with dump = 1, every word is
// written, one per line, as ceil(DATA_WIDTH / 4) lower-case hex digits.
module tb_memory #(
  parameter DATA_WIDTH = 32,
  parameter ADDR_WIDTH = 32,
  parameter DEPTH = 16,
  parameter INIT_FILE = "",
  parameter DUMP_FILE = ""
) (
  input  wire                  clk,
  input  wire                  loadEn,
  input  wire [ADDR_WIDTH-1:0] loadAddr,
  output reg  [DATA_WIDTH-1:0] loadData,
  input  wire                  storeEn,
  input  wire [ADDR_WIDTH-1:0] storeAddr,
  input  wire [DATA_WIDTH-1:0] storeData,
  input  wire                  dump
);
  reg [DATA_WIDTH-1:0] mem [0:DEPTH-1];
  reg dumped;
  integer i, fd;

  initial begin
    dumped = 1'b0;
    for (i = 0; i < DEPTH; i = i + 1) mem[i] = {DATA_WIDTH{1'b0}};
    if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
  end

  always @(posedge clk) begin
    if (loadEn) begin
      if (loadAddr < DEPTH) begin
        loadData <= mem[loadAddr];
      end else begin
        loadData <= {DATA_WIDTH{1'b0}};
        $display("Warning: tb_memory: load out of range at address %0d", loadAddr);
      end
    end
    if (storeEn) begin
      /* verilator lint_off BLKSEQ */
      // blocking on purpose: after the read above (read before write) and seen
      // by a dump in the same cycle, as in the VHDL model
      if (storeAddr < DEPTH) mem[storeAddr] = storeData;
      /* verilator lint_on BLKSEQ */
      else $display("Warning: tb_memory: store out of range at address %0d", storeAddr);
    end
    if (dump && !dumped && DUMP_FILE != "") begin
      dumped <= 1'b1;
      fd = $fopen(DUMP_FILE, "w");
      for (i = 0; i < DEPTH; i = i + 1) $fdisplay(fd, "%h", mem[i]);
      $fclose(fd);
    end
  end
endmodule
