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
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
