#!/usr/bin/env python3
"""Checks tfstream's --format html over conformance cases.

usage: check_report.py [--every N] [--jobs N] TFSTREAM CASES_DIR [CASES_DIR ...]

For each case (a folder with nocolor.args, and color.args when present; the
argument files' paths are relative to the case), tfstream runs with the
case's arguments, once as text and once with --format html, and the report
must hold exactly that text:
  - the file is the documented shape (head, chunk elements whose payloads
    and data-index are the base-85 alphabet only, the metadata element, the
    page script);
  - each chunk's payload and index inflate with zlib; the entries of each
    index tile its text without gap or overlap, and all chunks' entries put
    together are byte for byte the text form's output (coloured too);
  - every resource block entry starts with the comment line naming its
    address (outputs and action invocations are blocks too);
  - for plans, the blocks of the "changes" section are, in order, the
    address and action of --format json's resource_changes, and the
    metadata's counts are theirs.
Prints one line per failing case and a count; exit 1 on any failure.
"""
import base64
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import zlib

# The payloads' base-85 alphabet, digit value = position (docs/html-report.md). It maps digit for
# digit onto RFC 1924's, which Python's base64.b85decode reads with the same short final group
# (Ascii85's), so decoding is a translation and the standard library: a reader independent of the
# writer's (src/buffer/base85.cc) and of the page's.
B85 = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+,.:;=?@[]^_{|}~"
RFC1924 = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
TO_RFC1924 = bytes.maketrans(B85, RFC1924)
B85_CLASS = rb"[0-9A-Za-z!#$%()*+,.:;=?@\[\]^_{|}~]*"
CHUNK = re.compile(
    rb'<script type="application/octet-stream" class="tfs-chunk" data-chunk="(\d+)" data-index="(' + B85_CLASS +
    rb')">(' + B85_CLASS + rb')</script>\n')


def b85decode(payload):
    if len(payload) % 5 == 1:
        raise ValueError(f"a base-85 payload of {len(payload)} characters")
    return base64.b85decode(payload.translate(TO_RFC1924))
META = re.compile(rb'<script type="application/json" id="tfs-meta">([^<]*)</script>\n<script>')


def run(tfstream, args, cwd):
    p = subprocess.run([tfstream] + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout, p.stderr


def parse_report(html):
    """Returns (entries, meta) where entries are (kind, section, address, action, module, text)."""
    if not html.startswith(b'<!DOCTYPE html>\n<html lang="en" data-state="loading">'):
        raise ValueError("does not start with the documented head")
    body = html.index(b"<body><noscript>")
    pos = html.index(b"</noscript>\n", body) + len(b"</noscript>\n")
    entries = []
    number = 0
    while True:
        m = CHUNK.match(html, pos)
        if not m:
            break
        if int(m.group(1)) != number:
            raise ValueError(f"chunk {m.group(1)} where {number} was due")
        text = zlib.decompress(b85decode(m.group(3)))
        index = json.loads(zlib.decompress(b85decode(m.group(2))).decode("utf-8"))
        at = 0
        for entry in index:
            kind, section, address, action, module, offset, length = entry
            if offset != at:
                raise ValueError(f"chunk {number}: entry at {offset}, expected {at}")
            entries.append((kind, section, address, action, module, text[offset:offset + length]))
            at = offset + length
        if at != len(text):
            raise ValueError(f"chunk {number}: entries cover {at} of {len(text)} bytes")
        number += 1
        pos = m.end()
    m = META.match(html, pos)
    if not m:
        raise ValueError(f"no metadata element after chunk {number}")
    meta = json.loads(m.group(1).decode("utf-8"))
    if meta["chunks"] != number:
        raise ValueError(f"metadata says {meta['chunks']} chunks, the file has {number}")
    if not html.endswith(b"</script></body></html>\n"):
        raise ValueError("does not end with the page script")
    return entries, meta


def check_case(tfstream, case, args_file):
    args = [a for a in open(os.path.join(case, args_file)).read().split("\n") if a]
    state = "--state" in args
    code, text, err = run(tfstream, args, case)
    hcode, html, herr = run(tfstream, args + ["--format", "html"], case)
    if code != hcode:
        return f"exit {hcode} for html, {code} for text ({herr.decode(errors='replace').strip()})"
    if code != 0 and not text:
        return None if not html else "html written where the text form wrote nothing"
    entries, meta = parse_report(html)
    whole = b"".join(e[5] for e in entries)
    if whole != text:
        n = next((i for i in range(min(len(whole), len(text))) if whole[i] != text[i]), min(len(whole), len(text)))
        return f"entries' text differs from the text form at byte {n} ({len(whole)} vs {len(text)} bytes)"
    blocks = [e for e in entries if e[0] == "block"]
    if meta["blocks"] != len(blocks):
        return f"metadata says {meta['blocks']} blocks, the index has {len(blocks)}"
    colored = "--color=never" not in args and "--no-color" not in args
    if meta["color"] != colored:
        return f"metadata color {meta['color']}"
    sgr = re.compile(rb"\x1b\[[0-9;]*m")
    for kind, section, address, action, module, t in blocks:
        if section not in ("changes", "drift", "deferred", "state"):
            continue  # an output ("  + name = ..."), an action invocation
        first = sgr.sub(b"", t).split(b"\n", 1)[0].lstrip(b" ").decode("utf-8", "replace")
        # A moved block's line names the old address first ("# OLD has moved
        # to NEW"); an address holding a newline shows its first line; the
        # renderers read colour markup ("[red]") in an address's keys as
        # colour, leaving it out of the line.
        base = address.split(" (deposed object ")[0].split("\n")[0]
        if not base or not first.startswith("# ") or (base not in first and re.sub(r"\[[a-z_]+\]", "", base) not in first):
            return f"block {address!r} starts with {first!r}"
        if not t.endswith(b"\n") or t.startswith(b"\n"):
            return f"block {address!r} does not run from its first line through its last newline"
    if state or code != 0:
        return None
    jcode, js, _ = run(tfstream, [a for a in args if not a.startswith(("--color", "--width", "--drift"))] +
                       ["--format", "json"], case)
    if jcode != 0:
        return None  # --format json refuses some option the case gives
    doc = json.loads(js)
    want = []
    for rc in doc.get("resource_changes", []):
        address = rc["address"] + (f" (deposed object {rc['deposed']})" if rc.get("deposed") else "")
        want.append((address, rc["action"]))
    got = [(e[2], e[3]) for e in blocks if e[1] == "changes"]
    if got != want:
        return f"changes blocks {got[:3]}... differ from --format json's {want[:3]}..."
    counts = {}
    for _, a in want:
        counts[a] = counts.get(a, 0) + 1
    if meta["counts"] != counts:
        return f"metadata counts {meta['counts']} differ from --format json's {counts}"
    return None


def main():
    argv = sys.argv[1:]
    every = 1
    if "--every" in argv:
        i = argv.index("--every")
        every = int(argv[i + 1])
        del argv[i:i + 2]
    jobs = 1
    if "--jobs" in argv:
        i = argv.index("--jobs")
        jobs = int(argv[i + 1])
        del argv[i:i + 2]
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    tfstream, dirs = os.path.abspath(argv[0]), argv[1:]
    runs = []
    sampled = total = 0
    for d in dirs:
        names = sorted(os.listdir(d))
        total += len(names)
        sampled += len(names[::every])
        for name in names[::every]:
            case = os.path.join(d, name)
            for args_file in ("nocolor.args", "color.args"):
                if os.path.exists(os.path.join(case, args_file)):
                    runs.append((case, args_file))

    if every > 1:
        print(f"sample: {sampled} of {total} cases (1 in {every} by name in each corpus); the others are not run")

    def one(run):
        try:
            return run, check_case(tfstream, *run)
        except Exception as e:  # a malformed report
            return run, f"{type(e).__name__}: {e}"

    checked = failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for (case, args_file), problem in pool.map(one, runs):
            checked += 1
            if problem:
                failed += 1
                print(f"FAIL {os.path.basename(case)} ({args_file}): {problem}")
    print(f"{checked - failed} passed, {failed} failed ({checked} runs of --format html)")
    return 1 if failed or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
