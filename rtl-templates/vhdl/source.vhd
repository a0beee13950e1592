-- Rivulet RTL template: source (control-only). outs_valid = '1' always:
-- offers a new token every cycle.
library ieee;
use ieee.std_logic_1164.all;

entity source is
  port (
    clk, rst   : in  std_logic;
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of source is
begin
  outs_valid <= '1';
end architecture;
