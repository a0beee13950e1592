-- Rivulet unit test: mem_controller (MODE 0), mem_controller_loadless (MODE 1),
-- mem_controller_storeless (MODE 2) with load/store units and tb_memory; same
-- scenario as tb_mem.v.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;
use work.types.all;

entity tb_mem is
  generic (MODE : integer := 0);
end entity;

architecture tb of tb_mem is
  constant HAS_LD : boolean := MODE /= 1;
  constant HAS_ST : boolean := MODE /= 2;
  constant DW : integer := 8;
  constant AW : integer := 4;
  constant NLT : integer := 40;
  constant NST : integer := 30;
  constant NCT : integer := 10;
  function count_if(b : boolean; n : integer) return integer is
  begin
    if b then return n; else return 0; end if;
  end function;
  type int_pair is array (0 to 1) of integer;
  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal la_src, la_mc, sa_raw, sa_src, sa_mc : data_array(1 downto 0)(AW - 1 downto 0);
  signal ld_mc, ld_out, sd_src, sd_mc : data_array(1 downto 0)(DW - 1 downto 0);
  signal ctrl_raw, ctrl : data_array(1 downto 0)(31 downto 0);
  signal la_src_valid, la_src_ready, la_mc_valid, la_mc_ready : std_logic_vector(1 downto 0);
  signal ld_mc_valid, ld_mc_ready, ld_out_valid, ld_out_ready : std_logic_vector(1 downto 0);
  signal sa_src_valid, sa_src_ready, sd_src_valid, sd_src_ready : std_logic_vector(1 downto 0);
  signal sa_mc_valid, sa_mc_ready, sd_mc_valid, sd_mc_ready : std_logic_vector(1 downto 0);
  signal ctrl_valid, ctrl_ready : std_logic_vector(1 downto 0);
  signal la_count, sa_count, sd_count, c_count : int_pair;
  signal ms_unused, ce_unused : std_logic_vector(0 downto 0);
  signal ms_valid, ms_ready, ce_valid, ce_ready, me_valid, me_ready : std_logic;
  signal ms_count, ce_count : integer;
  signal load_en, store_en : std_logic;
  signal load_addr, store_addr : std_logic_vector(AW - 1 downto 0);
  signal load_data, store_data : std_logic_vector(DW - 1 downto 0);
  signal dump : std_logic := '0';
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_mem", 3000) port map (clk, cycle, done);

  ports : for p in 0 to 1 generate
    src_la : entity work.tb_src generic map (ID => 10 + p, SEED => 150 + p, N => count_if(HAS_LD, NLT), W => AW, MASK => x"00000007")
      port map (clk, rst, la_src(p), la_src_valid(p), la_src_ready(p), la_count(p));
    u_load : entity work.load generic map (AW, DW) port map (clk, rst,
      la_src(p), la_src_valid(p), la_src_ready(p), ld_mc(p), ld_mc_valid(p), ld_mc_ready(p),
      la_mc(p), la_mc_valid(p), la_mc_ready(p), ld_out(p), ld_out_valid(p), ld_out_ready(p));
    snk_ld : entity work.tb_snk generic map (SEED => 160 + p, PROB => 120) port map (clk, rst, ld_out_ready(p));
    src_sa : entity work.tb_src generic map (ID => 20 + p, SEED => 170 + p, N => count_if(HAS_ST, NST), W => AW, MASK => x"00000007")
      port map (clk, rst, sa_raw(p), sa_src_valid(p), sa_src_ready(p), sa_count(p));
    sa_src(p) <= sa_raw(p) or "1000";
    src_sd : entity work.tb_src generic map (ID => 30 + p, SEED => 180 + p, N => count_if(HAS_ST, NST), W => DW)
      port map (clk, rst, sd_src(p), sd_src_valid(p), sd_src_ready(p), sd_count(p));
    u_store : entity work.store generic map (AW, DW) port map (clk, rst,
      sa_src(p), sa_src_valid(p), sa_src_ready(p), sd_src(p), sd_src_valid(p), sd_src_ready(p),
      sa_mc(p), sa_mc_valid(p), sa_mc_ready(p), sd_mc(p), sd_mc_valid(p), sd_mc_ready(p));
    src_ctrl : entity work.tb_src generic map (ID => 40 + p, SEED => 190 + p, N => count_if(HAS_ST, NCT), W => 32, MASK => x"00000000", PROB => 40)
      port map (clk, rst, ctrl_raw(p), ctrl_valid(p), ctrl_ready(p), c_count(p));
    ctrl(p) <= ctrl_raw(p) or x"00000003";
  end generate;
  src_ms : entity work.tb_src generic map (ID => 50, SEED => 200, N => 1, W => 1) port map (clk, rst, ms_unused, ms_valid, ms_ready, ms_count);
  src_ce : entity work.tb_src generic map (ID => 51, SEED => 201, N => 1, W => 1, PROB => 256) port map (clk, rst, ce_unused, ce_valid, ce_ready, ce_count);
  snk_me : entity work.tb_snk generic map (SEED => 202) port map (clk, rst, me_ready);

  mem : entity work.tb_memory
    generic map (DATA_WIDTH => DW, ADDR_WIDTH => AW, DEPTH => 16, INIT_FILE => "mem_init.hex", DUMP_FILE => "dump.hex")
    port map (clk, load_en, load_addr, load_data, store_en, store_addr, store_data, dump);

  dut : case MODE generate
    when 0 =>
      u : entity work.mem_controller generic map (2, 2, 2, DW, AW) port map (clk, rst,
        ms_valid, ms_ready, ctrl, ctrl_valid, ctrl_ready, la_mc, la_mc_valid, la_mc_ready,
        sa_mc, sa_mc_valid, sa_mc_ready, sd_mc, sd_mc_valid, sd_mc_ready, ce_valid, ce_ready,
        ld_mc, ld_mc_valid, ld_mc_ready, me_valid, me_ready,
        load_en, load_addr, load_data, store_en, store_addr, store_data);
    when 1 =>
      u : entity work.mem_controller_loadless generic map (2, 2, DW, AW) port map (clk, rst,
        ms_valid, ms_ready, ctrl, ctrl_valid, ctrl_ready,
        sa_mc, sa_mc_valid, sa_mc_ready, sd_mc, sd_mc_valid, sd_mc_ready, ce_valid, ce_ready,
        me_valid, me_ready, load_en, load_addr, load_data, store_en, store_addr, store_data);
      la_mc_ready <= "00";
      ld_mc <= (others => (others => '0'));
      ld_mc_valid <= "00";
    when others =>
      u : entity work.mem_controller_storeless generic map (2, DW, AW) port map (clk, rst,
        ms_valid, ms_ready, la_mc, la_mc_valid, la_mc_ready, ce_valid, ce_ready,
        ld_mc, ld_mc_valid, ld_mc_ready, me_valid, me_ready,
        load_en, load_addr, load_data, store_en, store_addr, store_data);
      sa_mc_ready <= "00";
      sd_mc_ready <= "00";
      ctrl_ready <= "00";
  end generate;

  check : process (clk)
    type word_array is array (0 to 15) of std_logic_vector(DW - 1 downto 0);
    type addr_queue is array (0 to 1, 0 to NLT - 1) of integer;
    function init_word(a : integer) return std_logic_vector is
    begin
      return std_logic_vector(to_unsigned((37 * a + 11) mod 256, DW));
    end function;
    function init_all return word_array is
      variable m : word_array;
    begin
      for i in 0 to 15 loop
        m(i) := init_word(i);
      end loop;
      return m;
    end function;
    variable shadow : word_array := init_all;
    variable addr_q : addr_queue;
    variable n_addr, n_data, n_st : int_pair := (0, 0);
    variable stores, ctrls, j : integer := 0;
    variable ended : boolean := false;
  begin
    if rising_edge(clk) and rst = '0' then
      for i in 0 to 1 loop
        if ctrl_valid(i) = '1' and ctrl_ready(i) = '1' then
          ctrls := ctrls + 1;
        end if;
        if la_src_valid(i) = '1' and la_src_ready(i) = '1' then
          addr_q(i, n_addr(i)) := to_integer(unsigned(la_src(i)));
          n_addr(i) := n_addr(i) + 1;
        end if;
        if ld_out_valid(i) = '1' and ld_out_ready(i) = '1' then
          assert n_data(i) < n_addr(i) and ld_out(i) = init_word(addr_q(i, n_data(i)))
            report "wrong load data" severity error;
          log_transfer(cycle, "ldData" & integer'image(i), ld_out(i));
          n_data(i) := n_data(i) + 1;
        end if;
      end loop;
      if store_en = '1' then
        j := -1;
        for i in 1 downto 0 loop
          if sa_mc_valid(i) = '1' and sa_mc_ready(i) = '1' and sd_mc_valid(i) = '1' and sd_mc_ready(i) = '1' then
            j := i;
          end if;
        end loop;
        assert j >= 0 report "store without a port" severity error;
        assert store_addr = ((std_logic_vector(resize(tok(20 + j, n_st(j)), AW)) and "0111") or "1000")
          report "wrong store address" severity error;
        assert store_data = std_logic_vector(resize(tok(30 + j, n_st(j)), DW)) report "wrong store data" severity error;
        n_st(j) := n_st(j) + 1;
        shadow(to_integer(unsigned(store_addr))) := store_data;
        stores := stores + 1;
        say("T " & integer'image(cycle) & " store " & hex(store_addr) & " " & hex(store_data));
      end if;
      if me_valid = '1' and me_ready = '1' then
        assert not ended report "memEnd fired twice" severity error;
        assert not HAS_ST or (stores = 2 * NST and ctrls = 2 * NCT) report "memEnd before all announced stores" severity error;
        log_transfer(cycle, "memEnd", "1");
        ended := true;
        dump <= '1';
      end if;
      if ended and dump = '1' and n_data(0) = count_if(HAS_LD, NLT) and n_data(1) = count_if(HAS_LD, NLT) and not done then
        for i in 0 to 15 loop
          say("M " & hex(shadow(i)));
        end loop;
        done <= true;
      end if;
    end if;
  end process;
end architecture;
