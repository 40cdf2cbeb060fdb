#!/usr/bin/env bash
# Runs every test: unit and API tests (bun test, app.request()), then end-to-end tests in
# Debian's Chromium against a real server. Prints "N passed, N failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."
BUN=node_modules/.bin/bun
started=$SECONDS
# Bun does not read a timeout from bunfig.toml: each phase passes its own. The unit phase's is
# checked by scripts/test-timeout.test.ts, which reads it from here (docs/decisions/0114-a-fast-test-suite.md).
UNIT_FLAGS=(--timeout 20000)

bash scripts/ensure-test-packages.sh || { echo "Chromium, openssl and redis-server are required for the tests"; echo "0 passed, 1 failed"; exit 1; }
$BUN scripts/build-islands.ts --quiet >/dev/null || { echo "client build failed"; echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
status=0
run() {
  local log phase_started=$SECONDS
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  local code=${PIPESTATUS[0]}
  echo "($* took $((SECONDS - phase_started)) s)"
  local p f
  p=$(grep -Eo '^ *[0-9]+ pass$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  f=$(grep -Eo '^ *[0-9]+ fail$' "$log" | tail -1 | grep -Eo '[0-9]+' || echo 0)
  passed=$((passed + p))
  failed=$((failed + f))
  if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then failed=$((failed + 1)); fi
  [ "$code" -ne 0 ] && status=1
  rm -f "$log"
}

run $BUN test "${UNIT_FLAGS[@]}" src db scripts islands
run $BUN e2e/run.ts

elapsed=$((SECONDS - started))
echo "npm test took $((elapsed / 60)) min $((elapsed % 60)) s"
echo "${passed} passed, ${failed} failed"
exit $status
