#!/usr/bin/env bash
# The pipeline-tool options end to end: --action/--address, --summary,
# --format markdown with --max-bytes/--output-prefix, --progress off a
# terminal, usage errors and exit statuses. Outputs are compared with
# expected/ (UPDATE=1 rewrites them after a deliberate change).
#   options.sh TFSTREAM
source "$(dirname "$0")/lib.sh" "$1"
cd "$FIXTURES" || exit 1
P=plan.json

# --- the default output is untouched ------------------------------------------
t --no-color $P >"$WORK/plain"
default_equals_progress_never() { t --no-color --progress never $P | cmp -s - "$WORK/plain"; }
progress_always_leaves_stdout_alone() {
  TFSTREAM_PROGRESS_DELAY=0 t --no-color --progress always $P >"$WORK/out" 2>"$WORK/err" && cmp -s "$WORK/out" "$WORK/plain" &&
    grep -q $'^\rscanning ' "$WORK/err" && [ "$(tail -c 1 "$WORK/err" | od -An -c | tr -d ' ')" = '\r' ]
}
# Nothing is drawn before a second of work: a small plan never shows progress.
progress_waits_a_second() { t --no-color --progress always $P 2>"$WORK/err" >/dev/null && [ ! -s "$WORK/err" ]; }
check progress_waits_a_second progress_waits_a_second
# SIGTERM while the line is drawn erases it before tfstream dies by the
# signal (stdout is a FIFO nobody reads, so tfstream blocks mid-render: the
# text, about 3 MB, is larger than the 1 MiB tfstream enlarges the pipe to).
progress_erased_on_sigterm() {
  python3 - "$WORK/big.json" <<'PY'
import json, sys
changes = [{"address": "t.r%d" % i, "mode": "managed", "type": "t", "name": "r%d" % i, "provider_name": "p",
            "change": {"actions": ["create"], "before": None, "after": {"v": "x" * 200}, "after_unknown": {}}}
           for i in range(12000)]
schemas = {"p": {"provider": {"version": 0, "block": {}}, "resource_schemas": {"t": {"version": 0, "block": {
    "attributes": {"v": {"type": "string", "optional": True}}}}}}}
json.dump({"plan_format_version": "1.2", "resource_changes": changes, "provider_schemas": schemas},
          open(sys.argv[1], "w"))
PY
  rm -f "$WORK/fifo" && mkfifo "$WORK/fifo"
  sleep 30 <"$WORK/fifo" &
  local reader=$! pid rc
  TFSTREAM_PROGRESS_DELAY=0 "$TFSTREAM" --no-color --progress always -j1 "$WORK/big.json" >"$WORK/fifo" 2>"$WORK/err" &
  pid=$!
  sleep 1
  kill -TERM "$pid"
  wait "$pid"
  rc=$?
  kill "$reader" 2>/dev/null
  wait "$reader" 2>/dev/null
  # Killed by SIGTERM (143); stderr drew a line and ends with it blanked.
  [ "$rc" = 143 ] && grep -Eq $'\r''(scanning|rendering) ' "$WORK/err" &&
    python3 -c 'import sys; e = open(sys.argv[1], newline="").read(); last = e.rstrip("\r").rsplit("\r", 1)[-1]
sys.exit(0 if e.endswith("\r") and last.strip(" ") == "" and len(last) > 10 else 1)' "$WORK/err" ||
    { echo "  exit $rc, stderr $(od -c "$WORK/err" | head -3)"; return 1; }
}
check progress_erased_on_sigterm progress_erased_on_sigterm
progress_auto_off_a_terminal() { t --no-color $P 2>"$WORK/err" >/dev/null && [ ! -s "$WORK/err" ]; }
check default_equals_progress_never default_equals_progress_never
check progress_always_leaves_stdout_alone progress_always_leaves_stdout_alone
check progress_auto_off_a_terminal progress_auto_off_a_terminal

# --- filters --------------------------------------------------------------------
filter_actions() { t --no-color --action delete,replace $P >"$WORK/f" && golden filter-actions.out "$WORK/f"; }
filter_addresses() {
  t --no-color --address 'module.app[*]' --address test_bucket.logs $P >"$WORK/f" &&
    golden filter-addresses.out "$WORK/f"
}
filter_moved_import() { t --no-color --action moved,import $P >"$WORK/f" && golden filter-moved-import.out "$WORK/f"; }
filter_keeps_block_text() {
  # Each shown block is byte for byte the block of the unfiltered output.
  t --no-color --action update --address '**.test_bucket.*' $P >"$WORK/f" &&
    python3 - "$WORK/plain" "$WORK/f" <<'PY'
import sys
full, part = (open(p).read() for p in sys.argv[1:])
def blocks(s):
    body = s.split("Terraform will perform the following actions:\n")[1].split("\nPlan: ")[0]
    return [b.strip("\n") for b in body.split("\n\n") if b.strip()]
got = blocks(part)
sys.exit(0 if len(got) == 2 and all(b in blocks(full) for b in got) else 1)
PY
}
filter_summary_line_is_whole_plan() {
  [ "$(t --no-color --action read $P | grep '^Plan:')" = "$(grep '^Plan:' "$WORK/plain")" ] &&
    t --no-color --action read $P | grep -qx 'Filtered out 11 of 12 resource blocks.'
}
check filter_actions filter_actions
check filter_addresses filter_addresses
check filter_moved_import filter_moved_import
check filter_keeps_block_text filter_keeps_block_text
check filter_summary_line_is_whole_plan filter_summary_line_is_whole_plan

exit_is() {  # exit_is STATUS ARGS...: tfstream ARGS exits STATUS
  local want=$1
  shift
  t "$@" >"$WORK/out" 2>"$WORK/err"
  local rc=$?
  [ $rc = "$want" ] || { echo "  [$*] exit $rc, not $want: $(head -1 "$WORK/err")"; return 1; }
}

# --- summary --------------------------------------------------------------------
summary() { t --no-color --summary $P >"$WORK/s" && golden summary.out "$WORK/s"; }
summary_filtered() {
  t --no-color --summary --action delete,replace --address 'module.**' $P >"$WORK/s" &&
    golden summary-filtered.out "$WORK/s"
}
summary_without_schemas() {
  # show -json shape, no --schemas: the summary needs none (the text does).
  t --summary automation.json | grep -qx 'Plan: 0 to add, 0 to change, 0 to destroy.' &&
    ! t automation.json >/dev/null 2>&1
}
summary_agrees_with_blocks() {
  # One summary line per block the text prints, for each filter.
  local args
  for args in "" "--action update" "--address module.app" "--action no-op,forget"; do
    local blocks lines
    blocks=$(t --no-color $args $P | sed -n '/will perform the following/,/^Plan:/p' |
      awk 'prev == "" && /^  ?# / {n++} {prev = $0} END {print n + 0}')
    lines=$(t --no-color --summary $args $P | sed '/^Plan:/,$d' | grep -cv '^$')
    [ "$blocks" = "$lines" ] || { echo "  [$args] blocks=$blocks summary=$lines"; return 1; }
  done
}
# Terraform's own plan that changes only outputs (hashicorp/terraform-json
# testdata/no_changes/plan.json, MPL-2.0): its text has "Changes to
# Outputs:" and no Plan line; the summary in every form lists them, never a
# bare "Plan: 0 to add ...", and exits 2 with --detailed-exitcode.
summary_outputs_only() {
  t --no-color --summary outputs-only.json >"$WORK/so" && golden summary-outputs-only.out "$WORK/so" &&
    ! grep -q '^Plan:' "$WORK/so" && grep -qx '  + interpolated_deep' "$WORK/so" &&
    t --no-color --summary --group-by module outputs-only.json | cmp -s - "$WORK/so" &&
    t --summary --format markdown outputs-only.json >"$WORK/som" && golden summary-outputs-only.md "$WORK/som" &&
    ! grep -q 'Plan:' "$WORK/som" &&
    t --format json outputs-only.json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["has_changes"] is True and len(d["output_changes"]) == 8, d' &&
    exit_is 2 --detailed-exitcode --summary outputs-only.json &&
    exit_is 2 --detailed-exitcode --summary --format markdown outputs-only.json
}
# --mode refresh-only: the drift is the plan's change (what -detailed-exitcode's
# 2 means there), listed first as Terraform's text shows it, with no Plan: line.
summary_refresh_only_lists_drift() {
  t --no-color --summary --mode refresh-only automation.json >"$WORK/sr" && golden summary-refresh-only.out "$WORK/sr" &&
    grep -qx '  ~ test_bucket.x' "$WORK/sr" && ! grep -q '^Plan:' "$WORK/sr" &&
    t --summary --format markdown --mode refresh-only automation.json >"$WORK/srm" &&
    grep -q '^\*\*Objects have changed outside of Terraform.\*\* This is a refresh-only plan.$' "$WORK/srm" &&
    grep -q '<summary>Objects have changed outside of Terraform (1)</summary>' "$WORK/srm" &&
    grep -qx -- '- `~` `test_bucket.x`' "$WORK/srm" &&
    exit_is 2 --detailed-exitcode --summary --mode refresh-only automation.json &&
    t --no-color --summary automation.json | grep -qx 'Plan: 0 to add, 0 to change, 0 to destroy.'
}
check summary summary
check summary_refresh_only_lists_drift summary_refresh_only_lists_drift
check summary_outputs_only summary_outputs_only
check summary_filtered summary_filtered
check summary_without_schemas summary_without_schemas
check summary_agrees_with_blocks summary_agrees_with_blocks

# --- markdown -------------------------------------------------------------------
markdown() { t --format markdown $P >"$WORK/m" && golden markdown.md "$WORK/m"; }
markdown_never_coloured() {
  in_pty 100 "'$TFSTREAM' --format markdown $P 2>/dev/null" | cmp -s - "$WORK/m"
}
markdown_over_limit_to_stdout() {
  t --format markdown --max-bytes 1024 $P >"$WORK/out" 2>"$WORK/err"
  [ $? = 3 ] && [ ! -s "$WORK/out" ] && [ "$(wc -l <"$WORK/err")" = 1 ] &&
    grep -q 'over --max-bytes=1024' "$WORK/err"
}
markdown_parts() {
  mkdir -p "$WORK/parts" &&
    t --format markdown --max-bytes 1100 --output-prefix "$WORK/parts/plan" $P >"$WORK/listing" || return 1
  local n f all=""
  n=$(wc -l <"$WORK/listing")
  # Stale parts right after the last are removed on the next run; a gap stops that.
  echo stale >"$WORK/parts/plan.$((n + 1)).md" && echo stale >"$WORK/parts/plan.$((n + 2)).md" &&
    echo kept >"$WORK/parts/plan.$((n + 4)).md" &&
    t --format markdown --max-bytes 1100 --output-prefix "$WORK/parts/plan" $P | cmp -s - "$WORK/listing" &&
    [ ! -e "$WORK/parts/plan.$((n + 1)).md" ] && [ ! -e "$WORK/parts/plan.$((n + 2)).md" ] &&
    [ -e "$WORK/parts/plan.$((n + 4)).md" ] && rm "$WORK/parts/plan.$((n + 4)).md" || { echo "  stale parts"; return 1; }
  [ "$n" -ge 4 ] || { echo "  only $n parts"; return 1; }
  for ((i = 1; i <= n; i++)); do
    f="$WORK/parts/plan.$i.md"
    [ "$(sed -n "${i}p" "$WORK/listing")" = "$f" ] || { echo "  listing line $i"; return 1; }
    [ "$(wc -c <"$f")" -le 1100 ] || { echo "  $f too large"; return 1; }
    # No section is cut: each part opens and closes as many as it holds.
    [ "$(grep -c '^<details>' "$f")" = "$(grep -c '^</details>' "$f")" ] || { echo "  $f cuts a section"; return 1; }
    all+="== part $i ==\n$(cat "$f")\n"
  done
  printf '%b' "$all" >"$WORK/joined" && golden markdown-parts.txt "$WORK/joined"
}
markdown_parts_hold_everything() {
  # Joined back, the parts hold every section of the one-file document.
  t --format markdown --max-bytes 0 --output-prefix "$WORK/one" $P >/dev/null &&
    cmp -s "$WORK/one.1.md" "$WORK/m" &&
    [ "$(cat "$WORK"/parts/plan.*.md | grep -c '^<details>')" = "$(grep -c '^<details>' "$WORK/m")" ]
}
# --output-prefix out/plan creates out/ (and any missing parent); a path
# through a file is an error naming it.
output_prefix_creates_its_directory() {
  t --format markdown --output-prefix "$WORK/new/dir/plan" $P >"$WORK/listing" &&
    [ "$(cat "$WORK/listing")" = "$WORK/new/dir/plan.1.md" ] &&
    t --format markdown $P | cmp -s - "$WORK/new/dir/plan.1.md" &&
    : >"$WORK/afile" && ! t --format markdown --output-prefix "$WORK/afile/plan" $P 2>"$WORK/err" >/dev/null &&
    grep -q "afile/plan.1.md: Not a directory" "$WORK/err"
}
check output_prefix_creates_its_directory output_prefix_creates_its_directory
markdown_truncates_a_huge_block() {
  python3 - "$WORK/big.json" <<'PY'
import json, sys
plan = json.load(open("plan.json"))
change = plan["resource_changes"][0]
change["change"]["after"]["tags"] = {"k%04d" % i: "v" * 40 for i in range(400)}
plan["resource_changes"] = [change]
json.dump(plan, open(sys.argv[1], "w"))
PY
  t --format markdown --max-bytes 4000 --output-prefix "$WORK/big" "$WORK/big.json" >/dev/null || return 1
  [ "$(wc -c <"$WORK/big.2.md")" -le 4000 ] && grep -q '^_Truncated by tfstream: this block is [0-9]* bytes, over --max-bytes=4000; [0-9]* of 407 lines shown._$' "$WORK/big.2.md" &&
    tail -c 13 "$WORK/big.2.md" | grep -q '</details>' && [ "$(wc -l <"$WORK/big.1.md")" -ge 3 ]
}
# Every note of what was left out or cut links to --details-url.
details_url_in_every_note() {
  t --format markdown --max-bytes 4000 --output-prefix "$WORK/bigu" --details-url 'https://ci.example/runs/7' \
    "$WORK/big.json" >/dev/null &&
    grep -q '^_Truncated by tfstream: this block is [0-9]* bytes, over --max-bytes=4000; [0-9]* of 407 lines shown._ \[Full plan\](https://ci.example/runs/7)$' "$WORK/bigu.2.md" ||
    { echo "  truncation note"; return 1; }
  python3 - "$WORK/many.json" <<'PY'
import copy, json, sys
plan = json.load(open("plan.json"))
gone = next(c for c in plan["resource_changes"] if c["change"]["actions"] == ["delete"] and c["mode"] == "managed")
plan["resource_changes"] = []
for i in range(25):
    c = copy.deepcopy(gone)
    c["address"] = "test_bucket.gone%02d" % i
    c["name"] = "gone%02d" % i
    c.pop("deposed", None)
    plan["resource_changes"].append(c)
json.dump(plan, open(sys.argv[1], "w"))
PY
  t --format markdown --details-url 'https://ci.example/runs/7' "$WORK/many.json" |
    grep -qx '> - ... and 5 more \[Full plan\](https://ci.example/runs/7)' &&
    t --summary --format markdown --details-url 'https://ci.example/runs/7' "$WORK/many.json" |
    grep -qx '> - ... and 5 more \[Full plan\](https://ci.example/runs/7)' ||
    { echo "  destroy alert"; return 1; }
}
markdown_drift() {
  t --format markdown --schemas schemas.json automation.json >"$WORK/d" && golden markdown-drift.md "$WORK/d"
}
check markdown markdown
check markdown_drift markdown_drift
check markdown_never_coloured markdown_never_coloured
check markdown_over_limit_to_stdout markdown_over_limit_to_stdout
check markdown_parts markdown_parts
check markdown_parts_hold_everything markdown_parts_hold_everything
check markdown_truncates_a_huge_block markdown_truncates_a_huge_block
check details_url_in_every_note details_url_in_every_note

# --- drift ----------------------------------------------------------------------
# automation.json with a planned change beside its drift: an update undoing it.
python3 - "$WORK/drift.json" <<'PY'
import json, sys
plan = json.load(open("automation.json"))
change = plan["resource_changes"][0]["change"]
change["actions"] = ["update"]
change["before"], change["after"] = change["after"], change["before"]
json.dump(plan, open(sys.argv[1], "w"))
PY
D=(--schemas schemas.json "$WORK/drift.json")
t --no-color "${D[@]}" >"$WORK/drift-shown"
drift_show_is_the_default() { t --no-color --drift show "${D[@]}" | cmp -s - "$WORK/drift-shown"; }
drift_hide_text() {
  # One line where the section was; everything from the rule on as before.
  t --no-color --drift hide "${D[@]}" >"$WORK/dh" && golden drift-hidden.out "$WORK/dh" &&
    grep -q '# test_bucket.x has changed' "$WORK/drift-shown" && ! grep -q '# test_bucket.x has changed' "$WORK/dh" &&
    cmp -s <(sed -n '/^─/,$p' "$WORK/dh") <(sed -n '/^─/,$p' "$WORK/drift-shown") &&
    grep -qx 'Note: 1 object has changed outside of Terraform (not shown: --drift hide)' "$WORK/dh"
}
drift_hide_no_changes() {
  # Drift beside no change: still one line, then Terraform's "No changes." text.
  t --no-color --drift hide --schemas schemas.json automation.json >"$WORK/dn" &&
    grep -qx 'Note: 1 object has changed outside of Terraform (not shown: --drift hide)' "$WORK/dn" &&
    grep -q '^No changes. Your infrastructure matches the configuration.' "$WORK/dn" && ! grep -q 'has changed$' "$WORK/dn"
}
drift_markdown_after_changes() {
  # The planned changes first, the drift section after them.
  t --format markdown "${D[@]}" >"$WORK/dm" && golden markdown-drift-and-changes.md "$WORK/dm" &&
    [ "$(grep -n '# test_bucket.x will be updated' "$WORK/dm" | head -1 | cut -d: -f1)" -lt \
      "$(grep -n 'summary>Objects have changed outside of Terraform' "$WORK/dm" | cut -d: -f1)" ]
}
drift_markdown_never_crowds_out_changes() {
  # With one part only, what is left out is the drift, not the changes.
  t --format markdown --max-bytes 1100 --max-parts 1 "${D[@]}" >"$WORK/dc" &&
    grep -q '# test_bucket.x will be updated' "$WORK/dc" && ! grep -q 'Objects have changed outside' "$WORK/dc" &&
    grep -q '1 more section of this plan left out' "$WORK/dc"
}
drift_hide_markdown() {
  t --format markdown --drift hide "${D[@]}" >"$WORK/dhm" &&
    ! grep -q 'Objects have changed outside' "$WORK/dhm" &&
    grep -qx '_1 object has changed outside of Terraform (not shown: --drift hide)._' "$WORK/dhm" &&
    grep -q '# test_bucket.x will be updated' "$WORK/dhm"
}
# Filters choose planned-change blocks only: the drift section stays whole.
drift_not_filtered() {
  t --no-color --address 'nothing.*' "${D[@]}" 2>/dev/null | grep -q '# test_bucket.x has changed'
}
check drift_show_is_the_default drift_show_is_the_default
check drift_hide_text drift_hide_text
check drift_hide_no_changes drift_hide_no_changes
check drift_markdown_after_changes drift_markdown_after_changes
check drift_markdown_never_crowds_out_changes drift_markdown_never_crowds_out_changes
check drift_hide_markdown drift_hide_markdown
check drift_not_filtered drift_not_filtered
check bad_drift usage_error --drift sometimes $P
check drift_hide_not_refresh_only usage_error --drift hide --mode refresh-only $P
check drift_not_for_summary usage_error --drift hide --summary $P
check drift_not_for_json usage_error --drift show --format json $P
check drift_not_for_bundle usage_error --drift hide --bundle $P

# --- json -----------------------------------------------------------------------
json() { t --format json $P >"$WORK/j" && golden json.json "$WORK/j" && python3 -m json.tool "$WORK/j" >/dev/null; }
json_grouped_filtered() {
  t --format json --group-by module --action delete,replace $P >"$WORK/j" && golden json-grouped-filtered.json "$WORK/j"
}
json_never_coloured() { in_pty 100 "'$TFSTREAM' --format json $P 2>/dev/null" | cmp -s - "$WORK/j0"; }
json_summary_is_json() { t --summary --format json $P | cmp -s - "$WORK/j0"; }
json_without_schemas() {
  t --format json automation.json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["input_shape"] == "show-json" and d["has_changes"] is False, d
assert [e["address"] for e in d["resource_drift"]] == ["test_bucket.x"], d["resource_drift"]'
}
t --format json $P >"$WORK/j0"
check json json
check json_grouped_filtered json_grouped_filtered
check json_never_coloured json_never_coloured
check json_summary_is_json json_summary_is_json
check json_without_schemas json_without_schemas

# --- detailed exit code -----------------------------------------------------------
detailed_exitcode_changes() {
  local f
  for f in "" "--summary" "--format json" "--format markdown --max-bytes 0" "--summary --format markdown"; do
    exit_is 2 --detailed-exitcode $f $P || return 1
  done
  # The text is the same as without the option.
  t --no-color --detailed-exitcode $P | cmp -s - "$WORK/plain"
}
detailed_exitcode_no_changes() {
  python3 - "$WORK/empty.json" <<'PY'
import json, sys
plan = json.load(open("plan.json"))
plan["resource_changes"] = []
plan["output_changes"] = {}
json.dump(plan, open(sys.argv[1], "w"))
PY
  exit_is 0 --detailed-exitcode "$WORK/empty.json" && exit_is 0 --detailed-exitcode --summary "$WORK/empty.json" &&
    grep -q 'No changes.' <(t --no-color "$WORK/empty.json")
}
detailed_exitcode_drift_and_outputs() {
  # Drift alone is no change (Terraform: "No changes."), unless the plan is refresh-only.
  exit_is 0 --detailed-exitcode --summary automation.json &&
    exit_is 2 --detailed-exitcode --summary --mode refresh-only automation.json &&
    python3 - "$WORK/outputs.json" <<'PY' && exit_is 2 --detailed-exitcode --format json "$WORK/outputs.json"
import json, sys
plan = json.load(open("plan.json"))
plan["resource_changes"] = []
json.dump(plan, open(sys.argv[1], "w"))
PY
}
detailed_exitcode_errors() {
  exit_is 1 --detailed-exitcode --summary --quality errored $P && grep -q 'the plan errored' "$WORK/err" &&
    [ -s "$WORK/out" ] &&
    exit_is 1 --detailed-exitcode --bogus $P && exit_is 1 --detailed-exitcode --format yaml $P &&
    exit_is 1 --detailed --format yaml $P && exit_is 3 --detailed-exitcode --format markdown --max-bytes 1024 $P &&
    exit_is 1 --detailed-exitcode "$WORK/no-such-plan.json" && exit_is 2 --bogus $P
}
check detailed_exitcode_changes detailed_exitcode_changes
check detailed_exitcode_no_changes detailed_exitcode_no_changes
check detailed_exitcode_drift_and_outputs detailed_exitcode_drift_and_outputs
check detailed_exitcode_errors detailed_exitcode_errors

# --- group by module, Markdown for big PRs ---------------------------------------------
summary_grouped() { t --no-color --summary --group-by module $P >"$WORK/s" && golden summary-grouped.out "$WORK/s"; }
summary_markdown() { t --summary --format markdown $P >"$WORK/s" && golden summary.md "$WORK/s"; }
summary_markdown_grouped() {
  t --summary --format markdown --group-by module --title 'prod (eu-west-1)' $P >"$WORK/s" &&
    golden summary-grouped.md "$WORK/s" &&
    [ "$(grep -c '<details>' "$WORK/s")" = "$(grep -c '</details>' "$WORK/s")" ]
}
markdown_alert_on_top() {
  # The destroy alert opens the first part (after its hidden marker), the whole plan's (filters aside).
  t --format markdown --action create $P | sed -n 2p | grep -qx '> \[!WARNING\]' &&
    t --format markdown --action create $P | grep -qx '> This plan destroys 4 resources: 2 deleted, 2 replaced.'
}
markdown_max_parts() {
  mkdir -p "$WORK/mp" &&
    t --format markdown --max-bytes 1100 --max-parts 2 --title prod --details-url 'https://ci.example/runs/7' \
      --output-prefix "$WORK/mp/plan" $P >"$WORK/listing" || return 1
  [ "$(wc -l <"$WORK/listing")" = 2 ] || { echo "  $(wc -l <"$WORK/listing") parts"; return 1; }
  local f n
  for n in 1 2; do
    f=$WORK/mp/plan.$n.md
    [ "$(wc -c <"$f")" -le 1100 ] && [ "$(head -1 "$f")" = "<!-- tfstream:prod:part $n -->" ] &&
      sed -n 2p "$f" | grep -qx '## prod' || { echo "  $f"; return 1; }
  done
  tail -1 "$WORK/mp/plan.2.md" |
    grep -qx '_tfstream: [0-9]* more sections of this plan left out (--max-parts=2)._ \[Full plan\](https://ci.example/runs/7)'
}
markdown_step_summary_recipe() {
  # The README's $GITHUB_STEP_SUMMARY recipe: one document under the limit, never exit 3.
  t --format markdown --max-bytes 2000 --max-parts 1 $P >"$WORK/step" && [ "$(wc -c <"$WORK/step")" -le 2000 ] &&
    grep -q 'left out (--max-parts=1)' "$WORK/step"
}
check summary_grouped summary_grouped
check summary_markdown summary_markdown
check summary_markdown_grouped summary_markdown_grouped
check markdown_alert_on_top markdown_alert_on_top
check markdown_max_parts markdown_max_parts
check markdown_step_summary_recipe markdown_step_summary_recipe

# --- usage ----------------------------------------------------------------------
check bad_action usage_error --action frobnicate $P
# Terraform's word "destroy" is "delete"; a mistyped word gets the nearest.
destroy_is_delete() { t --no-color --action destroy $P | cmp -s - <(t --no-color --action delete $P); }
action_suggests_nearest() {
  ! t --action updte $P >/dev/null 2>"$WORK/err" && grep -q "unknown action 'updte' (did you mean 'update'?" "$WORK/err" &&
    ! t --action recreate $P >/dev/null 2>"$WORK/err" && grep -q "did you mean 'replace'?" "$WORK/err"
}
check destroy_is_delete destroy_is_delete
check action_suggests_nearest action_suggests_nearest
# Two PLAN arguments: our own one-line message.
two_plans() { usage_error $P $P && grep -qx "tfstream: one PLAN only, got 2 ('$P', '$P'); the provider schemas go with --schemas FILE" "$WORK/err"; }
check two_plans two_plans
# Filters that match no block: the usual output, and a note on standard error.
filter_matching_nothing_says_so() {
  local form
  for form in --no-color --summary "--format markdown"; do
    # shellcheck disable=SC2086  # the form is one or two words
    t $form --address 'module.nope' $P >"$WORK/out" 2>"$WORK/err" || return 1
    grep -qx "tfstream: note: --action/--address matched none of the plan's 12 resource blocks" "$WORK/err" ||
      { echo "  $form: $(cat "$WORK/err")"; return 1; }
  done
  t --no-color --action delete $P >/dev/null 2>"$WORK/err" && [ ! -s "$WORK/err" ]
}
check filter_matching_nothing_says_so filter_matching_nothing_says_so
# A root-module pattern that matches nothing at the root but would inside
# modules says so.
filter_root_pattern_hints_modules() {
  t --no-color --action update --address 'test_bucket.*' $P >/dev/null 2>"$WORK/err" &&
    grep -qx "tfstream: note: --action/--address matched none of the plan's 12 resource blocks; a pattern matches from the root module only: '\*\*.test_bucket.\*' would match 2 inside modules" "$WORK/err" ||
    { echo "  $(cat "$WORK/err")"; return 1; }
}
check filter_root_pattern_hints_modules filter_root_pattern_hints_modules
# `tofu` is the program; the flavour is opentofu.
flavor_tofu_suggests_opentofu() {
  usage_error --flavor tofu $P &&
    grep -qx "tfstream: --flavor must be terraform, opentofu or auto, not 'tofu' (OpenTofu's renderer is --flavor opentofu)" "$WORK/err"
}
check flavor_tofu_suggests_opentofu flavor_tofu_suggests_opentofu
# --schemas FILE and no PLAN, standard input a terminal: the plan was meant as PLAN.
schemas_without_plan_on_a_terminal() {
  in_pty 100 "'$TFSTREAM' --schemas plan.json; echo \"exit \$?\"" >"$WORK/out"
  grep -q "tfstream: no PLAN given and standard input is a terminal: --schemas plan.json names the provider schemas; give the plan as PLAN: tfstream --schemas schemas.json plan.json" "$WORK/out" &&
    grep -q '^exit 2' "$WORK/out" || { echo "  $(cat "$WORK/out")"; return 1; }
}
check schemas_without_plan_on_a_terminal schemas_without_plan_on_a_terminal
check empty_address usage_error --address '' $P
check bad_format usage_error --format yaml $P
check tiny_max_bytes usage_error --format markdown --max-bytes 100 $P
check max_bytes_needs_markdown usage_error --max-bytes 5000 $P
check prefix_needs_markdown usage_error --output-prefix x $P
check empty_prefix usage_error --format markdown --output-prefix '' $P
check json_not_coloured usage_error --format json --color always $P
check json_no_max_bytes usage_error --format json --max-bytes 5000 $P
check bad_group_by usage_error --summary --group-by type $P
check group_by_needs_summary usage_error --group-by module $P
check max_parts_needs_markdown usage_error --max-parts 2 $P
check title_needs_markdown usage_error --summary --title x $P
check zero_max_parts usage_error --format markdown --max-parts 0 $P
check max_parts_needs_limit usage_error --format markdown --max-bytes 0 --max-parts 2 $P
check empty_title usage_error --format markdown --title '' $P
check markdown_not_coloured usage_error --format markdown --color always $P
check bad_progress usage_error --progress sometimes $P
check negative_width usage_error --width -1 $P
unwritable_prefix() {
  # A directory that cannot be made (even as root: /proc takes none).
  t --format markdown --output-prefix /proc/tfstream-none/x $P >/dev/null 2>"$WORK/err"
  [ $? = 1 ] && grep -q 'cannot create the directory /proc/tfstream-none for --output-prefix: ' "$WORK/err"
}
version_names_renderer() { t --version | grep -q 'terraform: hashicorp/terraform internal/command/jsonformat @883c7221ee2e' && t --version | grep -q 'opentofu:  opentofu/opentofu v1.12.6 internal/command/jsonformat @b4305e5a5dd2'; }
help_documents_options() {
  local h w
  h=$(t --help-all) || return 1
  for w in --action --address --summary --format --max-bytes --output-prefix --progress --detailed-exitcode \
    --group-by --max-parts --details-url --title Terminal: Progress: Filters: Summary: Markdown: JSON: \
    'Exit status:' Examples:; do
    grep -q -- "$w" <<<"$h" || { echo "  --help lacks $w"; return 1; }
  done
}
bad_input_anywhere_fails_every_form() {
  # Broken JSON in a section nothing is read from still fails, before any output.
  sed 's/"plan_format_version": "1.2",/"plan_format_version": "1.2", "configuration": {"x": [1,,2]},/' $P >"$WORK/bad.json"
  local args rc
  for args in "--summary" "--format markdown" "--format markdown --output-prefix $WORK/badmd" "--format json" \
    "--summary --format markdown"; do
    t $args "$WORK/bad.json" >"$WORK/out" 2>"$WORK/err"
    rc=$?
    [ $rc = 1 ] && [ ! -s "$WORK/out" ] && grep -q "bad.json: byte [0-9]*: expected a value" "$WORK/err" &&
      [ ! -e "$WORK/badmd.1.md" ] || { echo "  [$args] exit $rc: $(cat "$WORK/err")"; return 1; }
  done
}
check bad_input_anywhere_fails_every_form bad_input_anywhere_fails_every_form
check unwritable_prefix unwritable_prefix
# What README says of --width 0, -j 0 and --schemas -.
width_zero_does_not_wrap() {
  t --no-color --width 0 $P >"$WORK/w0" && t --no-color --width 1 $P | cmp -s - "$WORK/w0" &&
    [ "$(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$WORK/w0")" -gt 78 ] &&
    ! cmp -s "$WORK/w0" "$WORK/plain"
}
jobs_zero_is_the_default() { t --no-color -j 0 $P | cmp -s - "$WORK/plain"; }
schemas_from_stdin() {
  t --no-color --schemas schemas.json automation.json >"$WORK/a" &&
    t --no-color --schemas - automation.json <schemas.json | cmp -s - "$WORK/a"
}
check width_zero_does_not_wrap width_zero_does_not_wrap
check jobs_zero_is_the_default jobs_zero_is_the_default
check schemas_from_stdin schemas_from_stdin
check version_names_renderer version_names_renderer
check help_documents_options help_documents_options
finish
