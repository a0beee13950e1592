-- Rivulet RTL template: SHIFT_REG_BREAK_DV buffer (NUM_SLOTS pipeline registers
-- sharing one handshake; also the delay line of pipelined arithmetic units).
-- Registers: valid_r(0..NUM_SLOTS-1) (reset 0), data_r(0..NUM_SLOTS-1).
-- en = not valid_r(NUM_SLOTS-1) or outs_ready; ins_ready = en;
-- outs_valid = valid_r(NUM_SLOTS-1); outs = data_r(NUM_SLOTS-1).
-- Clock edge: if en: valid_r(0) <= ins_valid, data_r(0) <= ins (also in reset:
--   the data registers have none),
--   valid_r(k) <= valid_r(k-1), data_r(k) <= data_r(k-1) for k >= 1.
-- Latency: a token accepted in cycle t is offered at the output from cycle
-- t + NUM_SLOTS on (1 cycle per slot); the whole pipeline stalls together.
library ieee;
use ieee.std_logic_1164.all;
use work.types.all;

entity shift_reg_break_dv is
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

architecture arch of shift_reg_break_dv is
  signal valid_r : std_logic_vector(NUM_SLOTS - 1 downto 0);
  signal data_r  : data_array(NUM_SLOTS - 1 downto 0)(DATA_WIDTH - 1 downto 0);
  signal en      : std_logic;
begin
  en         <= not valid_r(NUM_SLOTS - 1) or outs_ready;
  ins_ready  <= en;
  outs_valid <= valid_r(NUM_SLOTS - 1);
  outs       <= data_r(NUM_SLOTS - 1);

  process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        valid_r <= (others => '0');
      elsif en = '1' then
        valid_r(0) <= ins_valid;
        for k in 1 to NUM_SLOTS - 1 loop
          valid_r(k) <= valid_r(k - 1);
        end loop;
      end if;
    end if;
  end process;

  process (clk)
  begin
    if rising_edge(clk) then
      if en = '1' then
        data_r(0) <= ins;
        for k in 1 to NUM_SLOTS - 1 loop
          data_r(k) <= data_r(k - 1);
        end loop;
      end if;
    end if;
  end process;
end architecture;
