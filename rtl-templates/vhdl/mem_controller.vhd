-- Rivulet RTL template: mem_controller (memory controller of one array with
-- NUM_LOADS >= 1 load ports, NUM_STORES >= 1 store ports and NUM_CONTROLS >= 1
-- 32-bit store-count channels; see rtl-templates/README.md for the contract).
-- Loads: ld_ok(i) = ld_cnt(i) < 2; grant g = lowest i with ldAddr_valid(i) and
--   ld_ok(i); ldAddr_ready = one-hot(g); loadEn = any grant; loadAddr = ldAddr(g).
--   Registers rd_valid <= loadEn, rd_port <= g; the memory answers loadData one
--   cycle after loadEn, pushed into port rd_port's return buffer (a 2-slot
--   FIFO_BREAK_NONE, written out here), whose output is ldData(i). ld_cnt(i), the
--   tokens issued and not yet delivered (+= grant(i), -= ldData_valid(i) and
--   ldData_ready(i)), is not a register: it equals the buffer's count plus the
--   token arriving now (rd_valid and rd_port = i).
-- Stores: s = lowest j with stAddr_valid(j) and stData_valid(j);
--   stAddr_ready(j) = stData_ready(j) = (j = s); storeEn = any; storeAddr/Data of s.
-- Counting: ctrl_ready = all '1'; pending (32 bits, reset 0, wraps) +=
--   sum of accepted ctrl tokens, -= storeEn.
-- End: done = pending = 0 and no ctrl_valid, stAddr_valid or stData_valid;
--   memEnd_valid = ctrlEnd_valid and done; ctrlEnd_ready = memEnd_ready and done.
-- memStart_ready = '1' (accepted and otherwise ignored).
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.types.all;

entity mem_controller is
  generic (
    NUM_CONTROLS : integer; NUM_LOADS : integer; NUM_STORES : integer;
    DATA_WIDTH : integer; ADDR_WIDTH : integer
  );
  port (
    clk, rst       : in  std_logic;
    memStart_valid : in  std_logic;
    memStart_ready : out std_logic;
    ctrl           : in  data_array(NUM_CONTROLS - 1 downto 0)(31 downto 0);
    ctrl_valid     : in  std_logic_vector(NUM_CONTROLS - 1 downto 0);
    ctrl_ready     : out std_logic_vector(NUM_CONTROLS - 1 downto 0);
    ldAddr         : in  data_array(NUM_LOADS - 1 downto 0)(ADDR_WIDTH - 1 downto 0);
    ldAddr_valid   : in  std_logic_vector(NUM_LOADS - 1 downto 0);
    ldAddr_ready   : out std_logic_vector(NUM_LOADS - 1 downto 0);
    stAddr         : in  data_array(NUM_STORES - 1 downto 0)(ADDR_WIDTH - 1 downto 0);
    stAddr_valid   : in  std_logic_vector(NUM_STORES - 1 downto 0);
    stAddr_ready   : out std_logic_vector(NUM_STORES - 1 downto 0);
    stData         : in  data_array(NUM_STORES - 1 downto 0)(DATA_WIDTH - 1 downto 0);
    stData_valid   : in  std_logic_vector(NUM_STORES - 1 downto 0);
    stData_ready   : out std_logic_vector(NUM_STORES - 1 downto 0);
    ctrlEnd_valid  : in  std_logic;
    ctrlEnd_ready  : out std_logic;
    ldData         : out data_array(NUM_LOADS - 1 downto 0)(DATA_WIDTH - 1 downto 0);
    ldData_valid   : out std_logic_vector(NUM_LOADS - 1 downto 0);
    ldData_ready   : in  std_logic_vector(NUM_LOADS - 1 downto 0);
    memEnd_valid   : out std_logic;
    memEnd_ready   : in  std_logic;
    loadEn         : out std_logic;
    loadAddr       : out std_logic_vector(ADDR_WIDTH - 1 downto 0);
    loadData       : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    storeEn        : out std_logic;
    storeAddr      : out std_logic_vector(ADDR_WIDTH - 1 downto 0);
    storeData      : out std_logic_vector(DATA_WIDTH - 1 downto 0)
  );
end entity;

architecture arch of mem_controller is
  signal ld_grant, ld_ok             : std_logic_vector(NUM_LOADS - 1 downto 0);
  signal rd_valid                    : std_logic;
  signal rd_port                     : integer range 0 to NUM_LOADS - 1;
  signal st_grant                    : std_logic_vector(NUM_STORES - 1 downto 0);
  signal st_en, done                 : std_logic;
  signal pending                     : unsigned(31 downto 0);
begin
  memStart_ready <= '1';
  ctrl_ready     <= (others => '1');

  load_arbiter : process (all)
    variable found : boolean;
  begin
    found    := false;
    ld_grant <= (others => '0');
    loadAddr <= ldAddr(0);
    for i in 0 to NUM_LOADS - 1 loop
      if not found and ldAddr_valid(i) = '1' and ld_ok(i) = '1' then
        found       := true;
        ld_grant(i) <= '1';
        loadAddr    <= ldAddr(i);
      end if;
    end loop;
  end process;
  ldAddr_ready <= ld_grant;
  loadEn       <= or ld_grant;

  -- Return buffers: per load port a 2-slot FIFO with bypass (FIFO_BREAK_NONE), written
  -- out here so that its count also gives the port's outstanding loads.
  return_buffers : for i in 0 to NUM_LOADS - 1 generate
    signal count              : integer range 0 to 2;
    signal head               : integer range 0 to 1;
    signal slots              : data_array(1 downto 0)(DATA_WIDTH - 1 downto 0);
    signal push, stored       : std_logic;
  begin
    push            <= '1' when rd_valid = '1' and rd_port = i else '0';
    stored          <= '1' when count /= 0 else '0';
    ldData_valid(i) <= stored or push;
    ldData(i)       <= slots(head) when stored = '1' else loadData;
    -- loads issued and not delivered: the one answered now (push) and the stored ones
    ld_ok(i)        <= '1' when count = 0 or (count = 1 and push = '0') else '0';

    process (clk)
      variable wr, rd : boolean;
    begin
      if rising_edge(clk) then
        if rst = '1' then
          count <= 0;
          head  <= 0;
        else
          rd := stored = '1' and ldData_ready(i) = '1';
          wr := push = '1' and (stored = '1' or ldData_ready(i) = '0');
          -- the slot after the stored ones is free unless both are taken
          if count /= 2 then
            slots((head + count) mod 2) <= loadData;
          end if;
          if rd then
            head <= 1 - head;
          end if;
          if wr and not rd then
            count <= count + 1;
          elsif rd and not wr then
            count <= count - 1;
          end if;
        end if;
      end if;
    end process;
  end generate;

  store_arbiter : process (all)
    variable found : boolean;
  begin
    found     := false;
    st_grant  <= (others => '0');
    storeAddr <= stAddr(0);
    storeData <= stData(0);
    for j in 0 to NUM_STORES - 1 loop
      if not found and stAddr_valid(j) = '1' and stData_valid(j) = '1' then
        found       := true;
        st_grant(j) <= '1';
        storeAddr   <= stAddr(j);
        storeData   <= stData(j);
      end if;
    end loop;
  end process;
  st_en        <= or st_grant;
  storeEn      <= st_en;
  stAddr_ready <= st_grant;
  stData_ready <= st_grant;

  done <= '1' when pending = 0 and (or ctrl_valid) = '0' and (or stAddr_valid) = '0'
          and (or stData_valid) = '0' else '0';
  memEnd_valid  <= ctrlEnd_valid and done;
  ctrlEnd_ready <= memEnd_ready and done;

  registers : process (clk)
    variable next_pending, last_addend : unsigned(31 downto 0);
  begin
    if rising_edge(clk) then
      if rst = '1' then
        rd_valid <= '0';
        rd_port  <= 0;
        pending  <= (others => '0');
      else
        rd_valid <= or ld_grant;
        for i in 0 to NUM_LOADS - 1 loop
          if ld_grant(i) = '1' then
            rd_port <= i;
          end if;
        end loop;
        -- pending + (accepted ctrl tokens) - st_en, with one adder per ctrl port: the last
        -- port's addend also subtracts st_en, chosen among ctrl - 1, ctrl, -1 and 0 (a
        -- constant ctrl, the usual case, makes them constants and the choice a few gates).
        if ctrl_valid(NUM_CONTROLS - 1) = '0' then
          last_addend := (others => st_en);
        elsif st_en = '1' then
          last_addend := unsigned(ctrl(NUM_CONTROLS - 1)) - 1;
        else
          last_addend := unsigned(ctrl(NUM_CONTROLS - 1));
        end if;
        next_pending := pending + last_addend;
        for k in 0 to NUM_CONTROLS - 2 loop
          if ctrl_valid(k) = '1' then
            next_pending := next_pending + unsigned(ctrl(k));
          end if;
        end loop;
        pending <= next_pending;
      end if;
    end if;
  end process;
end architecture;
