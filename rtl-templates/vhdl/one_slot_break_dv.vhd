-- Rivulet RTL template: ONE_SLOT_BREAK_DV buffer (opaque elastic half buffer).
-- Registers: valid_r (reset 0), data_r. outs_valid = valid_r; outs = data_r;
-- ins_ready = not valid_r or outs_ready.
-- Clock edge: if ins_ready then valid_r <= ins_valid;
--             if ins_ready and ins_valid then data_r <= ins.
-- Latency: data 1, valid 1, ready 0 (ready is combinational from outs_ready).
library ieee;
use ieee.std_logic_1164.all;

entity one_slot_break_dv is
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

architecture arch of one_slot_break_dv is
  signal valid_r  : std_logic;
  signal data_r   : std_logic_vector(DATA_WIDTH - 1 downto 0);
  signal ready_in : std_logic;
begin
  ready_in   <= not valid_r or outs_ready;
  ins_ready  <= ready_in;
  outs_valid <= valid_r;
  outs       <= data_r;

  process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        valid_r <= '0';
        data_r  <= (others => '0');
      elsif ready_in = '1' then
        valid_r <= ins_valid;
        if ins_valid = '1' then
          data_r <= ins;
        end if;
      end if;
    end if;
  end process;
end architecture;
