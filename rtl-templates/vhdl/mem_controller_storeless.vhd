-- Rivulet RTL template: mem_controller for NUM_STORES = 0 (and NUM_CONTROLS = 0):
-- no ctrl/stAddr/stData ports; storeEn = '0'; memEnd_valid = ctrlEnd_valid.
-- Behaves exactly like mem_controller with one store port and one ctrl port
-- that never receive a token (instantiated that way).
library ieee;
use ieee.std_logic_1164.all;
use work.types.all;

entity mem_controller_storeless is
  generic (NUM_LOADS : integer; DATA_WIDTH : integer; ADDR_WIDTH : integer);
  port (
    clk, rst       : in  std_logic;
    memStart_valid : in  std_logic;
    memStart_ready : out std_logic;
    ldAddr         : in  data_array(NUM_LOADS - 1 downto 0)(ADDR_WIDTH - 1 downto 0);
    ldAddr_valid   : in  std_logic_vector(NUM_LOADS - 1 downto 0);
    ldAddr_ready   : out std_logic_vector(NUM_LOADS - 1 downto 0);
    ctrlEnd_valid  : in  std_logic;
    ctrlEnd_ready  : out std_logic;
    ldData         : out data_array(NUM_LOADS - 1 downto 0)(DATA_WIDTH - 1 downto 0);
    ldData_valid   : out std_logic_vector(NUM_LOADS - 1 downto 0);
    ldData_ready   : in  std_logic_vector(NUM_LOADS - 1 downto 0);
    memEnd_valid   : out std_logic;
    memEnd_ready   : in  std_logic;
    loadEn         : out std_logic;
    loadAddr       : out std_logic_vector(ADDR_WIDTH - 1 downto 0);
    loadData       : in  std_logic_vector(DATA_WIDTH - 1 downto 0);
    storeEn        : out std_logic;
    storeAddr      : out std_logic_vector(ADDR_WIDTH - 1 downto 0);
    storeData      : out std_logic_vector(DATA_WIDTH - 1 downto 0)
  );
end entity;

architecture arch of mem_controller_storeless is
  signal unused_handshake : std_logic_vector(2 downto 0);
begin
  inner : entity work.mem_controller
    generic map (
      NUM_CONTROLS => 1, NUM_LOADS => NUM_LOADS, NUM_STORES => 1,
      DATA_WIDTH => DATA_WIDTH, ADDR_WIDTH => ADDR_WIDTH
    )
    port map (
      clk => clk, rst => rst,
      memStart_valid => memStart_valid, memStart_ready => memStart_ready,
      ctrl => (0 => (31 downto 0 => '0')), ctrl_valid => "0", ctrl_ready(0) => unused_handshake(0),
      ldAddr => ldAddr, ldAddr_valid => ldAddr_valid, ldAddr_ready => ldAddr_ready,
      stAddr => (0 => (ADDR_WIDTH - 1 downto 0 => '0')), stAddr_valid => "0",
      stAddr_ready(0) => unused_handshake(1),
      stData => (0 => (DATA_WIDTH - 1 downto 0 => '0')), stData_valid => "0",
      stData_ready(0) => unused_handshake(2),
      ctrlEnd_valid => ctrlEnd_valid, ctrlEnd_ready => ctrlEnd_ready,
      ldData => ldData, ldData_valid => ldData_valid, ldData_ready => ldData_ready,
      memEnd_valid => memEnd_valid, memEnd_ready => memEnd_ready,
      loadEn => loadEn, loadAddr => loadAddr, loadData => loadData,
      storeEn => storeEn, storeAddr => storeAddr, storeData => storeData
    );
end architecture;
