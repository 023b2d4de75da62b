#!/usr/bin/env bash
# Hostile values that are valid JSON: invalid UTF-8 in strings and keys (Go
# replaces each bad byte by U+FFFD when decoding, so Terraform prints U+FFFD),
# and numbers beyond the range of a double (Go keeps json.Number literals).
source "$(dirname "$0")/lib.sh"

P=$FIXTURES/plan.json
R=$'\xef\xbf\xbd'  # U+FFFD

# --- invalid UTF-8 in string values --------------------------------------------
# One U+FFFD per bad byte, as utf8.DecodeRune reports them: a stray
# continuation byte, a lead byte cut short, an overlong form (C0 AF), a UTF-16
# surrogate (ED A0 80), a code point past U+10FFFF (F4 90 80 80), a 5-byte
# form, a truncated 4-byte form at the end; valid runes are kept.
mutate "$P" utf8_value.json '"value":"y"' \
  '"value":"a\xffb\xc3(\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80\xf8\x88\x80\x80\x80|\xe2\x82|\xc3\xa9\xf0\x9f\x98\x80|\xf0\x9f\x98"'
for j in 1 2; do
  tf --no-color -j $j utf8_value.json
  out_has "utf8/value-j$j" "      ~ value = \"x\" -> \"a${R}b${R}($R$R$R$R$R$R$R$R$R$R$R$R$R$R|$R$R|é😀|$R$R$R\""
done
cat utf8_value.json | tf --no-color -
out_has utf8/value-stdin "      ~ value = \"x\" -> \"a${R}b${R}($R$R$R$R$R$R$R$R$R$R$R$R$R$R|$R$R|é😀|$R$R$R\""
# Escaped lone surrogates become U+FFFD too (the next escape stands alone).
mutate "$P" utf8_escape.json '"value":"y"' '"value":"\\ud800\\u0041\\udc00"'
tf --no-color utf8_escape.json
out_has utf8/escaped-surrogates "      ~ value = \"x\" -> \"${R}A${R}\""

# --- invalid UTF-8 in keys -------------------------------------------------------
# Map keys: decoded, then quoted with %q and padded with %-*s, whose width
# counts runes while the maximum is taken in bytes (Go's quirk, kept).
mutate "$P" utf8_keys.json '"tags":{"k":"w"}' '"tags":{"k":"v","k\xfe":"w","\xc0\xaf":"q"}'
tf --no-color utf8_keys.json
out_has utf8/map-key-1 '            "k"      = "v"'
out_has utf8/map-key-2 "          + \"k$R\"     = \"w\""
out_has utf8/map-key-3 "          + \"$R$R\"     = \"q\""
# Two keys that decode alike: the last one wins, as in a Go map.
mutate "$P" utf8_dup.json '"tags":{"k":"w"}' '"tags":{"k":"v","k\xff":"1","k\xfe":"2"}'
tf --no-color utf8_dup.json
out_has utf8/duplicate-key-last-wins "          + \"k$R\"   = \"2\""
# An attribute name with a bad byte in the schema and another in the value:
# both decode to the same name.
mutate "$P" utf8_attr1.json '"value":{"type":"string","optional":true}' \
  '"value":{"type":"string","optional":true},"v\xff":{"type":"string","optional":true}'
mutate utf8_attr1.json utf8_attr.json '"value":"y"' '"value":"y","v\xfe":"x"'
tf --no-color utf8_attr.json
out_has utf8/attribute-name "      + \"v$R\"   = \"x\""
# In the address (header line) and in the pre-scanned fields.
mutate "$P" utf8_address.json '"test_thing.a"' '"test_thing.a\xff"' 0
tf --no-color utf8_address.json
out_has utf8/address "  # test_thing.a$R will be updated in-place"
# Outside strings a bad byte is a syntax error.
mutate "$P" utf8_outside.json '"value":"y"' '"value":\xff"y"'
"$TFSTREAM" --no-color "$P" >good.out 2>/dev/null
expect_error utf8/outside-strings utf8_outside.json --offset 333 --match 'byte 0xff' \
  --stdout-prefix good.out --boundary @line -- --no-color utf8_outside.json

# --- numbers beyond double range ---------------------------------------------------
mutate "$P" num_schema.json '"n":{"type":"number","optional":true}' \
  '"n":{"type":"number","optional":true},"ns":{"type":["set","number"],"optional":true},"nl":{"type":["list","number"],"optional":true},"nm":{"type":["map","number"],"optional":true}'
mutate num_schema.json num_after.json '"n":2,' \
  '"n":1e400,"ns":[1e400,-1e400,1e-400,1E400,123456789012345678901234567890],"nl":[-0,0.1000000000000000055511151231257827021181583404541015625],"nm":{"a":1e99999999999999999999},'
for j in 1 2; do
  tf --no-color -j $j num_after.json
  out_has "numbers/overflow-kept-j$j" '      ~ n     = 1 -> 1e400'
  out_has "numbers/in-set-1-j$j" '          + -1e400,'
  out_has "numbers/in-set-2-j$j" '          + 1e-400,'
  out_has "numbers/in-set-3-j$j" '          + 1E400,'
  out_has "numbers/beyond-int64-j$j" '          + 123456789012345678901234567890,'
  out_has "numbers/negative-zero-j$j" '          + -0,'
  out_has "numbers/exact-decimal-j$j" '          + 0.1000000000000000055511151231257827021181583404541015625,'
  out_has "numbers/huge-exponent-j$j" '          + "a" = 1e99999999999999999999'
done
# Equal literals are unchanged (compared as text, never through a double).
mutate num_after.json num_same.json '"n":1,' '"n":1e400,"ns":[1e400],"nl":[1e-400],"nm":{"a":1e400,"b":2},'
tf --no-color num_same.json
out_has numbers/equal-literals-unchanged '        # (1 unchanged attribute hidden)'
out_has numbers/set-element-matched '            # (1 unchanged element hidden)'
out_has numbers/map-value-changed '          ~ "a" = 1e400 -> 1e99999999999999999999'
# A 100000-digit literal is printed whole.
digits=$(printf '9%.0s' $(seq 100000))
mutate "$P" num_long.json '"n":2,' '"n":<<9*100000>>,'
tf --no-color num_long.json
out_has numbers/100000-digits "      ~ n     = 1 -> $digits"

finish
