-- Rivulet RTL template: cmpi (combinational integer comparison, latency 0).
-- PREDICATE is one of eq ne slt sle sgt sge ult ule ugt uge (s = signed,
-- u = unsigned); result(0) = 1 when "lhs PREDICATE rhs" holds.
-- Handshake = join of lhs and rhs: result_valid = lhs_valid and rhs_valid;
-- lhs_ready = rhs_valid and result_ready; rhs_ready = lhs_valid and result_ready.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity cmpi is
  generic (DATA_WIDTH : integer; PREDICATE : string);
  port (
    clk, rst     : in  std_logic;
    lhs          : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    lhs_valid    : in  std_logic;
    lhs_ready    : out std_logic;
    rhs          : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    rhs_valid    : in  std_logic;
    rhs_ready    : out std_logic;
    result       : out std_logic_vector(0 downto 0);
    result_valid : out std_logic;
    result_ready : in  std_logic
  );
end entity;

architecture arch of cmpi is
  function holds(p : string; a, b : std_logic_vector) return boolean is
  begin
    if p = "eq" then return a = b;
    elsif p = "ne" then return a /= b;
    elsif p = "slt" then return signed(a) < signed(b);
    elsif p = "sle" then return signed(a) <= signed(b);
    elsif p = "sgt" then return signed(a) > signed(b);
    elsif p = "sge" then return signed(a) >= signed(b);
    elsif p = "ult" then return unsigned(a) < unsigned(b);
    elsif p = "ule" then return unsigned(a) <= unsigned(b);
    elsif p = "ugt" then return unsigned(a) > unsigned(b);
    else return unsigned(a) >= unsigned(b);
    end if;
  end function;
begin
  assert PREDICATE = "eq" or PREDICATE = "ne" or PREDICATE = "slt" or PREDICATE = "sle"
    or PREDICATE = "sgt" or PREDICATE = "sge" or PREDICATE = "ult" or PREDICATE = "ule"
    or PREDICATE = "ugt" or PREDICATE = "uge"
    report "cmpi: unknown PREDICATE " & PREDICATE severity failure;

  result_valid <= lhs_valid and rhs_valid;
  lhs_ready    <= rhs_valid and result_ready;
  rhs_ready    <= lhs_valid and result_ready;
  result(0)    <= '1' when holds(PREDICATE, lhs, rhs) else '0';
end architecture;
