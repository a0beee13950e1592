-- Rivulet RTL template: store (memory-controller port). Two independent
-- pass-throughs: addrOut = addrIn and dataToMem = dataIn (valid/ready wired
-- through); the memory controller joins the address and the data. Combinational.
library ieee;
use ieee.std_logic_1164.all;

entity store is
  generic (ADDR_WIDTH : integer; DATA_WIDTH : integer);
  port (
    clk, rst        : in  std_logic;
    addrIn          : in  std_logic_vector(ADDR_WIDTH - 1 downto 0);
    addrIn_valid    : in  std_logic;
    addrIn_ready    : out std_logic;
    dataIn          : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    dataIn_valid    : in  std_logic;
    dataIn_ready    : out std_logic;
    addrOut         : out std_logic_vector(ADDR_WIDTH - 1 downto 0);
    addrOut_valid   : out std_logic;
    addrOut_ready   : in  std_logic;
    dataToMem       : out std_logic_vector(DATA_WIDTH - 1 downto 0);
    dataToMem_valid : out std_logic;
    dataToMem_ready : in  std_logic
  );
end entity;

architecture arch of store is
begin
  addrOut         <= addrIn;
  addrOut_valid   <= addrIn_valid;
  addrIn_ready    <= addrOut_ready;
  dataToMem       <= dataIn;
  dataToMem_valid <= dataIn_valid;
  dataIn_ready    <= dataToMem_ready;
end architecture;
