-- Rivulet RTL template: udivmod (combinational unsigned division, the core of divui,
-- remui, divsi and remsi; not a dataflow unit). Same function as verilog/udivmod.v.
-- quotient = lhs / rhs, remainder = lhs mod rhs; rhs = 0 gives quotient = all ones and
-- remainder = lhs (what the restoring scheme computes, and what divui/remui define).
-- Restoring division, one stage per quotient bit from the most significant: stage s
-- shifts lhs bit DATA_WIDTH-1-s into the partial remainder p (s+1 bits: the remainder
-- so far is below 2^s) and subtracts rhs when p >= rhs. p >= rhs needs rhs < 2^(s+1)
-- and no borrow from p - rhs(s downto 0), so stage s subtracts s+1 bits, not DATA_WIDTH:
-- the stages together are about half the logic of full-width ones.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity udivmod is
  generic (DATA_WIDTH : integer);
  port (
    lhs, rhs  : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    quotient  : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    remainder : out std_logic_vector(DATA_WIDTH - 1 downto 0)
  );
end entity;

architecture arch of udivmod is
  constant W : integer := DATA_WIDTH;
  type rem_array is array (0 to W - 1) of unsigned(W - 1 downto 0);
  -- rems(s): the remainder after stage s (bits above s are 0)
  signal rems : rem_array;
  -- rhs_high(s) = some bit of rhs above bit s is set
  signal rhs_high : std_logic_vector(W - 1 downto 0);
begin
  high : for s in 0 to W - 1 generate
    top : if s = W - 1 generate
      rhs_high(s) <= '0';
    end generate;
    below : if s < W - 1 generate
      rhs_high(s) <= '1' when unsigned(rhs(W - 1 downto s + 1)) /= 0 else '0';
    end generate;
  end generate;

  stage : for s in 0 to W - 1 generate
    signal p    : unsigned(s downto 0);
    signal d    : unsigned(s + 1 downto 0);
    signal take : std_logic;
  begin
    first : if s = 0 generate
      p(0) <= lhs(W - 1);
    end generate;
    next_stage : if s > 0 generate
      p <= rems(s - 1)(s - 1 downto 0) & lhs(W - 1 - s);
    end generate;
    d <= ('0' & p) - ('0' & unsigned(rhs(s downto 0)));
    take <= '1' when rhs_high(s) = '0' and d(s + 1) = '0' else '0';
    quotient(W - 1 - s) <= take;
    rems(s)(s downto 0) <= d(s downto 0) when take = '1' else p;
    pad : if s < W - 1 generate
      rems(s)(W - 1 downto s + 1) <= (others => '0');
    end generate;
  end generate;

  remainder <= std_logic_vector(rems(W - 1));
end architecture;
