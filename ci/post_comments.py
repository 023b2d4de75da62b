#!/usr/bin/env python3
"""Posts tfstream's Markdown parts as ONE set of pull-request comments (or
GitLab merge-request notes), updated in place on every run.

    post_comments.py github [--repo OWNER/REPO] [--pr N] PART...
    post_comments.py gitlab [--api URL] [--project ID] [--mr IID] [--token-env NAME] PART...
    post_comments.py github|gitlab ... --failed RUN_URL [--title TITLE]

PART... are the files `tfstream --format markdown --output-prefix P` wrote,
in order (the paths it prints). Each part opens with the hidden marker
tfstream writes, `<!-- tfstream:TITLE:part N -->`, TITLE being --title
(escaped for an HTML comment). A comment is this project's own when it opens
with the same TITLE's marker AND its author is the token's own user (GET
/user; for GitHub's installation tokens, which cannot read /user, the
Actions bot, github-actions[bot], or --author). Part N edits our comment
marked part N (left alone when its text is the same), a part with no comment
yet is added, and our comments marked beyond the last part (or marked twice)
are deleted. Comments of other --title projects and of anyone else are never
edited or deleted, whatever they contain.

--failed RUN_URL posts nothing new: it marks our comments of --title as
outdated (a note on top saying the latest run failed, linking RUN_URL), so
that a failed run does not leave the last good run's plan looking current.
The next successful run replaces them.

Hosts come from the CI's own variables, so GitHub Enterprise Server and
GitLab self-managed work as they are: GitHub's API is GITHUB_API_URL (else
derived from GITHUB_SERVER_URL: https://HOST/api/v3, or api.github.com),
GitLab's is --api, else CI_API_V4_URL.

Tokens never appear on a command line or in a message: `gh` reads its token
from the environment (GH_TOKEN for github.com; GH_HOST and
GH_ENTERPRISE_TOKEN, set here, for an enterprise host), `curl` reads the
PRIVATE-TOKEN header from its standard input (--config -), and every message
is scrubbed of the token. The GitHub token is GH_TOKEN (else GITHUB_TOKEN,
GH_ENTERPRISE_TOKEN); the GitLab one is in the variable NAME (default
GITLAB_TOKEN).

Exit status: 0 done; 1 a call failed (4 when the token may not write, e.g.
a pull request from a fork); 2 bad arguments or parts, or a missing tool.
--comment-failure warn turns 1 and 4 into a warning and exit 0. Each failure
is ONE line on standard error. Python 3 standard library only."""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

MARKER = re.compile(r"<!-- tfstream:(.*):part ([1-9][0-9]*) -->")
# The note --failed puts under the marker; recognised (and replaced) by the
# same opening line on a later --failed run.
OUTDATED_OPEN = "<!-- tfstream:outdated -->"
OUTDATED_CLOSE = "<!-- /tfstream:outdated -->"
ACTIONS_BOT = "github-actions[bot]"
EXIT_FAILED, EXIT_USAGE, EXIT_FORBIDDEN = 1, 2, 4


class Failure(Exception):
    """A call that failed; `forbidden` when the token lacks the permission."""

    def __init__(self, message, forbidden=False):
        super().__init__(message)
        self.forbidden = forbidden


class Usage(Exception):
    pass


def marker_key(title):
    """TITLE as tfstream writes it in the marker: %, <, >, control characters
    and runs of '-' as %XX (byte-wise, UTF-8), so the marker stays one HTML
    comment (src/forms/markdown_parts.cc, PartMarker)."""
    raw = title.encode("utf-8")
    out = []
    for i, c in enumerate(raw):
        dash_run = c == 0x2D and ((i > 0 and raw[i - 1] == 0x2D) or (i + 1 < len(raw) and raw[i + 1] == 0x2D))
        if c in (0x25, 0x3C, 0x3E, 0x7F) or c < 0x20 or dash_run:
            out.append(b"%%%02X" % c)
        else:
            out.append(bytes([c]))
    return b"".join(out).decode("utf-8")


def marker_of(body):
    """(key, part number) of a body opening with tfstream's marker, else None."""
    first = body.split("\n", 1)[0]
    m = MARKER.fullmatch(first.rstrip("\r"))
    return (m.group(1), int(m.group(2))) if m else None


def read_parts(paths):
    """The parts' texts and their common marker key; Usage when a file is
    not one of a run's parts in order."""
    texts, key = [], None
    for n, path in enumerate(paths, 1):
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise Usage("%s: %s" % (path, e.strerror))
        mark = marker_of(text)
        if mark is None:
            raise Usage("%s: does not open with tfstream's marker (<!-- tfstream:TITLE:part N -->); "
                        "is it tfstream --format markdown output?" % path)
        if mark[1] != n or (key is not None and mark[0] != key):
            raise Usage("%s: marked part %d of '%s', expected part %d%s" %
                        (path, mark[1], mark[0], n, "" if key is None else " of '%s'" % key))
        key = mark[0]
        texts.append(text)
    return texts, key


def outdated_body(body, run_url):
    """BODY (one of our comments) with a note under its marker saying the
    latest run failed; an earlier such note is replaced."""
    first, _, rest = body.partition("\n")
    if rest.startswith(OUTDATED_OPEN + "\n"):
        end = rest.find(OUTDATED_CLOSE + "\n")
        if end >= 0:
            rest = rest[end + len(OUTDATED_CLOSE) + 1:]
    link = "[the failed run](%s)" % run_url if run_url else "the failed run"
    note = ("%s\n> [!CAUTION]\n> **Outdated.** The latest run of this plan failed (%s): the plan below is "
            "from an earlier run and may no longer be what would be applied.\n%s\n" % (OUTDATED_OPEN, link,
                                                                                        OUTDATED_CLOSE))
    return first + "\n" + note + rest


class Scrubber:
    """Replaces every secret in a text by ***."""

    def __init__(self, *secrets):
        self.secrets = sorted({s for s in secrets if s and len(s) >= 4}, key=len, reverse=True)

    def __call__(self, text):
        for s in self.secrets:
            text = text.replace(s, "***")
        return text


def require_tool(name, why):
    """The tool's path; Usage (one line) when it is not on PATH."""
    path = shutil.which(name)
    if not path:
        raise Usage("%s is not installed (not on PATH); it is needed %s" % (name, why))
    return path


def last_line(text):
    lines = [l.strip() for l in text.strip().splitlines() if l.strip()]
    return lines[-1] if lines else ""


class GitHub:
    """Issue comments of a pull request through `gh api`, with full URLs on
    the API host (so an enterprise host is reached as it is)."""

    def __init__(self, repo, pr, token=None, author=None, api_url=None, server_url=None):
        self.gh = require_tool("gh", "to post the pull-request comments (Debian/Ubuntu: apt-get install gh)")
        server_url = (server_url or os.environ.get("GITHUB_SERVER_URL") or "https://github.com").rstrip("/")
        api_url = (api_url or os.environ.get("GITHUB_API_URL") or "").rstrip("/")
        if not api_url:
            host = urllib.parse.urlsplit(server_url).netloc
            api_url = "https://api.github.com" if host == "github.com" else server_url + "/api/v3"
        self.api = api_url
        self.base = "%s/repos/%s/issues" % (api_url, repo)
        self.pr = pr
        self.author = author
        if token is None:
            token = (os.environ.get("GH_TOKEN") or os.environ.get("GITHUB_TOKEN") or
                     os.environ.get("GH_ENTERPRISE_TOKEN") or os.environ.get("GITHUB_ENTERPRISE_TOKEN") or "")
        self.scrub = Scrubber(token)
        # gh picks the token by the request's host: GH_TOKEN for github.com,
        # GH_ENTERPRISE_TOKEN for any other host (GH_HOST names that host
        # for gh's own commands).
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("GH_TOKEN", "GITHUB_TOKEN", "GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN", "GH_HOST")}
        self.env["GH_PROMPT_DISABLED"] = "1"
        self.env["GH_NO_UPDATE_NOTIFIER"] = "1"
        api_host = urllib.parse.urlsplit(api_url).hostname or ""
        self.enterprise = api_host not in ("api.github.com", "github.com")
        if self.enterprise:
            self.env["GH_HOST"] = urllib.parse.urlsplit(server_url).hostname or api_host
            if token:
                self.env["GH_ENTERPRISE_TOKEN"] = token
                # Newer gh versions read GH_TOKEN for GHE.com's tenant hosts; it
                # is this host's token either way, and gh sends a token only to
                # the host it is for.
                self.env["GH_TOKEN"] = token
        elif token:
            self.env["GH_TOKEN"] = token

    def _gh(self, what, args):
        try:
            p = subprocess.run([self.gh, "api"] + args, capture_output=True, text=True, env=self.env)
        except OSError as e:
            raise Failure(self.scrub("%s: gh could not be run: %s" % (what, e.strerror)))
        if p.returncode != 0:
            err = last_line(p.stderr) or "gh exit %d" % p.returncode
            raise Failure(self.scrub("%s: %s" % (what, err)), forbidden="(HTTP 403)" in p.stderr)
        return p.stdout

    def whoami(self):
        """The login whose comments are ours."""
        if self.author:
            return self.author
        try:
            return self._gh("reading the token's user (GET /user)", ["%s/user" % self.api, "--jq", ".login"]).strip()
        except Failure as e:
            if e.forbidden:  # an installation token (Actions' GITHUB_TOKEN) may not read /user
                return ACTIONS_BOT
            raise

    def list(self):
        """[(id, author, body)], oldest first."""
        out = self._gh("listing the comments of pull request #%s" % self.pr,
                       ["--paginate", "%s/%s/comments?per_page=100" % (self.base, self.pr),
                        "--jq", ".[] | [.id, (.user.login // \"\"), (.body // \"\")] | @json"])
        return [tuple(json.loads(line)) for line in out.splitlines() if line.strip()]

    def _send(self, what, method, url, body):
        with tempfile.TemporaryDirectory(prefix="tfstream-comment-") as d:
            path = os.path.join(d, "body.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump({"body": body}, f)
            self._gh(what, ["-X", method, url, "--input", path, "--silent"])

    def add(self, body):
        self._send("adding a comment to pull request #%s" % self.pr, "POST", "%s/%s/comments" % (self.base, self.pr),
                   body)

    def edit(self, cid, body):
        self._send("editing comment %s" % cid, "PATCH", "%s/comments/%s" % (self.base, cid), body)

    def delete(self, cid):
        self._gh("deleting comment %s" % cid, ["-X", "DELETE", "%s/comments/%s" % (self.base, cid), "--silent"])


class GitLab:
    """Notes of a merge request through `curl`; the token goes to curl on
    its standard input (--config -), never in its arguments."""

    def __init__(self, api, project, mr, token, author=None):
        self.curl = require_tool("curl", "to post the merge-request notes")
        self.api = api.rstrip("/")
        self.notes = "%s/projects/%s/merge_requests/%s/notes" % (
            self.api, urllib.parse.quote(str(project), safe=""), mr)
        self.mr = mr
        self.token = token
        self.author = author
        self.scrub = Scrubber(token)

    def _call(self, what, method, url, body=None):
        """(HTTP status, response text); Failure unless 2xx."""
        quoted = self.token.replace("\\", "\\\\").replace('"', '\\"')
        with tempfile.TemporaryDirectory(prefix="tfstream-note-") as d:
            out = os.path.join(d, "response")
            argv = [self.curl, "-sS", "--config", "-", "-X", method, "-o", out, "-w", "%{http_code}",
                    "--proto", "=https,http", "--max-time", "60"]
            if body is not None:
                path = os.path.join(d, "body.md")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(body)
                argv += ["--data-urlencode", "body@" + path]
            argv.append(url)
            try:
                p = subprocess.run(argv, input='header = "PRIVATE-TOKEN: %s"\n' % quoted, capture_output=True,
                                   text=True)
            except OSError as e:
                raise Failure(self.scrub("%s: curl could not be run: %s" % (what, e.strerror)))
            if p.returncode != 0:
                raise Failure(self.scrub("%s: %s" % (what, last_line(p.stderr) or "curl exit %d" % p.returncode)))
            try:
                with open(out, encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                text = ""
        status = int(p.stdout.strip() or 0)
        if not 200 <= status < 300:
            detail = ""
            try:
                detail = json.loads(text).get("message", "")
                detail = detail if isinstance(detail, str) else json.dumps(detail)
            except (ValueError, AttributeError):
                pass
            raise Failure(self.scrub("%s: HTTP %d%s" % (what, status, ": " + detail[:200] if detail else "")),
                          forbidden=status in (401, 403))
        return text

    def whoami(self):
        if self.author:
            return self.author
        me = json.loads(self._call("reading the token's user (GET /user)", "GET", self.api + "/user"))
        return me.get("username", "")

    def list(self):
        notes, page = [], 1
        while True:
            batch = json.loads(self._call("listing the notes of merge request !%s" % self.mr, "GET",
                                          "%s?per_page=100&page=%d&sort=asc&order_by=created_at" % (self.notes, page)))
            notes += [(n["id"], (n.get("author") or {}).get("username", ""), n.get("body") or "")
                      for n in batch if not n.get("system")]
            if len(batch) < 100:
                return notes
            page += 1

    def add(self, body):
        self._call("adding a note to merge request !%s" % self.mr, "POST", self.notes, body)

    def edit(self, cid, body):
        self._call("editing note %s" % cid, "PUT", "%s/%s" % (self.notes, cid), body)

    def delete(self, cid):
        self._call("deleting note %s" % cid, "DELETE", "%s/%s" % (self.notes, cid))


def ours(site, key):
    """Our comments marked with `key`: part number -> [(id, body)], oldest
    first. Ours means the marker AND the author (the token's user)."""
    me = site.whoami()
    mine = {}
    for cid, author, body in site.list():
        mark = marker_of(body)
        if mark and mark[0] == key and author == me:
            mine.setdefault(mark[1], []).append((cid, body))
    return mine


def sync(site, texts, key):
    """Makes our comments marked with `key` exactly `texts`, part N in the
    comment marked part N. Returns the counts done."""
    mine = ours(site, key)
    done = {"added": 0, "updated": 0, "unchanged": 0, "deleted": 0}
    for n, text in enumerate(texts, 1):
        existing = mine.pop(n, [])
        if not existing:
            site.add(text)
            done["added"] += 1
            continue
        (cid, body), surplus = existing[0], existing[1:]
        if body == text:
            done["unchanged"] += 1
        else:
            site.edit(cid, text)
            done["updated"] += 1
        for cid, _ in surplus:
            site.delete(cid)
            done["deleted"] += 1
    for n in sorted(mine):  # parts beyond this run's last
        for cid, _ in mine[n]:
            site.delete(cid)
            done["deleted"] += 1
    return done


def mark_outdated(site, key, run_url):
    """Marks our comments of `key` as outdated; returns how many were edited."""
    edited = 0
    for n in sorted(mine := ours(site, key)):
        for cid, body in mine[n]:
            new = outdated_body(body, run_url)
            if new != body:
                site.edit(cid, new)
                edited += 1
    return edited


def failure_hint(e, site_name):
    if not e.forbidden:
        return ""
    if site_name == "github":
        return (" (the token may not write comments: a pull request from a fork gets a read-only token; "
                "grant pull-requests: write, or use comment-failure: warn)")
    return " (the token may not write notes: it needs the api scope and at least the Reporter role)"


def main(argv):
    ap = argparse.ArgumentParser(prog="post_comments.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="site", required=True)
    gh = sub.add_parser("github")
    gh.add_argument("--repo", default=os.environ.get("GITHUB_REPOSITORY", ""))
    gh.add_argument("--pr", default="")
    gh.add_argument("--api", default=None, help="API URL (default: GITHUB_API_URL, else from GITHUB_SERVER_URL)")
    gl = sub.add_parser("gitlab")
    gl.add_argument("--api", default=os.environ.get("CI_API_V4_URL", ""))
    gl.add_argument("--project", default=os.environ.get("CI_PROJECT_ID", ""))
    gl.add_argument("--mr", default=os.environ.get("CI_MERGE_REQUEST_IID", ""))
    gl.add_argument("--token-env", default="GITLAB_TOKEN")
    for p in (gh, gl):
        p.add_argument("--author", default=None, help="the login whose comments are ours (default: the token's user)")
        p.add_argument("--failed", metavar="RUN_URL", default=None,
                       help="mark our comments of --title as outdated instead of posting PARTs")
        p.add_argument("--title", default=None, help="with --failed: tfstream's --title")
        p.add_argument("--comment-failure", choices=("fail", "warn"), default="fail")
        p.add_argument("parts", nargs="*", metavar="PART")
    args = ap.parse_args(argv)
    if args.failed is None and not args.parts:
        raise Usage("no PART given (the paths tfstream --output-prefix printed), and no --failed")
    if args.failed is not None and args.parts:
        raise Usage("--failed takes no PART")
    if args.site == "github":
        for name in ("repo", "pr"):
            if not getattr(args, name):
                raise Usage("--%s is required" % name)
        site = GitHub(args.repo, args.pr, author=args.author, api_url=args.api)
    else:
        for name in ("api", "project", "mr"):
            if not getattr(args, name):
                raise Usage("--%s is required (default: $%s)" % (
                    name, {"api": "CI_API_V4_URL", "project": "CI_PROJECT_ID", "mr": "CI_MERGE_REQUEST_IID"}[name]))
        token = os.environ.get(args.token_env, "")
        if not token:
            raise Usage("the environment variable %s (the GitLab token) is empty" % args.token_env)
        site = GitLab(args.api, args.project, args.mr, token, author=args.author)
    texts, key = ([], marker_key(args.title or "")) if args.failed is not None else read_parts(args.parts)
    try:
        if args.failed is not None:
            n = mark_outdated(site, key, args.failed)
            print("post_comments: %d comment(s) marked outdated" % n)
            return 0
        done = sync(site, texts, key)
    except Failure as e:
        line = "post_comments: %s%s" % (e, failure_hint(e, args.site))
        if args.comment_failure == "warn":
            print("post_comments: warning: " + line[len("post_comments: "):], file=sys.stderr)
            return 0
        print(line, file=sys.stderr)
        return EXIT_FORBIDDEN if e.forbidden else EXIT_FAILED
    print("post_comments: %d part(s): %d added, %d updated, %d unchanged, %d deleted" %
          (len(texts), done["added"], done["updated"], done["unchanged"], done["deleted"]))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Usage as e:
        print("post_comments: %s" % e, file=sys.stderr)
        sys.exit(EXIT_USAGE)
