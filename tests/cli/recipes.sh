#!/usr/bin/env bash
# The CI recipes as documented, executed: every ```sh block of README.md
# marked "<!-- recipe: NAME -->", the recipe in --help, and the GitHub
# Action's script (ci/action.py, as action.yml runs it), against stub `gh`
# and `curl` programs (tests/cli/stubs/) that keep the comments they are
# asked to post in a file. Each must: render a `terraform show -json` plan
# with its schemas; on a second run edit the first run's comments instead of
# adding more (and delete the parts it no longer has); leave other projects'
# and people's comments alone; and fail, posting nothing, when tfstream fails.
#   recipes.sh TFSTREAM
source "$(dirname "$0")/lib.sh" "$1"
REPO=$(cd "$HERE/../.." && pwd)
README=$REPO/README.md
mkdir -p "$WORK/bin"
ln -s "$TFSTREAM" "$WORK/bin/tfstream"
ln -s "$HERE/stubs/gh" "$WORK/bin/gh"
ln -s "$HERE/stubs/curl" "$WORK/bin/curl"
export PATH="$WORK/bin:$PATH"
export PYTHONDONTWRITEBYTECODE=1

# plan.json / schemas.json as `terraform show -json` and `terraform providers
# schema -json` write them, from the renderer-shaped fixture; plan2.json the
# same plan with other values (a re-run after a push); broken.json cut short.
python3 - "$FIXTURES/plan.json" "$WORK/inputs" <<'EOF'
import json, os, sys
plan = json.load(open(sys.argv[1]))
out = sys.argv[2]
os.makedirs(out)
schemas = {"format_version": "1.0", "provider_schemas": plan.pop("provider_schemas")}
show = {"format_version": "1.2", "terraform_version": "1.9.8", "planned_values": {"root_module": {}}}
for key, value in plan.items():
    if key not in ("plan_format_version", "provider_format_version") and not key.startswith("tfstream_"):
        show[key] = value
text = json.dumps(show, indent=1)
open(os.path.join(out, "plan.json"), "w").write(text)
open(os.path.join(out, "plan2.json"), "w").write(text.replace('"prod"', '"staging"'))
open(os.path.join(out, "broken.json"), "w").write(text[: len(text) // 2])
json.dump(schemas, open(os.path.join(out, "schemas.json"), "w"))
EOF
INPUTS=$WORK/inputs

# The ```sh block right after "<!-- recipe: NAME -->" in README.md.
readme_recipe() {
  awk -v marker="<!-- recipe: $1 -->" '
    $0 == marker { state = 1; next }
    state == 1 && $0 == "```sh" { state = 2; next }
    state == 1 { exit }
    state == 2 && $0 == "```" { exit }
    state == 2 { print }' "$README"
}
# The indented command after "Recipe: GitHub's job summary" in --help.
help_recipe() {
  t --help | awk '/^  Recipe: GitHub.s job summary/ { state = 1; next }
                  state == 1 && /^    / { print substr($0, 5); next }
                  state == 1 { exit }'
}

# A fresh workspace holding PLAN as plan.json and the schemas, with the
# variables CI sets; the comments persist in $SITE across runs.
workspace() {
  RUN_DIR=$(mktemp -d "$WORK/run-XXXXXX")
  cp "$INPUTS/$1" "$RUN_DIR/plan.json"
  cp "$INPUTS/schemas.json" "$RUN_DIR/schemas.json"
}
export PROJECT="prod --eu" GITHUB_SERVER_URL=https://github.example GITHUB_REPOSITORY=acme/infra \
  GITHUB_RUN_ID=42 PR=7 GH_TOKEN=stub-token TFSTREAM_SRC=$REPO RUN_URL=https://ci.example/run/42 \
  CI_JOB_URL=https://gitlab.example/acme/infra/-/jobs/42 CI_API_V4_URL=https://gitlab.example/api/v4 \
  CI_PROJECT_ID=acme/infra CI_MERGE_REQUEST_IID=9 GITLAB_TOKEN=stub-token
# run_script FILE PLAN: runs FILE (bash) in a fresh workspace; its status.
run_script() {
  workspace "$2"
  (cd "$RUN_DIR" && GITHUB_STEP_SUMMARY=$SUMMARY timeout 120 bash "$1" >"$WORK/out" 2>"$WORK/err")
}
# A pull request holding a person's comment, another project's tfstream
# comment and a quote of ours, which no run may touch, and 120 more comments,
# so that ours are found only on the listing's second page (GitLab's).
seed_site() {
  SITE=$WORK/site-$1.json
  export STUB_STATE=$SITE
  SUMMARY=$WORK/summary-$1.md
  : >"$SUMMARY"
  python3 - "$SITE" <<'EOF'
import json, sys
others = ["LGTM", "<!-- tfstream:staging:part 1 -->\n## staging\n", "> <!-- tfstream:prod %2D%2Deu:part 1 -->\n> quoted"]
others += ["comment %d" % n for n in range(120)]
json.dump({"next_id": 1000, "comments": [{"id": i + 1, "body": b} for i, b in enumerate(others)]}, open(sys.argv[1], "w"))
EOF
  : >"$SITE.log"
}
# Comments carrying our marker; the others, unchanged.
ours() { python3 -c 'import json,sys; print(sum(c["body"].startswith("<!-- tfstream:prod %2D%2Deu:part ") for c in json.load(open(sys.argv[1]))["comments"]))' "$SITE"; }
others_untouched() {
  python3 - "$SITE" <<'EOF'
import json, sys
c = {x["id"]: x["body"] for x in json.load(open(sys.argv[1]))["comments"]}
want = {1: "LGTM", 2: "<!-- tfstream:staging:part 1 -->\n## staging\n", 3: "> <!-- tfstream:prod %2D%2Deu:part 1 -->\n> quoted"}
sys.exit(0 if all(c.get(k) == v for k, v in want.items()) else 1)
EOF
}
calls() { grep -c "^$1" "$SITE.log"; }
show_failure() { echo "  $1"; sed 's/^/    stdout: /' "$WORK/out" | head -5; sed 's/^/    stderr: /' "$WORK/err" | head -5; }

# One recipe (a script file) through four runs: the plan; the plan again
# after a push (other values); the same once more; a broken plan.
exercise() {
  local name=$1 script=$2 posts=0 summary_size
  seed_site "$name"
  run_script "$script" plan.json || { show_failure "$name: first run failed"; return 1; }
  if [ -s "$SUMMARY" ]; then
    head -1 "$SUMMARY" | grep -qE '^<!-- tfstream:(prod %2D%2Deu)?:part 1 -->$' ||
      { echo "  $name: the summary does not open with the marker: $(head -1 "$SUMMARY")"; return 1; }
    ! grep -q -- '--title' "$script" || grep -q '^## prod --eu$' "$SUMMARY" ||
      { echo "  $name: the summary has no title"; return 1; }
  fi
  posts=$(calls POST)
  [ -s "$SUMMARY" ] || [ "$posts" -gt 0 ] || { show_failure "$name: wrote no summary and posted nothing"; return 1; }
  [ "$posts" = "$(ours)" ] || { echo "  $name: $posts posts, $(ours) comments of ours"; return 1; }

  : >"$SITE.log"
  run_script "$script" plan2.json || { show_failure "$name: second run failed"; return 1; }
  if [ "$posts" -gt 0 ]; then
    [ "$(calls POST)" = 0 ] && [ "$(calls PATCH)" -gt 0 ] && [ "$(ours)" = "$posts" ] ||
      { echo "  $name: second run: $(tr '\n' ' ' <"$SITE.log")(wanted edits only), $(ours) comments of ours"; return 1; }
    python3 -c 'import json,sys; sys.exit(0 if any("staging" in c["body"] and c["body"].startswith("<!-- tfstream:prod") for c in json.load(open(sys.argv[1]))["comments"]) else 1)' "$SITE" ||
      { echo "  $name: the edited comment does not hold the new plan"; return 1; }
    : >"$SITE.log"
    run_script "$script" plan2.json || { show_failure "$name: third run failed"; return 1; }
    [ ! -s "$SITE.log" ] || { echo "  $name: an unchanged plan made calls: $(tr '\n' ' ' <"$SITE.log")"; return 1; }
  fi

  : >"$SITE.log"
  summary_size=$(wc -c <"$SUMMARY")
  if run_script "$script" broken.json; then show_failure "$name: exit 0 with a broken plan"; return 1; fi
  [ ! -s "$SITE.log" ] || { echo "  $name: a failed render posted: $(tr '\n' ' ' <"$SITE.log")"; return 1; }
  [ "$(wc -c <"$SUMMARY")" = "$summary_size" ] || { echo "  $name: a failed render wrote to the summary"; return 1; }
  others_untouched || { echo "  $name: touched comments not its own"; return 1; }
}

readme_lists_the_recipes() {
  local names
  names=$(grep -oE '^<!-- recipe: [a-z0-9-]+ -->$' "$README" | awk '{print $3}' | sort | tr '\n' ' ')
  [ "$names" = "github-job-summary github-pr-comments gitlab-mr-notes " ] ||
    { echo "  README recipes: $names"; return 1; }
}
readme_recipe_runs() {
  readme_recipe "$1" >"$WORK/recipe-$1.sh"
  [ -s "$WORK/recipe-$1.sh" ] || { echo "  no recipe $1 in README.md"; return 1; }
  exercise "$1" "$WORK/recipe-$1.sh"
}
help_recipe_runs() {
  help_recipe >"$WORK/recipe-help.sh"
  grep -q -- '--schemas' "$WORK/recipe-help.sh" || { echo "  --help's recipe:"; cat "$WORK/recipe-help.sh"; return 1; }
  exercise help "$WORK/recipe-help.sh"
}

# --- the GitHub Action (action.yml -> ci/action.py) ---------------------------------
action_env() {
  env INPUT_PLAN=plan.json INPUT_SCHEMAS=schemas.json INPUT_TITLE="prod --eu" INPUT_FLAVOR=auto \
    INPUT_MAX_PARTS=5 INPUT_MAX_BYTES=65000 INPUT_DETAILS_URL= INPUT_COMMENT=true INPUT_JOB_SUMMARY=true \
    INPUT_ARGS= INPUT_PR_NUMBER= INPUT_TFSTREAM= GITHUB_EVENT_PATH="$WORK/event.json" \
    GITHUB_OUTPUT="$WORK/github-output" GITHUB_STEP_SUMMARY="$SUMMARY" RUNNER_TEMP="$WORK" "$@"
}
run_action() {  # run_action PLAN [VAR=VALUE...]
  local plan=$1
  shift
  workspace "$plan"
  : >"$WORK/github-output"
  (cd "$RUN_DIR" && action_env "$@" timeout 120 python3 "$REPO/ci/action.py" >"$WORK/out" 2>"$WORK/err")
}
output() { grep "^$1=" "$WORK/github-output" | cut -d= -f2-; }
action_updates_its_comments_in_place() {
  seed_site action
  echo '{"pull_request": {"number": 7}}' >"$WORK/event.json"
  # Small parts: several comments, the last one noting what was left out.
  run_action plan.json INPUT_MAX_BYTES=1024 INPUT_MAX_PARTS=3 || { show_failure "first run failed"; return 1; }
  [ "$(output exitcode)" = 2 ] && [ "$(output has-changes)" = true ] && [ "$(output parts)" = 3 ] ||
    { echo "  outputs: $(tr '\n' ' ' <"$WORK/github-output")"; return 1; }
  [ "$(calls POST)" = 3 ] && [ "$(ours)" = 3 ] || { echo "  first run: $(tr '\n' ' ' <"$SITE.log")"; return 1; }
  grep -q 'https://github.example/acme/infra/actions/runs/42' "$SITE" ||
    { echo "  the left-out note does not link the run"; return 1; }
  grep -q '^<!-- tfstream:prod %2D%2Deu:part 1 -->$' "$SUMMARY" || { echo "  no job summary"; return 1; }
  # Again after a push, in one part: part 1 edited, parts 2 and 3 deleted.
  : >"$SITE.log"
  run_action plan2.json || { show_failure "second run failed"; return 1; }
  [ "$(output parts)" = 1 ] && [ "$(calls POST)" = 0 ] && [ "$(calls PATCH)" = 1 ] && [ "$(calls DELETE)" = 2 ] &&
    [ "$(ours)" = 1 ] || { echo "  second run: $(tr '\n' ' ' <"$SITE.log"), $(ours) comments of ours"; return 1; }
  others_untouched || { echo "  touched comments not its own"; return 1; }
}
action_fails_when_tfstream_fails() {
  seed_site action-fail
  echo '{"pull_request": {"number": 7}}' >"$WORK/event.json"
  if run_action broken.json; then show_failure "exit 0 with a broken plan"; return 1; fi
  grep -q 'tfstream failed' "$WORK/err" || { show_failure "no tfstream message"; return 1; }
  [ ! -s "$SITE.log" ] && [ ! -s "$SUMMARY" ] && [ ! -s "$WORK/github-output" ] ||
    { echo "  a failed render posted or wrote outputs"; return 1; }
  # Without the schemas a show -json plan cannot be rendered: that fails too.
  if run_action plan.json INPUT_SCHEMAS=; then show_failure "exit 0 without --schemas"; return 1; fi
  [ ! -s "$SITE.log" ] || { echo "  posted without schemas"; return 1; }
}
action_posts_nothing_outside_a_pull_request() {
  seed_site action-push
  echo '{"ref": "refs/heads/main"}' >"$WORK/event.json"
  run_action plan.json || { show_failure "run failed"; return 1; }
  [ ! -s "$SITE.log" ] && [ -s "$SUMMARY" ] && [ "$(output exitcode)" = 2 ] ||
    { echo "  push event: $(tr '\n' ' ' <"$SITE.log"), outputs $(tr '\n' ' ' <"$WORK/github-output")"; return 1; }
}
# Every input of action.yml is passed to the script, read by it and
# documented in the README's table; every output is set by the script.
action_inputs_are_wired_and_documented() {
  local input var missing=""
  for input in $(sed -n '/^inputs:/,/^outputs:/p' "$REPO/action.yml" | grep -oE '^  [a-z-]+:' | tr -d ' :'); do
    var=INPUT_$(tr 'a-z-' 'A-Z_' <<<"$input")
    [ "$input" = github-token ] && var=GH_TOKEN
    grep -qE "^        $var: \\$\\{\\{ inputs\\.$input \\}\\}$" "$REPO/action.yml" || missing+=" $input(env)"
    [ "$input" = github-token ] || grep -q "\"$var\"" "$REPO/ci/action.py" || missing+=" $input(script)"
    grep -q "^| \`$input\` |" "$README" || missing+=" $input(README)"
  done
  for input in $(sed -n '/^outputs:/,/^runs:/p' "$REPO/action.yml" | grep -oE '^  [a-z-]+:' | tr -d ' :'); do
    grep -q "\"$input\":" "$REPO/ci/action.py" || missing+=" output:$input(script)"
    grep -q "^| \`$input\` |" "$README" || missing+=" output:$input(README)"
  done
  [ -z "$missing" ] || { echo "  not wired or documented:$missing"; return 1; }
}

# --- the marker ----------------------------------------------------------------------
marker_escapes_the_title() {
  local first
  first=$(t --format markdown --title 'a--b <x> 100% -' "$FIXTURES/plan.json" | head -1)
  [ "$first" = '<!-- tfstream:a%2D%2Db %3Cx%3E 100%25 -:part 1 -->' ] || { echo "  marker: $first"; return 1; }
  first=$(t --format markdown "$FIXTURES/plan.json" | head -1)
  [ "$first" = '<!-- tfstream::part 1 -->' ] || { echo "  marker without --title: $first"; return 1; }
}
marker_numbers_every_part() {
  local n=0 part
  t --format markdown --title p --max-bytes 1024 --output-prefix "$WORK/marker/plan" "$FIXTURES/plan.json" \
    >"$WORK/parts" || return 1
  [ "$(wc -l <"$WORK/parts")" -gt 2 ] || { echo "  only $(wc -l <"$WORK/parts") parts"; return 1; }
  while read -r part; do
    n=$((n + 1))
    [ "$(head -1 "$part")" = "<!-- tfstream:p:part $n -->" ] && [ "$(sed -n 2p "$part")" = "## p" ] ||
      { echo "  $part opens with: $(head -2 "$part" | tr '\n' '|')"; return 1; }
    [ "$(wc -c <"$part")" -le 1024 ] || { echo "  $part is over --max-bytes"; return 1; }
  done <"$WORK/parts"
}

check marker_escapes_the_title marker_escapes_the_title
check marker_numbers_every_part marker_numbers_every_part
check readme_lists_the_recipes readme_lists_the_recipes
check recipe_github_job_summary readme_recipe_runs github-job-summary
check recipe_github_pr_comments readme_recipe_runs github-pr-comments
check recipe_gitlab_mr_notes readme_recipe_runs gitlab-mr-notes
check recipe_in_help help_recipe_runs
check action_updates_its_comments_in_place action_updates_its_comments_in_place
check action_fails_when_tfstream_fails action_fails_when_tfstream_fails
check action_posts_nothing_outside_a_pull_request action_posts_nothing_outside_a_pull_request
check action_inputs_are_wired_and_documented action_inputs_are_wired_and_documented
finish
