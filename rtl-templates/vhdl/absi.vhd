-- Rivulet RTL template: absi (combinational integer unit, latency 0).
-- absolute value: outs = -ins when ins < 0 else ins (modulo 2^DATA_WIDTH, so abs(MIN) = MIN).
-- Handshake is a wire: outs_valid = ins_valid; ins_ready = outs_ready.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;

entity absi is
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

architecture arch of absi is
begin
  outs <= std_logic_vector(0 - unsigned(ins)) when ins(DATA_WIDTH - 1) = '1' else ins;
  outs_valid <= ins_valid;
  ins_ready  <= outs_ready;
end architecture;
