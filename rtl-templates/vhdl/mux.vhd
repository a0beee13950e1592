-- Rivulet RTL template: mux. Consumes the index token and the selected input
-- token together. s = unsigned(index).
-- outs_valid = index_valid and ins_valid(s) (0 when s >= SIZE);
-- outs = ins(s); index_ready = ins_valid(s) and outs_ready;
-- ins_ready(i) = index_valid and (s = i) and outs_ready. Combinational.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.types.all;

entity mux is
  generic (SIZE : integer; DATA_WIDTH : integer; SELECT_WIDTH : integer);
  port (
    clk, rst    : in  std_logic;
    index       : in  std_logic_vector(SELECT_WIDTH - 1 downto 0);
    index_valid : in  std_logic;
    index_ready : out std_logic;
    ins         : in  data_array(SIZE - 1 downto 0)(DATA_WIDTH - 1 downto 0);
    ins_valid   : in  std_logic_vector(SIZE - 1 downto 0);
    ins_ready   : out std_logic_vector(SIZE - 1 downto 0);
    outs        : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    outs_valid  : out std_logic;
    outs_ready  : in  std_logic
  );
end entity;

architecture arch of mux is
begin
  process (all)
    variable sel_valid : std_logic;
  begin
    sel_valid := '0';
    outs      <= ins(0);
    ins_ready <= (others => '0');
    for i in 0 to SIZE - 1 loop
      if unsigned(index) = to_unsigned(i, SELECT_WIDTH + 32) then
        sel_valid    := ins_valid(i);
        outs         <= ins(i);
        ins_ready(i) <= index_valid and outs_ready;
      end if;
    end loop;
    outs_valid  <= index_valid and sel_valid;
    index_ready <= sel_valid and outs_ready;
  end process;
end architecture;
