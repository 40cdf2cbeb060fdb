#!/usr/bin/env bash
# The tests' Debian packages: Chromium for the end-to-end tests (browser downloads do not work
# here), openssl, which makes the local push service's certificate (src/features/push), and
# redis-server, for the Redis fan-out and the two-instance test (src/realtime).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-noto-core)
command -v openssl >/dev/null || missing+=(openssl)
command -v redis-server >/dev/null || missing+=(redis-server)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
# Another install holding the package lock (unattended upgrades, a second test run) is waited
# for, up to 10 minutes, instead of failing the tests at once.
LOCK_WAIT_S=600
LOCK_WAIT=(-o "DPkg::Lock::Timeout=$LOCK_WAIT_S")
# apt 2.6's update does not wait on the package lists' lock (DPkg::Lock::Timeout covers dpkg's
# locks only, measured), so a refusal for that lock alone is tried again until the same limit.
update_lists() {
  local deadline=$((SECONDS + LOCK_WAIT_S)) out
  while true; do
    out=$($SUDO apt-get "${LOCK_WAIT[@]}" update -qq 2>&1) && return 0
    if [[ $out != *"Unable to lock"* ]] || [ $SECONDS -ge $deadline ]; then
      echo "$out" >&2
      return 1
    fi
    sleep 2
  done
}
update_lists
DEBIAN_FRONTEND=noninteractive $SUDO apt-get "${LOCK_WAIT[@]}" install -y -qq "${missing[@]}" >/dev/null
