-- Rivulet floating-point unit extf: binary32 -> binary64, exact.
--
-- Elastic unary unit: the operand token on ins is taken when the pipeline can
-- accept; the result appears on outs LATENCY cycles later (see
-- float_pipeline.vhd and rtl-templates/float.md).
-- NaN gives the canonical binary64 quiet NaN.
-- Depends on: float_pkg.vhd, float_pipeline.vhd.
library ieee;
use ieee.std_logic_1164.all;
use work.float_pkg.all;

entity extf is
  generic (
    LATENCY     : natural  := 0
  );
  port (
    clk        : in  std_logic;
    rst        : in  std_logic;
    ins        : in  std_logic_vector(32 - 1 downto 0);
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs       : out std_logic_vector(64 - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of extf is
  signal value : std_logic_vector(64 - 1 downto 0);
begin
  value <= fp_convert(ins, 64);

  pipe : entity work.float_pipeline
    generic map (DATA_WIDTH => 64, LATENCY => LATENCY)
    port map (
      clk => clk, rst => rst,
      ins => value, ins_valid => ins_valid, ins_ready => ins_ready,
      outs => outs, outs_valid => outs_valid, outs_ready => outs_ready
    );
end architecture;
