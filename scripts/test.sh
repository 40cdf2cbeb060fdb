#!/usr/bin/env bash
# Runs every test: unit and API tests (bun test, app.request()), then end-to-end tests in
# Debian's Chromium against a real server. Prints "N passed, N failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."
BUN=node_modules/.bin/bun

bash scripts/ensure-test-packages.sh || { echo "Chromium, openssl and redis-server are required for the tests"; echo "0 passed, 1 failed"; exit 1; }
$BUN scripts/build-islands.ts --quiet >/dev/null || { echo "client build failed"; echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
status=0
run() {
  local log
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  local code=${PIPESTATUS[0]}
  local p f
  p=$(grep -Eo '^ *[0-9]+ pass$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  f=$(grep -Eo '^ *[0-9]+ fail$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  passed=$((passed + p))
  failed=$((failed + f))
  if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then failed=$((failed + 1)); fi
  [ "$code" -ne 0 ] && status=1
  rm -f "$log"
}

run $BUN test src db scripts islands
run $BUN test --timeout 120000 e2e

echo "${passed} passed, ${failed} failed"
exit $status
