#!/usr/bin/env bash
# Copies the transfer logs of a kept tests/rtl-units/run.sh work dir (KEEP=1) here.
set -eu
WORK="$1"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(cd "$HERE/../../../.." && pwd)"
n=0
grep -v '^#' "$ROOT/tests/rtl-units/tests.txt" | grep -v '^$' | while read -r tb params; do
  n=$((n + 1))
  name="$tb${params:+_$(echo "$params" | tr ' =' '_-')}"
  grep -E '^(T|M) ' "$WORK/$n.verilog.log" >"$HERE/$name.log"
done
