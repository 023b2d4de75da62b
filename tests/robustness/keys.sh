#!/usr/bin/env bash
# Repeated and case-variant keys, read as Go's encoding/json decodes them into
# Terraform's structs: a key names a field case-insensitively, with Go's
# folding (U+017F long s is 's', U+212A Kelvin sign 'k'; U+0130 and U+0131
# are no 'i'); of several keys naming one field the last in the document counts,
# whether or not it is the exact name; null leaves a string as it was; a
# repeated struct ("change") adds to the earlier one; a []string decodes into
# the slice already there. The legend, counts and --summary (the pre-scan)
# and the blocks (the renderer) must agree: each variant renders byte for
# byte as the plan it means, on one thread and on several.
source "$(dirname "$0")/lib.sh"

P=$FIXTURES/plan.json
# test_thing.a is the first resource change; its change object ends here.
A_END='"after_sensitive":{}}},{"address":"test_thing.b"'

# same ID VARIANT MEANT: VARIANT renders as MEANT, as text, --summary and
# --format json, and as 100 copies of the first resource on two threads.
same() {
  local id=$1 variant=$2 meant=$3
  "$TFSTREAM" --no-color "$meant" >meant.out
  "$TFSTREAM" --no-color --summary "$meant" >meant.summary
  "$TFSTREAM" --format json "$meant" >meant.json
  expect_ok "$id" meant.out -- --no-color "$variant"
  expect_ok "$id/summary" meant.summary -- --no-color --summary "$variant"
  expect_ok "$id/json" meant.json -- --format json "$variant"
  $MUTATE many "$variant" many_variant.json 100
  $MUTATE many "$meant" many_meant.json 100
  "$TFSTREAM" --no-color -j 2 many_meant.json >many_meant.out
  expect_ok "$id/j2" many_meant.out -- --no-color -j 2 many_variant.json
}

# The plans meant (each checked to differ from the fixture where it should).
mutate "$P" delete.json '"actions":["update"]' '"actions":["delete"]'
mutate "$P" unknown.json '"after_unknown":{}' '"after_unknown":{"value":true}'
mutate "$P" importing.json '"actions":["update"]' '"actions":["update"],"importing":{"id":"x"}'
"$TFSTREAM" --no-color "$P" >fixture.out
for f in delete unknown importing; do
  "$TFSTREAM" --no-color $f.json >$f.out
  cmp -s $f.out fixture.out
  result "keys/setup-$f-differs" "$([ $? != 0 ] && echo 1 || echo 0)" "$f.json renders as the fixture"
done

# --- the last key naming a field wins, exact name or not ------------------------------
mutate "$P" v.json "$A_END" '"after_sensitive":{},"Actions":["delete"]}},{"address":"test_thing.b"'
same keys/case-variant-after-exact v.json delete.json
mutate "$P" v.json '"actions":["update"]' '"ACTIONS":["delete"],"actions":["update"]'
same keys/exact-after-case-variant v.json "$P"
mutate "$P" v.json "$A_END" '"after_sensitive":{},"actions":["delete"]}},{"address":"test_thing.b"'
same keys/exact-duplicate v.json delete.json
mutate "$P" v.json '"resource_changes":[' '"RESOURCE_CHANGES":[],"Resource_Changes":['
same keys/top-level-case-variants v.json "$P"

# --- Go's folding of non-ASCII runes --------------------------------------------------
mutate "$P" v.json "$A_END" '"after_sensitive":{},"action\xc5\xbf":["delete"]}},{"address":"test_thing.b"'
same keys/fold-long-s v.json delete.json
mutate "$P" v.json "$A_END" '"after_sensitive":{},"action\\u017F":["delete"]}},{"address":"test_thing.b"'
same keys/fold-long-s-escaped v.json delete.json
mutate "$P" v.json "$A_END" '"after_sensitive":{},"act\xc4\xb1ons":["delete"]}},{"address":"test_thing.b"'
same keys/no-fold-dotless-i v.json "$P"
mutate "$P" v.json "$A_END" '"after_sensitive":{},"ACT\\u0130ONS":["delete"]}},{"address":"test_thing.b"'
same keys/no-fold-dotted-capital-i v.json "$P"
mutate "$P" v.json '"after_unknown":{}' '"after_unknown":{},"after_un\xe2\x84\xaanown":{"value":true}'
same keys/fold-kelvin-sign v.json unknown.json
mutate "$P" v.json '"resource_changes":[' '"re\xc5\xbfource_changes":['
mutate v.json v2.json '"provider_schemas":' '"provider_\\u017Fchemas":'
same keys/fold-top-level v2.json "$P"
# Look-alikes that do not fold to ASCII name no field.
mutate "$P" v.json "$A_END" '"after_sensitive":{},"act\xd1\x96ons":["delete"]}},{"address":"test_thing.b"'
same keys/no-fold-cyrillic-i v.json "$P"
mutate "$P" v.json '"after_unknown":{}' '"after_unknown":{},"after_un\xe2\x84\xabnown":{"value":true}'
same keys/no-fold-angstrom-sign v.json "$P"

# --- null, repeated structs and slices --------------------------------------------------
mutate "$P" v.json '"mode":"managed"' '"mode":"managed","MODE":null'
mutate v.json v2.json '"address":"test_thing.a"' '"address":"test_thing.a","Address":null'
same keys/null-leaves-strings v2.json "$P"
mutate "$P" v.json "$A_END" '"after_sensitive":{}},"Change":{"actions":["delete"]}},{"address":"test_thing.b"'
same keys/repeated-change-adds v.json delete.json
mutate "$P" v.json "$A_END" '"after_sensitive":{}},"change":null,"change":{"actions":["delete"]}},{"address":"test_thing.b"'
same keys/repeated-change-exact-adds v.json delete.json
mutate "$P" v.json "$A_END" '"after_sensitive":{},"actions":[null]}},{"address":"test_thing.b"'
same keys/actions-null-element-keeps v.json "$P"
# The worker parses a block at once when its first actions alone make it
# shown; a later repeated "actions", "change" or "mode" still decides, as in
# the pre-scan.
mutate "$P" noop.json '"actions":["update"]' '"actions":["no-op"]'
mutate "$P" v.json '"actions":["update"]' '"actions":["update"],"Actions":["no-op"]'
same keys/update-then-noop-actions v.json noop.json
mutate "$P" v.json "$A_END" '"after_sensitive":{}},"change":{"actions":["no-op"]}},{"address":"test_thing.b"'
same keys/update-then-noop-change v.json noop.json
mutate noop.json v.json '"actions":["no-op"]' '"actions":["no-op"],"actions":["update"]'
same keys/noop-then-update-actions v.json "$P"
mutate noop.json v.json "$A_END" '"after_sensitive":{}},"CHANGE":{"actions":["update"]}},{"address":"test_thing.b"'
same keys/noop-then-update-change v.json "$P"
# (A data source's schema, for the plans where test_thing.a reads as one.)
mutate delete.json ds_delete.json '"resource_schemas":' '"data_source_schemas":{"test_thing":{"version":0,"block":{}}},"resource_schemas":'
mutate ds_delete.json data_delete.json '"mode":"managed"' '"mode":"data"'
mutate ds_delete.json v.json "$A_END" '"after_sensitive":{}},"Mode":"data"},{"address":"test_thing.b"'
same keys/delete-then-mode-data v.json data_delete.json
mutate data_delete.json v.json "$A_END" '"after_sensitive":{}},"mode":"managed"},{"address":"test_thing.b"'
same keys/data-then-mode-managed v.json ds_delete.json
mutate "$P" v.json '"actions":["update"]' '"actions":["update"],"importing":{"id":"y"},"Importing":null'
same keys/importing-null-clears v.json "$P"
mutate "$P" v.json '"actions":["update"]' '"actions":["update"],"importing":null,"Importing":{"id":"x"}'
same keys/importing-after-null v.json importing.json

# A later "resource_changes": null leaves no changes at all.
$PYTHON -S - "$P" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
end = data.rindex(b"}")
open("rc_null_later.json", "wb").write(data[:end] + b',"Resource_Changes":null' + data[end:])
start = data.index(b'"resource_changes":[') + len(b'"resource_changes":')
stop = data.index(b',"provider_schemas"')  # the array ends just before
assert data[stop - 1:stop] == b"]"
open("rc_null.json", "wb").write(data[:start] + b"null" + data[stop:])
EOF
"$TFSTREAM" --no-color rc_null.json >rc_null.out
expect_ok keys/resource-changes-null-later rc_null.out -- --no-color rc_null_later.json
"$TFSTREAM" --no-color --summary rc_null.json >rc_null.summary
expect_ok keys/resource-changes-null-later/summary rc_null.summary -- --no-color --summary rc_null_later.json

finish
