-- Rivulet RTL template: sdivmod (combinational signed division, the core of divsi and remsi;
-- not a dataflow unit). Same function as verilog/sdivmod.v. C's semantics: the quotient is
-- truncated toward zero, the remainder takes the sign of lhs.
-- rhs = 0: quotient -1 (all ones), remainder lhs. lhs = MIN, rhs = -1: quotient MIN (it
-- wraps), remainder 0.
-- The magnitudes are divided unsigned (udivmod) and the results negated back:
-- (x xor -n) + n negates x when n = 1, in one adder. The quotient is negated when the signs
-- differ (not for rhs = 0, whose all-ones quotient stays); the remainder when lhs is negative.
-- A unit using one output leaves the other open, and synthesis removes its logic.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity sdivmod is
  generic (DATA_WIDTH : integer);
  port (
    lhs, rhs  : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    quotient  : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    remainder : out std_logic_vector(DATA_WIDTH - 1 downto 0)
  );
end entity;

architecture arch of sdivmod is
  signal neg_l, neg_r, neg_q : std_logic;
  signal mag_l, mag_r        : unsigned(DATA_WIDTH - 1 downto 0);
  signal mag_q, mag_rem      : std_logic_vector(DATA_WIDTH - 1 downto 0);
begin
  neg_l <= lhs(DATA_WIDTH - 1);
  neg_r <= rhs(DATA_WIDTH - 1);
  mag_l <= (unsigned(lhs) xor (DATA_WIDTH - 1 downto 0 => neg_l)) + unsigned'(0 => neg_l);
  mag_r <= (unsigned(rhs) xor (DATA_WIDTH - 1 downto 0 => neg_r)) + unsigned'(0 => neg_r);
  core : entity work.udivmod
    generic map (DATA_WIDTH => DATA_WIDTH)
    port map (lhs => std_logic_vector(mag_l), rhs => std_logic_vector(mag_r),
              quotient => mag_q, remainder => mag_rem);
  neg_q <= (neg_l xor neg_r) when unsigned(rhs) /= 0 else '0';
  quotient <= std_logic_vector((unsigned(mag_q) xor (DATA_WIDTH - 1 downto 0 => neg_q)) + unsigned'(0 => neg_q));
  remainder <= std_logic_vector((unsigned(mag_rem) xor (DATA_WIDTH - 1 downto 0 => neg_l)) + unsigned'(0 => neg_l));
end architecture;
