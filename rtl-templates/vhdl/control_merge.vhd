-- Rivulet RTL template: control_merge.
-- Stage 1 (combinational priority merge): c = lowest i with ins_valid(i);
--   m_valid = OR(ins_valid); m = (index: c, data: ins(c));
--   ins_ready(i) = b_ready when i = c else '0'.
-- Stage 2: one_slot_break_r buffer on {index, data} (b_ready = not full_r).
-- Stage 3: eager fork_dataless with 2 outputs: output 0 -> outs, output 1 -> index.
-- outs and index carry the buffered data and index.
library ieee;
use ieee.std_logic_1164.all;
use ieee.numeric_std.all;
use work.types.all;

entity control_merge is
  generic (SIZE : integer; DATA_WIDTH : integer; INDEX_WIDTH : integer);
  port (
    clk, rst    : in  std_logic;
    ins         : in  data_array(SIZE - 1 downto 0)(DATA_WIDTH - 1 downto 0);
    ins_valid   : in  std_logic_vector(SIZE - 1 downto 0);
    ins_ready   : out std_logic_vector(SIZE - 1 downto 0);
    outs        : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    outs_valid  : out std_logic;
    outs_ready  : in  std_logic;
    index       : out std_logic_vector(INDEX_WIDTH - 1 downto 0);
    index_valid : out std_logic;
    index_ready : in  std_logic
  );
end entity;

architecture arch of control_merge is
  signal m_valid, b_ready, b_valid, b_ready_out : std_logic;
  signal m, b : std_logic_vector(INDEX_WIDTH + DATA_WIDTH - 1 downto 0);
begin
  process (all)
    variable found : boolean;
  begin
    found     := false;
    m         <= std_logic_vector(to_unsigned(0, INDEX_WIDTH)) & ins(0);
    m_valid   <= '0';
    ins_ready <= (others => '0');
    for i in 0 to SIZE - 1 loop
      if not found and ins_valid(i) = '1' then
        found        := true;
        m            <= std_logic_vector(to_unsigned(i, INDEX_WIDTH)) & ins(i);
        m_valid      <= '1';
        ins_ready(i) <= b_ready;
      end if;
    end loop;
  end process;

  buf : entity work.one_slot_break_r
    generic map (DATA_WIDTH => INDEX_WIDTH + DATA_WIDTH)
    port map (
      clk => clk, rst => rst,
      ins => m, ins_valid => m_valid, ins_ready => b_ready,
      outs => b, outs_valid => b_valid, outs_ready => b_ready_out
    );

  out_fork : entity work.fork_dataless
    generic map (SIZE => 2)
    port map (
      clk => clk, rst => rst,
      ins_valid => b_valid, ins_ready => b_ready_out,
      outs_valid(0) => outs_valid, outs_valid(1) => index_valid,
      outs_ready(0) => outs_ready, outs_ready(1) => index_ready
    );

  outs  <= b(DATA_WIDTH - 1 downto 0);
  index <= b(INDEX_WIDTH + DATA_WIDTH - 1 downto DATA_WIDTH);
end architecture;
