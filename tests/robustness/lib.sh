# Shared by the robustness scripts: `source lib.sh TFSTREAM CASES_DIR`.
#
# Each script runs tfstream on hostile or broken input and records one result
# per check with `result ID OK DETAIL`. A check listed in known_issues.txt is
# allowed to fail (printed as KNOWN, with the reason); when it passes, it
# fails as UNEXPECTED PASS so that the list only shrinks, as the conformance
# known failures do. `finish` prints the tally and gives the exit status.
#
# The contract checked for bad input (README of tests/robustness):
#   exit status 1 (2 for bad usage); exactly one line on stderr,
#   "tfstream: <file>: byte <offset>: <message>"; stdout holds only complete
#   blocks (nothing at all when the error is found before rendering starts);
#   no crash, no hang (every run has a time limit), no temporary file left.

set -u
export LC_ALL=C
# `producer | tf ...` and `... | expect_error ...` run the last command in
# this shell, so that RC and the tallies survive.
shopt -s lastpipe

if [ $# -lt 2 ]; then
  echo "usage: $0 TFSTREAM CASES_DIR" >&2
  exit 2
fi
TFSTREAM=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
CASES=$(cd "$2" && pwd)
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FIXTURES=$HERE/fixtures
# The system interpreter starts in milliseconds; version-manager shims do not.
PYTHON=$(command -v /usr/bin/python3 || command -v python3)
MUTATE="$PYTHON -S $HERE/mutate.py"
KNOWN_ISSUES=$HERE/known_issues.txt
RUN_TIMEOUT=${ROBUSTNESS_TIMEOUT:-120}
# Set by the sanitizer build's ctest section: fewer repetitions of cheap checks.
QUICK=${ROBUSTNESS_QUICK:-0}

W=$(mktemp -d "${TMPDIR:-/tmp}/tfstream-robustness.XXXXXX")
cleanup() {
  # Mounts made by a test live in their own namespace; only files remain here.
  chmod -R u+rwx "$W" 2>/dev/null
  rm -rf "$W"
}
trap cleanup EXIT
cd "$W" || exit 1

PASSED=0
FAILED=0
KNOWN=0
declare -A KNOWN_REASON=()
if [ -f "$KNOWN_ISSUES" ]; then
  while IFS= read -r line; do
    line=${line%%#*}
    read -r id reason <<<"$line"
    [ -n "${id:-}" ] && KNOWN_REASON[$id]=${reason:-listed}
  done < <(grep -v '^[[:space:]]*#' "$KNOWN_ISSUES")
fi

# The known_issues.txt pattern (a shell glob) that ID matches, if any.
known_pattern() {
  local pattern
  for pattern in "${!KNOWN_REASON[@]}"; do
    # shellcheck disable=SC2053  # the pattern is a glob on purpose
    if [[ $1 == $pattern ]]; then
      printf '%s' "$pattern"
      return 0
    fi
  done
  return 1
}

# result ID OK(0|1) DETAIL
result() {
  local id=$1 ok=$2 detail=${3:-} pattern
  if pattern=$(known_pattern "$id"); then
    if [ "$ok" = 1 ]; then
      echo "UNEXPECTED PASS $id: remove '$pattern' from tests/robustness/known_issues.txt (or narrow it)"
      FAILED=$((FAILED + 1))
    else
      echo "KNOWN $id (${KNOWN_REASON[$pattern]}): $detail"
      KNOWN=$((KNOWN + 1))
    fi
    return
  fi
  if [ "$ok" = 1 ]; then
    PASSED=$((PASSED + 1))
    [ "${ROBUSTNESS_VERBOSE:-0}" = 1 ] && echo "ok   $id"
  else
    echo "FAIL $id: $detail"
    FAILED=$((FAILED + 1))
  fi
  return 0
}

finish() {
  echo "$PASSED passed, $FAILED failed, $KNOWN known issues"
  [ "$FAILED" = 0 ]
}

# tf ARGS...: runs tfstream with a time limit; stdout in $W/out, stderr in
# $W/err, exit status in RC (124 = timed out). Stdin is inherited.
tf() {
  timeout -k 5 "$RUN_TIMEOUT" "$TFSTREAM" "$@" >"$W/out" 2>"$W/err"
  RC=$?
}

# The first line of stderr, and whether stderr is exactly one line (builtins
# only: these run thousands of times).
err_line() {
  local line=""
  IFS= read -r line <"$W/err"
  printf '%s' "$line"
}
err_is_one_line() {
  local whole="" newlines
  IFS= read -r -d '' whole <"$W/err"
  newlines=${whole//[!$'\n']/}
  [ "${#newlines}" = 1 ] && [[ $whole == *$'\n' ]]
}

# Describes a failed run for a FAIL line.
describe_run() {
  echo "exit $RC, stderr: $(head -c 300 "$W/err" | tr '\n' '|'), stdout $(wc -c <"$W/out") bytes"
}

# expect_error ID LABEL [options] -- ARGS...
#   Runs tfstream ARGS and checks the bad-input contract:
#   ID           exit 1, one line "tfstream: ...", stdout as required, message
#   ID:located   the line is "tfstream: LABEL: byte <offset>: ..." (LABEL is the
#                file the error is in, a fixed string)
# Options:
#   --match ERE      the message (after "tfstream: ") matches ERE
#   --offset N       the byte offset is exactly N
#   --max-offset N   the byte offset is at most N
#   --stdout-prefix FILE   stdout must be a prefix of FILE ending at a block
#                    boundary given by --boundary TEXT (default: must be empty)
#   --boundary TEXT  stdout must equal FILE up to the first TEXT; "@line":
#                    any prefix of FILE that is empty or ends a line
#   --exit N         expected exit status (default 1)
#   --file-level     the error is about the whole file (cannot open it...):
#                    ID:located then wants "tfstream: LABEL: ..." (no offset)
expect_error() {
  local id=$1 label=$2
  shift 2
  local match="" offset="" max_offset="" prefix_file="" boundary="" want_exit=1
  FILE_LEVEL=0
  while [ "$1" != "--" ]; do
    case $1 in
      --file-level) FILE_LEVEL=1; shift ;;
      --match) match=$2; shift 2 ;;
      --offset) offset=$2; shift 2 ;;
      --max-offset) max_offset=$2; shift 2 ;;
      --stdout-prefix) prefix_file=$2; shift 2 ;;
      --boundary) boundary=$2; shift 2 ;;
      --exit) want_exit=$2; shift 2 ;;
      *) echo "expect_error: bad option $1" >&2; exit 2 ;;
    esac
  done
  shift
  tf "$@"
  check_error "$id" "$label" "$match" "$offset" "$max_offset" "$prefix_file" "$boundary" "$want_exit" "$FILE_LEVEL"
}

# check_io_error ID LABEL PATTERN: the last run (RC, $W/err, $W/out) failed
# with exit 1 and one line "tfstream: LABEL: <message matching PATTERN>", no
# offset: the error is about a file or stream as a whole. LABEL "" for errors
# about standard output, which have no label.
check_io_error() {
  check_error "$1" "$2" "$3" "" "" "" "" 1 1
}

# check_error: the checks of expect_error on the last run.
check_error() {
  local id=$1 label=$2 match=$3 offset=$4 max_offset=$5 prefix_file=$6 boundary=$7 want_exit=${8:-1}
  local file_level=${9:-0}
  local line problem=""
  line=$(err_line)
  if [ "$RC" != "$want_exit" ]; then
    problem="exit status $RC, want $want_exit"
  elif ! err_is_one_line; then
    problem="stderr is not exactly one line"
  elif [[ $line != "tfstream: "?* ]]; then
    problem="stderr does not start with 'tfstream: '"
  elif [ -n "$match" ] && ! [[ ${line#tfstream: } =~ $match ]]; then
    problem="message does not match /$match/"
  elif [ -z "$prefix_file" ] && [ -s "$W/out" ]; then
    problem="stdout is not empty"
  elif [ -n "$prefix_file" ] && [ "$boundary" = @line ]; then
    local got_len
    got_len=$(wc -c <"$W/out")
    if ! cmp -s -n "$got_len" "$W/out" "$prefix_file" || [ "$got_len" -gt "$(wc -c <"$prefix_file")" ]; then
      problem="stdout is not a prefix of $prefix_file"
    elif [ "$got_len" != 0 ] && [ "$(tail -c 1 "$W/out" | od -An -c | tr -d ' ')" != '\n' ]; then
      problem="stdout does not end a line"
    fi
  elif [ -n "$prefix_file" ]; then
    local want_len
    want_len=$($PYTHON -S -c 'import sys; d=open(sys.argv[1],"rb").read(); b=sys.argv[2].encode()
i=d.find(b) if b else len(d)
print(i)' "$prefix_file" "$boundary")
    if [ "$want_len" = -1 ]; then
      problem="boundary text not in the expected output"
    elif [ "$(wc -c <"$W/out")" != "$want_len" ] || ! cmp -s -n "$want_len" "$W/out" "$prefix_file"; then
      problem="stdout is not the expected output up to the block boundary ($want_len bytes)"
    fi
  fi
  if [ -n "$problem" ]; then
    result "$id" 0 "$problem; $(describe_run)"
  else
    result "$id" 1
  fi
  # Location: "tfstream: <label>: byte <offset>: <message>".
  [ "$want_exit" = 1 ] && [ -n "$label" ] || return 0
  local rest=${line#tfstream: }
  problem=""
  if [ "${rest:0:${#label}+1}" != "$label:" ]; then
    problem="does not start with '$label:'"
  elif [ "$file_level" = 1 ]; then
    if ! [[ ${rest:${#label}+1} =~ ^\ .+ ]] || [[ ${rest:${#label}+1} =~ ^\ byte\ [0-9] ]]; then
      problem="want '$label: <message>'"
    fi
  else
    rest=${rest:${#label}+1}
    if ! [[ $rest =~ ^\ byte\ ([0-9]+):\ .+ ]]; then
      problem="no 'byte N:' after '$label:'"
    elif [ -n "$offset" ] && [ "${BASH_REMATCH[1]}" != "$offset" ]; then
      problem="offset ${BASH_REMATCH[1]}, want $offset"
    elif [ -n "$max_offset" ] && [ "${BASH_REMATCH[1]}" -gt "$max_offset" ]; then
      problem="offset ${BASH_REMATCH[1]} beyond $max_offset"
    fi
  fi
  if [ -n "$problem" ]; then
    result "$id:located" 0 "$problem: $line"
  else
    result "$id:located" 1
  fi
}

# expect_ok ID EXPECTED_FILE -- ARGS...: exit 0, empty stderr, stdout == file
# (EXPECTED_FILE "-" skips the comparison).
expect_ok() {
  local id=$1 want=$2
  shift 3
  tf "$@"
  if [ "$RC" != 0 ] || [ -s "$W/err" ]; then
    result "$id" 0 "$(describe_run)"
  elif [ "$want" != - ] && ! cmp -s "$W/out" "$want"; then
    result "$id" 0 "stdout differs from $want: $(cmp "$W/out" "$want" 2>&1 | head -1)"
  else
    result "$id" 1
  fi
}

# out_has ID TEXT: the last run succeeded and its stdout holds the line TEXT
# (a fixed string, compared whole).
out_has() {
  local id=$1 text=$2
  if [ "$RC" != 0 ]; then
    result "$id" 0 "$(describe_run)"
  elif ! grep -qxF -- "$text" "$W/out"; then
    result "$id" 0 "no line '$text' in stdout: $(head -c 600 "$W/out" | tr '\n' '|')"
  else
    result "$id" 1
  fi
}

# out_has_line_in ID FILE: like out_has, for a line too long for an argument
# (FILE holds it, newline-terminated).
out_has_line_in() {
  local id=$1 file=$2
  if [ "$RC" != 0 ]; then
    result "$id" 0 "$(describe_run)"
  elif ! grep -qxFf "$file" "$W/out"; then
    result "$id" 0 "the line in $file ($(wc -c <"$file") bytes) is not in stdout"
  else
    result "$id" 1
  fi
}

mutate() { $MUTATE replace "$@" || exit 1; }
