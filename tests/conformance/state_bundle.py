#!/usr/bin/env python3
"""--state --bundle round trip over the state corpus: every variant's state is
bundled (with the variant's --flavor and --schemas), and the bundle, rendered
with the variant's other arguments (no --schemas, no --flavor: the bundle
carries both), must print exactly the variant's expected output.

usage: state_bundle.py TFSTREAM CASES_DIR WORK_DIR [--filter SUBSTR] [--every K] [--jobs N]

--every K checks every K-th case by name only (a fixed sample, announced as
'sample: N of M cases'); --jobs N runs N cases at a time (default 2).

Each bundle is also checked: exit status 0 and nothing on standard error but
notes ("tfstream: note:", e.g. on the release chosen); a JSON object with only
tfstream_flavor, format_version, terraform_version (the release whose text
it was made for), tfstream_provider_format_version, values and
provider_schemas; bundling it again gives the same bytes. Prints each failure and ends with
'N passed, M failed'; exit status 0 only when nothing failed.
"""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

MEMBERS = {'tfstream_flavor', 'format_version', 'terraform_version', 'tfstream_provider_format_version', 'values',
           'provider_schemas'}


def check_case(tfstream, cases, work, case):
    """(passed, failure lines) of one case's variants."""
    passed, failures = 0, []
    d = os.path.join(cases, case)
    for name in sorted(f for f in os.listdir(d) if f.endswith('.args')):
        variant = name[:-5]
        argv = open(os.path.join(d, name)).read().split('\n')
        argv = [a for a in argv if a]
        keep = [a for a in argv if a.startswith('--schemas=') or a.startswith('--flavor=')]
        bundle = os.path.join(work, case + '.' + variant + '.json')
        b = subprocess.run([tfstream, '--state', '--bundle'] + keep + ['state.json'], cwd=d, capture_output=True)
        problem = None
        notes_only = all(line.startswith(b'tfstream: note: ') for line in b.stderr.splitlines())
        if b.returncode != 0 or not notes_only:
            problem = 'bundling: exit %d: %s' % (b.returncode, b.stderr.decode(errors='replace')[:300])
        else:
            with open(bundle, 'wb') as f:
                f.write(b.stdout)
            doc = json.loads(b.stdout)
            extra = set(doc) - MEMBERS
            again = subprocess.run([tfstream, '--state', '--bundle', bundle], capture_output=True)
            if extra:
                problem = 'unexpected members %s' % sorted(extra)
            elif again.returncode != 0 or again.stdout != b.stdout:
                problem = 'bundling the bundle again changed it'
            else:
                rest = [a if a != 'state.json' else bundle for a in argv if a not in keep]
                r = subprocess.run([tfstream] + rest, cwd=d, capture_output=True)
                want = open(os.path.join(d, variant + '.out'), 'rb').read()
                if r.returncode != 0 or r.stdout != want:
                    problem = 'rendered bundle differs: exit %d: %s' % (
                        r.returncode, r.stderr.decode(errors='replace')[:300])
        if problem:
            failures.append('FAIL %s/%s: %s' % (case, variant, problem))
        else:
            passed += 1
            os.remove(bundle)
    return passed, failures


def option(args, name, default):
    """The value after `name` in args (removed with it), or default."""
    if name not in args:
        return default
    i = args.index(name)
    value = args[i + 1]
    del args[i:i + 2]
    return value


def main():
    args = sys.argv[1:]
    only = option(args, '--filter', '')
    every = int(option(args, '--every', '1'))
    jobs = int(option(args, '--jobs', '2'))
    if len(args) != 3:
        sys.exit(__doc__)
    tfstream, cases, work = args
    os.makedirs(work, exist_ok=True)
    names = [c for c in sorted(os.listdir(cases)) if only in c]
    sample = names[::every]
    if every > 1:
        print('sample: %d of %d cases (1 in %d by name); the others are not run' % (len(sample), len(names), every))
    passed = failed = 0
    with ThreadPoolExecutor(jobs) as pool:
        for p, fails in pool.map(lambda c: check_case(tfstream, cases, work, c), sample):
            passed += p
            failed += len(fails)
            for line in fails:
                print(line, flush=True)
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed or passed == 0 else 0)


if __name__ == '__main__':
    main()
