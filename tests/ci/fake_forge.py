"""A local stand-in for the parts of GitHub's and GitLab's REST APIs that
ci/post_comments.py and ci/action.py use, for the real `gh` and `curl` to
talk to (tests/ci/ci_test.py).

GitHub (HTTPS, since gh speaks only HTTPS to a host with a port; the test
makes a self-signed certificate and trusts it through SSL_CERT_FILE), served
under /api/v3 as an enterprise host is, and under / for api.github.com
reached through the CONNECT proxy below:
    GET    /user                                     the token's user; 403 for an "app" token (as Actions' GITHUB_TOKEN)
    GET    /repos/O/R/issues/N/comments?per_page&page with a Link: <...>; rel="next" header
    POST   /repos/O/R/issues/N/comments               {"body"}
    PATCH  /repos/O/R/issues/comments/ID              {"body"}
    DELETE /repos/O/R/issues/comments/ID
GitLab (plain HTTP), under /api/v4, with the PRIVATE-TOKEN header:
    GET    /user
    GET    /projects/P/merge_requests/M/notes?per_page&page
    POST   /projects/P/merge_requests/M/notes        body=... (form)
    PUT    /projects/P/merge_requests/M/notes/ID     body=... (form)
    DELETE /projects/P/merge_requests/M/notes/ID
A token is {"user": LOGIN, "write": bool, "app": bool}: an unknown token is
401, a token without "write" gets 403 on every change. Like the real sites,
the server lets a token with write access edit and delete anyone's comment
(a maintainer's token can): keeping to our own is the client's job, which
the tests check. Every request is logged as (method, path, token user)."""
import http.server
import json
import os
import socketserver
import ssl
import subprocess
import threading
import urllib.parse


def make_certificate(directory):
    """A self-signed certificate for 127.0.0.1, localhost and api.github.com;
    returns (certificate path, key path)."""
    cert, key = os.path.join(directory, "cert.pem"), os.path.join(directory, "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:api.github.com"],
                   check=True, capture_output=True)
    return cert, key


class Forge:
    def __init__(self):
        self.lock = threading.Lock()
        self.tokens = {}
        self.github = {}  # (repo, pr) -> [comment]
        self.gitlab = {}  # (project, mr) -> [note]
        self.next_id = 1000
        self.log = []
        self.page_size_cap = 100

    # --- state the tests set and read ---------------------------------------
    def add_token(self, value, user, write=True, app=False, user_id=None):
        self.tokens[value] = {"user": user, "write": write, "app": app, "id": user_id or (abs(hash(user)) % 100000)}

    def seed_github(self, repo, pr, comments):
        """comments: [(author, body)]"""
        with self.lock:
            self.github[(repo, str(pr))] = [self._comment(a, b) for a, b in comments]

    def seed_gitlab(self, project, mr, notes):
        with self.lock:
            self.gitlab[(project, str(mr))] = [self._note(a, b) for a, b in notes]

    def comments(self, repo, pr):
        return self.github.get((repo, str(pr)), [])

    def notes(self, project, mr):
        return self.gitlab.get((project, str(mr)), [])

    def calls(self, method=None):
        return [c for c in self.log if method is None or c[0] == method]

    def _comment(self, author, body):
        self.next_id += 1
        return {"id": self.next_id, "body": body, "user": {"login": author, "type": "Bot" if "[bot]" in author else "User"}}

    def _note(self, author, body, system=False):
        self.next_id += 1
        return {"id": self.next_id, "body": body, "system": system,
                "author": {"id": abs(hash(author)) % 100000, "username": author}}

    # --- serving -------------------------------------------------------------
    def start(self, certificate, key):
        """Starts the HTTPS (GitHub, and a CONNECT proxy to it) and HTTP
        (GitLab) servers on 127.0.0.1, random ports."""
        forge = self
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(certificate, key)

        class Handler(_Handler):
            pass
        Handler.forge = forge
        Handler.tls = context

        class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
            daemon_threads = True

        self.https = Server(("127.0.0.1", 0), Handler)
        self.https.socket = context.wrap_socket(self.https.socket, server_side=True)
        self.http = Server(("127.0.0.1", 0), Handler)
        # A plain-HTTP proxy that answers CONNECT api.github.com:443 itself,
        # with TLS: gh's default host, reached through HTTPS_PROXY.
        self.proxy = Server(("127.0.0.1", 0), Handler)
        for server in (self.https, self.http, self.proxy):
            threading.Thread(target=server.serve_forever, daemon=True).start()
        self.github_url = "https://127.0.0.1:%d" % self.https.server_address[1]
        self.gitlab_url = "http://127.0.0.1:%d" % self.http.server_address[1]
        self.proxy_url = "http://127.0.0.1:%d" % self.proxy.server_address[1]

    def stop(self):
        for server in (self.https, self.http, self.proxy):
            server.shutdown()
            server.server_close()


class _Handler(http.server.BaseHTTPRequestHandler):
    forge = None
    tls = None
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_CONNECT(self):
        if self.path != "api.github.com:443":
            self.send_error(403)
            return
        self.send_response(200, "Connection established")
        self.end_headers()
        self.wfile.flush()
        self.connection = self.tls.wrap_socket(self.connection, server_side=True)
        self.rfile = self.connection.makefile("rb")
        self.wfile = socketserver._SocketWriter(self.connection)
        self.tunnelled = True

    def _reply(self, status, payload=None, headers=()):
        data = b"" if payload is None else json.dumps(payload).encode()
        self.send_response(status)
        if payload is not None:
            self.send_header("Content-Type", "application/json; charset=utf-8")
        for k, v in headers:
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _body(self):
        n = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(n) if n else b""

    def _route(self, method):
        f = self.forge
        url = urllib.parse.urlsplit(self.path)
        path, query = url.path, urllib.parse.parse_qs(url.query)
        body = self._body()
        if path.startswith("/api/v4/"):
            return self._gitlab(method, path[len("/api/v4"):], query, body)
        if path.startswith("/api/v3/"):
            return self._github(method, path[len("/api/v3"):], query, body, "/api/v3")
        if getattr(self, "tunnelled", False):
            return self._github(method, path, query, body, "")
        f.log.append((method, path, None))
        self._reply(404, {"message": "Not Found"})

    do_GET = lambda self: self._route("GET")  # noqa: E731
    do_POST = lambda self: self._route("POST")  # noqa: E731
    do_PATCH = lambda self: self._route("PATCH")  # noqa: E731
    do_PUT = lambda self: self._route("PUT")  # noqa: E731
    do_DELETE = lambda self: self._route("DELETE")  # noqa: E731

    def _token(self, header, prefix):
        value = self.headers.get(header) or ""
        if prefix:
            if not value.lower().startswith(prefix):
                return None
            value = value[len(prefix):]
        return self.forge.tokens.get(value.strip())

    def _origin(self):
        if getattr(self, "tunnelled", False):
            return "https://api.github.com"
        return self.forge.github_url

    # --- GitHub --------------------------------------------------------------
    def _github(self, method, path, query, body, prefix):
        f = self.forge
        tok = self._token("Authorization", "token ") or self._token("Authorization", "bearer ")
        f.log.append((method, prefix + path, tok["user"] if tok else None))
        if tok is None:
            return self._reply(401, {"message": "Bad credentials"})
        parts = path.strip("/").split("/")
        with f.lock:
            if parts == ["user"] and method == "GET":
                if tok["app"]:
                    return self._reply(403, {"message": "Resource not accessible by integration"})
                return self._reply(200, {"login": tok["user"], "id": tok["id"]})
            if len(parts) == 6 and parts[0] == "repos" and parts[3] == "issues" and parts[5] == "comments":
                key = ("%s/%s" % (parts[1], parts[2]), parts[4])
                items = f.github.setdefault(key, [])
                if method == "GET":
                    per = min(int((query.get("per_page") or ["30"])[0]), f.page_size_cap)
                    page = int((query.get("page") or ["1"])[0])
                    chunk = items[(page - 1) * per: page * per]
                    headers = []
                    if page * per < len(items):
                        nxt = "%s%s%s?per_page=%d&page=%d" % (self._origin(), prefix, path, per, page + 1)
                        headers.append(("Link", '<%s>; rel="next"' % nxt))
                    return self._reply(200, chunk, headers)
                if method == "POST":
                    if not tok["write"]:
                        return self._reply(403, {"message": "Resource not accessible by integration"})
                    c = f._comment(tok["user"], json.loads(body)["body"])
                    items.append(c)
                    return self._reply(201, c)
            if len(parts) == 6 and parts[0] == "repos" and parts[3] == "issues" and parts[4] == "comments":
                cid = int(parts[5])
                for key, items in f.github.items():
                    for i, c in enumerate(items):
                        if c["id"] == cid and key[0] == "%s/%s" % (parts[1], parts[2]):
                            if method in ("PATCH", "DELETE") and not tok["write"]:
                                return self._reply(403, {"message": "Resource not accessible by integration"})
                            if method == "PATCH":
                                c["body"] = json.loads(body)["body"]
                                return self._reply(200, c)
                            if method == "DELETE":
                                del items[i]
                                return self._reply(204)
                return self._reply(404, {"message": "Not Found"})
        return self._reply(404, {"message": "Not Found"})

    # --- GitLab --------------------------------------------------------------
    def _gitlab(self, method, path, query, body):
        f = self.forge
        tok = self._token("PRIVATE-TOKEN", "")
        f.log.append((method, "/api/v4" + path, tok["user"] if tok else None))
        if tok is None:
            return self._reply(401, {"message": "401 Unauthorized"})
        parts = [urllib.parse.unquote(p) for p in path.strip("/").split("/")]
        with f.lock:
            if parts == ["user"] and method == "GET":
                return self._reply(200, {"id": tok["id"], "username": tok["user"]})
            if len(parts) >= 5 and parts[0] == "projects" and parts[2] == "merge_requests" and parts[4] == "notes":
                key = (parts[1], parts[3])
                items = f.gitlab.setdefault(key, [])
                if len(parts) == 5 and method == "GET":
                    per = min(int((query.get("per_page") or ["20"])[0]), f.page_size_cap)
                    page = int((query.get("page") or ["1"])[0])
                    headers = [("X-Next-Page", str(page + 1) if page * per < len(items) else "")]
                    return self._reply(200, items[(page - 1) * per: page * per], headers)
                if method in ("POST", "PUT", "DELETE") and not tok["write"]:
                    return self._reply(403, {"message": "403 Forbidden"})
                form = urllib.parse.parse_qs(body.decode(), keep_blank_values=True)
                if len(parts) == 5 and method == "POST":
                    n = f._note(tok["user"], form["body"][0])
                    items.append(n)
                    return self._reply(201, n)
                if len(parts) == 6:
                    for i, n in enumerate(items):
                        if str(n["id"]) == parts[5]:
                            if method == "PUT":
                                n["body"] = form["body"][0]
                                return self._reply(200, n)
                            if method == "DELETE":
                                del items[i]
                                return self._reply(204)
                    return self._reply(404, {"message": "404 Not found"})
        return self._reply(404, {"message": "404 Not found"})
