-- Rivulet unit tests: shared functions (same definitions as tb_funcs.vh).
-- xs: xorshift32 step; tok(id, k): the k-th token value of source id
-- (non-linear: products and sums modulo 2^32);
-- hex: lower-case hex, ceil(width / 4) digits (as Verilog's %h);
-- log_transfer: prints "T <cycle> <channel> <hex>".
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use std.textio.all;

package tb_pkg is
  function xs(x : unsigned(31 downto 0)) return unsigned;
  function tok(id : integer; k : integer) return unsigned;
  function hex(v : std_logic_vector) return string;
  procedure log_transfer(cycle : integer; chan : string; v : std_logic_vector);
  procedure say(msg : string);
end package;

package body tb_pkg is
  function xs(x : unsigned(31 downto 0)) return unsigned is
    variable y : unsigned(31 downto 0);
  begin
    y := x xor shift_left(x, 13);
    y := y xor shift_right(y, 17);
    return y xor shift_left(y, 5);
  end function;

  function tok(id : integer; k : integer) return unsigned is
    variable a, b, x : unsigned(31 downto 0);
  begin
    a := resize(to_unsigned(id + 1, 32) * unsigned'(x"9e3779b1"), 32);
    b := resize(to_unsigned(k + 1, 32) * unsigned'(x"85ebca77"), 32);
    x := xs(a xor b);
    x := xs(x + a);
    return x xor shift_right(x, 16);
  end function;

  function hex(v : std_logic_vector) return string is
    constant DIGITS : integer := (v'length + 3) / 4;
    constant HEXC   : string(1 to 16) := "0123456789abcdef";
    variable p      : unsigned(4 * DIGITS - 1 downto 0);
    variable s      : string(1 to DIGITS);
  begin
    p := resize(unsigned(to_01(v)), 4 * DIGITS);
    for i in 0 to DIGITS - 1 loop
      s(DIGITS - i) := HEXC(to_integer(p(4 * i + 3 downto 4 * i)) + 1);
    end loop;
    return s;
  end function;

  procedure say(msg : string) is
    variable l : line;
  begin
    write(l, msg);
    writeline(output, l);
  end procedure;

  procedure log_transfer(cycle : integer; chan : string; v : std_logic_vector) is
  begin
    say("T " & integer'image(cycle) & " " & chan & " " & hex(v));
  end procedure;
end package body;
