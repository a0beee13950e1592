-- Rivulet RTL template: shared VHDL-2008 types for variadic channel arrays.
-- data_array(SIZE - 1 downto 0)(DATA_WIDTH - 1 downto 0) carries the data
-- buses of a logical array of SIZE channels (element i = channel i).
library ieee;
use ieee.std_logic_1164.all;

package types is
  type data_array is array (natural range <>) of std_logic_vector;
end package;
