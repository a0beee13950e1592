-- Rivulet RTL template: mux with control-only data inputs; same handshake as mux.
library ieee;
use ieee.std_logic_1164.all;
use work.types.all;

entity mux_dataless is
  generic (SIZE : integer; SELECT_WIDTH : integer);
  port (
    clk, rst    : in  std_logic;
    index       : in  std_logic_vector(SELECT_WIDTH - 1 downto 0);
    index_valid : in  std_logic;
    index_ready : out std_logic;
    ins_valid   : in  std_logic_vector(SIZE - 1 downto 0);
    ins_ready   : out std_logic_vector(SIZE - 1 downto 0);
    outs_valid  : out std_logic;
    outs_ready  : in  std_logic
  );
end entity;

architecture arch of mux_dataless is
  signal unused : std_logic_vector(0 downto 0);
begin
  inner : entity work.mux
    generic map (SIZE => SIZE, DATA_WIDTH => 1, SELECT_WIDTH => SELECT_WIDTH)
    port map (
      clk => clk, rst => rst,
      index => index, index_valid => index_valid, index_ready => index_ready,
      ins => (SIZE - 1 downto 0 => "0"), ins_valid => ins_valid, ins_ready => ins_ready,
      outs => unused, outs_valid => outs_valid, outs_ready => outs_ready
    );
end architecture;
