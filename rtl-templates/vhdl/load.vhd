-- Rivulet RTL template: load (memory-controller port). A pass-through of the
-- address towards the memory interface and of the returned data:
-- addrOut = addrIn (valid/ready wired through);
-- dataOut = dataFromMem (valid/ready wired through). Combinational.
library ieee;
use ieee.std_logic_1164.all;

entity load is
  generic (ADDR_WIDTH : integer; DATA_WIDTH : integer);
  port (
    clk, rst          : in  std_logic;
    addrIn            : in  std_logic_vector(ADDR_WIDTH - 1 downto 0);
    addrIn_valid      : in  std_logic;
    addrIn_ready      : out std_logic;
    dataFromMem       : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    dataFromMem_valid : in  std_logic;
    dataFromMem_ready : out std_logic;
    addrOut           : out std_logic_vector(ADDR_WIDTH - 1 downto 0);
    addrOut_valid     : out std_logic;
    addrOut_ready     : in  std_logic;
    dataOut           : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    dataOut_valid     : out std_logic;
    dataOut_ready     : in  std_logic
  );
end entity;

architecture arch of load is
begin
  addrOut           <= addrIn;
  addrOut_valid     <= addrIn_valid;
  addrIn_ready      <= addrOut_ready;
  dataOut           <= dataFromMem;
  dataOut_valid     <= dataFromMem_valid;
  dataFromMem_ready <= dataOut_ready;
end architecture;
