#!/usr/bin/env bash
# Wrong JSON types for known keys, values that contradict their schema,
# missing or broken schemas, unknown action lists, resource modes and action
# trigger events. Where Go's decoder or Terraform's renderer would fail, one
# located line and exit 1; where Terraform is lenient (a block or collection
# that is not a JSON object or array reads as null), the same text as null.
# An error found while rendering leaves the blocks before it, whole.
source "$(dirname "$0")/lib.sh"

P=$FIXTURES/plan.json
SHOW=$FIXTURES/show.json
S=$FIXTURES/schemas.json

# --- wrong JSON types for keys the pre-scan reads -------------------------------
check_type() {  # ID OLD NEW OFFSET_TEXT PATTERN: OFFSET_TEXT marks where the error is
  local id=$1 old=$2 new=$3 at=$4 pattern=$5 f=type_$1.json off
  mutate "$P" "$f" "$old" "$new"
  off=$(grep -boF -m1 -- "$at" "$f" | head -n 1 | cut -d: -f1)
  expect_error "types/$id" "$f" --offset "$off" --match "$pattern" -- "$f"
}
check_type actions-string '"actions":["update"]' '"actions":"update"' '"update"' 'expected an array for "actions"'
check_type actions-number '"actions":["update"]' '"actions":5' '5}' 'expected an array for "actions"'
check_type actions-object '"actions":["update"]' '"actions":{"a":1}' '{"a":1}' 'expected an array for "actions"'
check_type actions-element '"actions":["update"]' '"actions":[7]' '7]' 'expected a string for "actions"'
check_type change-array '"change":{"actions":["update"]' '"change":[],"x":{"actions":["update"]' '[],"x"' 'expected an object for "change"'
check_type change-string '"change":{"actions":["update"]' '"change":"c","x":{"actions":["update"]' '"c","x"' 'expected an object for "change"'
check_type resource-changes-object '"resource_changes":[' '"resource_changes":{"a":[' '{"a":[' 'expected an array for "resource_changes"'
check_type resource-change-number '"resource_changes":[' '"resource_changes":[5,' '5,' 'expected an object for a resource change'
check_type address-number '"address":"test_thing.a"' '"address":5' '5,"mode"' 'expected a string for "address"'
check_type mode-number '"mode":"managed"' '"mode":1' '1,"type"' 'expected a string for "mode"'
check_type type-bool '"type":"test_thing"' '"type":true' 'true,"name"' 'expected a string for "type"'
check_type provider-schemas-string '"provider_schemas":{' '"provider_schemas":"x","y":{' '"x","y"' 'expected an object for "provider_schemas"'
check_type importing-string '"actions":["update"]' '"actions":["update"],"importing":"yes"' '"yes"' 'expected an object for "importing"'
check_type drift-object '"resource_changes":[' '"resource_drift":{},"resource_changes":[' '{},"resource_changes"' 'expected an array for "resource_drift"'
check_type outputs-array '"resource_changes":[' '"output_changes":[],"resource_changes":[' '[],"resource_changes"' 'expected an object for "output_changes"'
check_type errored-string '"resource_changes":[' '"errored":"yes","resource_changes":[' '"yes","resource_changes"' 'expected true or false for "errored"'
check_type format-version-number '"plan_format_version":"1.2"' '"plan_format_version":1.2' '1.2,' 'expected a string for "plan_format_version"'
check_type action-invocations-object '"resource_changes":[' '"action_invocations":{},"resource_changes":[' '{},"resource_changes"' 'expected an array for "action_invocations"'
# Fields nothing renders, whose bool type Go's decoder still checks.
check_type index-unknown-string '"address":"test_thing.a"' '"index_unknown":"no","address":"test_thing.a"' '"no","address"' 'expected true or false for "index_unknown"'
check_type importing-unknown-number '"actions":["update"]' '"actions":["update"],"importing":{"unknown":1}' '1}' 'expected true or false for "unknown"'

# Values of the change that Terraform reads leniently: "before" that is not
# an object reads as null, as do a map or list that is not one.
"$TFSTREAM" --no-color "$P" >good.out
mutate "$P" before_null.json '"before":{"id":"a","value":"x","tags":{"k":"v"},"n":1,"dyn":null}' '"before":null'
"$TFSTREAM" --no-color before_null.json >before_null.out
for v in 5 '"s"' '[1]' true; do
  mutate "$P" before_v.json '"before":{"id":"a","value":"x","tags":{"k":"v"},"n":1,"dyn":null}' "\"before\":$v"
  expect_ok "types/before-$v-reads-as-null" before_null.out -- --no-color before_v.json
done
mutate "$P" tags_null.json '"tags":{"k":"w"}' '"tags":null'
"$TFSTREAM" --no-color tags_null.json >tags_null.out
for v in '[1,2]' '"str"' 7; do
  mutate "$P" tags_v.json '"tags":{"k":"w"}' "\"tags\":$v"
  expect_ok "schema-mismatch/map-as-$v-reads-as-null" tags_null.out -- --no-color tags_v.json
done
for key in after_unknown before_sensitive after_sensitive; do
  mutate "$P" sens.json "\"$key\":{}" "\"$key\":[1]"
  expect_ok "types/$key-array-ignored" good.out -- --no-color sens.json
done

# --- a value whose type contradicts its schema --------------------------------------
# Terraform's renderer cannot print a primitive of the wrong type (it would
# panic): one error line naming the resource, exit 1, blocks before it whole.
$MUTATE many "$P" many.json 100
"$TFSTREAM" --no-color -j 1 many.json >many.out
boundary=$'\n  # test_thing.r050 '
n=0
for pair in 'value:{"a":1}' 'value:12' 'value:true' 'value:[1]' 'n:"abc"' 'n:true' 'n:{}'; do
  attr=${pair%%:*}
  bad=${pair#*:}
  case $attr in
    value) old='"value":"y"' ;;
    n) old='"n":2,' ; bad="$bad," ;;
  esac
  # The 51st resource (r050) carries the bad value.
  $PYTHON -S - "$old" "\"$attr\":$bad" <<'EOF'
import sys
data = open("many.json", "rb").read()
at = data.index(b'"address":"test_thing.r050"')
old, new = sys.argv[1].encode(), sys.argv[2].encode()
i = data.index(old, at)
open("mismatch.json", "wb").write(data[:i] + new + data[i + len(old):])
EOF
  # The JSON type named with its article ("an object value", not "a object").
  case $bad in
    '{'*) got='an object' ;;
    '['*) got='an array' ;;
    '"'*) got='a string' ;;
    true*) got='a bool' ;;
    *) got='a number' ;;
  esac
  for j in 1 2; do
    expect_error "schema-mismatch/$n-j$j" mismatch.json --stdout-prefix many.out --boundary "$boundary" \
      --match "test_thing.r050: $got value where the schema says (string|number)\$" -- --no-color -j $j mismatch.json
  done
  n=$((n + 1))
done
# Checked once more through standard input (the spooled path).
expect_error schema-mismatch/stdin '<stdin>' --stdout-prefix many.out --boundary "$boundary" \
  --match "test_thing.r050.*schema says" -- --no-color -j 2 - <mismatch.json

# --- missing provider or resource schema ---------------------------------------------
# Found by the pre-scan, before any output, at the offset of the first
# resource change needing the schema.
element_at() {  # FILE ADDRESS: the offset of the resource change object with ADDRESS
  grep -boF -m1 -- "{\"address\":\"$2\"" "$1" | head -n 1 | cut -d: -f1
}
mutate "$P" no_provider.json '"registry.terraform.io/hashicorp/test":{"resource_schemas"' \
  '"registry.terraform.io/hashicorp/other":{"resource_schemas"'
expect_error schema/missing-provider no_provider.json --offset "$(element_at no_provider.json test_thing.a)" \
  --match 'test_thing.a: no schema for resource type "test_thing" of provider "registry.terraform.io/hashicorp/test"' \
  -- no_provider.json
mutate "$P" no_resource.json '"resource_schemas":{"test_thing"' '"resource_schemas":{"test_other"'
expect_error schema/missing-resource-type no_resource.json --offset "$(element_at no_resource.json test_thing.a)" \
  --match 'test_thing.a: no schema' -- no_resource.json
mutate "$SHOW" no_data_source.json '"type":"null_data_source"' '"type":"null_other"'
expect_error schema/missing-data-source no_data_source.json \
  --offset "$(element_at no_data_source.json data.null_data_source.d)" \
  --match 'data.null_data_source.d: no schema for data source type "null_other"' -- --schemas "$S" no_data_source.json
expect_error schema/show-json-without-schemas "$SHOW" --offset "$(element_at "$SHOW" null_resource.a)" \
  --match 'no schema.*--schemas' -- "$SHOW"
mutate "$P" schemas_null.json '"provider_schemas":{' '"provider_schemas":null,"x":{'
expect_error schema/provider-schemas-null schemas_null.json --offset "$(element_at schemas_null.json test_thing.a)" \
  --match 'no schema' -- schemas_null.json
# Each says what is missing, how to make schemas and that --summary needs none.
expect_error schema/missing-provider-named no_provider.json --match \
  'the plan.s provider_schemas has no such provider \(it has "registry.terraform.io/hashicorp/other"\): make them with `terraform providers schema -json > schemas.json` \(or `tofu providers schema -json`\) where the plan was made \(--summary needs no schemas\)$' \
  -- no_provider.json
expect_error schema/missing-type-other-version no_resource.json --match \
  'has the provider but not this type, so they may come from another provider version: make them with .*--summary needs no schemas' \
  -- no_resource.json
expect_error schema/without-schemas-how-to "$SHOW" --match \
  'no provider schemas given: make them with `terraform providers schema -json > schemas.json`.* and pass them with --schemas \(--summary needs no schemas\)$' \
  -- "$SHOW"
tf --summary "$SHOW"
result schema/without-schemas-summary-works "$([ "$RC" = 0 ] && [ ! -s "$W/err" ] && echo 1 || echo 0)" "$(describe_run)"
# Schemas keyed by Terraform 0.12's short provider names ("null") against a
# plan keyed by address, and the other way round: refused with the reason.
mutate "$S" short_schemas.json '"registry.terraform.io/hashicorp/null":' '"null":'
expect_error schema/short-names-in-schemas "$SHOW" \
  --match 'the schemas file names it "null", by Terraform 0.12.s short provider names, and the plan by address' \
  -- --schemas short_schemas.json "$SHOW"
$PYTHON -S -c 'import sys; d=open(sys.argv[1]).read(); open(sys.argv[2],"w").write(d.replace("\"registry.terraform.io/hashicorp/null\"", "\"null\""))' "$SHOW" short_plan.json
expect_error schema/short-names-in-plan short_plan.json \
  --match 'the plan names it by Terraform 0.12.s short provider name and the schemas file by address \("registry.terraform.io/hashicorp/null"\)' \
  -- --schemas "$S" short_plan.json
expect_ok schema/short-names-both - -- --schemas short_schemas.json short_plan.json
# Of several resources needing one missing schema, the first is named.
mutate no_resource.json no_resource_z.json '"address":"test_thing.a"' '"address":"test_thing.z"'
expect_error schema/missing-first-named no_resource_z.json --offset "$(element_at no_resource_z.json test_thing.z)" \
  --match 'test_thing.z: no schema' -- no_resource_z.json

# --- the schemas file missing or invalid ---------------------------------------------------
expect_error schemas-file/missing /nonexistent.json --file-level --match 'No such file or directory$' -- \
  --schemas /nonexistent.json "$SHOW"
mkdir -p adir
expect_error schemas-file/directory adir --file-level --match 'is a directory$' -- --schemas adir "$SHOW"
printf '{"format_version":"1.0","provider_schemas":' >schemas_trunc.json
expect_error schemas-file/truncated schemas_trunc.json --offset 43 -- --schemas schemas_trunc.json "$SHOW"
printf '[]' >schemas_array.json
expect_error schemas-file/not-an-object schemas_array.json --offset 0 --match "expected '\\{' at the start of the schemas" -- \
  --schemas schemas_array.json "$SHOW"
{ cat "$S"; printf 'x'; } >schemas_trail.json
expect_error schemas-file/trailing-garbage schemas_trail.json --offset "$(wc -c <"$S")" -- --schemas schemas_trail.json "$SHOW"
# "provider_schemas" that is not an object (nor null) is the schemas file's
# fault, at the value; a syntax error anywhere in the file is reported first.
for v in 5 '"x"' '[]' true; do
  mutate "$S" schemas_ps.json '"provider_schemas":{' "\"provider_schemas\":$v,\"x\":{"
  off=$(grep -boF -m1 "\"provider_schemas\":$v" schemas_ps.json | head -n 1 | cut -d: -f1)
  expect_error "schemas-file/provider-schemas-$v" schemas_ps.json --offset $((off + 19)) \
    --match 'expected an object for "provider_schemas", found' -- --schemas schemas_ps.json "$SHOW"
done
# The schemas file is checked on a thread of its own beside the plan's
# pre-scan, or after it with --jobs 1: the same errors either way, and an
# error in the plan still wins over one in the schemas file.
{ cat "$SHOW"; printf 'x'; } >show_trail.json
for j in 1 2; do
  expect_error "schemas-file/truncated-jobs-$j" schemas_trunc.json --offset 43 -- \
    --jobs $j --schemas schemas_trunc.json "$SHOW"
  expect_error "schemas-file/trailing-garbage-jobs-$j" schemas_trail.json --offset "$(wc -c <"$S")" -- \
    --jobs $j --schemas schemas_trail.json "$SHOW"
  expect_error "schemas-file/plan-error-first-jobs-$j" show_trail.json --offset "$(wc -c <"$SHOW")" \
    --match 'after the end' -- --jobs $j --schemas schemas_trunc.json show_trail.json
done
mutate "$S" schemas_ps.json '"provider_schemas":{' '"Provider_Schemas":5,"x":{'
{ cat schemas_ps.json; printf ']'; } >schemas_ps_trail.json
expect_error schemas-file/provider-schemas-number-then-garbage schemas_ps_trail.json \
  --offset "$(wc -c <schemas_ps.json)" --match 'after the end of the schemas' -- --schemas schemas_ps_trail.json "$SHOW"
mutate "$S" schemas_type.json '"type":["map","string"]' '"type":["mop","string"]'
expect_error schemas-file/bad-attribute-type schemas_type.json --match 'attribute "triggers" has no valid type' -- \
  --schemas schemas_type.json "$SHOW"
mutate "$S" schemas_block.json '"null_resource":{"version":0,"block":{' '"null_resource":{"version":0,"block":[],"x":{'
expect_error schemas-file/block-not-an-object schemas_block.json --match 'block is missing or not an object' -- \
  --schemas schemas_block.json "$SHOW"
mutate "$S" schemas_attr.json '"triggers":{"type"' '"triggers":5,"x":{"type"'
expect_error schemas-file/attribute-not-an-object schemas_attr.json --match 'triggers' -- \
  --schemas schemas_attr.json "$SHOW"

# --- a --schemas file with a plan that embeds its schemas ------------------------------------
# The file given is read and must be valid, though the embedded schemas are
# the ones used (and the file's when the plan embeds none).
"$TFSTREAM" --no-color "$P" >embedded.out
expect_ok schemas-file/renderer-valid-file-embedded-win embedded.out -- --no-color --schemas "$S" "$P"
printf '{"format_version":"1.0","provider_schemas":' >bad_trunc.json
printf '[]' >bad_array.json
printf 'garbage' >bad_garbage.json
{ cat "$S"; printf 'x'; } >bad_trail.json
mutate "$S" bad_ps.json '"provider_schemas":{' '"provider_schemas":5,"x":{'
for bad in bad_trunc.json:43 bad_array.json:0 bad_garbage.json:0 "bad_trail.json:$(wc -c <"$S")" bad_ps.json:43; do
  f=${bad%%:*}
  for extra in '' --summary '--format markdown' '--format json'; do
    tag=${extra//--/}
    # shellcheck disable=SC2086  # $extra holds zero, one or two words
    expect_error "schemas-file/renderer-${f%.json}${tag:+-${tag// /-}}" "$f" --offset "${bad#*:}" -- \
      $extra --schemas "$f" "$P"
  done
done
expect_error schemas-file/renderer-missing /nonexistent.json --file-level --match 'No such file or directory$' -- \
  --schemas /nonexistent.json "$P"
expect_error schemas-file/renderer-directory adir --file-level --match 'is a directory$' -- --schemas adir "$P"
# No schemas embedded (or null): the file's are used.
$PYTHON -S - "$P" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
key = b'"provider_schemas":'
at = data.index(key) + len(key)
end = data.rindex(b"}")  # provider_schemas is the plan's last member
open("file_schemas.json", "wb").write(b'{"format_version":"1.0","provider_schemas":' + data[at:end] + b"}")
open("no_embedded.json", "wb").write(data[:at] + b"null" + data[end:])
EOF
expect_ok schemas-file/renderer-null-embedded-uses-file embedded.out -- --no-color --schemas file_schemas.json no_embedded.json
expect_error schemas-file/renderer-null-embedded-no-file no_embedded.json --offset "$(element_at no_embedded.json test_thing.a)" \
  --match 'test_thing.a: no schema for resource type' -- no_embedded.json

# --- unknown action lists, resource modes, trigger events ------------------------------------
for list in '["explode"]' '[]' 'null' '["delete","delete"]' '["Update"]' '["create","delete","update"]'; do
  mutate "$P" actions.json '"actions":["update"]' "\"actions\":$list"
  expect_error "unknown/action-list-$list" actions.json --offset 81 --match 'test_thing.a.*unrecognized action list' -- actions.json
done
for mode in weird '' Managed; do
  mutate "$P" mode.json '"mode":"managed"' "\"mode\":\"$mode\""
  expect_error "unknown/mode-'$mode'" mode.json --offset 81 --match 'test_thing.a.*unrecognized resource mode' -- mode.json
done
# Each flavour's jsonplan.UnmarshalActions knows one list the other does not
# (flavor.def action_create_then_forget, action_forget_then_create), and
# neither renders the "ephemeral" mode.
mutate "$P" forget_create.json '"actions":["update"]' '"actions":["forget","create"]'
expect_error unknown/action-list-forget-create-terraform forget_create.json --offset 81 \
  --match 'test_thing.a.*unrecognized action list \[forget, create\]' -- --flavor terraform forget_create.json
mutate "$P" create_forget.json '"actions":["update"]' '"actions":["create","forget"]'
expect_error unknown/action-list-create-forget-opentofu create_forget.json --offset 81 \
  --match 'test_thing.a.*unrecognized action list \[create, forget\]' -- --flavor opentofu create_forget.json
mutate "$P" ephemeral.json '"mode":"managed"' '"mode":"ephemeral"'
for flavor in terraform opentofu auto; do
  expect_error "unknown/mode-ephemeral-$flavor" ephemeral.json --offset 81 \
    --match 'test_thing.a.*unrecognized resource mode "ephemeral"' -- --flavor $flavor ephemeral.json
done
# An address with a line break and a terminal escape: still one line, the
# control characters escaped.
mutate "$P" control.json '"address":"test_thing.a"' '"address":"test_thing.a\\n\\u001b[31mred\\u0085"'
mutate control.json control_bad.json '"actions":["update"]' '"actions":["explode"]'
expect_error unknown/action-list-control-characters control_bad.json --offset 81 \
  --match 'resource change "test_thing\.a\\n\\x1b\[31mred\\u0085" has an unrecognized action list' -- control_bad.json
# In the other sections that carry resource changes.
rc=$($PYTHON -S -c 'import sys; s=open(sys.argv[1]).read(); print(s[s.index("{\"address\":\"test_thing.a\""):s.index(",{\"address\":\"test_thing.b\"")])' "$P")
mutate "$P" drift_mode.json '"resource_changes":[' \
  "\"relevant_attributes\":[{\"resource\":\"test_thing.a\",\"attribute\":[\"value\"]}],\"resource_drift\":[${rc/\"managed\"/\"weird\"}],\"resource_changes\":["
expect_error unknown/mode-in-drift drift_mode.json --match 'test_thing.a.*unrecognized resource mode' -- drift_mode.json
# Terraform reads a drifted resource's action list only where it renders the
# drift (renderHumanDiff): an unknown list in hidden drift is no error; in
# rendered drift it is, after the section's heading.
"$TFSTREAM" --no-color "$P" >plain.out
mutate "$P" drift_actions.json '"resource_changes":[' "\"resource_drift\":[${rc/\"update\"/\"explode\"}],\"resource_changes\":["
expect_ok unknown/action-list-in-hidden-drift-unread plain.out -- --no-color drift_actions.json
relevant='"relevant_attributes":[{"resource":"test_thing.a","attribute":["value"]}],'
mutate "$P" drift_shown.json '"resource_changes":[' "$relevant\"resource_drift\":[$rc],\"resource_changes\":["
"$TFSTREAM" --no-color drift_shown.json >drift_shown.out
mutate drift_shown.json drift_shown_actions.json '"actions":["update"]' '"actions":["explode"]'
expect_error unknown/action-list-in-shown-drift drift_shown_actions.json --stdout-prefix drift_shown.out --boundary @line \
  --match 'test_thing.a.*unrecognized action list' -- --no-color drift_shown_actions.json
# Terraform's ["create","forget"] in drift OpenTofu renders: the same error.
"$TFSTREAM" --no-color --flavor opentofu drift_shown.json >drift_shown_tofu.out
mutate drift_shown.json drift_shown_create_forget.json '"actions":["update"]' '"actions":["create","forget"]'
expect_error unknown/action-list-create-forget-in-shown-drift-opentofu drift_shown_create_forget.json \
  --stdout-prefix drift_shown_tofu.out --boundary @line --match 'test_thing.a.*unrecognized action list' \
  -- --no-color --flavor opentofu drift_shown_create_forget.json
mutate "$P" drift_type.json '"resource_changes":[' "\"resource_drift\":[${rc/\"test_thing\"/5}],\"resource_changes\":["
expect_error unknown/type-in-hidden-drift drift_type.json --match 'expected a string for "type"' -- drift_type.json
mutate "$P" deferred.json '"resource_changes":[' "\"deferred_changes\":[{\"reason\":\"resource_config_unknown\",\"resource_change\":$rc}],\"resource_changes\":["
"$TFSTREAM" --no-color deferred.json >deferred.out
mutate deferred.json deferred_mode.json '"mode":"managed"' '"mode":"weird"'
expect_error unknown/mode-in-deferred deferred_mode.json --stdout-prefix deferred.out \
  --offset "$(grep -boF -m1 '{"reason":' deferred_mode.json | head -n 1 | cut -d: -f1)" \
  --boundary $'\n  # test_thing.a was deferred' --match 'test_thing.a: unrecognized resource mode' -- --no-color deferred_mode.json
mutate deferred.json deferred_reason.json '"reason":"resource_config_unknown"' '"reason":7'
expect_error types/reason-number-in-deferred deferred_reason.json --stdout-prefix deferred.out \
  --offset "$(grep -boF -m1 '{"reason":' deferred_reason.json | head -n 1 | cut -d: -f1)" \
  --boundary $'\n  # test_thing.a was deferred' --match 'expected a string for "reason"' -- --no-color deferred_reason.json
mutate "$P" drift_index_unknown.json '"resource_changes":[' "\"resource_drift\":[${rc/\"address\"/\"index_unknown\":[],\"address\"}],\"resource_changes\":["
expect_error types/index-unknown-in-hidden-drift drift_index_unknown.json --match 'expected true or false for "index_unknown"' \
  -- drift_index_unknown.json
mutate deferred.json deferred_actions.json '"actions":["update"]' '"actions":["explode"]'
expect_error unknown/action-list-in-deferred deferred_actions.json --stdout-prefix deferred.out \
  --boundary $'\n  # test_thing.a was deferred' --match 'test_thing.a.*unrecognized action list' -- --no-color deferred_actions.json

# Action trigger events: a real case with lifecycle actions.
A=$CASES/gen-small-100
if [ -f "$A/plan.json" ]; then
  # The corpus is the newest renderer's, whatever the plan's terraform_version (1.14.0) says.
  "$TFSTREAM" --no-color --renderer-version latest --schemas "$A/schemas.json" "$A/plan.json" >actions.out
  cmp -s actions.out "$A/nocolor.out"
  result unknown/trigger-setup "$([ $? = 0 ] && echo 1 || echo 0)" "gen-small-100 does not render as its nocolor.out"
  for ev in Sometime '' beforedestroy; do
    mutate "$A/plan.json" event.json '"action_trigger_event":"BeforeDestroy"' "\"action_trigger_event\":\"$ev\""
    expect_error "unknown/trigger-event-'$ev'" event.json \
      --match 'action.vault_notify.admin.*triggering event' -- --schemas "$A/schemas.json" event.json
  done
  mutate "$A/plan.json" event.json '"action_trigger_event":"BeforeDestroy"' '"action_trigger_event":5'
  off=$(grep -boF -m1 '"action_trigger_event":5' event.json | head -n 1 | cut -d: -f1)
  expect_error unknown/trigger-event-number event.json --offset $((off + 23)) \
    --match 'expected a string for "action_trigger_event"' -- --schemas "$A/schemas.json" event.json
  mutate "$A/plan.json" on_failure.json '"on_failure":"ActionOnFailureHalt"' '"on_failure":true'
  off=$(grep -boF -m1 '"on_failure":true' on_failure.json | head -n 1 | cut -d: -f1)
  expect_error types/trigger-on-failure-bool on_failure.json --offset $((off + 13)) \
    --match 'expected a string for "on_failure"' -- --schemas "$A/schemas.json" on_failure.json
  for idx in 1e400 99999999999999999999 -99999999999999999999 1.5; do
    mutate "$A/plan.json" index.json '"action_trigger_block_index":1' "\"action_trigger_block_index\":$idx"
    off=$(grep -boF -m1 '"action_trigger_block_index":' index.json | head -n 1 | cut -d: -f1)
    expect_error "unknown/trigger-block-index-$idx" index.json --offset $((off + 29)) \
      --match 'action_trigger_block_index' -- --schemas "$A/schemas.json" index.json
  done
else
  result unknown/trigger-setup 0 "conformance case gen-small-100 not found in $CASES"
fi

# --- stale schemas: values with attributes or blocks their schema lacks ---------------
# The text is Terraform's (they are left out); standard error has one warning
# per resource type; --strict-schemas exits 1 after rendering everything.
"$TFSTREAM" --no-color --schemas "$S" "$SHOW" >stale_want.out 2>/dev/null
mutate "$SHOW" stale.json '"after":{"triggers":{"k":"v"}}' '"after":{"triggers":{"k":"v"},"zone":"z","arn":"a","unset":null}'
for strict in "" --strict-schemas; do
  for j in 1 2; do
    id="stale-schemas/warn${strict:+-strict}-j$j"
    tf --no-color -j "$j" $strict --schemas "$S" stale.json
    want_rc=0
    [ -n "$strict" ] && want_rc=1
    line=$(err_line)
    if [ "$RC" != "$want_rc" ]; then
      result "$id" 0 "exit $RC, want $want_rc; $(describe_run)"
    elif ! cmp -s "$W/out" stale_want.out; then
      result "$id" 0 "stdout differs from the text without the extra members"
    elif ! err_is_one_line; then
      result "$id" 0 "stderr is not one line: $(describe_run)"
    elif [[ $line != 'tfstream: warning: resource type "null_resource" (provider "registry.terraform.io/hashicorp/null"): "arn" and 1 more in its values are not in its schema and not shown; the schemas may come from another provider version'* ]]; then
      result "$id" 0 "unexpected warning: $line"
    else
      result "$id" 1
    fi
  done
done
# Markdown warns the same; --summary reads no values and says nothing.
tf --format markdown --schemas "$S" stale.json
result stale-schemas/markdown "$([ "$RC" = 0 ] && err_is_one_line && [[ $(err_line) == *'"arn" and 1 more'* ]] && echo 1 || echo 0)" "$(describe_run)"
tf --summary --strict-schemas --schemas "$S" stale.json
result stale-schemas/summary-silent "$([ "$RC" = 0 ] && [ ! -s "$W/err" ] && echo 1 || echo 0)" "$(describe_run)"
# Matching schemas: nothing on standard error, exit 0 even when strict.
expect_ok stale-schemas/none-when-matching stale_want.out -- --no-color --strict-schemas --schemas "$S" "$SHOW"

finish
