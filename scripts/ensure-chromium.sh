#!/usr/bin/env bash
# The site's browser tests drive Debian's Chromium, never a browser downloaded by Playwright; a Japanese
# font makes the Japanese pages readable in screenshots. Installs both when missing (as root, from Debian's
# packages); `npm run setup:test` (scripts/setup-test.sh, which .ci/run calls) runs it. `--check` installs
# nothing: it fails, saying what to run, when either is missing (`npm run test:e2e` checks so: the tests
# never install packages mid-run). CHROMIUM_PATH: a browser of your own, nothing installed.
set -euo pipefail
check=0
[ "${1:-}" = --check ] && check=1
if [ -n "${CHROMIUM_PATH:-}" ]; then
  [ -x "$CHROMIUM_PATH" ] && exit 0
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable" >&2
  exit 1
fi
# grep reads the whole list (not -q): under pipefail an early exit of grep fails fc-list with SIGPIPE.
if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -i ipagothic >/dev/null; then
  exit 0
fi
if [ "$check" = 1 ]; then
  echo "the browser tests need Debian's Chromium and fonts-ipafont-gothic: run npm run setup:test (as root), or apt-get install -y chromium fonts-ipafont-gothic, or set CHROMIUM_PATH" >&2
  exit 1
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "the browser tests need Debian's Chromium: apt-get update && apt-get install -y chromium fonts-ipafont-gothic (as root), or set CHROMIUM_PATH" >&2
  exit 1
fi
echo "installing Debian's chromium and fonts-ipafont-gothic for the browser tests"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-ipafont-gothic >/dev/null
