#!/usr/bin/env python3
"""Checks a plan written by gen_plan / gen_large_collections against its schema.

usage: check_plan.py PLAN.json [--schemas SCHEMAS.json] [--sample N] [--go-bytes]

For every sampled resource change, drift entry and planned_values/prior_state
resource it verifies that
  * the provider/type exists in the schema (embedded provider_schemas or --schemas);
  * every key of before/after/values is an attribute or block type of the schema,
    every schema member is present unless after_unknown marks it unknown,
    and each value has the JSON type its cty type / nesting mode requires;
  * after_unknown, before_sensitive, after_sensitive and sensitive_values have
    the shape of the value they describe (same keys, same list lengths);
  * replace_paths and relevant_attributes name existing attributes;
and that resource_changes are sorted by address (Terraform's order).
--go-bytes also checks that re-encoding the document the way Go's
encoding/json does (compact, HTML-safe escaping) gives the file's exact bytes.
Loads the whole document: use it on plans up to a few hundred MB.
Exits 1 and prints the first problems when anything is wrong.
"""
import argparse
import collections
import json
import sys

problems = []
stats = collections.Counter()


def problem(where, msg):
    if len(problems) < 50:
        problems.append(f"{where}: {msg}")
    stats["problems"] += 1


def check_type(ty, v, where):
    """Checks value v against cty type JSON ty."""
    if v is None:
        return
    if ty == "string":
        if not isinstance(v, str):
            problem(where, f"want string, got {type(v).__name__}")
        else:
            if "\n" in v:
                stats["multi-line strings"] += 1
            if v[:1] in "{[":
                stats["JSON-looking strings"] += 1
    elif ty == "number":
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            problem(where, f"want number, got {type(v).__name__}")
    elif ty == "bool":
        if not isinstance(v, bool):
            problem(where, f"want bool, got {type(v).__name__}")
    elif isinstance(ty, list):
        kind, elem = ty
        if kind in ("list", "set"):
            if not isinstance(v, list):
                problem(where, f"want {kind}, got {type(v).__name__}")
                return
            for i, e in enumerate(v):
                check_type(elem, e, f"{where}[{i}]")
        elif kind == "map":
            if not isinstance(v, dict):
                problem(where, f"want map, got {type(v).__name__}")
                return
            for k, e in v.items():
                check_type(elem, e, f"{where}.{k}")
        elif kind == "object":
            if not isinstance(v, dict):
                problem(where, f"want object, got {type(v).__name__}")
                return
            if set(v) != set(elem):
                problem(where, f"object keys {sorted(v)} != {sorted(elem)}")
            for k, e in v.items():
                if k in elem:
                    check_type(elem[k], e, f"{where}.{k}")
        else:
            problem(where, f"unknown type {ty}")
    else:
        problem(where, f"unknown type {ty}")


def is_unknown(mask, key):
    return isinstance(mask, dict) and mask.get(key) is True


def sub(mask, key):
    return mask.get(key) if isinstance(mask, dict) else None


def check_nested(attrs, mode, v, where, unknown):
    """nested_type attributes: like a block of attributes only."""
    blk = {"attributes": attrs}
    check_collection(blk, mode, v, where, unknown)


def check_collection(blk, mode, v, where, unknown):
    if v is None:
        return
    stats[f"nesting {mode}"] += 1
    if mode in ("single", "group"):
        if not isinstance(v, dict):
            problem(where, f"{mode} block wants object, got {type(v).__name__}")
            return
        check_block(blk, v, where, unknown)
    elif mode in ("list", "set"):
        if not isinstance(v, list):
            problem(where, f"{mode} block wants array, got {type(v).__name__}")
            return
        for i, e in enumerate(v):
            um = unknown[i] if isinstance(unknown, list) and i < len(unknown) else None
            check_block(blk, e, f"{where}[{i}]", um)
    elif mode == "map":
        if not isinstance(v, dict):
            problem(where, f"map block wants object, got {type(v).__name__}")
            return
        for k, e in v.items():
            check_block(blk, e, f"{where}.{k}", sub(unknown, k))
    else:
        problem(where, f"unknown nesting mode {mode}")


def check_block(blk, v, where, unknown=None):
    if not isinstance(v, dict):
        problem(where, f"block wants object, got {type(v).__name__}")
        return
    attrs = blk.get("attributes", {})
    blocks = blk.get("block_types", {})
    for k in v:
        if k not in attrs and k not in blocks:
            problem(where, f"key {k!r} not in schema")
    for k, a in attrs.items():
        if k not in v:
            if not is_unknown(unknown, k):
                problem(where, f"attribute {k!r} missing and not unknown")
            else:
                stats["unknown values"] += 1
            continue
        if a.get("sensitive"):
            stats["sensitive attributes"] += 1
        if "nested_type" in a:
            nt = a["nested_type"]
            check_nested(nt.get("attributes", {}), nt["nesting_mode"], v[k], f"{where}.{k}", sub(unknown, k))
        else:
            check_type(a["type"], v[k], f"{where}.{k}")
    for k, b in blocks.items():
        if k not in v:
            if not is_unknown(unknown, k):
                problem(where, f"block {k!r} missing and not unknown")
            continue
        check_collection(b["block"], b["nesting_mode"], v[k], f"{where}.{k}", sub(unknown, k))


def check_mask(mask, v, where):
    """A *_unknown / *_sensitive mask mirrors its value's containers."""
    if isinstance(mask, bool):
        return
    if isinstance(mask, list):
        if not isinstance(v, list):
            problem(where, f"mask is array but value is {type(v).__name__}")
            return
        if len(mask) != len(v):
            problem(where, f"mask has {len(mask)} elements, value {len(v)}")
        for i, (m, e) in enumerate(zip(mask, v)):
            check_mask(m, e, f"{where}[{i}]")
    elif isinstance(mask, dict):
        if v is None:
            if mask:
                problem(where, "mask object for null value")
            return
        if not isinstance(v, dict):
            problem(where, f"mask is object but value is {type(v).__name__}")
            return
        for k, m in mask.items():
            if k not in v:
                if m is not True:
                    problem(where, f"mask key {k!r} has no value and is not true")
                continue
            check_mask(m, v[k], f"{where}.{k}")
    else:
        problem(where, f"bad mask {mask!r}")


def schema_for(schemas, provider, rtype, mode):
    p = schemas.get(provider)
    if p is None:
        return None
    key = "data_source_schemas" if mode == "data" else "resource_schemas"
    s = p.get(key, {}).get(rtype)
    return s["block"] if s else None


def check_change(rc, schemas, where):
    blk = schema_for(schemas, rc["provider_name"], rc["type"], rc["mode"])
    if blk is None:
        problem(where, f"no schema for {rc['provider_name']} {rc['mode']} {rc['type']}")
        return
    c = rc["change"]
    stats["actions " + ",".join(c["actions"])] += 1
    if rc.get("previous_address"):
        stats["moved"] += 1
    if c.get("importing"):
        stats["importing"] += 1
    if rc.get("module_address"):
        stats["in modules"] += 1
    if "index" in rc:
        stats["indexed"] += 1
    au = c.get("after_unknown")
    if c.get("before") is not None:
        check_block(blk, c["before"], where + ".before")
        check_mask(c.get("before_sensitive"), c["before"], where + ".before_sensitive")
    if c.get("after") is not None:
        check_block(blk, c["after"], where + ".after", au)
        check_mask(au, c["after"], where + ".after_unknown")
        check_mask(c.get("after_sensitive"), c["after"], where + ".after_sensitive")
    for path in c.get("replace_paths", []):
        stats["replace_paths"] += 1
        if not path or (path[0] not in blk.get("attributes", {}) and path[0] not in blk.get("block_types", {})):
            problem(where, f"replace path {path} not in schema")


def walk_modules(mod, out):
    for r in mod.get("resources", []):
        out.append(r)
    for child in mod.get("child_modules", []):
        walk_modules(child, out)


def go_bytes(raw, doc):
    enc = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    for a, b in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        enc = enc.replace(a, b)
    enc = (enc + "\n").encode()
    if enc != raw:
        i = next((i for i in range(min(len(enc), len(raw))) if enc[i] != raw[i]), min(len(enc), len(raw)))
        problem("document", f"not Go-encoded: first difference at byte {i}: {raw[i-40:i+40]!r}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("plan")
    ap.add_argument("--schemas")
    ap.add_argument("--sample", type=int, default=1, help="check every Nth resource (default 1: all)")
    ap.add_argument("--go-bytes", action="store_true")
    a = ap.parse_args()

    with open(a.plan, "rb") as f:
        raw = f.read()
    doc = json.loads(raw)
    if a.go_bytes:
        go_bytes(raw, doc)
    if "provider_schemas" in doc:
        schemas = doc["provider_schemas"]
        shape = "renderer"
        if doc.get("plan_format_version") != "1.2" or doc.get("provider_format_version") != "1.0":
            problem("document", "renderer shape wants plan_format_version 1.2, provider_format_version 1.0")
    else:
        if not a.schemas:
            sys.exit("check_plan: show-shaped plan needs --schemas")
        with open(a.schemas) as f:
            schemas = json.load(f)["provider_schemas"]
        shape = "show"
        for k in ("format_version", "planned_values", "prior_state", "configuration", "variables",
                  "timestamp", "applyable", "complete", "errored"):
            if k not in doc:
                problem("document", f"show shape lacks {k}")

    rcs = doc.get("resource_changes", [])
    addrs = [r["address"] for r in rcs]
    if addrs != sorted(addrs):
        problem("resource_changes", "not sorted by address")
    known = set(addrs)
    for i, rc in enumerate(rcs):
        if i % a.sample == 0:
            check_change(rc, schemas, rc["address"])
    for i, rc in enumerate(doc.get("resource_drift", [])):
        known.add(rc["address"])
        stats["drift"] += 1
        if i % a.sample == 0:
            check_change(rc, schemas, "drift " + rc["address"])
    if shape == "show":
        for section, path in (("planned_values", ("planned_values",)), ("prior_state", ("prior_state", "values"))):
            node = doc
            for p in path:
                node = node[p]
            res = []
            walk_modules(node["root_module"], res)
            stats[section + " resources"] = len(res)
            for i, r in enumerate(res):
                known.add(r["address"])
                if i % a.sample:
                    continue
                blk = schema_for(schemas, r["provider_name"], r["type"], r["mode"])
                where = f"{section} {r['address']}"
                if blk is None:
                    problem(where, "no schema")
                    continue
                # planned values omit unknown attributes: only check present keys' types.
                vals = r["values"]
                for k, v in vals.items():
                    if k not in blk.get("attributes", {}) and k not in blk.get("block_types", {}):
                        problem(where, f"key {k!r} not in schema")
                if section == "prior_state":
                    check_block(blk, vals, where)
                check_mask(r.get("sensitive_values", {}), vals, where + ".sensitive_values")
    for ra in doc.get("relevant_attributes", []):
        stats["relevant_attributes"] += 1
        if ra["resource"] not in known:
            problem("relevant_attributes", f"unknown resource {ra['resource']}")
    for name, oc in doc.get("output_changes", {}).items():
        stats["outputs"] += 1
        if oc.get("after_unknown") is True:
            stats["unknown outputs"] += 1

    print(f"check_plan: {a.plan}: {shape} shape, {len(raw)} bytes, {len(rcs)} resource changes")
    for k in sorted(stats):
        print(f"  {k:32} {stats[k]}")
    if problems:
        print("PROBLEMS:")
        for p in problems:
            print("  " + p)
        sys.exit(1)
    print("check_plan: OK")


if __name__ == "__main__":
    main()
