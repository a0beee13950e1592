-- Rivulet RTL template: eager fork, control-only.
-- One "done" register per output remembers that the output already took the
-- current token. outs_valid(i) = ins_valid and not done(i);
-- ins_ready = AND over i of (done(i) or outs_ready(i)).
-- Clock edge: if ins_valid and ins_ready then done <= 0 (token consumed),
-- else done(i) <= done(i) or (outs_valid(i) and outs_ready(i)). Reset: done = 0.
library ieee;
use ieee.std_logic_1164.all;

entity fork_dataless is
  generic (SIZE : integer);
  port (
    clk, rst   : in  std_logic;
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs_valid : out std_logic_vector(SIZE - 1 downto 0);
    outs_ready : in  std_logic_vector(SIZE - 1 downto 0)
  );
end entity;

architecture arch of fork_dataless is
  signal done        : std_logic_vector(SIZE - 1 downto 0);
  signal valid_out   : std_logic_vector(SIZE - 1 downto 0);
  signal taken       : std_logic_vector(SIZE - 1 downto 0);
  signal ready_in    : std_logic;
begin
  valid_out  <= (SIZE - 1 downto 0 => ins_valid) and not done;
  taken      <= done or outs_ready;
  ready_in   <= and taken;
  outs_valid <= valid_out;
  ins_ready  <= ready_in;

  process (clk)
  begin
    if rising_edge(clk) then
      if rst = '1' then
        done <= (others => '0');
      elsif ins_valid = '1' and ready_in = '1' then
        done <= (others => '0');
      else
        done <= done or (valid_out and outs_ready);
      end if;
    end if;
  end process;
end architecture;
