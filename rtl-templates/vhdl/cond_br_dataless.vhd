-- Rivulet RTL template: cond_br with a control-only data channel; same
-- handshake as cond_br.
library ieee;
use ieee.std_logic_1164.all;

entity cond_br_dataless is
  port (
    clk, rst        : in  std_logic;
    condition       : in  std_logic_vector(0 downto 0);
    condition_valid : in  std_logic;
    condition_ready : out std_logic;
    data_valid      : in  std_logic;
    data_ready      : out std_logic;
    trueOut_valid   : out std_logic;
    trueOut_ready   : in  std_logic;
    falseOut_valid  : out std_logic;
    falseOut_ready  : in  std_logic
  );
end entity;

architecture arch of cond_br_dataless is
  signal unused_t, unused_f : std_logic_vector(0 downto 0);
begin
  inner : entity work.cond_br
    generic map (DATA_WIDTH => 1)
    port map (
      clk => clk, rst => rst,
      condition => condition, condition_valid => condition_valid, condition_ready => condition_ready,
      data => "0", data_valid => data_valid, data_ready => data_ready,
      trueOut => unused_t, trueOut_valid => trueOut_valid, trueOut_ready => trueOut_ready,
      falseOut => unused_f, falseOut_valid => falseOut_valid, falseOut_ready => falseOut_ready
    );
end architecture;
