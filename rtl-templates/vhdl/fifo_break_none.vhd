-- Rivulet RTL template: FIFO_BREAK_NONE buffer (NUM_SLOTS-entry FIFO with a
-- combinational bypass when empty: latency 0).
-- Built from fifo_break_dv (inner): inner.outs_ready = outs_ready;
-- inner.ins_valid = ins_valid and not (inner.outs_valid = 0 and outs_ready = 1);
-- outs_valid = inner.outs_valid or ins_valid;
-- outs = inner.outs when inner.outs_valid else ins; ins_ready = inner.ins_ready.
library ieee;
use ieee.std_logic_1164.all;

entity fifo_break_none is
  generic (NUM_SLOTS : integer; DATA_WIDTH : integer);
  port (
    clk, rst   : in  std_logic;
    ins        : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs       : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of fifo_break_none is
  signal fifo_ins_valid, fifo_outs_valid : std_logic;
  signal fifo_outs                       : std_logic_vector(DATA_WIDTH - 1 downto 0);
begin
  fifo_ins_valid <= ins_valid and (fifo_outs_valid or not outs_ready);
  outs_valid     <= fifo_outs_valid or ins_valid;
  outs           <= fifo_outs when fifo_outs_valid = '1' else ins;

  fifo : entity work.fifo_break_dv
    generic map (NUM_SLOTS => NUM_SLOTS, DATA_WIDTH => DATA_WIDTH)
    port map (
      clk => clk, rst => rst,
      ins => ins, ins_valid => fifo_ins_valid, ins_ready => ins_ready,
      outs => fifo_outs, outs_valid => fifo_outs_valid, outs_ready => outs_ready
    );
end architecture;
