#!/usr/bin/env bash
# Nesting: Go's decoder stops at 10000 levels ("exceeded max depth"), counted
# over the whole document; tfstream must report the same limit at the same
# byte, in bounded time and memory, whatever the depth (1,000,000 here), and
# render values just under the limit without overflowing a stack, on the
# calling thread (-j1) as on worker threads (-j2, >= 64 resources).
source "$(dirname "$0")/lib.sh"

P=$FIXTURES/plan.json
MSG='exceeded maximum nesting depth of 10000'
# offset_of FILE TEXT: byte offset of the first TEXT in FILE.
offset_of() { grep -boF -m1 -- "$2" "$1" | head -n 1 | cut -d: -f1; }

# --- 1,000,000 levels, in a section nothing reads -------------------------------
# '{' is level 1, so the 10000th '[' (at 5 + 9999) opens level 10001.
printf '{"x":%s' "$($PYTHON -S -c 'print("[" * 1000000, end="")')" >deep_open.json
expect_error deep/million-unclosed deep_open.json --offset 10004 --match "$MSG" -- deep_open.json
$PYTHON -S -c 'print("{\"x\":" + "[" * 1000000 + "]" * 1000000 + "}")' >deep_closed.json
expect_error deep/million-closed deep_closed.json --offset 10004 --match "$MSG" -- deep_closed.json
expect_error deep/million-stdin '<stdin>' --offset 10004 --match "$MSG" -- - <deep_closed.json
cat deep_closed.json | expect_error deep/million-pipe '<stdin>' --offset 10004 --match "$MSG" -- -
$PYTHON -S -c 'print("{\"x\":" + "{\"a\":" * 1000000 + "1" + "}" * 1000000 + "}")' >deep_objects.json
expect_error deep/million-objects deep_objects.json --offset $((5 + 9999 * 5)) --match "$MSG" -- deep_objects.json
# A top-level array is refused before any depth matters.
$PYTHON -S -c 'print("[" * 1000000)' >deep_top.json
expect_error deep/million-top-level deep_top.json --offset 0 --match "expected '\\{'" -- deep_top.json

# --- exactly at the limit ----------------------------------------------------------
$PYTHON -S -c 'print("{\"configuration\":" + "[" * 9999 + "]" * 9999 + "}")' >deep_10000.json
tf --no-color deep_10000.json
result deep/10000-levels-accepted "$([ "$RC" = 0 ] && [ ! -s "$W/err" ] && echo 1 || echo 0)" "$(describe_run)"
$PYTHON -S -c 'print("{\"x\":" + "[" * 10000 + "]" * 10000 + "}")' >deep_10001.json
expect_error deep/10001-levels-refused deep_10001.json --offset 10004 --match "$MSG" -- deep_10001.json

# --- inside a resource change --------------------------------------------------------
# The value of "dyn" in "after" is at level 6 (document, resource_changes,
# the change, "change", "after"), so its 9995th '[' opens level 10001.
mutate "$P" deep_value.json '"n":2,"dyn":null' '"n":2,"dyn":<<[*1000000>>'
start=$(offset_of deep_value.json '[[[')
expect_error deep/million-in-resource deep_value.json --offset $((start + 9995)) --match "$MSG" -- deep_value.json
mutate "$P" deep_value_limit.json '"n":2,"dyn":null' '"n":2,"dyn":<<[*9996>><<]*9996>>'
start=$(offset_of deep_value_limit.json '[[[')
expect_error deep/limit-in-resource deep_value_limit.json --offset $((start + 9995)) --match "$MSG" -- \
  deep_value_limit.json

# At the limit (10000 levels in all), diffed but unchanged (so hidden): the
# differ recurses 9995 levels. Worker threads render when there are 64+
# resources and -j > 1; one of the 70 is deep (the differ is quadratic in
# depth: seconds per deep value).
mutate "$P" deep_ok.json '"dyn":null' '"dyn":<<[*9995>><<]*9995>>' 2
$MUTATE many "$P" many.json 70
mutate many.json deep_ok_many.json '"dyn":null' '"dyn":<<[*9995>><<]*9995>>' 2
for j in 1 2; do
  tf --no-color -j $j deep_ok.json
  out_has "deep/10000-levels-diffed-j$j" '        # (1 unchanged attribute hidden)'
  tf --no-color -j $j deep_ok_many.json
  out_has "deep/10000-levels-diffed-70-resources-j$j" 'Plan: 1 to add, 70 to change, 0 to destroy.'
done
# Under an address-space limit (ulimit -v 400 MB) no 1 GiB or 512 MiB stack
# can be reserved: the pipeline takes a smaller one that still holds the
# deepest values, and the blocks are rendered on it rather than on threads
# with small stacks. (Sanitized builds cannot run under such a limit.)
if (ulimit -v 400000 && "$TFSTREAM" --version) >/dev/null 2>&1; then
  for j in 1 2; do
    (ulimit -v 400000 && exec timeout -k 5 "$RUN_TIMEOUT" "$TFSTREAM" --no-color -j $j deep_ok_many.json) \
      >"$W/out" 2>"$W/err"
    RC=$?
    out_has "deep/10000-levels-diffed-address-space-limited-j$j" 'Plan: 1 to add, 70 to change, 0 to destroy.'
  done
else
  echo "SKIP deep/10000-levels-diffed-address-space-limited: tfstream does not start under ulimit -v 400000"
fi
# Printed: 1000 levels of lists, one line per level each way.
mutate "$P" deep_print.json '"n":2,"dyn":null' '"n":2,"dyn":<<[*1000>><<]*1000>>'
tf --no-color deep_print.json
# ("+ dyn = [", 998 "+ [" lines, then the innermost "+ [],").
opened=$(grep -c '^ *+ \[$' "$W/out")
innermost=$(grep -c '^ *+ \[\],$' "$W/out")
result deep/1000-levels-printed "$([ "$RC" = 0 ] && [ "$opened" = 998 ] && [ "$innermost" = 1 ] && echo 1 || echo 0)" \
  "$opened nested '+ [' lines, $innermost '+ [],'; $(describe_run)"

# --- JSON inside a string value ----------------------------------------------------------
# Terraform shows a string holding JSON as jsonencode(...); too deep for Go's
# decoder, it is just a string.
mutate "$P" deep_string.json '"value":"y"' '"value":"<<[*1000000>><<]*1000000>>"'
tf --no-color deep_string.json
$PYTHON -S -c 'print("      ~ value = \"x\" -> \"" + "[" * 1000000 + "]" * 1000000 + "\"")' >want.txt
out_has_line_in deep/million-in-string-is-plain want.txt
mutate "$P" deep_string_10001.json '"value":"y"' '"value":"<<[*10001>><<]*10001>>"'
tf --no-color deep_string_10001.json
$PYTHON -S -c 'print("      ~ value = \"x\" -> \"" + "[" * 10001 + "]" * 10001 + "\"")' >want.txt
out_has_line_in deep/10001-in-string-is-plain want.txt
mutate "$P" deep_string_200.json '"value":"y"' '"value":"<<[*200>><<]*200>>"'
tf --no-color deep_string_200.json
out_has deep/200-in-string-is-json '      ~ value = "x" -> jsonencode('

# --- the schemas ----------------------------------------------------------------------------
S=$FIXTURES/schemas.json
mutate "$S" deep_schemas.json '{"format_version":"1.0"' '{"x":<<[*1000000>>,"format_version":"1.0"'
expect_error deep/million-in-schemas-file deep_schemas.json --offset $((5 + 9999)) --match "$MSG" -- \
  --schemas deep_schemas.json "$FIXTURES/show.json"
mutate "$P" deep_embedded.json '"resource_schemas":{' '"x":<<{"a":*1000000>>1,"resource_schemas":{'
start=$(offset_of deep_embedded.json '{"a":')
# provider_schemas (level 2) > provider (3) > the 9998th {"a": opens level 10001.
expect_error deep/million-in-provider-schemas deep_embedded.json --offset $((start + 9997 * 5)) --match "$MSG" -- \
  deep_embedded.json

# --- module addresses nested deep (--group-by module) -----------------------------------------
# A module tree keeps each node's own step, so depth costs the address's
# length; past 1000 modules the grouping is refused (every header would
# repeat an address of 9000+ bytes), before any output, in every form.
deep_module_plan() {  # deep_module_plan DEPTH FILE
  $PYTHON -S -c "import sys; a = 'module.m.' * $1 + 't.r'; print('{\"format_version\":\"1.2\",\"resource_changes\":[{\"address\":\"' + a + '\",\"mode\":\"managed\",\"type\":\"t\",\"name\":\"r\",\"provider_name\":\"registry.terraform.io/hashicorp/t\",\"change\":{\"actions\":[\"create\"],\"before\":null,\"after\":{}}}]}')" >"$2"
}
deep_module_plan 200000 deep_modules.json
for form in "" "--format markdown --max-bytes 0" "--format json"; do
  expect_error "deep/modules-200000${form:+/${form%% *}${form#--format }}" deep_modules.json --file-level \
    --match '--group-by module: the address "module.m.module.m.*\.\.\." is nested more than 1000 modules deep' -- \
    --summary --group-by module $form deep_modules.json
done
deep_module_plan 1000 deep_modules_1000.json
tf --summary --group-by module deep_modules_1000.json
result deep/modules-1000-grouped "$([ "$RC" = 0 ] && [ "$(grep -c '^ *module\.m' "$W/out")" = 1000 ] && echo 1 || echo 0)" "$(describe_run)"

# --- a state's child modules nested 4900 deep, its pre-scan split -----------------
# At --jobs 2 a second thread reads half of a module array; each nested module
# is one level of its recursion. 30 chains of 4900 modules (5 MB, the split
# forced at any size): it must run on a deep stack, not std::thread's, and find
# what one thread finds. Run with a 1 MiB stack limit, under which a thread of
# the default size overflowed.
$PYTHON -S -c "
chain = '{\"resources\":[],\"child_modules\":[' * 4900 + '{\"resources\":[]}' + ']}' * 4900
print('{\"format_version\":\"1.0\",\"values\":{\"root_module\":{\"resources\":[],\"child_modules\":[' + ','.join([chain] * 30) + ']}}}')" >deep_state_modules.json
( ulimit -s 1024; TFSTREAM_CROSS_CHECK=1 TFSTREAM_SPLIT_MIN_BYTES=0 timeout -k 5 "$RUN_TIMEOUT" "$TFSTREAM" --state --no-color --jobs 2 deep_state_modules.json >"$W/out2" 2>"$W/err2"; echo $? >"$W/rc2" )
tf --state --no-color --jobs 1 deep_state_modules.json
result deep/state-modules-4900-split \
  "$([ "$(cat "$W/rc2")" = "$RC" ] && [ "$RC" = 0 ] && cmp -s "$W/out" "$W/out2" && cmp -s "$W/err" "$W/err2" && echo 1 || echo 0)" \
  "-j2 split exit $(cat "$W/rc2") ($(head -c 200 "$W/err2")), -j1 $(describe_run)"

finish
