#!/usr/bin/env python3
"""Merges `terraform providers schema -json` files into one, for benchmarks
with a schemas file of real size (tens of MB, as for a workspace using several
large providers).

usage: merge_schemas.py OUT FILE...

Providers of all files are kept; a provider named in several files gets the
union of their resource, data source and action types (a later file's type
wins), the rest of its fields from the first file. Files that are not a
schemas document (JSON with a provider_schemas object) are skipped with a note
on stderr. Prints the providers and types written.
"""
import json, sys

KINDS = ('resource_schemas', 'data_source_schemas', 'action_schemas', 'ephemeral_resource_schemas', 'functions')


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    merged = {}
    for path in sys.argv[2:]:
        try:
            with open(path, 'rb') as f:
                doc = json.loads(f.read().decode('utf-8', 'replace'))
            providers = doc['provider_schemas']
            if not isinstance(providers, dict):
                raise ValueError('provider_schemas is not an object')
        except (ValueError, KeyError, TypeError) as e:
            print('merge_schemas: skipping %s: %s' % (path, e), file=sys.stderr)
            continue
        for name, provider in providers.items():
            if not isinstance(provider, dict):
                continue
            into = merged.setdefault(name, {})
            for key, value in provider.items():
                if key in KINDS and isinstance(value, dict):
                    into.setdefault(key, {}).update(value)
                else:
                    into.setdefault(key, value)
    with open(sys.argv[1], 'w') as f:
        json.dump({'format_version': '1.0', 'provider_schemas': merged}, f)
    types = sum(len(p.get(k) or {}) for p in merged.values() for k in KINDS)
    print('merge_schemas: %d providers, %d types' % (len(merged), types), file=sys.stderr)


if __name__ == '__main__':
    main()
