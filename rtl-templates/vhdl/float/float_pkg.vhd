-- Rivulet floating-point core functions (IEEE-754 binary32 / binary64).
--
-- Purpose: the combinational part of every floating-point dataflow unit. Each
-- unit entity (addf.vhd, mulf.vhd, ...) computes its result with one of the
-- functions below and passes it through float_pipeline.
--
-- Invariants:
--  * All arithmetic is integer / bit-vector arithmetic (numeric_std); nothing
--    here uses the type `real`, so every function is synthesizable. Loops have
--    constant bounds.
--  * Rounding is round-to-nearest, ties-to-even. Subnormal inputs and outputs
--    are handled exactly, signed zeros follow IEEE-754, overflow gives +-inf.
--  * A NaN result is always the canonical quiet NaN: sign 0, exponent all
--    ones, fraction MSB 1, rest 0 (0x7FC00000 / 0x7FF8000000000000).
--  * A float argument's width selects the format: 32 -> binary32 (8-bit
--    exponent), 64 -> binary64 (11-bit exponent), 16 -> binary16.
--  * Exponents are carried as integers far inside -8192 .. 8191 (14 bits).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

package float_pkg is
  -- Number of exponent bits of the format of width w (16, 32 or 64).
  function fp_exp_bits(w : positive) return positive;
  -- Number of fraction bits of the format of width w.
  function fp_frac_bits(w : positive) return positive;
  -- The canonical quiet NaN of width w.
  function fp_qnan(w : positive) return std_logic_vector;
  -- True when x (of a float width) is a NaN.
  function fp_is_nan(x : std_logic_vector) return boolean;
  -- Normalize sig, round to nearest even and pack. The value represented is
  -- (-1)^sign * sig * 2^(exp - BIAS - (sig'length - 1)) in the format of
  -- width w. Requires sig'length >= frac_bits + 2. sig = 0 gives a signed zero.
  function fp_round_pack(sign : std_logic; exp : integer; sig : unsigned;
                         w : positive) return std_logic_vector;

  -- a + b, correctly rounded.
  function fp_add(a, b : std_logic_vector) return std_logic_vector;
  -- a * b, correctly rounded.
  function fp_mul(a, b : std_logic_vector) return std_logic_vector;
  -- a / b, correctly rounded.
  function fp_div(a, b : std_logic_vector) return std_logic_vector;
  -- MLIR arith.cmpf with predicate pred (oeq ogt oge olt ole one ord ueq ugt
  -- uge ult ule une uno true false).
  function fp_cmp(a, b : std_logic_vector; pred : string) return std_logic;
  -- IEEE maximum (want_max) / minimum: NaN propagating, -0 < +0.
  function fp_max_min(a, b : std_logic_vector; want_max : boolean) return std_logic_vector;
  -- Integer x (two's complement when is_signed) to a float of width w, rounded.
  function fp_from_int(x : std_logic_vector; is_signed : boolean; w : positive)
    return std_logic_vector;
  -- Float x to a signed integer of width ow, rounding toward zero. NaN gives 0;
  -- values beyond the range saturate to the most positive / negative integer.
  function fp_to_int(x : std_logic_vector; ow : positive) return std_logic_vector;
  -- Float x to an unsigned integer of width ow, rounding toward zero: the low ow
  -- bits of a conversion to a signed integer of S bits (S = 32 when ow < 32, else
  -- 64) that gives -2^(S-1) for NaN, +-inf and values beyond its range (what C
  -- compiled for x86-64 computes; exact for 0 <= x < 2^ow).
  function fp_to_uint(x : std_logic_vector; ow : positive) return std_logic_vector;
  -- Float x converted to the format of width w (widening is exact, narrowing
  -- rounds to nearest even).
  function fp_convert(x : std_logic_vector; w : positive) return std_logic_vector;
end package;

package body float_pkg is
  constant EXP_LIMIT : integer := 8191;

  function fp_exp_bits(w : positive) return positive is
  begin
    case w is
      when 16 => return 5;
      when 64 => return 11;
      when others => return 8;
    end case;
  end function;

  function fp_frac_bits(w : positive) return positive is
  begin
    return w - 1 - fp_exp_bits(w);
  end function;

  function fp_bias(w : positive) return integer is
  begin
    return 2 ** (fp_exp_bits(w) - 1) - 1;
  end function;

  function fp_qnan(w : positive) return std_logic_vector is
    variable r : std_logic_vector(w - 1 downto 0) := (others => '0');
  begin
    r(w - 2 downto fp_frac_bits(w) - 1) := (others => '1');
    return r;
  end function;

  -- Field accessors; x may have any index range.
  function exp_field(x : std_logic_vector) return unsigned is
    alias xv : std_logic_vector(x'length - 1 downto 0) is x;
  begin
    return unsigned(xv(x'length - 2 downto fp_frac_bits(x'length)));
  end function;

  function frac_field(x : std_logic_vector) return unsigned is
    alias xv : std_logic_vector(x'length - 1 downto 0) is x;
  begin
    return unsigned(xv(fp_frac_bits(x'length) - 1 downto 0));
  end function;

  function sign_of(x : std_logic_vector) return std_logic is
    alias xv : std_logic_vector(x'length - 1 downto 0) is x;
  begin
    return xv(x'length - 1);
  end function;

  -- Magnitude bits (everything but the sign).
  function mag_of(x : std_logic_vector) return unsigned is
    alias xv : std_logic_vector(x'length - 1 downto 0) is x;
  begin
    return unsigned(xv(x'length - 2 downto 0));
  end function;

  function exp_all_ones(x : std_logic_vector) return boolean is
    variable e : unsigned(fp_exp_bits(x'length) - 1 downto 0);
  begin
    e := exp_field(x);
    return e = (e'range => '1');
  end function;

  function fp_is_nan(x : std_logic_vector) return boolean is
  begin
    return exp_all_ones(x) and frac_field(x) /= 0;
  end function;

  function is_inf(x : std_logic_vector) return boolean is
  begin
    return exp_all_ones(x) and frac_field(x) = 0;
  end function;

  function is_zero(x : std_logic_vector) return boolean is
  begin
    return mag_of(x) = 0;
  end function;

  -- Exponent of a finite value as used with its significand: 1 for subnormals.
  function exp_eff(x : std_logic_vector) return integer is
    variable e : integer;
  begin
    e := to_integer(exp_field(x));
    if e = 0 then
      return 1;
    end if;
    return e;
  end function;

  -- Significand with the hidden bit (0 for subnormals), frac_bits + 1 bits.
  function sig_of(x : std_logic_vector) return unsigned is
    variable hidden : std_logic := '1';
  begin
    if exp_field(x) = 0 then
      hidden := '0';
    end if;
    return hidden & frac_field(x);
  end function;

  -- Leading zero count of v (v'length when v = 0).
  function lzc(v : unsigned) return natural is
    alias vv : unsigned(v'length - 1 downto 0) is v;
    variable n : natural range 0 to v'length := v'length;
  begin
    for i in 0 to v'length - 1 loop
      if vv(i) = '1' then
        n := v'length - 1 - i;
      end if;
    end loop;
    return n;
  end function;

  function signed_zero(s : std_logic; w : positive) return std_logic_vector is
    variable r : std_logic_vector(w - 1 downto 0) := (others => '0');
  begin
    r(w - 1) := s;
    return r;
  end function;

  function signed_inf(s : std_logic; w : positive) return std_logic_vector is
    variable r : std_logic_vector(w - 1 downto 0) := (others => '0');
  begin
    r(w - 1) := s;
    r(w - 2 downto fp_frac_bits(w)) := (others => '1');
    return r;
  end function;

  function fp_round_pack(sign : std_logic; exp : integer; sig : unsigned;
                         w : positive) return std_logic_vector is
    constant N    : natural := sig'length;
    constant E    : natural := fp_exp_bits(w);
    constant M    : natural := fp_frac_bits(w);
    constant EMAX : integer := 2 ** E - 1;
    variable x, y   : unsigned(N - 1 downto 0);
    variable lz     : natural range 0 to N;
    variable ex     : integer range -2 * EXP_LIMIT to EXP_LIMIT;
    variable sh     : natural range 0 to N;
    variable mant   : unsigned(M downto 0);
    variable rnd    : std_logic;
    variable stk    : std_logic;
    variable packed : unsigned(E + M - 1 downto 0);
    constant ones   : unsigned(N - 1 downto 0) := (others => '1');
  begin
    x := sig;
    if x = 0 then
      return signed_zero(sign, w);
    end if;
    lz := lzc(x);
    x := shift_left(x, lz);
    ex := exp - lz;
    if ex >= EMAX then
      return signed_inf(sign, w);
    end if;
    -- Below the normal range: denormalize, keeping shifted-out bits as sticky.
    sh := 0;
    if ex < 1 then
      if 1 - ex >= N then
        sh := N;
      else
        sh := 1 - ex;
      end if;
      ex := 1;
    end if;
    y := shift_right(x, sh);
    -- Sticky: bits lost by the denormalizing shift or below the round bit.
    stk := '0';
    if shift_left(y, sh) /= x or (y and shift_right(ones, M + 2)) /= 0 then
      stk := '1';
    end if;
    mant := y(N - 1 downto N - 1 - M);
    rnd := y(N - 2 - M);
    -- Exponent field and fraction are adjacent: a rounding carry out of the
    -- fraction bumps the exponent (subnormal -> normal, normal -> inf).
    packed := shift_left(to_unsigned(ex - 1, E + M), M) + resize(mant, E + M);
    if rnd = '1' and (stk = '1' or mant(0) = '1') then
      packed := packed + 1;
    end if;
    return sign & std_logic_vector(packed);
  end function;

  function fp_add(a, b : std_logic_vector) return std_logic_vector is
    constant W : natural := a'length;
    constant M : natural := fp_frac_bits(W);
    variable x, y   : std_logic_vector(W - 1 downto 0);
    variable mx, my : unsigned(M + 3 downto 0);
    variable ys     : unsigned(M + 3 downto 0);
    variable s      : unsigned(M + 4 downto 0);
    variable d      : natural range 0 to M + 4;
  begin
    if fp_is_nan(a) or fp_is_nan(b) or
       (is_inf(a) and is_inf(b) and sign_of(a) /= sign_of(b)) then
      return fp_qnan(W);
    elsif is_inf(a) then
      return a;
    elsif is_inf(b) then
      return b;
    end if;
    -- x is the operand of larger magnitude.
    if mag_of(a) >= mag_of(b) then
      x := a;
      y := b;
    else
      x := b;
      y := a;
    end if;
    -- Three extra bits below the significand: guard, round, sticky.
    mx := sig_of(x) & "000";
    my := sig_of(y) & "000";
    if exp_eff(x) - exp_eff(y) > M + 4 then
      d := M + 4;
    elsif exp_eff(x) < exp_eff(y) then
      -- Only with metavalue operands (data of a channel that is not valid yet):
      -- keep the function total so that simulation does not stop.
      d := 0;
    else
      d := exp_eff(x) - exp_eff(y);
    end if;
    ys := shift_right(my, d);
    if shift_left(ys, d) /= my then
      ys(0) := '1';
    end if;
    if sign_of(x) = sign_of(y) then
      s := ('0' & mx) + ('0' & ys);
    else
      s := ('0' & mx) - ('0' & ys);
    end if;
    if s = 0 then
      -- Exact zero: -0 only for (-0) + (-0).
      return signed_zero(sign_of(x) and sign_of(y), W);
    end if;
    return fp_round_pack(sign_of(x), exp_eff(x) + 1, s, W);
  end function;

  function fp_mul(a, b : std_logic_vector) return std_logic_vector is
    constant W : natural := a'length;
    constant M : natural := fp_frac_bits(W);
    variable s : std_logic;
    variable p : unsigned(2 * M + 3 downto 0);
  begin
    s := sign_of(a) xor sign_of(b);
    if fp_is_nan(a) or fp_is_nan(b) or (is_inf(a) and is_zero(b)) or
       (is_zero(a) and is_inf(b)) then
      return fp_qnan(W);
    elsif is_inf(a) or is_inf(b) then
      return signed_inf(s, W);
    end if;
    -- Operands widened by a zero MSB: the product is the same, and netlists that
    -- print the multiplier as a signed one (GHDL 2.0 --synth) stay correct.
    p := resize(sig_of(a), M + 2) * resize(sig_of(b), M + 2);
    return fp_round_pack(s, exp_eff(a) + exp_eff(b) - fp_bias(W) + 1, p(2 * M + 1 downto 0), W);
  end function;

  function fp_div(a, b : std_logic_vector) return std_logic_vector is
    constant W : natural := a'length;
    constant M : natural := fp_frac_bits(W);
    variable s      : std_logic;
    variable na, nb : unsigned(M downto 0);
    variable la, lb : natural range 0 to M + 1;
    variable r, d   : unsigned(M + 1 downto 0);
    variable q      : unsigned(M + 4 downto 0);
  begin
    s := sign_of(a) xor sign_of(b);
    if fp_is_nan(a) or fp_is_nan(b) or (is_inf(a) and is_inf(b)) or
       (is_zero(a) and is_zero(b)) then
      return fp_qnan(W);
    elsif is_inf(a) or is_zero(b) then
      return signed_inf(s, W);
    elsif is_zero(a) or is_inf(b) then
      return signed_zero(s, W);
    end if;
    la := lzc(sig_of(a));
    lb := lzc(sig_of(b));
    na := shift_left(sig_of(a), la);
    nb := shift_left(sig_of(b), lb);
    -- Restoring division: q = floor(na / nb * 2^(M+4)), one bit per step.
    r := '0' & na;
    d := '0' & nb;
    for i in M + 4 downto 0 loop
      if r >= d then
        q(i) := '1';
        r := r - d;
      else
        q(i) := '0';
      end if;
      r := shift_left(r, 1);
    end loop;
    if r /= 0 then
      return fp_round_pack(s, (exp_eff(a) - la) - (exp_eff(b) - lb) + fp_bias(W),
                           q & '1', W);
    end if;
    return fp_round_pack(s, (exp_eff(a) - la) - (exp_eff(b) - lb) + fp_bias(W),
                         q & '0', W);
  end function;

  -- a < b on non-NaN values; when signed_zeros, -0 < +0, otherwise they are equal.
  function fp_less(a, b : std_logic_vector; signed_zeros : boolean) return boolean is
  begin
    if not signed_zeros and is_zero(a) and is_zero(b) then
      return false;
    elsif sign_of(a) /= sign_of(b) then
      return sign_of(a) = '1';
    elsif sign_of(a) = '0' then
      return mag_of(a) < mag_of(b);
    else
      return mag_of(a) > mag_of(b);
    end if;
  end function;

  function fp_cmp(a, b : std_logic_vector; pred : string) return std_logic is
    variable uno, eq, lt, gt, r : boolean;
  begin
    uno := fp_is_nan(a) or fp_is_nan(b);
    eq  := not uno and (a = b or (is_zero(a) and is_zero(b)));
    lt  := not uno and fp_less(a, b, false);
    gt  := not uno and fp_less(b, a, false);
    if pred = "oeq" then r := eq;
    elsif pred = "ogt" then r := gt;
    elsif pred = "oge" then r := gt or eq;
    elsif pred = "olt" then r := lt;
    elsif pred = "ole" then r := lt or eq;
    elsif pred = "one" then r := lt or gt;
    elsif pred = "ord" then r := not uno;
    elsif pred = "ueq" then r := uno or eq;
    elsif pred = "ugt" then r := uno or gt;
    elsif pred = "uge" then r := uno or gt or eq;
    elsif pred = "ult" then r := uno or lt;
    elsif pred = "ule" then r := uno or lt or eq;
    elsif pred = "une" then r := uno or lt or gt;
    elsif pred = "uno" then r := uno;
    elsif pred = "true" then r := true;
    else r := false;
    end if;
    if r then
      return '1';
    end if;
    return '0';
  end function;

  function fp_max_min(a, b : std_logic_vector; want_max : boolean) return std_logic_vector is
  begin
    if fp_is_nan(a) or fp_is_nan(b) then
      return fp_qnan(a'length);
    elsif fp_less(a, b, true) = want_max then
      return b;
    end if;
    return a;
  end function;

  function fp_from_int(x : std_logic_vector; is_signed : boolean; w : positive)
    return std_logic_vector is
    constant IW : natural := x'length;
    -- Significand width for fp_round_pack: at least frac_bits + 2.
    constant SW : natural := maximum(IW, fp_frac_bits(w) + 2);
    variable mag    : unsigned(IW - 1 downto 0);
    variable padded : unsigned(SW - 1 downto 0) := (others => '0');
    variable s      : std_logic := '0';
  begin
    mag := unsigned(x);
    if is_signed and x(x'left) = '1' then
      s := '1';
      mag := unsigned(-signed(x));  -- the most negative value maps to 2^(IW-1)
    end if;
    padded(SW - 1 downto SW - IW) := mag;
    return fp_round_pack(s, fp_bias(w) + IW - 1, padded, w);
  end function;

  function fp_to_int(x : std_logic_vector; ow : positive) return std_logic_vector is
    constant W : natural := x'length;
    constant M : natural := fp_frac_bits(W);
    variable e    : integer;
    variable wide : unsigned(M + ow - 1 downto 0);
    variable mag  : unsigned(ow - 1 downto 0);
    variable r    : std_logic_vector(ow - 1 downto 0);
  begin
    e := to_integer(exp_field(x)) - fp_bias(W);
    if fp_is_nan(x) or e < 0 then
      return std_logic_vector(to_unsigned(0, ow));
    elsif e >= ow - 1 then
      -- Saturate; also exact for -2^(ow-1).
      r := (others => not sign_of(x));
      r(ow - 1) := sign_of(x);
      return r;
    end if;
    wide := shift_left(resize(sig_of(x), M + ow), e);
    mag := wide(M + ow - 1 downto M);
    if sign_of(x) = '1' then
      return std_logic_vector(-signed(mag));
    end if;
    return std_logic_vector(mag);
  end function;

  function fp_to_uint(x : std_logic_vector; ow : positive) return std_logic_vector is
    constant W : natural := x'length;
    constant M : natural := fp_frac_bits(W);
    variable s1   : natural;  -- S - 1
    variable e    : integer;
    variable wide : unsigned(M + ow - 1 downto 0);
    variable mag  : unsigned(ow - 1 downto 0);
    variable r    : std_logic_vector(ow - 1 downto 0) := (others => '0');
  begin
    if ow >= 32 then
      s1 := 63;
    else
      s1 := 31;
    end if;
    e := to_integer(exp_field(x)) - fp_bias(W);
    if ow = 64 and sign_of(x) = '0' and not fp_is_nan(x) and e >= s1 then
      -- x >= 2^63: x86-64 converts x - 2^63 and sets bit 63 again, which is exact below
      -- 2^64 (e = 63) and 0 from 2^64 up and for +inf.
      if is_inf(x) or e > s1 then
        return r;
      end if;
    elsif fp_is_nan(x) or is_inf(x) or e >= s1 then
      -- -2^(S-1) modulo 2^ow.
      if s1 < ow then
        r(s1) := '1';
      end if;
      return r;
    elsif e < 0 then
      return r;
    end if;
    wide := shift_left(resize(sig_of(x), M + ow), e);
    mag := wide(M + ow - 1 downto M);
    if sign_of(x) = '1' then
      mag := 0 - mag;
    end if;
    return std_logic_vector(mag);
  end function;

  function fp_convert(x : std_logic_vector; w : positive) return std_logic_vector is
    constant XW : natural := x'length;
    constant MX : natural := fp_frac_bits(XW);
    -- Significand width for fp_round_pack: at least frac_bits(w) + 2.
    constant SW : natural := maximum(MX + 1, fp_frac_bits(w) + 2);
    variable padded : unsigned(SW - 1 downto 0) := (others => '0');
  begin
    if fp_is_nan(x) then
      return fp_qnan(w);
    elsif is_inf(x) then
      return signed_inf(sign_of(x), w);
    end if;
    -- Value sig * 2^(exp - BIAS_x - MX), left-aligned in SW bits.
    padded(SW - 1 downto SW - 1 - MX) := sig_of(x);
    return fp_round_pack(sign_of(x), exp_eff(x) - fp_bias(XW) + fp_bias(w), padded, w);
  end function;
end package body;
