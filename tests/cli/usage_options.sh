#!/usr/bin/env bash
# Options given against each other or out of their domain are usage errors
# (exit 2, one line on standard error, nothing on standard output), never
# silently settled: an explicit --renderer-version that is no release number
# (a CI pinning a release would otherwise get another's text), and
# --no-color beside a --color that is not never.
source "$(dirname "$0")/lib.sh" "$1"
cd "$FIXTURES" || exit 1
P=plan.json

runs_quietly() {  # runs_quietly ARGS...: exit 0, output, nothing on stderr
  t "$@" >"$WORK/out" 2>"$WORK/err" && [ -s "$WORK/out" ] && [ ! -s "$WORK/err" ] ||
    { echo "  $* -> $(cat "$WORK/err")"; return 1; }
}

# Each malformed release: refused, the message naming it and the releases reproduced.
malformed_release_refused() {
  local v
  for v in '1,9' LATEST ' 1.9' 1.9.5.1 9 '' 'latest ' 1.x v; do
    usage_error --no-color --renderer-version "$v" $P || return 1
    grep -qF -- "--renderer-version must be auto, latest or a release number (X.Y or X.Y.Z), not '$v'" "$WORK/err" &&
      grep -q 'Terraform 1\.5\.0 to 1\.[0-9]*\.x, OpenTofu 1\.6\.0 to 1\.[0-9]*\.x' "$WORK/err" ||
      { echo "  '$v': $(cat "$WORK/err")"; return 1; }
  done
}
check malformed_release_refused malformed_release_refused
# In every form, states included, and before the input is read.
malformed_release_refused_everywhere() {
  usage_error --renderer-version 1,9 --summary $P && usage_error --renderer-version 1,9 --format json $P &&
    usage_error --renderer-version 1,9 --bundle $P && usage_error --renderer-version 1,9 --state $P &&
    usage_error --renderer-version 1,9 no-such-plan.json
}
check malformed_release_refused_everywhere malformed_release_refused_everywhere
# With --detailed-exitcode a usage error is 1 (2 means changes).
malformed_release_with_detailed_exitcode() {
  t --renderer-version 9 --detailed-exitcode $P >/dev/null 2>&1
  [ $? = 1 ]
}
check malformed_release_with_detailed_exitcode malformed_release_with_detailed_exitcode
# Release numbers, within the range or not, and the two words, still run.
release_numbers_run() {
  local tf="--no-color --flavor terraform"
  runs_quietly $tf --renderer-version 1.9 $P && runs_quietly $tf --renderer-version 1.9.5 $P &&
    runs_quietly $tf --renderer-version v1.9.5 $P && runs_quietly $tf --renderer-version 1.9.0-beta2 $P &&
    runs_quietly $tf --renderer-version latest $P && runs_quietly $tf --renderer-version auto $P &&
    t $tf --renderer-version 1.99 $P >/dev/null 2>"$WORK/err" && grep -q '^tfstream: note: ' "$WORK/err"
}
check release_numbers_run release_numbers_run

# --no-color with --color always or auto: refused, whichever comes first.
colour_conflicts_refused() {
  usage_error --no-color --color always $P &&
    grep -qx "tfstream: --no-color and --color always contradict each other; give one of them" "$WORK/err" &&
    usage_error --color always --no-color $P && usage_error --color=auto --no-color $P &&
    usage_error -no-color --color always $P && usage_error --no-color --color always --summary $P
}
check colour_conflicts_refused colour_conflicts_refused
colour_agreeing_runs() {
  runs_quietly --no-color --color never $P && runs_quietly --color never --no-color $P && runs_quietly --no-color $P
}
check colour_agreeing_runs colour_agreeing_runs
finish
