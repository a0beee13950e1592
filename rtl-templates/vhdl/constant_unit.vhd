-- Rivulet RTL template: constant_unit. Each control token on ctrl becomes a token
-- carrying VALUE on outs: outs = VALUE; outs_valid = ctrl_valid;
-- ctrl_ready = outs_ready. VALUE is a DATA_WIDTH-bit string, e.g. "00101010".
library ieee;
use ieee.std_logic_1164.all;

entity constant_unit is
  generic (DATA_WIDTH : integer; VALUE : std_logic_vector);
  port (
    clk, rst   : in  std_logic;
    ctrl_valid : in  std_logic;
    ctrl_ready : out std_logic;
    outs       : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of constant_unit is
begin
  assert VALUE'length = DATA_WIDTH
    report "constant_unit: VALUE must have exactly DATA_WIDTH bits" severity failure;
  outs       <= VALUE;
  outs_valid <= ctrl_valid;
  ctrl_ready <= outs_ready;
end architecture;
