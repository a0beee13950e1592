-- Rivulet floating-point unit divf: lhs / rhs (default LATENCY 15 suits f32 at 4-5 ns).
--
-- Elastic binary unit: the operands lhs and rhs are joined (a token is taken
-- from both when both are valid and the pipeline can accept); the result
-- appears on result LATENCY cycles later (see float_pipeline.vhd and
-- rtl-templates/float.md). FLOAT_WIDTH is 32 (binary32) or 64 (binary64).
-- Rounding: nearest, ties to even; NaN results are the canonical quiet NaN.
-- Depends on: float_pkg.vhd, float_pipeline.vhd.
library ieee;
use ieee.std_logic_1164.all;
use work.float_pkg.all;

entity divf is
  generic (
    FLOAT_WIDTH : positive := 32;
    LATENCY     : natural  := 15
  );
  port (
    clk          : in  std_logic;
    rst          : in  std_logic;
    lhs          : in  std_logic_vector(FLOAT_WIDTH - 1 downto 0);
    lhs_valid    : in  std_logic;
    lhs_ready    : out std_logic;
    rhs          : in  std_logic_vector(FLOAT_WIDTH - 1 downto 0);
    rhs_valid    : in  std_logic;
    rhs_ready    : out std_logic;
    result       : out std_logic_vector(FLOAT_WIDTH - 1 downto 0);
    result_valid : out std_logic;
    result_ready : in  std_logic
  );
end entity;

architecture arch of divf is
  signal value      : std_logic_vector(FLOAT_WIDTH - 1 downto 0);
  signal join_valid : std_logic;
  signal accept     : std_logic;
begin
  value <= fp_div(lhs, rhs);

  join_valid <= lhs_valid and rhs_valid;
  lhs_ready  <= accept and rhs_valid;
  rhs_ready  <= accept and lhs_valid;

  pipe : entity work.float_pipeline
    generic map (DATA_WIDTH => FLOAT_WIDTH, LATENCY => LATENCY)
    port map (
      clk => clk, rst => rst,
      ins => value, ins_valid => join_valid, ins_ready => accept,
      outs => result, outs_valid => result_valid, outs_ready => result_ready
    );
end architecture;
