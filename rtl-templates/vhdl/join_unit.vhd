-- Rivulet RTL template: join_unit (control-only join).
-- outs_valid = AND(ins_valid); ins_ready(i) = outs_ready AND (AND of the
-- other inputs' valid). Combinational, no state.
library ieee;
use ieee.std_logic_1164.all;

entity join_unit is
  generic (SIZE : integer);
  port (
    clk, rst   : in  std_logic;
    ins_valid  : in  std_logic_vector(SIZE - 1 downto 0);
    ins_ready  : out std_logic_vector(SIZE - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of join_unit is
begin
  outs_valid <= and ins_valid;

  process (all)
    variable others_valid : std_logic;
  begin
    for i in 0 to SIZE - 1 loop
      others_valid := '1';
      for j in 0 to SIZE - 1 loop
        if j /= i then
          others_valid := others_valid and ins_valid(j);
        end if;
      end loop;
      ins_ready(i) <= outs_ready and others_valid;
    end loop;
  end process;
end architecture;
