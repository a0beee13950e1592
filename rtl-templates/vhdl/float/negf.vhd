-- Rivulet floating-point unit negf: -ins: flips the sign bit (also of NaNs).
--
-- Elastic unary unit: the operand token on ins is taken when the pipeline can
-- accept; the result appears on outs LATENCY cycles later (see
-- float_pipeline.vhd and rtl-templates/float.md).
-- FLOAT_WIDTH is 32 or 64.
-- Depends on: float_pipeline.vhd.
library ieee;
use ieee.std_logic_1164.all;

entity negf is
  generic (
    FLOAT_WIDTH : positive := 32;
    LATENCY     : natural  := 0
  );
  port (
    clk        : in  std_logic;
    rst        : in  std_logic;
    ins        : in  std_logic_vector(FLOAT_WIDTH - 1 downto 0);
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs       : out std_logic_vector(FLOAT_WIDTH - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of negf is
  signal value : std_logic_vector(FLOAT_WIDTH - 1 downto 0);
begin
  value <= (not ins(FLOAT_WIDTH - 1)) & ins(FLOAT_WIDTH - 2 downto 0);

  pipe : entity work.float_pipeline
    generic map (DATA_WIDTH => FLOAT_WIDTH, LATENCY => LATENCY)
    port map (
      clk => clk, rst => rst,
      ins => value, ins_valid => ins_valid, ins_ready => ins_ready,
      outs => outs, outs_valid => outs_valid, outs_ready => outs_ready
    );
end architecture;
