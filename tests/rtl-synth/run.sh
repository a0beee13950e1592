#!/usr/bin/env bash
# Rivulet synthesis check: every kernel of $KERNELS (or the names given) must synthesize.
#   * Verilog, for each placement of $PLACEMENTS (default "on-merges": the fewest buffers, so
#     the likeliest combinational loops; "on-merges fpga20" adds FPGA20's, whose templates the
#     full synthesis below covers too):
#     `rivulet compile K.c --hdl verilog --check-synth` (Yosys: hierarchy -check, proc, flatten,
#     check -assert, no latch), which fails on multiple drivers, latches, combinational loops,
#     undriven signals, port width mismatches and implicit wires;
#   * Verilog, full `synth_xilinx -family xc7` (`--report-area total`, which fails on the same
#     warnings) for the kernels of $FULL (default: a subset covering every template family;
#     FULL=all synthesizes the whole corpus, about ten times slower);
#   * VHDL (on-merges): analysed and elaborated by `ghdl --synth`, which must succeed without
#     inferring a latch. Kernels whose templates GHDL's synthesis cannot handle are listed in
#     ghdl-unsupported.txt (`kernel # reason`): reported, not counted; one that passes fails
#     the run until it is removed from the list.
#   The two structural checks build every load-store queue with $LSQ_DEPTH entries per queue
#   (default 8, which holds every corpus queue's groups; empty: the depths sized on the
#   kernel's run). The queue's generator is the same at every depth, but GHDL's synthesis
#   time grows with the product of its depths: floyd_warshall's queue at 16 + 16 entries
#   takes it four minutes. The sized depths' RTL is simulated by tests/rtl-corpus; the full
#   synthesis keeps them.
# Bundles run two at a time (xargs -P2). Prints one line per check and "N passed, M failed".
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/rivulet-rtl-synth.XXXXXX")"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$WORK"' EXIT; [ -n "${KEEP:-}" ] && echo "work dir: $WORK"
export PLACEMENTS="${PLACEMENTS:-on-merges}"
export FULL="${FULL:-fir matmul histogram signed_divmod saxpy_float bubble_sort}"
export LSQ_DEPTH="${LSQ_DEPTH-8}"
for tool in yosys ghdl; do
  command -v $tool >/dev/null || { echo "FAIL  $tool not found (scripts/install-tools.sh)"; echo "0 passed, 1 failed"; exit 1; }
done
"$ROOT/tests/build-cli.sh" || { echo "0 passed, 1 failed"; exit 1; }
export KERNELS="${KERNELS:-$ROOT/tests/kernels}"
export RIVULET="$ROOT/target/debug/rivulet" WORK ROOT

# One line per check: "ok|FAIL <kernel> <check>: <detail>".
check_kernel() {
  k="$1"; src="$KERNELS/$k/$k.c"
  depth=(); [ -n "$LSQ_DEPTH" ] && depth=(--lsq-depth "$LSQ_DEPTH")
  for b in $PLACEMENTS; do
    dir="$WORK/$k-$b-v"
    if "$RIVULET" compile "$src" --buffers "$b" "${depth[@]}" --hdl verilog --check-synth -o "$dir" >"$dir.log" 2>&1; then
      echo "ok    $k yosys-check-$b:"
    else
      echo "FAIL  $k yosys-check-$b: $(grep -m1 'error' "$dir.log")"
    fi
  done
  case " $FULL " in *" $k "*|" all ") full=1 ;; *) full=0 ;; esac
  if [ $full = 1 ]; then
    dir="$WORK/$k-full-v"
    if "$RIVULET" compile "$src" --buffers fpga20 --hdl verilog --report-area total -o "$dir" >"$dir.log" 2>&1; then
      echo "ok    $k synth_xilinx-fpga20: $(grep -m1 '^area:' "$dir.log")"
    else
      echo "FAIL  $k synth_xilinx-fpga20: $(grep -m1 'error' "$dir.log")"
    fi
  fi
  dir="$WORK/$k-vhdl"
  if ! "$RIVULET" compile "$src" "${depth[@]}" --hdl vhdl -o "$dir" >"$dir.log" 2>&1; then
    echo "FAIL  $k ghdl-synth: does not compile: $(head -n 1 "$dir.log")"; return
  fi
  files=$(sed -n 's/.*ghdl -a --std=08 \(.*\) && ghdl -e.*/\1/p' "$dir/run-sim.sh" | tr ' ' '\n' | grep -v '^tb_')
  mkdir -p "$dir/work"
  if (cd "$dir" && ghdl -a --std=08 --workdir=work $files && ghdl --synth --std=08 --workdir=work "$k" >/dev/null) >"$dir/ghdl-synth.log" 2>&1 \
      && ! grep -qi 'latch' "$dir/ghdl-synth.log"; then
    echo "ok    $k ghdl-synth:"
  else
    echo "FAIL  $k ghdl-synth: $(grep -m1 -iE 'error|latch' "$dir/ghdl-synth.log")"
  fi
}
export -f check_kernel

if [ $# -gt 0 ]; then names="$*"; else
  names=$(cd "$KERNELS" && for d in */; do d=${d%/}; [ -f "$d/$d.c" ] && echo "$d"; done)
fi
start=$SECONDS
printf '%s\n' $names | xargs -P2 -I{} bash -c 'check_kernel "$@"' _ {} | tee "$WORK/results"
KNOWN="$HERE/ghdl-unsupported.txt"
is_known() { [ "$2" = ghdl-synth: ] && grep -q "^$1 " "$KNOWN" 2>/dev/null; }
PASS=0; FAIL=0; XFAIL=0
while read -r status k check _; do
  case $status in
    ok) if is_known "$k" "$check"; then echo "FAIL  $k ghdl-synth passes now: remove it from ghdl-unsupported.txt"; FAIL=$((FAIL + 1)); else PASS=$((PASS + 1)); fi ;;
    FAIL) if is_known "$k" "$check"; then XFAIL=$((XFAIL + 1)); else FAIL=$((FAIL + 1)); fi ;;
  esac
done < "$WORK/results"
echo "GHDL synthesis unsupported (ghdl-unsupported.txt): $XFAIL"
echo "$PASS passed, $FAIL failed ($((SECONDS - start)) s)"
[ "$FAIL" -eq 0 ]
