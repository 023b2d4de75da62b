#!/usr/bin/env python3
"""Generates src/render/text/unicode_tables.cc from Go's and HCL's Unicode data.

The tables reproduce, as data only, what three upstream predicates accept:

  * strconv.IsPrint (Go): read from Go's src/strconv/isprint.go, whose four
    arrays (isPrint16/isNotPrint16/isPrint32/isNotPrint32) are flattened into
    one sorted list of inclusive printable ranges.
  * unicode.White_Space (Go): read from the _White_Space table in Go's
    src/unicode/tables.go (Range16/Range32 entries with a stride).
  * hclsyntax ID_Start / ID_Continue (HCL v2): read from
    hclsyntax/unicode_derived.rl. These are *byte* patterns (Ragel alternatives
    of 1-4 byte ranges), not code point sets, and some of them accept bytes that
    are not valid UTF-8 continuations (e.g. `0xC4..0xC5 0x00..0xFF`). HCL's
    scanner matches the bytes, so we keep the patterns as byte ranges, expanded
    per lead byte, rather than converting them to code points.

Self-checks: the IsPrint set is compared with the union of the L, M, N, P and S
category tables (plus U+0020) in the same tables.go, which is how Go defines
unicode.IsPrint; strconv's test suite asserts the two agree. If the running
Python's unicodedata has the same Unicode version as tables.go, the set is
also compared with it.

Usage (inputs are read from upstream checkouts, never copied into this repo):

  git -C <go> show go1.26.4:src/strconv/isprint.go > /tmp/isprint.go
  git -C <go> show go1.26.4:src/unicode/tables.go  > /tmp/tables.go
  git -C <hcl> show v2.24.0:hclsyntax/unicode_derived.rl > /tmp/unicode_derived.rl
  python3 src/render/text/gen/gen_unicode_tables.py \
      --isprint /tmp/isprint.go --tables /tmp/tables.go \
      --unicode-derived /tmp/unicode_derived.rl \
      --go-source "go1.26.4" --hcl-source "hashicorp/hcl v2.24.0" \
      --out src/render/text/unicode_tables.cc

The committed table names its actual inputs in its header comment. Any Go
release from go1.21 to go1.26.x carries the same Unicode 15.0.0 data, so the
output is identical whichever of them is used; a Go with another Unicode
version changes the tables (and the IsGoPrint rune-count test).
"""

import argparse
import re
import sys


# ---------------------------------------------------------------- Go isprint


def _go_array(text, name):
    """Returns the integer literals of `var <name> = []uintNN{ ... }`."""
    m = re.search(r"var\s+%s\s*=\s*\[\]uint(?:16|32)\s*\{(.*?)\n\}" % re.escape(name),
                  text, re.S)
    if not m:
        sys.exit("isprint.go: array %s not found" % name)
    body = re.sub(r"//[^\n]*", "", m.group(1))
    return [int(tok, 16) for tok in re.findall(r"0x[0-9a-fA-F]+", body)]


def printable_set_from_isprint(text):
    """Code points for which strconv.IsPrint returns true."""
    p16 = _go_array(text, "isPrint16")
    np16 = set(_go_array(text, "isNotPrint16"))
    p32 = _go_array(text, "isPrint32")
    np32 = set(v + 0x10000 for v in _go_array(text, "isNotPrint32"))
    if len(p16) % 2 or len(p32) % 2:
        sys.exit("isprint.go: range arrays must have even length")
    out = set()
    for i in range(0, len(p16), 2):
        out.update(r for r in range(p16[i], p16[i + 1] + 1) if r not in np16)
    for i in range(0, len(p32), 2):
        # strconv.IsPrint consults isNotPrint32 only below 0x20000.
        out.update(r for r in range(p32[i], p32[i + 1] + 1)
                   if r >= 0x20000 or r not in np32)
    # strconv.IsPrint answers Latin-1 without the tables; make sure the tables
    # say the same (they do, but a generator should not assume it).
    latin1 = set(range(0x20, 0x7F)) | (set(range(0xA1, 0x100)) - {0xAD})
    if {r for r in out if r <= 0xFF} != latin1:
        sys.exit("isprint.go: Latin-1 part disagrees with IsPrint's fast path")
    return out


# ---------------------------------------------------------------- Go tables.go


def _range_table(text, var):
    """Code points of `var <var> = &RangeTable{...}` in tables.go."""
    m = re.search(r"var\s+%s\s*=\s*&RangeTable\{(.*?)\n\}" % re.escape(var), text, re.S)
    if not m:
        sys.exit("tables.go: %s not found" % var)
    out = set()
    for lo, hi, stride in re.findall(
            r"\{\s*(0x[0-9a-fA-F]+)\s*,\s*(0x[0-9a-fA-F]+)\s*,\s*(\d+)\s*\}", m.group(1)):
        out.update(range(int(lo, 16), int(hi, 16) + 1, int(stride)))
    return out


def unicode_version(text):
    m = re.search(r'const\s+Version\s*=\s*"([^"]+)"', text)
    return m.group(1) if m else "unknown"


def check_print_against_categories(printable, tables_text):
    expect = {0x20}
    for cat in ("_L", "_M", "_N", "_P", "_S"):
        expect |= _range_table(tables_text, cat)
    if expect != printable:
        diff = sorted(expect ^ printable)[:10]
        sys.exit("isprint.go and tables.go disagree, e.g. %s" % [hex(d) for d in diff])


def check_print_against_python(printable, version):
    import unicodedata
    if unicodedata.unidata_version != version:
        print("note: python unicodedata is %s, tables.go is %s; skipped that check"
              % (unicodedata.unidata_version, version), file=sys.stderr)
        return
    expect = {r for r in range(0x110000)
              if r == 0x20 or unicodedata.category(chr(r))[0] in "LMNPS"}
    if expect != printable:
        diff = sorted(expect ^ printable)[:10]
        sys.exit("isprint.go and python unicodedata disagree, e.g. %s"
                 % [hex(d) for d in diff])
    print("checked IsPrint against python unicodedata %s" % version, file=sys.stderr)


def to_ranges(points):
    ranges = []
    for r in sorted(points):
        if ranges and ranges[-1][1] + 1 == r:
            ranges[-1][1] = r
        else:
            ranges.append([r, r])
    return ranges


# ---------------------------------------------------------------- HCL Ragel


def ragel_alternatives(text, machine):
    """Byte-range sequences of `<machine> = alt | alt | ... ;` in a .rl file."""
    m = re.search(r"\b%s\s*=(.*?);" % re.escape(machine), text, re.S)
    if not m:
        sys.exit("unicode_derived.rl: %s not found" % machine)
    body = re.sub(r"#[^\n]*", "", m.group(1))
    alts = []
    for alt in body.split("|"):
        toks = alt.split()
        if not toks:
            continue
        seq = []
        for tok in toks:
            mm = re.fullmatch(r"(0x[0-9A-Fa-f]{2})(?:\.\.(0x[0-9A-Fa-f]{2}))?", tok)
            if not mm:
                sys.exit("unicode_derived.rl: unexpected token %r in %s" % (tok, machine))
            lo = int(mm.group(1), 16)
            hi = int(mm.group(2), 16) if mm.group(2) else lo
            if lo > hi:
                sys.exit("unicode_derived.rl: empty range %r" % tok)
            seq.append((lo, hi))
        if not 1 <= len(seq) <= 4:
            sys.exit("unicode_derived.rl: sequence of %d bytes" % len(seq))
        alts.append(seq)
    return alts


def by_lead_byte(alts):
    """Expands each alternative's lead-byte range; returns (entries, offsets)."""
    entries = []
    for seq in alts:
        lo, hi = seq[0]
        for lead in range(lo, hi + 1):
            entries.append((lead, seq[1:]))
    # Stable sort keeps the file's order within one lead byte (irrelevant for
    # matching, which tries every entry, but it keeps diffs readable).
    entries.sort(key=lambda e: e[0])
    offsets = [0] * 257
    for lead, _ in entries:
        offsets[lead + 1] += 1
    for i in range(256):
        offsets[i + 1] += offsets[i]
    return entries, offsets


# ---------------------------------------------------------------- output


def emit_ranges(name, ranges, comment):
    lines = ["// %s" % comment,
             "const CodePointRange %s[] = {" % name]
    row = []
    for lo, hi in ranges:
        row.append("{0x%04x, 0x%04x}," % (lo, hi))
        if len(row) == 4:
            lines.append("    " + " ".join(row))
            row = []
    if row:
        lines.append("    " + " ".join(row))
    lines.append("};")
    lines.append("const size_t %sSize = sizeof(%s) / sizeof(%s[0]);" % (name, name, name))
    return "\n".join(lines)


def emit_byte_patterns(name, entries, offsets, comment):
    lines = ["// %s" % comment,
             "const BytePattern %s[] = {" % name]
    for lead, rest in entries:
        los = [lo for lo, _ in rest] + [0] * (3 - len(rest))
        his = [hi for _, hi in rest] + [0] * (3 - len(rest))
        lines.append("    {0x%02x, %d, {0x%02x, 0x%02x, 0x%02x}, {0x%02x, 0x%02x, 0x%02x}},"
                     % (lead, len(rest) + 1, los[0], los[1], los[2], his[0], his[1], his[2]))
    lines.append("};")
    lines.append("const uint16_t %sByLead[257] = {" % name)
    for i in range(0, 257, 16):
        lines.append("    " + " ".join("%d," % o for o in offsets[i:i + 16]))
    lines.append("};")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--isprint", required=True, help="Go src/strconv/isprint.go")
    ap.add_argument("--tables", required=True, help="Go src/unicode/tables.go")
    ap.add_argument("--unicode-derived", required=True, help="HCL hclsyntax/unicode_derived.rl")
    ap.add_argument("--go-source", required=True, help="label, e.g. go1.26.4")
    ap.add_argument("--hcl-source", required=True, help="label, e.g. hashicorp/hcl v2.24.0")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    with open(args.isprint, encoding="utf-8") as f:
        isprint_text = f.read()
    with open(args.tables, encoding="utf-8") as f:
        tables_text = f.read()
    with open(args.unicode_derived, encoding="utf-8") as f:
        rl_text = f.read()

    version = unicode_version(tables_text)
    printable = printable_set_from_isprint(isprint_text)
    check_print_against_categories(printable, tables_text)
    check_print_against_python(printable, version)
    white = _range_table(tables_text, "_White_Space")

    start_entries, start_offsets = by_lead_byte(ragel_alternatives(rl_text, "ID_Start"))
    cont_entries, cont_offsets = by_lead_byte(ragel_alternatives(rl_text, "ID_Continue"))
    if max(len(start_entries), len(cont_entries)) > 0xFFFF:
        sys.exit("too many byte patterns for uint16_t offsets")

    out = [
        "// GENERATED by src/render/text/gen/gen_unicode_tables.py. DO NOT EDIT.",
        "// Sources (data only):",
        "//   Go src/strconv/isprint.go and src/unicode/tables.go (Unicode %s)," % version,
        "//     from %s;" % args.go_source,
        "//   hclsyntax/unicode_derived.rl from %s." % args.hcl_source,
        "// See unicode_tables.h for what the tables mean.",
        "",
        '#include "render/text/unicode_tables.h"',
        "",
        "namespace tfstream::render::text::tables {",
        "",
        'const char kGoUnicodeVersion[] = "%s";' % version,
        "",
        emit_ranges("kGoPrintRanges", to_ranges(printable),
                    "Runes for which strconv.IsPrint is true (%d ranges)."
                    % len(to_ranges(printable))),
        "",
        emit_ranges("kGoWhiteSpaceRanges", to_ranges(white),
                    "unicode.White_Space (the set unicode.IsSpace tests)."),
        "",
        emit_byte_patterns("kHclIdStart", start_entries, start_offsets,
                           "hclsyntax ID_Start byte patterns, grouped by lead byte."),
        "",
        emit_byte_patterns("kHclIdContinue", cont_entries, cont_offsets,
                           "hclsyntax ID_Continue byte patterns, grouped by lead byte."),
        "",
        "}  // namespace tfstream::render::text::tables",
        "",
    ]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print("wrote %s: %d print ranges, %d/%d ident patterns" % (
        args.out, len(to_ranges(printable)), len(start_entries), len(cont_entries)),
        file=sys.stderr)


if __name__ == "__main__":
    main()
