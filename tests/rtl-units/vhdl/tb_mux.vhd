-- Rivulet unit test: mux / mux_dataless; same scenario as tb_mux.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;
use work.types.all;

entity tb_mux is
end entity;

architecture tb of tb_mux is
  constant SIZE : integer := 4;
  constant SW : integer := 2;
  constant W : integer := 8;
  constant N : integer := 100;
  type int_array is array (0 to SIZE - 1) of integer;
  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal index, c_index : std_logic_vector(SW - 1 downto 0);
  signal index_valid, index_ready, c_index_valid, c_index_ready : std_logic;
  signal ins, unused_c : data_array(SIZE - 1 downto 0)(W - 1 downto 0);
  signal ins_valid, ins_ready, c_ins_valid, c_ins_ready : std_logic_vector(SIZE - 1 downto 0);
  signal outs : std_logic_vector(W - 1 downto 0);
  signal outs_valid, outs_ready, c_outs_valid, c_outs_ready : std_logic;
  signal index_count, c_index_count : integer;
  signal counts, c_counts : int_array;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_mux", 3000) port map (clk, cycle, done);
  srcs : for g in 0 to SIZE - 1 generate
    src : entity work.tb_src generic map (ID => g, SEED => 90 + g, N => N, W => W) port map (clk, rst, ins(g), ins_valid(g), ins_ready(g), counts(g));
    src_c : entity work.tb_src generic map (ID => g, SEED => 90 + g, N => N, W => W) port map (clk, rst, unused_c(g), c_ins_valid(g), c_ins_ready(g), c_counts(g));
  end generate;
  src_i : entity work.tb_src generic map (ID => 9, SEED => 99, N => N, W => SW) port map (clk, rst, index, index_valid, index_ready, index_count);
  src_ic : entity work.tb_src generic map (ID => 9, SEED => 99, N => N, W => SW) port map (clk, rst, c_index, c_index_valid, c_index_ready, c_index_count);
  snk : entity work.tb_snk generic map (SEED => 101) port map (clk, rst, outs_ready);
  snk_c : entity work.tb_snk generic map (SEED => 101) port map (clk, rst, c_outs_ready);
  dut : entity work.mux generic map (SIZE, W, SW) port map (clk, rst, index, index_valid, index_ready, ins, ins_valid, ins_ready, outs, outs_valid, outs_ready);
  dut_c : entity work.mux_dataless generic map (SIZE, SW) port map (clk, rst, c_index, c_index_valid, c_index_ready, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);

  check : process (clk)
    variable cnt, sel : integer := 0;
    variable in_fire, onehot : std_logic_vector(SIZE - 1 downto 0);
  begin
    if rising_edge(clk) and rst = '0' then
      in_fire := ins_valid and ins_ready;
      if outs_valid = '1' and outs_ready = '1' then
        sel := to_integer(unsigned(index));
        onehot := (others => '0');
        onehot(sel) := '1';
        assert index_valid = '1' and index_ready = '1' report "output without index" severity error;
        assert in_fire = onehot report "wrong inputs consumed" severity error;
        assert outs = std_logic_vector(resize(tok(sel, counts(sel)), W)) report "wrong token" severity error;
        log_transfer(cycle, "outs", outs);
        cnt := cnt + 1;
        if cnt = N then
          done <= true;
        end if;
      else
        assert in_fire = (SIZE - 1 downto 0 => '0') and not (index_valid = '1' and index_ready = '1')
          report "input consumed without the output" severity error;
      end if;
      assert index_ready = c_index_ready and ins_ready = c_ins_ready and outs_valid = c_outs_valid
        report "dataless variant differs" severity error;
    end if;
  end process;
end architecture;
