#!/usr/bin/env bash
# `npm test`: typecheck, unit tests, the engine suite on the embedded store and on PostgreSQL.
# Ends with one summary line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
# Everything the suite and the processes it starts put in the temporary folder (data directories,
# uploads' spools, e2e servers' stores) goes under one folder of its own, removed at the end.
TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/quarry-test-XXXXXX")
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
OUT=$(mktemp -d)
status=0
export QUARRY_ALLOW_PRIVATE_URLS=1

step() { echo; echo "=== $*"; }

step "typecheck, lint and formatting"
npx tsc --noEmit -p . || status=1
npm run lint || status=1  # eslint with no warning allowed, then the import rules (.dependency-cruiser.cjs)
npx prettier --check . || status=1  # .prettierignore keeps saved pages and generated files as written

step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile="$OUT/unit.json" || status=1

step "engine suite on the embedded store (PGlite)"
env -u DATABASE_URL npx vitest run --project engine --reporter=default --reporter=json --outputFile="$OUT/engine-pglite.json" || status=1

step "engine suite on PostgreSQL"
if bash scripts/with-postgres.sh true 2>/dev/null; then
  bash scripts/with-postgres.sh npx vitest run --project engine --reporter=default --reporter=json --outputFile="$OUT/engine-postgres.json" || status=1
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL is required in CI (.ci/run installs it)"; status=1
else
  echo "SKIPPED: PostgreSQL server not installed here (apt-get install -y postgresql); CI runs it."
fi

step "smoke: npm start (build + next start on the embedded store)"
env -u DATABASE_URL npx vitest run --project smoke --reporter=default --reporter=json --outputFile="$OUT/smoke.json" || status=1

step "e2e: dashboard in Chromium against npm start (Playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$OUT/e2e.json" npx playwright test --reporter=list,json || status=1

node scripts/sum-results.mjs "$OUT"/*.json || status=1
exit $status
