#!/usr/bin/env bash
# Rivulet RTL corpus check: for every kernel of $KERNELS (or the names given), compiles it
# with `rivulet compile K.c --hdl vhdl|verilog -o DIR`, runs DIR/run-sim.sh (GHDL for VHDL, Icarus
# Verilog for Verilog) and requires the testbench to pass (outputs equal to the interpreter's).
# The RTL cycle count must equal the one `rivulet sim K.c` reports (a failed simulation fails).
# Kernels run two at a time (xargs -P2); each simulation is limited to $SIM_TIMEOUT seconds.
# BUFFERS=on-merges|fpga20|fpl22 (default on-merges) picks the buffer placement of both;
# KERNELS (default tests/kernels) the corpus directory, holding <name>/<name>.c; HDLS (default
# "vhdl verilog") the HDLs to check.
# Prints one line per check and "N passed, M failed" last; exits 1 on failure.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rivulet-rtl-corpus.XXXXXX")"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; [ -n "${KEEP:-}" ] && echo "work dir: $WORK"
export SIM_TIMEOUT="${SIM_TIMEOUT:-60}" BUFFERS="${BUFFERS:-on-merges}" HDLS="${HDLS:-vhdl verilog}"
(cd "$ROOT" && cargo build -q -p rivulet-core --features cli) || { echo "0 passed, 1 failed"; exit 1; }
export KERNELS="${KERNELS:-$ROOT/tests/kernels}"
export RIVULET="$ROOT/target/debug/rivulet" WORK ROOT

check_kernel() {
  k="$1"
  src="$KERNELS/$k/$k.c"
  sim_cycles=""
  if out=$(timeout "$SIM_TIMEOUT" "$RIVULET" sim "$src" --buffers "$BUFFERS" 2>/dev/null); then
    sim_cycles=$(printf '%s\n' "$out" | sed -n 's/^finished in \([0-9]*\) cycles$/\1/p' | tail -n 1)
  fi
  if [ -z "$sim_cycles" ]; then echo "FAIL  $k: rivulet sim did not finish"; return; fi
  for hdl in $HDLS; do
    case $hdl in vhdl) tool=ghdl ;; verilog) tool=iverilog ;; esac
    if ! command -v $tool >/dev/null; then echo "SKIP  $k $hdl ($tool not found)"; continue; fi
    dir="$WORK/$k-$hdl"
    if ! "$RIVULET" compile "$src" --buffers "$BUFFERS" --hdl $hdl -o "$dir" >"$WORK/$k-$hdl.log" 2>&1; then
      echo "FAIL  $k $hdl: does not compile: $(head -n 1 "$WORK/$k-$hdl.log")"; continue
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
KNOWN="$HERE/known-failures.txt"
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
