-- Rivulet RTL template: merge (combinational, lowest index wins).
-- c = lowest i with ins_valid(i) = '1'. outs_valid = OR(ins_valid);
-- outs = ins(c); ins_ready(i) = outs_ready when i = c, else '0'.
library ieee;
use ieee.std_logic_1164.all;
use work.types.all;

entity merge is
  generic (SIZE : integer; DATA_WIDTH : integer);
  port (
    clk, rst   : in  std_logic;
    ins        : in  data_array(SIZE - 1 downto 0)(DATA_WIDTH - 1 downto 0);
    ins_valid  : in  std_logic_vector(SIZE - 1 downto 0);
    ins_ready  : out std_logic_vector(SIZE - 1 downto 0);
    outs       : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of merge is
begin
  process (all)
    variable found : boolean;
  begin
    found      := false;
    outs       <= ins(0);
    outs_valid <= '0';
    ins_ready  <= (others => '0');
    for i in 0 to SIZE - 1 loop
      if not found and ins_valid(i) = '1' then
        found        := true;
        outs         <= ins(i);
        outs_valid   <= '1';
        ins_ready(i) <= outs_ready;
      end if;
    end loop;
  end process;
end architecture;
