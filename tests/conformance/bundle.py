#!/usr/bin/env python3
"""--bundle round trip: every case of a conformance corpus is bundled, and the
bundle, rendered with each variant's arguments (minus --schemas), must print
exactly the variant's expected output.

usage: bundle.py TFSTREAM CASES_DIR WORK_DIR [--jobs N] [--filter SUBSTR] [--every K] [--reference tfstream]
                 [--arg ARG]...  (ARG before every variant's own arguments)

For each case and each --schemas file its variants name (or none), the plan is
bundled once: `tfstream [--schemas S] --bundle plan.json > WORK_DIR/<case>/...`.
Each bundle is also checked:
  - exit status 0 and nothing on standard error but notes ("tfstream: note:",
    e.g. for an empty document bundled with --flavor opentofu);
  - a JSON object whose members are only those of the renderer shape and
    tfstream's own (no planned_values, prior_state, configuration, ...),
    with plan_format_version and provider_schemas;
  - its provider_schemas hold only types the plan uses (resource changes,
    drift, deferred changes, action invocations), keys matched as Go's
    decoder does, case-insensitively, the last one counting;
  - bundling the bundle again gives the same bytes.
With --reference tfstream, the expected bytes and exit status are what
tfstream prints for the original plan with the variant's arguments instead of
the .out file: on a corpus tfstream does not pass yet (the OpenTofu one while
its flavour is being written), that still checks that a bundle changes
nothing (bundling may then fail only where rendering fails).
Works on any corpus laid out as tests/conformance's (cases/<id>/plan.json,
<variant>.args one argument a line, <variant>.out), e.g. the OpenTofu one.
Prints each failure and ends with 'N passed, M failed'; exit status 0 only
when nothing failed.
"""
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

RENDERER_MEMBERS = {
    'plan_format_version', 'output_changes', 'resource_changes', 'resource_drift', 'relevant_attributes',
    'deferred_changes', 'action_invocations', 'provider_format_version', 'provider_schemas',
    'tfstream_quality', 'tfstream_flavor',
    'terraform_version',  # the release whose text the bundle was made for (--renderer-version auto reads it)
}
KINDS = ('resource_schemas', 'data_source_schemas', 'action_schemas')


def field(obj, name):
    """The value Go's decoder puts in the struct field `name`: keys match
    case-insensitively (ASCII is enough for these names), the last one counts."""
    if not isinstance(obj, dict):
        return None
    value = None
    for k, v in obj.items():
        if k.lower() == name:
            value = v
    return value


def used_types(plan):
    """(provider, kind, type) of every schema rendering the plan may look up."""
    used = set()

    def change(rc):
        if isinstance(rc, dict):
            kind = 'resource_schemas' if field(rc, 'mode') == 'managed' else 'data_source_schemas'
            used.add((field(rc, 'provider_name'), kind, field(rc, 'type')))

    for name in ('resource_changes', 'resource_drift'):
        for rc in field(plan, name) or []:
            change(rc)
    for d in field(plan, 'deferred_changes') or []:
        change(field(d, 'resource_change'))
    for a in field(plan, 'action_invocations') or []:
        if isinstance(a, dict):
            used.add((field(a, 'provider_name'), 'action_schemas', field(a, 'type')))
    return used


def load(data):
    # object_pairs_hook keeps repeated keys' last value, as dict() does; bytes
    # that are not UTF-8 are replaced, as Go's decoder does.
    return json.loads(data.decode('utf-8', 'replace'))


def check_bundle(bundle_bytes):
    """Problems with a bundle's shape and trimming, as strings."""
    try:
        doc = load(bundle_bytes)
    except ValueError as e:
        return ['not JSON: %s' % e]
    if not isinstance(doc, dict):
        return ['not a JSON object']
    problems = []
    extra = sorted(set(doc) - RENDERER_MEMBERS)
    if extra:
        problems.append('members outside the renderer shape: %s' % ', '.join(extra))
    for required in ('plan_format_version', 'provider_format_version', 'provider_schemas', 'tfstream_flavor'):
        if required not in doc:
            problems.append('no %s' % required)
    used = used_types(doc)
    for provider, schemas in (doc.get('provider_schemas') or {}).items():
        if not isinstance(schemas, dict):
            continue
        for kind, types in schemas.items():
            if kind not in KINDS:
                problems.append('provider %s keeps %s' % (provider, kind))
                continue
            for t in types or {}:
                if (provider, kind, t) not in used:
                    problems.append('provider %s keeps %s %r, which the plan does not use' % (provider, kind, t))
    return problems


EXTRA_ARGS = []  # --arg ARG: before every variant's own arguments (repeatable)


def read_args(path):
    with open(path) as f:
        return EXTRA_ARGS + [line.rstrip('\n') for line in f if line.rstrip('\n') != '']


def split_schemas(args):
    """(the --schemas value or None, the other arguments)."""
    schemas, rest, i = None, [], 0
    while i < len(args):
        a = args[i]
        if a.startswith('--schemas='):
            schemas = a[len('--schemas='):]
        elif a == '--schemas' and i + 1 < len(args):
            schemas = args[i + 1]
            i += 1
        else:
            rest.append(a)
        i += 1
    return schemas, rest


def run(argv, cwd):
    return subprocess.run(argv, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, timeout=300)


def check_case(exe, cases, work, case, reference):
    """(passed, failures) for one case."""
    case_dir = os.path.join(cases, case)
    out_dir = os.path.join(work, case)
    os.makedirs(out_dir, exist_ok=True)
    variants = sorted(f[:-5] for f in os.listdir(case_dir) if f.endswith('.args'))
    bundles = {}  # (schemas value, --flavor argument) -> (bundle path, problem or None)
    passed, failures = 0, []
    for variant in variants:
        schemas, rest = split_schemas(read_args(os.path.join(case_dir, variant + '.args')))
        # A --flavor given to render is given to bundle too: what the input is
        # read as (an empty document is a plan only to --flavor opentofu).
        flavor = [a for a in rest if a.startswith('--flavor')]
        key = (schemas, tuple(flavor))
        if key not in bundles:
            path = os.path.join(out_dir, 'bundle-%d.json' % len(bundles))
            argv = [exe] + (['--schemas', schemas] if schemas is not None else []) + flavor + ['--bundle', 'plan.json']
            r = run(argv, case_dir)
            problem = None
            notes_only = all(line.startswith(b'tfstream: note: ') for line in r.stderr.splitlines())
            if r.returncode != 0 or not notes_only:
                problem = 'bundling failed (exit %d): %s' % (r.returncode, r.stderr.decode(errors='replace').strip())
            else:
                with open(path, 'wb') as f:
                    f.write(r.stdout)
                issues = check_bundle(r.stdout)
                if issues:
                    problem = 'bad bundle: ' + '; '.join(issues[:5])
                else:
                    again = run([exe, '--bundle', path], case_dir)
                    if again.returncode != 0 or again.stdout != r.stdout:
                        problem = 'bundling the bundle gives other bytes (exit %d)' % again.returncode
            bundles[key] = (path, problem)
        path, problem = bundles[key]
        want_exit = 0
        if reference:
            original = run([exe] + read_args(os.path.join(case_dir, variant + '.args')), case_dir)
            expected, want_exit = original.stdout, original.returncode
            if problem is not None and problem.startswith('bundling failed') and want_exit != 0:
                passed += 1  # rendering fails too: nothing to compare
                continue
        else:
            with open(os.path.join(case_dir, variant + '.out'), 'rb') as f:
                expected = f.read()
        if problem is not None:
            failures.append('FAIL %s/%s: %s' % (case, variant, problem))
            continue
        argv = [exe] + [path if a == 'plan.json' else a for a in rest]
        r = run(argv, case_dir)
        if r.returncode != want_exit:
            failures.append('FAIL %s/%s: rendering the bundle exits %d, not %d: %s' %
                            (case, variant, r.returncode, want_exit, r.stderr.decode(errors='replace').strip()))
        elif r.stdout != expected:
            at = next((i for i, (a, b) in enumerate(zip(r.stdout, expected)) if a != b),
                      min(len(r.stdout), len(expected)))
            failures.append('FAIL %s/%s: first difference at byte %d' % (case, variant, at))
        else:
            passed += 1
    return passed, failures


def main():
    args = sys.argv[1:]
    jobs, only = 2, ''
    if '--jobs' in args:
        i = args.index('--jobs')
        jobs = int(args[i + 1])
        del args[i:i + 2]
    while '--arg' in args:
        i = args.index('--arg')
        EXTRA_ARGS.append(args[i + 1])
        del args[i:i + 2]
    reference = False
    if '--reference' in args:
        i = args.index('--reference')
        if args[i + 1] != 'tfstream':
            sys.exit('bundle.py: --reference takes only "tfstream"')
        reference = True
        del args[i:i + 2]
    if '--filter' in args:
        i = args.index('--filter')
        only = args[i + 1]
        del args[i:i + 2]
    every = 1
    if '--every' in args:
        i = args.index('--every')
        every = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    exe, cases, work = os.path.abspath(args[0]), os.path.abspath(args[1]), os.path.abspath(args[2])
    names = sorted(c for c in os.listdir(cases)
                   if only in c and os.path.exists(os.path.join(cases, c, 'plan.json')))
    if every > 1:
        print('sample: %d of %d cases (1 in %d by name); the others are not run'
              % (len(names[::every]), len(names), every))
        names = names[::every]
    passed = failed = 0
    with ThreadPoolExecutor(jobs) as pool:
        for p, fails in pool.map(lambda c: check_case(exe, cases, work, c, reference), names):
            passed += p
            failed += len(fails)
            for line in fails:
                print(line, flush=True)
    print('%d passed, %d failed' % (passed, failed))
    sys.exit(0 if failed == 0 and passed > 0 else 1)


if __name__ == '__main__':
    main()
