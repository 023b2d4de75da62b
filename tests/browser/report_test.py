#!/usr/bin/env python3
"""The HTML report (--format html) in a real browser: Debian's chromium through
chromium-driver and python3-selenium. See tests/browser/README.md.

  report_test.py corpus TFSTREAM BUILD_DIR      corpus plans of both flavours, states, older releases,
                                                hostile plans (make test; about a minute)
  report_test.py big TFSTREAM BUILD_DIR SIZE    a generated plan of SIZE (perf/gen_plan) and, with
                                                --state, a state (make test: 30M; test-browser-big: 300M)
Prints one line per check and ends "N passed, M failed"; exit 1 on any failure.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report_lib as rl  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = {"pass": 0, "fail": 0}
MAX_ELEMENTS = 10000


def check(cond, what, detail=""):
    if cond:
        RESULTS["pass"] += 1
        print("ok    " + what)
    else:
        RESULTS["fail"] += 1
        print("FAIL  " + what + (": " + detail if detail else ""))
    sys.stdout.flush()
    return cond


# ---- cases --------------------------------------------------------------------
# name, corpus folder under the build tree, case; several per flavour, a state, older releases.
CORPUS_CASES = [  # (label, folder under the build tree, case or None: picked, also in colour)
    ("terraform", "conformance/cases", "gen-medium-1", True),        # drift, deferred, outputs, import
    ("terraform", "conformance/cases", "gen-edge-1", False),         # odd addresses (a newline), actions
    ("terraform", "conformance/cases", "real-infracost-cmd__infracost__testdata__example_plan", False),
    ("opentofu", "conformance-tofu/cases", "tofu-gen-edge-1", True),
    ("opentofu", "conformance-tofu/cases", "tofu-gen-medium-1", False),
    ("state", "conformance-state/cases", "tf-edit-deposed-planned-gen-small-194", True),
    ("state", "conformance-state/cases", "tf-edit-mix-a-planned-real-hashicorp-testdata__moved_block__plan", False),
    ("terraform-1.5.7", "conformance-versions/terraform-1.5.7/cases", None, True),
    ("terraform-1.9.5", "conformance-versions/terraform-1.9.5/cases", None, False),
    ("opentofu-1.6.3", "conformance-versions/opentofu-1.6.3/cases", None, True),
    ("opentofu-1.10.10", "conformance-versions/opentofu-1.10.10/cases", None, False),
]


def read_args(case_dir, which):
    return [a for a in open(os.path.join(case_dir, which + ".args")).read().split("\n") if a]


def pick_versions_case(folder):
    """The first case (sorted) with several blocks: older releases' corpora differ per folder."""
    names = sorted(os.listdir(folder))
    best = None
    for n in names:
        out = os.path.join(folder, n, "nocolor.out")
        if not os.path.exists(out):
            continue
        k = open(out, "rb").read().count(b"\n  # ")
        if 5 <= k <= 60:
            return n
        if best is None or k > best[0]:
            best = (k, n)
    return best[1] if best else names[0]


def summary_count(tfstream, args, cwd, extra):
    """Blocks --summary lists (the lines before its first blank line, the Plan:/State: line aside)."""
    p = rl.run([tfstream] + args + ["--summary"] + extra, cwd=cwd, check=False)
    out = p.stdout.decode("utf-8")
    n = 0
    state = "--state" in args
    for line in out.split("\n"):
        if line == "" or line.startswith("Plan: ") or line.startswith("State: ") or line.startswith("Filtered out"):
            break
        # A plan's lines start with the symbol in four columns ("  + ", "-/+ ", " <= "); an address
        # holding a newline goes on at the start of the next line.
        if state or re.match(r"[-+~.<=/# ]{2,3} ", line):
            n += 1
    return n


def strip_for_summary(args):
    return [a for a in args if not a.startswith("--color") and not a.startswith("--width")]


def expected_blocks(entries):
    return [e for e in entries if e.kind == "block"]


def block_starts_right(e):
    """A block's first line names it (docs/html-report.md, "The file"): an output's "  + NAME = ...";
    else "# ..." holding the address (as tests/html/check_report.py reads it: a moved block's line
    names the old address first, an address holding a newline shows its first line, colour markup
    in keys is left out) and a deposed object's key."""
    if e.section == "outputs":
        return re.match(r" *(?:[-+~] )?" + re.escape(e.address) + r" *=", e.plain) is not None
    first = e.plain.split("\n", 1)[0].lstrip(" ")
    base, _, deposed = e.address.partition(" (deposed object ")
    base = base.split("\n")[0]
    return (bool(base) and first.startswith("# ") and
            (base in first or re.sub(r"\[[a-z_]+\]", "", base) in first) and
            (not deposed or "deposed object " + deposed in first))


def scroll_collect(b):
    """Every [data-address] element met while scrolling the list from top to bottom."""
    return b.driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const l = document.querySelector('.list');
        const seen = new Map();
        const frame = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
        (async () => {
          for (let y = 0, guard = 0; guard < 5000; guard++) {
            l.scrollTop = y;
            await frame();
            for (let t = 0; t < 100 && l.querySelector('.loading'); t++) await frame();
            for (const e of l.querySelectorAll('[data-address]')) {
              const k = e.getAttribute('data-address') + '\\u0000' + e.getAttribute('data-section');
              seen.set(k, [e.getAttribute('data-address'), e.getAttribute('data-section'), e.textContent]);
            }
            if (l.scrollTop + l.clientHeight >= l.scrollHeight - 1) break;
            y = l.scrollTop + l.clientHeight * 1.5;  // the page draws a screen above and below the view
          }
          l.scrollTop = 0;
          done(Array.from(seen.values()));
        })();""")


def dom_blocks(b):
    return b.js("""return Array.from(document.querySelectorAll('[data-address]')).map(
        e => [e.getAttribute('data-address'), e.getAttribute('data-section'), e.textContent])""")


def open_permalink(b, address):
    """Sets location.hash like a click on a permalink; waits for the block's text."""
    b.js("location.hash = arguments[0]", "#" + rl.encode_uri_component(address))
    return wait_block(b, address)


def wait_block(b, address, timeout=30):
    t0 = time.time()
    while time.time() - t0 < timeout:
        got = b.js("""const a = arguments[0];
            const list = document.querySelector('.list');
            const els = Array.from(document.querySelectorAll('[data-address]')).filter(e => e.getAttribute('data-address') === a);
            if (!els.length) return null;
            const r = list.getBoundingClientRect();
            return els.map(e => { const q = e.parentElement.getBoundingClientRect();
                                  return [e.getAttribute('data-section'), e.textContent, q.top >= r.top - 2 && q.top < r.bottom]; });""",
                   address)
        if got:
            return got
        time.sleep(0.03)
    return None


def preferred_block(blocks, address):
    same = [e for e in blocks if e.address == address]
    for e in same:
        if e.section != "drift":
            return e
    return same[0]


def make_report(tfstream, args, cwd, out, plain_args=None, title=None):
    """tfstream ARGS --format html --output OUT; with TFSTREAM_HTML_FIXTURE=1, the stand-in writer
    (contract_fixture.py) from the text form instead, for working on the page alone."""
    if os.environ.get("TFSTREAM_HTML_FIXTURE") != "1":
        rl.run([tfstream] + args + ["--format", "html", "--output", out] + (["--title", title] if title else []), cwd=cwd)
        return
    plain = out + ".plain.txt"
    pa = [x for x in (plain_args or args) if not x.startswith("--color")] + ["--color=never"]
    open(plain, "wb").write(rl.run([tfstream] + pa, cwd=cwd).stdout)
    cmd = [sys.executable, os.path.join(HERE, "contract_fixture.py"), "--plain", plain]
    if any(x == "--color=always" for x in args):
        color = out + ".color.txt"
        open(color, "wb").write(rl.run([tfstream] + args, cwd=cwd).stdout)
        cmd += ["--color", color]
    if title:
        cmd += ["--title", title]
    if any(x == "--state" for x in args):
        cmd += ["--document", "state"]
    with open(out, "wb") as f:
        subprocess.run(cmd, stdout=f, check=True)


# ---- one corpus case -------------------------------------------------------------
def corpus_case(b, tfstream, label, case_dir, work, color):
    args = read_args(case_dir, "color" if color else "nocolor")
    plain_args = read_args(case_dir, "nocolor")
    tag = "%s/%s%s" % (label, os.path.basename(case_dir), " (colour)" if color else "")
    html = os.path.join(work, os.path.basename(case_dir) + (".color" if color else "") + ".html")
    text = rl.run([tfstream] + plain_args, cwd=case_dir).stdout
    make_report(tfstream, args, case_dir, html, plain_args)
    meta, entries = rl.read_report(html)
    if not color:
        joined = "".join(e.plain for e in entries).encode("utf-8")
        check(joined == text, tag + ": the report's entries, in order, are the --color=never text",
              "%d bytes against %d" % (len(joined), len(text)))
    else:
        # With colour the text form may differ beyond the escapes (a warning wraps differently):
        # the entries are the colour text, and each block, escapes taken out, the --color=never block.
        colored = rl.run([tfstream] + args, cwd=case_dir).stdout
        joined = "".join(e.raw for e in entries).encode("utf-8")
        check(joined == colored, tag + ": the report's entries, in order, are the --color=always text",
              "%d bytes against %d" % (len(joined), len(colored)))
        plain_html = html + ".plain.html"
        make_report(tfstream, plain_args, case_dir, plain_html)
        plain_blocks = [e.plain for e in rl.read_report(plain_html)[1] if e.kind == "block"]
        check([e.plain for e in entries if e.kind == "block"] == plain_blocks,
              tag + ": each block without its escapes is the --color=never block")
        if "--color=never" not in plain_args:
            check(False, tag + ": the case's nocolor.args say --color=never")
    blocks = expected_blocks(entries)
    check(meta.get("blocks", len(blocks)) == len(blocks), tag + ": meta blocks == block entries")
    bad = [e for e in blocks if not block_starts_right(e)]
    check(not bad, tag + ": each block's text starts with its address line ('# ADDRESS', an output's '+ NAME =')",
          "; ".join("%s %r: %r" % (e.section, e.address, e.plain[:80]) for e in bad[:3]))

    ready_ms = b.open(html)
    n_el = b.element_count()
    check(n_el <= MAX_ELEMENTS, tag + ": %d elements, ready in %d ms" % (n_el, ready_ms))
    probs = b.hygiene()
    check(not probs, tag + ": no CSP violation, request or escape in the DOM", "; ".join(probs))

    # A small report shows every block open: scrolled through, each element's text is its block.
    if blocks and len(blocks) <= 300 and sum(len(e.raw.encode("utf-8")) for e in entries) <= 1 << 20:
        got = scroll_collect(b)
        want = list({(e.address, e.section): [e.address, e.section, e.plain] for e in blocks}.values())
        check(sorted(map(tuple, got)) == sorted(map(tuple, want)),
              tag + ": all %d blocks open with nothing clicked, each element's textContent its block" % len(blocks),
              first_difference(got, want))

    # Permalinks: the first, the last and some in between, each opened, in view, exact.
    if blocks:
        addrs = [blocks[0].address, blocks[-1].address]
        rnd = random.Random(len(blocks))
        addrs += [rnd.choice(blocks).address for _ in range(min(4, len(blocks)))]
        b.js("document.querySelector('.list').scrollTop = 0")
        bad = []
        for a in dict.fromkeys(addrs):
            want = preferred_block(blocks, a)
            got = open_permalink(b, a)
            ok = got and any(s == want.section and t == want.plain and inview for s, t, inview in got)
            if not ok:
                bad.append("%s: %r" % (a, (got or "not in the DOM")[:1]))
        check(not bad, tag + ": %d permalinks open their block, in view, byte for byte" % len(set(addrs)),
              "; ".join(bad)[:600])
        # A fresh load with the fragment (the last block).
        last = blocks[-1]
        b.open(html, rl.encode_uri_component(last.address))
        got = wait_block(b, last.address)
        want = preferred_block(blocks, last.address)
        check(got and any(s == want.section and t == want.plain and v for s, t, v in got),
              tag + ": report.html#<last address> opens it on load")

    # Filters: the planned changes' counts per action equal --summary --action's.
    if meta.get("document") == "state":
        sec = "state"
    else:
        sec = "changes"
    b.js("const c = document.querySelector('[data-section-filter=\"%s\"]'); if (c && !c.checked) c.click();" % sec)
    facets = b.js("""const o = {}; for (const cb of document.querySelectorAll('input[data-action]'))
        o[cb.getAttribute('data-action')] = Number(cb.parentElement.querySelector('.n').getAttribute('data-count'));
        return o;""")
    sargs = strip_for_summary(plain_args)
    if sec == "changes":
        total = summary_count(tfstream, sargs, case_dir, [])
        mismatch = []
        for act, n in sorted(facets.items()):
            want = summary_count(tfstream, sargs, case_dir, ["--action", act]) if n or act else 0
            if want != n:
                mismatch.append("%s: page %d, --summary %d" % (act, n, want))
        page_total = sum(facets.values())
        if page_total != total:
            mismatch.append("total: page %d, --summary %d" % (page_total, total))
        meta_counts = {k: v for k, v in (meta.get("counts") or {}).items() if v}
        for act, n in meta_counts.items():
            if act in facets and facets[act] != n:
                mismatch.append("header %s: %d, facet %d" % (act, n, facets[act]))
        check(not mismatch, tag + ": action filter counts == --summary --action counts (%s)" %
              ", ".join("%s %d" % kv for kv in sorted(facets.items())), "; ".join(mismatch))
        # The module tree's counts, for the first few module instances at the top.
        tree = b.js("""return Array.from(document.querySelectorAll('.tree-root > li .tree-node[data-module]'))
            .slice(0, 4).map(e => [e.getAttribute('data-module'), Number(e.querySelector('.n').getAttribute('data-count'))]);""")
        bad = []
        for mod, n in tree:
            if mod == "":
                continue
            pat = re.sub(r"([*?\\])", r"\\\1", mod)
            want = summary_count(tfstream, sargs, case_dir, ["--address", pat])
            if want != n:
                bad.append("%s: page %d, --summary --address %d" % (mod, n, want))
        check(not bad, tag + ": module tree counts == --summary --address counts (%d modules)" % len(tree),
              "; ".join(bad))
    else:
        total = summary_count(tfstream, sargs, case_dir, [])
        page_total = b.js("""const c = document.querySelector('[data-section-filter="state"]');
            return c ? Number(c.parentElement.querySelector('.n').getAttribute('data-count')) : 0;""")
        check(page_total == total, tag + ": state blocks listed == --summary's %d" % total, "page %d" % page_total)

    # Search, with every block closed: a value from the last block.
    if blocks:
        b.js("document.querySelector('[data-section-filter=\"%s\"]').click()" % sec)  # filter off again
        search_case(b, tag, entries, blocks[-1])


def first_difference(got, want):
    g, w = sorted(map(tuple, got)), sorted(map(tuple, want))
    if len(g) != len(w):
        return "%d elements, %d blocks" % (len(g), len(w))
    for x, y in zip(g, w):
        if x != y:
            return "page %r, want %r" % (x[:2] + (x[2][:200],), y[:2] + (y[2][:200],))
    return ""


def search_token(block):
    for m in re.finditer(r'"([A-Za-z0-9._:/-]{5,40})"', block.plain):
        return m.group(1)
    words = re.findall(r"[A-Za-z0-9_]{5,}", block.plain)
    return words[-1] if words else None


def search_case(b, tag, entries, block):
    token = search_token(block)
    if not token:
        return
    want = sum(e.plain.lower().count(token.lower()) for e in entries)
    b.js("document.documentElement.focus(); document.activeElement && document.activeElement.blur()")
    b.js("""document.dispatchEvent(new KeyboardEvent('keydown', {key: 'c', bubbles: true}));""")
    closed = b.wait("return document.querySelectorAll('.row.blk.open').length === 0", 10)
    box = b.driver.find_element("css selector", "input.search")
    box.clear()
    box.send_keys(token)
    b.wait("return document.querySelector('.hits').getAttribute('data-search') === 'done'", 60)
    got = int(b.js("return document.querySelector('.hits').getAttribute('data-hits')") or -1)
    from selenium.webdriver.common.keys import Keys
    box.send_keys(Keys.ENTER)
    hit = b.wait("""const m = document.querySelector('mark.cur'); if (!m) return null;
        const host = m.closest('[data-address]');
        return [m.textContent, host ? host.getAttribute('data-address') : '', host ? host.textContent : ''];""", 30)
    ok = closed and got == want and hit[0].lower() == token.lower() and token.lower() in hit[2].lower()
    check(ok, tag + ": search for %r, every block closed: %d matches, the first opened and marked" % (token, got),
          "want %d matches; mark %r in %r" % (want, hit[0], hit[1]))
    box.clear()
    box.send_keys(Keys.ESCAPE)


# ---- hostile plans --------------------------------------------------------------------
HOSTILE = [
    '</script><script>document.title="pwned"</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    "\"'><script>alert(1)</script>",
    '<!--',
    ']]></style><style>body{display:none}</style>',
]


def go_quote(s):
    return json.dumps(s, ensure_ascii=False)


def hostile_plan(src_case, out_dir):
    """gen-small-10 with hostile index keys, module keys, string values and output names."""
    plan = json.load(open(os.path.join(src_case, "plan.json")))
    rc = plan["resource_changes"]
    k = 0

    def evil():
        nonlocal k
        k += 1
        return HOSTILE[k % len(HOSTILE)]

    def walk(v):
        if isinstance(v, str):
            return evil()
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {key: walk(x) for key, x in v.items()}
        return v

    for i, r in enumerate(rc):
        ch = r["change"]
        for side in ("before", "after"):
            if isinstance(ch.get(side), dict):
                ch[side] = {key: walk(x) for key, x in ch[side].items()}
        if i == 0:
            r["index"] = HOSTILE[0]
            r["address"] = "%s.%s[%s]" % (r["type"], r["name"], go_quote(HOSTILE[0]))
        if i == 1 and r.get("mode") == "managed":
            r["module_address"] = "module.m[%s]" % go_quote(HOSTILE[1])
            r["address"] = r["module_address"] + "." + r["address"].split("module.")[-1].split(".", 1)[-1] \
                if r["address"].startswith("module.") else r["module_address"] + "." + r["address"]
    plan["output_changes"] = {
        HOSTILE[1]: {"actions": ["create"], "before": None, "after": HOSTILE[0], "after_unknown": False,
                     "before_sensitive": False, "after_sensitive": False},
        HOSTILE[0]: {"actions": ["create"], "before": None, "after": HOSTILE[2], "after_unknown": False,
                     "before_sensitive": False, "after_sensitive": False},
    }
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "hostile-plan.json")
    json.dump(plan, open(path, "w"))
    return path


def hostile_case(b, tfstream, build_dir, work):
    src = os.path.join(build_dir, "conformance/cases/gen-small-10")
    plan = hostile_plan(src, work)
    title = HOSTILE[0] + " " + HOSTILE[1]
    base = ["--schemas", os.path.join(src, "schemas.json"), "--renderer-version=latest", plan]
    text = rl.run([tfstream, "--color=never"] + base).stdout.decode("utf-8")
    for color in ("never", "always"):
        html = os.path.join(work, "hostile-%s.html" % color)
        make_report(tfstream, ["--color=" + color] + base, None, html, title=title)
        check_hostile_page(b, html, "hostile plan (--color=%s)" % color, title, text)
    # The page alone, through the stand-in writer: hostile strings in the index itself
    # (addresses, modules, sections, actions), which the real writer may never produce.
    extra = os.path.join(work, "hostile-entries.json")
    json.dump([["block", HOSTILE[0], "x." + h, HOSTILE[1], "module.a[%s]" % go_quote(h), "  # x.%s\n%s\n" % (h, h)]
               for h in HOSTILE], open(extra, "w"))
    plain = os.path.join(work, "hostile.txt")
    open(plain, "w").write(text)
    html = os.path.join(work, "hostile-fixture.html")
    with open(html, "wb") as f:
        subprocess.run([sys.executable, os.path.join(HERE, "contract_fixture.py"), "--plain", plain, "--title", title,
                        "--extra-entries", extra], stdout=f, check=True)
    check_hostile_page(b, html, "hostile index (stand-in writer)", title, None)


def check_hostile_page(b, html, tag, title, text):
    meta, entries = rl.read_report(html)
    b.open(html)
    b.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'e', bubbles: true}))")
    time.sleep(0.5)
    for e in [x for x in entries if x.kind == "block"][:6]:
        open_permalink(b, e.address)
    box = b.driver.find_element("css selector", "input.search")
    box.send_keys("onerror")
    b.wait("return document.querySelector('.hits').getAttribute('data-search') === 'done'", 30)
    time.sleep(0.3)
    alert = b.alert_text()
    got_title = b.js("return document.title")
    check(alert is None, tag + ": no alert", repr(alert))
    check(got_title == title, tag + ": the title is the given text, as text", repr(got_title))
    n = b.js("""return ['img', 'svg', 'iframe', 'object', 'embed', 'style', 'link'].map(t =>
        document.getElementsByTagName(t).length - (t === 'style' ? 1 : 0)).reduce((a, b) => a + b, 0)""")
    scripts = b.js("return document.scripts.length")
    check(n == 0 and scripts == meta["chunks"] + 2, tag + ": no element from the plan (%d scripts)" % scripts,
          "%d foreign elements" % n)
    body = b.js("return document.body.textContent")
    want = [h for h in HOSTILE if text is None or h in text]
    shown = [h for h in want if h in body]
    check(len(want) >= 3 and shown == want,
          tag + ": the hostile strings show as text (%d of the %d the text holds)" % (len(shown), len(want)))
    probs = b.hygiene()
    check(not probs, tag + ": no CSP violation, request or escape in the DOM", "; ".join(probs))


# ---- big plans -------------------------------------------------------------------------
def big_case(b, tfstream, html, label, limit_s, search):
    t0 = time.time()
    meta, entries = rl.read_report(html)
    blocks = expected_blocks(entries)
    print("      %s: %d blocks, %d chunks, %.1f MB file (read by Python in %.1f s)" % (
        label, len(blocks), meta["chunks"], os.path.getsize(html) / 1e6, time.time() - t0))
    ready_ms = b.open(html, timeout=120)
    n_el = b.element_count()
    check(ready_ms <= limit_s * 1000, "%s: ready in %d ms (limit %d s)" % (label, ready_ms, limit_s))
    check(n_el <= MAX_ELEMENTS, "%s: %d elements (limit %d)" % (label, n_el, MAX_ELEMENTS))
    probs = b.hygiene()
    check(not probs, label + ": no CSP violation, request or escape in the DOM", "; ".join(probs))
    # Keyboard: j j Enter opens the second block in the list, y copies (no error), k moves back.
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    b.js("document.querySelector('.list').focus()")
    ActionChains(b.driver).send_keys("j").send_keys("j").send_keys(Keys.ENTER).perform()
    second = [e for e in blocks if e.section == blocks[0].section][1] if len(blocks) > 1 else blocks[0]
    got = wait_block(b, second.address, 20)
    focus = b.js("const r = document.querySelector('.row.focus'); return r && r.classList.contains('open')")
    check(focus and got and any(t == second.plain for _, t, _ in got),
          "%s: keys j, j, Enter open the second block with its text" % label)
    last = blocks[-1]
    ready2 = b.open(html, rl.encode_uri_component(last.address), timeout=120)
    got = wait_block(b, last.address, 60)
    want = preferred_block(blocks, last.address)
    n_el2 = b.element_count()
    check(got and any(s == want.section and t == want.plain and v for s, t, v in got),
          "%s: the last block opens by permalink on load with its exact text (ready in %d ms, %d elements)" %
          (label, ready2, n_el2))
    check(n_el2 <= MAX_ELEMENTS, "%s: %d elements with the last block open" % (label, n_el2))
    # Scroll through: the element count stays bounded.
    peak = b.js("""const l = document.querySelector('.list'); let peak = 0;
        for (let i = 0; i <= 20; i++) { l.scrollTop = l.scrollHeight * i / 20; l.dispatchEvent(new Event('scroll'));
          peak = Math.max(peak, document.getElementsByTagName('*').length); }
        return peak;""")
    time.sleep(0.5)
    peak = max(peak, b.element_count())
    check(peak <= MAX_ELEMENTS, "%s: at most %d elements while scrolling" % (label, peak))
    if search:
        t0 = time.time()
        search_case(b, label, entries, last)
        print("      %s: search in %.1f s" % (label, time.time() - t0))
    return ready_ms, n_el


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["corpus", "big"])
    ap.add_argument("tfstream")
    ap.add_argument("build_dir")
    ap.add_argument("size", nargs="?", default="30M")
    ap.add_argument("--state", action="store_true", help="big: also a generated state")
    ap.add_argument("--limit", type=float, default=5.0, help="big: seconds to data-state=ready")
    ap.add_argument("--state-limit", type=float, default=10.0)
    ap.add_argument("--only", help="corpus: only the cases whose label/name contain this")
    a = ap.parse_args()
    miss = rl.missing_dependencies()
    if miss:
        print("browser tests: missing " + ", ".join(miss) + ".\n"
              "Install them with `make browser-deps` (apt-get install chromium chromium-driver python3-selenium);\n"
              "set TFSTREAM_SKIP_BROWSER=1 to skip this suite on purpose (reported as skipped).")
        return 1
    tfstream = os.path.abspath(a.tfstream)
    build = os.path.abspath(a.build_dir)
    work = os.path.join(build, "browser")
    os.makedirs(work, exist_ok=True)
    t_start = time.time()
    b = rl.Browser()
    try:
        if a.what == "corpus":
            # The page's source: plan text never goes through an HTML parser.
            src = open(os.path.join(HERE, "..", "..", "assets", "report", "report.js"), encoding="utf-8").read()
            bad = [w for w in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(",
                               "new Function", "createContextualFragment", "DOMParser") if w in src]
            check(not bad, "assets/report/report.js uses no HTML-parsing or code-evaluating API", ", ".join(bad))
            for label, folder, case, also_color in CORPUS_CASES:
                base = os.path.join(build, folder)
                if case is None:
                    case = pick_versions_case(base)
                if a.only and a.only not in label + "/" + case:
                    continue
                case_dir = os.path.join(base, case)
                if not os.path.isdir(case_dir):
                    check(False, "%s/%s: the case exists" % (label, case), case_dir)
                    continue
                for color in (False, True) if also_color else (False,):
                    try:
                        t_case = time.time()
                        corpus_case(b, tfstream, label, case_dir, work, color)
                        print("      (%s/%s%s: %.1f s)" % (label, case, " colour" if color else "", time.time() - t_case))
                    except Exception as e:  # one case's failure must not hide the others
                        check(False, "%s/%s%s" % (label, case, " (colour)" if color else ""), repr(e)[:800])
            try:
                if not a.only or a.only in "hostile":
                    hostile_case(b, tfstream, build, work)
            except Exception as e:
                check(False, "hostile plan", repr(e)[:800])
        else:
            for path, label, limit in big_inputs(tfstream, build, work, a.size, a.state, a.limit, a.state_limit):
                try:
                    big_case(b, tfstream, path, label, limit, search=label.startswith("plan"))
                except Exception as e:
                    check(False, label, repr(e)[:800])
    finally:
        b.close()
    print("%d passed, %d failed (%.0f s)" % (RESULTS["pass"], RESULTS["fail"], time.time() - t_start))
    return 1 if RESULTS["fail"] else 0


def big_inputs(tfstream, build, work, size, with_state, limit, state_limit):
    gen = os.path.join(build, "perf-tools", "gen_plan")
    src = os.path.join(os.path.dirname(HERE), "..", "perf")
    if not os.path.exists(gen):
        print("      building perf/gen_plan in %s" % os.path.dirname(gen))
        rl.run(["cmake", "-S", src, "-B", os.path.dirname(gen), "-DCMAKE_BUILD_TYPE=Release", "--log-level=WARNING"])
        rl.run(["cmake", "--build", os.path.dirname(gen), "-j2", "--target", "gen_plan"])

    def generated(sz):
        plan = os.path.join(work, "show-%s.json" % sz)
        schemas = os.path.join(work, "show-%s.schemas.json" % sz)
        if not (os.path.exists(plan) and os.path.exists(schemas)):
            t0 = time.time()
            rl.run([gen, "--size", sz, "--shape", "show", "--seed", "1", "--out", plan + ".tmp",
                    "--schemas-out", schemas])
            os.rename(plan + ".tmp", plan)
            print("      generated %s in %.1f s" % (plan, time.time() - t0))
        return plan, schemas

    def render(argv, html):
        t0 = time.time()
        rl.run([tfstream] + argv + ["--format", "html", "--output", html])
        print("      tfstream --format html: %.1f s, %.1f MB" % (time.time() - t0, os.path.getsize(html) / 1e6))

    plan, schemas = generated(size)
    html = os.path.join(work, "show-%s.html" % size)
    render(["--schemas", schemas, plan], html)
    yield html, "plan show-%s" % size, limit
    if with_state:
        # As perf/bench.sh: a state made by perf/gen_state.py from the 30M plan's resources.
        src_plan, src_schemas = generated("30M")
        state = os.path.join(work, "state-%s.json" % size)
        if not os.path.exists(state):
            t0 = time.time()
            rl.run([sys.executable, os.path.join(src, "gen_state.py"), src_plan, size, state + ".tmp"])
            os.rename(state + ".tmp", state)
            print("      generated %s in %.1f s" % (state, time.time() - t0))
        shtml = os.path.join(work, "state-%s.html" % size)
        render(["--state", "--schemas", src_schemas, state], shtml)
        yield shtml, "state-%s" % size, state_limit


if __name__ == "__main__":
    sys.exit(main())
