#!/usr/bin/env bash
# Sets everything up on a fresh machine and serves the app: the README's first command.
# Installs missing tools (idempotent), builds the release site with trunk into dist/, and
# serves it on http://127.0.0.1:${PORT:-8080}/ until interrupted.
set -euo pipefail
cd "$(dirname "$0")/.."
export TRUNK_SKIP_VERSION_CHECK=true
export PATH="$HOME/.cargo/bin:$PWD/e2e/node_modules/.bin:$PATH"
PORT=${PORT:-8080}

scripts/install-tools.sh
trunk build --release --offline --locked
echo
echo "Rivulet is served at http://127.0.0.1:$PORT/  (Ctrl+C to stop)"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist
