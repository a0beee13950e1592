-- Rivulet floating-point unit fptoui: float -> unsigned integer, rounding toward zero.
--
-- Elastic unary unit: the operand token on ins is taken when the pipeline can
-- accept; the result appears on outs LATENCY cycles later (see
-- float_pipeline.vhd and rtl-templates/float.md).
-- outs is an unsigned integer of OUTPUT_WIDTH bits (2 .. 64): exact for values
-- in its range; otherwise what C compiled for x86-64 gives (fp_to_uint in
-- float_pkg.vhd).
-- Depends on: float_pkg.vhd, float_pipeline.vhd.
library ieee;
use ieee.std_logic_1164.all;
use work.float_pkg.all;

entity fptoui is
  generic (
    FLOAT_WIDTH : positive := 32;
    OUTPUT_WIDTH : positive := 32;
    LATENCY     : natural  := 0
  );
  port (
    clk        : in  std_logic;
    rst        : in  std_logic;
    ins        : in  std_logic_vector(FLOAT_WIDTH - 1 downto 0);
    ins_valid  : in  std_logic;
    ins_ready  : out std_logic;
    outs       : out std_logic_vector(OUTPUT_WIDTH - 1 downto 0);
    outs_valid : out std_logic;
    outs_ready : in  std_logic
  );
end entity;

architecture arch of fptoui is
  signal value : std_logic_vector(OUTPUT_WIDTH - 1 downto 0);
begin
  value <= fp_to_uint(ins, OUTPUT_WIDTH);

  pipe : entity work.float_pipeline
    generic map (DATA_WIDTH => OUTPUT_WIDTH, LATENCY => LATENCY)
    port map (
      clk => clk, rst => rst,
      ins => value, ins_valid => ins_valid, ins_ready => ins_ready,
      outs => outs, outs_valid => outs_valid, outs_ready => outs_ready
    );
end architecture;
