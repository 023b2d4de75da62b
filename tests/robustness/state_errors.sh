#!/usr/bin/env bash
# Broken states (--state). The text form leaves the contents of the
# resources to the render pass, which validates each element as it parses
# it; everything else is validated by the pre-scan's walk. Whatever fails,
# the error must be the one Go's decoder meets first (it checks the syntax of
# the whole text before anything else): the same line a form that validates
# the whole document up front (--summary) prints, at the same byte, with
# only complete blocks on stdout before it.
source "$(dirname "$0")/lib.sh"

STATE=$FIXTURES/state.json
SCHEMAS=$FIXTURES/state_schemas.json
for j in 1 2; do
  tf --state --no-color -j $j --schemas "$SCHEMAS" "$STATE"
  cp "$W/out" "good-j$j.txt"
  result "state/fixture-renders-j$j" "$([ "$RC" = 0 ] && [ -s good-j$j.txt ] && echo 1 || echo 0)" "$(describe_run)"
done

# make NAME PYTHON-EXPR: writes NAME.json, the fixture's text `t` changed by
# the expression (which yields the new text).
make() {
  $PYTHON -S - "$STATE" "$1.json" "$2" <<'PY'
import sys
t = open(sys.argv[1], encoding="utf-8").read()
def last(s):  # offset of the last occurrence
    i = t.rfind(s)
    assert i >= 0, s
    return i
def first(s):
    i = t.find(s)
    assert i >= 0, s
    return i
out = eval(sys.argv[3])
open(sys.argv[2], "w", encoding="utf-8").write(out)
PY
}

# same_error ID FILE [ARGS...]: the text form (-j1 and -j2) fails with exactly
# the line --summary prints (which validates everything first), and its
# stdout is a run of complete blocks of the good text.
same_error() {
  local id=$1 file=$2
  shift 2
  tf --state --summary --no-color "$@" "$file"
  local want rc_want=$RC
  want=$(err_line)
  result "$id/summary-fails" "$([ "$rc_want" = 1 ] && [[ $want == "tfstream: $file: byte "* ]] && echo 1 || echo 0)" \
    "$(describe_run)"
  # -j2 again with the pre-scan shared with a second thread whatever the
  # size (stream::StateScanSplit), and cross-checked against one thread's.
  local j
  for j in 1 2 2-split; do
    if [ "$j" = 2-split ]; then
      TFSTREAM_SPLIT_MIN_BYTES=0 TFSTREAM_CROSS_CHECK=1 expect_error "$id-j$j" "$file" --stdout-prefix good-j2.txt \
        --boundary @line -- --state --no-color -j 2 --schemas "$SCHEMAS" "$@" "$file"
    else
      expect_error "$id-j$j" "$file" --stdout-prefix "good-j$j.txt" --boundary @line -- \
        --state --no-color -j $j --schemas "$SCHEMAS" "$@" "$file"
    fi
    result "$id-j$j/same-line" "$([ "$(err_line)" = "$want" ] && echo 1 || echo 0)" "got $(err_line), want $want"
    # Only whole blocks: empty, or ending with a block's closing brace line.
    if [ -s "$W/out" ]; then
      result "$id-j$j/whole-blocks" "$([ "$(tail -n 1 "$W/out")" = "}" ] && echo 1 || echo 0)" "$(tail -n 1 "$W/out")"
    fi
  done
}

# Inside the last resource, which only the render pass parses.
make bad_last_value 't[:last("\"values\":{")] + "\"values\":{\"x\":tru," + t[last("\"values\":{") + 10:]'
same_error state/bad-value-in-last-resource bad_last_value.json
make bad_first_value 't[:first("\"values\":{")] + "\"values\":{\"x\":[1,,2]," + t[first("\"values\":{") + 10:]'
same_error state/bad-value-in-first-resource bad_first_value.json
# A semantic error early and a syntax error late: the syntax error wins.
make semantic_then_syntax \
  't[:first("\"values\":{")] + "\"values\":5,\"v2\":{" + t[first("\"values\":{") + 10:last("\"values\":{")] + "\"values\":{\"x\":nul," + t[last("\"values\":{") + 10:]'
same_error state/semantic-then-syntax semantic_then_syntax.json
# Nested past Go's limit inside a resource (the depth counts from the document).
make too_deep 't[:last("\"values\":{")] + "\"values\":{\"x\":" + "[" * 10000 + "]" * 10000 + "," + t[last("\"values\":{") + 10:]'
same_error state/too-deep-in-resource too_deep.json
# The skeleton, which the walk validates.
make bad_version 't[:1] + "\"terraform_version\":tru," + t[1:]'
same_error state/bad-top-level-member bad_version.json
make trailing 't + "x"'
same_error state/trailing-data trailing.json
make bad_module_member 't[:first("\"child_modules\":[{") + 18] + "\"x\":[1 2]," + t[first("\"child_modules\":[{") + 18:]'
same_error state/bad-module-member bad_module_member.json
make bad_output 't[:first("\"values\":{") + 10] + "\"outputs\":{\"o\":{\"value\":[1,],\"sensitive\":false}}," + t[first("\"values\":{") + 10:]'
same_error state/bad-output bad_output.json
# An earlier "resources" that a repeated key replaces: never rendered, still
# checked.
make repeated_resources 't[:first("\"child_modules\":[{") + 18] + "\"resources\":[{\"values\":{\"x\":tru}}]," + t[first("\"child_modules\":[{") + 18:]'
same_error state/replaced-resources-array repeated_resources.json
# A resource --address leaves out is not rendered, but still checked.
same_error state/bad-value-in-unselected-resource bad_first_value.json --address 'module.*'
# Cut inside the last resource: the truncation message.
make truncated 't[:last("\"values\":{") + 20]'
same_error state/truncated-in-last-resource truncated.json
tf --state --no-color --schemas "$SCHEMAS" truncated.json
result state/truncated-says-so "$(grep -q truncated "$W/err" && echo 1 || echo 0)" "$(describe_run)"

# Through a pipe that hands the state over in small pieces, the pre-scan
# reads it as it arrives (stream::ScanStateAsItArrives): the same bytes on
# stdout and stderr and the same exit status as from the same bytes in a
# file given as standard input, good or broken, with each form of the scan.
slow_pipe() {  # FILE PIECE: FILE's bytes, PIECE at a time, a pause between
  $PYTHON -S -c '
import sys, time
data = open(sys.argv[1], "rb").read()
n = int(sys.argv[2])
out = sys.stdout.buffer
for i in range(0, len(data), n):
    out.write(data[i:i + n])
    out.flush()
    time.sleep(0.0005)
' "$1" "$2"
}
same_through_pipe() {  # ID FILE PIECE [ARGS...]
  local id=$1 file=$2 piece=$3 want_rc
  shift 3
  for j in 1 2; do
    tf --state --no-color -j $j --schemas "$SCHEMAS" "$@" - <"$file"
    want_rc=$RC
    cp "$W/out" want.out
    cp "$W/err" want.err
    tf --state --no-color -j $j --schemas "$SCHEMAS" "$@" - < <(slow_pipe "$file" "$piece")
    result "$id-j$j" "$([ "$RC" = "$want_rc" ] && cmp -s "$W/out" want.out && cmp -s "$W/err" want.err &&
      echo 1 || echo 0)" "$(describe_run); from the file: exit $want_rc, $(head -c 200 want.err | tr '\n' '|')"
  done
}
same_through_pipe state/pipe/good "$STATE" 97
same_through_pipe state/pipe/good-1-byte-pieces "$STATE" 1
same_through_pipe state/pipe/good-summary "$STATE" 97 --summary
same_through_pipe state/pipe/good-selected "$STATE" 97 --address 'module.*'
for f in bad_last_value bad_first_value semantic_then_syntax too_deep bad_version trailing bad_module_member \
  bad_output repeated_resources truncated; do
  same_through_pipe "state/pipe/$f" "$f.json" 97
done
tf --state --no-color --schemas /dev/null - < <(slow_pipe "$STATE" 97)
result state/pipe/missing-schema "$([ "$RC" = 1 ] && [ ! -s "$W/out" ] && echo 1 || echo 0)" "$(describe_run)"
# A state of some MiB (6), past the pre-scan's first steps, its resources
# repeated (their addresses too, which the render does not mind).
BIG='(lambda d: (d["values"]["root_module"].__setitem__("resources", d["values"]["root_module"]["resources"] * 3000), __import__("json").dumps(d, separators=(",", ":")))[1])(__import__("json").loads(t))'
make big "$BIG"
same_through_pipe state/pipe/big big.json 65536
make big_bad_end "($BIG)[:-3] + \"x\""
same_through_pipe state/pipe/big-bad-end big_bad_end.json 65536

# A state of some MiB at -j2: its pre-scan is shared with a second thread
# (stream::StateScanSplit), which reads the second half of the root's child
# modules. Good or broken there, the same bytes on stdout and stderr and the
# same exit status as at -j1, from a file and through a pipe, cross-checked.
# split_state NAME CHANGE: NAME.json, 800 child modules of the fixture's
# resources (about 6 MiB), changed by CHANGE (Python statements over `d` and
# `mods`); the strings "@TRU@" and "@BAD@" then become the syntax errors
# tru and [1 2].
split_state() {
  $PYTHON -S - "$STATE" "$1.json" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
res = d["values"]["root_module"]["resources"]
mods = [{"resources": [dict(json.loads(json.dumps(r)), address="module.m%d.%s" % (k, r["address"])) for r in res * 4],
         "address": "module.m%d" % k} for k in range(800)]
d["values"]["root_module"]["child_modules"] = mods
indent = None
exec(sys.argv[3])
t = json.dumps(d, indent=indent, separators=None if indent else (",", ":"))
t = t.replace('"@TRU@"', "tru").replace('"@BAD@"', "[1 2]")
open(sys.argv[2], "w", encoding="utf-8").write(t)
PY
}
same_split() {  # ID FILE: -j2 (file, pipe) as -j1
  local id=$1 file=$2 want_rc
  tf --state --no-color -j 1 --schemas "$SCHEMAS" "$file"
  want_rc=$RC
  cp "$W/out" want.out
  cp "$W/err" want.err
  result "$id/j1-runs" "$([ -s want.out ] || [ -s want.err ] && echo 1 || echo 0)" "$(describe_run)"
  TFSTREAM_CROSS_CHECK=1 tf --state --no-color -j 2 --schemas "$SCHEMAS" "$file"
  result "$id/j2-file" "$([ "$RC" = "$want_rc" ] && cmp -s "$W/out" want.out && cmp -s "$W/err" want.err &&
    echo 1 || echo 0)" "$(describe_run); at -j1: exit $want_rc, $(head -c 200 want.err | tr '\n' '|')"
  TFSTREAM_CROSS_CHECK=1 tf --state --no-color -j 2 --schemas "$SCHEMAS" - < <(cat "$file")
  result "$id/j2-pipe" "$([ "$RC" = "$want_rc" ] && cmp -s "$W/out" want.out &&
    cmp -s "$W/err" <(sed 's|^tfstream: [^:]*:|tfstream: <stdin>:|' want.err) && echo 1 || echo 0)" \
    "$(describe_run); at -j1: exit $want_rc, $(head -c 200 want.err | tr '\n' '|')"
}
split_state split_good "pass"
same_split state/split/good split_good.json
result state/split/good-renders "$([ "$RC" = 0 ] && [ "$(grep -c '^# module.m' "$W/out")" -ge 9600 ] && echo 1 || echo 0)" \
  "$(describe_run)"
split_state split_pretty "indent = 1"
same_split state/split/pretty split_pretty.json
split_state split_tainted 'mods[600]["resources"][1]["tainted"] = "yes"'
same_split state/split/wrong-kind-late split_tainted.json
split_state split_mode 'mods[600]["resources"][1]["mode"] = "odd"; mods[700]["resources"][0]["mode"] = "odd2"'
same_split state/split/unknown-mode-late split_mode.json
split_state split_schema 'mods[700]["resources"][0]["type"] = "nosuch_b"; mods[600]["resources"][1]["type"] = "nosuch_a"'
same_split state/split/missing-schema-late split_schema.json
split_state split_member 'mods[600]["x"] = "@BAD@"'
same_split state/split/bad-module-member-late split_member.json
split_state split_value 'mods[600]["resources"][1]["values"]["x"] = "@TRU@"'
same_split state/split/bad-value-late split_value.json
# At -j2 the workers are handed runs of neighbouring resources whole
# (stream::ResourceRuns) and find each element's end as they parse it: a
# render error, and a syntax error, inside a run, with the blocks before it.
split_state split_values_kind 'mods[600]["resources"][2]["values"] = 5'
same_split state/split/values-not-object-in-run split_values_kind.json
# Four modules of 800 resources: runs of 64 KiB, the split inside one.
LONG='big = [{"resources": [r for m in mods[k * 200:(k + 1) * 200] for r in m["resources"]], "address": "module.m%d" % k} for k in range(4)]; d["values"]["root_module"]["child_modules"] = big'
split_state split_long_runs "$LONG"
same_split state/split/long-runs split_long_runs.json
split_state split_long_runs_pretty "$LONG; indent = 2"
same_split state/split/long-runs-pretty split_long_runs_pretty.json
split_state split_long_runs_kind "$LONG"'; big[2]["resources"][301]["values"] = 5'
same_split state/split/long-runs-values-not-object split_long_runs_kind.json
split_state split_long_runs_syntax "$LONG"'; big[3]["resources"][101]["values"]["x"] = "@TRU@"'
same_split state/split/long-runs-bad-value split_long_runs_syntax.json
split_state split_children_first 'mods[600] = {"child_modules": [mods[601]], "resources": mods[600]["resources"]}'
same_split state/split/children-before-resources-late split_children_first.json
split_state split_repeated 'mods[600] = dict(mods[600]); mods[600]["RESOURCES"] = []'
same_split state/split/repeated-resources-late split_repeated.json
split_state split_truncated 'pass'
head -c 5000000 split_truncated.json >split_cut.json
same_split state/split/cut-in-second-half split_cut.json

# Cut everywhere (every 41st byte, and each cut's error the same as
# --summary's, which says "truncated").
size=$(wc -c <"$STATE")
for ((cut = 1; cut < size; cut += ${STATE_CUT_STEP:-41})); do
  head -c "$cut" "$STATE" >cut.json
  tf --state --summary --no-color cut.json
  want=$(err_line)
  for j in 1 2; do
    tf --state --no-color -j $j --schemas "$SCHEMAS" cut.json
    got=$(err_line)
    ok=1
    { [ "$RC" = 1 ] && [ "$got" = "$want" ] && [[ $got == *truncated* ]] && err_is_one_line; } || ok=0
    if [ -s "$W/out" ] && [ "$(tail -n 1 "$W/out")" != "}" ]; then ok=0; fi
    result "state/cut-at-$cut-j$j" "$ok" "got $got, want $want, stdout $(wc -c <"$W/out") bytes"
  done
done

finish
