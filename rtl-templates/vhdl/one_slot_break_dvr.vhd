-- Rivulet RTL template: ONE_SLOT_BREAK_DVR buffer (one slot, all paths registered).
-- Registers: full_r (reset 0), data_r. ins_ready = not full_r;
-- outs_valid = full_r; outs = data_r.
-- Clock edge: if full_r = 0 then full_r <= ins_valid, data_r <= ins (data_r
--             matters only while full_r); if full_r = 1 and outs_ready then full_r <= 0.
-- Latency: data 1, valid 1, ready 1. Throughput at most one token per 2 cycles.
library ieee;
use ieee.std_logic_1164.all;

entity one_slot_break_dvr is
  generic (DATA_WIDTH : integer);
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

architecture arch of one_slot_break_dvr is
  signal full_r : std_logic;
  signal data_r : std_logic_vector(DATA_WIDTH - 1 downto 0);
begin
  ins_ready  <= not full_r;
  outs_valid <= full_r;
  outs       <= data_r;

  process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        full_r <= '0';
        data_r <= (others => '0');
      elsif full_r = '0' then
        full_r <= ins_valid;
        data_r <= ins;
      elsif outs_ready = '1' then
        full_r <= '0';
      end if;
    end if;
  end process;
end architecture;
