"""Generates tests/render/plan/*_test.cc from plan_test.go's runTestCases
tables."""
import os
import re
import sys

import cty
import goparse
import jsonplan
from evalgo import Evaluator

SRC = open('/tmp/plan_test.go').read()
OUT = sys.argv[1] if len(sys.argv) > 1 else '/tmp/port/out'
WIDTH = 110
MAX_LINES = 560

FUNCS = [
    ('TestResourceChange_primitiveTypes', 'resource_change_primitive_types'),
    ('TestResourceChange_JSON', 'resource_change_json'),
    ('TestResourceChange_listObject', 'resource_change_list_object'),
    ('TestResourceChange_primitiveList', 'resource_change_primitive_list'),
    ('TestResourceChange_primitiveTuple', 'resource_change_primitive_tuple'),
    ('TestResourceChange_primitiveSet', 'resource_change_primitive_set'),
    ('TestResourceChange_map', 'resource_change_map'),
    ('TestResourceChange_nestedList', 'resource_change_nested_list'),
    ('TestResourceChange_nestedSet', 'resource_change_nested_set'),
    ('TestResourceChange_nestedMap', 'resource_change_nested_map'),
    ('TestResourceChange_nestedSingle', 'resource_change_nested_single'),
    ('TestResourceChange_nestedMapSensitiveSchema', 'resource_change_nested_map_sensitive_schema'),
    ('TestResourceChange_nestedListSensitiveSchema', 'resource_change_nested_list_sensitive_schema'),
    ('TestResourceChange_nestedSetSensitiveSchema', 'resource_change_nested_set_sensitive_schema'),
    ('TestResourceChange_actionReason', 'resource_change_action_reason'),
    ('TestResourceChange_sensitiveVariable', 'resource_change_sensitive_variable'),
    ('TestResourceChange_writeOnlyAttributes', 'resource_change_write_only_attributes'),
    ('TestResourceChange_moved', 'resource_change_moved'),
]


def case_names_in_order(body):
    """Case names in source order (the parser's dict keeps it too; this is a
    cross-check)."""
    return re.findall(r'^\t\t"((?:[^"\\]|\\.)*)": \{', body, re.M)


def cpp_string_literal(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def raw(s, tag):
    assert (')' + tag + '"') not in s, s
    return 'R"' + tag + '(' + s + ')' + tag + '"'


def format_rc(rc, indent):
    """The resource change object: identity fields packed on few lines, the
    change object wrapped."""
    pad = ' ' * (indent + 2)
    lines = []
    cur = ''
    scalars = [(k, v) for k, v in rc.items() if k not in ('change',)]
    parts = [cty.go_json_string(k) + ': ' + cty.dumps_compact(v) for k, v in scalars if k != 'action_reason']
    for p in parts:
        cand = (cur + ', ' + p) if cur else p
        if len(pad) + len(cand) + 1 > WIDTH and cur:
            lines.append(pad + cur + ',')
            cur = p
        else:
            cur = cand
    if cur:
        lines.append(pad + cur + ',')
    tail = [k for k in rc if k == 'action_reason']
    ch = rc['change']
    prefix = '"change": '
    comma = ',' if tail else ''
    lines.append(pad + prefix + format_change(ch, indent + 2, len(pad) + len(prefix)) + comma)
    for k in tail:
        lines.append(pad + cty.go_json_string(k) + ': ' + cty.dumps_compact(rc[k]))
    return '{\n' + '\n'.join(lines) + '\n' + ' ' * indent + '}'


def format_change(ch, indent, col):
    flat = cty.dumps_compact(ch)
    if col + len(flat) <= WIDTH:
        return flat
    pad = ' ' * (indent + 2)
    items = list(ch.items())
    lines = []
    for i, (k, v) in enumerate(items):
        prefix = cty.go_json_string(k) + ': '
        comma = ',' if i + 1 < len(items) else ''
        lines.append(pad + prefix + cty.dumps_wrapped(v, indent + 2, WIDTH - len(comma),
                                                      indent + 2 + len(prefix)) + comma)
    return '{\n' + '\n'.join(lines) + '\n' + ' ' * indent + '}'


def schema_ref(schema, shared):
    helper = getattr(schema, 'helper', None)
    if helper:
        fn, nesting = helper
        name = 'k' + fn[0].upper() + fn[1:] + nesting.capitalize()
        shared[name] = schema
        return name, None
    return None, cty.dumps_wrapped(schema.to_json(), 4, WIDTH, 4 + len('const char* schema = R"json('))


def emit_section(name, tc, shared):
    rc = jsonplan.marshal_change(tc)
    out = []
    out.append('  SECTION(%s) {' % cpp_string_literal(name))
    out.append('    const char* change = ' + raw(format_rc(rc, 4), 'json') + ';')
    ref, text = schema_ref(tc['Schema'], shared)
    schema_expr = ref
    if ref is None:
        out.append('    const char* schema = ' + raw(text, 'json') + ';')
        schema_expr = 'schema'
    out.append('    const char* expected = %s;' % raw(tc['ExpectedOutput'], 'txt'))
    out.append('    CHECK(RenderResourceBlock(change, %s) == expected);' % schema_expr)
    out.append('  }')
    return '\n'.join(out)


HEADER = '''\
// Ported from %(func)s in Terraform's
// internal/command/jsonformat/plan_test.go @883c722%(part)s.
//
// Each SECTION is one upstream case. Its input is the resource_changes element
// jsonplan.MarshalResourceChanges writes for the case's cty values, sensitive
// paths and schema (with the schema's own sensitive attributes reported in
// before_sensitive/after_sensitive, and unknowns as after_unknown); the
// schema is the provider-schema JSON jsonprovider would write. The expected
// text is renderHumanDiff's, copied unchanged.
#include <catch2/catch.hpp>

#include "render/plan/plan_test_schemas.h"
#include "support/render_support.h"

namespace {

using tfstream::testing::RenderResourceBlock;
%(using)s
}  // namespace

'''


def generate():
    os.makedirs(OUT, exist_ok=True)
    shared = {}
    total = 0
    report = []
    for func, stem in FUNCS:
        body = goparse.extract_function(SRC, func)
        env = {}
        cases = None
        for var, node in goparse.parse_assignments(body):
            val = Evaluator(env).ev(node, ('map', ('named', 'string'), ('named', 'testCase'))
                                    if var == 'testCases' else None)
            env[var] = val
            if var == 'testCases':
                cases = val
        names = case_names_in_order(body)
        assert names == list(cases), (func, names, list(cases))
        sections = []
        for name in names:
            local_shared = {}
            try:
                sections.append((emit_section(name, cases[name], local_shared), local_shared))
            except Exception as e:
                raise RuntimeError('%s / %s: %s' % (func, name, e)) from e
            shared.update(local_shared)
        total += len(sections)
        # Split into files of at most MAX_LINES lines.
        files = []
        cur, cur_lines = [], 0
        for text, used in sections:
            n = text.count('\n') + 2
            if cur and cur_lines + n > MAX_LINES:
                files.append(cur)
                cur, cur_lines = [], 0
            cur.append((text, used))
            cur_lines += n
        files.append(cur)
        for i, chunk in enumerate(files):
            part = '' if len(files) == 1 else ' (part %d of %d)' % (i + 1, len(files))
            fname = stem + ('' if len(files) == 1 else '_%d' % (i + 1)) + '_test.cc'
            used = sorted({k for _, u in chunk for k in u})
            using = ''.join('using tfstream::testing::plan::%s;\n' % u for u in used)
            test_name = func + part
            text = HEADER % {'func': func, 'part': part, 'using': using}
            text += 'TEST_CASE(%s, "[plan]") {\n' % cpp_string_literal(test_name)
            text += '\n\n'.join(t for t, _ in chunk)
            text += '\n}\n'
            if not used:
                text = text.replace('#include "render/plan/plan_test_schemas.h"\n', '')
            open(os.path.join(OUT, fname), 'w').write(text)
            report.append((fname, len(chunk), text.count('\n')))
    # Shared schemas header.
    hdr = ['// The schemas plan_test.go builds with testSchema, testSchemaPlus,',
           '// testSchemaSensitive and testSchemaMultipleBlocks (jsonformat @883c722),',
           '// as the provider-schema block JSON jsonprovider writes for them.',
           '#pragma once', '', 'namespace tfstream::testing::plan {', '']
    for name in sorted(shared):
        s = shared[name]
        fn, nesting = s.helper
        hdr.append('// %s(configschema.Nesting%s)' % (fn, nesting.capitalize()))
        hdr.append('inline constexpr const char* %s = %s;' % (
            name, raw(cty.dumps_wrapped(s.to_json(), 0, 100), 'json')))
        hdr.append('')
    hdr.append('}  // namespace tfstream::testing::plan')
    open(os.path.join(OUT, 'plan_test_schemas.h'), 'w').write('\n'.join(hdr) + '\n')
    for r in report:
        print(*r)
    print('total cases', total)


if __name__ == '__main__':
    generate()
