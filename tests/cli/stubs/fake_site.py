"""A pull request's comments (GitHub) or a merge request's notes (GitLab)
kept in a JSON file, for the stub `gh` and `curl` programs beside this file.

STUB_STATE names the file: {"next_id": N, "comments": [{"id", "body"}]}.
Every call that changes it is also appended to STUB_STATE + ".log", one line
each ("POST", "PATCH 3", "DELETE 4"), so a test sees what was asked of it."""
import json
import os
import sys


def load():
    path = os.environ["STUB_STATE"]
    if not os.path.exists(path):
        return {"next_id": 1, "comments": []}
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def save(state, event):
    path = os.environ["STUB_STATE"]
    with open(path, "w", encoding="utf-8") as f:
        json.dump(state, f)
    with open(path + ".log", "a", encoding="utf-8") as f:
        f.write(event + "\n")


def add(body):
    state = load()
    comment = {"id": state["next_id"], "body": body}
    state["next_id"] += 1
    state["comments"].append(comment)
    save(state, "POST")
    return comment


def find(state, cid):
    for comment in state["comments"]:
        if str(comment["id"]) == str(cid):
            return comment
    fail("404: no comment %s" % cid)


def edit(cid, body):
    state = load()
    comment = find(state, cid)
    comment["body"] = body
    save(state, "PATCH %s" % cid)
    return comment


def delete(cid):
    state = load()
    state["comments"].remove(find(state, cid))
    save(state, "DELETE %s" % cid)


def fail(message):
    sys.stderr.write("stub: %s\n" % message)
    sys.exit(22)
