#!/usr/bin/env bash
# Prints one line per corpus kernel and buffer placement with what the compiler produces for it:
# the simulated cycle count and a hash of the simulated outputs, the placement summary (buffers,
# critical paths, MILP objective), and hashes of the buffered Handshake IR and of every VHDL and
# Verilog file of the RTL bundle. Diffing two runs shows whether a change altered behaviour:
#   scripts/fingerprint.sh > before.txt; (change); scripts/fingerprint.sh > after.txt
#   diff before.txt after.txt
# Usage: scripts/fingerprint.sh [kernel…]   (default: every kernel of tests/kernels)
#   RIVULET=path/to/rivulet (default target/debug/rivulet), CLOCK=ns (default 4),
#   PLACEMENTS="on-merges fpga20 fpl22", JOBS=2.
set -euo pipefail
cd "$(dirname "$0")/.."
RIVULET=${RIVULET:-target/debug/rivulet}
CLOCK=${CLOCK:-4}
PLACEMENTS=${PLACEMENTS:-on-merges fpga20 fpl22}
JOBS=${JOBS:-2}
[ -x "$RIVULET" ] || { echo "build the CLI first: cargo build -p rivulet-core --features cli" >&2; exit 2; }

if [ $# -gt 0 ]; then kernels=("$@"); else
  kernels=(); for d in tests/kernels/*/; do kernels+=("$(basename "$d")"); done
fi

# One kernel and placement: prints its line. Timings are dropped from the placement summary.
one() {
  local k=$1 p=$2 file=tests/kernels/$1/$1.c tmp
  tmp=$(mktemp -d)
  local sim cycles outputs summary ir vhdl verilog
  sim=$("$RIVULET" sim "$file" --buffers "$p" --clock-period "$CLOCK" --json 2>/dev/null | tail -n 1) || sim="sim-failed"
  cycles=$(printf '%s' "$sim" | sed -n 's/.*"cycles": *\([0-9]*\).*/\1/p')
  outputs=$(printf '%s' "$sim" | sha256sum | cut -c1-12)
  ir=$("$RIVULET" compile "$file" --emit handshake --buffers "$p" --clock-period "$CLOCK" \
        2>"$tmp/summary" | sha256sum | cut -c1-12)
  summary=$(grep -v -i 'time\|seconds\| ms\b' "$tmp/summary" | tr '\n' ';' | sha256sum | cut -c1-12)
  for hdl in vhdl verilog; do
    "$RIVULET" compile "$file" --hdl "$hdl" --buffers "$p" --clock-period "$CLOCK" \
      -o "$tmp/$hdl" >/dev/null 2>&1 || true
  done
  vhdl=$(cd "$tmp" && find vhdl -type f \( -name '*.vhd' -o -name '*.v' \) 2>/dev/null | sort | xargs -r sha256sum | sha256sum | cut -c1-12)
  verilog=$(cd "$tmp" && find verilog -type f \( -name '*.vhd' -o -name '*.v' \) 2>/dev/null | sort | xargs -r sha256sum | sha256sum | cut -c1-12)
  rm -rf "$tmp"
  printf '%-24s %-10s cycles=%-7s out=%s summary=%s ir=%s vhdl=%s verilog=%s\n' \
    "$k" "$p" "${cycles:-?}" "$outputs" "$summary" "$ir" "$vhdl" "$verilog"
}
export -f one
export RIVULET CLOCK

for k in "${kernels[@]}"; do for p in $PLACEMENTS; do echo "$k $p"; done; done |
  xargs -P "$JOBS" -n 2 bash -c 'one "$0" "$1"' | sort
