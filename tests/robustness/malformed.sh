#!/usr/bin/env bash
# Invalid JSON, trailing garbage, byte order marks, NUL bytes, empty input.
# Every error is reported at the exact byte offset Go's scanner would point
# at; errors in the document's structure are found by the pre-scan, before
# anything is written, errors inside a resource's values (which the pre-scan
# skips by structure) as that resource is rendered.
source "$(dirname "$0")/lib.sh"

# --- invalid JSON: offset | message pattern | document (printf format) -------
CASES_TABLE=(
  "0|found '\\['|[]"
  "0|found '\"'|\"x\""
  '1|end of input|{'
  "4|expected ':'|{\"a\""
  '5|end of input|{"a":'
  "5|expected a value, found '\\}'|{\"a\":}"
  "5|expected ':'|{\"a\" 1}"
  "1|found ','|{,}"
  "7|found '\\}'|{\"a\":1,}"
  "8|expected a value, found '\\]'|{\"a\":[1,]}"
  '8|invalid literal|{"a":tru}'
  '8|invalid literal|{"a":nul}'
  '9|invalid literal|{"a":fals}'
  "6|found '1'|{\"a\":01}"
  '7|decimal point|{"a":1.}'
  '6|expected a digit|{"a":-}'
  '7|exponent|{"a":1e}'
  "5|found '\\+'|{\"a\":+1}"
  "5|found '\\.'|{\"a\":.5}"
  "5|found 'N'|{\"a\":NaN}"
  "5|found 'I'|{\"a\":Infinity}"
  '7|invalid escape|{"a":"\\x"}'
  '10|hex digit|{"a":"\\u12G4"}'
  '7|end of input in string|{"a":"x'
  '8|end of input in string escape|{"a":"x\\'
  "1|found '''|{'a':1}"
  "7|after the end of the plan: '\\{'|{\"a\":1}{\"b\":2}"
  "8|after the end of the plan: 'x'|{\"a\":1} x"
  "7|after the end of the plan: '\\}'|{\"a\":1}}"
  "7|after the end of the plan: ','|{\"a\":1},"
  '7|after the end of the plan: byte 0x00|{"a":1}\0'
  "0|found '/'|// comment\n{}"
  "1|found '/'|{/* comment */}"
  '9|control character.*0x09|{"a":"tab\there"}'
  '8|control character.*0x0a|{"a":"nl\nx"}'
  '4|byte 0x0c|{"a"\f:1}'
  '1|byte 0xc2|{\302\240"a":1}'
  "7|found '2'|{\"a\":1 2}"
  "6|found '\\}'|{\"a\":[}"
  "6|found '\\]'|{\"a\":{]}"
  "7|found '\\}'|{\"a\":[1}"
  '0|byte 0xff|\377{}'
  '11|byte 0xff|{"a":1,"b":\377}'
  '3|control character.*0x00|{"a\0":1}'
  '6|control character.*0x00|{"a":"\0"}'
  '0|byte 0x00|\0{}'
  '1|byte 0x00|{\0}'
  '1|byte 0x00|{\x00"\x00a\x00"\x00:\x001\x00}\x00'
  '34|control character.*0x01|{"resource_changes":[{"address":"x\001"}]}'
)
i=0
for entry in "${CASES_TABLE[@]}"; do
  offset=${entry%%|*}
  rest=${entry#*|}
  pattern=${rest%%|*}
  doc=${rest#*|}
  printf "$doc" >"bad$i.json"
  expect_error "invalid-json/$i" "bad$i.json" --offset "$offset" --match "$pattern" -- "bad$i.json"
  i=$((i + 1))
done

# A document of just null is valid JSON (Go decodes it into the plan's struct
# as nothing) but no plan: refused, not rendered as one without changes
# (not_a_plan.sh has the other documents that are not plans).
printf ' null\n' >null.json
expect_error invalid-json/null-is-not-a-plan null.json --file-level --match 'the document is null, not a plan' -- --no-color null.json

# The same errors through standard input (spooled) and in the schemas file.
printf '{"a":tru}' | expect_error invalid-json/stdin '<stdin>' --offset 8 --match 'invalid literal' -- --no-color
# Empty input (no bytes, or only whitespace) is named as such, with how to
# give a plan: a failed command before the pipe, or a plan named by
# --schemas with PLAN forgotten, leave standard input empty.
printf '' | expect_error empty/stdin-pipe '<stdin>' --file-level \
  --match 'standard input is empty, no plan came through it \(did the command before the pipe fail\?\)' -- --no-color -
expect_error empty/stdin-dev-null '<stdin>' --file-level --match 'standard input is empty' -- --no-color - </dev/null
expect_error empty/schemas-given-plan-forgotten '<stdin>' --file-level \
  --match 'standard input is empty, no plan came through it: give the plan as PLAN, the provider schemas with --schemas' \
  -- --no-color --schemas "$FIXTURES/show.json" </dev/null
: >empty.json
expect_error empty/file empty.json --file-level --match 'the file is empty, no plan .*`terraform show -json PLANFILE`' -- empty.json
printf ' \n\t\r ' >blank.json
expect_error empty/whitespace-file blank.json --file-level --match 'the file is only whitespace, no plan' -- blank.json
expect_error empty/schemas-file empty.json --file-level --match 'the schemas file is empty: make it with' -- \
  --schemas empty.json "$FIXTURES/show.json"
printf '{"format_version":"1.0","provider_schemas":{"p":{]}}' >bad_schemas.json
expect_error invalid-json/schemas-file bad_schemas.json --offset 49 -- --schemas bad_schemas.json "$FIXTURES/show.json"

# --- invalid JSON inside a real plan, wherever it is -------------------------
P=$FIXTURES/plan.json
mutate "$P" m1.json '"value":"y"' '"value":y"'
expect_error invalid-json/in-resource-value m1.json --offset 333 --match 'found .y.' -- m1.json
mutate "$P" m2.json '"test_thing":{"version":0' '"test_thing":{"version":0,,'
expect_error invalid-json/in-provider-schemas m2.json --offset 844 -- m2.json
mutate "$P" m3.json '{"plan_format_version"' '{"configuration":{"x":[1,2,}]},"plan_format_version"'
expect_error invalid-json/in-unread-section m3.json --offset 27 -- m3.json
mutate "$P" m4.json '"resource_changes":[' '"output_changes":{"o":{"actions":["create"],"after":1,}},"resource_changes":['
expect_error invalid-json/in-output-changes m4.json --offset 115 -- m4.json

# Sections nothing reads may be validated after the blocks are written (the
# pre-scan skips them by structure): then the error follows whole blocks.
"$TFSTREAM" --no-color "$P" >good.out 2>/dev/null
mutate "$P" late1.json '{"plan_format_version"' '{"configuration":{"x":"bad\\q"},"plan_format_version"'
expect_error invalid-json/unread-section-bad-escape late1.json --offset 27 --match "invalid escape in string: 'q'" \
  --stdout-prefix good.out --boundary @line -- --no-color late1.json
mutate "$P" late2.json '"provider_format_version":"1.0"' '"provider_format_version":"1.0","zzz":[1,tru]'
expect_error invalid-json/unread-section-bad-literal late2.json --offset 73 --match "invalid literal" \
  --stdout-prefix good.out --boundary @line -- --no-color late2.json
mutate "$P" late3.json '"provider_format_version":"1.0"' '"provider_format_version":"1.0","zzz":{"a":-}'
expect_error invalid-json/unread-section-bad-number late3.json --offset 73 --match "found '\}'" \
  --stdout-prefix good.out --boundary @line -- --no-color late3.json

# A resource_changes array that a repeated key replaces is never rendered,
# but still checked (show -json shape, whose changes the pre-scan skips by
# structure): --summary before any output, the text after the blocks.
mutate "$P" replaced.json '"resource_changes":[' '"resource_changes":[{"address":"null_resource.z","mode":"managed","type":"null_resource","name":"z","provider_name":"registry.terraform.io/hashicorp/null","change":{"actions":["create"],"before":null,"after":{"x":tru},"after_unknown":{}}}],"resource_changes":['
at=$(($(grep -bo 'tru}' replaced.json | head -n 1 | cut -d: -f1) + 3))  # the '}' ends the literal
expect_error invalid-json/replaced-resource-changes replaced.json --offset "$at" --match "invalid literal" \
  --stdout-prefix good.out --boundary @line -- --no-color replaced.json
expect_error invalid-json/replaced-resource-changes-summary replaced.json --offset "$at" --match "invalid literal" \
  -- --no-color --summary replaced.json
S=$FIXTURES/show.json
mutate "$S" replaced_show.json '"resource_changes":[' '"resource_changes":[{"address":"null_resource.z","mode":"managed","type":"null_resource","name":"z","provider_name":"registry.terraform.io/hashicorp/null","change":{"actions":["create"],"before":null,"after":{"x":tru},"after_unknown":{}}}],"resource_changes":['
at=$(($(grep -bo 'tru}' replaced_show.json | head -n 1 | cut -d: -f1) + 3))
expect_error invalid-json/replaced-resource-changes-show-summary replaced_show.json --offset "$at" \
  --match "invalid literal" -- --no-color --summary --schemas "$FIXTURES/schemas.json" replaced_show.json
"$TFSTREAM" --no-color --schemas "$FIXTURES/schemas.json" "$S" >good_show.out 2>/dev/null
expect_error invalid-json/replaced-resource-changes-show replaced_show.json --offset "$at" --match "invalid literal" \
  --stdout-prefix good_show.out --boundary @line -- --no-color --schemas "$FIXTURES/schemas.json" replaced_show.json

# --- trailing garbage after a complete plan ----------------------------------
"$TFSTREAM" --no-color "$P" >good.out 2>/dev/null || result trailing/setup 0 "fixture does not render"
size=$(wc -c <"$P")
for garbage in ' x' '}' '{}' ',' '\0' 'null' '\357\273\277'; do
  { head -c "$size" "$P"; printf "$garbage"; } >trail.json
  expect_error "trailing/$(printf %s "$garbage" | od -An -tx1 | tr -d ' \n')" trail.json \
    --match 'unexpected data after the end of the plan' -- --no-color trail.json
done
{ cat "$P"; printf '\n \t\r\n'; } >trail_ws.json
expect_ok trailing/whitespace-is-fine good.out -- --no-color trail_ws.json

# --- byte order marks ----------------------------------------------------------
{ printf '\357\273\277'; cat "$P"; } >bom.json
expect_error bom/utf8 bom.json --offset 0 --match 'UTF-8 byte order mark' -- bom.json
{ printf '\357\273\277'; cat "$P"; } | expect_error bom/utf8-stdin '<stdin>' --offset 0 --match 'UTF-8 byte order mark' -- -
printf '\377\376{\0}\0' >bom16.json
expect_error bom/utf16le bom16.json --offset 0 --match 'UTF-16 byte order mark' -- bom16.json
printf '\376\377\0{\0}' >bom16be.json
expect_error bom/utf16be bom16be.json --offset 0 --match 'UTF-16 byte order mark' -- bom16be.json
{ printf '\357\273\277'; cat "$FIXTURES/schemas.json"; } >bom_schemas.json
expect_error bom/schemas-file bom_schemas.json --offset 0 --match 'UTF-8 byte order mark' -- \
  --schemas bom_schemas.json "$FIXTURES/show.json"
# Inside a string a BOM is just U+FEFF, which Go's %q escapes (not printable).
mutate "$P" bom_in_string.json '"value":"y"' '"value":"\xef\xbb\xbfy"'
tf --no-color bom_in_string.json
out_has bom/inside-a-string '      ~ value = "x" -> "\ufeffy"'

# --- NUL bytes -----------------------------------------------------------------
mutate "$P" nul1.json '"value":"y"' '"value":"a\x00b"'
# Inside a resource's values, an error is found as that resource is rendered:
# the blocks before it stay whole (here, only the legend precedes it).
expect_error nul/raw-in-string nul1.json --offset 335 --match 'control character in string .byte 0x00' \
  --stdout-prefix good.out --boundary @line -- --no-color nul1.json
mutate "$P" nul2.json '"value":"y"' '"value":\x00"y"'
expect_error nul/between-tokens nul2.json --offset 333 --match 'byte 0x00' \
  --stdout-prefix good.out --boundary @line -- --no-color nul2.json
mutate "$P" nul3.json '"value":"y"' '"value":"a\\u0000b"'
tf --no-color nul3.json
out_has nul/escaped-in-value '      ~ value = "x" -> "a\x00b"'
mutate "$P" nul4.json '"tags":{"k":"w"}' '"tags":{"k\\u0000":"w"}'
tf --no-color nul4.json
out_has nul/escaped-in-key '          + "k\x00" = "w"'
mutate "$P" nul5.json '"test_thing.b"' '"test_thing.b\\u0000"' 0
tf --no-color nul5.json
result nul/escaped-in-address "$([ "$RC" = 0 ] && echo 1 || echo 0)" "$(describe_run)"

finish
