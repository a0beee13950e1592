-- Rivulet RTL template: control-only ONE_SLOT_BREAK_DVR buffer; same handshake and timing
-- as one_slot_break_dvr (instantiated with a constant 1-bit data bus).
library ieee;
use ieee.std_logic_1164.all;

entity one_slot_break_dvr_dataless is
  port (
    clk, rst   : in  std_logic;
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of one_slot_break_dvr_dataless is
  signal unused : std_logic_vector(0 downto 0);
begin
  inner : entity work.one_slot_break_dvr
    generic map (DATA_WIDTH => 1)
    port map (
      clk => clk, rst => rst,
      ins => "0", ins_valid => ins_valid, ins_ready => ins_ready,
      outs => unused, outs_valid => outs_valid, outs_ready => outs_ready
    );
end architecture;
