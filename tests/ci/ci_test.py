#!/usr/bin/env python3
"""The CI scripts (ci/action.py as action.yml runs it, ci/post_comments.py,
and the README's recipes as written) against a local stand-in for GitHub and
GitLab (fake_forge.py), through the REAL `gh` and `curl` (Debian's packages;
never stubs). Each finding of issue 36 has a check here that failed before
the fix:
  1 tokens: never in a process's arguments (every gh/curl call is recorded
    by a PATH shim that then runs the real tool, and /proc/*/cmdline is
    sampled during the runs) nor in any output, failures included;
  2 only our own comments: the marker AND the author;
  3 GitHub Enterprise Server: hosts from GITHUB_SERVER_URL/GITHUB_API_URL;
  4 a missing gh/curl: one error line before anything is rendered;
  5 a failed run marks the earlier comments outdated, and says so in the
    job summary;
  6 forks (a read-only token): comment-failure fail|warn;
  7 inputs checked before rendering, named as the action's inputs;
  9 `make install` never builds;
 10 the README and --help agree (tests/ci/docs_check.py, a ctest of its own).

    ci_test.py TFSTREAM [NAME-SUBSTRING...]
Prints one line per failed check and "N passed, M failed"."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import fake_forge  # noqa: E402

TFSTREAM = os.path.abspath(sys.argv[1])
ONLY = sys.argv[2:]
WORK = tempfile.mkdtemp(prefix="tfstream-ci-")
README = os.path.join(REPO, "README.md")
TOKEN = "ghs_SECRETtokenVALUE0123456789"  # GitHub's, an installation token
USER_TOKEN = "ghp_SECRETuserTOKEN9876543210"  # a person's token (GET /user works)
RO_TOKEN = "ghs_SECRETreadONLY5555555555"  # a fork's pull request's token
GL_TOKEN = "glpat-SECRET-abc123"
SECRETS = (TOKEN, USER_TOKEN, RO_TOKEN, GL_TOKEN)
REPO_NAME = "acme/infra"
PR = 7
MR = 9
PROJECT = "acme/infra"
TITLE = "prod --eu"
KEY = "prod %2D%2Deu"


# --- the environment ----------------------------------------------------------
def make_inputs():
    """plan.json / schemas.json as `terraform show -json` and `terraform
    providers schema -json` write them, from the renderer-shaped fixture;
    plan2.json the same plan with other values; broken.json cut short."""
    with open(os.path.join(REPO, "tests/cli/fixtures/plan.json")) as f:
        plan = json.load(f)
    out = os.path.join(WORK, "inputs")
    os.makedirs(out)
    schemas = {"format_version": "1.0", "provider_schemas": plan.pop("provider_schemas")}
    show = {"format_version": "1.2", "terraform_version": "1.9.8", "planned_values": {"root_module": {}}}
    for key, value in plan.items():
        if key not in ("plan_format_version", "provider_format_version") and not key.startswith("tfstream_"):
            show[key] = value
    text = json.dumps(show, indent=1)
    for name, data in (("plan.json", text), ("plan2.json", text.replace('"prod"', '"staging"')),
                       ("broken.json", text[: len(text) // 2]), ("schemas.json", json.dumps(schemas))):
        with open(os.path.join(out, name), "w") as f:
            f.write(data)
    return out


INPUTS = make_inputs()
ARGV_LOG = os.path.join(WORK, "argv.log")
BIN = os.path.join(WORK, "bin")  # gh, curl, tfstream: shims recording argv, then the real tool
os.makedirs(BIN)
REAL = {name: shutil.which(name) for name in ("gh", "curl", "openssl", "bash", "python3", "make")}
for tool in ("gh", "curl", "openssl"):
    if not REAL[tool]:
        print("ci_test: %s is not installed (make deps installs it): cannot run" % tool)
        sys.exit(1)


def shim(directory, name, real):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write('#!/bin/bash\n{ printf "%%s\\n" "=== %s"; printf "%%s\\n" "$@"; } >>"%s"\nexec "%s" "$@"\n'
                % (name, ARGV_LOG, real))
    os.chmod(path, 0o755)


for tool in ("gh", "curl"):
    shim(BIN, tool, REAL[tool])
shim(BIN, "tfstream", TFSTREAM)
# A PATH without gh nor curl (finding 4): the shells and Python only.
NO_TOOLS = os.path.join(WORK, "no-tools")
os.makedirs(NO_TOOLS)
for tool in ("bash", "python3", "env", "mkdir", "cat", "sh"):
    if shutil.which(tool):
        os.symlink(shutil.which(tool), os.path.join(NO_TOOLS, tool))
shim(NO_TOOLS, "tfstream", TFSTREAM)

CERT, KEY_FILE = fake_forge.make_certificate(WORK)
FORGE = fake_forge.Forge()
FORGE.start(CERT, KEY_FILE)
FORGE.add_token(TOKEN, "github-actions[bot]", write=True, app=True)
FORGE.add_token(USER_TOKEN, "octo-bot", write=True)
FORGE.add_token(RO_TOKEN, "github-actions[bot]", write=False, app=True)
FORGE.add_token(GL_TOKEN, "project_9_bot", write=True)


class ProcSampler:
    """Samples every process's arguments (/proc/*/cmdline) while running;
    `hits` are the command lines that held a secret."""

    def __init__(self):
        self.hits, self.samples, self.running = [], 0, False

    def __enter__(self):
        self.running = True
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.running = False
        self.thread.join()

    def _loop(self):
        needles = [s.encode() for s in SECRETS]
        while self.running:
            for pid in os.listdir("/proc"):
                if not pid.isdigit():
                    continue
                try:
                    with open("/proc/%s/cmdline" % pid, "rb") as f:
                        line = f.read()
                except OSError:
                    continue
                if any(n in line for n in needles):
                    self.hits.append(line.replace(b"\0", b" ").decode(errors="replace"))
            self.samples += 1
            time.sleep(0.002)


SAMPLER = ProcSampler()


def base_env(**extra):
    env = {"PATH": BIN + ":" + os.environ.get("PATH", "/usr/bin:/bin"), "HOME": WORK, "LC_ALL": "C.UTF-8",
           "GH_CONFIG_DIR": os.path.join(WORK, "gh-config"), "SSL_CERT_FILE": CERT, "NO_PROXY": "",
           "PYTHONDONTWRITEBYTECODE": "1", "TMPDIR": WORK,
           "GITHUB_SERVER_URL": FORGE.github_url, "GITHUB_API_URL": FORGE.github_url + "/api/v3",
           "GITHUB_REPOSITORY": REPO_NAME, "GITHUB_RUN_ID": "42", "GITHUB_JOB": "plan",
           "GITHUB_EVENT_NAME": "pull_request"}
    if os.environ.get("CI_TEST_VIA_PROXY"):
        # github.com's API through the CONNECT proxy, for every check: how
        # this suite runs on the scripts from before issue 36, which knew no
        # other host (see the report of that run in the commit message).
        env.update(GITHUB_SERVER_URL="https://github.com", GITHUB_API_URL="https://api.github.com",
                   HTTPS_PROXY=FORGE.proxy_url)
    env.update(extra)
    return {k: v for k, v in env.items() if v is not None}


class Run:
    def __init__(self, argv, env, cwd, timeout=120):
        p = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        self.status, self.out, self.err = p.returncode, p.stdout, p.stderr

    @property
    def text(self):
        return self.out + self.err

    def __str__(self):
        return "exit %d\n    stdout: %s\n    stderr: %s" % (self.status, self.out.strip()[-1500:].replace("\n", "\n    "),
                                                         self.err.strip()[-1500:].replace("\n", "\n    "))


def workspace(plan="plan.json"):
    d = tempfile.mkdtemp(prefix="run-", dir=WORK)
    if os.path.exists(os.path.join(INPUTS, plan)):
        shutil.copy(os.path.join(INPUTS, plan), os.path.join(d, "plan.json"))
    shutil.copy(os.path.join(INPUTS, "schemas.json"), os.path.join(d, "schemas.json"))
    return d


def reset_argv_log():
    open(ARGV_LOG, "w").close()


def argv_log():
    with open(ARGV_LOG) as f:
        return f.read()


def tfstream_ran():
    return "=== tfstream" in argv_log()


# --- the action, as the runner runs action.yml's steps ------------------------
SUMMARY = os.path.join(WORK, "summary.md")
OUTPUT = os.path.join(WORK, "github-output")
EVENT = os.path.join(WORK, "event.json")


def write_event(data):
    with open(EVENT, "w") as f:
        json.dump(data, f)


def pr_event(fork=False):
    head = "someone/infra" if fork else REPO_NAME
    return {"pull_request": {"number": PR, "head": {"repo": {"full_name": head}},
                             "base": {"repo": {"full_name": REPO_NAME}}}}


def outputs():
    values = {}
    if os.path.exists(OUTPUT):
        for line in open(OUTPUT):
            k, _, v = line.rstrip("\n").partition("=")
            values[k] = v
    return values


def run_action(plan="plan.json", path=None, token=TOKEN, env_extra=None, **inputs):
    """prepare, the upload (stood in for: the report's path becomes a URL),
    then post, as action.yml's steps; returns (prepare Run, post Run or None)."""
    cwd = workspace(plan)
    open(OUTPUT, "w").close()
    values = {"plan": "plan.json", "schemas": "schemas.json", "title": TITLE, "flavor": "auto", "max-parts": "5",
              "max-bytes": "65000", "details-url": "", "comment": "true", "comment-failure": "fail",
              "job-summary": "true", "html-report": "true", "args": "", "pr-number": "", "tfstream": "",
              "github-token": token}
    values.update({k.replace("_", "-"): v for k, v in inputs.items()})
    env = base_env(GITHUB_EVENT_PATH=EVENT, GITHUB_OUTPUT=OUTPUT, GITHUB_STEP_SUMMARY=SUMMARY, RUNNER_TEMP=cwd,
                   **{"INPUT_" + k.upper().replace("-", "_"): v for k, v in values.items()})
    if path is not None:
        env["PATH"] = path
    env.update(env_extra or {})
    env = {k: v for k, v in env.items() if v is not None}
    if os.environ.get("CI_TEST_ALSO_GH_TOKEN"):  # to run this suite on the scripts before issue 36
        env["GH_TOKEN"] = token
    prepare = Run([sys.executable, os.path.join(REPO, "ci/action.py"), "prepare"], env, cwd)
    if prepare.status != 0:
        return prepare, None
    out = outputs()
    report = out.get("report", "")
    post_env = dict(env, TFSTREAM_ACTION_STATE=out.get("state", ""),
                    REPORT_URL="https://github.example/artifacts/%s" % os.path.basename(report) if report else "")
    return prepare, Run([sys.executable, os.path.join(REPO, "ci/action.py"), "post"], post_env, cwd)


def seed(comments=None):
    """The pull request: a person's comment, another project's, a quote of
    ours, 120 more (ours land on the listing's second page), plus COMMENTS."""
    base = [("alice", "LGTM"), ("github-actions[bot]", "<!-- tfstream:staging:part 1 -->\n## staging\n"),
            ("bob", "> <!-- tfstream:%s:part 1 -->\n> quoted" % KEY)]
    base += [("carol", "comment %d" % n) for n in range(120)]
    FORGE.seed_github(REPO_NAME, PR, base + (comments or []))
    FORGE.log.clear()
    open(SUMMARY, "w").close()


def ours(author="github-actions[bot]"):
    return [c for c in FORGE.comments(REPO_NAME, PR)
            if c["user"]["login"] == author and c["body"].startswith("<!-- tfstream:%s:part " % KEY)]


def untouched(before):
    """The comments in `before` (not ours) are all still there, unchanged."""
    now = {c["id"]: (c["user"]["login"], c["body"]) for c in FORGE.comments(REPO_NAME, PR)}
    return all(now.get(c["id"]) == (c["user"]["login"], c["body"]) for c in before)


def error_lines(run, kind="error"):
    return [l for l in run.text.splitlines() if l.startswith("::%s::" % kind)]


def no_secret(*runs):
    """None of the secrets in the runs' output nor in any recorded argv."""
    bad = []
    for run in runs:
        if run is not None:
            bad += [s for s in SECRETS if s in run.text]
    bad += ["argv:" + s for s in SECRETS if s in argv_log()]
    return bad


def render_parts(cwd, plan="plan.json"):
    p = subprocess.run([TFSTREAM, "--schemas", "schemas.json", "--format", "markdown", "--title", TITLE,
                        "--output-prefix", "out/plan", plan], cwd=cwd, capture_output=True, text=True)
    if p.returncode not in (0, 2):
        raise RuntimeError("tfstream: " + p.stderr)
    return p.stdout.split()


# --- checks -------------------------------------------------------------------
FAILED = []
PASSED = []


def check(name):
    def wrap(fn):
        if ONLY and not any(o in name for o in ONLY):
            return fn
        reset_argv_log()
        try:
            problem = fn()
        except Exception as e:  # a check that crashes fails
            problem = "%s: %s" % (type(e).__name__, e)
        if problem:
            FAILED.append(name)
            print("FAIL %s\n  %s" % (name, str(problem).replace("\n", "\n  ")), flush=True)
        else:
            PASSED.append(name)
        return fn
    return wrap


SAMPLER.__enter__()


@check("action_updates_its_comments_in_place")
def _():
    seed()
    write_event(pr_event())
    others = FORGE.comments(REPO_NAME, PR)[:]
    prep, post = run_action(max_bytes="1024", max_parts="3")
    if post is None or post.status != 0:
        return "first run: %s" % (post or prep)
    o = outputs()
    if (o.get("exitcode"), o.get("has-changes"), o.get("parts")) != ("2", "true", "3"):
        return "outputs: %s" % o
    if len(FORGE.calls("POST")) != 3 or len(ours()) != 3:
        return "first run: %s" % FORGE.calls()
    if "<!-- tfstream:%s:part 1 -->" % KEY not in open(SUMMARY).read():
        return "no job summary"
    FORGE.log.clear()
    prep, post = run_action("plan2.json")
    if post is None or post.status != 0:
        return "second run: %s" % (post or prep)
    if (outputs().get("parts") != "1" or FORGE.calls("POST") or len(FORGE.calls("PATCH")) != 1
            or len(FORGE.calls("DELETE")) != 2 or len(ours()) != 1):
        return "second run: %s" % [c for c in FORGE.calls() if c[0] != "GET"]
    if "staging" not in ours()[0]["body"]:
        return "the edited comment does not hold the new plan"
    FORGE.log.clear()
    prep, post = run_action("plan2.json")
    if post is None or post.status != 0 or [c for c in FORGE.calls() if c[0] != "GET"]:
        return "an unchanged plan made changes: %s" % FORGE.calls()
    if not untouched(others):
        return "touched comments not its own"


@check("action_posts_nothing_outside_a_pull_request")
def _():
    seed()
    write_event({"ref": "refs/heads/main"})
    prep, post = run_action(env_extra={"GITHUB_EVENT_NAME": "push"})
    if post is None or post.status != 0:
        return str(post or prep)
    if FORGE.calls() or not os.path.getsize(SUMMARY) or outputs().get("exitcode") != "2":
        return "push event: %s" % FORGE.calls()


# 1: tokens
@check("finding1_tokens_never_in_argv_nor_messages")
def _():
    seed()
    write_event(pr_event())
    prep, post = run_action()
    runs = [prep, post]
    if post is None or post.status != 0 or not ours():
        return "the action did not post: %s" % (post or prep)
    # A GitHub failure: the API unreachable.
    prep2, post2 = run_action(env_extra={"GITHUB_API_URL": "https://127.0.0.1:9/api/v3"})
    runs += [prep2, post2]
    if prep2.status == 0:
        return "an unreachable API did not fail the step"
    # GitLab: success, then an unreachable API, then a 401.
    FORGE.seed_gitlab(PROJECT, MR, [])
    cwd = workspace()
    parts = render_parts(cwd)
    env = base_env(GITLAB_TOKEN=GL_TOKEN, CI_API_V4_URL=FORGE.gitlab_url + "/api/v4", CI_PROJECT_ID=PROJECT,
                   CI_MERGE_REQUEST_IID=str(MR))
    for api, want in ((FORGE.gitlab_url + "/api/v4", 0), ("http://127.0.0.1:9/api/v4", 1)):
        r = Run([sys.executable, os.path.join(REPO, "ci/post_comments.py"), "gitlab", "--api", api] + parts, env, cwd)
        runs.append(r)
        if r.status != want:
            return "gitlab against %s: %s" % (api, r)
    if not FORGE.notes(PROJECT, MR):
        return "no note posted"
    if "=== curl" not in argv_log() or "=== gh" not in argv_log():
        return "the shims did not record gh and curl"
    leaks = no_secret(*runs)
    if leaks:
        return "a token leaked: %s" % leaks


# 2: only our own comments
@check("finding2_never_edits_nor_deletes_others_comments")
def _():
    mallory = [("mallory", "<!-- tfstream:%s:part 1 -->\nnot a plan" % KEY),
               ("mallory", "<!-- tfstream:%s:part 2 -->\nnot a plan either" % KEY)]
    seed(mallory)
    write_event(pr_event())
    others = FORGE.comments(REPO_NAME, PR)[:]
    prep, post = run_action()
    if post is None or post.status != 0:
        return str(post or prep)
    if not untouched(others):
        return "another author's comments were edited or deleted: %s" % [c for c in FORGE.calls() if c[0] != "GET"]
    if len(ours()) != 1:
        return "%d comments of ours (want 1, added beside mallory's)" % len(ours())
    # A person's token: ours are that person's comments, not the bot's.
    prep, post = run_action(token=USER_TOKEN)
    if post is None or post.status != 0:
        return str(post or prep)
    if len(ours("octo-bot")) != 1 or len(ours()) != 1 or not untouched(others):
        return "with a person's token: %s" % [c for c in FORGE.calls() if c[0] != "GET"]
    # GitLab: another user's note with our marker.
    FORGE.seed_gitlab(PROJECT, MR, [("mallory", "<!-- tfstream:%s:part 1 -->\nx" % KEY),
                                    ("mallory", "<!-- tfstream:%s:part 2 -->\ny" % KEY)])
    cwd = workspace()
    env = base_env(GITLAB_TOKEN=GL_TOKEN, CI_API_V4_URL=FORGE.gitlab_url + "/api/v4", CI_PROJECT_ID=PROJECT,
                   CI_MERGE_REQUEST_IID=str(MR))
    r = Run([sys.executable, os.path.join(REPO, "ci/post_comments.py"), "gitlab"] + render_parts(cwd), env, cwd)
    notes = FORGE.notes(PROJECT, MR)
    if r.status != 0 or [n["body"] for n in notes if n["author"]["username"] == "mallory"] != ["<!-- tfstream:%s:part 1 -->\nx" % KEY, "<!-- tfstream:%s:part 2 -->\ny" % KEY]:
        return "gitlab: %s; notes %s" % (r, [(n["author"]["username"], n["body"][:40]) for n in notes])


# 3: GitHub Enterprise Server, and github.com through gh's default host
@check("finding3_enterprise_host_from_the_runner_variables")
def _():
    seed()
    write_event(pr_event())
    prep, post = run_action(env_extra={"GITHUB_SERVER_URL": FORGE.github_url, "HTTPS_PROXY": None,
                                       "GITHUB_API_URL": FORGE.github_url + "/api/v3"})  # the enterprise host
    if post is None or post.status != 0:
        return str(post or prep)
    calls = [c for c in FORGE.calls() if c[0] == "POST"]
    if not calls or not all(c[1].startswith("/api/v3/") and c[2] == "github-actions[bot]" for c in calls):
        return "calls: %s" % FORGE.calls()


@check("finding3_github_com_by_default")
def _():
    seed()
    write_event(pr_event())
    prep, post = run_action(env_extra={"GITHUB_SERVER_URL": "https://github.com", "GITHUB_API_URL": "https://api.github.com",
                                       "HTTPS_PROXY": FORGE.proxy_url})
    if post is None or post.status != 0:
        return str(post or prep)
    posts = FORGE.calls("POST")
    if not posts or not all(c[1].startswith("/repos/") and c[2] == "github-actions[bot]" for c in posts):
        return "calls: %s" % FORGE.calls()


# 4: a missing tool
@check("finding4_missing_gh_is_one_error_before_rendering")
def _():
    seed()
    write_event(pr_event())
    prep, post = run_action(path=NO_TOOLS)
    if prep.status == 0 or post is not None:
        return "no failure without gh: %s" % (post or prep)
    lines = error_lines(prep)
    if len(lines) != 1 or "gh" not in lines[0] or "Traceback" in prep.text:
        return str(prep)
    if tfstream_ran() or os.path.getsize(SUMMARY):
        return "rendered before failing"


@check("finding4_missing_curl_is_one_line")
def _():
    cwd = workspace()
    parts = render_parts(cwd)
    env = base_env(GITLAB_TOKEN=GL_TOKEN, CI_API_V4_URL=FORGE.gitlab_url + "/api/v4", CI_PROJECT_ID=PROJECT,
                   CI_MERGE_REQUEST_IID=str(MR), PATH=NO_TOOLS)
    r = Run([sys.executable, os.path.join(REPO, "ci/post_comments.py"), "gitlab"] + parts, env, cwd)
    if r.status == 0 or "Traceback" in r.text or len(r.err.strip().splitlines()) != 1 or "curl" not in r.err:
        return str(r)


# 5: a failed run
@check("finding5_failed_run_marks_the_comments_outdated")
def _():
    seed()
    write_event(pr_event())
    prep, post = run_action()
    if post is None or post.status != 0 or len(ours()) != 1:
        return "first run: %s" % (post or prep)
    good = ours()[0]["body"]
    open(SUMMARY, "w").close()
    prep, post = run_action("broken.json")
    run = post or prep
    if run.status == 0:
        return "exit 0 with a broken plan"
    if len(error_lines(run)) != 1:
        return "not one error line: %s" % run
    body = ours()[0]["body"]
    if not body.startswith("<!-- tfstream:%s:part 1 -->\n" % KEY) or "Outdated" not in body:
        return "the comment was not marked outdated: %s" % body[:300]
    if "/" + REPO_NAME + "/actions/runs/42" not in body:
        return "the outdated note does not link the run"
    summary = open(SUMMARY).read()
    if "could not be rendered" not in summary or "truncated" not in summary.lower() and "end" not in summary:
        return "the job summary does not say what failed: %s" % summary[:500]
    # Marked twice: one note, not two; the next good run restores the plan.
    run_action("broken.json")
    if ours()[0]["body"].count("Outdated") != 1:
        return "marked twice"
    prep, post = run_action()
    if post is None or post.status != 0 or ours()[0]["body"] != good:
        return "the next good run did not restore the comment"


# 6: forks
@check("finding6_fork_fails_by_default_before_rendering")
def _():
    seed()
    write_event(pr_event(fork=True))
    prep, post = run_action(token=RO_TOKEN)
    if prep.status == 0 or post is not None:
        return "a fork's run did not fail: %s" % (post or prep)
    lines = error_lines(prep)
    if len(lines) != 1 or "fork" not in lines[0] or "comment-failure" not in lines[0]:
        return str(prep)
    if tfstream_ran():
        return "rendered before failing"


@check("finding6_fork_warns_with_comment_failure_warn")
def _():
    seed()
    write_event(pr_event(fork=True))
    prep, post = run_action(token=RO_TOKEN, comment_failure="warn")
    if post is None or post.status != 0:
        return str(post or prep)
    if len([l for l in error_lines(prep, "warning") if "fork" in l]) != 1 or error_lines(prep) or error_lines(post):
        return str(prep)
    if [c for c in FORGE.calls() if c[0] != "GET"] or not os.path.getsize(SUMMARY):
        return "calls %s, summary %d bytes" % (FORGE.calls(), os.path.getsize(SUMMARY))


@check("finding6_read_only_token_at_write_time")
def _():
    # Not a fork, but the workflow gave no pull-requests: write: the 403
    # comes on the first write.
    seed()
    write_event(pr_event())
    prep, post = run_action(token=RO_TOKEN)
    if post is None or post.status == 0 or len(error_lines(post)) != 1 or "403" not in error_lines(post)[0]:
        return "fail: %s" % (post or prep)
    prep, post = run_action(token=RO_TOKEN, comment_failure="warn")
    if post is None or post.status != 0 or len([l for l in error_lines(post, "warning") if "403" in l]) != 1:
        return "warn: %s" % (post or prep)


# 7: inputs
@check("finding7_bad_inputs_named_before_rendering")
def _():
    seed()
    write_event(pr_event())
    for name, value in (("comment", "yes"), ("job-summary", "1"), ("comment-failure", "ignore"),
                        ("max-parts", "many"), ("flavor", "terraforn"), ("plan", "missing.json")):
        reset_argv_log()
        prep, post = run_action(**{name.replace("-", "_"): value})
        lines = error_lines(prep)
        if prep.status == 0 or len(lines) != 1 or "'%s'" % name not in lines[0] or "INPUT_" in prep.text:
            return "%s=%s: %s" % (name, value, prep)
        if tfstream_ran():
            return "%s=%s: rendered before failing" % (name, value)


# The HTML report (issue 32): written by prepare, uploaded, and linked by the
# job summary and the comments (also when nothing is left out); the notes of
# what was left out link it too. Without a report (a tfstream without
# --format html, or html-report: false) those notes link the run instead.
def artifact_url(report):
    return "https://github.example/artifacts/" + os.path.basename(report)


def our_bodies():
    return "\n".join(c["body"] for c in ours())


@check("action_html_report_linked_from_comments_and_summary")
def _():
    probe = os.path.join(WORK, "probe.html")
    supported = subprocess.run([TFSTREAM, "--format", "html", "--output", probe,
                                os.path.join(REPO, "examples/example-plan.json")], capture_output=True).returncode == 0
    if not supported:
        return "this tfstream has no --format html (the binary under test must have it)"
    seed()
    write_event(pr_event())
    prep, post = run_action()
    if post is None or post.status != 0:
        return str(post or prep)
    report = outputs().get("report", "")
    if not report or not os.path.isfile(report) or not report.endswith(".html"):
        return "no report: %r" % report
    with open(report, encoding="utf-8") as f:
        page = f.read()
    if not page.startswith("<!DOCTYPE html>") or "data-state=" not in page:
        return "the report is not tfstream's HTML report: %r" % page[:200]
    if error_lines(prep, "warning"):
        return "warnings: %s" % error_lines(prep, "warning")
    url = artifact_url(report)
    if "(%s)" % url not in open(SUMMARY).read():
        return "the summary does not link the report"
    if len(ours()) != 1 or "(%s)" % url not in ours()[0]["body"]:
        return "the comment does not link the report: %s" % [c["body"][-300:] for c in ours()]
    if outputs().get("details-url") != url:
        return "details-url output: %r" % outputs().get("details-url")
    # The same plan again: the comment is unchanged, not edited.
    FORGE.log.clear()
    prep, post = run_action()
    if post is None or post.status != 0 or [c for c in FORGE.calls() if c[0] != "GET"]:
        return "an unchanged plan made changes: %s" % FORGE.calls()
    # Cut short: every part within max-bytes; the note of what was left out
    # links the report as the full plan.
    seed()
    prep, post = run_action(max_bytes="1024", max_parts="2")
    if post is None or post.status != 0:
        return "cut short: %s" % (post or prep)
    if any(len(c["body"].encode("utf-8")) > 1024 for c in ours()) or len(ours()) != 2:
        return "cut short: parts %s" % [len(c["body"].encode("utf-8")) for c in ours()]
    if "[Full plan](%s)" % url not in our_bodies():
        return "cut short: the note of what was left out does not link the report: %s" % ours()[-1]["body"][-300:]


@check("action_without_html_report_links_the_run")
def _():
    run = "%s/%s/actions/runs/42" % (FORGE.github_url, REPO_NAME)
    if os.environ.get("CI_TEST_VIA_PROXY"):
        run = "https://github.com/%s/actions/runs/42" % REPO_NAME
    # A tfstream from before the report: --format html is a usage error.
    old = os.path.join(WORK, "old-bin", "tfstream")
    os.makedirs(os.path.dirname(old), exist_ok=True)
    with open(old, "w") as f:
        f.write('#!/bin/sh\nfor a in "$@"; do if [ "$a" = html ]; then\n'
                '  echo "tfstream: --format must be text, markdown or json, not \'html\'" >&2; exit 2; fi; done\n'
                'exec "%s" "$@"\n' % TFSTREAM)
    os.chmod(old, 0o755)
    for label, inputs, warnings in (("old tfstream", {"tfstream": old}, 1), ("html-report: false", {"html_report": "false"}, 0)):
        seed()
        write_event(pr_event())
        prep, post = run_action(max_bytes="1024", max_parts="2", **inputs)
        if post is None or post.status != 0:
            return "%s: %s" % (label, post or prep)
        if outputs().get("report", "") != "":
            return "%s: a report: %r" % (label, outputs().get("report"))
        if len([l for l in error_lines(prep, "warning") if "HTML report" in l]) != warnings:
            return "%s: warnings: %s" % (label, prep)
        text = open(SUMMARY).read() + our_bodies()
        if "artifacts/" in text or "HTML report" in text:
            return "%s: links a report that does not exist" % label
        if "[Full plan](%s)" % run not in our_bodies() or outputs().get("details-url") != run:
            return "%s: the note of what was left out does not link the run: %s" % (label, ours()[-1]["body"][-300:])


@check("action_inputs_are_wired_and_documented")
def _():
    text = open(os.path.join(REPO, "action.yml")).read()
    ins = re.findall(r"^  ([a-z-]+):$", text.split("\ninputs:\n")[1].split("\noutputs:\n")[0], re.M)
    outs = re.findall(r"^  ([a-z-]+):$", text.split("\noutputs:\n")[1].split("\nruns:\n")[0], re.M)
    docs = open(README).read() + "".join(open(os.path.join(REPO, "docs", f)).read()
                                         for f in os.listdir(os.path.join(REPO, "docs")) if f.endswith(".md"))
    script = open(os.path.join(REPO, "ci/action.py")).read()
    missing = []
    for name in ins:
        var = "INPUT_" + name.upper().replace("-", "_")
        if "        %s: ${{ inputs.%s }}" % (var, name) not in text:
            missing.append(name + "(env)")
        if name != "github-token" and '"%s"' % name not in script:
            missing.append(name + "(script)")
        if "| `%s` |" % name not in docs:
            missing.append(name + "(docs)")
    for name in outs:
        if "| `%s` |" % name not in docs:
            missing.append("output:%s(docs)" % name)
    if missing:
        return "not wired or documented: %s" % " ".join(missing)


# The recipes as documented (README.md and docs/ci.md, "<!-- recipe: NAME -->" + ```sh).
RECIPE_DOCS = [p for p in (README, os.path.join(REPO, "docs/ci.md")) if os.path.exists(p)]


def readme_recipe(name):
    lines, state = [], 0
    for line in "\n".join(open(p).read() for p in RECIPE_DOCS).split("\n"):
        if state == 0 and line == "<!-- recipe: %s -->" % name:
            state = 1
        elif state == 1:
            if line != "```sh":
                break
            state = 2
        elif state == 2:
            if line == "```":
                return "\n".join(lines) + "\n"
            lines.append(line)
    return ""


def run_recipe(name, plan):
    script = readme_recipe(name)
    if not script:
        raise RuntimeError("no recipe %s in README.md" % name)
    path = os.path.join(WORK, "recipe-%s.sh" % name)
    open(path, "w").write(script)
    cwd = workspace(plan)
    env = base_env(PROJECT=TITLE, GH_TOKEN=TOKEN, PR=str(PR), TFSTREAM_SRC=REPO, GITHUB_STEP_SUMMARY=SUMMARY,
                   GITHUB_RUN_ID="42", CI_JOB_URL="https://gitlab.example/acme/infra/-/jobs/42",
                   CI_API_V4_URL=FORGE.gitlab_url + "/api/v4", CI_PROJECT_ID=PROJECT, CI_MERGE_REQUEST_IID=str(MR),
                   GITLAB_TOKEN=GL_TOKEN)
    return Run([REAL["bash"], path], env, cwd)


def exercise_recipe(name, items, author):
    """Four runs: the plan, the plan after a push, the same again, a broken
    plan (fails, marks ours outdated)."""
    r = run_recipe(name, "plan.json")
    if r.status != 0:
        return "first run: %s" % r
    mine = lambda: [c for c in items() if author(c) and c["body"].startswith("<!-- tfstream:%s:part " % KEY)]  # noqa
    if len(mine()) != 1:
        return "first run: %d of ours" % len(mine())
    FORGE.log.clear()
    r = run_recipe(name, "plan2.json")
    writes = [c for c in FORGE.calls() if c[0] != "GET"]
    if r.status != 0 or len(writes) != 1 or writes[0][0] not in ("PATCH", "PUT") or "staging" not in mine()[0]["body"]:
        return "second run: %s %s" % (r, writes)
    FORGE.log.clear()
    r = run_recipe(name, "plan2.json")
    if r.status != 0 or [c for c in FORGE.calls() if c[0] != "GET"]:
        return "third run made changes: %s" % FORGE.calls()
    r = run_recipe(name, "broken.json")
    if r.status == 0:
        return "exit 0 with a broken plan"
    if "Outdated" not in mine()[0]["body"]:
        return "a failed run did not mark the comment outdated: %s" % r
    leaks = no_secret(r)
    if leaks:
        return "leaked: %s" % leaks


@check("recipe_github_pr_comments")
def _():
    seed([("mallory", "<!-- tfstream:%s:part 1 -->\nno" % KEY)])
    others = FORGE.comments(REPO_NAME, PR)[:]
    problem = exercise_recipe("github-pr-comments", lambda: FORGE.comments(REPO_NAME, PR),
                              lambda c: c["user"]["login"] == "github-actions[bot]")
    return problem or (None if untouched(others) else "touched others' comments")


@check("recipe_gitlab_mr_notes")
def _():
    FORGE.seed_gitlab(PROJECT, MR, [("alice", "LGTM"), ("mallory", "<!-- tfstream:%s:part 1 -->\nno" % KEY)] +
                      [("carol", "note %d" % n) for n in range(120)])
    before = [dict(n) for n in FORGE.notes(PROJECT, MR)]
    problem = exercise_recipe("gitlab-mr-notes", lambda: FORGE.notes(PROJECT, MR),
                              lambda n: n["author"]["username"] == "project_9_bot")
    now = {n["id"]: n["body"] for n in FORGE.notes(PROJECT, MR)}
    return problem or (None if all(now.get(n["id"]) == n["body"] for n in before) else "touched others' notes")


@check("recipe_github_job_summary")
def _():
    open(SUMMARY, "w").close()
    r = run_recipe("github-job-summary", "plan.json")
    text = open(SUMMARY).read()
    if r.status != 0 or not text.startswith("<!-- tfstream:%s:part 1 -->\n## %s\n" % (KEY, TITLE)):
        return "%s; summary: %s" % (r, text[:200])
    size = len(text)
    r = run_recipe("github-job-summary", "broken.json")
    if r.status == 0 or len(open(SUMMARY).read()) != size:
        return "a broken plan: %s" % r


@check("recipe_in_help_all")
def _():
    text = subprocess.run([TFSTREAM, "--help-all"], capture_output=True, text=True).stdout
    lines, state = [], 0
    for line in text.split("\n"):
        if state == 0 and re.match(r"^  Recipe: GitHub.s job summary", line):
            state = 1
        elif state == 1 and line.startswith("    "):
            lines.append(line[4:])
        elif state == 1:
            break
    script = "\n".join(lines)
    if "--schemas" not in script:
        return "--help-all's recipe: %r" % script
    path = os.path.join(WORK, "recipe-help.sh")
    open(path, "w").write("set -euo pipefail\n" + script + "\n")
    open(SUMMARY, "w").close()
    r = Run([REAL["bash"], path], base_env(GITHUB_STEP_SUMMARY=SUMMARY, RUN_URL="https://ci.example/run/42"),
            workspace())
    if r.status != 0 or not open(SUMMARY).read().startswith("<!-- tfstream::part 1 -->"):
        return str(r)


@check("readme_lists_the_recipes")
def _():
    names = sorted(re.findall(r"^<!-- recipe: ([a-z0-9-]+) -->$", "\n".join(open(p).read() for p in RECIPE_DOCS),
                              re.M))
    if names != ["github-job-summary", "github-pr-comments", "gitlab-mr-notes"]:
        return "README recipes: %s" % names


@check("marker_key_matches_tfstream")
def _():
    sys.path.insert(0, os.path.join(REPO, "ci"))
    import post_comments
    for title in ("a--b <x> 100% -", "prod --eu", "naïve\ttab", "---", "a-b"):
        p = subprocess.run([TFSTREAM, "--format", "markdown", "--title", title,
                            os.path.join(REPO, "tests/cli/fixtures/plan.json")], capture_output=True, text=True)
        first = p.stdout.split("\n", 1)[0]
        want = "<!-- tfstream:%s:part 1 -->" % post_comments.marker_key(title)
        if first != want:
            return "title %r: tfstream %r, post_comments %r" % (title, first, want)


# 9: make install
@check("finding9_make_install_never_builds")
def _():
    nobuild = os.path.join(WORK, "no-build")
    env = dict(os.environ, MAKEFLAGS="", MAKELEVEL="")
    dry = subprocess.run(["make", "-n", "-C", REPO, "install", "BUILD_DIR=" + nobuild, "PREFIX=" + WORK + "/prefix"],
                         capture_output=True, text=True, env=env)
    if "cmake -S" in dry.stdout or "apt-get" in dry.stdout or "--build" in dry.stdout:
        return "make -n install would build:\n%s" % dry.stdout[-800:]
    r = subprocess.run(["make", "-C", REPO, "install", "BUILD_DIR=" + nobuild, "PREFIX=" + WORK + "/prefix"],
                       capture_output=True, text=True, env=env, timeout=120)
    if r.returncode == 0 or os.path.exists(nobuild) or "make build" not in r.stdout + r.stderr:
        return "install without a build: exit %d, %s" % (r.returncode, (r.stdout + r.stderr)[-600:])
    build = os.path.dirname(TFSTREAM)
    if os.path.exists(os.path.join(build, "CMakeCache.txt")):
        prefix = os.path.join(WORK, "prefix")
        r = subprocess.run(["make", "-C", REPO, "install", "BUILD_DIR=" + build, "PREFIX=" + prefix],
                           capture_output=True, text=True, env=env, timeout=300)
        if r.returncode != 0 or not os.access(os.path.join(prefix, "bin/tfstream"), os.X_OK):
            return "install from %s: %s" % (build, (r.stdout + r.stderr)[-600:])


SAMPLER.__exit__()
FORGE.stop()
if SAMPLER.hits:
    FAILED.append("process_arguments")
    print("FAIL process_arguments: a process's command line held a token (%d samples):\n  %s"
          % (SAMPLER.samples, "\n  ".join(sorted(set(SAMPLER.hits))[:5])))
else:
    PASSED.append("process_arguments")
shutil.rmtree(WORK, ignore_errors=True)
print("%d passed, %d failed (%d samples of /proc/*/cmdline)" % (len(PASSED), len(FAILED), SAMPLER.samples))
sys.exit(1 if FAILED else 0)
