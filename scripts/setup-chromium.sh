#!/usr/bin/env bash
# Installs Debian's chromium for the web UI's browser tests (playwright-core drives it; no
# browser is ever downloaded by Playwright: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD). Idempotent and
# fast when already done; fails loudly when it cannot be had.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x "${ROWFORGE_CHROMIUM:-/nonexistent}" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  apt-get -o DPkg::Lock::Timeout=900 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 install -y -qq chromium >/dev/null
else
  echo "setup-chromium: chromium is required for the browser tests (test/ui); install Debian's chromium package as root, or set ROWFORGE_CHROMIUM to a Chromium binary" >&2
  exit 1
fi
command -v chromium >/dev/null 2>&1 || { echo "setup-chromium: chromium was not installed" >&2; exit 1; }
