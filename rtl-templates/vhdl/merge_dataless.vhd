-- Rivulet RTL template: control-only merge; same handshake as merge.
library ieee;
use ieee.std_logic_1164.all;
use work.types.all;

entity merge_dataless is
  generic (SIZE : integer);
  port (
    clk, rst   : in  std_logic;
    ins_valid  : in  std_logic_vector(SIZE - 1 downto 0);
    ins_ready  : out std_logic_vector(SIZE - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of merge_dataless is
  signal unused : std_logic_vector(0 downto 0);
begin
  inner : entity work.merge
    generic map (SIZE => SIZE, DATA_WIDTH => 1)
    port map (
      clk => clk, rst => rst,
      ins => (SIZE - 1 downto 0 => "0"), ins_valid => ins_valid, ins_ready => ins_ready,
      outs => unused, outs_valid => outs_valid, outs_ready => outs_ready
    );
end architecture;
