#!/usr/bin/env bash
# Installs every tool Rivulet needs that a fresh machine of the project's kind lacks.
# Idempotent: each step checks first and skips what is already present. Only the package
# registries are used (Debian, crates.io, npm); nothing downloads binaries from elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

TRUNK_VERSION=0.21.14
export DEBIAN_FRONTEND=noninteractive

log() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

apt_missing=()
command -v chromium >/dev/null 2>&1 || apt_missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || apt_missing+=(chromium-driver)
command -v ghdl >/dev/null 2>&1 || apt_missing+=(ghdl)
command -v iverilog >/dev/null 2>&1 || apt_missing+=(iverilog)
command -v verilator >/dev/null 2>&1 || apt_missing+=(verilator)
command -v yosys >/dev/null 2>&1 || apt_missing+=(yosys)
command -v firefox-esr >/dev/null 2>&1 || apt_missing+=(firefox-esr)
if [ ${#apt_missing[@]} -gt 0 ]; then
  log "apt-get install ${apt_missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${apt_missing[@]}"
fi

if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
  log "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must equal the wasm-bindgen version locked in Cargo.lock exactly.
WBG=$(grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"/\1/p')
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WBG" ]; then
  log "cargo install wasm-bindgen-cli $WBG"
  # Not --locked: its lockfile pins a crate version the registry does not serve.
  cargo install wasm-bindgen-cli --version "$WBG" --force
fi

if ! trunk --version 2>/dev/null | grep -q "^trunk $TRUNK_VERSION\$"; then
  log "cargo install trunk $TRUNK_VERSION"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

if [ ! -x e2e/node_modules/.bin/playwright ] || [ ! -x e2e/node_modules/.bin/wasm-opt ] \
  || [ ! -d e2e/node_modules/@axe-core/playwright ]; then
  log "npm ci in e2e/ (Playwright test runner, axe-core, binaryen's wasm-opt; no browser download)"
  (cd e2e && npm ci --no-audit --no-fund)
fi

if [ ! -f web-vendor/node_modules/@yowasp/yosys/gen/yosys.core.wasm ]; then
  log "npm ci in web-vendor/ (Yosys compiled to WebAssembly, copied into the site by trunk)"
  (cd web-vendor && npm ci --no-audit --no-fund)
fi

# The Firefox smoke test (e2e/firefox) drives Firefox through Marionette.
MARIONETTE_DRIVER=3.7.1
if ! python3 -c "import marionette_driver" 2>/dev/null; then
  log "pip install marionette-driver $MARIONETTE_DRIVER"
  python3 -m pip install --quiet --disable-pip-version-check "marionette-driver==$MARIONETTE_DRIVER"
fi

cargo fetch --locked
log "tools ready"
