#!/usr/bin/env python3
"""Metamorphic conformance: rewrite each case's plan.json into a different but
equivalent text and check that tfstream still prints the expected bytes.

usage: metamorphic.py TFSTREAM CASES_DIR WORK_DIR [--seed N] [--every K] [--escape-rate P]
                      [--extra-fields P] [--duplicates P] [--split P]
                      [--jobs N] [--filter SUBSTR] [--arg ARG]...
(--arg: put ARG before every variant's own arguments, e.g. --renderer-version=latest)

The rewrites change nothing Go's encoding/json (and so Terraform) can see:
  - whitespace between tokens (space, tab, CR, LF);
  - characters in strings and keys written as \\uXXXX escapes (surrogate
    pairs beyond U+FFFF), and '/' as '\\/';
  - the order of the members of every object whose keys stay distinct when
    folded (a struct's fields and a map's keys are found by name; objects
    with repeated keys keep their order, since there the last one counts).
  - with --extra-fields P, unknown members (random JSON values) added to a
    share P of the objects Go decodes into structs (the plan, resource and
    output changes, action invocations, schemas' blocks and attributes...),
    which Go ignores;
  - with --duplicates P, in a share P of the plan's, resource changes' and
    changes' objects, up to two of the fields a repeated key sets whole
    (strings, booleans, raw values, the action list) repeated before the real
    one, with another value of the same type and the key's case varied: the
    last one counts;
  - with --split P, in a share P of the members that name a map field or a
    struct (or pointer-to-struct) field of those structs (the plan's and a
    schemas file's provider_schemas, the plan's output_changes, a resource change's
    change, a deferred change's resource_change, a change's importing, a
    schema's block, a block's attributes and block_types, an attribute's
    nested_type, a provider's resource_schemas and data_source_schemas), the
    object split into two or three members with the key's case varied, each
    holding some of its members: a repeated key decodes into the value
    already there. Maps and pointers may first get a member whose value a
    following null throws away; structs may get a null, which leaves them.
The value of a member named "index" is kept as written: Terraform prints a
resource's index (a json.RawMessage) as its raw text; so is an import's
"identity", which OpenTofu prints through json.Indent.
Numbers keep their literal text, existing escapes and bytes that are not
valid UTF-8 are kept as they are. WORK_DIR gets one folder per case with the
rewritten plan.json (and schema files) beside links to the case's other
files. --every K takes
every K-th case only; --escape-rate is the share of characters escaped
(default 0.05). Prints each failing variant and ends with
'N passed, M failed'; exit status 0 only when nothing failed.
"""
import os, random, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

WS = b' \t\r\n'


class Parser:
    """Just enough of JSON to rewrite it: values as ('obj', [(key, value)]),
    ('arr', [values]), ('str', raw bytes between the quotes), ('lit', text)."""

    def __init__(self, data):
        self.d = data
        self.i = 0

    def ws(self):
        while self.i < len(self.d) and self.d[self.i] in WS:
            self.i += 1

    def value(self):
        self.ws()
        c = self.d[self.i:self.i + 1]
        if c == b'{':
            self.i += 1
            members = []
            self.ws()
            if self.d[self.i:self.i + 1] == b'}':
                self.i += 1
                return ('obj', members)
            while True:
                self.ws()
                key = self.string()
                self.ws()
                assert self.d[self.i:self.i + 1] == b':'
                self.i += 1
                self.ws()
                start = self.i
                val = self.value()
                members.append((key, val, self.d[start:self.i]))
                self.ws()
                c = self.d[self.i:self.i + 1]
                self.i += 1
                if c == b'}':
                    return ('obj', members)
                assert c == b','
        if c == b'[':
            self.i += 1
            items = []
            self.ws()
            if self.d[self.i:self.i + 1] == b']':
                self.i += 1
                return ('arr', items)
            while True:
                items.append(self.value())
                self.ws()
                c = self.d[self.i:self.i + 1]
                self.i += 1
                if c == b']':
                    return ('arr', items)
                assert c == b','
        if c == b'"':
            return ('str', self.string())
        start = self.i
        while self.i < len(self.d) and self.d[self.i] not in b' \t\r\n,]}':
            self.i += 1
        return ('lit', self.d[start:self.i])

    def string(self):
        assert self.d[self.i:self.i + 1] == b'"'
        start = self.i + 1
        j = start
        while self.d[j] != 0x22:
            j += 2 if self.d[j] == 0x5C else 1
        self.i = j + 1
        return self.d[start:j]


def utf8_char_len(raw, i):
    """Length of the valid UTF-8 sequence at raw[i] (>= 0x80), or 0."""
    b = raw[i]
    n = 2 if 0xC2 <= b <= 0xDF else 3 if 0xE0 <= b <= 0xEF else 4 if 0xF0 <= b <= 0xF4 else 0
    if n == 0 or i + n > len(raw):
        return 0
    try:
        raw[i:i + n].decode('utf-8')
    except UnicodeDecodeError:
        return 0
    return n


def rewrite_string(raw, rng, p):
    out = bytearray()
    i = 0
    while i < len(raw):
        b = raw[i]
        if b == 0x5C:  # an escape: kept as it is
            n = 6 if raw[i + 1:i + 2] == b'u' else 2
            out += raw[i:i + n]
            i += n
            continue
        if b < 0x80:
            if rng.random() < p:
                out += b'\\/' if b == 0x2F and rng.random() < 0.5 else b'\\u%04x' % b
            else:
                out.append(b)
            i += 1
            continue
        n = utf8_char_len(raw, i)
        if n == 0:  # not UTF-8: kept, Go replaces it either way
            out.append(b)
            i += 1
            continue
        cp = ord(raw[i:i + n].decode('utf-8'))
        if rng.random() < p:
            if cp > 0xFFFF:
                v = cp - 0x10000
                out += b'\\u%04X\\u%04x' % (0xD800 + (v >> 10), 0xDC00 + (v & 0x3FF))
            else:
                out += b'\\u%04X' % cp
        else:
            out += raw[i:i + n]
        i += n
    return bytes(out)


def folded(raw_key):
    # Distinct when folded as encoding/json matches struct fields (ASCII case
    # and a few runes); any escape makes the key count as possibly equal.
    if b'\\' in raw_key:
        return None
    return raw_key.decode('utf-8', 'replace').lower().replace('\u017f', 's').replace('\u212a', 'k')


# Objects Go decodes into structs, where an unknown key is ignored: the kind
# of each child (by folded key; '*' for any element of an array or map)
# given its parent's kind. Values not listed (before, after, config values,
# cty types...) are raw JSON or maps, where a key is data.
STRUCT_CHILDREN = {
    'plan': {'resource_changes': 'rc_list', 'resource_drift': 'rc_list', 'deferred_changes': 'deferred_list',
             'output_changes': 'change_map', 'action_invocations': 'ai_list', 'relevant_attributes': 'ra_list',
             'provider_schemas': 'provider_map'},
    'rc_list': {'*': 'rc'}, 'rc': {'change': 'change'}, 'change': {'importing': 'importing'},
    'deferred_list': {'*': 'deferred'}, 'deferred': {'resource_change': 'rc'},
    'change_map': {'*': 'change'},
    'ai_list': {'*': 'ai'}, 'ai': {'lifecycle_action_trigger': 'trigger', 'invoke_action_trigger': 'trigger'},
    'ra_list': {'*': 'ra'},
    'provider_map': {'*': 'provider'},
    'provider': {'provider': 'schema', 'resource_schemas': 'schema_map', 'data_source_schemas': 'schema_map'},
    'schema_map': {'*': 'schema'}, 'schema': {'block': 'block'},
    'block': {'attributes': 'attr_map', 'block_types': 'bt_map'},
    'attr_map': {'*': 'attr'}, 'attr': {'nested_type': 'nested'}, 'nested': {'attributes': 'attr_map'},
    'bt_map': {'*': 'bt'}, 'bt': {'block': 'block'},
}
STRUCTS = {'plan', 'rc', 'change', 'importing', 'deferred', 'ai', 'trigger', 'ra', 'provider', 'schema', 'block',
           'attr', 'nested', 'bt'}


# Fields of those structs a repeated key sets whole (strings, booleans,
# json.RawMessage, a slice of strings), so that with the real member last
# an earlier one with another value of the same type changes nothing.
DUPLICABLE = {
    'plan': {'format_version': 'str', 'terraform_version': 'str', 'plan_format_version': 'str',
             'provider_format_version': 'str', 'errored': 'bool', 'applyable': 'bool', 'complete': 'bool'},
    'rc': {'address': 'str', 'module_address': 'str', 'mode': 'str', 'type': 'str', 'name': 'str',
           'provider_name': 'str', 'deposed': 'str', 'action_reason': 'str', 'previous_address': 'str',
           'index': 'raw'},
    'change': {'actions': 'strlist', 'before': 'raw', 'after': 'raw', 'after_unknown': 'raw',
               'before_sensitive': 'raw', 'after_sensitive': 'raw', 'replace_paths': 'raw',
               'generated_config': 'str'},
}


# Fields a repeated key decodes into the value already there (see --split):
# 'map' and 'ptr' are emptied by a null, 'struct' is left as it was. The
# junk is what a 'map' or 'ptr' field holds before a null throws it away: a
# value Go decodes without a type error.
SPLITTABLE = {
    'plan': {'provider_schemas': 'map', 'output_changes': 'map'},
    'rc': {'change': 'struct'}, 'deferred': {'resource_change': 'struct'}, 'change': {'importing': 'ptr'},
    'provider': {'resource_schemas': 'map', 'data_source_schemas': 'map'},
    'schema': {'block': 'ptr'}, 'bt': {'block': 'ptr'}, 'attr': {'nested_type': 'ptr'},
    'block': {'attributes': 'map', 'block_types': 'map'}, 'nested': {'attributes': 'map'},
}
SPLIT_JUNK = {
    'provider_schemas': b'{"junk_provider":{}}',
    'output_changes': b'{"junk_output":{"actions":["create"],"before":null,"after":"x"}}',
    'resource_schemas': b'{"junk_type":{"block":{}}}',
    'data_source_schemas': b'{"junk_type":{"block":{}}}', 'block': b'{"attributes":{"junk":{"type":"string"}}}',
    'nested_type': b'{"nesting_mode":"map","attributes":{}}', 'attributes': b'{"junk":{"type":"string"}}',
    'block_types': b'{"junk":{"nesting_mode":"list","block":{}}}', 'importing': b'{"id":"junk"}',
}


def split_member(k, val, kind, rng):
    """The members that decode as (k, val) does, for a splittable field."""
    mode = SPLITTABLE[kind][folded(k)]
    body = list(val[1])
    parts = [[] for _ in range(rng.randint(2, 3))]
    for m in body:
        rng.choice(parts).append(m)
    out = []
    if rng.random() < 0.5:
        if mode != 'struct':
            out.append((case_variant(k, rng), None, SPLIT_JUNK[folded(k)]))
        out.append((case_variant(k, rng), None, b'null'))
    out += [(case_variant(k, rng), ('obj', part), None) for part in parts]
    return out


def junk_of(kind, rng):
    if kind == 'str':
        return rng.choice([b'"junk"', b'""', b'"managed"', b'"a\\u00e9"', b'null'])
    if kind == 'bool':
        return rng.choice([b'true', b'false', b'null'])
    if kind == 'strlist':
        return rng.choice([b'["delete","create","x"]', b'[]', b'null', b'["no-op"]'])
    return random_json(rng)


def case_variant(key, rng):
    return bytes(c ^ 0x20 if 0x61 <= c <= 0x7A and rng.random() < 0.5 else c for c in key)


def child_kind(kind, key):
    children = STRUCT_CHILDREN.get(kind, {})
    return children.get(key if key is not None else '*', children.get('*'))


def random_json(rng, depth=0):
    r = rng.random()
    if depth < 3 and r < 0.2:
        return b'[' + b','.join(random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))) + b']'
    if depth < 3 and r < 0.4:
        return b'{' + b','.join(b'"k%d":' % i + random_json(rng, depth + 1) for i in range(rng.randint(0, 3))) + b'}'
    return rng.choice([b'null', b'true', b'false', b'0', b'-1.5e+3', b'"x"', b'"a\\\"b\u00e9\ud83d\ude00]}"',
                       b'"{\\"resource_changes\\":[]}"', b'""'])


def emit(v, rng, p, out, kind='plan', extra=0.0, duplicates=0.0, split=0.0):
    def space():
        if rng.random() < 0.3:
            out.extend(rng.choice([b' ', b'\n', b'\t', b'\r\n', b'  ']))

    node, body = v
    if node == 'obj':
        members = list(body)
        keys = [folded(k) for k, _, _ in members]
        distinct = None not in keys and len(set(keys)) == len(keys)
        if distinct:
            rng.shuffle(members)
        if distinct and kind in SPLITTABLE and split > 0:
            expanded = []
            for k, val, raw in members:
                if (folded(k) in SPLITTABLE[kind] and val is not None and val[0] == 'obj' and
                        len(set(folded(mk) for mk, _, _ in val[1]) - {None}) == len(val[1]) and
                        rng.random() < split):
                    expanded += split_member(k, val, kind, rng)
                else:
                    expanded.append((k, val, raw))
            members = expanded
        if kind in STRUCTS and rng.random() < extra:
            for n in range(rng.randint(1, 2)):
                at = rng.randint(0, len(members))
                members.insert(at, (b'x_tfstream_extra_%d' % n, None, random_json(rng)))
        fields = DUPLICABLE.get(kind, {})
        if fields and rng.random() < duplicates:
            real = [i for i, (k, _, _) in enumerate(members) if folded(k) in fields]
            for i in sorted(rng.sample(real, min(len(real), 2)), reverse=True):
                k = members[i][0]
                members.insert(i, (case_variant(k, rng), None, junk_of(fields[folded(k)], rng)))
        out += b'{'
        for n, (k, val, raw) in enumerate(members):
            if n:
                out += b','
            space()
            out += b'"' + rewrite_string(k, rng, p) + b'"'
            space()
            out += b':'
            space()
            if val is None or folded(k) == 'index' or (kind == 'importing' and folded(k) == 'identity'):
                # An added value, or one the renderer prints as it is written: a
                # resource's index, an import's identity (json.RawMessage, which
                # OpenTofu prints through json.Indent, escapes and all).
                out += raw
            else:
                emit(val, rng, p, out, child_kind(kind, folded(k)), extra, duplicates, split)
            space()
        out += b'}'
    elif node == 'arr':
        out += b'['
        for n, item in enumerate(body):
            if n:
                out += b','
            space()
            emit(item, rng, p, out, child_kind(kind, None), extra, duplicates, split)
            space()
        out += b']'
    elif node == 'str':
        out += b'"' + rewrite_string(body, rng, p) + b'"'
    else:
        out += body


def rewrite(data, seed, escape_rate=0.05, extra=0.0, duplicates=0.0, split=0.0):
    rng = random.Random(seed)
    parser = Parser(data)
    tree = parser.value()
    out = bytearray()
    emit(tree, rng, escape_rate, out, 'plan', extra, duplicates, split)
    out += data[parser.i:]  # trailing whitespace
    return bytes(out)


def main():
    args = sys.argv[1:]
    opts = {'--seed': '1', '--escape-rate': '0.05', '--extra-fields': '0', '--duplicates': '0', '--split': '0', '--every': '1', '--jobs': str(os.cpu_count() or 2), '--filter': ''}
    pos = []
    extra = []  # --arg ARG: before every variant's own arguments (repeatable)
    while args:
        a = args.pop(0)
        if a == '--arg':
            extra.append(args.pop(0))
        elif a in opts:
            opts[a] = args.pop(0)
        else:
            pos.append(a)
    if len(pos) != 3:
        sys.exit(__doc__)
    exe, cases_dir, work = os.path.abspath(pos[0]), os.path.abspath(pos[1]), os.path.abspath(pos[2])
    seed, every = int(opts['--seed']), int(opts['--every'])
    os.makedirs(os.path.join(work, 'cases'), exist_ok=True)
    rates = (float(opts['--escape-rate']), float(opts['--extra-fields']), float(opts['--duplicates']),
             float(opts['--split']))

    def rewrite_file(src, dst, file_seed):
        with open(src, 'rb') as f:
            data = f.read()
        if os.path.islink(dst):  # never write through a link into the corpus
            os.unlink(dst)
        with open(dst, 'wb') as f:
            f.write(rewrite(data, file_seed, *rates))

    # Schema files are JSON read the same way: rewritten too, the shared
    # ones (../../schemas/ from a case) once.
    schemas = os.path.join(os.path.dirname(cases_dir), 'schemas')
    if os.path.isdir(schemas):
        if os.path.islink(os.path.join(work, 'schemas')):
            os.unlink(os.path.join(work, 'schemas'))
        os.makedirs(os.path.join(work, 'schemas'), exist_ok=True)
        for n, fn in enumerate(sorted(os.listdir(schemas))):
            rewrite_file(os.path.join(schemas, fn), os.path.join(work, 'schemas', fn), seed * 7919 + n)
    all_ids = [c for c in sorted(os.listdir(cases_dir)) if opts['--filter'] in c]
    ids = all_ids[::every]
    if every > 1:
        print('sample: %d of %d cases (1 in %d by name); the others are not run' % (len(ids), len(all_ids), every))
    jobs = []
    for n, cid in enumerate(ids):
        src = os.path.join(cases_dir, cid)
        dst = os.path.join(work, 'cases', cid)
        os.makedirs(dst, exist_ok=True)
        for fn in os.listdir(src):
            if fn.endswith('.json'):
                rewrite_file(os.path.join(src, fn), os.path.join(dst, fn), seed * 1000003 + n * 7 + len(fn))
            elif not os.path.lexists(os.path.join(dst, fn)):
                os.symlink(os.path.join(src, fn), os.path.join(dst, fn))
        jobs += [(dst, cid, fn[:-5]) for fn in sorted(os.listdir(src)) if fn.endswith('.args')]

    def run(job):
        case, cid, variant = job
        with open(os.path.join(case, variant + '.args')) as f:
            argv = extra + [l for l in f.read().split('\n') if l]
        with open(os.path.join(case, variant + '.out'), 'rb') as f:
            want = f.read()
        r = subprocess.run([exe] + argv, cwd=case, stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
        if r.returncode == 0 and r.stdout == want:
            return None
        at = next((i for i, (a, b) in enumerate(zip(r.stdout, want)) if a != b), min(len(r.stdout), len(want)))
        return '%s/%s: exit %d, first difference at byte %d %s' % (
            cid, variant, r.returncode, at, r.stderr.decode('utf-8', 'replace').strip()[:200])

    with ThreadPoolExecutor(int(opts['--jobs'])) as pool:
        results = list(pool.map(run, jobs))
    failed = [r for r in results if r]
    for line in failed:
        print('FAIL', line)
    print('%d passed, %d failed' % (len(results) - len(failed), len(failed)))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
