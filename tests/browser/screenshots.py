#!/usr/bin/env python3
"""Screenshots of the HTML report for people to look at (and for README's docs/images/):
a small corpus plan with colour, light and dark, and the big generated plan when it exists
(build/browser/show-*.html, from browser_report_big), with a search under way.

  /usr/bin/python3 tests/browser/screenshots.py TFSTREAM BUILD_DIR OUT_DIR [--width 1280 --height 760]
"""
import argparse
import glob
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report_lib as rl  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tfstream")
    ap.add_argument("build_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--width", type=int, default=1200)
    ap.add_argument("--height", type=int, default=720)
    ap.add_argument("--case", default="conformance/cases/gen-medium-1")
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    work = os.path.join(a.build_dir, "browser")
    os.makedirs(work, exist_ok=True)
    case = os.path.join(a.build_dir, a.case)
    small = os.path.join(work, "screenshot-small.html")
    args = [x for x in open(os.path.join(case, "color.args")).read().split("\n") if x]
    rl.run([os.path.abspath(a.tfstream)] + args + ["--format", "html", "--title", "network (prod)",
                                                   "--output", os.path.abspath(small)], cwd=case)
    b = rl.Browser()
    try:
        b.driver.set_window_size(a.width, a.height)
        for theme in ("light", "dark"):
            b.open(small)
            b.js("document.documentElement.setAttribute('data-theme', arguments[0])", theme)
            # Scroll to the planned changes, past the drift section.
            b.js("""const l = document.querySelector('.list');
                    const r = document.querySelector('.row.sec-changes');
                    if (r) l.scrollTop = parseFloat(r.style.top) - 60;""")
            time.sleep(0.4)
            out = os.path.join(a.out_dir, "report-small-%s.png" % theme)
            b.driver.save_screenshot(out)
            print(out)
        bigs = sorted(glob.glob(os.path.join(work, "show-*.html")), key=os.path.getsize)
        if bigs:
            big = bigs[-1]
            for theme in ("light", "dark"):
                ms = b.open(big)
                b.js("document.documentElement.setAttribute('data-theme', arguments[0])", theme)
                box = b.driver.find_element("css selector", "input.search")
                box.send_keys("forces replacement")
                b.wait("return document.querySelector('.hits').getAttribute('data-search') === 'done'", 60)
                from selenium.webdriver.common.keys import Keys
                box.send_keys(Keys.ENTER)
                time.sleep(0.6)
                out = os.path.join(a.out_dir, "report-big-%s.png" % theme)
                b.driver.save_screenshot(out)
                print(out, "(ready in %d ms, %d elements)" % (ms, b.element_count()))
    finally:
        b.close()


if __name__ == "__main__":
    main()
