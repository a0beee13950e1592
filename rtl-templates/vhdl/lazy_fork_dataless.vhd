-- Rivulet RTL template: lazy fork, control-only. All outputs fire together.
-- outs_valid(i) = ins_valid and AND over j /= i of outs_ready(j);
-- ins_ready = AND(outs_ready). Combinational, no state.
library ieee;
use ieee.std_logic_1164.all;

entity lazy_fork_dataless is
  generic (SIZE : integer);
  port (
    clk, rst   : in  std_logic;
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs_valid : out std_logic_vector(SIZE - 1 downto 0);
    outs_ready : in  std_logic_vector(SIZE - 1 downto 0)
  );
end entity;

architecture arch of lazy_fork_dataless is
begin
  ins_ready <= and outs_ready;

  process (all)
    variable others_ready : std_logic;
  begin
    for i in 0 to SIZE - 1 loop
      others_ready := '1';
      for j in 0 to SIZE - 1 loop
        if j /= i then
          others_ready := others_ready and outs_ready(j);
        end if;
      end loop;
      outs_valid(i) <= ins_valid and others_ready;
    end loop;
  end process;
end architecture;
