-- Rivulet RTL template: cond_br. Joins condition and data, routes to trueOut
-- (condition = 1) or falseOut (condition = 0).
-- j = condition_valid and data_valid;
-- trueOut_valid = j and condition; falseOut_valid = j and not condition;
-- r = trueOut_ready when condition = 1 else falseOut_ready;
-- condition_ready = data_valid and r; data_ready = condition_valid and r.
library ieee;
use ieee.std_logic_1164.all;

entity cond_br is
  generic (DATA_WIDTH : integer);
  port (
    clk, rst        : in  std_logic;
    condition       : in  std_logic_vector(0 downto 0);
    condition_valid : in  std_logic;
    condition_ready : out std_logic;
    data            : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    data_valid      : in  std_logic;
    data_ready      : out std_logic;
    trueOut         : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    trueOut_valid   : out std_logic;
    trueOut_ready   : in  std_logic;
    falseOut        : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    falseOut_valid  : out std_logic;
    falseOut_ready  : in  std_logic
  );
end entity;

architecture arch of cond_br is
  signal j, r : std_logic;
begin
  j               <= condition_valid and data_valid;
  r               <= trueOut_ready when condition(0) = '1' else falseOut_ready;
  trueOut_valid   <= j and condition(0);
  falseOut_valid  <= j and not condition(0);
  condition_ready <= data_valid and r;
  data_ready      <= condition_valid and r;
  trueOut         <= data;
  falseOut        <= data;
end architecture;
