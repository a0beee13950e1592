-- Rivulet floating-point unit cmpf: MLIR arith.cmpf with predicate PREDICATE.
--
-- PREDICATE is one of oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno
-- true false. Ordered predicates (o*) are false when an operand is NaN,
-- unordered ones (u*) are true; +0 and -0 compare equal. result is 1 bit.
-- Elastic binary unit: lhs and rhs are joined; the result appears LATENCY
-- cycles after acceptance (see float_pipeline.vhd and rtl-templates/float.md).
-- FLOAT_WIDTH is 32 or 64.
-- Depends on: float_pkg.vhd, float_pipeline.vhd.
library ieee;
use ieee.std_logic_1164.all;
use work.float_pkg.all;

entity cmpf is
  generic (
    FLOAT_WIDTH : positive := 32;
    PREDICATE   : string   := "oeq";
    LATENCY     : natural  := 0
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
    result       : out std_logic_vector(0 downto 0);
    result_valid : out std_logic;
    result_ready : in  std_logic
  );
end entity;

architecture arch of cmpf is
  signal value      : std_logic_vector(0 downto 0);
  signal join_valid : std_logic;
  signal accept     : std_logic;
begin
  value(0) <= fp_cmp(lhs, rhs, PREDICATE);

  join_valid <= lhs_valid and rhs_valid;
  lhs_ready  <= accept and rhs_valid;
  rhs_ready  <= accept and lhs_valid;

  pipe : entity work.float_pipeline
    generic map (DATA_WIDTH => 1, LATENCY => LATENCY)
    port map (
      clk => clk, rst => rst,
      ins => value, ins_valid => join_valid, ins_ready => accept,
      outs => result, outs_valid => result_valid, outs_ready => result_ready
    );
end architecture;
