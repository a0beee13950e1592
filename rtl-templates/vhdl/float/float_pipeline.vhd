-- Rivulet float_pipeline: the elastic pipeline shared by all floating-point units.
--
-- A unit computes its result combinationally from the accepted operands and
-- hands it here together with the joined valid. With LATENCY = 0 the data and
-- valid pass straight through and ins_ready = outs_ready. With LATENCY >= 1,
-- (data, valid) move through LATENCY register stages; the whole pipeline
-- advances on a rising clock edge unless the last stage holds a valid token
-- that is not taken (outs_valid = 1 and outs_ready = 0), in which case every
-- stage holds. ins_ready = not that stall condition. A synchronous active-high
-- reset clears every valid bit (data registers are not reset).
-- The exact cycle equations are in rtl-templates/float.md.
library ieee;
use ieee.std_logic_1164.all;

entity float_pipeline is
  generic (
    DATA_WIDTH : positive;
    LATENCY    : natural
  );
  port (
    clk        : in  std_logic;
    rst        : in  std_logic;
    ins        : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs       : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of float_pipeline is
begin
  comb : if LATENCY = 0 generate
    outs       <= ins;
    outs_valid <= ins_valid;
    ins_ready  <= outs_ready;
  end generate;

  regs : if LATENCY > 0 generate
    type data_array is array (1 to LATENCY) of std_logic_vector(DATA_WIDTH - 1 downto 0);
    signal data  : data_array;
    signal valid : std_logic_vector(1 to LATENCY);
    signal advance : std_logic;
  begin
    advance <= not (valid(LATENCY) and not outs_ready);

    process (clk)
    begin
      if rising_edge(clk) then
        if rst = '1' then
          valid <= (others => '0');
        elsif advance = '1' then
          valid(1) <= ins_valid;
          data(1)  <= ins;
          for i in 2 to LATENCY loop
            valid(i) <= valid(i - 1);
            data(i)  <= data(i - 1);
          end loop;
        end if;
      end if;
    end process;

    outs       <= data(LATENCY);
    outs_valid <= valid(LATENCY);
    ins_ready  <= advance;
  end generate;
end architecture;
