#!/usr/bin/env bash
# Benchmarks the web app's release build (a report, not a test):
#   - .wasm and JS sizes, raw and gzip -9 (the page's, and apart Yosys's, loaded on request);
#   - page load to interactive and compile time per example in the worker (e2e/bench/bench-web.mjs,
#     headless Chromium against dist/ served on 127.0.0.1).
# Builds the release first unless BENCH_NO_BUILD=1. RUNS (default 5) sets the repetitions.
# Prints Markdown tables (pasted into README.md and docs/status.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export TRUNK_SKIP_VERSION_CHECK=true
export PATH="$HOME/.cargo/bin:$PWD/e2e/node_modules/.bin:$PATH"
PORT="${BENCH_PORT:-8766}"
RUNS="${RUNS:-5}"

[ -d e2e/node_modules ] || (cd e2e && npm ci --no-audit --no-fund)
if [ "${BENCH_NO_BUILD:-}" != 1 ]; then
  trunk build --release --offline --locked
fi

echo "## Sizes (release build, $(date -u +%Y-%m-%d))"
echo
echo "| file | raw | gzip -9 |"
echo "|---|---|---|"
total_raw=0; total_gz=0
for f in dist/*.wasm dist/*.js; do
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  # Strip trunk's content hash from the name.
  name=$(basename "$f" | sed -E 's/-[0-9a-f]{16}(_bg)?\./\1./')
  echo "| $name | $raw B | $gz B |"
  case $f in *.wasm) total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz)) ;; esac
done
echo "| **all .wasm** | **$total_raw B** | **$total_gz B** |"
yosys_raw=$(cat dist/yosys/*.wasm dist/yosys/*.js | wc -c)
yosys_gz=$(cat dist/yosys/*.wasm dist/yosys/*.js | gzip -9 -c | wc -c)
echo "| Yosys (dist/yosys/, loaded only for an area report) | $yosys_raw B | $yosys_gz B |"
echo

python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null' EXIT
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$PORT/index.html" >/dev/null && break
  sleep 0.1
done
echo "## Timings (headless Chromium, $(nproc) cores, median of $RUNS)"
echo
(cd e2e && node bench/bench-web.mjs "http://127.0.0.1:$PORT/" "$RUNS")
