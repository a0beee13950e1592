-- Rivulet unit test: fork_unit / fork_dataless (LAZY = 0) and lazy_fork /
-- lazy_fork_dataless (LAZY = 1); same scenario as tb_fork.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;
use work.types.all;

entity tb_fork is
  generic (LAZY : integer := 0; SIZE : integer := 3);
end entity;

architecture tb of tb_fork is
  constant W : integer := 8;
  constant N : integer := 150;
  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal ins, unused_c : std_logic_vector(W - 1 downto 0);
  signal outs : data_array(SIZE - 1 downto 0)(W - 1 downto 0);
  signal ins_valid, ins_ready, c_ins_valid, c_ins_ready : std_logic;
  signal outs_valid, outs_ready, c_outs_valid, c_outs_ready : std_logic_vector(SIZE - 1 downto 0);
  signal in_count, c_count : integer;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_fork", 3000) port map (clk, cycle, done);
  src : entity work.tb_src generic map (ID => 0, SEED => 3, N => N, W => W) port map (clk, rst, ins, ins_valid, ins_ready, in_count);
  src_c : entity work.tb_src generic map (ID => 0, SEED => 3, N => N, W => W) port map (clk, rst, unused_c, c_ins_valid, c_ins_ready, c_count);
  sinks : for g in 0 to SIZE - 1 generate
    snk : entity work.tb_snk generic map (SEED => 40 + g) port map (clk, rst, outs_ready(g));
    snk_c : entity work.tb_snk generic map (SEED => 40 + g) port map (clk, rst, c_outs_ready(g));
  end generate;
  lazy_dut : if LAZY = 1 generate
    u : entity work.lazy_fork generic map (SIZE, W) port map (clk, rst, ins, ins_valid, ins_ready, outs, outs_valid, outs_ready);
    c : entity work.lazy_fork_dataless generic map (SIZE) port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
  else generate
    u : entity work.fork_unit generic map (SIZE, W) port map (clk, rst, ins, ins_valid, ins_ready, outs, outs_valid, outs_ready);
    c : entity work.fork_dataless generic map (SIZE) port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
  end generate;

  check : process (clk)
    type int_array is array (0 to SIZE - 1) of integer;
    variable got : int_array := (others => 0);
    variable total : integer;
    variable fire : std_logic_vector(SIZE - 1 downto 0);
  begin
    if rising_edge(clk) and rst = '0' then
      fire := outs_valid and outs_ready;
      total := 0;
      for i in 0 to SIZE - 1 loop
        if fire(i) = '1' then
          assert outs(i) = std_logic_vector(resize(tok(0, in_count), W)) report "wrong token on an output" severity error;
          assert got(i) = in_count report "output took a token twice" severity error;
          got(i) := got(i) + 1;
          log_transfer(cycle, "outs" & integer'image(i), outs(i));
        end if;
        total := total + got(i);
      end loop;
      if ins_valid = '1' and ins_ready = '1' then
        for i in 0 to SIZE - 1 loop
          assert got(i) = in_count + 1 report "input consumed before every output took it" severity error;
        end loop;
      end if;
      assert LAZY = 0 or fire = (SIZE - 1 downto 0 => '0') or fire = (SIZE - 1 downto 0 => '1')
        report "lazy fork outputs fired separately" severity error;
      assert ins_ready = c_ins_ready and outs_valid = c_outs_valid report "dataless variant differs" severity error;
      if total = SIZE * N then
        done <= true;
      end if;
    end if;
  end process;
end architecture;
