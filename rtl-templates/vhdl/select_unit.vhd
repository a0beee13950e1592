-- Rivulet RTL template: select_unit. Joins condition, trueValue and falseValue
-- (join of 3: each input's ready = result_ready and the other two valids);
-- result = trueValue when condition = 1 else falseValue.
library ieee;
use ieee.std_logic_1164.all;

entity select_unit is
  generic (DATA_WIDTH : integer);
  port (
    clk, rst         : in  std_logic;
    condition        : in  std_logic_vector(0 downto 0);
    condition_valid  : in  std_logic;
    condition_ready  : out std_logic;
    trueValue        : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    trueValue_valid  : in  std_logic;
    trueValue_ready  : out std_logic;
    falseValue       : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    falseValue_valid : in  std_logic;
    falseValue_ready : out std_logic;
    result           : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    result_valid     : out std_logic;
    result_ready     : in  std_logic
  );
end entity;

architecture arch of select_unit is
  signal cond : std_logic;
begin
  cond             <= condition(0);
  result_valid     <= condition_valid and trueValue_valid and falseValue_valid;
  condition_ready  <= result_ready and trueValue_valid and falseValue_valid;
  trueValue_ready  <= result_ready and condition_valid and falseValue_valid;
  falseValue_ready <= result_ready and condition_valid and trueValue_valid;
  result           <= trueValue when cond = '1' else falseValue;
end architecture;
