#!/usr/bin/env python3
"""--format markdown over the plan corpora with the cross-checks on.

usage: markdown_corpus.py TFSTREAM CASES_DIR [CASES_DIR ...] [--every K] [--jobs N]

Markdown validates the whole document before its first byte, and then reads
each shown element's tree without yajl checking its bytes again
(stream::ParseValidatedJsonTree). With TFSTREAM_CROSS_CHECK=1 every such tree
is built by yajl too and compared node by node, and the unchanged-value
renderer's blocks are rendered by the general differ too; either difference
aborts the run. So every variant of every case is rendered as Markdown (its
own arguments but --color, then --format=markdown --max-bytes=0) and must end by itself
with exit status 0, a Markdown document on standard output and nothing on
standard error but notes; a variant whose text run is expected to fail (its
.out empty) must fail the same way as its text run, with one line.

--every K checks every K-th case by name only (announced as 'sample: N of M
cases'); --jobs N runs N cases at a time (default 2). Prints each failure and
ends with 'N passed, M failed'; exit status 0 only when nothing failed and
something passed.
"""
import os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor


def run(tfstream, d, argv):
    env = dict(os.environ, TFSTREAM_CROSS_CHECK='1')
    return subprocess.run([tfstream] + argv, cwd=d, capture_output=True, env=env, timeout=300)


def check_case(tfstream, d):
    passed, failures = 0, []
    for name in sorted(f for f in os.listdir(d) if f.endswith('.args')):
        variant = name[:-5]
        # Markdown is never coloured: a variant's --color goes.
        argv = [a for a in open(os.path.join(d, name)).read().split('\n') if a and not a.startswith('--color')]
        md = run(tfstream, d, argv + ['--format=markdown', '--max-bytes=0'])
        err = md.stderr.decode(errors='replace')
        problem = None
        if md.returncode < 0:
            problem = 'killed by signal %d: %s' % (-md.returncode, err[-400:])
        elif 'cross-check' in err:
            problem = 'cross-check: ' + err[-400:]
        elif md.returncode == 0:
            if not all(line.startswith('tfstream: note: ') or line.startswith('tfstream: warning: ')
                       for line in err.splitlines()):
                problem = 'exit 0 with: ' + err[:300]
            elif not md.stdout:
                problem = 'exit 0 and no output'
        else:
            text = run(tfstream, d, argv)
            if text.returncode != md.returncode or text.stderr != md.stderr:
                problem = 'exit %d (%s), the text run exit %d (%s)' % (
                    md.returncode, err[:200], text.returncode, text.stderr.decode(errors='replace')[:200])
        if problem:
            failures.append('FAIL %s/%s: %s' % (os.path.basename(d), variant, problem))
        else:
            passed += 1
    return passed, failures


def main():
    args = sys.argv[1:]
    every, jobs = 1, 2
    if '--every' in args:
        i = args.index('--every'); every = int(args[i + 1]); del args[i:i + 2]
    if '--jobs' in args:
        i = args.index('--jobs'); jobs = int(args[i + 1]); del args[i:i + 2]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    tfstream, dirs = os.path.abspath(args[0]), args[1:]
    cases = [os.path.join(c, n) for c in dirs for n in sorted(os.listdir(c))]
    picked = cases[::every]
    if every > 1:
        print('sample: %d of %d cases' % (len(picked), len(cases)))
    passed, failed = 0, 0
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for p, fails in pool.map(lambda d: check_case(tfstream, d), picked):
            passed += p
            failed += len(fails)
            for f in fails:
                print(f)
    print('%d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == '__main__':
    sys.exit(main())
