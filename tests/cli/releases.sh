#!/usr/bin/env bash
# --renderer-version end to end: auto reads terraform_version (in either
# shape of plan), a release older than those reproduced gets the oldest's
# text and a future one the newest's, a malformed version the newest, each
# with one note; an explicit release wins; a flavour chosen by default is
# named; a state's text follows an explicit release. Expected texts come from the corpora (the newest renderers' and the
# older releases' own), the plans from them with terraform_version edited.
#   releases.sh TFSTREAM NEWEST_CASES_DIR VERSIONS_ROOT
source "$(dirname "$0")/lib.sh" "$1"
NEWEST=$(cd "$2" && pwd)
VERSIONS=$(cd "$3" && pwd)
FIXTURES=$(cd "$(dirname "$0")/../robustness/fixtures" && pwd)
cd "$WORK" || exit 1

# with_version SRC VERSION DST: SRC's plan with terraform_version set (added
# as the first member when absent, as a renderer-shaped plan has none).
with_version() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
src, version, dst = sys.argv[1:]
d = json.load(open(src))
d = dict([("terraform_version", json.loads(version))] + [(k, v) for k, v in d.items() if k != "terraform_version"])
json.dump(d, open(dst, "w"))
PY
}
# An action invocation (1.16 adds a comment line above it); renderer-shaped.
ACTIONS=gen-small-132
# A plan whose text in 1.5.7 differs from the newest (show -json shaped).
OLD=gen-small-10
cp "$VERSIONS/terraform-1.5.7/cases/$OLD/schemas.json" old-schemas.json

# same NAME EXPECTED_OUT NOTE ARGS...: stdout is EXPECTED_OUT; stderr is
# empty when NOTE is "", else one "tfstream: note: " line containing NOTE.
same() {
  local name=$1 want=$2 note=$3
  shift 3
  t --no-color "$@" >"$name.out" 2>"$name.err" || { echo "  $name: exit $?: $(head -1 "$name.err")"; return 1; }
  cmp -s "$name.out" "$want" || { echo "  $name: output differs from $want"; return 1; }
  if [ -z "$note" ]; then
    [ ! -s "$name.err" ] || { echo "  $name: unexpected stderr: $(cat "$name.err")"; return 1; }
  else
    [ "$(wc -l <"$name.err")" = 1 ] && grep -q '^tfstream: note: ' "$name.err" && grep -qF -- "$note" "$name.err" ||
      { echo "  $name: stderr: $(cat "$name.err")"; return 1; }
  fi
}

future_release_gets_newest_text() {
  with_version "$NEWEST/$ACTIONS/plan.json" '"1.17.0"' future.json &&
    same future "$NEWEST/$ACTIONS/nocolor.out" \
      'terraform_version "1.17.0" is newer than any Terraform release tfstream reproduces; printed the text of Terraform 1.16.x, the newest' \
      --flavor terraform future.json
}
release_in_range_is_silent() {
  with_version "$NEWEST/$ACTIONS/plan.json" '"1.15.2"' v115.json &&
    same v115 "$VERSIONS/terraform-1.15.9/cases/$ACTIONS/nocolor.out" "" --flavor terraform v115.json
}
prerelease_is_the_release_it_precedes() {
  with_version "$NEWEST/$ACTIONS/plan.json" '"1.16.0-dev"' dev.json &&
    same dev "$NEWEST/$ACTIONS/nocolor.out" "" --flavor terraform dev.json &&
    with_version "$NEWEST/$ACTIONS/plan.json" '"1.16.0-rc1"' rc.json &&
    same rc "$NEWEST/$ACTIONS/nocolor.out" "" --flavor terraform rc.json
}
old_release_gets_oldest_text() {
  with_version "$VERSIONS/terraform-1.5.7/cases/$OLD/plan.json" '"1.4.6"' old.json &&
    ! cmp -s "$VERSIONS/terraform-1.5.7/cases/$OLD/nocolor.out" "$NEWEST/$OLD/nocolor.out" &&
    same old "$VERSIONS/terraform-1.5.7/cases/$OLD/nocolor.out" \
      'terraform_version "1.4.6" is older than any Terraform release tfstream reproduces; printed the text of Terraform 1.5.x' \
      --flavor terraform --schemas old-schemas.json old.json
}
malformed_version_gets_newest_text() {
  with_version "$NEWEST/$ACTIONS/plan.json" '"banana"' banana.json &&
    same banana "$NEWEST/$ACTIONS/nocolor.out" 'terraform_version "banana" is not a release number' \
      --flavor terraform banana.json &&
    with_version "$NEWEST/$ACTIONS/plan.json" '15' number.json &&
    same number "$NEWEST/$ACTIONS/nocolor.out" 'terraform_version is not a string' --flavor terraform number.json
}
no_version_is_latest() { same none "$NEWEST/$ACTIONS/nocolor.out" "" --flavor terraform "$NEWEST/$ACTIONS/plan.json"; }
given_release_wins() {
  same given "$VERSIONS/terraform-1.15.9/cases/$ACTIONS/nocolor.out" "" --flavor terraform --renderer-version 1.15 \
    future.json &&
    same latest "$NEWEST/$ACTIONS/nocolor.out" "" --flavor terraform --renderer-version latest v115.json &&
    same given-old "$VERSIONS/terraform-1.5.7/cases/$OLD/nocolor.out" \
      '--renderer-version "1.2.0" is older than any Terraform release tfstream reproduces' \
      --flavor terraform --renderer-version 1.2.0 --schemas old-schemas.json "$VERSIONS/terraform-1.5.7/cases/$OLD/plan.json"
}
stdin_reads_the_version_too() {
  t --no-color --flavor terraform - <v115.json >stdin.out 2>stdin.err &&
    cmp -s stdin.out "$VERSIONS/terraform-1.15.9/cases/$ACTIONS/nocolor.out" && [ ! -s stdin.err ]
}
default_flavour_is_named() {
  with_version "$VERSIONS/terraform-1.5.7/cases/$OLD/plan.json" '"1.10.3"' both.json &&
    t --no-color --schemas old-schemas.json both.json >both.out 2>both.err &&
    grep -qF 'nothing in the plan tells Terraform from OpenTofu, so terraform_version "1.10.3" was read as Terraform'"'"'s' both.err &&
    grep -qF -- '--flavor opentofu' both.err &&
    t --no-color --flavor terraform --schemas old-schemas.json both.json 2>given.err >/dev/null && [ ! -s given.err ]
}

# States (--state): the text follows --renderer-version as a plan's does (it
# shares the renderers: numbers above 2^53 go through a float64 before
# Terraform 1.7.4 and OpenTofu 1.7.0, as Go's %v prints one), but auto
# prints the newest: a state's terraform_version is the release that last
# wrote the state file. A state bundle records the release it was made for.
state_with_big_number() {
  python3 - "$FIXTURES/state.json" "$1" big.json <<'PY'
import json, sys
src, version, dst = sys.argv[1:]
d = json.load(open(src))
d["terraform_version"] = version
d["values"]["outputs"] = {"big": {"sensitive": False, "type": "number", "value": 123456789012345678901234567890}}
json.dump(d, open(dst, "w"))
PY
}
# last_line_is TEXT ARGS...: the state's text ends with TEXT, nothing on stderr.
last_line_is() {
  local want=$1
  shift
  t --no-color --state "$@" --schemas "$FIXTURES/state_schemas.json" big.json >s.out 2>s.err &&
    [ ! -s s.err ] && [ "$(tail -n 1 s.out)" = "$want" ] || { echo "  $*: $(tail -n 1 s.out) $(cat s.err)"; return 1; }
}
state_text_follows_the_release() {
  local exact='big = 123456789012345678901234567890' float='big = 123456789012345680000000000000'
  state_with_big_number 1.5.3 &&
    last_line_is "$float" --flavor terraform --renderer-version 1.6 &&
    last_line_is "$float" --flavor terraform --renderer-version 1.7.3 &&
    last_line_is "$float" --flavor opentofu --renderer-version 1.6 &&
    last_line_is "$exact" --flavor terraform &&
    last_line_is "$exact" --flavor terraform --renderer-version 1.7.4 &&
    last_line_is "$exact" --flavor opentofu --renderer-version 1.7 &&
    last_line_is "$exact" --flavor terraform --renderer-version latest &&
    # Everything but that line is the same text.
    t --no-color --state --flavor terraform --renderer-version 1.6 --schemas "$FIXTURES/state_schemas.json" big.json |
      head -n -1 >old.txt &&
    t --no-color --state --flavor terraform --schemas "$FIXTURES/state_schemas.json" big.json | head -n -1 >new.txt &&
    cmp -s old.txt new.txt
}
state_bundle_keeps_the_release() {
  state_with_big_number 1.14.0 &&
    t --state --bundle --flavor terraform --renderer-version 1.6 --schemas "$FIXTURES/state_schemas.json" big.json \
      >bundle.json 2>bundle.err && [ ! -s bundle.err ] &&
    python3 -c 'import json,sys; sys.exit(json.load(open("bundle.json"))["terraform_version"] != "1.6")' &&
    t --no-color --state bundle.json >from-bundle.out 2>from-bundle.err && [ ! -s from-bundle.err ] &&
    t --no-color --state --flavor terraform --renderer-version 1.6 --schemas "$FIXTURES/state_schemas.json" big.json \
      >direct.out && cmp -s from-bundle.out direct.out &&
    last_line_is 'big = 123456789012345680000000000000' --flavor terraform --renderer-version 1.6
}

check future_release_gets_newest_text future_release_gets_newest_text
check release_in_range_is_silent release_in_range_is_silent
check prerelease_is_the_release_it_precedes prerelease_is_the_release_it_precedes
check old_release_gets_oldest_text old_release_gets_oldest_text
check malformed_version_gets_newest_text malformed_version_gets_newest_text
check no_version_is_latest no_version_is_latest
check given_release_wins given_release_wins
check stdin_reads_the_version_too stdin_reads_the_version_too
check default_flavour_is_named default_flavour_is_named
check state_text_follows_the_release state_text_follows_the_release
check state_bundle_keeps_the_release state_bundle_keeps_the_release
finish
