-- Rivulet unit test: control_merge / control_merge_dataless; same scenario as tb_cmerge.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;
use work.types.all;

entity tb_cmerge is
end entity;

architecture tb of tb_cmerge is
  constant SIZE : integer := 3;
  constant IW : integer := 2;
  constant W : integer := 8;
  constant N : integer := 60;
  type int_array is array (0 to SIZE - 1) of integer;
  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal ins, unused_c : data_array(SIZE - 1 downto 0)(W - 1 downto 0);
  signal ins_valid, ins_ready, c_ins_valid, c_ins_ready : std_logic_vector(SIZE - 1 downto 0);
  signal outs : std_logic_vector(W - 1 downto 0);
  signal index, c_index : std_logic_vector(IW - 1 downto 0);
  signal outs_valid, outs_ready, index_valid, index_ready : std_logic;
  signal c_outs_valid, c_outs_ready, c_index_valid, c_index_ready : std_logic;
  signal counts, c_counts : int_array;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_cmerge", 3000) port map (clk, cycle, done);
  srcs : for g in 0 to SIZE - 1 generate
    src : entity work.tb_src generic map (ID => g, SEED => 110 + g, N => N, W => W, PROB => 120) port map (clk, rst, ins(g), ins_valid(g), ins_ready(g), counts(g));
    src_c : entity work.tb_src generic map (ID => g, SEED => 110 + g, N => N, W => W, PROB => 120) port map (clk, rst, unused_c(g), c_ins_valid(g), c_ins_ready(g), c_counts(g));
  end generate;
  snk_o : entity work.tb_snk generic map (SEED => 121) port map (clk, rst, outs_ready);
  snk_i : entity work.tb_snk generic map (SEED => 122) port map (clk, rst, index_ready);
  snk_oc : entity work.tb_snk generic map (SEED => 121) port map (clk, rst, c_outs_ready);
  snk_ic : entity work.tb_snk generic map (SEED => 122) port map (clk, rst, c_index_ready);
  dut : entity work.control_merge generic map (SIZE, W, IW) port map (clk, rst, ins, ins_valid, ins_ready,
    outs, outs_valid, outs_ready, index, index_valid, index_ready);
  dut_c : entity work.control_merge_dataless generic map (SIZE, IW) port map (clk, rst, c_ins_valid, c_ins_ready,
    c_outs_valid, c_outs_ready, c_index, c_index_valid, c_index_ready);

  check : process (clk)
    type rec_array is array (0 to SIZE * N - 1) of integer;
    variable rec_id, rec_val : rec_array;
    variable n_in, n_out, n_idx : integer := 0;
    variable fired, lowest : integer;
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
      if fired >= 0 then
        assert fired = lowest report "not the lowest valid input" severity error;
        rec_id(n_in) := fired;
        rec_val(n_in) := to_integer(resize(tok(fired, counts(fired)), W));
        n_in := n_in + 1;
      end if;
      if outs_valid = '1' and outs_ready = '1' then
        assert n_out < n_in and to_integer(unsigned(outs)) = rec_val(n_out) report "wrong outs token" severity error;
        log_transfer(cycle, "outs", outs);
        n_out := n_out + 1;
      end if;
      if index_valid = '1' and index_ready = '1' then
        assert n_idx < n_in and to_integer(unsigned(index)) = rec_id(n_idx) report "wrong index token" severity error;
        log_transfer(cycle, "index", index);
        n_idx := n_idx + 1;
      end if;
      assert ins_ready = c_ins_ready and outs_valid = c_outs_valid and index_valid = c_index_valid
        and (index_valid = '0' or index = c_index) report "dataless variant differs" severity error;
      if n_out = SIZE * N and n_idx = SIZE * N then
        done <= true;
      end if;
    end if;
  end process;
end architecture;
