#!/usr/bin/env bash
# Rivulet RTL corpus check: for every kernel of $KERNELS (or the names given), compiles it
# with `rivulet compile K.c --hdl vhdl|verilog -o DIR`, runs DIR/run-sim.sh (GHDL for VHDL, Icarus
# Verilog for Verilog) and requires the testbench to pass (outputs equal to the interpreter's).
# The RTL cycle count must equal the simulator's: the first HDL's compilation also simulates
# the circuit (`--simulate`, as `rivulet sim` does) and records its cycles in report.txt, and a
# simulation that does not finish with the interpreter's outputs fails the kernel.
# Kernels run two at a time (xargs -P2); each simulation is limited to $SIM_TIMEOUT seconds.
# BUFFERS=on-merges|fpga20|fpl22 (default on-merges) picks the buffer placement of both;
# KERNELS (default tests/kernels) the corpus directory, holding <name>/<name>.c; HDLS (default
# "vhdl verilog") the HDLs to check; RIVULET_OPTS more options of both commands (e.g.
# `--memory lsq`); KNOWN the expected-failures file (default known-failures.txt here).
# Prints one line per check and "N passed, M failed" last; exits 1 on failure.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rivulet-rtl-corpus.XXXXXX")"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; [ -n "${KEEP:-}" ] && echo "work dir: $WORK"
export SIM_TIMEOUT="${SIM_TIMEOUT:-60}" BUFFERS="${BUFFERS:-on-merges}" HDLS="${HDLS:-vhdl verilog}"
export RIVULET_OPTS="${RIVULET_OPTS:-}"
"$ROOT/tests/build-cli.sh" || { echo "0 passed, 1 failed"; exit 1; }
export KERNELS="${KERNELS:-$ROOT/tests/kernels}"
export RIVULET="$ROOT/target/debug/rivulet" WORK ROOT

check_kernel() {
  k="$1"
  src="$KERNELS/$k/$k.c"
  sim_cycles=""
  for hdl in $HDLS; do
    case $hdl in vhdl) tool=ghdl ;; verilog) tool=iverilog ;; esac
    if ! command -v $tool >/dev/null; then echo "SKIP  $k $hdl ($tool not found)"; continue; fi
    dir="$WORK/$k-$hdl"
    simulate=""; [ -z "$sim_cycles" ] && simulate="--simulate"
    # shellcheck disable=SC2086 # RIVULET_OPTS is a list of options
    if ! timeout "$SIM_TIMEOUT" "$RIVULET" compile "$src" --buffers "$BUFFERS" $RIVULET_OPTS \
        --hdl $hdl $simulate -o "$dir" >"$WORK/$k-$hdl.log" 2>&1; then
      echo "FAIL  $k $hdl: does not compile or simulate: $(grep -m1 -E 'error|deadlock|mismatch' "$WORK/$k-$hdl.log")"
      continue
    fi
    if [ -n "$simulate" ]; then
      sim_cycles=$(sed -n 's/^simulator: \([0-9]*\) cycles.*/\1/p' "$dir/report.txt")
      if [ -z "$sim_cycles" ]; then echo "FAIL  $k $hdl: no simulator cycles in report.txt"; continue; fi
    fi
    res=$(timeout "$SIM_TIMEOUT" sh "$dir/run-sim.sh" 2>&1); status=$?
    cycles=$(printf '%s\n' "$res" | tail -n 1 | sed -n 's/^cycles: //p')
    if [ $status -ne 0 ]; then
      echo "FAIL  $k $hdl: testbench failed (status $status): $(printf '%s\n' "$res" | grep -m1 -E 'mismatch|timeout|error' )"
    elif [ "$cycles" != "$sim_cycles" ]; then
      echo "FAIL  $k $hdl: $cycles cycles, the simulator says $sim_cycles"
    else
      echo "ok    $k $hdl: cycles $cycles (simulator agrees)"
    fi
  done
}
export -f check_kernel

if [ $# -gt 0 ]; then names="$*"; else
  names=$(cd "$KERNELS" && for d in */; do d=${d%/}; [ -f "$d/$d.c" ] && echo "$d"; done)
fi
printf '%s\n' $names | xargs -P2 -I{} bash -c 'check_kernel "$@"' _ {} | tee "$WORK/results"
# Expected failures (known-failures.txt) are reported but not counted; one that passes is a failure.
KNOWN="${KNOWN:-$HERE/known-failures.txt}"
is_known() { grep -q "^$1 $2 " "$KNOWN" 2>/dev/null; }
PASS=0; FAIL=0; XFAIL=0
while read -r status k hdl _; do
  hdl=${hdl%:}
  case $status in
    ok) if is_known "$k" "$hdl"; then echo "FAIL  $k $hdl passes now: remove it from known-failures.txt"; FAIL=$((FAIL + 1)); else PASS=$((PASS + 1)); fi ;;
    FAIL) if is_known "$k" "$hdl"; then XFAIL=$((XFAIL + 1)); else FAIL=$((FAIL + 1)); fi ;;
  esac
done < "$WORK/results"
echo "expected failures (known-failures.txt): $XFAIL"
echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ]
