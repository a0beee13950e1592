-- Rivulet RTL template: FIFO_BREAK_DV buffer (NUM_SLOTS-entry FIFO, output
-- read from the storage: latency 1).
-- Registers: count (0..NUM_SLOTS, reset 0), head (reset 0), slots.
-- outs_valid = count /= 0; outs = slots(head);
-- ins_ready = count /= NUM_SLOTS or outs_ready.
-- Clock edge: wr = ins_valid and ins_ready; rd = outs_valid and outs_ready;
--   if ins_ready: slots((head + count) mod NUM_SLOTS) <= ins (the slot is free,
--     or is the head being read when full; it holds a token only if wr);
--   if rd: head <= (head + 1) mod NUM_SLOTS;  count <= count + wr - rd.
library ieee;
use ieee.std_logic_1164.all;
use work.types.all;

entity fifo_break_dv is
  generic (NUM_SLOTS : integer; DATA_WIDTH : integer);
  port (
    clk, rst   : in  std_logic;
    ins        : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs       : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of fifo_break_dv is
  signal slots    : data_array(NUM_SLOTS - 1 downto 0)(DATA_WIDTH - 1 downto 0);
  signal count    : integer range 0 to NUM_SLOTS;
  signal head     : integer range 0 to NUM_SLOTS - 1;
  signal ready_in : std_logic;
  signal valid_o  : std_logic;
begin
  valid_o    <= '1' when count /= 0 else '0';
  ready_in   <= '1' when count /= NUM_SLOTS or outs_ready = '1' else '0';
  outs_valid <= valid_o;
  ins_ready  <= ready_in;
  outs       <= slots(head);

  process (clk)
    variable wr, rd : boolean;
  begin
    if rising_edge(clk) then
      if rst = '1' then
        count <= 0;
        head  <= 0;
      else
        wr := ins_valid = '1' and ready_in = '1';
        rd := valid_o = '1' and outs_ready = '1';
        if ready_in = '1' then
          slots((head + count) mod NUM_SLOTS) <= ins;
        end if;
        if rd then
          head <= (head + 1) mod NUM_SLOTS;
        end if;
        if wr and not rd then
          count <= count + 1;
        elsif rd and not wr then
          count <= count - 1;
        end if;
      end if;
    end if;
  end process;
end architecture;
