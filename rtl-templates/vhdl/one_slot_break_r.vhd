-- Rivulet RTL template: ONE_SLOT_BREAK_R buffer (transparent elastic half buffer).
-- Registers: full_r (reset 0), data_r. ins_ready = not full_r;
-- outs_valid = ins_valid or full_r; outs = data_r when full_r else ins.
-- Clock edge: if full_r = 0: full_r <= ins_valid and not outs_ready, and
--             data_r <= ins when that happens;
--             if full_r = 1: full_r <= not outs_ready.
-- Latency: data 0, valid 0, ready 1 (ready is a register output).
library ieee;
use ieee.std_logic_1164.all;

entity one_slot_break_r is
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

architecture arch of one_slot_break_r is
  signal full_r : std_logic;
  signal data_r : std_logic_vector(DATA_WIDTH - 1 downto 0);
begin
  ins_ready  <= not full_r;
  outs_valid <= ins_valid or full_r;
  outs       <= data_r when full_r = '1' else ins;

  process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        full_r <= '0';
        data_r <= (others => '0');
      elsif full_r = '0' then
        if ins_valid = '1' and outs_ready = '0' then
          full_r <= '1';
          data_r <= ins;
        end if;
      elsif outs_ready = '1' then
        full_r <= '0';
      end if;
    end if;
  end process;
end architecture;
