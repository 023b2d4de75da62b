#!/usr/bin/env python3
"""The GitHub Action's steps (action.yml), in two calls around the upload of
the HTML report:

    action.py prepare   checks every input, the tools and the token's access
                        to the pull request, then writes the HTML report
                        (tfstream --format html --output FILE); outputs
                        `report` (its path, for actions/upload-artifact) and
                        `state` (what `post` needs).
    action.py post      renders the plan as Markdown (linking the uploaded
                        report, REPORT_URL, from the summary and the comments;
                        without one the notes of what was left out link the
                        run), appends it to the job summary,
                        posts the pull-request comments (updated in place,
                        post_comments.py) and sets the step's outputs.

Inputs come from the environment action.yml sets (INPUT_PLAN, INPUT_COMMENT,
...) and GitHub's own variables (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
GITHUB_EVENT_PATH, GITHUB_SERVER_URL, GITHUB_API_URL, ...).

Every failure is ONE `::error::` line and exit 1: a bad input (named as the
action's input, e.g. `comment`), a missing tool, or a token that may not
comment are found before anything is rendered. With `comment-failure: warn`
a failure of the comments only (no permission, e.g. a pull request from a
fork, or an API error) is one `::warning::` line and the step goes on. When
tfstream fails, the job summary says what failed and the pull request's
comments from an earlier run are marked outdated (post_comments.py
--failed), so they no longer look current. The token is never on a command
line nor in a message. Python 3 standard library only."""
import json
import os
import re
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
# GitHub's comments take at most 65536 characters.
COMMENT_MAX_BYTES = 65536
# Variables that may hold a token: kept from the processes that need none.
TOKEN_VARIABLES = ("INPUT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN", "GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN")


class ActionError(Exception):
    """One line for `::error::`."""


class CommentError(Exception):
    """A failure of the comments only: `comment-failure` decides."""


def env(name, default=""):
    return os.environ.get(name, default).strip()


def token():
    return os.environ.get("INPUT_GITHUB_TOKEN", "").strip()


SCRUB = post_comments.Scrubber(token(), os.environ.get("GH_TOKEN", ""), os.environ.get("GITHUB_TOKEN", ""))


def annotate(kind, message):
    """One workflow command line; the message is scrubbed and escaped as
    GitHub's workflow commands want (%, CR and LF)."""
    text = SCRUB(" ".join(str(message).split("\n")).strip())
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    print("::%s::tfstream action: %s" % (kind, text), flush=True)


# --- the inputs ---------------------------------------------------------------
def input_value(name, default=""):
    return env("INPUT_" + name.upper().replace("-", "_"), default)


def choice(name, allowed, default):
    value = input_value(name, default)
    if value.lower() not in allowed:
        raise ActionError("input '%s' must be %s, not '%s'" % (name, " or ".join(allowed), value))
    return value.lower()


def flag(name, default):
    return choice(name, ("true", "false"), default) == "true"


def number(name, default, low, high):
    value = input_value(name, default)
    if not re.fullmatch(r"[0-9]+", value) or not low <= int(value) <= high:
        raise ActionError("input '%s' must be a whole number from %d to %d, not '%s'" % (name, low, high, value))
    return int(value)


def read_inputs():
    """Every input checked; a dict of the settings. ActionError names the
    first bad input."""
    s = {}
    s["plan"] = input_value("plan")
    if not s["plan"]:
        raise ActionError("input 'plan' is required (the plan in JSON, `terraform show -json PLANFILE` output)")
    if not os.path.isfile(s["plan"]):
        raise ActionError("input 'plan': no such file '%s'" % s["plan"])
    s["schemas"] = input_value("schemas")
    if s["schemas"] and not os.path.isfile(s["schemas"]):
        raise ActionError("input 'schemas': no such file '%s'" % s["schemas"])
    s["title"] = input_value("title")
    s["flavor"] = choice("flavor", ("auto", "terraform", "opentofu"), "auto")
    s["max-parts"] = number("max-parts", "5", 1, 1000)
    s["max-bytes"] = number("max-bytes", "65000", 1024, COMMENT_MAX_BYTES)
    s["details-url"] = input_value("details-url")
    s["comment"] = flag("comment", "true")
    s["comment-failure"] = choice("comment-failure", ("fail", "warn"), "fail")
    s["job-summary"] = flag("job-summary", "true")
    s["html-report"] = flag("html-report", "true")
    try:
        s["args"] = shlex.split(input_value("args"))
    except ValueError as e:
        raise ActionError("input 'args': %s" % e)
    s["pr-number"] = input_value("pr-number")
    if s["pr-number"] and not re.fullmatch(r"[1-9][0-9]*", s["pr-number"]):
        raise ActionError("input 'pr-number' must be a pull request's number, not '%s'" % s["pr-number"])
    s["tfstream"] = input_value("tfstream")
    if s["tfstream"] and not (os.path.isfile(s["tfstream"]) and os.access(s["tfstream"], os.X_OK)):
        raise ActionError("input 'tfstream': '%s' is not an executable file" % s["tfstream"])
    return s


# --- the run ------------------------------------------------------------------
def run_url():
    return "%s/%s/actions/runs/%s" % (env("GITHUB_SERVER_URL", "https://github.com").rstrip("/"),
                                      env("GITHUB_REPOSITORY"), env("GITHUB_RUN_ID"))


def event():
    path = env("GITHUB_EVENT_PATH")
    if not path or not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return data if isinstance(data, dict) else {}


def pull_request_number(s):
    if s["pr-number"]:
        return s["pr-number"]
    ev = event()
    if isinstance(ev.get("pull_request"), dict):
        return str(ev["pull_request"]["number"])
    issue = ev.get("issue")
    if isinstance(issue, dict) and issue.get("pull_request"):
        return str(issue["number"])
    return ""


def from_fork():
    """True for a `pull_request` run of a pull request from another
    repository: GitHub gives such runs a read-only token."""
    if env("GITHUB_EVENT_NAME") != "pull_request":
        return False
    pr = event().get("pull_request") or {}
    head = ((pr.get("head") or {}).get("repo") or {}).get("full_name")
    base = ((pr.get("base") or {}).get("repo") or {}).get("full_name") or env("GITHUB_REPOSITORY")
    return bool(head) and head != base


def tool_env():
    """The environment for processes that need no token."""
    return {k: v for k, v in os.environ.items() if k not in TOKEN_VARIABLES}


def find_tfstream(s):
    """The input's path, else tfstream on PATH, else a build of this
    repository (make deps, then the Release binary alone, no tests)."""
    if s["tfstream"]:
        return s["tfstream"]
    on_path = shutil.which("tfstream")
    if on_path:
        return on_path
    build = os.path.join(ACTION_DIR, "build-action")
    binary = os.path.join(build, "tfstream")
    if os.access(binary, os.X_OK):
        return binary
    for tool in ("make", "cmake"):
        if not shutil.which(tool):
            raise ActionError("tfstream is not on PATH and %s, needed to build it, is not installed either: "
                              "put tfstream on PATH or give the input 'tfstream'" % tool)
    print("::group::Building tfstream from %s" % ACTION_DIR, flush=True)
    for argv in (["make", "-C", ACTION_DIR, "deps"],
                 ["cmake", "-S", ACTION_DIR, "-B", build, "-DCMAKE_BUILD_TYPE=Release", "-DTFSTREAM_TESTS=OFF"],
                 ["cmake", "--build", build, "--target", "tfstream", "-j", str(os.cpu_count() or 2)]):
        if subprocess.run(argv, env=tool_env()).returncode != 0:
            raise ActionError("building tfstream failed: %s" % " ".join(argv))
    print("::endgroup::", flush=True)
    return binary


class RenderFailed(Exception):
    """tfstream failed: `what` it was rendering, `line` its message."""

    def __init__(self, what, status, line):
        super().__init__("tfstream failed (exit %d) rendering %s: %s" % (status, what, line))
        self.what, self.status, self.line = what, status, line


def tfstream(argv, what, ok=(0, 2), echo=True):
    """Runs tfstream; returns (exit status, standard output). Other statuses
    raise RenderFailed with tfstream's last line (its standard error is
    echoed unless `echo` is false; then RenderFailed.stderr holds it)."""
    p = subprocess.run(argv, capture_output=True, text=True, env=tool_env())
    if echo:
        sys.stderr.write(SCRUB(p.stderr))
    if p.returncode not in ok:
        failure = RenderFailed(what, p.returncode, SCRUB(post_comments.last_line(p.stderr)))
        failure.stderr = SCRUB(p.stderr)
        raise failure
    return p.returncode, p.stdout


def common_args(binary, s):
    argv = [binary]
    if s["schemas"]:
        argv += ["--schemas", s["schemas"]]
    if s["flavor"] != "auto":
        argv += ["--flavor", s["flavor"]]
    return argv


def set_outputs(values):
    path = env("GITHUB_OUTPUT")
    if not path:
        return
    with open(path, "a", encoding="utf-8") as f:
        for name, value in values.items():
            f.write("%s=%s\n" % (name, value))


def fenced(text):
    """TEXT in a code fence longer than any run of backticks in it (text
    from a plan is data, never Markdown)."""
    longest = max([len(m) for m in re.findall(r"`+", text)] + [2])
    fence = "`" * (longest + 1)
    return "%s\n%s\n%s\n" % (fence, text, fence)


def write_summary(text):
    path = env("GITHUB_STEP_SUMMARY")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(text)


def github_site(state):
    return post_comments.GitHub(env("GITHUB_REPOSITORY"), state["pr"], token=token())


def report_failure(state, failure):
    """tfstream failed: the job summary says what failed, and our comments
    from an earlier run are marked outdated, linking this run."""
    title = state.get("title") or ""
    lines = ["### tfstream%s: the plan could not be rendered" % (" (%s)" % title.replace("\n", " ") if title else ""),
             "", "tfstream failed (exit %d) rendering %s; its message:" % (failure.status, failure.what), "", fenced(failure.line).rstrip("\n"), ""]
    if state.get("comment"):
        try:
            n = post_comments.mark_outdated(github_site(state), post_comments.marker_key(title), run_url())
            lines.append("%d comment(s) of an earlier run on pull request #%s marked outdated." % (n, state["pr"]))
        except (post_comments.Failure, post_comments.Usage) as e:
            annotate("warning", "marking the earlier comments outdated failed: %s" % e)
            lines.append("The earlier comments on pull request #%s could not be marked outdated." % state["pr"])
    lines.append("[This run](%s)" % run_url())
    write_summary("\n".join(lines) + "\n")


def comment_failure(state, message):
    """A failure of the comments only: `::error::` and exit 1, or with
    comment-failure: warn a `::warning::` and no comments."""
    if state["comment-failure"] == "warn":
        annotate("warning", message + " (comment-failure: warn: the step goes on without comments)")
        state["comment"] = False
        return
    raise ActionError(message + " (comment-failure: warn makes this a warning)")


def check_comments(state):
    """Before rendering: the tool, the token and its access to the pull
    request."""
    if not state["comment"]:
        return
    if not state["pr"]:
        print("tfstream action: not a pull request (no number in the event): no comment will be posted")
        state["comment"] = False
        return
    if not shutil.which("gh"):
        raise ActionError("gh (GitHub CLI) is not installed (not on PATH); it posts the comments: install it, "
                          "or set the input 'comment' to false")
    if not token():
        raise ActionError("input 'github-token' is empty; the comments need a token with pull-requests: write")
    if from_fork():
        comment_failure(state, "pull request #%s comes from a fork: its token is read-only, so no comment can be "
                               "posted" % state["pr"])
        return
    try:
        site = github_site(state)
        site.whoami()
        site.list()
    except post_comments.Failure as e:
        comment_failure(state, "cannot read the comments of pull request #%s: %s" % (state["pr"], e))


def prepare():
    s = read_inputs()
    state = dict(s)
    state["pr"] = pull_request_number(s) if s["comment"] else ""
    check_comments(state)
    binary = find_tfstream(s)
    state["binary"] = binary
    work = tempfile.mkdtemp(prefix="tfstream-action-", dir=env("RUNNER_TEMP") or None)
    state["work"] = work
    report = ""
    if s["html-report"]:
        slug = re.sub(r"[^A-Za-z0-9._-]+", "-", s["title"]).strip("-.") or "plan"
        job = re.sub(r"[^A-Za-z0-9._-]+", "-", env("GITHUB_JOB")).strip("-.")
        path = os.path.join(work, "tfstream-%s%s.html" % (slug, "-" + job if job else ""))
        try:
            tfstream(common_args(binary, s) + ["--format", "html", "--output", path, s["plan"]],
                                 "the HTML report", ok=(0,), echo=False)
        except RenderFailed as e:
            if e.status == 2 and "html" in e.line:
                # A tfstream without --format html (before the report existed).
                annotate("warning", "this tfstream cannot write the HTML report (%s): no report" % e.line)
            else:
                sys.stderr.write(e.stderr)
                report_failure(state, e)
                raise ActionError(str(e))
        else:
            report = path if os.path.isfile(path) else ""
    state_path = os.path.join(work, "state.json")
    with open(state_path, "w", encoding="utf-8") as f:
        json.dump(state, f)
    set_outputs({"report": report, "state": state_path})
    return 0


def report_link(url):
    """The line that links the uploaded HTML report ("" without one); the
    URL is kept from closing the Markdown link or becoming markup."""
    if not url:
        return ""
    safe = "".join(c if c.isascii() and c.isprintable() and c not in " ()<>[]`\\\"'" else
                   "".join("%%%02X" % b for b in c.encode("utf-8")) for c in url)
    return "\n_tfstream: [Full plan, HTML report](%s)_\n" % safe


def with_link(text, link):
    if not link:
        return text
    return (text if text.endswith("\n") else text + "\n") + link


def post():
    state_path = env("TFSTREAM_ACTION_STATE")
    if not state_path or not os.path.isfile(state_path):
        raise ActionError("no state from the 'prepare' step (TFSTREAM_ACTION_STATE)")
    with open(state_path, encoding="utf-8") as f:
        state = json.load(f)
    s = state
    report_url = env("REPORT_URL")
    details_url = s["details-url"] or report_url or run_url()
    # With an uploaded report, the summary and the comments link it even when
    # nothing is left out (tfstream's own "Full plan" links are only in the
    # notes of what was left out); without one, those notes link the run.
    link = report_link(report_url)
    reserve = len(link.encode("utf-8")) + 1 if link else 0
    common = common_args(state["binary"], s) + ["--format", "markdown"]
    if s["title"]:
        common += ["--title", s["title"]]
    common += s["args"] + ["--details-url", details_url]
    try:
        status, listing = tfstream(common + ["--detailed-exitcode",
                                             "--max-bytes", str(max(1024, s["max-bytes"] - reserve)),
                                             "--max-parts", str(s["max-parts"]),
                                             "--output-prefix", os.path.join(state["work"], "plan"), s["plan"]],
                                   "the pull-request comment")
        summary = None
        if s["job-summary"]:
            _, summary = tfstream(common + ["--max-bytes", str(SUMMARY_MAX_BYTES - reserve), "--max-parts", "1",
                                            s["plan"]], "the job summary")
            summary = with_link(summary, link)
    except RenderFailed as e:
        report_failure(state, e)
        raise ActionError(str(e))
    parts = [line for line in listing.splitlines() if line]
    set_outputs({"exitcode": status, "has-changes": "true" if status == 2 else "false", "parts": len(parts),
                 "details-url": details_url})
    print("tfstream: %s, %d comment part(s)" % ("changes" if status == 2 else "no changes", len(parts)))
    if summary is not None:
        write_summary(summary)
    if state["comment"]:
        texts, key = post_comments.read_parts(parts)
        # The link in the first part it fits in (within max-bytes).
        for n, text in enumerate(texts):
            if link and len(with_link(text, link).encode("utf-8")) <= s["max-bytes"]:
                texts[n] = with_link(text, link)
                break
        try:
            done = post_comments.sync(github_site(state), texts, key)
        except post_comments.Failure as e:
            comment_failure(state, "posting the comments on pull request #%s failed: %s" % (state["pr"], e))
            return 0
        print("tfstream action: pull request #%s: %d added, %d updated, %d unchanged, %d deleted" %
              (state["pr"], done["added"], done["updated"], done["unchanged"], done["deleted"]))
    return 0


def main(argv):
    mode = argv[0] if argv else ""
    if mode not in ("prepare", "post"):
        raise ActionError("usage: action.py prepare|post")
    return prepare() if mode == "prepare" else post()


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (ActionError, post_comments.Usage) as e:
        annotate("error", e)
        sys.exit(1)
