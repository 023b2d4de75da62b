#!/usr/bin/env python3
"""Checks --format json on every conformance case against its schema and its text.

    check_plan_json.py TFSTREAM CASES_DIR SCHEMA_FILE

For every variant of every case (cases/<id>/<variant>.args, .out: what
Terraform printed), tfstream runs with the variant's --mode, --quality and
--schemas and --format json, with and without --group-by module, and:
  - the document must validate against SCHEMA_FILE (a small validator of the
    JSON Schema keywords that file uses, below: no pip packages);
  - "counts" must be the numbers of Terraform's "Plan:" line in the .out
    (all 0 when it has none), "errored" whether the text says planning failed;
  - the resource_changes entries must add up to the same counts (each action
    list counted as the Plan: line counts it) and number "shown_changes";
  - the module tree's root must total the entries, and each node its children;
  - "has_changes" must be true when blocks are shown (not in refresh-only
    mode, where Terraform counts only the refresh's changes).
Both input shapes must occur. Prints one line per failure and a tally.
"""
import json
import os
import re
import subprocess
import sys


class SchemaError(Exception):
    pass


def resolve(schema, root):
    while "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            raise SchemaError("unsupported $ref " + ref)
        node = root
        for part in ref[2:].split("/"):
            node = node[part]
        schema = node
    return schema


TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}
KNOWN = {"$schema", "$id", "title", "$defs", "$ref", "type", "required", "additionalProperties",
         "properties", "items", "enum", "minimum", "oneOf"}


def validate(value, schema, root, path="$"):
    schema = resolve(schema, root)
    unknown = set(schema) - KNOWN
    if unknown:
        raise SchemaError("the validator does not know " + ", ".join(sorted(unknown)))
    if "oneOf" in schema:
        matched = 0
        for option in schema["oneOf"]:
            try:
                validate(value, option, root, path)
                matched += 1
            except SchemaError:
                pass
        if matched != 1:
            raise SchemaError("%s: matches %d of oneOf" % (path, matched))
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(TYPES[t](value) for t in types):
            raise SchemaError("%s: %r is not %s" % (path, value, "/".join(types)))
    if "enum" in schema and value not in schema["enum"]:
        raise SchemaError("%s: %r not in %r" % (path, value, schema["enum"]))
    if "minimum" in schema and value < schema["minimum"]:
        raise SchemaError("%s: %r below %r" % (path, value, schema["minimum"]))
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                raise SchemaError("%s: %s missing" % (path, key))
        props = schema.get("properties", {})
        for key, v in value.items():
            if key in props:
                validate(v, props[key], root, path + "." + key)
            elif schema.get("additionalProperties", True) is False:
                raise SchemaError("%s: unexpected member %s" % (path, key))
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            validate(v, schema["items"], root, "%s[%d]" % (path, i))


ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Terraform's line, or OpenTofu's with ", N to forget" before the full stop.
PLAN_LINE = re.compile(r"^Plan: (?:(\d+) to import, )?(\d+) to add, (\d+) to change, (\d+) to destroy"
                       r"(?:, (\d+) to forget)?\.(?: Actions: (\d+) to invoke\.)?$", re.M)


def text_counts(text):
    m = PLAN_LINE.search(ANSI.sub("", text))
    if not m:
        return {"import": 0, "add": 0, "change": 0, "destroy": 0, "forget": 0, "invoke": 0}
    n = [int(g) if g else 0 for g in m.groups()]
    return {"import": n[0], "add": n[1], "change": n[2], "destroy": n[3], "forget": n[4], "invoke": n[5]}


def entry_counts(entries, invoke, flavor):
    c = {"import": 0, "add": 0, "change": 0, "destroy": 0, "forget": 0, "invoke": invoke}
    for e in entries:
        a = e["actions"]
        c["import"] += e["importing"]
        c["add"] += a in (["create"], ["delete", "create"], ["create", "delete"], ["create", "forget"],
                          ["forget", "create"])
        c["change"] += a == ["update"]
        c["destroy"] += a in (["delete"], ["delete", "create"], ["create", "delete"])
        # Only OpenTofu's line counts forgets.
        c["forget"] += flavor == "opentofu" and a in (["forget"], ["forget", "create"])
    return c


def check_tree(node, path="modules"):
    kids = node["modules"]
    for i, k in enumerate(kids):
        check_tree(k, "%s.modules[%d]" % (path, i))
    own_changes = node["changes"] - sum(k["changes"] for k in kids)
    if own_changes < 0:
        raise SchemaError(path + ": fewer changes than its modules")
    for key in node["counts"]:
        if node["counts"][key] < sum(k["counts"][key] for k in kids):
            raise SchemaError("%s: counts.%s below its modules'" % (path, key))


def main():
    tfstream, cases, schema_file = (os.path.abspath(p) for p in sys.argv[1:4])
    # --every K: a fixed sample, every K-th case by name (the 1st, (K+1)th, ...),
    # as the sanitizer tree runs it; announced on the first line.
    every = 1
    if len(sys.argv) > 5 and sys.argv[4] == "--every":
        every = max(1, int(sys.argv[5]))
    schema = json.load(open(schema_file))
    passed = failed = 0
    shapes = set()
    all_cases = sorted(os.listdir(cases))
    sample = all_cases[::every]
    if every > 1:
        print("sample: %d of %d cases (1 in %d by name); the others are not run" % (len(sample), len(all_cases), every))
    for case in sample:
        cdir = os.path.join(cases, case)
        for name in sorted(os.listdir(cdir)):
            if not name.endswith(".args"):
                continue
            variant = name[:-5]
            args = open(os.path.join(cdir, name)).read().split()
            keep = [a for a in args if a.startswith(("--mode", "--quality", "--schemas", "--flavor"))]
            plan = [a for a in args if not a.startswith("-")]
            expected = open(os.path.join(cdir, variant + ".out"), encoding="utf-8", errors="replace").read()
            for extra in ([], ["--group-by", "module"]):
                what = "%s/%s%s" % (case, variant, " --group-by module" if extra else "")
                run = subprocess.run([tfstream, "--format", "json"] + extra + keep + plan, cwd=cdir,
                                     capture_output=True, timeout=120)
                try:
                    if run.returncode != 0:
                        raise SchemaError("exit %d: %s" % (run.returncode, run.stderr.decode(errors="replace")))
                    doc = json.loads(run.stdout)
                    validate(doc, schema, schema)
                    shapes.add(doc["input_shape"])
                    want = text_counts(expected)
                    if doc["counts"] != want:
                        raise SchemaError("counts %r, the Plan: line says %r" % (doc["counts"], want))
                    got = entry_counts(doc["resource_changes"], doc["counts"]["invoke"], doc["flavor"])
                    if got != want:
                        raise SchemaError("the entries add up to %r, the Plan: line says %r" % (got, want))
                    if len(doc["resource_changes"]) != doc["shown_changes"] or doc["filtered_out"] != 0:
                        raise SchemaError("shown_changes %d for %d entries" %
                                          (doc["shown_changes"], len(doc["resource_changes"])))
                    failed_text = "Planning failed." in expected or "but then encountered a problem" in expected
                    if doc["errored"] != failed_text:
                        raise SchemaError("errored is %r, the text says %r" % (doc["errored"], failed_text))
                    # Refresh-only plans are applyable for their drift only.
                    if doc["plan_mode"] != "refresh-only" and doc["shown_changes"] > 0 and not doc["has_changes"]:
                        raise SchemaError("blocks shown, but has_changes is false")
                    if extra:
                        root = doc["modules"]
                        check_tree(root)
                        if root["changes"] != doc["shown_changes"] or \
                                {k: v for k, v in root["counts"].items() if k != "invoke"} != \
                                {k: v for k, v in want.items() if k != "invoke"}:
                            raise SchemaError("the module tree's root does not total the plan")
                    elif "modules" in doc:
                        raise SchemaError("modules without --group-by")
                    passed += 1
                except (SchemaError, ValueError) as e:
                    failed += 1
                    print("FAIL %s: %s" % (what, e))
    if shapes != {"show-json", "renderer"} and not os.environ.get("CHECK_PLAN_JSON_ANY_SHAPE"):
        failed += 1
        print("FAIL: input shapes seen: %s" % sorted(shapes))
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
