#!/usr/bin/env python3
"""Derives hostile inputs from a good one, byte for byte (no JSON decoding, so
invalid UTF-8 and NUL bytes pass through untouched).

  mutate.py replace IN OUT OLD NEW [COUNT]
      Replaces the first COUNT (default 1; 0 = all) occurrences of OLD by NEW.
      OLD and NEW take Python escapes (\\xff, \\x00, \\n); in NEW, <<TEXT*N>>
      stands for TEXT repeated N times (TEXT takes the same escapes).
      Fails when OLD is absent, so a stale fixture cannot pass silently.
  mutate.py many IN OUT N
      Repeats the first element of "resource_changes" N times, numbering the
      addresses (test_thing.r000, ...), to reach the parallel rendering path.
  mutate.py truncations IN DIR [STRUCTURAL_ONLY MAX]
      Writes DIR/<offset> holding the first <offset> bytes of IN: every offset,
      or (STRUCTURAL_ONLY=1) the offsets just before and after each structural
      byte ({}[]:,") and inside each literal, at most MAX of them, evenly spread.
"""
import codecs
import os
import re
import sys


def unescape(text):
    return codecs.escape_decode(text.encode("utf-8"))[0]


def expand(text):
    out = b""
    pos = 0
    for m in re.finditer(r"<<(.+?)\*(\d+)>>", text, re.S):
        out += unescape(text[pos:m.start()]) + unescape(m.group(1)) * int(m.group(2))
        pos = m.end()
    return out + unescape(text[pos:])


def replace(src, dst, old, new, count="1"):
    data = open(src, "rb").read()
    old_b, new_b = unescape(old), expand(new)
    if old_b not in data:
        sys.exit(f"mutate.py: {old!r} not found in {src}")
    n = int(count)
    data = data.replace(old_b, new_b) if n == 0 else data.replace(old_b, new_b, n)
    open(dst, "wb").write(data)


def many(src, dst, n):
    data = open(src, "rb").read()
    start = data.index(b'{"address":"test_thing.a"')
    end = data.index(b',{"address":"test_thing.b"')
    element = data[start:end]
    items = []
    for i in range(int(n)):
        name = b"r%03d" % i
        items.append(element.replace(b"test_thing.a", b"test_thing." + name)
                     .replace(b'"name":"a"', b'"name":"' + name + b'"'))
    open(dst, "wb").write(data[:start] + b",".join(items) + data[end:])


def truncations(src, out_dir, structural_only="0", limit="0"):
    data = open(src, "rb").read()
    if structural_only == "1":
        offsets = set()
        for i, c in enumerate(data):
            if c in b'{}[]:,"' or (c in b"tfn" and data[i - 1:i] in (b":", b"[", b",")):
                offsets.update((i, i + 1, i + 2))
        offsets = sorted(o for o in offsets if o < len(data))
    else:
        offsets = list(range(len(data)))
    if int(limit) and len(offsets) > int(limit):
        step = len(offsets) / int(limit)
        offsets = [offsets[int(k * step)] for k in range(int(limit))]
    os.makedirs(out_dir, exist_ok=True)
    for o in offsets:
        with open(os.path.join(out_dir, str(o)), "wb") as f:
            f.write(data[:o])


if __name__ == "__main__":
    commands = {"replace": replace, "many": many, "truncations": truncations}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](*sys.argv[2:])
