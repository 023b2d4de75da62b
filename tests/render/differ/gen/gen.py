#!/usr/bin/env python3
"""Prints the case tables of differ_test.go as C++ for tests/render/differ/.

Usage: gen.py DIFFER_TEST_GO FUNCTION
  (DIFFER_TEST_GO: internal/command/jsonformat/differ/differ_test.go at
  883c7221ee2e, from a local checkout; nothing of it is stored here.)

Reads the `tcs := map[string]struct{...}{...}` table of FUNCTION with the
expression parser of tests/render/plan/gen/goparse.py and prints one C++
designated-initializer element per case, in the Go source order: inputs
become JSON text, cty types and jsonprovider schemas their JSON forms, and
each renderers.Validate* call the Expect* builder of differ_fixture.h. The
loops that run the cases are written by hand in the *_test.cc files.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'plan', 'gen'))
import goparse  # noqa: E402

ACTIONS = {'plans.NoOp': 'kNoOp', 'plans.Create': 'kCreate', 'plans.Update': 'kUpdate',
           'plans.Delete': 'kDelete'}


def fields(comp):
    assert comp[0] == 'comp', comp
    out = {}
    for k, v in comp[2]:
        assert k[0] == 'id', k
        out[k[1]] = v
    return out


def lit(e):
    assert e[0] == 'lit', e
    return e[1]


# --- Go values -> JSON --------------------------------------------------------
class Num:
    def __init__(self, text):
        self.text = text


def value(e):
    """Go interface{} value -> Python value (Num for numbers)."""
    k = e[0]
    if k == 'lit':
        v = e[1]
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return Num(str(v))
        return v
    if k == 'neg':
        n = value(e[1])
        return Num('-' + n.text)
    if k == 'call' and e[1] == ('id', 'json.Number'):
        return Num(lit(e[2][0]))
    if k == 'call' and e[1][0] == 'id' and e[1][1] in ('float64', 'int'):
        return value(e[2][0])
    if k == 'comp':
        typ = e[1]
        if typ is not None and typ[0] == 'map':
            return {lit(kk): value(vv) for kk, vv in e[2]}
        if typ is not None and typ[0] == 'slice':
            return [value(vv) for _, vv in e[2]]
    raise ValueError('unsupported value %r' % (e,))


def to_json(v):
    if v is None:
        return 'null'
    if v is True:
        return 'true'
    if v is False:
        return 'false'
    if isinstance(v, Num):
        return v.text
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return '[' + ','.join(to_json(x) for x in v) + ']'
    if isinstance(v, dict):
        return '{' + ','.join(json.dumps(k, ensure_ascii=False) + ':' + to_json(v[k]) for k in sorted(v)) + '}'
    raise ValueError(v)


def cpp_str(s):
    if '"' in s or '\\' in s:
        if ')x"' in s:
            raise ValueError(s)
        return 'R"x(' + s + ')x"'
    return '"' + s + '"'


def json_arg(e):
    v = value(e)
    return cpp_str(to_json(v))


# --- cty types and schemas ---------------------------------------------------------
def cty(e):
    if e[0] == 'id':
        return {'cty.String': 'string', 'cty.Number': 'number', 'cty.Bool': 'bool',
                'cty.DynamicPseudoType': 'dynamic'}[e[1]]
    if e[0] == 'call':
        fn = e[1][1]
        if fn in ('cty.List', 'cty.Set', 'cty.Map'):
            return [fn[4:].lower(), cty(e[2][0])]
        if fn == 'cty.Object':
            return ['object', {lit(k): cty(v) for k, v in e[2][0][2]}]
        if fn == 'cty.Tuple':
            return ['tuple', [cty(v) for _, v in e[2][0][2]]]
        if fn == 'unmarshalType':
            return cty(e[2][1])
    raise ValueError('unsupported type %r' % (e,))


def attribute(e):
    if e[0] == 'addr':
        e = e[1]
    f = fields(e)
    out = {}
    for k, v in f.items():
        if k == 'AttributeType':
            out['type'] = cty(v)
        elif k == 'AttributeNestedType':
            nf = fields(v[1] if v[0] == 'addr' else v)
            out['nested_type'] = {'attributes': {lit(n): attribute(a) for n, a in nf['Attributes'][2]},
                                  'nesting_mode': lit(nf['NestingMode'])}
        elif k in ('Optional', 'Required', 'Computed', 'Sensitive', 'WriteOnly'):
            out[{'WriteOnly': 'write_only'}.get(k, k.lower())] = lit(v)
        else:
            raise ValueError('attribute field ' + k)
    return out


def block(e):
    if e[0] == 'addr':
        e = e[1]
    f = fields(e)
    out = {}
    for k, v in f.items():
        if k == 'Attributes':
            out['attributes'] = {lit(n): attribute(a) for n, a in v[2]}
        elif k == 'BlockTypes':
            bts = {}
            for n, bt in v[2]:
                bf = fields(bt[1] if bt[0] == 'addr' else bt)
                bts[lit(n)] = {'nesting_mode': lit(bf['NestingMode']), 'block': block(bf['Block'])}
            out['block_types'] = bts
        else:
            raise ValueError('block field ' + k)
    return out


def schema_json(obj):
    return cpp_str(json.dumps(obj, separators=(',', ':'), sort_keys=True))


# --- structured.Change -> Input ---------------------------------------------------
def paths(e):
    if e[0] == 'addr':
        e = e[1]
    if e[0] == 'call':
        if e[1] == ('id', 'attribute_path.AlwaysMatcher'):
            return None
        if e[1] == ('id', 'attribute_path.Empty'):
            return 'Paths{.propagate = %s}' % ('true' if lit(e[2][0]) else 'false')
    f = fields(e)
    ps = []
    if 'Paths' in f:
        for _, p in f['Paths'][2]:
            ps.append(cpp_str(to_json([value(s) for _, s in p[2]])))
    prop = lit(f['Propagate']) if 'Propagate' in f else False
    s = 'Paths{.paths = {%s}' % ', '.join(ps)
    if prop:
        s += ', .propagate = true'
    return s + '}'


def change(e, indent):
    f = fields(e)
    parts = []
    order = [('Before', 'before'), ('After', 'after'), ('Unknown', 'unknown'),
             ('BeforeSensitive', 'before_sensitive'), ('AfterSensitive', 'after_sensitive')]
    for go, c in order:
        if go in f:
            v = value(f[go])
            if v is None:
                continue
            parts.append('.%s = %s' % (c, cpp_str(to_json(v))))
    for go, c in (('BeforeExplicit', 'before_explicit'), ('AfterExplicit', 'after_explicit')):
        if go in f and lit(f[go]):
            parts.append('.%s = true' % c)
    if 'ReplacePaths' in f:
        parts.append('.replace_paths = ' + paths(f['ReplacePaths']))
    if 'RelevantAttributes' in f:
        p = paths(f['RelevantAttributes'])
        if p is not None:
            parts.append('.relevant_attributes = ' + p)
    known = {'Before', 'After', 'Unknown', 'BeforeSensitive', 'AfterSensitive', 'BeforeExplicit',
             'AfterExplicit', 'ReplacePaths', 'RelevantAttributes'}
    for k in f:
        if k not in known:
            raise ValueError('change field ' + k)
    pad = ' ' * indent
    return 'Input{' + (',\n' + pad + '      ').join(parts) + '}'


# --- validators -> expectations -------------------------------------------------
def named(e, indent):
    if e == ('lit', None):
        return '{}'
    pad = ' ' * (indent + 2)
    items = ['{%s, %s}' % (cpp_str(lit(k)), validator(v, indent + 2)) for k, v in e[2]]
    if not items:
        return '{}'
    return '{\n' + ',\n'.join(pad + i for i in items) + '}'


def listv(e, indent):
    if e == ('lit', None):
        return '{}'
    pad = ' ' * (indent + 2)
    items = [validator(v, indent + 2) for _, v in e[2]]
    if not items:
        return '{}'
    return '{\n' + ',\n'.join(pad + i for i in items) + '}'


def action(e):
    return ACTIONS[e[1]]


def boolean(e):
    return 'true' if lit(e) else 'false'


def validator(e, indent=0):
    if e == ('lit', None):
        return 'Diff{}'
    assert e[0] == 'call', e
    fn = e[1][1]
    a = e[2]
    if fn == 'renderers.ValidatePrimitive':
        return 'ExpectPrimitive(%s, %s, %s, %s)' % (json_arg(a[0]), json_arg(a[1]), action(a[2]), boolean(a[3]))
    if fn in ('renderers.ValidateObject', 'renderers.ValidateNestedObject', 'renderers.ValidateMap'):
        name = {'renderers.ValidateObject': 'ExpectObject', 'renderers.ValidateNestedObject': 'ExpectNestedObject',
                'renderers.ValidateMap': 'ExpectMap'}[fn]
        return '%s(%s, %s, %s)' % (name, named(a[0], indent), action(a[1]), boolean(a[2]))
    if fn in ('renderers.ValidateList', 'renderers.ValidateNestedList', 'renderers.ValidateSet'):
        name = {'renderers.ValidateList': 'ExpectList', 'renderers.ValidateNestedList': 'ExpectNestedList',
                'renderers.ValidateSet': 'ExpectSet'}[fn]
        return '%s(%s, %s, %s)' % (name, listv(a[0], indent), action(a[1]), boolean(a[2]))
    if fn == 'renderers.ValidateSensitive':
        return 'ExpectSensitive(%s, %s, %s, %s, %s)' % (validator(a[0], indent + 2), boolean(a[1]), boolean(a[2]),
                                                       action(a[3]), boolean(a[4]))
    if fn == 'renderers.ValidateUnknown':
        return 'ExpectUnknown(%s, %s, %s)' % (validator(a[0], indent + 2), action(a[1]), boolean(a[2]))
    if fn == 'renderers.ValidateTypeChange':
        return 'ExpectTypeChange(%s, %s, %s, %s)' % (validator(a[0], indent + 2), validator(a[1], indent + 2),
                                                    action(a[2]), boolean(a[3]))
    if fn == 'renderers.ValidateBlock':
        groups = []
        pad = ' ' * (indent + 2)
        for arg, kind in ((a[1], 'single'), (a[2], 'list'), (a[3], 'map'), (a[4], 'set')):
            if arg == ('lit', None):
                continue
            for k, v in arg[2]:
                if kind == 'single':
                    groups.append('SingleBlock(%s, %s)' % (cpp_str(lit(k)), validator(v, indent + 4)))
                elif kind == 'map':
                    groups.append('MapBlocks(%s, %s)' % (cpp_str(lit(k)), named(v, indent + 4)))
                else:
                    fn2 = 'ListBlocks' if kind == 'list' else 'SetBlocks'
                    groups.append('%s(%s, %s)' % (fn2, cpp_str(lit(k)), listv(v, indent + 4)))
        g = '{}' if not groups else '{\n' + ',\n'.join(pad + x for x in groups) + '}'
        return 'ExpectBlock(%s,\n%s%s, %s, %s)' % (named(a[0], indent), pad, g, action(a[5]), boolean(a[6]))
    raise ValueError('unsupported validator %s' % fn)


# --- tables ---------------------------------------------------------------------------
def table(src, fn):
    body = goparse.extract_function(src, fn).replace('interface{}', 'any')
    m = re.search(r'\ttcs := map\[string\]struct \{\n.*?\n\t\}\{\n', body, re.S)
    toks = goparse.tokenize(body[m.end() - 2:])
    p = goparse.Parser(toks)
    comp = p.parse_composite_body(None)
    # Designated initializers follow the declaration order of the struct.
    order = re.findall(r'^\t\t(\w+) ', m.group(0), re.M)
    return [(lit(k), sorted(fields(v).items(), key=lambda kv: order.index(kv[0]))) for k, v in comp[2]]


def setdiff_entry(e, indent):
    f = fields(e)
    parts = []
    if 'SingleDiff' in f:
        parts.append('.single_diff = ' + validator(f['SingleDiff'], indent))
    if 'ObjectDiff' in f:
        parts.append('.object_diff = ' + named(f['ObjectDiff'], indent))
    if 'Action' in f:
        parts.append('.action = ' + action(f['Action']))
    if 'Replace' in f and lit(f['Replace']):
        parts.append('.replace = true')
    return 'SetDiffEntry{' + ', '.join(parts) + '}'


def emit_field(k, v, indent):
    """Generic conversion by field name."""
    if k == 'input':
        return change(v, indent)
    if k in ('block',):
        return schema_json(block(v))
    if k == 'attribute':
        if v[0] in ('addr', 'comp'):
            return schema_json(attribute(v))
        return schema_json(cty(v))
    if k == 'attributes':
        return '{' + ', '.join('{%s, %s}' % (cpp_str(lit(n)), schema_json(cty(t))) for n, t in v[2]) + '}'
    if k in ('before', 'after'):
        return json_arg(v)
    if k in ('validateAction',):
        return action(v)
    if k in ('validateReplace',):
        return boolean(v)
    if k in ('validateDiffs',):
        return named(v, indent)
    if k in ('validateSliceDiffs', 'validateSetDiffs', 'validateSet') and v[0] == 'comp' and v[1][0] == 'slice':
        return 'std::vector<Diff>' + listv(v, indent)
    if k == 'validateSetDiffs':
        f = fields(v[1])
        return 'SetDiff{.before = %s,\n%s.after = %s}' % (setdiff_entry(f['Before'], indent + 2), ' ' * (indent + 8),
                                                        setdiff_entry(f['After'], indent + 2))
    return validator(v, indent)


def snake(name):
    return re.sub(r'([A-Z])', lambda m: '_' + m.group(1).lower(), name)


def main():
    src = open(sys.argv[1]).read()
    for name, f in table(src, sys.argv[2]):
        print('      {.name = %s,' % cpp_str(name))
        items = f
        for i, (k, v) in enumerate(items):
            end = '},' if i == len(items) - 1 else ','
            print('       .%s = %s%s' % (snake(k), emit_field(k, v, 8), end))


if __name__ == '__main__':
    main()
