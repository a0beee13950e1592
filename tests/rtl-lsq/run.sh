#!/usr/bin/env bash
# Rivulet RTL load-store-queue check: every kernel of $KERNELS (or the names given) whose
# circuit gets a load-store queue with `--memory lsq` (a `lsq[` in its Handshake IR) is compiled
# with `rivulet compile K.c --memory lsq --buffers B --hdl vhdl|verilog -o DIR` and its testbench
# run (DIR/run-sim.sh: GHDL for VHDL, Icarus Verilog for Verilog); it must pass (outputs equal to
# the interpreter's) in exactly the cycle count `rivulet sim K.c --memory lsq --buffers B`
# reports. B ranges over $BUFFERS_LIST (default "fpl22": the corpus suites rtl-corpus and
# rtl-corpus-fpga20 already run, with the default `--memory auto`, every queue that pays on
# on-merges and FPGA20; BUFFERS_LIST="on-merges fpga20 fpl22" forces queues everywhere);
# HDLS (default "vhdl verilog") the HDLs. Kernels run two at a time (xargs -P2); each simulation is limited to
# $SIM_TIMEOUT seconds. The same checks as tests/rtl-corpus/run.sh, with the queue.
# Expected failures (known-failures.txt: "<kernel> <buffers>") are reported but not counted; one
# that passes is a failure. Prints one line per check and "N passed, M failed" last; exits 1 on
# failure.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rivulet-rtl-lsq.XXXXXX")"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; [ -n "${KEEP:-}" ] && echo "work dir: $WORK"
export SIM_TIMEOUT="${SIM_TIMEOUT:-60}" HDLS="${HDLS:-vhdl verilog}"
export BUFFERS_LIST="${BUFFERS_LIST:-fpl22}"
(cd "$ROOT" && cargo build -q -p rivulet-core --features cli) || { echo "0 passed, 1 failed"; exit 1; }
export KERNELS="${KERNELS:-$ROOT/tests/kernels}"
export RIVULET="$ROOT/target/debug/rivulet" WORK ROOT

check_kernel() {
  k="$1"
  src="$KERNELS/$k/$k.c"
  for buffers in $BUFFERS_LIST; do
    opts="--memory lsq --buffers $buffers"
    sim_cycles=""
    if out=$(timeout "$SIM_TIMEOUT" "$RIVULET" sim "$src" $opts 2>/dev/null); then
      sim_cycles=$(printf '%s\n' "$out" | sed -n 's/^finished in \([0-9]*\) cycles$/\1/p' | tail -n 1)
    fi
    if [ -z "$sim_cycles" ]; then echo "FAIL  $k $buffers: rivulet sim did not finish"; continue; fi
    for hdl in $HDLS; do
      case $hdl in vhdl) tool=ghdl ;; verilog) tool=iverilog ;; esac
      if ! command -v $tool >/dev/null; then echo "SKIP  $k $buffers $hdl ($tool not found)"; continue; fi
      dir="$WORK/$k-$buffers-$hdl"
      if ! "$RIVULET" compile "$src" $opts --hdl $hdl -o "$dir" >"$dir.log" 2>&1; then
        echo "FAIL  $k $buffers $hdl: does not compile: $(grep -m1 error "$dir.log")"; continue
      fi
      res=$(timeout "$SIM_TIMEOUT" sh "$dir/run-sim.sh" 2>&1); status=$?
      cycles=$(printf '%s\n' "$res" | tail -n 1 | sed -n 's/^cycles: //p')
      if [ $status -ne 0 ]; then
        echo "FAIL  $k $buffers $hdl: testbench failed (status $status): $(printf '%s\n' "$res" | grep -m1 -E 'mismatch|timeout|error')"
      elif [ "$cycles" != "$sim_cycles" ]; then
        echo "FAIL  $k $buffers $hdl: $cycles cycles, the simulator says $sim_cycles"
      else
        echo "ok    $k $buffers $hdl: cycles $cycles (simulator agrees)"
      fi
    done
  done
}
export -f check_kernel

if [ $# -gt 0 ]; then names="$*"; else
  names=$(cd "$KERNELS" && for d in */; do d=${d%/}; [ -f "$d/$d.c" ] || continue
    "$RIVULET" compile "$d/$d.c" --memory lsq --emit handshake 2>/dev/null | grep -q ' lsq\[' && echo "$d"
  done)
fi
[ -n "$names" ] || { echo "no kernel gets a load-store queue"; echo "0 passed, 1 failed"; exit 1; }
printf '%s\n' $names | xargs -P2 -I{} bash -c 'check_kernel "$@"' _ {} | tee "$WORK/results"
KNOWN="$HERE/known-failures.txt"
is_known() { grep -q "^$1 $2\$" "$KNOWN" 2>/dev/null; }
PASS=0; FAIL=0; XFAIL=0
while read -r status k buffers _; do
  buffers=${buffers%:}
  case $status in
    ok) if is_known "$k" "$buffers"; then echo "FAIL  $k $buffers passes now: remove it from known-failures.txt"; FAIL=$((FAIL + 1)); else PASS=$((PASS + 1)); fi ;;
    FAIL) if is_known "$k" "$buffers"; then XFAIL=$((XFAIL + 1)); else FAIL=$((FAIL + 1)); fi ;;
  esac
done < "$WORK/results"
echo "expected failures (known-failures.txt): $XFAIL"
echo "$PASS passed, $FAIL failed"
[ "$FAIL" -eq 0 ] && [ "$PASS" -gt 0 ]
