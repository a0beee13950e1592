-- Rivulet unit test: the six buffer types; same scenario as tb_buffer.v.
-- BTYPE 0..5 = ONE_SLOT_BREAK_DV, ONE_SLOT_BREAK_R, ONE_SLOT_BREAK_DVR,
-- FIFO_BREAK_DV, FIFO_BREAK_NONE, SHIFT_REG_BREAK_DV.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.tb_pkg.all;

entity tb_buffer is
  generic (BTYPE : integer := 0; NUM_SLOTS : integer := 1);
end entity;

architecture tb of tb_buffer is
  constant W   : integer := 8;
  constant N   : integer := 200;
  function lat_of return integer is
  begin
    if BTYPE = 1 or BTYPE = 4 then return 0; elsif BTYPE = 5 then return NUM_SLOTS; else return 1; end if;
  end function;
  constant LAT  : integer := lat_of;
  function cap_of return integer is
  begin
    if BTYPE <= 2 then return 1; else return NUM_SLOTS; end if;
  end function;
  constant CAP  : integer := cap_of;
  constant RREG : boolean := BTYPE = 1 or BTYPE = 2;

  signal clk, rst : std_logic;
  signal cycle    : integer;
  signal done     : boolean := false;
  signal a_ins, a_outs, b_ins, b_outs, c_unused : std_logic_vector(W - 1 downto 0);
  signal a_ins_valid, a_outs_ready : std_logic := '0';
  signal a_ins_ready, a_outs_valid : std_logic;
  signal b_ins_valid, b_ins_ready, b_outs_valid, b_outs_ready : std_logic;
  signal c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready : std_logic;
  signal b_count, c_count, k : integer := 0;
  signal directed_ok : boolean := false;
begin
  clock : entity work.tb_clock port map (clk, rst, cycle);
  verdict : entity work.tb_verdict generic map ("tb_buffer", 3000) port map (clk, cycle, done);

  g0 : if BTYPE = 0 generate
    a : entity work.one_slot_break_dv generic map (W) port map (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
    b : entity work.one_slot_break_dv generic map (W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
    c : entity work.one_slot_break_dv_dataless port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
  elsif BTYPE = 1 generate
    a : entity work.one_slot_break_r generic map (W) port map (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
    b : entity work.one_slot_break_r generic map (W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
    c : entity work.one_slot_break_r_dataless port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
  elsif BTYPE = 2 generate
    a : entity work.one_slot_break_dvr generic map (W) port map (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
    b : entity work.one_slot_break_dvr generic map (W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
    c : entity work.one_slot_break_dvr_dataless port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
  elsif BTYPE = 3 generate
    a : entity work.fifo_break_dv generic map (NUM_SLOTS, W) port map (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
    b : entity work.fifo_break_dv generic map (NUM_SLOTS, W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
    c : entity work.fifo_break_dv_dataless generic map (NUM_SLOTS) port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
  elsif BTYPE = 4 generate
    a : entity work.fifo_break_none generic map (NUM_SLOTS, W) port map (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
    b : entity work.fifo_break_none generic map (NUM_SLOTS, W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
    c : entity work.fifo_break_none_dataless generic map (NUM_SLOTS) port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
  else generate
    a : entity work.shift_reg_break_dv generic map (NUM_SLOTS, W) port map (clk, rst, a_ins, a_ins_valid, a_ins_ready, a_outs, a_outs_valid, a_outs_ready);
    b : entity work.shift_reg_break_dv generic map (NUM_SLOTS, W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_outs, b_outs_valid, b_outs_ready);
    c : entity work.shift_reg_break_dv_dataless generic map (NUM_SLOTS) port map (clk, rst, c_ins_valid, c_ins_ready, c_outs_valid, c_outs_ready);
  end generate;

  src_b : entity work.tb_src generic map (ID => 0, SEED => 11, N => N, W => W) port map (clk, rst, b_ins, b_ins_valid, b_ins_ready, b_count);
  snk_b : entity work.tb_snk generic map (SEED => 23) port map (clk, rst, b_outs_ready);
  src_c : entity work.tb_src generic map (ID => 0, SEED => 11, N => N, W => W) port map (clk, rst, c_unused, c_ins_valid, c_ins_ready, c_count);
  snk_c : entity work.tb_snk generic map (SEED => 23) port map (clk, rst, c_outs_ready);

  random_check : process (clk)
  begin
    if rising_edge(clk) and rst = '0' then
      if b_outs_valid = '1' and b_outs_ready = '1' then
        assert b_outs = std_logic_vector(resize(tok(0, k), W))
          report "dut_b: wrong token value or order" severity error;
        log_transfer(cycle, "outs", b_outs);
        k <= k + 1;
      end if;
      assert b_ins_ready = c_ins_ready and b_outs_valid = c_outs_valid
        report "dataless variant differs from the data variant" severity error;
      if k = N and directed_ok then
        done <= true;
      end if;
    end if;
  end process;

  directed : process
    variable t, t_in, t_out, sent, got : integer;
    variable r0, r1 : std_logic;
  begin
    a_ins <= x"00";
    a_ins_valid <= '0';
    a_outs_ready <= '1';
    wait until rst = '0';
    -- 1. latency of one token into an empty buffer whose output is ready
    wait until falling_edge(clk);
    a_ins <= x"a5";
    a_ins_valid <= '1';
    t := 0; t_in := -1; t_out := -1;
    while t_out < 0 and t < 40 loop
      wait for 1 ns;
      if a_ins_valid = '1' and a_ins_ready = '1' and t_in < 0 then
        t_in := t;
      end if;
      if a_outs_valid = '1' and t_out < 0 then
        t_out := t;
        assert a_outs = x"a5" report "directed: wrong data" severity error;
      end if;
      wait until falling_edge(clk);
      t := t + 1;
      if t_in >= 0 then
        a_ins_valid <= '0';
      end if;
    end loop;
    say("latency " & integer'image(t_out - t_in) & " (expected " & integer'image(LAT) & ")");
    assert t_out - t_in = LAT report "directed: wrong latency" severity error;
    for i in 1 to NUM_SLOTS + 3 loop
      wait until falling_edge(clk);
    end loop;
    -- 2. capacity with a stalled output
    a_outs_ready <= '0';
    a_ins_valid <= '1';
    a_ins <= x"01";
    sent := 0;
    for i in 1 to 3 * NUM_SLOTS + 6 loop
      wait for 1 ns;
      if a_ins_ready = '1' then
        sent := sent + 1;
      end if;
      wait until falling_edge(clk);
      a_ins <= std_logic_vector(to_unsigned(sent + 1, W));
    end loop;
    a_ins_valid <= '0';
    say("capacity " & integer'image(sent) & " (expected " & integer'image(CAP) & ")");
    assert sent = CAP report "directed: wrong capacity" severity error;
    -- 3. does ins_ready follow outs_ready within the cycle?
    wait for 1 ns;
    r0 := a_ins_ready;
    a_outs_ready <= '1';
    wait for 1 ns;
    r1 := a_ins_ready;
    assert r0 = '0' report "directed: full buffer is ready" severity error;
    assert (r1 = '0') = RREG report "directed: wrong ready path" severity error;
    -- 4. drain: tokens 1..CAP in order
    got := 0;
    for i in 1 to 3 * NUM_SLOTS + 6 loop
      if a_outs_valid = '1' then
        got := got + 1;
        assert to_integer(unsigned(a_outs)) = got report "directed: wrong drain order" severity error;
      end if;
      wait until falling_edge(clk);
      wait for 1 ns;
    end loop;
    assert got = CAP report "directed: wrong drain count" severity error;
    directed_ok <= true;
    wait;
  end process;
end architecture;
