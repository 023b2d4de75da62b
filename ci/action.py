#!/usr/bin/env python3
"""The GitHub Action's step (action.yml): renders a plan with tfstream, writes
the job summary, posts the pull-request comments (updated in place,
post_comments.py) and sets the step's outputs. Reads its inputs from the
environment action.yml sets (INPUT_PLAN, INPUT_SCHEMAS, ...) and GitHub's
own variables (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_EVENT_PATH, ...).

A failure of tfstream (bad input, an errored plan under
--detailed-exitcode, ...) or of a GitHub call fails the step (exit 1), with
tfstream's message. Python 3 standard library only."""
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import post_comments  # noqa: E402

ACTION_DIR = os.path.dirname(HERE)
# GitHub's job summary takes at most 1 MiB a step.
SUMMARY_MAX_BYTES = 1000000


def env(name, default=""):
    return os.environ.get(name, default).strip()


def flag(name, default):
    value = env(name, default).lower()
    if value not in ("true", "false"):
        raise SystemExit("tfstream action: %s must be true or false, not '%s'" % (name, value))
    return value == "true"


def find_tfstream():
    """The input's path, else tfstream on PATH, else a build of this
    repository (make deps, then the Release binary alone, no tests)."""
    given = env("INPUT_TFSTREAM")
    if given:
        return given
    on_path = shutil.which("tfstream")
    if on_path:
        return on_path
    build = os.path.join(ACTION_DIR, "build-action")
    print("::group::Building tfstream from %s" % ACTION_DIR, flush=True)
    for argv in (["make", "-C", ACTION_DIR, "deps"],
                 ["cmake", "-S", ACTION_DIR, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DTFSTREAM_TESTS=OFF"],
                 ["cmake", "--build", build, "--target", "tfstream", "-j", str(os.cpu_count() or 2)]):
        if subprocess.run(argv).returncode != 0:
            raise SystemExit("tfstream action: building tfstream failed: %s" % " ".join(argv))
    print("::endgroup::", flush=True)
    return os.path.join(build, "tfstream")


def tfstream(argv, what):
    """Runs tfstream; returns (exit status, standard output). Statuses other
    than 0 and 2 (changes, under --detailed-exitcode) fail the step."""
    p = subprocess.run(argv, capture_output=True, text=True)
    sys.stderr.write(p.stderr)
    if p.returncode not in (0, 2):
        raise SystemExit("tfstream action: tfstream failed (exit %d) rendering %s: %s" %
                         (p.returncode, what, p.stderr.strip().splitlines()[-1] if p.stderr.strip() else ""))
    return p.returncode, p.stdout


def pull_request_number():
    given = env("INPUT_PR_NUMBER")
    if given:
        return given
    path = env("GITHUB_EVENT_PATH")
    if not path or not os.path.exists(path):
        return ""
    with open(path, encoding="utf-8") as f:
        event = json.load(f)
    if isinstance(event.get("pull_request"), dict):
        return str(event["pull_request"]["number"])
    issue = event.get("issue")
    if isinstance(issue, dict) and issue.get("pull_request"):
        return str(issue["number"])
    return ""


def set_outputs(values):
    path = env("GITHUB_OUTPUT")
    if not path:
        return
    with open(path, "a", encoding="utf-8") as f:
        for name, value in values.items():
            f.write("%s=%s\n" % (name, value))


def main():
    plan = env("INPUT_PLAN")
    if not plan:
        raise SystemExit("tfstream action: the input 'plan' is required")
    binary = find_tfstream()
    common = [binary, "--format", "markdown"]
    if env("INPUT_SCHEMAS"):
        common += ["--schemas", env("INPUT_SCHEMAS")]
    if env("INPUT_FLAVOR", "auto") != "auto":
        common += ["--flavor", env("INPUT_FLAVOR")]
    if env("INPUT_TITLE"):
        common += ["--title", env("INPUT_TITLE")]
    common += shlex.split(env("INPUT_ARGS"))
    details_url = env("INPUT_DETAILS_URL") or "%s/%s/actions/runs/%s" % (
        env("GITHUB_SERVER_URL", "https://github.com"), env("GITHUB_REPOSITORY"), env("GITHUB_RUN_ID"))
    common += ["--details-url", details_url]

    work = tempfile.mkdtemp(prefix="tfstream-action-", dir=env("RUNNER_TEMP") or None)
    status, listing = tfstream(common + ["--detailed-exitcode", "--max-bytes", env("INPUT_MAX_BYTES", "65000"),
                                         "--max-parts", env("INPUT_MAX_PARTS", "5"),
                                         "--output-prefix", os.path.join(work, "plan"), plan],
                               "the pull-request comment")
    parts = [line for line in listing.splitlines() if line]
    set_outputs({"exitcode": status, "has-changes": "true" if status == 2 else "false", "parts": len(parts)})
    print("tfstream: %s, %d comment part(s)" % ("changes" if status == 2 else "no changes", len(parts)))

    if flag("INPUT_JOB_SUMMARY", "true"):
        summary_path = env("GITHUB_STEP_SUMMARY")
        if not summary_path:
            raise SystemExit("tfstream action: GITHUB_STEP_SUMMARY is not set (job-summary: true)")
        _, summary = tfstream(common + ["--max-bytes", str(SUMMARY_MAX_BYTES), "--max-parts", "1", plan],
                              "the job summary")
        with open(summary_path, "a", encoding="utf-8") as f:
            f.write(summary)

    if flag("INPUT_COMMENT", "true"):
        pr = pull_request_number()
        if not pr:
            print("tfstream action: not a pull request (no number in the event): no comment posted")
            return 0
        texts, key = post_comments.read_parts(parts)
        try:
            done = post_comments.sync(post_comments.GitHub(env("GITHUB_REPOSITORY"), pr), texts, key)
        except post_comments.Failure as e:
            raise SystemExit("tfstream action: posting the comments failed: %s" % e)
        print("tfstream action: pull request #%s: %d added, %d updated, %d unchanged, %d deleted" %
              (pr, done["added"], done["updated"], done["unchanged"], done["deleted"]))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SystemExit as e:
        if isinstance(e.code, str):
            print("::error::" + e.code, file=sys.stderr)
            sys.exit(1)
        raise
