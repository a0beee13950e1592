#!/usr/bin/env bash
# Builds what the RTL suites run (target/debug/rivulet and the core's examples) with exactly
# the command of the native test suite (scripts/test.sh), minus running the tests: the same
# packages and features resolve to the same artifacts, so after the native suite this is a
# no-op and a cold CI compiles rivulet-core and its dependencies once. (Building with
# `-p rivulet-core` alone resolves different features of shared dependencies, and recompiles
# the core and part of its dependencies.) Prints cargo's output only when the build fails.
set -u
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! cargo test --workspace --locked --offline --features rivulet-core/cli --no-run >"$log" 2>&1; then
  cat "$log" >&2
  exit 1
fi
test -x target/debug/rivulet
