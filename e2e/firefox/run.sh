#!/usr/bin/env bash
# Serves the built site (dist/, from `trunk build --release`) on a free local port and runs the
# Firefox smoke test (smoke.py) against it. Needs Debian's firefox-esr and marionette-driver
# (both installed by scripts/install-tools.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -f dist/index.html ] || { echo "dist/ is missing: run trunk build --release first"; exit 1; }
PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$PORT" --bind 127.0.0.1 --directory dist >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null' EXIT
for _ in $(seq 50); do
  python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/')" 2>/dev/null && break
  sleep 0.2
done
# Firefox refuses to start as root unless HOME is root's own.
HOME="$(getent passwd "$(id -u)" | cut -d: -f6)" python3 e2e/firefox/smoke.py "http://127.0.0.1:$PORT/" 2>&1 \
  | grep -v '^mozversion INFO'
