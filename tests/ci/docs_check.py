#!/usr/bin/env python3
"""The documentation against the program, so that neither drifts (issue 36,
finding 10):
  - every option of `tfstream --help` has a row in docs/reference.md's
    options table, and every option of that table and of the README's
    exists (--renderer-version included);
  - --help is short and points at --help-all, which holds every section;
  - the options docs/reference.md says --bundle takes are the ones it takes;
  - no placeholder (OWNER/tfstream) nor a release that is not published;
  - every local link of README.md and docs/*.md resolves (file and anchor).

    docs_check.py TFSTREAM
Prints one line per failed check and "N passed, M failed"."""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TFSTREAM = os.path.abspath(sys.argv[1])
DOCS = ["README.md"] + sorted("docs/" + f for f in os.listdir(os.path.join(REPO, "docs")) if f.endswith(".md"))
PLAN = os.path.join(REPO, "tests/cli/fixtures/plan.json")


def read(path):
    with open(os.path.join(REPO, path), encoding="utf-8") as f:
        return f.read()


def tf(*args):
    return subprocess.run([TFSTREAM] + list(args), capture_output=True, text=True, timeout=60)


HELP = tf("--help").stdout
HELP_ALL = tf("--help-all").stdout


def help_options(text):
    """--name of every option in the Options section."""
    section = text.split("\nOptions:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^  (?:-[a-zA-Z], )?(--[a-z][a-z-]*)", section, re.M)


def table_options(text, header="| option | meaning |"):
    """The options named in the first column of the table under HEADER."""
    start = text.index(header)
    rows = text[start:].split("\n\n", 1)[0].split("\n")[2:]
    names = []
    for row in rows:
        first = row.split(" | ")[0]
        names += re.findall(r"`(--[a-z][a-z-]*)", first)
    return names


FAILED, PASSED = [], []


def check(name):
    def wrap(fn):
        try:
            problem = fn()
        except Exception as e:
            problem = "%s: %s" % (type(e).__name__, e)
        (FAILED if problem else PASSED).append(name)
        if problem:
            print("FAIL %s\n  %s" % (name, problem))
        return fn
    return wrap


@check("reference_table_has_every_help_option")
def _():
    helped = set(help_options(HELP))
    documented = set(table_options(read("docs/reference.md")))
    problems = []
    if len(helped) < 20:
        problems.append("--help lists only %s" % sorted(helped))
    if helped - documented:
        problems.append("not in docs/reference.md's table: %s" % " ".join(sorted(helped - documented)))
    if documented - helped:
        problems.append("in docs/reference.md's table, not in --help: %s" % " ".join(sorted(documented - helped)))
    if "--renderer-version" not in documented:
        problems.append("--renderer-version is not documented")
    return "; ".join(problems)


@check("readme_options_exist")
def _():
    helped = set(help_options(HELP))
    named = set(table_options(read("README.md")))
    if not named:
        return "no options table in README.md"
    if named - helped:
        return "README names options --help lacks: %s" % " ".join(sorted(named - helped))


@check("help_is_short_and_help_all_is_whole")
def _():
    if help_options(HELP) != help_options(HELP_ALL):
        return "--help and --help-all list other options"
    if len(HELP.splitlines()) > 120:
        return "--help is %d lines" % len(HELP.splitlines())
    if "--help-all" not in HELP.split("\nOptions:\n", 1)[1].split("\n\n", 1)[1]:
        return "--help does not point at --help-all after the options"
    for heading in ("Flavours:", "Input:", "Filters:", "Summary:", "Markdown:", "JSON:", "Bundle:", "State:",
                    "Environment:", "Exit status:", "Examples:", "Releases:"):
        if "\n" + heading + "\n" not in HELP_ALL:
            return "--help-all lacks %s" % heading
        if "\n" + heading + "\n" in HELP:
            return "--help holds %s (the short help should not)" % heading


# Each option with a value that parses, to see whether --bundle takes it.
SAMPLE = {"--schemas": None, "--mode": "destroy", "--color": "never", "--width": "10", "--flavor": "terraform",
          "--renderer-version": "latest", "--quality": "auto", "--jobs": "1", "--action": "create",
          "--address": "x", "--drift": "hide", "--group-by": "module", "--format": "json", "--max-bytes": "2000",
          "--output-prefix": None, "--max-parts": "2", "--details-url": "https://x", "--title": "t",
          "--progress": "never", "--output": os.devnull}
SKIP = {"--help", "--help-all", "--version", "--bundle", "--schemas", "--output-prefix"}


@check("bundle_options_as_documented")
def _():
    text = " ".join(read("docs/reference.md").split())
    m = re.search(r"`--bundle` takes only (.*?): the options", text)
    if not m:
        return "docs/reference.md does not say which options --bundle takes"
    documented = set(re.findall(r"`(--[a-z-]+)`", m.group(1))) - SKIP
    taken = set()
    for option in help_options(HELP):
        if option in SKIP:
            continue
        args = [option] + ([SAMPLE[option]] if SAMPLE.get(option) else [])
        if option == "--state":
            # A plan is not a state (exit 1), but the option itself is taken.
            if tf("--bundle", *args, PLAN).returncode != 2:
                taken.add(option)
            continue
        if option == "--compare":
            # --compare's usage errors exit 1 (2 says the plans differ):
            # refused when the message says so.
            if "--bundle writes" not in tf("--bundle", option, PLAN, PLAN).stderr:
                taken.add(option)
            continue
        if tf("--bundle", *args, PLAN).returncode != 2:
            taken.add(option)
    if documented != taken:
        return "documented %s; --bundle takes %s" % (" ".join(sorted(documented)), " ".join(sorted(taken)))


@check("no_placeholders_nor_unpublished_releases")
def _():
    bad = []
    for path in DOCS + ["action.yml"]:
        text = read(path)
        for pattern in (r"OWNER/tfstream", r"binary from a release", r"tfstream@main"):
            if re.search(pattern, text):
                bad.append("%s: %s" % (path, pattern))
    return "; ".join(bad)


def slug(heading):
    t = heading.lstrip("#").strip().lower()
    t = re.sub(r"[^\w\- ]", "", t)
    return t.replace(" ", "-")


@check("local_links_resolve")
def _():
    anchors = {}
    for path in DOCS:
        text = re.sub(r"^```.*?^```", "", read(path), flags=re.S | re.M)
        anchors[path] = {slug(l) for l in text.split("\n") if re.match(r"#{1,6} ", l)}
    bad = []
    for path in DOCS:
        text = re.sub(r"^(```+|~~~+).*?^\1", "", read(path), flags=re.S | re.M)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or re.fullmatch(r"[A-Z_]+", target):
                continue
            file, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if not os.path.exists(os.path.join(REPO, dest)):
                bad.append("%s: %s (no such file)" % (path, target))
            elif anchor and dest in anchors and anchor not in anchors[dest]:
                bad.append("%s: %s (no such heading)" % (path, target))
    return "; ".join(bad)


@check("readme_opens_with_the_two_commands")
def _():
    first = read("README.md").split("\n")[:6]
    if not any(l.startswith("make run") for l in first) or not any(l.startswith("make test") for l in first):
        return "the README's first lines: %s" % first
    if len(read("README.md").splitlines()) > 300:
        return "README.md is %d lines: the reference belongs in docs/" % len(read("README.md").splitlines())


print("%d passed, %d failed" % (len(PASSED), len(FAILED)))
sys.exit(1 if FAILED else 0)
