#!/usr/bin/env python3
"""gen_state.py: a `terraform show -json` state of a requested size, for the
--state benchmark rows, built from a generated show plan's planned_values.

    gen_state.py PLAN SIZE OUT

PLAN is a `gen_plan --shape show` plan (its schemas file serves the state too);
SIZE takes K, M, G suffixes (powers of 1000). The state holds the plan's root
outputs, its root module's resources, and copies of all its resources in child
modules module.copy[0], module.copy[1], ... (addresses rewritten) until SIZE is
reached; every tenth copy's resources are tainted. Deterministic for a given plan.
"""
import json
import sys


def size_of(text):
    mult = {"K": 10**3, "M": 10**6, "G": 10**9}
    return int(float(text[:-1]) * mult[text[-1]]) if text[-1] in mult else int(text)


def resources_of(module):
    yield from module.get("resources", [])
    for child in module.get("child_modules", []):
        yield from resources_of(child)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    plan_path, target, out_path = sys.argv[1], size_of(sys.argv[2]), sys.argv[3]
    with open(plan_path) as f:
        plan = json.load(f)
    values = plan["planned_values"]
    root = values.get("root_module", {})
    marker = "\0ADDR\0"
    templates = []  # (json text with a marker for the address, address)
    for r in resources_of(root):
        r = dict(r)
        address = r["address"]
        r["address"] = marker
        templates.append((json.dumps(r, separators=(",", ":")), address))
    quoted_marker = json.dumps(marker)
    outputs = {}
    for name, o in values.get("outputs", {}).items():
        o = dict(o)
        o.setdefault("value", None)
        outputs[name] = o
    with open(out_path, "w") as out:
        head = '{"format_version":"1.0","terraform_version":"1.14.0","values":{"outputs":' + \
            json.dumps(outputs, separators=(",", ":")) + ',"root_module":{"resources":'
        out.write(head)
        out.write(json.dumps(root.get("resources", []), separators=(",", ":")))
        out.write(',"child_modules":[')
        written = out.tell()
        copy = 0
        while written < target:
            prefix = "module.copy[%d]." % copy
            parts = []
            for text, address in templates:
                t = text.replace(quoted_marker, json.dumps(prefix + address))
                if copy % 10 == 9:
                    t = t[:-1] + ',"tainted":true}'
                parts.append(t)
            module = ('{"resources":[' + ",".join(parts) + '],"address":"module.copy[%d]"}' % copy)
            out.write(("," if copy else "") + module)
            written += len(module) + 1
            copy += 1
        out.write("]}}}\n")
    print("gen_state: %s: %d copies of %d resources" % (out_path, copy, len(templates)), file=sys.stderr)


if __name__ == "__main__":
    main()
