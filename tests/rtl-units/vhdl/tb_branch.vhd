-- Rivulet unit test: cond_br / cond_br_dataless and br / br_dataless; same
-- scenario as tb_branch.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;

entity tb_branch is
end entity;

architecture tb of tb_branch is
  constant W : integer := 8;
  constant N : integer := 150;
  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal cond, c_cond : std_logic_vector(0 downto 0);
  signal cond_valid, cond_ready, c_cond_valid, c_cond_ready : std_logic;
  signal data, unused_c, true_out, false_out : std_logic_vector(W - 1 downto 0);
  signal data_valid, data_ready, c_data_valid, c_data_ready : std_logic;
  signal t_valid, t_ready, f_valid, f_ready, c_t_valid, c_t_ready, c_f_valid, c_f_ready : std_logic;
  signal n_cond, n_data, c_n_cond, c_n_data, b_count, bc_count : integer;
  signal b_ins, b_outs : std_logic_vector(W - 1 downto 0);
  signal bc_unused : std_logic_vector(0 downto 0);
  signal b_ins_valid, b_ins_ready, b_outs_valid, b_outs_ready : std_logic;
  signal bc_ins_valid, bc_ins_ready, bc_outs_valid, bc_outs_ready : std_logic;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_branch", 3000) port map (clk, cycle, done);
  src_c : entity work.tb_src generic map (ID => 5, SEED => 131, N => N, W => 1) port map (clk, rst, cond, cond_valid, cond_ready, n_cond);
  src_d : entity work.tb_src generic map (ID => 6, SEED => 132, N => N, W => W) port map (clk, rst, data, data_valid, data_ready, n_data);
  snk_t : entity work.tb_snk generic map (SEED => 133) port map (clk, rst, t_ready);
  snk_f : entity work.tb_snk generic map (SEED => 134) port map (clk, rst, f_ready);
  dut : entity work.cond_br generic map (W) port map (clk, rst, cond, cond_valid, cond_ready, data, data_valid, data_ready,
    true_out, t_valid, t_ready, false_out, f_valid, f_ready);
  src_cc : entity work.tb_src generic map (ID => 5, SEED => 131, N => N, W => 1) port map (clk, rst, c_cond, c_cond_valid, c_cond_ready, c_n_cond);
  src_dc : entity work.tb_src generic map (ID => 6, SEED => 132, N => N, W => W) port map (clk, rst, unused_c, c_data_valid, c_data_ready, c_n_data);
  snk_tc : entity work.tb_snk generic map (SEED => 133) port map (clk, rst, c_t_ready);
  snk_fc : entity work.tb_snk generic map (SEED => 134) port map (clk, rst, c_f_ready);
  dut_c : entity work.cond_br_dataless port map (clk, rst, c_cond, c_cond_valid, c_cond_ready, c_data_valid, c_data_ready,
    c_t_valid, c_t_ready, c_f_valid, c_f_ready);

  src_b : entity work.tb_src generic map (ID => 7, SEED => 135, N => N, W => W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_count);
  snk_b : entity work.tb_snk generic map (SEED => 136) port map (clk, rst, b_outs_ready);
  dut_b : entity work.br generic map (W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
  src_bc : entity work.tb_src generic map (ID => 7, SEED => 135, N => N, W => 1) port map (clk, rst, bc_unused, bc_ins_valid, bc_ins_ready, bc_count);
  snk_bc : entity work.tb_snk generic map (SEED => 136) port map (clk, rst, bc_outs_ready);
  dut_bc : entity work.br_dataless port map (clk, rst, bc_ins_valid, bc_ins_ready, bc_outs_valid, bc_outs_ready);

  check : process (clk)
    variable cnt, cnt_b : integer := 0;
    variable c_fire, d_fire : std_logic;
  begin
    if rising_edge(clk) and rst = '0' then
      c_fire := cond_valid and cond_ready;
      d_fire := data_valid and data_ready;
      assert c_fire = d_fire report "condition and data not consumed together" severity error;
      assert (t_valid and t_ready) = (d_fire and cond(0)) report "trueOut transfer mismatch" severity error;
      assert (f_valid and f_ready) = (d_fire and not cond(0)) report "falseOut transfer mismatch" severity error;
      if d_fire = '1' then
        assert data = std_logic_vector(resize(tok(6, cnt), W)) and true_out = data and false_out = data
          report "wrong data" severity error;
        if cond(0) = '1' then
          log_transfer(cycle, "trueOut", true_out);
        else
          log_transfer(cycle, "falseOut", false_out);
        end if;
        cnt := cnt + 1;
      end if;
      assert cond_ready = c_cond_ready and data_ready = c_data_ready and t_valid = c_t_valid and f_valid = c_f_valid
        report "cond_br_dataless differs" severity error;
      assert (b_outs_valid and b_outs_ready) = (b_ins_valid and b_ins_ready) and b_outs = b_ins
        report "br is not a wire" severity error;
      if b_outs_valid = '1' and b_outs_ready = '1' then
        assert b_outs = std_logic_vector(resize(tok(7, cnt_b), W)) report "br: wrong token" severity error;
        log_transfer(cycle, "br", b_outs);
        cnt_b := cnt_b + 1;
      end if;
      assert b_ins_ready = bc_ins_ready and b_outs_valid = bc_outs_valid report "br_dataless differs" severity error;
      if cnt = N and cnt_b = N then
        done <= true;
      end if;
    end if;
  end process;
end architecture;
