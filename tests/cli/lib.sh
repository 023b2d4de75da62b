# Shared by the tests/cli scripts: `source lib.sh TFSTREAM`.
#
# `check NAME COMMAND...` runs COMMAND (a shell function or a command) and
# records PASS or FAIL; `finish` prints the tally and gives the exit status.
# `golden NAME FILE` compares FILE with expected/NAME (UPDATE=1 rewrites it).
# `usage_error ARGS...` checks that tfstream refuses ARGS as a usage error.
# Every run has a time limit, so a hang fails instead of blocking ctest.

set -u
export LC_ALL=C
TFSTREAM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FIXTURES=$HERE/fixtures
EXPECTED=$HERE/expected
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tfstream-cli-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
passed=0
failed=0

check() {
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL $name"
  fi
}

# `t ARGS...`: tfstream with a time limit.
t() { timeout 60 "$TFSTREAM" "$@"; }

# `usage_error ARGS...`: tfstream refuses ARGS as a usage error: exit 2, one
# "tfstream: " line on standard error, nothing on standard output (both kept
# in $WORK/out and $WORK/err for further checks).
usage_error() {
  t "$@" >"$WORK/out" 2>"$WORK/err"
  local rc=$?
  [ $rc = 2 ] && [ ! -s "$WORK/out" ] && [ "$(wc -l <"$WORK/err")" = 1 ] && grep -q '^tfstream: ' "$WORK/err" ||
    { echo "  $* -> exit $rc: $(cat "$WORK/err")"; return 1; }
}

golden() {
  local name=$1 file=$2
  if [ "${UPDATE:-0}" = 1 ]; then
    cp "$file" "$EXPECTED/$name"
    return 0
  fi
  if ! cmp -s "$file" "$EXPECTED/$name"; then
    echo "  $name differs from expected/$name:"
    diff "$EXPECTED/$name" "$file" | head -20 | sed 's/^/    /'
    return 1
  fi
}

# `in_pty COLS COMMAND`: runs COMMAND (a shell string) on a pseudo-terminal
# COLS columns wide (0: the size is unknown), output bytes as written
# (no \n -> \r\n translation); standard input is not a terminal.
in_pty() {
  timeout 60 script -qfec "stty cols $1 rows 40 -onlcr; $2" /dev/null </dev/null
}

finish() {
  echo "$passed passed, $failed failed"
  [ "$failed" = 0 ]
}
