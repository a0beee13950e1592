#!/usr/bin/env bash
# Compare Rivulet's buffer-placement MILPs on the kernel corpus with HiGHS.
#
# For every kernel of tests/kernels/ (or the names given), runs
# `rivulet compile K.c --emit handshake --buffers $ALGORITHM --dump-milp DIR`, keeps the kernels
# whose placement is one MILP (`$ALGORITHM.lp`; per-group placements write one file per group
# and are listed as skipped), solves each LP file with HiGHS (single thread, time limit) and
# prints Rivulet's status and objective beside HiGHS's, with the relative difference. Exits
# non-zero when both prove optimality and differ by more than 1e-6 relative.
# Not run by CI (needs highspy from PyPI: `pip install highspy`).
#
# Usage: scripts/bench-buffers-highs.sh [KERNEL ...]
# Environment: ALGORITHM (fpga20 or fpl22, default fpga20), CLOCK (ns, default 4),
#              OUT (work directory, default target/buffers-highs), HIGHS_TIME_LIMIT (s, default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
ALGORITHM=${ALGORITHM:-fpga20}
OUT=${OUT:-target/buffers-highs}/$ALGORITHM
rm -rf "$OUT" && mkdir -p "$OUT/lp" "$OUT/dump"
python3 -c 'import highspy' 2>/dev/null || pip install --quiet highspy
cargo build --quiet --profile cli -p rivulet-core --features cli
RIVULET=target/cli/rivulet
if [ $# -gt 0 ]; then names="$*"; else
  names=$(cd tests/kernels && for d in */; do d=${d%/}; [ -f "$d/$d.c" ] && echo "$d"; done)
fi
: > "$OUT/rivulet.jsonl"
for k in $names; do
  start=$(date +%s%N)
  summary=$("$RIVULET" compile "tests/kernels/$k/$k.c" --emit handshake --buffers "$ALGORITHM" \
    --clock-period "${CLOCK:-4}" --dump-milp "$OUT/dump/$k" 2>&1 >/dev/null | grep '^milp:' || true)
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  if [ ! -f "$OUT/dump/$k/$ALGORITHM.lp" ]; then
    echo "skipped $k: $(ls "$OUT/dump/$k" 2>/dev/null | grep -vc cfdfc || true) LP files (per-group placement or no MILP)"
    continue
  fi
  cp "$OUT/dump/$k/$ALGORITHM.lp" "$OUT/lp/$k.lp"
  status=$(sed -n 's/^milp: [^,]*, [^,]*, \([a-z ]*\), objective.*/\1/p' <<<"$summary")
  objective=$(sed -n 's/.*objective \([-0-9.e]*\),.*/\1/p' <<<"$summary")
  [ "$status" = optimal ] && status=Optimal
  printf '{"name": "%s", "status": "%s", "objective": %s, "best_bound": null, "ms": %s}\n' \
    "$k" "$status" "${objective:-null}" "$ms" >> "$OUT/rivulet.jsonl"
done
python3 scripts/bench_milp_highs.py "$OUT/rivulet.jsonl" "$OUT/lp" "${HIGHS_TIME_LIMIT:-60}"
