#!/usr/bin/env bash
# Area and timing of the kernel corpus after logic synthesis: for every kernel of tests/kernels/
# (or the names given) and every placement of $PLACEMENTS (default "on-merges fpga20 fpl22"),
# runs `rivulet compile K.c --buffers P --hdl verilog --report-area total` (Yosys,
# `synth_xilinx -family xc7 -flatten`, then `sta`) and prints one table row per kernel and
# placement: LUTs, flip-flops, LUT-RAM/SRL, CARRY4, DSPs, block RAMs, Yosys's longest path
# beside the timing model's critical path (ns), and the seconds compile and synthesis took;
# then the geometric means per placement. The rows are also written as TSV to $OUT/synth.tsv.
# Bundles synthesize two at a time (xargs -P2). Not run by CI (about 30 minutes on 2 cores).
#
# `scripts/bench-synth.sh --compare BEFORE.tsv AFTER.tsv` compares two such files instead: LUTs
# and flip-flops before and after per kernel and placement, the geometric mean of the LUT ratio
# per placement; exits non-zero if any circuit has more LUTs after than before.
#
# Usage: scripts/bench-synth.sh [KERNEL ...] | scripts/bench-synth.sh --compare BEFORE AFTER
# Environment: PLACEMENTS, CLOCK (ns, default 4), OUT (default target/bench-synth),
#              RIVULET (the binary; default: built here as target/cli/rivulet).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --compare ]; then
  [ $# -eq 3 ] || { echo "usage: scripts/bench-synth.sh --compare BEFORE.tsv AFTER.tsv" >&2; exit 2; }
  printf '| kernel | placement | LUT before | LUT after | FF before | FF after |\n|---|---|---:|---:|---:|---:|\n'
  awk -F'\t' 'NR == FNR { if ($3 !~ /^failed/) { bl[$1 FS $2] = $3; bf[$1 FS $2] = $4 }; next }
    $3 !~ /^failed/ && ($1 FS $2) in bl {
      key = $1 FS $2; printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, bl[key], $3, bf[key], $4
      if (bl[key] > 0 && $3 > 0) { n[$2]++; r[$2] += log($3 / bl[key]) }
      if ($3 + 0 > bl[key] + 0) larger = larger " " $1 "/" $2 }
    END { for (p in n) printf "LUT after/before, geometric mean, %s: %.4f over %d kernels\n", p, exp(r[p]/n[p]), n[p]
      if (larger != "") { printf "larger than before:%s\n", larger; exit 1 }
      print "no circuit larger than before" }' "$2" "$3"
  exit
fi

export PLACEMENTS=${PLACEMENTS:-on-merges fpga20 fpl22} CLOCK=${CLOCK:-4}
OUT=${OUT:-target/bench-synth}
rm -rf "$OUT" && mkdir -p "$OUT/runs"
if [ -z "${RIVULET:-}" ]; then
  cargo build --quiet --profile cli -p rivulet-core --features cli
  RIVULET=$PWD/target/cli/rivulet
fi
export RIVULET OUT
if [ $# -gt 0 ]; then names="$*"; else
  names=$(cd tests/kernels && for d in */; do d=${d%/}; [ -f "$d/$d.c" ] && echo "$d"; done)
fi

# One TSV row: kernel placement lut ff lutram carry dsp bram path_ns model_ns seconds.
synth_one() {
  k=$1; p=$2; dir="$OUT/runs/$k-$p"
  start=$(date +%s%N)
  if "$RIVULET" compile "tests/kernels/$k/$k.c" --buffers "$p" --clock-period "$CLOCK" \
      --hdl verilog --report-area total -o "$dir" >"$dir.log" 2>&1; then
    s=$(( ($(date +%s%N) - start) / 1000000 ))
    sed -n "s/^area: lut=\([0-9]*\) ff=\([0-9]*\) lutram=\([0-9]*\) carry=\([0-9]*\) muxf=[0-9]* dsp=\([0-9]*\) bram=\([0-9]*\) path_ns=\([^ ]*\) model_ns=\([^ ]*\)$/$k\t$p\t\1\t\2\t\3\t\4\t\5\t\6\t\7\t\8\t$((s / 1000)).$(( (s % 1000) / 100 ))/p" "$dir.log"
  else
    printf '%s\t%s\tfailed: %s\n' "$k" "$p" "$(grep -m1 error "$dir.log" || true)"
  fi
}
export -f synth_one
for k in $names; do for p in $PLACEMENTS; do echo "$k $p"; done; done \
  | xargs -P2 -L1 bash -c 'synth_one "$@"' _ | sort -t$'\t' -k1,1 -k2,2 > "$OUT/synth.tsv"

printf '| kernel | placement | LUT | FF | LUT-RAM/SRL | CARRY4 | DSP | BRAM | Yosys path (ns) | model (ns) | time (s) |\n'
printf '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
awk -F'\t' '{ if ($3 ~ /^failed/) printf "| %s | %s | %s |\n", $1, $2, $3;
  else printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11 }' "$OUT/synth.tsv"
awk -F'\t' '$3 !~ /^failed/ { n[$2]++; l[$2] += log($3 > 0 ? $3 : 1); f[$2] += log($4 > 0 ? $4 : 1); t[$2] += $11 }
  END { for (p in n) printf "geometric mean, %s: %.1f LUT, %.1f FF over %d kernels (%.0f s of compile and synthesis)\n", p, exp(l[p]/n[p]), exp(f[p]/n[p]), n[p], t[p] }' "$OUT/synth.tsv" | sort
failed=$(awk -F'\t' '$3 ~ /^failed/' "$OUT/synth.tsv" | wc -l)
echo "failed: $failed"
[ "$failed" -eq 0 ]
