-- Rivulet unit test: join_unit; same scenario as tb_join.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;

entity tb_join is
  generic (SIZE : integer := 3);
end entity;

architecture tb of tb_join is
  constant N : integer := 150;
  type int_array is array (0 to SIZE - 1) of integer;
  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal ins_valid, ins_ready : std_logic_vector(SIZE - 1 downto 0);
  signal outs_valid, outs_ready : std_logic;
  signal counts : int_array;
  type bit_array is array (0 to SIZE - 1) of std_logic_vector(0 downto 0);
  signal unused : bit_array;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_join", 3000) port map (clk, cycle, done);
  srcs : for g in 0 to SIZE - 1 generate
    src : entity work.tb_src generic map (ID => g, SEED => 50 + g, N => N, W => 1) port map (clk, rst, unused(g), ins_valid(g), ins_ready(g), counts(g));
  end generate;
  snk : entity work.tb_snk generic map (SEED => 61) port map (clk, rst, outs_ready);
  dut : entity work.join_unit generic map (SIZE) port map (clk, rst, ins_valid, ins_ready, outs_valid, outs_ready);

  check : process (clk)
    variable cnt : integer := 0;
    variable in_fire : std_logic_vector(SIZE - 1 downto 0);
  begin
    if rising_edge(clk) and rst = '0' then
      in_fire := ins_valid and ins_ready;
      if outs_valid = '1' and outs_ready = '1' then
        assert in_fire = (SIZE - 1 downto 0 => '1') report "output fired without every input" severity error;
        log_transfer(cycle, "outs", "1");
        cnt := cnt + 1;
        if cnt = N then
          done <= true;
        end if;
      else
        assert in_fire = (SIZE - 1 downto 0 => '0') report "input consumed without the output" severity error;
      end if;
    end if;
  end process;
end architecture;
