#!/usr/bin/env bash
# Runs tests/browser/report_test.py with a Python that has selenium: Debian's
# /usr/bin/python3 (python3-selenium) first, then python3 on PATH.
#   run.sh corpus TFSTREAM BUILD_DIR
#   run.sh big TFSTREAM BUILD_DIR SIZE [--state]
# Missing chromium, chromedriver or selenium is a failure with a clear message
# (install them: make browser-deps), unless TFSTREAM_SKIP_BROWSER=1 asks to skip:
# then exit 77, which ctest reports as skipped.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
if [ "${TFSTREAM_SKIP_BROWSER:-0}" = 1 ]; then
  echo "browser tests: skipped (TFSTREAM_SKIP_BROWSER=1)"
  exit 77
fi
py=""
for c in /usr/bin/python3 "$(command -v python3 || true)"; do
  if [ -n "$c" ] && [ -x "$c" ] && "$c" -c 'import selenium' 2>/dev/null; then py=$c; break; fi
done
[ -n "$py" ] || py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3)
exec "$py" "$here/report_test.py" "$@"
