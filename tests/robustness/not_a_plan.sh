#!/usr/bin/env bash
# Documents that are not a plan, handed to tfstream by mistake: refused before
# any output (exit 1, one line saying what the document is and how to get a
# plan), never rendered as a plan without changes. Each is tried as a file and
# through a pipe, in every output form. And every plan shape is still a plan.
source "$(dirname "$0")/lib.sh"

SHOW=$FIXTURES/show.json
S=$FIXTURES/schemas.json

# not_plan ID FILE PATTERN [LOCATED]: refused in text, --summary and
# Markdown, from the file and from standard input. LOCATED: the message has
# a byte offset (else it is about the document as a whole).
not_plan() {
  local id=$1 f=$2 pattern=$3 level=--file-level form
  [ "${4:-}" = located ] && level=""
  for form in text summary markdown; do
    local args=(--no-color)
    [ "$form" = summary ] && args=(--summary)
    [ "$form" = markdown ] && args=(--format markdown)
    expect_error "not-a-plan/$id/$form" "$f" $level --match "$pattern" -- "${args[@]}" --schemas "$S" "$f"
  done
  expect_error "not-a-plan/$id/stdin" '<stdin>' $level --match "$pattern" -- --no-color --schemas "$S" - <"$f"
}

# `terraform show -json` without a PLANFILE: the state, or for an empty state
# only the format version (older versions: {}).
printf '{"format_version":"1.0","terraform_version":"1.9.0","values":{"root_module":{"resources":[]}}}\n' >state.json
not_plan state state.json 'this is a state, not a plan .*`terraform show -json PLANFILE`'
printf '{"format_version":"1.0"}\n' >empty_state.json
not_plan empty-state empty_state.json 'this is a state, not a plan'
printf '{}\n' >empty.json
not_plan empty-object empty.json 'the document is an empty object, not a plan'
printf 'null\n' >null.json
not_plan null null.json 'the document is null, not a plan'
# Only with --flavor opentofu given: {} and null render as OpenTofu renders
# them (its cloud backend serves {} for a run that made no plan), with a note
# on standard error saying they hold no plan; --flavor auto still refuses.
# An object of nothing but terraform_version is as empty (the release corpora
# add it to the cloud backend's {}).
printf '{"terraform_version":"1.11.14"}\n' >version_only.json
for f in empty.json null.json version_only.json; do
  tf --flavor opentofu --no-color "$f"
  if [ "$RC" = 0 ] && grep -q '^No changes\. Your infrastructure matches the configuration\.$' "$W/out" &&
     grep -q "^tfstream: note: $f is an empty document, rendered as OpenTofu renders it" "$W/err" &&
     [ "$(wc -l <"$W/err")" = 1 ]; then
    result "opentofu-empty/$f" 1
  else
    result "opentofu-empty/$f" 0 "$(describe_run)"
  fi
  expect_error "opentofu-empty/auto-refuses-$f" "$f" --file-level --match 'not a plan' -- --flavor auto --no-color "$f"
done
printf '{"foo":{"bar":1}}' >other.json
not_plan other-object other.json "not a plan: the document has none of a plan's members"

# A provider schemas document as PLAN (PLAN and --schemas swapped).
not_plan schemas-as-plan "$S" 'this is a provider schemas document, not a plan: pass it with --schemas'
expect_error not-a-plan/swapped "$S" --file-level --match 'provider schemas document' -- --schemas "$SHOW" "$S"

# A binary plan file (terraform plan -out) is a zip archive.
{ printf 'PK\003\004\024\000\010\000'; head -c 2000 /dev/urandom; } >tfplan
not_plan binary-plan tfplan 'binary plan file \(a zip archive\), not its JSON: convert it with `terraform show -json PLANFILE`'

# hashicorp/setup-terraform's wrapper: a "[command]" line before the JSON and
# "::debug::" lines after it, on the same standard output.
{ echo '[command]/home/runner/work/_temp/1f2e/terraform-bin show -json tfplan'; cat "$SHOW"; } >wrapped_head.json
not_plan wrapper-command-line wrapped_head.json '"\[command\]\.\.\." line.*`terraform_wrapper: false`' located
{ cat "$SHOW"; echo; echo '::debug::Terraform exited with code 0.'; echo '::debug::stdout: {}'; echo '::debug::exitcode: 0'; } >wrapped_tail.json
not_plan wrapper-debug-lines wrapped_tail.json '"::debug::" lines follow the JSON.*`terraform_wrapper: false`' located
expect_error not-a-plan/wrapper-debug-offset wrapped_tail.json --offset "$(($(wc -c <"$SHOW") + 1))" -- --schemas "$S" wrapped_tail.json

# A gzip-compressed plan (plan.json.gz uploaded as an artifact).
gzip -c "$SHOW" >plan.json.gz
not_plan gzip plan.json.gz 'this is gzip-compressed data, not JSON: decompress it first'

# The JSON log of `terraform plan -json` (hclog's lines, keys sorted), the
# most common wrong input after the state.
printf '%s\n' \
  '{"@level":"info","@message":"Terraform 1.9.0","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:00.000000Z","terraform":"1.9.0","type":"version","ui":"1.2"}' \
  '{"@level":"info","@message":"null_resource.a: Plan to create","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:01.000000Z","change":{"resource":{"addr":"null_resource.a","module":"","resource":"null_resource.a","implied_provider":"null","resource_type":"null_resource","resource_name":"a","resource_key":null},"action":"create"},"type":"planned_change"}' \
  '{"@level":"info","@message":"Plan: 1 to add, 0 to change, 0 to destroy.","@module":"terraform.ui","@timestamp":"2026-01-01T00:00:01.000000Z","changes":{"add":1,"change":0,"import":0,"remove":0,"operation":"plan"},"type":"change_summary"}' \
  >plan_log.json
not_plan plan-json-log plan_log.json 'this is the JSON log of `terraform plan -json` \(or `tofu plan -json`\), one message a line, not a plan: save the plan with `terraform plan -out=PLANFILE`.*, then give tfstream `terraform show -json PLANFILE`'

# The plan given as --schemas (PLAN forgotten, or the two swapped).
expect_error not-a-plan/plan-as-schemas "$SHOW" --file-level \
  --match 'this is a plan, not provider schemas: give it as PLAN, and to --schemas the output of `terraform providers schema -json' \
  -- --schemas "$SHOW" "$SHOW"

# Broken JSON in a document that is no plan is still reported as broken JSON.
printf '{"values":{"a":[1,}}' >bad_state.json
expect_error not-a-plan/bad-json-wins bad_state.json --offset 18 --match "expected a value" -- bad_state.json

# Still plans: no changes at all (show -json always writes planned_values),
# any plan section, the renderer's shape with its schemas and nothing else.
printf '{"format_version":"1.2","terraform_version":"1.9.0","planned_values":{"root_module":{}},"applyable":false,"complete":true,"errored":false}' >no_changes.json
expect_ok still-a-plan/no-changes - -- --no-color no_changes.json
grep -q '^No changes\.' "$W/out" || result still-a-plan/no-changes-text 0 "$(head -c 300 "$W/out")"
printf '{"format_version":"0.1","terraform_version":"0.12.0","planned_values":{},"configuration":{}}' >old.json
# (0.12.0 would get 1.5.0's text and a note: --renderer-version latest keeps standard error empty)
expect_ok still-a-plan/format-0.1 - -- --no-color --renderer-version latest old.json
printf '{"PRIOR_STATE":{}}' >prior.json
expect_ok still-a-plan/folded-key - -- --no-color prior.json
printf '{"provider_schemas":{}}' >renderer.json
expect_ok still-a-plan/renderer-schemas-only - -- --no-color renderer.json
printf '{"plan_format_version":"1.2"}' >renderer2.json
expect_ok still-a-plan/renderer-version-only - -- --summary renderer2.json
for c in gen-small-1 hand-strings; do
  [ -d "$CASES/$c" ] && expect_ok "still-a-plan/corpus-$c" - -- --summary "$CASES/$c/plan.json"
done

finish
