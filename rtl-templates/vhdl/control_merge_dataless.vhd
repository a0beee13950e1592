-- Rivulet RTL template: control_merge with control-only inputs and `outs`;
-- same handshake and timing as control_merge (1-bit constant data inside).
library ieee;
use ieee.std_logic_1164.all;
use work.types.all;

entity control_merge_dataless is
  generic (SIZE : integer; INDEX_WIDTH : integer);
  port (
    clk, rst    : in  std_logic;
    ins_valid   : in  std_logic_vector(SIZE - 1 downto 0);
    ins_ready   : out std_logic_vector(SIZE - 1 downto 0);
    outs_valid  : out std_logic;
    outs_ready  : in  std_logic;
    index       : out std_logic_vector(INDEX_WIDTH - 1 downto 0);
    index_valid : out std_logic;
    index_ready : in  std_logic
  );
end entity;

architecture arch of control_merge_dataless is
  signal unused : std_logic_vector(0 downto 0);
begin
  inner : entity work.control_merge
    generic map (SIZE => SIZE, DATA_WIDTH => 1, INDEX_WIDTH => INDEX_WIDTH)
    port map (
      clk => clk, rst => rst,
      ins => (SIZE - 1 downto 0 => "0"), ins_valid => ins_valid, ins_ready => ins_ready,
      outs => unused, outs_valid => outs_valid, outs_ready => outs_ready,
      index => index, index_valid => index_valid, index_ready => index_ready
    );
end architecture;
