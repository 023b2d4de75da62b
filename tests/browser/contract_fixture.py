#!/usr/bin/env python3
"""Writes an HTML report following docs/html-report.md's file format from the
text form alone (tfstream's --color=never and, optionally, --color=always
output), without the C++ writer: a stand-in for developing and testing the
page (assets/report/) on its own, and for hostile input the writer could not
produce. Blocks are found with a heuristic ("  # ADDRESS ..." through the next
"    }" line); the real writer knows them exactly.

  contract_fixture.py --plain plain.txt [--color color.txt] [--title T]
                      [--flavor F] [--release R] [--quality Q] [--chunk-bytes N] > report.html
"""
import argparse
import base64
import json
import re
import sys
import zlib

SGR = re.compile(rb"\x1b\[[0-9;]*m")
# The payloads' base-85 alphabet (docs/html-report.md): digit for digit RFC 1924's, whose encoder in
# Python's base64 module also writes a final group of n bytes as n + 1 digits.
B85 = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+,.:;=?@[]^_{|}~"
RFC1924 = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
FROM_RFC1924 = bytes.maketrans(RFC1924, B85)


def b85(data):
    return base64.b85encode(data).translate(FROM_RFC1924).decode("ascii")
ACTION_OF_SYMBOL = [("-/+", "replace"), ("+/-", "replace"), ("<=", "read"), ("+", "create"),
                    ("~", "update"), ("-", "delete"), (".", "forget")]


def module_of(address):
    """module.a["x"].module.b of module.a["x"].module.b.aws_x.y[0]."""
    i, n, end = 0, len(address), 0
    while address.startswith("module.", i):
        j = i + len("module.")
        while j < n and address[j] not in ".[":
            j += 1
        if j < n and address[j] == "[":
            quoted = False
            while j < n:
                c = address[j]
                if quoted and c == "\\":
                    j += 2
                    continue
                if c == '"':
                    quoted = not quoted
                elif c == "]" and not quoted:
                    j += 1
                    break
                j += 1
        end = j
        if j < n and address[j] == ".":
            i = j + 1
        else:
            break
    return address[:end]


def entries_of(plain):
    """[kind, section, address, action, module, offset, length] over plain (bytes)."""
    lines = plain.splitlines(keepends=True)
    out, off, section = [], 0, "other"
    text_start, i = 0, 0
    pos = []
    for line in lines:
        pos.append(off)
        off += len(line)
    pos.append(off)

    def flush_text(upto):
        if upto > text_start:
            out.append(["text", section, "", "", "", text_start, upto - text_start])

    while i < len(lines):
        line = lines[i].decode("utf-8", "replace")
        if "changes made outside of" in line or "Objects have changed outside" in line:
            section = "drift"
        elif "will perform the following actions" in line:
            section = "changes"
        elif "Changes to Outputs" in line:
            section = "outputs"
        elif "deferred" in line and line.startswith("Note:"):
            section = "deferred"
        m = re.match(r"^  # (.+?)(?: \(deposed object \w+\))?(?: (?:will|has|must|is|was|does|are|cannot)\b.*)?$",
                     line.rstrip("\n"))
        if m and line.startswith("  # "):
            j = i
            while j < len(lines) and lines[j] != b"    }\n" and (j == i or not lines[j][:1].isalpha()):
                j += 1
            if j < len(lines) and lines[j][:1].isalpha():
                j = len(lines)
            if j < len(lines):
                flush_text(pos[i])
                addr = m.group(1)
                action = "no-op"
                for k in range(i + 1, j + 1):
                    body = lines[k].decode("utf-8", "replace").lstrip()
                    if body.startswith("#"):
                        continue
                    for sym, word in ACTION_OF_SYMBOL:
                        if body.startswith(sym + " "):
                            action = word
                            break
                    break
                out.append(["block", section, addr, action, module_of(addr), pos[i], pos[j + 1] - pos[i]])
                text_start = pos[j + 1]
                i = j + 1
                continue
        i += 1
    flush_text(len(plain))
    return out


def color_offsets(color, plain_len):
    """For each plain offset p, the colour offset where plain offset p starts."""
    m = [0] * (plain_len + 1)
    p = c = 0
    n = len(color)
    while c < n:
        e = SGR.match(color, c)
        if e:
            c = e.end()
            continue
        m[p] = c
        p += 1
        c += 1
    m[plain_len] = n
    return m


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--plain", required=True)
    ap.add_argument("--color")
    ap.add_argument("--title", default="tfstream plan report")
    ap.add_argument("--document", default="plan")
    ap.add_argument("--flavor", default="terraform")
    ap.add_argument("--release", default="latest")
    ap.add_argument("--quality", default="")
    ap.add_argument("--counts", default="{}", help="JSON object")
    ap.add_argument("--chunk-bytes", type=int, default=256 * 1024)
    ap.add_argument("--extra-entries", help="JSON list of [kind,section,address,action,module,text] appended")
    a = ap.parse_args()
    plain = open(a.plain, "rb").read()
    entries = entries_of(plain)
    if a.extra_entries:
        for kind, sec, addr, act, mod, text in json.load(open(a.extra_entries)):
            b = text.encode()
            entries.append([kind, sec, addr, act, mod, len(plain), len(b)])
            plain += b
    text = plain
    if a.color:
        color = open(a.color, "rb").read()
        if SGR.sub(b"", color) != plain:
            sys.exit("contract_fixture: colour text without escapes differs from the plain text")
        cmap = color_offsets(color, len(plain))
        for e in entries:
            s, t = cmap[e[5]], cmap[e[5] + e[6]]
            e[5], e[6] = s, t - s
        text = color
    w = sys.stdout.buffer
    esc = lambda s: s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    w.write(b'<!DOCTYPE html>\n<html lang="en" data-state="loading">\n<head><meta charset="utf-8">'
            b'<meta name="viewport" content="width=device-width, initial-scale=1">\n')
    import hashlib
    here = __import__("os").path.dirname(__file__)
    css = open(here + "/../../assets/report/report.css", "rb").read()
    js = open(here + "/../../assets/report/report.js", "rb").read()
    h = lambda b: base64.b64encode(hashlib.sha256(b).digest()).decode()
    w.write(('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; script-src \'sha256-%s\'; '
             'style-src \'sha256-%s\'; img-src data:">\n<title>%s</title>\n' % (h(js), h(css), esc(a.title))).encode())
    w.write(b"<style>" + css + b"</style></head>\n<body><noscript>This report needs JavaScript to show the plan.</noscript>\n")
    chunk, n, start = [], 0, 0
    blocks = 0

    def write_chunk(items):
        nonlocal n
        if not items:
            return
        base = items[0][5]
        end = items[-1][5] + items[-1][6]
        idx = [[e[0], e[1], e[2], e[3], e[4], e[5] - base, e[6]] for e in items]
        ij = b85(zlib.compress(json.dumps(idx, ensure_ascii=False).encode(), 6))
        tb = b85(zlib.compress(text[base:end], 6))
        w.write(('<script type="application/octet-stream" class="tfs-chunk" data-chunk="%d" data-index="%s">%s</script>\n'
                 % (n, ij, tb)).encode())
        n += 1

    size = 0
    for e in entries:
        chunk.append(e)
        size += e[6]
        blocks += e[0] == "block"
        if size >= a.chunk_bytes:
            write_chunk(chunk)
            chunk, size = [], 0
    write_chunk(chunk)
    totals = ""
    for line in plain.decode("utf-8", "replace").splitlines():
        if line.startswith("Plan: "):
            totals = line
    counts = json.loads(a.counts)
    if not counts:
        for e in entries:
            if e[0] == "block" and e[1] in ("changes", "state"):
                counts[e[3]] = counts.get(e[3], 0) + 1
    meta = {"version": 1, "document": a.document, "title": a.title, "flavor": a.flavor, "release": a.release,
            "tool_version": "fixture", "quality": a.quality, "color": bool(a.color), "counts": counts,
            "drift_count": sum(1 for e in entries if e[0] == "block" and e[1] == "drift"),
            "destroy_count": counts.get("delete", 0) + counts.get("replace", 0),
            "totals_line": totals, "chunks": n, "blocks": blocks}
    mj = json.dumps(meta, ensure_ascii=False).replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    w.write(('<script type="application/json" id="tfs-meta">%s</script>\n' % mj).encode())
    w.write(b"<script>" + js + b"</script></body></html>\n")


if __name__ == "__main__":
    main()
