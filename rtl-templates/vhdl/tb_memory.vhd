-- Rivulet testbench model (not a dataflow unit): synchronous-read memory of
-- DEPTH words of DATA_WIDTH bits, connected to a memory controller's memory
-- side. Clock edge: if loadEn then loadData <= mem(loadAddr) (the old content on
-- a same-cycle write: read before write); if storeEn then mem(storeAddr) <=
-- storeData. Out-of-range reads return 0 and out-of-range writes are dropped,
-- both with a warning.
-- INIT_FILE (read at time 0 when not ""): one hexadecimal word per line for
-- addresses 0, 1, ...; missing lines leave zeros; empty lines are skipped.
-- DUMP_FILE: on the first rising clock edge with dump = '1', every word is
-- written, one per line, as ceil(DATA_WIDTH / 4) lower-case hex digits.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use std.textio.all;

entity tb_memory is
  generic (
    DATA_WIDTH : integer; ADDR_WIDTH : integer; DEPTH : integer;
    INIT_FILE : string := ""; DUMP_FILE : string := ""
  );
  port (
    clk       : in  std_logic;
    loadEn    : in  std_logic;
    loadAddr  : in  std_logic_vector(ADDR_WIDTH - 1 downto 0);
    loadData  : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    storeEn   : in  std_logic;
    storeAddr : in  std_logic_vector(ADDR_WIDTH - 1 downto 0);
    storeData : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    dump      : in  std_logic
  );
end entity;

architecture behavioral of tb_memory is
  constant DIGITS : integer := (DATA_WIDTH + 3) / 4;
  -- The words live on the heap (an access type), so memories of any DEPTH elaborate without
  -- a large object on the simulator's stack.
  type word_array is array (natural range <>) of std_logic_vector(DATA_WIDTH - 1 downto 0);
  type word_array_ptr is access word_array;

  function hex_value(c : character) return integer is
  begin
    case c is
      when '0' to '9' => return character'pos(c) - character'pos('0');
      when 'a' to 'f' => return character'pos(c) - character'pos('a') + 10;
      when 'A' to 'F' => return character'pos(c) - character'pos('A') + 10;
      when others => return -1;
    end case;
  end function;

  function to_hex(v : std_logic_vector) return string is
    constant HEX : string(1 to 16) := "0123456789abcdef";
    variable padded : unsigned(4 * DIGITS - 1 downto 0);
    variable s : string(1 to DIGITS);
  begin
    padded := resize(unsigned(to_01(v)), padded'length);
    for i in 0 to DIGITS - 1 loop
      s(DIGITS - i) := HEX(to_integer(padded(4 * i + 3 downto 4 * i)) + 1);
    end loop;
    return s;
  end function;
begin
  process (clk)
    variable mem    : word_array_ptr := null;
    variable dumped : boolean := false;
    file f          : text;
    variable l      : line;

    -- Allocates the words as zeros and reads INIT_FILE into them.
    procedure load_init is
      file fi      : text;
      variable li  : line;
      variable acc : unsigned(4 * DIGITS - 1 downto 0);
      variable n   : integer := 0;
      variable d   : integer;
      variable any : boolean;
    begin
      mem := new word_array(0 to DEPTH - 1);
      for i in 0 to DEPTH - 1 loop
        mem(i) := (others => '0');
      end loop;
      if INIT_FILE = "" then
        return;
      end if;
      file_open(fi, INIT_FILE, read_mode);
      while not endfile(fi) and n < DEPTH loop
        readline(fi, li);
        acc := (others => '0');
        any := false;
        for i in li'range loop
          d := hex_value(li(i));
          if d >= 0 then
            acc := shift_left(acc, 4) + to_unsigned(d, acc'length);
            any := true;
          end if;
        end loop;
        if any then
          mem(n) := std_logic_vector(acc(DATA_WIDTH - 1 downto 0));
          n := n + 1;
        end if;
      end loop;
      file_close(fi);
    end procedure;
  begin
    -- A process with a sensitivity list runs once at time 0: the memory is ready before the
    -- first clock edge.
    if mem = null then
      load_init;
    end if;
    if rising_edge(clk) then
      if loadEn = '1' then
        if unsigned(to_01(loadAddr)) < DEPTH then
          loadData <= mem(to_integer(unsigned(to_01(loadAddr))));
        else
          loadData <= (others => '0');
          report "tb_memory: load out of range at address " & to_hstring(loadAddr) severity warning;
        end if;
      end if;
      if storeEn = '1' then
        if unsigned(to_01(storeAddr)) < DEPTH then
          mem(to_integer(unsigned(to_01(storeAddr)))) := storeData;
        else
          report "tb_memory: store out of range at address " & to_hstring(storeAddr) severity warning;
        end if;
      end if;
      if dump = '1' and not dumped and DUMP_FILE /= "" then
        dumped := true;
        file_open(f, DUMP_FILE, write_mode);
        for i in 0 to DEPTH - 1 loop
          write(l, to_hex(mem(i)));
          writeline(f, l);
        end loop;
        file_close(f);
      end if;
    end if;
  end process;
end architecture;
