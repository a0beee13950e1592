-- Rivulet unit test: integer arithmetic; same scenario and OP codes as tb_arith.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;

entity tb_arith is
  generic (OP : integer := 0; W : integer := 8; LATENCY : integer := 0);
end entity;

architecture tb of tb_arith is
  constant N     : integer := 150;
  constant UNARY : boolean := OP >= 30;
  constant CMP   : boolean := OP >= 20 and OP < 30;
  function rw_of return integer is
  begin
    if CMP then return 1;
    elsif OP = 30 or OP = 31 then return W + 4;
    elsif OP = 32 then return W - 3;
    else return W;
    end if;
  end function;
  constant RW : integer := rw_of;
  function rmask_of return unsigned is
  begin
    if OP = 5 or OP = 6 or OP = 7 then return x"00000007"; else return x"ffffffff"; end if;
  end function;
  constant RMASK : unsigned(31 downto 0) := rmask_of;
  function n_rhs return integer is
  begin
    if UNARY then return 0; else return N; end if;
  end function;

  -- sign extension of a W-bit value held in an integer
  function sx(v : integer) return integer is
  begin
    if v >= 2 ** (W - 1) then return v - 2 ** W; else return v; end if;
  end function;
  function bits(v : integer) return unsigned is
  begin
    return unsigned(to_signed(v, 33)(31 downto 0));
  end function;
  -- reference model; a and b are the W-bit operands
  function model(a, b : integer) return unsigned is
    constant sa : integer := sx(a);
    constant sb : integer := sx(b);
    constant ua : unsigned(31 downto 0) := to_unsigned(a, 32);
    constant ub : unsigned(31 downto 0) := to_unsigned(b, 32);
  begin
    case OP is
      when 0 => return bits(a + b);
      when 1 => return bits(a - b);
      when 2 => return ua and ub;
      when 3 => return ua or ub;
      when 4 => return ua xor ub;
      when 5 => if b >= W then return bits(0); else return bits(a * 2 ** b); end if;
      when 6 =>
        if b >= W then
          if sa < 0 then return bits(-1); else return bits(0); end if;
        elsif sa < 0 then return bits(-((-sa + 2 ** b - 1) / 2 ** b));
        else return bits(sa / 2 ** b);
        end if;
      when 7 => if b >= W then return bits(0); else return bits(a / 2 ** b); end if;
      when 8 => if sa > sb then return ua; else return ub; end if;
      when 9 => if a > b then return ua; else return ub; end if;
      when 10 => if sa < sb then return ua; else return ub; end if;
      when 11 => if a < b then return ua; else return ub; end if;
      when 12 => return bits((a * b) mod 2 ** W);
      when 13 =>
        if b = 0 then return bits(-1); elsif sb = -1 then return bits(-sa); else return bits(sa / sb); end if;
      when 14 => if b = 0 then return bits(2 ** W - 1); else return bits(a / b); end if;
      when 15 =>
        if b = 0 then return ua; elsif sb = -1 then return bits(0); else return bits(sa rem sb); end if;
      when 16 => if b = 0 then return ua; else return bits(a rem b); end if;
      when 20 => if a = b then return bits(1); else return bits(0); end if;
      when 21 => if a /= b then return bits(1); else return bits(0); end if;
      when 22 => if sa < sb then return bits(1); else return bits(0); end if;
      when 23 => if sa <= sb then return bits(1); else return bits(0); end if;
      when 24 => if sa > sb then return bits(1); else return bits(0); end if;
      when 25 => if sa >= sb then return bits(1); else return bits(0); end if;
      when 26 => if a < b then return bits(1); else return bits(0); end if;
      when 27 => if a <= b then return bits(1); else return bits(0); end if;
      when 28 => if a > b then return bits(1); else return bits(0); end if;
      when 29 => if a >= b then return bits(1); else return bits(0); end if;
      when 30 => return bits(sa);
      when 31 | 32 => return ua;
      when 33 => if sa < 0 then return bits(-sa); else return bits(sa); end if;
      when others => return not ua;
    end case;
  end function;

  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal lhs, rhs : std_logic_vector(W - 1 downto 0);
  signal result   : std_logic_vector(RW - 1 downto 0);
  signal lhs_valid, lhs_ready, rhs_valid, rhs_ready, result_valid, result_ready : std_logic;
  signal lhs_count, rhs_count : integer;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_arith", 5000) port map (clk, cycle, done);
  src_l : entity work.tb_src generic map (ID => 1, SEED => 5, N => N, W => W) port map (clk, rst, lhs, lhs_valid, lhs_ready, lhs_count);
  src_r : entity work.tb_src generic map (ID => 2, SEED => 9, N => n_rhs, W => W, MASK => RMASK) port map (clk, rst, rhs, rhs_valid, rhs_ready, rhs_count);
  snk : entity work.tb_snk generic map (SEED => 31) port map (clk, rst, result_ready);

  g : case OP generate
    when 0 => u : entity work.addi generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 1 => u : entity work.subi generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 2 => u : entity work.andi generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 3 => u : entity work.ori generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 4 => u : entity work.xori generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 5 => u : entity work.shli generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 6 => u : entity work.shrsi generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 7 => u : entity work.shrui generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 8 => u : entity work.maxsi generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 9 => u : entity work.maxui generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 10 => u : entity work.minsi generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 11 => u : entity work.minui generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 12 => u : entity work.muli generic map (W, LATENCY) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 13 => u : entity work.divsi generic map (W, LATENCY) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 14 => u : entity work.divui generic map (W, LATENCY) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 15 => u : entity work.remsi generic map (W, LATENCY) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 16 => u : entity work.remui generic map (W, LATENCY) port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 20 => u : entity work.cmpi generic map (W, "eq") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 21 => u : entity work.cmpi generic map (W, "ne") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 22 => u : entity work.cmpi generic map (W, "slt") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 23 => u : entity work.cmpi generic map (W, "sle") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 24 => u : entity work.cmpi generic map (W, "sgt") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 25 => u : entity work.cmpi generic map (W, "sge") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 26 => u : entity work.cmpi generic map (W, "ult") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 27 => u : entity work.cmpi generic map (W, "ule") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 28 => u : entity work.cmpi generic map (W, "ugt") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 29 => u : entity work.cmpi generic map (W, "uge") port map (clk, rst, lhs, lhs_valid, lhs_ready, rhs, rhs_valid, rhs_ready, result, result_valid, result_ready);
    when 30 => u : entity work.extsi generic map (W, RW) port map (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready);
    when 31 => u : entity work.extui generic map (W, RW) port map (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready);
    when 32 => u : entity work.trunci generic map (W, RW) port map (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready);
    when 33 => u : entity work.absi generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready);
    when others => u : entity work.noti generic map (W) port map (clk, rst, lhs, lhs_valid, lhs_ready, result, result_valid, result_ready);
  end generate;
  no_rhs : if UNARY generate
    rhs_ready <= '0';
  end generate;

  check : process (clk)
    type int_array is array (0 to N - 1) of integer;
    type val_array is array (0 to N - 1) of unsigned(31 downto 0);
    variable in_cycle : int_array;
    variable in_val : val_array;
    variable n_in, n_out : integer := 0;
    variable min_delay : integer := 1000000;
    variable a, b : integer;
    variable lhs_fire, rhs_fire : boolean;
  begin
    if rising_edge(clk) and rst = '0' then
      lhs_fire := lhs_valid = '1' and lhs_ready = '1';
      rhs_fire := rhs_valid = '1' and rhs_ready = '1';
      assert UNARY or lhs_fire = rhs_fire report "operands not consumed together" severity error;
      if lhs_fire then
        a := to_integer(resize(tok(1, n_in), W));
        b := to_integer(resize(tok(2, n_in) and RMASK, W));
        assert to_integer(unsigned(lhs)) = a report "lhs token" severity error;
        in_val(n_in) := model(a, b);
        in_cycle(n_in) := cycle;
        n_in := n_in + 1;
      end if;
      if result_valid = '1' and result_ready = '1' then
        assert n_out < n_in report "result before its operands" severity error;
        assert result = std_logic_vector(in_val(n_out)(RW - 1 downto 0))
          report "wrong result: got " & hex(result) & " expected " & hex(std_logic_vector(in_val(n_out)(RW - 1 downto 0)))
          severity error;
        if cycle - in_cycle(n_out) < min_delay then
          min_delay := cycle - in_cycle(n_out);
        end if;
        log_transfer(cycle, "result", result);
        n_out := n_out + 1;
        if n_out = N then
          assert min_delay = LATENCY report "wrong latency" severity error;
          done <= true;
        end if;
      end if;
    end if;
  end process;
end architecture;
