#!/usr/bin/env python3
"""tfstream --compare over every corpus plan (issue 33's done-when).

For each case (a plan.json and its arguments; states and cases whose plan
does not render are counted apart, never silently dropped) five variants:
  same      the plan against itself: exit 0, one line (with the cross-check
            of the identical-bytes fast path: every element parsed too)
  reformat  the plan written again (indented, keys sorted, numbers as
            written) with another timestamp: exit 0, one line
  edit      one attribute of one planned value edited: exit 2, the address
            and the attribute named
  remove    one resource change removed: exit 2, the address named
  delete    an update turned into a delete: exit 2, the address named

usage: corpus_compare.py TFSTREAM CASES_DIR... [--jobs N] [--same-only] [--distinct-plans]
--same-only: only the same and reformat variants (the older releases' corpora,
which are many). --distinct-plans: a plan whose bytes an earlier case had runs
once, with that case's arguments (else plans repeat when their arguments differ).
"""
import concurrent.futures
import decimal
import hashlib
import json
import os
import subprocess
import sys
import tempfile

KEEP = ("--schemas", "--flavor", "--renderer-version", "--mode", "--show-sensitive", "--width", "--quality")


def dump(value, out, indent=0):
    """JSON text with keys sorted (repeated keys kept, in their order) and
    numbers exactly as the plan wrote them."""
    pad = "\n" + "  " * (indent + 1)
    if isinstance(value, list) and value and isinstance(value[0], tuple) and getattr(value, "is_object", False):
        pass
    if isinstance(value, Obj):
        if not value:
            out.append("{}")
            return
        out.append("{")
        for i, (k, v) in enumerate(sorted(value, key=lambda kv: kv[0])):
            out.append(("," if i else "") + pad + json.dumps(k) + ": ")
            dump(v, out, indent + 1)
        out.append("\n" + "  " * indent + "}")
    elif isinstance(value, list):
        if not value:
            out.append("[]")
            return
        out.append("[")
        for i, v in enumerate(value):
            out.append(("," if i else "") + pad)
            dump(v, out, indent + 1)
        out.append("\n" + "  " * indent + "]")
    elif isinstance(value, Num):
        out.append(value.text)
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif value is None:
        out.append("null")
    else:
        out.append(json.dumps(value))


class Obj(list):
    """An object as its (key, value) pairs, repeats included."""

    def get(self, key, default=None):
        found = default
        for k, v in self:
            if k == key:
                found = v
        return found

    def set(self, key, value):
        for i, (k, _) in enumerate(self):
            if k == key:
                self[i] = (k, value)
        if not any(k == key for k, _ in self):
            self.append((key, value))


class Num:
    def __init__(self, text):
        self.text = text


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    return json.loads(data, object_pairs_hook=Obj, parse_float=Num, parse_int=Num,
                      parse_constant=lambda c: Num(c))


def write(doc, path):
    out = []
    dump(doc, out)
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(out) + "\n")


def args_of(case):
    with open(os.path.join(case, "nocolor.args")) as f:
        lines = [l.rstrip("\n") for l in f if l.strip()]
    if any(l.startswith("--state") for l in lines):
        return None
    kept = []
    for l in lines:
        if l.startswith(KEEP):
            if l.startswith("--schemas="):
                l = "--schemas=" + os.path.normpath(os.path.join(case, l[len("--schemas="):]))
            kept.append(l)
    return kept


def run(tfstream, old, new, args, fmt=None, cross_check=False):
    cmd = [tfstream, "--color=never", "--compare", old] + args + ([fmt] if fmt else []) + [new]
    env = dict(os.environ, TFSTREAM_COMPARE_CROSS_CHECK="1") if cross_check else None
    p = subprocess.run(cmd, capture_output=True, timeout=120, env=env)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def changes_of(doc):
    rc = doc.get("resource_changes") if isinstance(doc, Obj) else None
    return rc if isinstance(rc, list) else []


def pick_edit(rcs):
    """(index, attribute) of a planned value with a plain string attribute."""
    for i, rc in enumerate(rcs):
        if not isinstance(rc, Obj) or not isinstance(rc.get("address"), str):
            continue
        ch = rc.get("change")
        if not isinstance(ch, Obj):
            continue
        after = ch.get("after")
        if not isinstance(after, Obj):
            continue
        unknown = ch.get("after_unknown")
        for k, v in after:
            if isinstance(v, str) and k.isidentifier() and after.get(k) is v:
                if isinstance(unknown, Obj) and unknown.get(k) is True:
                    continue
                return i, k
    return None


SAME_ONLY = False
PLAN_MEMBERS = {"planned_values", "resource_changes", "resource_drift", "output_changes", "prior_state",
                "configuration", "deferred_changes", "action_invocations", "relevant_attributes",
                "plan_format_version", "provider_format_version"}


def check_case(tfstream, case, tmp):
    """Returns (status, messages): status 'ok', 'fail', 'state', 'error-case'."""
    args = args_of(case)
    if args is None:
        return "state", []
    plan = os.path.join(case, "plan.json")
    # The plan against itself with the identical-bytes fast path cross-checked:
    # every element parsed and compared too (TFSTREAM_COMPARE_CROSS_CHECK).
    code, out, err = run(tfstream, plan, plan, args, cross_check=True)
    if code == 1:
        # A plan that does not render: it must fail the same way alone.
        alone = subprocess.run([tfstream] + args + [plan], capture_output=True, timeout=120)
        if alone.returncode != 0:
            return "error-case", []
        return "fail", [f"{case}: same: exit 1 but the plan renders: {err.strip()}"]
    msgs = []
    if code != 0 or out.count("\n") != 1 or not out.startswith("The plans are the same"):
        msgs.append(f"{case}: same: exit {code}, output {out[:300]!r} {err[:300]!r}")
    try:
        doc = load(plan)
    except (ValueError, RecursionError) as e:
        return ("fail" if msgs else "ok"), msgs + ([] if False else [])
    base = os.path.join(tmp, hashlib.sha1(case.encode()).hexdigest()[:12])
    variants = []
    if isinstance(doc, Obj):
        # Another timestamp, in a document with a plan's members (OpenTofu
        # takes {} and {"terraform_version": ...} as empty plans; with a
        # timestamp beside, they are no plan).
        if any(k in PLAN_MEMBERS for k, _ in doc):
            doc.set("timestamp", "2031-02-03T04:05:06Z")
        try:
            write(doc, base + ".reformat.json")
            variants.append(("reformat", base + ".reformat.json", 0, []))
        except RecursionError:
            pass
        rcs = [] if SAME_ONLY else changes_of(doc)
        picked = pick_edit(rcs)
        if picked:
            i, attr = picked
            ch = rcs[i].get("change")
            after = ch.get("after")
            old_value = after.get(attr)
            after.set(attr, old_value + "-edited")
            write(doc, base + ".edit.json")
            after.set(attr, old_value)
            variants.append(("edit", base + ".edit.json", 2, [rcs[i].get("address"), attr]))
        named = [(i, rc) for i, rc in enumerate(rcs) if isinstance(rc, Obj) and isinstance(rc.get("address"), str)]
        if named:
            i, rc = named[len(named) // 2]
            del rcs[i]
            write(doc, base + ".remove.json")
            rcs.insert(i, rc)
            variants.append(("remove", base + ".remove.json", 2, [rc.get("address"), "only in the old plan"]))
        for i, rc in named:
            ch = rc.get("change")
            if isinstance(ch, Obj) and isinstance(ch.get("actions"), list) and \
                    [a for a in ch.get("actions")] == ["update"] and rc.get("mode") == "managed":
                saved = list(ch)
                ch.set("actions", ["delete"])
                ch.set("after", None)
                ch.set("after_unknown", Obj())
                ch.set("after_sensitive", False)
                write(doc, base + ".delete.json")
                ch[:] = saved
                variants.append(("delete", base + ".delete.json", 2,
                                 [rc.get("address"), "the action was update and is now delete"]))
                break
    for name, path, want, words in variants:
        code, out, err = run(tfstream, plan, path, args)
        if code != want:
            msgs.append(f"{case}: {name}: exit {code}, want {want}: {out[:400]!r} {err[:400]!r}")
            continue
        if want == 0 and (out.count("\n") != 1 or not out.startswith("The plans are the same")):
            msgs.append(f"{case}: {name}: not one line: {out[:300]!r}")
        for w in words:
            if w not in out:
                msgs.append(f"{case}: {name}: output does not name {w!r}: {out[:600]!r}")
        os.unlink(path)
    return ("fail" if msgs else "ok"), msgs


def main():
    argv = sys.argv[1:]
    jobs = os.cpu_count() or 2
    if "--jobs" in argv:
        k = argv.index("--jobs")
        jobs = int(argv[k + 1])
        del argv[k:k + 2]
    # --sample N: every Nth distinct plan only (the sanitizer build's fixed sample).
    sample = 1
    if "--sample" in argv:
        k = argv.index("--sample")
        sample = max(1, int(argv[k + 1]))
        del argv[k:k + 2]
    global SAME_ONLY
    SAME_ONLY = "--same-only" in argv
    distinct = "--distinct-plans" in argv
    argv = [a for a in argv if a not in ("--same-only", "--distinct-plans")]
    tfstream, dirs = argv[0], argv[1:]
    sys.setrecursionlimit(20000)
    cases, seen = [], set()
    for d in dirs:
        for name in sorted(os.listdir(d)):
            case = os.path.join(d, name)
            plan = os.path.join(case, "plan.json")
            if not os.path.isfile(plan) or not os.path.isfile(os.path.join(case, "nocolor.args")):
                continue
            with open(plan, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if not distinct:
                with open(os.path.join(case, "nocolor.args"), "rb") as f:
                    digest += hashlib.sha256(f.read()).hexdigest()
            if digest in seen:
                continue
            seen.add(digest)
            cases.append(case)
    distinct_count = len(cases)
    cases = cases[::sample]
    counts = {"ok": 0, "fail": 0, "state": 0, "error-case": 0}
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for status, msgs in pool.map(lambda c: check_case(tfstream, c, tmp), cases):
                counts[status] += 1
                failures += msgs
    for m in failures[:50]:
        print("FAIL", m)
    if sample > 1:
        print(f"sample: {len(cases)} of {distinct_count} cases (distinct plans, 1 in {sample}); "
              "the others are not run")
    print(f"compare corpus: {len(cases)} distinct plans: {counts['ok']} passed, {counts['fail']} failed, "
          f"{counts['error-case']} plans that do not render (compared as errors, exit 1), "
          f"{counts['state']} states (not plans)")
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
