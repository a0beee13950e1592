#!/usr/bin/env bash
# Rivulet's large-kernel tier (tests/kernels-large/README.md): kernels with big memories or
# millions of cycles, kept out of the per-kernel corpus and run once here:
#   1. tests/kernels/check-native.sh on this directory (gcc builds agree; hottest line within
#      $BUDGET, default 2,000,000);
#   2. the native tests of the tier: interpreter = gcc (oracle::kernels_large) and simulator =
#      interpreter within the default cycle limit under on-merges, FPGA20 and FPL22
#      (sim_limits::*, ignored in the plain `cargo test`), each printing cycles and cycles/s;
#   3. the RTL at the simulator's cycle count, FPGA20 buffers (tests/rtl-corpus/run.sh with
#      KERNELS set to this directory, $SIM_TIMEOUT s per run) of the kernels of $RTL_KERNELS
#      (default big_array_256; "all" for every one), GHDL and Icarus side by side (one core
#      each). long_matmul's 3.2 million cycles take Icarus over 10 minutes and GHDL over 20 on
#      these machines, so by default its RTL is left to the corpus suites, which run the same
#      templates; RTL_KERNELS=all checks it.
# Prints the time of each step and "N passed, M failed" last; exits 1 on failure.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
PASS=0; FAIL=0
step() {
  local name=$1; shift
  local start=$SECONDS
  if "$@"; then PASS=$((PASS + 1)); r=ok; else FAIL=$((FAIL + 1)); r=FAIL; fi
  echo "$r    $name ($((SECONDS - start)) s)"
}
step "check-native" env KERNELS="$HERE" BUDGET="${BUDGET:-2000000}" "$ROOT/tests/kernels/check-native.sh"
# The native suite's own cargo command (scripts/test.sh), filtered: any narrower selection of
# targets resolves other features and rebuilds the test crate.
step "oracle and simulation" bash -c "cd '$ROOT' && cargo test -q --workspace --locked --offline --features rivulet-core/cli \
  -- --include-ignored --nocapture --test-threads=2 kernels_large sim_limits::"
# One HDL's RTL check of the tier, its report in $1, for the kernels named after $2 (all
# when none).
rtl() {
  local report=$1 hdl=$2; shift 2
  env KERNELS="$HERE" BUFFERS=fpga20 SIM_TIMEOUT="${SIM_TIMEOUT:-2400}" HDLS="$hdl" \
    "$ROOT/tests/rtl-corpus/run.sh" "$@" >"$report" 2>&1
}
rtl_kernels="${RTL_KERNELS:-big_array_256}"
[ "$rtl_kernels" = all ] && rtl_kernels=""
rtl_both() {
  local logs; logs="$(mktemp -d "${TMPDIR:-/tmp}/rivulet-large.XXXXXX")"
  # shellcheck disable=SC2086 # a list of kernel names
  rtl "$logs/vhdl" vhdl $rtl_kernels & local vhdl=$!
  # shellcheck disable=SC2086 # a list of kernel names
  rtl "$logs/verilog" verilog $rtl_kernels; local verilog=$?
  wait "$vhdl"; local status=$?
  cat "$logs/vhdl" "$logs/verilog"; rm -rf "$logs"
  [ "$status" -eq 0 ] && [ "$verilog" -eq 0 ]
}
step "RTL (FPGA20, GHDL and Icarus)" rtl_both
echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
