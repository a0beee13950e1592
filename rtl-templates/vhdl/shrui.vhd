-- Rivulet RTL template: shrui (combinational integer unit, latency 0).
-- result = lhs >> unsigned(rhs) (zero fill); 0 when unsigned(rhs) >= DATA_WIDTH.
-- Handshake = join of lhs and rhs: result_valid = lhs_valid and rhs_valid;
-- lhs_ready = rhs_valid and result_ready; rhs_ready = lhs_valid and result_ready.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity shrui is
  generic (DATA_WIDTH : integer);
  port (
    clk, rst     : in  std_logic;
    lhs          : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    lhs_valid    : in  std_logic;
    lhs_ready    : out std_logic;
    rhs          : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    rhs_valid    : in  std_logic;
    rhs_ready    : out std_logic;
    result       : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    result_valid : out std_logic;
    result_ready : in  std_logic
  );
end entity;

architecture arch of shrui is
begin
  result_valid <= lhs_valid and rhs_valid;
  lhs_ready    <= rhs_valid and result_ready;
  rhs_ready    <= lhs_valid and result_ready;

  process (lhs, rhs)
    variable r : std_logic_vector(DATA_WIDTH - 1 downto 0);
  begin
    if unsigned(rhs) >= DATA_WIDTH then
        r := (others => '0');
      else
        r := std_logic_vector(shift_right(unsigned(lhs), to_integer(unsigned(rhs))));
      end if;
    result <= r;
  end process;
end architecture;
