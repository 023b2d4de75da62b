#!/usr/bin/env bash
# A single 1 GiB string value, generated on the fly into $TMPDIR (plus 1 GiB
# more for the spooled run). Slow (tens of seconds, GBs of disk and memory),
# so it runs only with TFSTREAM_SLOW_TESTS=1, e.g.
#   TFSTREAM_SLOW_TESTS=1 ctest --test-dir build -L slow --output-on-failure
# ROBUSTNESS_HUGE_MB sets the size (default 1024). Prints wall time and peak
# RSS; fails when the output is wrong or peak RSS exceeds 4x the input + 512 MiB.
if [ "${TFSTREAM_SLOW_TESTS:-0}" != 1 ]; then
  echo "SKIP: set TFSTREAM_SLOW_TESTS=1 to run the 1 GiB string test"
  exit 77
fi
source "$(dirname "$0")/lib.sh"

MB=${ROBUSTNESS_HUGE_MB:-1024}
N=$((MB * 1024 * 1024))
free_kb=$(df -Pk "$W" | awk 'NR == 2 {print $4}')
if [ "$free_kb" -lt $((MB * 1024 * 5 / 2)) ]; then
  echo "SKIP: $W has $((free_kb / 1024)) MiB free, need $((MB * 5 / 2)) MiB"
  exit 77
fi

P=$FIXTURES/plan.json
"$TFSTREAM" --no-color "$P" >small.out
# The fixture's "value" goes from "x" to "y"; make the new value N bytes of 'a'.
$PYTHON -S - "$P" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
at = data.index(b'"value":"y"') + len(b'"value":"')
open("pre.json", "wb").write(data[:at])
open("post.json", "wb").write(data[at + 1:])
EOF
{ cat pre.json; head -c "$N" /dev/zero | tr '\0' a; cat post.json; } >huge.json
# Where "y" sits in the small output: the huge output is the same around it.
prefix='~ value = "x" -> "'
y_at=$(grep -boF -m1 -- "${prefix}y\"" small.out | cut -d: -f1)
y_at=$((y_at + ${#prefix}))
small_size=$(wc -c <small.out)

check_huge_output() {  # ID
  local id=$1 size problem=""
  size=$(wc -c <"$W/out")
  if [ "$RC" != 0 ] || [ -s "$W/err" ]; then
    problem="$(describe_run)"
  elif [ "$size" != $((small_size - 1 + N)) ]; then
    problem="stdout is $size bytes, want $((small_size - 1 + N))"
  elif ! cmp -s -n "$y_at" "$W/out" small.out; then
    problem="the text before the value differs"
  elif ! cmp -s <(tail -c +$((y_at + N + 1)) "$W/out") <(tail -c +$((y_at + 2)) small.out); then
    problem="the text after the value differs"
  elif ! cmp -s <(tail -c +$((y_at + 1)) "$W/out" | head -c "$N") <(head -c "$N" /dev/zero | tr '\0' a); then
    problem="the value is not $N 'a's"
  fi
  result "$id" "$([ -z "$problem" ] && echo 1 || echo 0)" "$problem"
}

# measure ID ARGS...: runs tfstream, recording wall time and peak RSS.
measure() {
  local id=$1
  shift
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f '%e %M' -o time.txt timeout -k 5 1800 "$TFSTREAM" "$@" >"$W/out" 2>"$W/err"
    RC=$?
    read -r secs rss_kb <time.txt
    echo "$id: ${MB} MiB string: ${secs} s, peak RSS $((rss_kb / 1024)) MiB"
    result "$id/memory-bounded" "$([ "$rss_kb" -le $((MB * 1024 * 4 + 512 * 1024)) ] && echo 1 || echo 0)" \
      "peak RSS $((rss_kb / 1024)) MiB for a $MB MiB string"
  else
    tf "$@"
  fi
}

measure huge/file --no-color huge.json
check_huge_output huge/file
measure huge/file-j2 --no-color -j 2 huge.json
check_huge_output huge/file-j2
# Through a pipe: spooled to $TMPDIR first.
mkdir spool
old_tmpdir=${TMPDIR-}
export TMPDIR=$W/spool
cat huge.json | measure huge/stdin --no-color -
export TMPDIR=$old_tmpdir
check_huge_output huge/stdin
result huge/stdin-no-file-left "$([ -z "$(ls -A spool)" ] && echo 1 || echo 0)" "left: $(ls -A spool)"
# Cut in the middle of the string: one line, nothing written.
head -c $((N / 2)) huge.json >huge_cut.json
expect_error huge/truncated huge_cut.json --offset $((N / 2)) --match 'end of input in string' -- huge_cut.json
rm -f huge.json huge_cut.json "$W/out"

finish
