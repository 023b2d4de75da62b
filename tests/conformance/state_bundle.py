#!/usr/bin/env python3
"""--state --bundle round trip over the state corpus: every variant's state is
bundled (with the variant's --flavor and --schemas), and the bundle, rendered
with the variant's other arguments (no --schemas, no --flavor: the bundle
carries both), must print exactly the variant's expected output.

usage: state_bundle.py TFSTREAM CASES_DIR WORK_DIR [--filter SUBSTR]

Each bundle is also checked: exit status 0 and nothing on standard error but
notes ("tfstream: note:", e.g. on the release chosen); a JSON object with only
tfstream_flavor, format_version, terraform_version (the release whose text
it was made for), tfstream_provider_format_version, values and
provider_schemas; bundling it again gives the same bytes. Prints each failure and ends with
'N passed, M failed'; exit status 0 only when nothing failed.
"""
import json, os, subprocess, sys

MEMBERS = {'tfstream_flavor', 'format_version', 'terraform_version', 'tfstream_provider_format_version', 'values',
           'provider_schemas'}


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        sys.exit(__doc__)
    tfstream, cases, work = args[:3]
    only = args[args.index('--filter') + 1] if '--filter' in args else ''
    os.makedirs(work, exist_ok=True)
    passed = failed = 0
    for case in sorted(os.listdir(cases)):
        if only not in case:
            continue
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
                failed += 1
                print('FAIL %s/%s: %s' % (case, variant, problem))
            else:
                passed += 1
                os.remove(bundle)
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
