-- Rivulet RTL template: mem_controller for NUM_LOADS = 0: no ldAddr/ldData
-- ports; loadEn = '0'. Behaves exactly like mem_controller with one load port
-- that never receives an address (instantiated that way).
library ieee;
use ieee.std_logic_1164.all;
use work.types.all;

entity mem_controller_loadless is
  generic (NUM_CONTROLS : integer; NUM_STORES : integer; DATA_WIDTH : integer; ADDR_WIDTH : integer);
  port (
    clk, rst       : in  std_logic;
    memStart_valid : in  std_logic;
    memStart_ready : out std_logic;
    ctrl           : in  data_array(NUM_CONTROLS - 1 downto 0)(31 downto 0);
    ctrl_valid     : in  std_logic_vector(NUM_CONTROLS - 1 downto 0);
    ctrl_ready     : out std_logic_vector(NUM_CONTROLS - 1 downto 0);
    stAddr         : in  data_array(NUM_STORES - 1 downto 0)(ADDR_WIDTH - 1 downto 0);
    stAddr_valid   : in  std_logic_vector(NUM_STORES - 1 downto 0);
    stAddr_ready   : out std_logic_vector(NUM_STORES - 1 downto 0);
    stData         : in  data_array(NUM_STORES - 1 downto 0)(DATA_WIDTH - 1 downto 0);
    stData_valid   : in  std_logic_vector(NUM_STORES - 1 downto 0);
    stData_ready   : out std_logic_vector(NUM_STORES - 1 downto 0);
    ctrlEnd_valid  : in  std_logic;
    ctrlEnd_ready  : out std_logic;
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

architecture arch of mem_controller_loadless is
  signal unused_ld      : data_array(0 downto 0)(DATA_WIDTH - 1 downto 0);
  signal unused_handshake : std_logic_vector(1 downto 0);
begin
  inner : entity work.mem_controller
    generic map (
      NUM_CONTROLS => NUM_CONTROLS, NUM_LOADS => 1, NUM_STORES => NUM_STORES,
      DATA_WIDTH => DATA_WIDTH, ADDR_WIDTH => ADDR_WIDTH
    )
    port map (
      clk => clk, rst => rst,
      memStart_valid => memStart_valid, memStart_ready => memStart_ready,
      ctrl => ctrl, ctrl_valid => ctrl_valid, ctrl_ready => ctrl_ready,
      ldAddr => (0 => (ADDR_WIDTH - 1 downto 0 => '0')), ldAddr_valid => "0",
      ldAddr_ready(0) => unused_handshake(0),
      stAddr => stAddr, stAddr_valid => stAddr_valid, stAddr_ready => stAddr_ready,
      stData => stData, stData_valid => stData_valid, stData_ready => stData_ready,
      ctrlEnd_valid => ctrlEnd_valid, ctrlEnd_ready => ctrlEnd_ready,
      ldData => unused_ld, ldData_valid(0) => unused_handshake(1), ldData_ready => "1",
      memEnd_valid => memEnd_valid, memEnd_ready => memEnd_ready,
      loadEn => loadEn, loadAddr => loadAddr, loadData => loadData,
      storeEn => storeEn, storeAddr => storeAddr, storeData => storeData
    );
end architecture;
