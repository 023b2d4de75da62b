#!/usr/bin/env bash
# Where a release's own renderer crashes on a valid plan (issue 35, README
# "Releases"): tfstream prints the text of the nearest release that does not
# crash, exactly one note on standard error, exit 0 (A: a number beyond
# float64's range in Terraform 1.5.0-1.7.3 / OpenTofu 1.6.x; E: an unknown
# list element with no value before, Terraform <= 1.9.5 and every OpenTofu);
# an invalid document (F: a schema's unknown nesting mode, in a change that
# is not even shown) is one line on standard error, exit 1, nothing on
# standard output, in every release and both flavours. From a file and from
# standard input. Also the text of B, C and D, the float64 and 1.9.0-1.9.5
# behaviours, against the newer releases' text.
#   crash_rule.sh TFSTREAM
source "$(dirname "$0")/lib.sh" "$1"
cd "$WORK" || exit 1

# doc SCHEMA ACTIONS BEFORE AFTER [AFTER_UNKNOWN]: a renderer-shaped plan of
# one change "t.a".
doc() {
  printf '{"plan_format_version":"1.2","resource_changes":[{"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p","change":{"actions":%s,"before":%s,"after":%s,"after_unknown":%s,"before_sensitive":false,"after_sensitive":false}}],"provider_schemas":{"p":{"provider":{"version":0,"block":{}},"resource_schemas":{"t":{"version":0,"block":%s}}}}}' \
    "$2" "$3" "$4" "${5:-{\}}" "$1"
}
NUMBERS='{"attributes":{"id":{"type":"string"},"n":{"type":"number"}}}'
STRINGS='{"attributes":{"id":{"type":"string"},"s":{"type":"string"}}}'
doc "$NUMBERS" '["create"]' null '{"id":"i","n":1e400}' >big.json
doc '{"attributes":{"id":{"type":"string"},"l":{"type":["list","bool"]}}}' '["update"]' \
  '{"id":"i","l":[null]}' '{"id":"i","l":[true,null]}' '{"l":[false,true]}' >unknown.json
doc '{"attributes":{"id":{"type":"string"}},"block_types":{"b":{"nesting_mode":"bogus","block":{}}}}' \
  '["no-op"]' '{"id":"i"}' '{"id":"i"}' >nesting.json
doc "$STRINGS" '["update"]' '{"id":"i","s":"{\"a\":1e400, \"b\":1}"}' '{"id":"i","s":"{\"a\":1e400, \"b\":2}"}' >b.json
doc "$NUMBERS" '["update"]' '{"id":"i","n":-0}' '{"id":"j","n":0}' >c.json
doc '{"attributes":{"id":{"type":"string"}},"block_types":{"b":{"nesting_mode":"list","block":{"attributes":{"x":{"type":"string"}}}}}}' \
  '["update"]' '{"id":"i","b":null}' '{"id":"j","b":null}' '{"b":true}' >d.json

# run NAME FILE ARGS...: from the file, then from standard input; both must
# give the same stdout, stderr and status (left in NAME.out/.err/.rc).
run() {
  local name=$1 file=$2
  shift 2
  t --no-color "$@" "$file" >"$name.out" 2>"$name.err"
  echo $? >"$name.rc"
  t --no-color "$@" - <"$file" >"$name.stdin.out" 2>"$name.stdin.err"
  local rc=$?
  sed "s|$file|-|; s|^tfstream: -:|tfstream: standard input:|" "$name.err" >"$name.err.cmp"
  cmp -s "$name.out" "$name.stdin.out" && [ "$rc" = "$(cat "$name.rc")" ] ||
    { echo "  $name: stdin run differs (exit $rc)"; return 1; }
}

# crashes NAME FILE FLAVOUR RELEASE NEAREST: exit 0, one note naming the
# crash, and the text of the release NEAREST of FLAVOUR without a note ("-":
# no release of the flavour renders it).
crashes() {
  local name=$1 file=$2 flavour=$3 release=$4 nearest=$5
  run "$name" "$file" --flavor "$flavour" --renderer-version "$release" || return 1
  [ "$(cat "$name.rc")" = 0 ] || { echo "  $name: exit $(cat "$name.rc"): $(head -1 "$name.err")"; return 1; }
  [ "$(wc -l <"$name.err")" = 1 ] && grep -q "^tfstream: note: .*'s own renderer crashes on this plan" "$name.err" ||
    { echo "  $name: stderr: $(cat "$name.err")"; return 1; }
  [ "$(wc -l <"$name.stdin.err")" = 1 ] || { echo "  $name: stdin stderr: $(cat "$name.stdin.err")"; return 1; }
  [ "$nearest" = - ] && return 0
  t --no-color --flavor "$flavour" --renderer-version "$nearest" "$file" >"$name.near" 2>"$name.near.err" &&
    [ ! -s "$name.near.err" ] || { echo "  $name: $nearest: $(cat "$name.near.err")"; return 1; }
  cmp -s "$name.out" "$name.near" || { echo "  $name: text differs from $nearest's"; diff "$name.near" "$name.out" | head; return 1; }
}

invalid() {
  local name=$1 file=$2
  shift 2
  run "$name" "$file" "$@" || return 1
  [ "$(cat "$name.rc")" = 1 ] && [ ! -s "$name.out" ] && [ "$(wc -l <"$name.err")" = 1 ] &&
    grep -q 'unrecognized nesting mode "bogus" at "b"' "$name.err" ||
    { echo "  $name: exit $(cat "$name.rc"): $(cat "$name.err")"; return 1; }
}

has() { grep -qF -- "$2" "$1" || { echo "  $1 lacks: $2"; return 1; }; }
lacks() { ! grep -qF -- "$2" "$1" || { echo "  $1 has: $2"; return 1; }; }

check a_terraform_1_7_3 crashes a173 big.json terraform 1.7.3 1.7.4
check a_terraform_1_5_7 crashes a157 big.json terraform 1.5.7 1.7.4
check a_opentofu_1_6 crashes a16 big.json opentofu 1.6.3 1.7.0
check e_terraform_1_9_5 crashes e195 unknown.json terraform 1.9.5 1.9.6
check e_opentofu_latest crashes etofu unknown.json opentofu latest -
check e_terraform_1_9_6_silent run e196 unknown.json --flavor terraform --renderer-version 1.9.6
check e_terraform_1_9_6_no_note test ! -s e196.err
for v in latest 1.9.5 1.5.7; do check "f_terraform_$v" invalid "ft$v" nesting.json --flavor terraform --renderer-version "$v"; done
for v in latest 1.6.3; do check "f_opentofu_$v" invalid "fo$v" nesting.json --flavor opentofu --renderer-version "$v"; done
b() {
  t --no-color --flavor terraform --renderer-version 1.7.3 b.json >b173 &&
    has b173 '~ s  = "{\"a\":1e400, \"b\":1}" -> "{\"a\":1e400, \"b\":2}"' &&
    t --no-color --flavor terraform --renderer-version 1.7.4 b.json >b174 && has b174 '~ b = 1 -> 2'
}
c() {
  t --no-color --flavor terraform --renderer-version 1.7.3 c.json >c173 && lacks c173 '~ n' &&
    t --no-color --flavor opentofu --renderer-version 1.6.3 c.json >c16 && lacks c16 '~ n' &&
    t --no-color --flavor terraform --renderer-version 1.7.4 c.json >c174 && has c174 '~ n  = -0 -> 0'
}
d() {
  t --no-color --flavor terraform --renderer-version 1.9.5 d.json >d195 && has d195 '# (1 unchanged block hidden)' &&
    t --no-color --flavor terraform --renderer-version 1.9.6 d.json >d196 && lacks d196 'unchanged block hidden' &&
    t --no-color --flavor opentofu --renderer-version 1.9.4 d.json >d194 && lacks d194 'unchanged block hidden'
}
check b_float64_json_string b
check c_minus_zero c
check d_terraform_1_9_0_hidden_block d
finish
