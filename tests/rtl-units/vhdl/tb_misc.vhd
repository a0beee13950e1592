-- Rivulet unit test: select_unit, constant_unit, source, sink, sink_dataless;
-- same scenario as tb_misc.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;

entity tb_misc is
end entity;

architecture tb of tb_misc is
  constant W : integer := 8;
  constant N : integer := 150;
  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal cond, ctrl_unused, zd_unused : std_logic_vector(0 downto 0);
  signal tv, fv, result, k_outs, z_ins : std_logic_vector(W - 1 downto 0);
  signal cond_valid, cond_ready, tv_valid, tv_ready, fv_valid, fv_ready, result_valid, result_ready : std_logic;
  signal ctrl_valid, ctrl_ready, k_valid, k_ready, s_valid, s_ready : std_logic;
  signal z_valid, z_ready, zd_valid, zd_ready : std_logic;
  signal n_c, n_t, n_f, n_k, n_z, n_zd : integer;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_misc", 3000) port map (clk, cycle, done);
  src_c : entity work.tb_src generic map (ID => 1, SEED => 141, N => N, W => 1) port map (clk, rst, cond, cond_valid, cond_ready, n_c);
  src_t : entity work.tb_src generic map (ID => 2, SEED => 142, N => N, W => W) port map (clk, rst, tv, tv_valid, tv_ready, n_t);
  src_f : entity work.tb_src generic map (ID => 3, SEED => 143, N => N, W => W) port map (clk, rst, fv, fv_valid, fv_ready, n_f);
  snk_r : entity work.tb_snk generic map (SEED => 144) port map (clk, rst, result_ready);
  dut_s : entity work.select_unit generic map (W) port map (clk, rst, cond, cond_valid, cond_ready, tv, tv_valid, tv_ready,
    fv, fv_valid, fv_ready, result, result_valid, result_ready);
  src_k : entity work.tb_src generic map (ID => 4, SEED => 145, N => N, W => 1) port map (clk, rst, ctrl_unused, ctrl_valid, ctrl_ready, n_k);
  snk_k : entity work.tb_snk generic map (SEED => 146) port map (clk, rst, k_ready);
  dut_k : entity work.constant_unit generic map (W, "01011010") port map (clk, rst, ctrl_valid, ctrl_ready, k_outs, k_valid, k_ready);
  snk_s : entity work.tb_snk generic map (SEED => 147) port map (clk, rst, s_ready);
  dut_src : entity work.source port map (clk, rst, s_valid, s_ready);
  src_z : entity work.tb_src generic map (ID => 5, SEED => 148, N => N, W => W) port map (clk, rst, z_ins, z_valid, z_ready, n_z);
  src_zd : entity work.tb_src generic map (ID => 6, SEED => 149, N => N, W => 1) port map (clk, rst, zd_unused, zd_valid, zd_ready, n_zd);
  dut_z : entity work.sink generic map (W) port map (clk, rst, z_ins, z_valid, z_ready);
  dut_zd : entity work.sink_dataless port map (clk, rst, zd_valid, zd_ready);

  check : process (clk)
    variable n_s, n_const : integer := 0;
    variable a, b, c : unsigned(31 downto 0);
    variable s_fire : std_logic_vector(2 downto 0);
  begin
    if rising_edge(clk) and rst = '0' then
      s_fire := (cond_valid and cond_ready) & (tv_valid and tv_ready) & (fv_valid and fv_ready);
      if result_valid = '1' and result_ready = '1' then
        assert s_fire = "111" report "select: inputs not consumed with the result" severity error;
        a := tok(1, n_s);
        b := tok(2, n_s);
        c := tok(3, n_s);
        if a(0) = '1' then
          assert result = std_logic_vector(b(W - 1 downto 0)) report "select: wrong result" severity error;
        else
          assert result = std_logic_vector(c(W - 1 downto 0)) report "select: wrong result" severity error;
        end if;
        log_transfer(cycle, "result", result);
        n_s := n_s + 1;
      else
        assert s_fire = "000" report "select: input consumed without the result" severity error;
      end if;
      assert (k_valid and k_ready) = (ctrl_valid and ctrl_ready) report "constant: not a wire" severity error;
      if k_valid = '1' and k_ready = '1' then
        assert k_outs = x"5a" report "constant: wrong value" severity error;
        log_transfer(cycle, "constant", k_outs);
        n_const := n_const + 1;
      end if;
      assert s_valid = '1' report "source: not always valid" severity error;
      assert z_ready = '1' and zd_ready = '1' report "sink: not always ready" severity error;
      if n_s = N and n_const = N and n_z = N and n_zd = N then
        done <= true;
      end if;
    end if;
  end process;
end architecture;
