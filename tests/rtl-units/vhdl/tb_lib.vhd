-- Rivulet unit tests: clock/reset generator, verdict, random token source and
-- random-ready sink (same behaviour as tb_lib.v / tb_common.vh).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;

-- Clock period 10 ns; reset high during the first three rising edges; cycle
-- counts rising edges after reset.
entity tb_clock is
  port (clk : out std_logic; rst : out std_logic; cycle : out integer);
end entity;

architecture tb of tb_clock is
  signal c : std_logic := '0';
  signal r : std_logic := '1';
  signal n : integer := 0;
  signal stop : boolean := false;
begin
  c <= not c after 5 ns;
  r <= '0' after 32 ns;
  clk <= c;
  rst <= r;
  cycle <= n;
  process (c)
  begin
    if rising_edge(c) and r = '0' then
      n <= n + 1;
    end if;
  end process;
end architecture;

library ieee;
use ieee.std_logic_1164.all;
use work.tb_pkg.all;

-- Waits for done (PASS, simulation finishes) or MAX_CYCLES (timeout failure).
-- Mismatches are reported by the tests with severity error, which stops the
-- run with a non-zero exit code (ghdl -r ... --assert-level=error).
entity tb_verdict is
  generic (NAME : string; MAX_CYCLES : integer);
  port (clk : in std_logic; cycle : in integer; done : in boolean);
end entity;

architecture tb of tb_verdict is
begin
  process
  begin
    wait until rising_edge(clk) and (done or cycle >= MAX_CYCLES);
    assert done report "timeout after " & integer'image(cycle) & " cycles" severity failure;
    say("PASS " & NAME);
    std.env.finish;
  end process;
end architecture;

library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;

-- Offers tok(ID, k) and MASK for k = 0 .. N-1 in order; see tb_lib.v.
entity tb_src is
  generic (
    ID : integer := 0; SEED : integer := 1; N : integer := 100; W : integer := 32;
    MASK : unsigned(31 downto 0) := x"ffffffff"; PROB : integer := 192
  );
  port (
    clk, rst : in  std_logic;
    data     : out std_logic_vector(W - 1 downto 0);
    valid    : out std_logic;
    ready    : in  std_logic;
    count    : out integer
  );
end entity;

architecture tb of tb_src is
  signal rng : unsigned(31 downto 0);
  signal v   : std_logic;
  signal k   : integer := 0;
begin
  valid <= v;
  count <= k;
  data  <= std_logic_vector(resize(tok(ID, k) and MASK, W));
  process (clk)
    variable rn   : unsigned(31 downto 0);
    variable fire : boolean;
    variable kn   : integer;
  begin
    if rising_edge(clk) then
      if rst = '1' then
        rng <= to_unsigned(SEED, 32);
        k   <= 0;
        v   <= '0';
      else
        rn   := xs(rng);
        rng  <= rn;
        fire := v = '1' and ready = '1';
        kn   := k;
        if fire then
          kn := k + 1;
        end if;
        k <= kn;
        if v = '0' or fire then
          if kn < N and to_integer(rn(7 downto 0)) < PROB then
            v <= '1';
          else
            v <= '0';
          end if;
        end if;
      end if;
    end if;
  end process;
end architecture;

library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;

-- ready is a register, 1 with probability PROB/256 each cycle.
entity tb_snk is
  generic (SEED : integer := 7; PROB : integer := 192);
  port (clk, rst : in std_logic; ready : out std_logic);
end entity;

architecture tb of tb_snk is
  signal rng : unsigned(31 downto 0);
begin
  process (clk)
    variable rn : unsigned(31 downto 0);
  begin
    if rising_edge(clk) then
      if rst = '1' then
        rng   <= to_unsigned(SEED, 32);
        ready <= '0';
      else
        rn  := xs(rng);
        rng <= rn;
        if to_integer(rn(7 downto 0)) < PROB then
          ready <= '1';
        else
          ready <= '0';
        end if;
      end if;
    end if;
  end process;
end architecture;
