#!/usr/bin/env bash
# Rivulet RTL load-store-queue check: every kernel of $KERNELS (or the names given) whose
# circuit gets a load-store queue with `--memory lsq` (a `lsq[` in its Handshake IR) goes
# through the RTL corpus check (tests/rtl-corpus/run.sh) with `--memory lsq`: its VHDL and
# Verilog (HDLS, default "vhdl verilog") pass their testbench (outputs equal to the
# interpreter's) in exactly the simulator's cycle count. The placements are $BUFFERS_LIST
# (default "fpl22": the corpus suites rtl-corpus and rtl-corpus-fpga20 already run, with the
# default `--memory auto`, every queue that pays on on-merges and FPGA20; BUFFERS_LIST="on-merges
# fpga20 fpl22" forces queues everywhere). Expected failures are listed in known-failures.txt
# (rtl-corpus's format). Prints one line per check and "N passed, M failed" per placement;
# exits 1 on failure.
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
"$ROOT/tests/build-cli.sh" || { echo "0 passed, 1 failed"; exit 1; }
RIVULET="$ROOT/target/debug/rivulet"
KERNELS="${KERNELS:-$ROOT/tests/kernels}"
if [ $# -gt 0 ]; then names="$*"; else
  names=$(cd "$KERNELS" && for d in */; do d=${d%/}; [ -f "$d/$d.c" ] || continue
    "$RIVULET" compile "$d/$d.c" --memory lsq --emit handshake 2>/dev/null | grep -q ' lsq\[' && echo "$d"
  done)
fi
[ -n "$names" ] || { echo "no kernel gets a load-store queue"; echo "0 passed, 1 failed"; exit 1; }
status=0
for buffers in ${BUFFERS_LIST:-fpl22}; do
  echo "--- $buffers"
  # shellcheck disable=SC2086 # a list of kernel names
  KERNELS="$KERNELS" BUFFERS=$buffers RIVULET_OPTS="--memory lsq" KNOWN="$HERE/known-failures.txt" \
    "$ROOT/tests/rtl-corpus/run.sh" $names || status=1
done
exit $status
