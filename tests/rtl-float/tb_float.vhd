-- Rivulet floating-point unit testbench (VHDL-2008).
--
-- Drives one unit (generic OP) through its elastic interface from a vector
-- file of lines "A B EXPECTED" (16 hex digits each, see gen_vectors.c), with
-- random valid on each input channel and random ready on the output (seeded
-- xorshift). Every cycle it checks the unit's valid/ready outputs against the
-- documented pipeline equations (rtl-templates/float.md), which also checks
-- the latency; every result is checked bit-exactly, in order (where the
-- expectation is a NaN, the canonical quiet NaN; negf / absf keep payloads).
-- cmpf is tested as 16 instances, one per predicate, whose results form a
-- 16-bit mask. Ends with "PASS" or a failure.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use std.textio.all;

entity tb_float is
  generic (
    OP      : string   := "addf";
    FW      : positive := 32;   -- float width of the unit
    IW      : positive := 32;   -- integer width (sitofp / uitofp input, fptosi output)
    LATENCY : natural  := 1;
    VECTORS : string   := "vectors.txt";
    SEED    : positive := 1
  );
end entity;

architecture sim of tb_float is
  function sel(c : boolean; a, b : natural) return natural is
  begin
    if c then return a; end if;
    return b;
  end function;

  constant UNARY : boolean := OP = "negf" or OP = "absf" or OP = "extf" or OP = "truncf" or
                              OP = "sitofp" or OP = "uitofp" or OP = "fptosi" or
                              OP = "fptoui";
  constant IN_W : natural := sel(OP = "extf", 32, sel(OP = "truncf", 64,
                             sel(OP = "sitofp" or OP = "uitofp", IW, FW)));
  constant OUT_W : natural := sel(OP = "cmpf", 16, sel(OP = "fptosi" or OP = "fptoui", IW,
                              sel(OP = "extf", 64, sel(OP = "truncf", 32, FW))));
  -- Units whose NaN results must be the canonical quiet NaN (negf / absf only move the sign).
  constant CANON_NAN : boolean := OP /= "cmpf" and OP /= "fptosi" and OP /= "fptoui" and
                                  OP /= "negf" and OP /= "absf";

  function pred_name(i : natural) return string is
  begin
    case i is
      when 0 => return "oeq";  when 1 => return "ogt";  when 2 => return "oge";
      when 3 => return "olt";  when 4 => return "ole";  when 5 => return "one";
      when 6 => return "ord";  when 7 => return "ueq";  when 8 => return "ugt";
      when 9 => return "uge";  when 10 => return "ult"; when 11 => return "ule";
      when 12 => return "une"; when 13 => return "uno"; when 14 => return "true";
      when others => return "false";
    end case;
  end function;

  signal clk, rst : std_logic := '1';
  signal a, b     : std_logic_vector(63 downto 0) := (others => '0');
  signal r        : std_logic_vector(63 downto 0) := (others => '0');
  signal a_valid, b_valid, r_ready : std_logic := '0';
  signal a_ready, b_ready, r_valid : std_logic;
  signal done : boolean := false;
  -- cmpf: per-predicate handshake outputs (all must agree).
  signal c_valid, c_lready, c_rready : std_logic_vector(15 downto 0);
begin
  clk <= not clk after 5 ns when not done;

  g_add : if OP = "addf" generate
    dut : entity work.addf generic map (FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, b(FW - 1 downto 0), b_valid, b_ready,
                r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_sub : if OP = "subf" generate
    dut : entity work.subf generic map (FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, b(FW - 1 downto 0), b_valid, b_ready,
                r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_mul : if OP = "mulf" generate
    dut : entity work.mulf generic map (FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, b(FW - 1 downto 0), b_valid, b_ready,
                r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_div : if OP = "divf" generate
    dut : entity work.divf generic map (FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, b(FW - 1 downto 0), b_valid, b_ready,
                r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_max : if OP = "maximumf" generate
    dut : entity work.maximumf generic map (FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, b(FW - 1 downto 0), b_valid, b_ready,
                r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_min : if OP = "minimumf" generate
    dut : entity work.minimumf generic map (FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, b(FW - 1 downto 0), b_valid, b_ready,
                r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_cmp : if OP = "cmpf" generate
    preds : for i in 0 to 15 generate
      dut : entity work.cmpf generic map (FLOAT_WIDTH => FW, PREDICATE => pred_name(i), LATENCY => LATENCY)
        port map (clk, rst, a(FW - 1 downto 0), a_valid, c_lready(i), b(FW - 1 downto 0), b_valid,
                  c_rready(i), r(i downto i), c_valid(i), r_ready);
    end generate;
    a_ready <= c_lready(0);
    b_ready <= c_rready(0);
    r_valid <= c_valid(0);
  end generate;
  g_neg : if OP = "negf" generate
    dut : entity work.negf generic map (FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_abs : if OP = "absf" generate
    dut : entity work.absf generic map (FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_ext : if OP = "extf" generate
    dut : entity work.extf generic map (LATENCY => LATENCY)
      port map (clk, rst, a(31 downto 0), a_valid, a_ready, r(63 downto 0), r_valid, r_ready);
  end generate;
  g_trunc : if OP = "truncf" generate
    dut : entity work.truncf generic map (LATENCY => LATENCY)
      port map (clk, rst, a(63 downto 0), a_valid, a_ready, r(31 downto 0), r_valid, r_ready);
  end generate;
  g_sitofp : if OP = "sitofp" generate
    dut : entity work.sitofp generic map (INPUT_WIDTH => IW, FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(IW - 1 downto 0), a_valid, a_ready, r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_uitofp : if OP = "uitofp" generate
    dut : entity work.uitofp generic map (INPUT_WIDTH => IW, FLOAT_WIDTH => FW, LATENCY => LATENCY)
      port map (clk, rst, a(IW - 1 downto 0), a_valid, a_ready, r(FW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_fptosi : if OP = "fptosi" generate
    dut : entity work.fptosi generic map (FLOAT_WIDTH => FW, OUTPUT_WIDTH => IW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, r(IW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_fptoui : if OP = "fptoui" generate
    dut : entity work.fptoui generic map (FLOAT_WIDTH => FW, OUTPUT_WIDTH => IW, LATENCY => LATENCY)
      port map (clk, rst, a(FW - 1 downto 0), a_valid, a_ready, r(IW - 1 downto 0), r_valid, r_ready);
  end generate;
  g_unary : if UNARY generate
    b_ready <= '0';
  end generate;

  main : process
    file fa, fb, fe : text;
    variable rng : unsigned(63 downto 0) := resize(to_unsigned(SEED, 32) * to_unsigned(40503, 32), 64) + 1;
    variable model : std_logic_vector(0 to LATENCY) := (others => '0');
    variable adv, exp_valid : std_logic;
    variable a_left, b_left, e_left : boolean := true;
    variable received, cycles, errors : natural := 0;
    variable got, want : std_logic_vector(63 downto 0);

    impure function coin return std_logic is  -- '1' with probability 3/4
    begin
      rng := rng xor shift_right(rng, 12);
      rng := rng xor shift_left(rng, 25);
      rng := rng xor shift_right(rng, 27);
      if rng(40 downto 39) = "00" then return '0'; end if;
      return '1';
    end function;

    -- Next vector field (0 = A, 1 = B, 2 = EXPECTED) from f; ok = false at end of file.
    procedure next_field(file f : text; idx : natural; v : out std_logic_vector; ok : out boolean) is
      variable l : line;
      variable x : std_logic_vector(63 downto 0);
    begin
      ok := false;
      while not endfile(f) loop
        readline(f, l);
        if l'length > 0 then
          for i in 0 to idx loop
            hread(l, x);
          end loop;
          v := x;
          ok := true;
          return;
        end if;
      end loop;
    end procedure;

    function is_nan(x : std_logic_vector; w : natural) return boolean is
      constant E : natural := sel(w = 64, 11, 8);
    begin
      return x(w - 2 downto w - 1 - E) = (E - 1 downto 0 => '1') and unsigned(x(w - 2 - E downto 0)) /= 0;
    end function;

    variable tmp : std_logic_vector(63 downto 0);
    variable ok : boolean;
  begin
    file_open(fa, VECTORS, read_mode);
    file_open(fb, VECTORS, read_mode);
    file_open(fe, VECTORS, read_mode);
    b_left := not UNARY;
    for i in 1 to 3 loop
      wait until rising_edge(clk);
    end loop;
    rst <= '0';
    loop
      wait until rising_edge(clk);  -- signals read here hold their pre-edge values
      cycles := cycles + 1;
      -- Reference handshake model (float.md).
      if LATENCY = 0 then
        adv := r_ready;
        if UNARY then exp_valid := a_valid; else exp_valid := a_valid and b_valid; end if;
      else
        adv := not (model(LATENCY) and not r_ready);
        exp_valid := model(LATENCY);
      end if;
      if r_valid /= exp_valid then
        report "cycle " & integer'image(cycles) & ": result_valid " & std_logic'image(r_valid) &
               ", model says " & std_logic'image(exp_valid) severity failure;
      end if;
      if UNARY then
        assert a_ready = adv report "ins_ready differs from the model" severity failure;
      else
        assert a_ready = (adv and b_valid) and b_ready = (adv and a_valid)
          report "lhs_ready / rhs_ready differ from the join model" severity failure;
      end if;
      if OP = "cmpf" then
        assert c_valid = (15 downto 0 => c_valid(0)) and c_lready = (15 downto 0 => c_lready(0)) and
               c_rready = (15 downto 0 => c_rready(0))
          report "cmpf instances disagree on handshakes" severity failure;
      end if;
      -- Output transfer.
      if r_valid = '1' and r_ready = '1' then
        next_field(fe, 2, want, ok);
        assert ok report "unexpected extra result" severity failure;
        got := (others => '0');
        got(OUT_W - 1 downto 0) := r(OUT_W - 1 downto 0);
        for i in OUT_W to 63 loop
          want(i) := '0';
        end loop;
        if CANON_NAN and is_nan(want, OUT_W) then
          want := (others => '0');
          want(OUT_W - 2 downto OUT_W - 2 - sel(OUT_W = 64, 12, 9) + 1) := (others => '1');
        end if;
        if got /= want then
          errors := errors + 1;
          report OP & " vector " & integer'image(received) & ": got " & to_hstring(got) &
                 " expected " & to_hstring(want) severity error;
        end if;
        received := received + 1;
      end if;
      -- Model update.
      if LATENCY > 0 and adv = '1' then
        for i in LATENCY downto 2 loop
          model(i) := model(i - 1);
        end loop;
        if UNARY then model(1) := a_valid; else model(1) := a_valid and b_valid; end if;
      end if;
      -- Drive inputs: a valid token stays until it is taken.
      if a_valid = '0' or a_ready = '1' then
        a_valid <= '0';
        if a_left and coin = '1' then
          next_field(fa, 0, tmp, a_left);
          if a_left then a <= tmp; a_valid <= '1'; end if;
        end if;
      end if;
      if not UNARY and (b_valid = '0' or b_ready = '1') then
        b_valid <= '0';
        if b_left and coin = '1' then
          next_field(fb, 1, tmp, b_left);
          if b_left then b <= tmp; b_valid <= '1'; end if;
        end if;
      end if;
      r_ready <= coin;
      e_left := not endfile(fe);
      exit when not e_left and r_valid = '0';
      if cycles > 1000 + 20 * (received + 1) * (LATENCY + 2) then
        report "timeout" severity failure;
      end if;
    end loop;
    assert errors = 0 report integer'image(errors) & " mismatches" severity failure;
    report "PASS " & OP & " FW=" & integer'image(FW) & " LATENCY=" & integer'image(LATENCY) &
           " vectors=" & integer'image(received) & " cycles=" & integer'image(cycles);
    done <= true;
    wait;
  end process;
end architecture;
