#!/usr/bin/env python3
"""Records every output form of tfstream for every case of the conformance corpora.

    tests/support/record_forms.py TFSTREAM BUILD_DIR OUT_DIR [--corpus NAME ...] [--jobs N]

For each case (BUILD_DIR/conformance*/cases, unpacked by the build) and each of its
variants (<variant>.args), runs tfstream in the case's folder once per form and writes
<OUT_DIR>/<corpus>/<case>/<variant>.<form>.out with standard output, then a line
"--- stderr" and standard error, then "--- exit N". Markdown's part files are not
made (no --output-prefix). Compare two recordings with tests/support/compare_forms.sh.

Why: a refactoring of how the forms are driven (src/pipeline, src/forms) must not change
one byte of any form; the conformance suites only check the text.

Forms (plans): text (every variant; the first also from standard input), text with
--drift hide and with an --action filter, --summary (each variant), --summary --group-by
module, --format json (and --group-by module), --format markdown (and with
--max-bytes 2000 --max-parts 3), --summary --format markdown, --bundle.
States (--state in the args): text (every variant, the first also from standard
input), --summary, --format json, --bundle. The versions corpus (older releases): text
only unless --all-forms, to keep the run short on a shared machine.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys

CORPORA = {
    "terraform": "conformance/cases",
    "tofu": "conformance-tofu/cases",
    "state": "conformance-state/cases",
    "versions": "conformance-versions",
}

# Options a form refuses beside it (each a prefix of an "--opt=value" argument).
NOT_WITH_BUNDLE = ("--mode", "--color", "--no-color", "--width", "--show-sensitive", "--drift")
UNCOLOURED = ("--color",)


def read_args(path):
    with open(path) as f:
        return [line.rstrip("\n") for line in f if line.rstrip("\n")]


def without(args, prefixes):
    return [a for a in args if not any(a == p or a.startswith(p + "=") for p in prefixes)]


def plan_forms(args, first, all_forms):
    """(form name, argument list, stdin?) for one plan variant."""
    input_name = args[-1]
    opts = args[:-1]
    nocolor = without(opts, UNCOLOURED) + ["--color=never"]
    forms = [("text", args, False)]
    if first:
        forms.append(("text-stdin", opts + ["-"], True))
    if not all_forms:
        return forms
    forms.append(("summary", opts + ["--summary", input_name], False))
    if first:
        forms += [
            ("text-drift-hide", opts + ["--drift=hide", input_name], False),
            ("text-action", opts + ["--action=create,delete,replace", input_name], False),
            ("summary-action", opts + ["--summary", "--action=update,read", input_name], False),
            ("summary-modules", nocolor + ["--summary", "--group-by=module", input_name], False),
            ("json", nocolor + ["--format=json", input_name], False),
            ("json-modules", nocolor + ["--format=json", "--group-by=module", input_name], False),
            ("markdown", nocolor + ["--format=markdown", input_name], False),
            ("markdown-stdin", nocolor + ["--format=markdown", "-"], True),
            ("markdown-parts", nocolor + ["--format=markdown", "--max-bytes=2000", "--max-parts=3", input_name],
             False),
            ("markdown-summary", nocolor + ["--summary", "--format=markdown", input_name], False),
            ("markdown-summary-modules",
             nocolor + ["--summary", "--group-by=module", "--format=markdown", input_name], False),
            ("json-stdin", nocolor + ["--format=json", "-"], True),
            ("bundle", without(opts, NOT_WITH_BUNDLE) + ["--bundle", input_name], False),
            ("detailed-exitcode", opts + ["--detailed-exitcode", input_name], False),
        ]
    return forms


def state_forms(args, first, all_forms):
    input_name = args[-1]
    opts = args[:-1]
    nocolor = without(opts, UNCOLOURED) + ["--color=never"]
    forms = [("text", args, False)]
    if first:
        forms.append(("text-stdin", opts + ["-"], True))
    if not all_forms:
        return forms
    forms.append(("summary", opts + ["--summary", input_name], False))
    if first:
        forms += [
            ("json", nocolor + ["--format=json", input_name], False),
            ("json-stdin", nocolor + ["--format=json", "-"], True),
            ("bundle", without(opts, NOT_WITH_BUNDLE) + ["--bundle", input_name], False),
        ]
    return forms


def jobs_for(build, corpus, all_forms_versions):
    root = os.path.join(build, CORPORA[corpus])
    case_dirs = []
    if corpus == "versions":
        for folder in sorted(os.listdir(root)):
            cases = os.path.join(root, folder, "cases")
            if os.path.isdir(cases):
                case_dirs += [(os.path.join(folder, c), os.path.join(cases, c)) for c in sorted(os.listdir(cases))]
    else:
        case_dirs = [(c, os.path.join(root, c)) for c in sorted(os.listdir(root))]
    all_forms = corpus != "versions" or all_forms_versions
    for name, case_dir in case_dirs:
        if not os.path.isdir(case_dir):
            continue
        variants = sorted(f[:-5] for f in os.listdir(case_dir) if f.endswith(".args"))
        for i, variant in enumerate(variants):
            args = read_args(os.path.join(case_dir, variant + ".args"))
            if not args:
                continue
            if corpus != "versions":
                args = ["--renderer-version=latest"] + args  # as the conformance suites run them
            forms = state_forms if "--state" in args else plan_forms
            for form, form_args, stdin in forms(args, i == 0, all_forms):
                yield (os.path.join(corpus, name), case_dir, variant, form, form_args, args[-1] if stdin else None)


def run(tfstream, out_dir, job):
    rel, case_dir, variant, form, args, stdin_name = job
    stdin = open(os.path.join(case_dir, stdin_name), "rb") if stdin_name else subprocess.DEVNULL
    try:
        p = subprocess.run([tfstream] + args, cwd=case_dir, stdin=stdin, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=300,
                           env={k: v for k, v in os.environ.items() if not k.startswith("TFSTREAM_")})
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired:
        out, err, rc = b"", b"timeout\n", "timeout"
    finally:
        if stdin_name:
            stdin.close()
    target = os.path.join(out_dir, rel)
    os.makedirs(target, exist_ok=True)
    with open(os.path.join(target, variant + "." + form + ".out"), "wb") as f:
        f.write(out + b"\n--- stderr\n" + err + b"\n--- exit " + str(rc).encode() + b"\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tfstream")
    ap.add_argument("build")
    ap.add_argument("out")
    ap.add_argument("--corpus", action="append", choices=sorted(CORPORA))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--all-forms", action="store_true", help="every form for the versions corpus too")
    a = ap.parse_args()
    tfstream = os.path.abspath(a.tfstream)
    jobs = []
    for corpus in a.corpus or ["terraform", "tofu", "state", "versions"]:
        jobs += list(jobs_for(a.build, corpus, a.all_forms))
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for f in concurrent.futures.as_completed([ex.submit(run, tfstream, a.out, j) for j in jobs]):
            f.result()
    print(f"recorded {len(jobs)} runs into {a.out}")


if __name__ == "__main__":
    sys.exit(main())
