-- Rivulet unit test: merge / merge_dataless; same scenario as tb_merge.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;
use work.types.all;

entity tb_merge is
  generic (SIZE : integer := 3);
end entity;

architecture tb of tb_merge is
  constant W : integer := 8;
  constant N : integer := 60;
  type int_array is array (0 to SIZE - 1) of integer;
  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal ins, unused_c : data_array(SIZE - 1 downto 0)(W - 1 downto 0);
  signal ins_valid, ins_ready, c_ins_valid, c_ins_ready : std_logic_vector(SIZE - 1 downto 0);
  signal outs : std_logic_vector(W - 1 downto 0);
  signal outs_valid, outs_ready, c_outs_valid, c_outs_ready : std_logic;
  signal counts, c_counts : int_array;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_merge", 3000) port map (clk, cycle, done);
  srcs : for g in 0 to SIZE - 1 generate
    src : entity work.tb_src generic map (ID => g, SEED => 70 + g, N => N, W => W, PROB => 100) port map (clk, rst, ins(g), ins_valid(g), ins_ready(g), counts(g));
    src_c : entity work.tb_src generic map (ID => g, SEED => 70 + g, N => N, W => W, PROB => 100) port map (clk, rst, unused_c(g), c_ins_valid(g), c_ins_ready(g), c_counts(g));
  end generate;
  snk : entity work.tb_snk generic map (SEED => 81) port map (clk, rst, outs_ready);
  snk_c : entity work.tb_snk generic map (SEED => 81) port map (clk, rst, c_outs_ready);
  dut : entity work.merge generic map (SIZE, W) port map (clk, rst, ins, ins_valid, ins_ready, outs, outs_valid, outs_ready);
  dut_c : entity work.merge_dataless generic map (SIZE) port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);

  check : process (clk)
    variable cnt, fired, lowest : integer := 0;
  begin
    if rising_edge(clk) and rst = '0' then
      fired := -1;
      lowest := -1;
      for i in SIZE - 1 downto 0 loop
        if ins_valid(i) = '1' and ins_ready(i) = '1' then
          assert fired < 0 report "two inputs consumed in one cycle" severity error;
          fired := i;
        end if;
        if ins_valid(i) = '1' then
          lowest := i;
        end if;
      end loop;
      if outs_valid = '1' and outs_ready = '1' then
        assert fired >= 0 report "output without input" severity error;
        assert fired = lowest report "not the lowest valid input" severity error;
        assert outs = std_logic_vector(resize(tok(fired, counts(fired)), W)) report "wrong token" severity error;
        log_transfer(cycle, "outs", outs);
        cnt := cnt + 1;
        if cnt = SIZE * N then
          done <= true;
        end if;
      else
        assert fired < 0 report "input consumed without the output" severity error;
      end if;
      assert ins_ready = c_ins_ready and outs_valid = c_outs_valid report "dataless variant differs" severity error;
    end if;
  end process;
end architecture;
