#!/usr/bin/env bash
# The RTL corpus check (tests/rtl-corpus/run.sh) with the circuits buffered by the FPGA20 MILP
# placement: every kernel's VHDL and Verilog pass their testbench in the cycle count
# `rivulet sim --buffers fpga20` reports. (`BUFFERS=fpl22 tests/rtl-corpus/run.sh` checks FPL22
# the same way; docs/buffering.md records its result.)
exec env BUFFERS=fpga20 "$(dirname "$0")/../rtl-corpus/run.sh" "$@"
