#!/usr/bin/env bash
# Prints the size of the release build's .wasm (raw and gzip -9) as a Markdown table row.
set -euo pipefail
cd "$(dirname "$0")/.."
wasm=$(ls dist/*.wasm | head -1)
raw=$(stat -c %s "$wasm")
gz=$(gzip -9 -c "$wasm" | wc -c)
echo "| file | raw | gzip -9 |"
echo "|---|---|---|"
echo "| rivulet-web_bg.wasm | $raw B | $gz B |"
