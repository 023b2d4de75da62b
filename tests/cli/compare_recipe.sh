#!/usr/bin/env bash
# docs/compare.md's gating recipe as documented, executed: the ```sh block
# after "<!-- recipe: compare-gate -->", with a stand-in `terraform` whose
# `plan` writes the next plan of a scenario, `show -json` prints it,
# `providers schema -json` the schemas, and `apply` records that it ran.
# The recipe must apply when the new plan is the approved one written again
# (another timestamp, other formatting), or differs only in an --ignore'd
# attribute; and must not apply, exit 2 and name the resource and attribute,
# when a value changed.
#   compare_recipe.sh TFSTREAM
source "$(dirname "$0")/lib.sh" "$1"
REPO=$(cd "$HERE/../.." && pwd)
DOC=$REPO/docs/compare.md
mkdir -p "$WORK/bin"
ln -s "$TFSTREAM" "$WORK/bin/tfstream"
cat >"$WORK/bin/terraform" <<'STUB'
#!/usr/bin/env bash
# Stand-in terraform: plans come from $SCENARIO/plan.N.json in turn.
set -e
case "$1" in
  plan)
    n=$(($(cat "$SCENARIO/count" 2>/dev/null || echo 0) + 1))
    echo "$n" >"$SCENARIO/count"
    cp "$SCENARIO/plan.$n.json" "${2#-out=}" ;;
  show) cat "$3" ;;
  providers) cat "$SCENARIO/schemas.json" ;;
  apply) echo "applied $2" >>"$SCENARIO/applied" ;;
  *) echo "terraform stand-in: $*" >&2; exit 1 ;;
esac
STUB
chmod +x "$WORK/bin/terraform"
export PATH="$WORK/bin:$PATH"

# The fixture as `terraform show -json` writes it, with a build SHA in every
# tags map; scenarios: same (rewritten), sha (another build SHA), changed.
python3 - "$FIXTURES/plan.json" "$WORK" <<'EOF'
import json, os, sys
plan = json.load(open(sys.argv[1]))
work = sys.argv[2]
schemas = {"format_version": "1.0", "provider_schemas": plan.pop("provider_schemas")}
show = {"format_version": "1.2", "terraform_version": "1.9.8", "timestamp": "2030-01-01T00:00:00Z",
        "planned_values": {"root_module": {}}}
for key, value in plan.items():
    if key not in ("plan_format_version", "provider_format_version"):
        show[key] = value
def with_sha(doc, sha):
    doc = json.loads(json.dumps(doc))
    for rc in doc["resource_changes"]:
        for side in ("before", "after"):
            v = rc["change"].get(side)
            if isinstance(v, dict) and isinstance(v.get("tags"), dict):
                v["tags"]["build_sha"] = sha
    return doc
approved = with_sha(show, "1111")
def scenario(name, second, indent=None):
    d = os.path.join(work, name)
    os.makedirs(d)
    json.dump(schemas, open(os.path.join(d, "schemas.json"), "w"))
    json.dump(approved, open(os.path.join(d, "plan.1.json"), "w"))
    json.dump(second, open(os.path.join(d, "plan.2.json"), "w"), indent=indent, sort_keys=indent is not None)
again = json.loads(json.dumps(approved))
again["timestamp"] = "2030-01-02T03:04:05Z"
scenario("same", again, indent=2)
scenario("sha", with_sha(show, "2222"))
changed = json.loads(json.dumps(approved).replace('"prod"', '"staging"'))
scenario("changed", changed)
EOF

awk -v marker="<!-- recipe: compare-gate -->" '
  $0 == marker { state = 1; next }
  state == 1 && $0 == "```sh" { state = 2; next }
  state == 1 { exit }
  state == 2 && $0 == "```" { exit }
  state == 2 { print }' "$DOC" >"$WORK/recipe.sh"

# run SCENARIO: the recipe in a fresh directory; sets $status.
run() {
  export SCENARIO=$WORK/$1
  mkdir -p "$SCENARIO/ws"
  (cd "$SCENARIO/ws" && timeout 60 bash "$WORK/recipe.sh" >"$SCENARIO/out" 2>"$SCENARIO/err")
  status=$?
}

recipe_is_there() {
  grep -q 'tfstream --compare approved-plan.json' "$WORK/recipe.sh" || { echo "  no recipe in $DOC"; return 1; }
}
same_plan_is_applied() {
  run same
  [ "$status" = 0 ] && grep -q '^applied apply.tfplan$' "$SCENARIO/applied" ||
    { echo "  exit $status"; cat "$SCENARIO/out" "$SCENARIO/err" | sed 's/^/  /'; return 1; }
}
ignored_sha_is_applied() {
  run sha
  [ "$status" = 0 ] && grep -q '^applied apply.tfplan$' "$SCENARIO/applied" ||
    { echo "  exit $status"; cat "$SCENARIO/out" "$SCENARIO/err" | sed 's/^/  /'; return 1; }
}
changed_plan_is_not_applied() {
  run changed
  [ "$status" = 2 ] && [ ! -e "$SCENARIO/applied" ] &&
    grep -q '# test_bucket.logs: the planned values differ' "$SCENARIO/out" &&
    grep -q '"env"  *= "prod" -> "staging"' "$SCENARIO/out" &&
    grep -q 'not applying' "$SCENARIO/err" ||
    { echo "  exit $status"; cat "$SCENARIO/out" "$SCENARIO/err" | sed 's/^/  /'; return 1; }
}

check recipe_is_there recipe_is_there
check same_plan_is_applied same_plan_is_applied
check ignored_sha_is_applied ignored_sha_is_applied
check changed_plan_is_not_applied changed_plan_is_not_applied
finish
