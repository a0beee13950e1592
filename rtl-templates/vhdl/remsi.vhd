-- Rivulet RTL template: remsi (pipelined integer unit, LATENCY cycles).
-- Value: signed remainder, sign of lhs (C %); lhs when rhs = 0; 0 when rhs = -1.
-- The value is computed combinationally (sdivmod: restoring division of the magnitudes) from the joined
-- operands and then delayed by a shift_reg_break_dv with NUM_SLOTS = LATENCY (the whole pipeline
-- stalls together when result_valid and not result_ready).
-- j_valid = lhs_valid and rhs_valid; lhs_ready = rhs_valid and p_ready;
-- rhs_ready = lhs_valid and p_ready, where p_ready is the pipeline's ins_ready.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity remsi is
  generic (DATA_WIDTH : integer; LATENCY : integer);
  port (
    clk, rst     : in  std_logic;
    lhs          : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    lhs_valid    : in  std_logic;
    lhs_ready    : out std_logic;
    rhs          : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    rhs_valid    : in  std_logic;
    rhs_ready    : out std_logic;
    result       : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    result_valid : out std_logic;
    result_ready : in  std_logic
  );
end entity;

architecture arch of remsi is
  signal comb             : std_logic_vector(DATA_WIDTH - 1 downto 0);
  signal j_valid, p_ready : std_logic;
begin
  j_valid   <= lhs_valid and rhs_valid;
  lhs_ready <= rhs_valid and p_ready;
  rhs_ready <= lhs_valid and p_ready;

  core : entity work.sdivmod
    generic map (DATA_WIDTH => DATA_WIDTH)
    port map (lhs => lhs, rhs => rhs, remainder => comb, quotient => open);

  pipe : entity work.shift_reg_break_dv
    generic map (NUM_SLOTS => LATENCY, DATA_WIDTH => DATA_WIDTH)
    port map (
      clk => clk, rst => rst,
      ins => comb, ins_valid => j_valid, ins_ready => p_ready,
      outs => result, outs_valid => result_valid, outs_ready => result_ready
    );
end architecture;
