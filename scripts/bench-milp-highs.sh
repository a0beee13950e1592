#!/usr/bin/env bash
# Compare Rivulet's MILP solver with HiGHS on generated FPGA20-shaped buffer placement models.
#
# Writes every model as a CPLEX LP file, solves it with Rivulet's pure-Rust solver (timed, one
# JSON line per model) and with HiGHS via highspy, and prints both objectives side by side.
# Fails when both solvers prove optimality but disagree beyond 1e-6 relative.
# Not run by CI (needs highspy from PyPI: `pip install highspy`).
#
# Usage: scripts/bench-milp-highs.sh [CHANNELS ...]   (default: 20 30 40 60 80 100)
# Environment: OUT (work directory, default target/milp-bench), HIGHS_TIME_LIMIT (s, default 60),
#              NODES (Rivulet's node limit, default: the solver's default).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-target/milp-bench}
mkdir -p "$OUT/lp"
python3 -c 'import highspy' 2>/dev/null || pip install --quiet highspy
args=(--lp-dir "$OUT/lp")
if [[ -n "${NODES:-}" ]]; then args+=(--nodes "$NODES"); fi
cargo run --quiet --profile cli -p rivulet-core --example milp_bench -- "${args[@]}" "$@" | tee "$OUT/rivulet.jsonl"
python3 scripts/bench_milp_highs.py "$OUT/rivulet.jsonl" "$OUT/lp" "${HIGHS_TIME_LIMIT:-60}"
