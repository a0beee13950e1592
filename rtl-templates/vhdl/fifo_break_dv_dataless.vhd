-- Rivulet RTL template: control-only FIFO_BREAK_DV buffer; same handshake and timing
-- as fifo_break_dv (instantiated with a constant 1-bit data bus).
library ieee;
use ieee.std_logic_1164.all;

entity fifo_break_dv_dataless is
  generic (NUM_SLOTS : integer);
  port (
    clk, rst   : in  std_logic;
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of fifo_break_dv_dataless is
  signal unused : std_logic_vector(0 downto 0);
begin
  inner : entity work.fifo_break_dv
    generic map (NUM_SLOTS => NUM_SLOTS, DATA_WIDTH => 1)
    port map (
      clk => clk, rst => rst,
      ins => "0", ins_valid => ins_valid, ins_ready => ins_ready,
      outs => unused, outs_valid => outs_valid, outs_ready => outs_ready
    );
end architecture;
