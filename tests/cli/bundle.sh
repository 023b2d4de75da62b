#!/usr/bin/env bash
# --bundle end to end on small hand-made plans: what the bundle carries
# (quality, flavour, versions, trimmed schemas, no unread sections), that
# rendering it prints what rendering the input prints, input from a pipe,
# renderer-shaped input, usage errors and broken input. The whole corpus
# round trip is tests/conformance/bundle.py.
#   bundle.sh TFSTREAM
source "$(dirname "$0")/lib.sh" "$1"
cd "$WORK" || exit 1

# plan.json (show -json, drift and no changes, no applyable), schemas.json
# (two providers, unused types in both) and variants of the plan.
python3 - <<'PY'
import json
attrs = {"id": {"type": "string", "computed": True}, "name": {"type": "string", "optional": True}}
schema = {"version": 0, "block": {"attributes": attrs}}
schemas = {"format_version": "1.0", "provider_schemas": {
    "registry.terraform.io/hashicorp/test": {
        "provider": {"version": 0, "block": {}},
        "resource_schemas": {"test_bucket": schema, "test_unused": schema},
        "data_source_schemas": {"test_lookup": schema, "test_unused_data": schema}},
    "registry.terraform.io/hashicorp/other": {"resource_schemas": {"other_thing": schema}}}}
json.dump(schemas, open("schemas.json", "w"), indent=1)
P = "registry.terraform.io/hashicorp/test"
def rc(address, actions, before, after, mode="managed", type_="test_bucket"):
    return {"address": address, "mode": mode, "type": type_, "name": address.split(".")[-1], "provider_name": P,
            "change": {"actions": actions, "before": before, "after": after, "after_unknown": {},
                       "before_sensitive": {}, "after_sensitive": {}}}
plan = {
    "format_version": "1.2", "terraform_version": "1.9.0",
    "planned_values": {"root_module": {}},
    "resource_drift": [rc("test_bucket.a", ["update"], {"id": "1", "name": "x"}, {"id": "1", "name": "y"})],
    "resource_changes": [rc("test_bucket.a", ["no-op"], {"id": "1", "name": "y"}, {"id": "1", "name": "y"}),
                         rc("data.test_lookup.l", ["no-op"], {"id": "2"}, {"id": "2"}, "data", "test_lookup")],
    "output_changes": {"o": {"actions": ["no-op"], "before": 1.50, "after": 1.50, "after_unknown": False,
                             "before_sensitive": False, "after_sensitive": False}},
    "prior_state": {"values": {}},
    "configuration": {"root_module": {}},
    "relevant_attributes": [{"resource": "test_bucket.a", "attribute": ["name"]}],
    "deferred_changes": [{"reason": "provider_config_unknown",
                          "resource_change": rc("test_bucket.d", ["create"], None, {"id": "3", "name": "d"})}],
    "timestamp": "2026-01-01T00:00:00Z",
}
# Numbers keep their text: 1.50e0 is not how any encoder would write 1.5.
open("plan.json", "w").write(json.dumps(plan, indent=1).replace('"before": 1.5,', '"before": 1.50e0,'))
for name, extra in [("errored", {"errored": True}), ("applyable", {"applyable": True}),
                    ("newer", {"format_version": "9.0"})]:
    json.dump(dict(plan, **extra), open(name + ".json", "w"), indent=1)
changes = dict(plan, applyable=True)
changes["resource_changes"] = [rc("test_bucket.n", ["create"], None, {"id": "9", "name": "n"})]
json.dump(changes, open("changes.json", "w"), indent=1)
missing = dict(changes)
missing["resource_changes"] = [rc("test_gone.n", ["create"], None, {"id": "9"}, type_="test_gone")]
json.dump(missing, open("missing.json", "w"), indent=1)
# The same plan in the renderer shape, the full schemas embedded.
renderer = {k: plan[k] for k in ("resource_drift", "resource_changes", "output_changes", "relevant_attributes",
                                  "deferred_changes")}
renderer.update(plan_format_version="1.2", provider_format_version="1.0",
                provider_schemas=schemas["provider_schemas"])
json.dump(renderer, open("renderer.json", "w"), indent=1)
json.dump(dict(renderer, plan_format_version="9.0"), open("renderer-newer.json", "w"), indent=1)
PY
# A value only validated after the pre-scan: the bundle has started by then.
sed 's/"values": {}/"values": tru/' plan.json >broken.json

# bundle_of NAME [ARGS]: WORK/NAME.bundle from NAME.json with --schemas.
bundle_of() { local n=$1; shift; t --schemas schemas.json --bundle "$@" "$n.json" >"$n.bundle" 2>"$n.err"; }
# member FILE NAME: the bundle's top-level member NAME as JSON ("absent" if none).
member() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(json.dumps(d[sys.argv[2]]) if sys.argv[2] in d else "absent")' "$1" "$2"
}
# same_text NAME [ARGS]: rendering the bundle prints what rendering the plan prints.
# Standard error may differ: the plan's release (1.9.0, also an OpenTofu
# release) gets a note that its flavour was a default, the bundle has it recorded.
same_text() {
  local n=$1; shift
  t --no-color --schemas schemas.json "$@" "$n.json" >"$WORK/want" 2>"$WORK/want.err"
  t --no-color "$@" "$n.bundle" >"$WORK/got" 2>"$WORK/got.err"
  cmp -s "$WORK/want" "$WORK/got" || { echo "  $n $*:"; diff "$WORK/want" "$WORK/got" | head -10; return 1; }
}

no_changes_quality() {
  bundle_of plan && [ "$(member plan.bundle tfstream_quality)" = '"no-changes"' ] && same_text plan &&
    same_text plan --quality none && same_text plan --mode refresh-only && grep -q "refresh-only plan" "$WORK/got"
}
errored_quality() { bundle_of errored && [ "$(member errored.bundle tfstream_quality)" = '"errored"' ] && same_text errored; }
applyable_has_no_quality() {
  bundle_of applyable && [ "$(member applyable.bundle tfstream_quality)" = absent ] && same_text applyable
}
quality_given_is_kept() {
  t --schemas schemas.json --bundle --quality errored applyable.json >q.bundle &&
    [ "$(member q.bundle tfstream_quality)" = '"errored"' ] && t --no-color q.bundle | grep -q "Planning failed" &&
    ! t --no-color --quality none q.bundle | grep -q "Planning failed"
}
flavor_recorded() {
  [ "$(member plan.bundle tfstream_flavor)" = '"terraform"' ] &&
    t --schemas schemas.json --bundle --flavor opentofu plan.json >f.bundle &&
    [ "$(member f.bundle tfstream_flavor)" = '"opentofu"' ]
}
# The release whose text the bundle was made for: the plan's (1.9.0), the one
# given, or the newest line's ("1.16") with latest; read back by auto.
release_recorded() {
  [ "$(member plan.bundle terraform_version)" = '"1.9.0"' ] &&
    t --schemas schemas.json --bundle --renderer-version 1.5 plan.json >r.bundle &&
    [ "$(member r.bundle terraform_version)" = '"1.5"' ] &&
    t --schemas schemas.json --bundle --renderer-version latest plan.json >l.bundle &&
    [ "$(member l.bundle terraform_version)" = '"1.16"' ] &&
    [ "$(t --no-color r.bundle)" = "$(t --no-color --schemas schemas.json --renderer-version 1.5 plan.json)" ]
}
changes_render_the_same() { bundle_of changes && same_text changes && same_text changes --mode destroy; }
unread_sections_left_out() {
  python3 - plan.bundle <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert set(d) == {"plan_format_version", "tfstream_flavor", "terraform_version", "tfstream_quality", "output_changes",
                  "resource_changes", "resource_drift", "relevant_attributes", "provider_format_version",
                  "provider_schemas"}, sorted(d)
PY
}
schemas_trimmed() {
  python3 - plan.bundle <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["provider_schemas"]
assert s["registry.terraform.io/hashicorp/other"] == {}, s
t = s["registry.terraform.io/hashicorp/test"]
assert sorted(t) == ["data_source_schemas", "resource_schemas"], t
assert list(t["resource_schemas"]) == ["test_bucket"] and list(t["data_source_schemas"]) == ["test_lookup"], t
PY
}
values_copied_byte_for_byte() { grep -q '"before": 1.50e0,' plan.json && grep -q '"before": 1.50e0,' plan.bundle; }
# A show plan newer than the renderer warns (the plan's own format_version is
# what tfstream hands the renderer), and so does its bundle, which carries it.
show_versions_kept() {
  bundle_of newer && [ "$(member newer.bundle plan_format_version)" = '"9.0"' ] && same_text newer &&
    grep -q "^Warning: This plan was generated using a different version" "$WORK/got"
}
show_deferred_left_out() { [ "$(member plan.bundle deferred_changes)" = absent ]; }
from_a_pipe() { t --schemas schemas.json --bundle - <plan.json | cmp -s - plan.bundle; }
renderer_trimmed_alike() {
  t --bundle renderer.json >renderer.bundle && t --no-color renderer.json >"$WORK/want" &&
    t --no-color renderer.bundle | cmp -s - "$WORK/want" && grep -q "partial plan" "$WORK/want" &&
    python3 - plan.bundle renderer.bundle <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["provider_schemas"] == b["provider_schemas"]
assert "deferred_changes" in b and "tfstream_quality" not in b
PY
}
renderer_versions_kept() {
  t --bundle renderer-newer.json >rn.bundle && [ "$(member rn.bundle plan_format_version)" = '"9.0"' ] &&
    t --no-color rn.bundle | grep -q "^Warning: This plan was generated using a different version"
}
bundle_of_bundle_is_itself() { t --bundle plan.bundle | cmp -s - plan.bundle; }

check no_changes_quality no_changes_quality
check errored_quality errored_quality
check applyable_has_no_quality applyable_has_no_quality
check quality_given_is_kept quality_given_is_kept
check flavor_recorded flavor_recorded
check release_recorded release_recorded
check changes_render_the_same changes_render_the_same
check unread_sections_left_out unread_sections_left_out
check schemas_trimmed schemas_trimmed
check values_copied_byte_for_byte values_copied_byte_for_byte
check show_versions_kept show_versions_kept
check show_deferred_left_out show_deferred_left_out
check from_a_pipe from_a_pipe
check renderer_trimmed_alike renderer_trimmed_alike
check renderer_versions_kept renderer_versions_kept
check bundle_of_bundle_is_itself bundle_of_bundle_is_itself

# --- errors ------------------------------------------------------------------------
bundle_refuses() {  # a usage error (lib.sh) whose line names --bundle
  usage_error "$@" && grep -q -- '--bundle' "$WORK/err" || { echo "  $* -> $(cat "$WORK/err")"; return 1; }
}
for opts in "--mode destroy" "--no-color" "--color never" "--width 40" "--summary" "--format markdown" \
  "--action create" "--address x" "--automation" "--show-sensitive"; do
  # shellcheck disable=SC2086
  check "usage --bundle $opts" bundle_refuses --schemas schemas.json --bundle $opts plan.json
done
input_error() {  # input_error FILE PATTERN [ARGS]: exit 1, one line naming PATTERN
  local f=$1 pattern=$2; shift 2
  t "$@" --bundle "$f" >"$WORK/out" 2>"$WORK/err"
  local rc=$?
  [ $rc = 1 ] && [ "$(wc -l <"$WORK/err")" = 1 ] && grep -q -- "$pattern" "$WORK/err" ||
    { echo "  $f -> exit $rc: $(cat "$WORK/err")"; return 1; }
}
broken_input_never_parses() {
  input_error broken.json "broken.json: byte [0-9]*: " --schemas schemas.json &&
    ! python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$WORK/out" 2>/dev/null
}
bad_quality_member() {
  sed 's/"tfstream_quality": "no-changes"/"tfstream_quality": "maybe"/' plan.bundle >bad.json &&
    input_error bad.json 'bad.json: byte [0-9]*: "tfstream_quality" must be one of'
}
missing_schema() { input_error missing.json 'no schema for resource type "test_gone"' --schemas schemas.json; }
check broken_input_never_parses broken_input_never_parses
# Every 5th cut of the plan and of the schemas file: exit 1, one line on
# stderr, and nothing on stdout that parses (a cut plan is never bundled).
truncated_never_bundles() {
  python3 - "$TFSTREAM" <<'PY'
import json, subprocess, sys
exe = sys.argv[1]
bad = 0
for name in ("plan.json", "schemas.json"):
    data = open(name, "rb").read()
    for cut in range(0, len(data), 5):
        open("cut.json", "wb").write(data[:cut])
        argv = [exe, "--bundle", "--schemas", "cut.json" if name == "schemas.json" else "schemas.json",
                "cut.json" if name == "plan.json" else "plan.json"]
        r = subprocess.run(argv, capture_output=True, timeout=60)
        try:
            json.loads(r.stdout)
            parses = True
        except ValueError:
            parses = False
        if r.returncode != 1 or parses or r.stderr.count(b"\n") != 1:
            bad += 1
            print("  %s cut at %d: exit %d, output parses: %s" % (name, cut, r.returncode, parses))
sys.exit(1 if bad else 0)
PY
}
check truncated_never_bundles truncated_never_bundles
check bad_quality_member bad_quality_member
check missing_schema missing_schema
finish
