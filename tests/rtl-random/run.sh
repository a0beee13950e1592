#!/usr/bin/env bash
# Generated kernels (crates/core/tests/it/support/kernel_gen.rs: nested and data-dependent
# loops, breaks, computed and loaded store indices, read-modify-writes through loaded indices,
# loops that depend on each other through an array, a float accumulator) through the RTL corpus
# check (tests/rtl-corpus/run.sh): each kernel's VHDL and Verilog, buffered by the FPGA20 and by
# the FPL22 placement with the default memory mode (`auto`: a load-store queue where it
# measurably pays), pass their testbench in the cycle count `rivulet sim` reports.
# COUNT (default 4) kernels from seed FIRST (default 0); each simulation may take SIM_TIMEOUT
# seconds (default 300: a generated kernel can run tens of thousands of cycles, over a minute
# in Icarus on a busy machine); prints one line per check and "N passed, M failed" per
# placement; exits 1 on failure.
set -u
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
DIR="$(mktemp -d "${TMPDIR:-/tmp}/rivulet-rtl-random.XXXXXX")"
trap 'rm -rf "$DIR"' EXIT
{ "$ROOT/tests/build-cli.sh" && "$ROOT/target/debug/examples/random_kernels" \
  "$DIR" "${FIRST:-0}" "${COUNT:-4}"; } || { echo "0 passed, 1 failed"; exit 1; }
export SIM_TIMEOUT="${SIM_TIMEOUT:-300}"
status=0
for buffers in fpga20 fpl22; do
  echo "--- $buffers"
  KERNELS="$DIR" BUFFERS=$buffers "$ROOT/tests/rtl-corpus/run.sh" || status=1
done
exit $status
