"""Shared pieces of the browser suite (tests/browser/): reading a report file
the way the page does (independently of the page), running tfstream, and a
headless Chromium driven through chromedriver (Debian's chromium,
chromium-driver and python3-selenium)."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import zlib

SGR = re.compile(r"\x1b\[[0-9;]*m")
# The payloads' base-85 alphabet (docs/html-report.md, "The file"), digit value = position.
B85 = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+,.:;=?@[]^_{|}~"
B85_CLASS = rb"[0-9A-Za-z!#$%()*+,.:;=?@\[\]^_{|}~]*"
CHUNK = re.compile(
    rb'<script type="application/octet-stream" class="tfs-chunk" data-chunk="(\d+)" data-index="(' + B85_CLASS +
    rb')">(' + B85_CLASS + rb")</script>")
_DIGITS = bytes.maketrans(B85, bytes(range(85)))


def b85decode(text):
    """The bytes of a base-85 payload: 5 digits per 4 bytes, big-endian, a final group of n + 1 digits
    for n bytes (read padded with the digit 84). Written with whole-string operations (a loop per
    group in Python takes minutes on a big report): each digit position's digits spread into 5-byte
    little-endian fields of one big integer, the positions weighted by powers of 85 and summed, so
    each field holds its group's value (< 2^33: no carry between fields)."""
    n = len(text)
    if n % 5 == 1:
        raise AssertionError("a base-85 payload of %d characters" % n)
    if text.translate(None, B85):
        raise AssertionError("a base-85 payload holds a character outside its alphabet")
    pad = (5 - n % 5) % 5
    digits = text.translate(_DIGITS) + bytes([84]) * pad
    groups = len(digits) // 5
    total = 0
    for k in range(5):
        spread = bytearray(5 * groups)
        spread[0::5] = digits[k::5]
        total += int.from_bytes(spread, "little") * 85 ** (4 - k)
    fields = total.to_bytes(5 * groups + 1, "little")
    if fields[4::5].strip(b"\0"):
        raise AssertionError("a base-85 group over 2^32 - 1")
    out = bytearray(4 * groups)
    for k in range(4):  # big-endian bytes of each little-endian field
        out[k::4] = fields[3 - k:5 * groups:5]
    return bytes(out[:len(out) - pad])
META = re.compile(rb'<script type="application/json" id="tfs-meta">(.*?)</script>', re.S)

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--window-size=1400,900"]


class Entry:
    __slots__ = ("kind", "section", "address", "action", "module", "raw", "plain")

    def __init__(self, row, raw):
        self.kind, self.section, self.address, self.action, self.module = row[0], row[1], row[2], row[3], row[4]
        self.raw = raw
        self.plain = SGR.sub("", raw)


def read_report(path):
    """(meta, [Entry]) of a report file, decoded with Python's zlib and b85decode above."""
    data = open(path, "rb").read()
    m = META.search(data)
    if not m:
        raise AssertionError("%s: no tfs-meta element" % path)
    meta = json.loads(m.group(1).decode("utf-8"))
    entries = []
    expect = 0
    for cm in CHUNK.finditer(data):
        n = int(cm.group(1))
        if n != expect:
            raise AssertionError("%s: chunk %d where %d was expected" % (path, n, expect))
        expect += 1
        index = json.loads(zlib.decompress(b85decode(cm.group(2))).decode("utf-8"))
        text = zlib.decompress(b85decode(cm.group(3)))
        for row in index:
            off, length = row[5], row[6]
            if off < 0 or off + length > len(text):
                raise AssertionError("%s: chunk %d: entry outside its text" % (path, n))
            entries.append(Entry(row, text[off:off + length].decode("utf-8")))
    if expect != meta.get("chunks", expect):
        raise AssertionError("%s: %d chunks, meta says %s" % (path, expect, meta.get("chunks")))
    return meta, entries


def run(argv, cwd=None, check=True):
    p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if check and p.returncode != 0:
        raise AssertionError("%s exited %d: %s" % (" ".join(argv), p.returncode, p.stderr.decode(errors="replace")[-2000:]))
    return p


def encode_uri_component(s):
    return urllib.parse.quote(s, safe="-_.!~*'()")


class Browser:
    """One headless Chromium for the whole run, a fresh profile directory."""

    def __init__(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        self.profile = tempfile.mkdtemp(prefix="tfstream-chromium-")
        opts = webdriver.ChromeOptions()
        opts.binary_location = find_chromium()
        for a in CHROMIUM_FLAGS:
            opts.add_argument(a)
        opts.add_argument("--user-data-dir=" + self.profile)
        opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        self.driver = webdriver.Chrome(service=Service(find_chromedriver()), options=opts)
        self.driver.set_page_load_timeout(120)
        self.driver.set_script_timeout(120)
        # Before any script of the page: record CSP violations, alerts and network requests.
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__tfsViolations = [];
            document.addEventListener('securitypolicyviolation',
                e => window.__tfsViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sample));
        """})

    def close(self):
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def open(self, path, fragment=None, timeout=60):
        """Loads the report afresh (about:blank first, so that a fragment is a new load);
        returns the page's own time to data-state=ready, in ms since navigation start."""
        self.driver.get("about:blank")
        url = "file://" + os.path.abspath(path) + ("#" + fragment if fragment is not None else "")
        t0 = time.time()
        self.driver.get(url)
        while True:
            state = self.js("return document.documentElement.getAttribute('data-state')")
            if state == "ready":
                break
            if state == "error":
                raise AssertionError("page error: " + self.js("return document.body.innerText")[-500:])
            if time.time() - t0 > timeout:
                raise AssertionError("page not ready after %d s (state %r)" % (timeout, state))
            time.sleep(0.02)
        return float(self.js("return document.documentElement.getAttribute('data-ready-ms')") or 0)

    def wait(self, script, timeout=30, *args):
        t0 = time.time()
        while True:
            v = self.js(script, *args)
            if v:
                return v
            if time.time() - t0 > timeout:
                raise AssertionError("timed out waiting for: " + script)
            time.sleep(0.02)

    def alert_text(self):
        from selenium.common.exceptions import NoAlertPresentException
        try:
            a = self.driver.switch_to.alert
            t = a.text
            a.accept()
            return t
        except NoAlertPresentException:
            return None

    def hygiene(self):
        """What must hold on every report page, whatever it shows."""
        problems = []
        v = self.js("return window.__tfsViolations || []")
        if v:
            problems.append("CSP violations: %r" % v[:5])
        req = self.js("return performance.getEntriesByType('resource').map(e => e.name)")
        if req:
            problems.append("requests made: %r" % req[:5])
        if self.js("return document.body.textContent.indexOf('\\x1b') >= 0"):
            problems.append("an escape character in the DOM")
        if self.js("return document.querySelectorAll('[style]').length && "
                   "Array.from(document.querySelectorAll('[style]')).some(e => e.getAttribute('style') && "
                   "!/^(top|height): [0-9.e+]+px;$/.test(e.getAttribute('style')))"):
            problems.append("unexpected inline style attributes")
        return problems

    def element_count(self):
        return self.js("return document.getElementsByTagName('*').length")


def find_chromium():
    for c in ("chromium", "chromium-browser", "google-chrome"):
        p = shutil.which(c)
        if p:
            return p
    return None


def find_chromedriver():
    return shutil.which("chromedriver") or ("/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None)


def missing_dependencies():
    miss = []
    if not find_chromium():
        miss.append("chromium (Debian package chromium)")
    if not find_chromedriver():
        miss.append("chromedriver (Debian package chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        miss.append("selenium for %s (Debian package python3-selenium)" % sys.executable)
    return miss
