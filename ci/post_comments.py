#!/usr/bin/env python3
"""Posts tfstream's Markdown parts as ONE set of pull-request comments (or
GitLab merge-request notes), updated in place on every run.

    post_comments.py github --repo OWNER/REPO --pr N PART...
    post_comments.py gitlab --api URL --project ID --mr IID [--token-env NAME] PART...

PART... are the files `tfstream --format markdown --output-prefix P` wrote,
in order (the paths it prints). Each part opens with the hidden marker
tfstream writes, `<!-- tfstream:TITLE:part N -->`, TITLE being --title
(escaped for an HTML comment). Comments already on the pull request that
open with the same TITLE's marker are this project's earlier run: part N
edits the comment marked part N (left alone when its text is the same), a
part with no comment yet is added, and comments marked beyond the last part
(or marked twice) are deleted. Comments of other --title projects, and
anyone else's, are never touched.

GitHub is reached through `gh api` (GH_TOKEN or gh's login), GitLab through
`curl` with the token in the environment variable NAME (default
GITLAB_TOKEN) as PRIVATE-TOKEN. Any failed call fails the script (exit 1);
bad arguments or parts exit 2. Python 3 standard library only."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse

MARKER = re.compile(r"<!-- tfstream:(.*):part ([1-9][0-9]*) -->")


class Failure(Exception):
    pass


def marker_of(body):
    """(key, part number) of a body opening with tfstream's marker, else None."""
    first = body.split("\n", 1)[0]
    m = MARKER.fullmatch(first.rstrip("\r"))
    return (m.group(1), int(m.group(2))) if m else None


def read_parts(paths):
    """The parts' texts and their common marker key; exits 2 when a file is
    not one of a run's parts in order."""
    texts, key = [], None
    for n, path in enumerate(paths, 1):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        mark = marker_of(text)
        if mark is None:
            raise SystemExit("post_comments: %s: does not open with tfstream's marker "
                             "(<!-- tfstream:TITLE:part N -->); is it tfstream --format markdown output?" % path)
        if mark[1] != n or (key is not None and mark[0] != key):
            raise SystemExit("post_comments: %s: marked part %d of '%s', expected part %d%s" %
                             (path, mark[1], mark[0], n, "" if key is None else " of '%s'" % key))
        key = mark[0]
        texts.append(text)
    return texts, key


def run(argv, stdin=None):
    """Runs argv, returns its standard output; a failure raises Failure."""
    p = subprocess.run(argv, input=stdin, capture_output=True, text=True)
    if p.returncode != 0:
        raise Failure("%s failed (exit %d): %s" % (" ".join(argv[:4]), p.returncode, p.stderr.strip()[-2000:]))
    return p.stdout


class GitHub:
    """Issue comments of a pull request through `gh api`."""

    def __init__(self, repo, pr):
        self.base = "repos/%s/issues" % repo
        self.pr = pr

    def list(self):
        out = run(["gh", "api", "--paginate", "%s/%s/comments?per_page=100" % (self.base, self.pr),
                   "--jq", ".[] | [.id, .body] | @json"])
        return [tuple(json.loads(line)) for line in out.splitlines() if line.strip()]

    def _send(self, method, path, body):
        with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8") as f:
            json.dump({"body": body}, f)
            f.flush()
            run(["gh", "api", "-X", method, path, "--input", f.name, "--silent"])

    def add(self, body):
        self._send("POST", "%s/%s/comments" % (self.base, self.pr), body)

    def edit(self, cid, body):
        self._send("PATCH", "%s/comments/%s" % (self.base, cid), body)

    def delete(self, cid):
        run(["gh", "api", "-X", "DELETE", "%s/comments/%s" % (self.base, cid), "--silent"])


class GitLab:
    """Notes of a merge request through `curl`."""

    def __init__(self, api, project, mr, token):
        self.notes = "%s/projects/%s/merge_requests/%s/notes" % (
            api.rstrip("/"), urllib.parse.quote(str(project), safe=""), mr)
        self.header = "PRIVATE-TOKEN: " + token

    def _curl(self, *args):
        return run(["curl", "-sSf", "-H", self.header] + list(args))

    def list(self):
        notes, page = [], 1
        while True:
            batch = json.loads(self._curl("%s?per_page=100&page=%d&sort=asc&order_by=created_at" % (self.notes, page)))
            notes += [(n["id"], n.get("body") or "") for n in batch]
            if len(batch) < 100:
                return notes
            page += 1

    def _send(self, method, url, body):
        with tempfile.NamedTemporaryFile("w", suffix=".md", encoding="utf-8") as f:
            f.write(body)
            f.flush()
            self._curl("-X", method, "--data-urlencode", "body@" + f.name, url)

    def add(self, body):
        self._send("POST", self.notes, body)

    def edit(self, cid, body):
        self._send("PUT", "%s/%s" % (self.notes, cid), body)

    def delete(self, cid):
        self._curl("-X", "DELETE", "%s/%s" % (self.notes, cid))


def sync(site, texts, key):
    """Makes the site's comments marked with `key` exactly `texts`, part N in
    the comment marked part N. Returns the counts done."""
    mine = {}  # part number -> [(id, body)], oldest first
    for cid, body in site.list():
        mark = marker_of(body)
        if mark and mark[0] == key:
            mine.setdefault(mark[1], []).append((cid, body))
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


def main(argv):
    ap = argparse.ArgumentParser(prog="post_comments.py", description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="site", required=True)
    gh = sub.add_parser("github")
    gh.add_argument("--repo", required=True)
    gh.add_argument("--pr", required=True)
    gl = sub.add_parser("gitlab")
    gl.add_argument("--api", required=True)
    gl.add_argument("--project", required=True)
    gl.add_argument("--mr", required=True)
    gl.add_argument("--token-env", default="GITLAB_TOKEN")
    for p in (gh, gl):
        p.add_argument("parts", nargs="+", metavar="PART")
    args = ap.parse_args(argv)
    texts, key = read_parts(args.parts)
    if args.site == "github":
        site = GitHub(args.repo, args.pr)
    else:
        token = os.environ.get(args.token_env, "")
        if not token:
            raise SystemExit("post_comments: the environment variable %s (the GitLab token) is empty" % args.token_env)
        site = GitLab(args.api, args.project, args.mr, token)
    try:
        done = sync(site, texts, key)
    except Failure as e:
        print("post_comments: %s" % e, file=sys.stderr)
        return 1
    print("post_comments: %d part(s): %d added, %d updated, %d unchanged, %d deleted" %
          (len(texts), done["added"], done["updated"], done["unchanged"], done["deleted"]))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except SystemExit as e:
        if isinstance(e.code, str):
            print(e.code, file=sys.stderr)
            sys.exit(2)
        raise
