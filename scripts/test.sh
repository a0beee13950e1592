#!/usr/bin/env bash
# Runs every Rivulet test: the README's test command.
#   1. native tests of the whole workspace (cargo test, with the CLI so its tests run too),
#   2. the core's and the app's wasm tests in headless Chromium (wasm-bindgen-test),
#   3. every tests/*/run.sh: the RTL unit and float testbenches, the kernel corpus's RTL
#      (on-merges and FPGA20 buffers) and generated kernels' RTL (FPGA20 and FPL22 buffers)
#      under GHDL and Icarus Verilog, with Verilator lint, and the large-kernel tier
#      (tests/kernels-large: big memories and millions of cycles, its own run.sh), and the
#      synthesis check (tests/rtl-synth: Yosys and `ghdl --synth` on every corpus bundle),
#   4. the Playwright end-to-end tests (Chromium) against the release build served on 127.0.0.1,
#   5. the Firefox smoke test of the same build (e2e/firefox).
# Installs whatever is missing first (scripts/install-tools.sh, idempotent). Exits non-zero if
# any suite fails, after running them all, and prints one line per suite at the end.
#
# `scripts/test.sh --quick` is the edit loop's tier (a few minutes once built): the native
# tests, the wasm build of the core, the app and their wasm tests (compiled, not run), and one
# kernel (fir) through the RTL corpus check in GHDL and Icarus Verilog.
set -uo pipefail
cd "$(dirname "$0")/.."
quick=false
case "${1:-}" in
  --quick) quick=true ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
export TRUNK_SKIP_VERSION_CHECK=true
export PATH="$HOME/.cargo/bin:$PWD/e2e/node_modules/.bin:$PATH"

# Cargo's build directory: a checkout without one gets a link to a cache kept between runs
# ($RIVULET_TARGET_DIR, default ~/.cache/rivulet/target), as ~/.cargo keeps the registry, so
# a fresh checkout compiles only the workspace's own crates, not every dependency for three
# targets and profiles again. Cargo's fingerprints decide what is stale, as in any target/.
if [ ! -e target ]; then
  cache="${RIVULET_TARGET_DIR:-$HOME/.cache/rivulet/target}"
  mkdir -p "$cache" && ln -s "$cache" target
fi

scripts/install-tools.sh || { echo "tool installation failed"; exit 1; }

results=()
failed=0
run_suite() {
  local name=$1; shift
  printf '\n\033[1m=== %s ===\033[0m\n' "$name"
  local start=$SECONDS
  local status=PASS
  "$@" || { status=FAIL; failed=$((failed + 1)); }
  results+=("$status  $name ($((SECONDS - start)) s)")
  # At once too, so a run cut short still shows where its time went.
  printf '\033[1m--- %s  %s: %d s (%d s since the start)\033[0m\n' \
    "$status" "$name" $((SECONDS - start)) "$SECONDS"
}

wasm_tests=(--locked --offline --target wasm32-unknown-unknown -p rivulet-core --test web -p rivulet-web --test ui)
run_suite "native tests" cargo test --workspace --locked --offline --features rivulet-core/cli
if $quick; then
  run_suite "wasm build" cargo test --no-run "${wasm_tests[@]}"
  run_suite "RTL smoke test (fir)" tests/rtl-corpus/run.sh fir
else
  run_suite "wasm tests (headless Chromium)" cargo test "${wasm_tests[@]}"
  for suite in tests/*/run.sh; do
    [ -x "$suite" ] || continue
    run_suite "$(basename "$(dirname "$suite")")" "$suite"
  done
  run_suite "release build (trunk)" trunk build --release --offline --locked
  run_suite "end-to-end tests (Playwright)" bash -c 'cd e2e && npx playwright test'
  run_suite "Firefox smoke test (Marionette)" e2e/firefox/run.sh
fi

printf '\n\033[1m=== summary ===\033[0m\n'
printf '%s\n' "${results[@]}"
passed=$(( ${#results[@]} - failed ))
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
