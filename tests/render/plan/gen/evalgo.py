"""Evaluates plan_test.go's parsed Go expressions into cty values, schemas and
test-case records."""
import cty
from cty import Val


class Attribute:
    def __init__(self, **kw):
        self.type = kw.get('Type')
        self.nested = kw.get('NestedType')
        self.optional = kw.get('Optional', False)
        self.computed = kw.get('Computed', False)
        self.required = kw.get('Required', False)
        self.sensitive = kw.get('Sensitive', False)
        self.write_only = kw.get('WriteOnly', False)
        self.deprecated = kw.get('Deprecated', False)

    def implied_type(self):
        if self.nested is not None:
            return self.nested.spec_type()
        return self.type

    def contains_sensitive(self):
        return self.sensitive or (self.nested is not None and self.nested.contains_sensitive())

    def to_json(self):
        j = {}
        if self.type is not None:
            j['type'] = cty.type_json(self.type)
        if self.nested is not None:
            j['nested_type'] = self.nested.to_json()
        for flag, name in ((self.deprecated, 'deprecated'), (self.required, 'required'),
                           (self.optional, 'optional'), (self.computed, 'computed'),
                           (self.sensitive, 'sensitive'), (self.write_only, 'write_only')):
            if flag:
                j[name] = True
        return j


class Object:
    def __init__(self, **kw):
        self.attributes = kw.get('Attributes') or {}
        self.nesting = kw.get('Nesting')

    def spec_type(self):
        ot = cty.Object({n: a.implied_type() for n, a in self.attributes.items()})
        return {'single': ot, 'group': ot, 'list': cty.List(ot), 'map': cty.Map(ot),
                'set': cty.Set(ot)}[self.nesting]

    def contains_sensitive(self):
        return any(a.contains_sensitive() for a in self.attributes.values())

    def to_json(self):
        j = {}
        if self.attributes:
            j['attributes'] = {n: a.to_json() for n, a in sorted(self.attributes.items())}
        j['nesting_mode'] = self.nesting
        return j

    def sensitive_paths(self, val, base):
        ret = []
        if val.null or not val.known:
            return ret
        for name, a in sorted(self.attributes.items()):
            if not a.contains_sensitive():
                continue
            if self.nesting in ('single', 'group'):
                p = base + (('attr', name),)
                if a.sensitive:
                    ret.append(p)
                else:
                    ret.extend(a.nested.sensitive_paths(val.v[name], p))
            else:
                for step, ev in cty._child_steps(val):
                    p = base + (step, ('attr', name))
                    if a.sensitive:
                        ret.append(p)
                    else:
                        av = ev.v[name] if ev.known and not ev.null else ev
                        ret.extend(a.nested.sensitive_paths(av, p))
        return ret


class NestedBlock:
    def __init__(self, **kw):
        self.block = kw.get('Block') or Block()
        self.nesting = kw.get('Nesting')
        self.min_items = kw.get('MinItems', 0)
        self.max_items = kw.get('MaxItems', 0)

    def to_json(self):
        j = {'nesting_mode': self.nesting, 'block': self.block.to_json()}
        if self.min_items:
            j['min_items'] = self.min_items
        if self.max_items:
            j['max_items'] = self.max_items
        return j


class Block:
    def __init__(self, **kw):
        self.attributes = kw.get('Attributes') or {}
        self.block_types = kw.get('BlockTypes') or {}

    def implied_type(self):
        attrs = {n: a.implied_type() for n, a in self.attributes.items()}
        for n, bt in self.block_types.items():
            child = bt.block.implied_type()
            if bt.nesting in ('single', 'group'):
                attrs[n] = child
            elif bt.nesting == 'list':
                attrs[n] = cty.DYNAMIC if cty.has_dynamic(child) else cty.List(child)
            elif bt.nesting == 'map':
                attrs[n] = cty.DYNAMIC if cty.has_dynamic(child) else cty.Map(child)
            elif bt.nesting == 'set':
                attrs[n] = cty.Set(child)
            else:
                raise ValueError(bt.nesting)
        return cty.Object(attrs)

    def ImpliedType(self):
        return self.implied_type()

    def contains_sensitive(self):
        return (any(a.contains_sensitive() for a in self.attributes.values())
                or any(bt.block.contains_sensitive() for bt in self.block_types.values()))

    def to_json(self):
        j = {}
        if self.attributes:
            j['attributes'] = {n: a.to_json() for n, a in sorted(self.attributes.items())}
        if self.block_types:
            j['block_types'] = {n: b.to_json() for n, b in sorted(self.block_types.items())}
        return j

    def sensitive_paths(self, val, base=()):
        ret = []
        if val.null or not val.known:
            return ret
        for name, a in sorted(self.attributes.items()):
            if a.sensitive:
                ret.append(base + (('attr', name),))
        for name, a in sorted(self.attributes.items()):
            if a.nested is None or not a.nested.contains_sensitive():
                continue
            ret.extend(a.nested.sensitive_paths(val.v[name], base + (('attr', name),)))
        for name, bt in sorted(self.block_types.items()):
            if not bt.block.contains_sensitive():
                continue
            bv = val.v[name]
            if bv.null or not bv.known:
                continue
            p = base + (('attr', name),)
            if bt.nesting in ('single', 'group'):
                ret.extend(bt.block.sensitive_paths(bv, p))
            else:
                for step, ev in cty._child_steps(bv):
                    ret.extend(bt.block.sensitive_paths(ev, p + (step,)))
        return ret


# --- test schemas from the bottom of plan_test.go ---------------------------

def _disk_attr(nesting):
    return Attribute(NestedType=Object(Attributes={
        'mount_point': Attribute(Type=cty.STRING, Optional=True),
        'size': Attribute(Type=cty.STRING, Optional=True)}, Nesting=nesting))


def _volume_block(nesting, plus=False):
    attrs = {'volume_type': Attribute(Type=cty.STRING, Optional=True, Computed=True)}
    if plus:
        attrs['new_field'] = Attribute(Type=cty.STRING, Optional=True, Computed=True)
    return NestedBlock(Block=Block(Attributes=attrs), Nesting=nesting)


def test_schema(nesting, plus=False):
    disk = 'disk' if nesting == 'single' else 'disks'
    b = Block(Attributes={
        'id': Attribute(Type=cty.STRING, Optional=True, Computed=True),
        'ami': Attribute(Type=cty.STRING, Optional=True),
        disk: _disk_attr(nesting)},
        BlockTypes={'root_block_device': _volume_block(nesting, plus)})
    b.helper = ('testSchemaPlus' if plus else 'testSchema', nesting)
    return b


def test_schema_sensitive(nesting):
    d = _disk_attr(nesting)
    d.sensitive = True
    b = Block(Attributes={
        'id': Attribute(Type=cty.STRING, Optional=True, Computed=True),
        'ami': Attribute(Type=cty.STRING, Optional=True),
        'disks': d})
    b.helper = ('testSchemaSensitive', nesting)
    return b


def test_schema_multiple_blocks(nesting):
    b = Block(Attributes={
        'id': Attribute(Type=cty.STRING, Optional=True, Computed=True),
        'ami': Attribute(Type=cty.STRING, Optional=True),
        'disks': _disk_attr(nesting)},
        BlockTypes={'root_block_device': _volume_block(nesting),
                    'leaf_block_device': _volume_block(nesting)})
    b.helper = ('testSchemaMultipleBlocks', nesting)
    return b


# --- addresses ------------------------------------------------------------

class Resource:
    def __init__(self, mode, type_, name, key=None, module=()):
        self.mode, self.type, self.name, self.key, self.module = mode, type_, name, key, module

    def Instance(self, key):
        return Resource(self.mode, self.type, self.name, key, self.module)

    def Absolute(self, module):
        return Resource(self.mode, self.type, self.name, self.key, tuple(module))

    def __str__(self):
        s = ''.join('module.%s%s' % (n, key_text(k)) + '.' for n, k in self.module)
        if self.mode == 'data':
            s += 'data.'
        return s + '%s.%s%s' % (self.type, self.name, key_text(self.key))


def key_text(k):
    if k is None:
        return ''
    if k == '*':
        return '[*]'
    if isinstance(k, int):
        return '[%d]' % k
    return '[%s]' % cty.go_json_string(k)


class Module(tuple):
    def Child(self, name, key):
        return Module(self + ((name, key),))


NAMES = {
    'cty.String': cty.STRING, 'cty.Number': cty.NUMBER, 'cty.Bool': cty.BOOL,
    'cty.DynamicPseudoType': cty.DYNAMIC, 'cty.EmptyObject': cty.EMPTY_OBJECT,
    'cty.EmptyObjectVal': cty.ObjectVal({}), 'cty.EmptyTupleVal': cty.TupleVal([]),
    'cty.True': cty.BoolVal(True), 'cty.False': cty.BoolVal(False),
    'cty.NilVal': None,
    'configschema.NestingSingle': 'single', 'configschema.NestingGroup': 'group',
    'configschema.NestingList': 'list', 'configschema.NestingSet': 'set',
    'configschema.NestingMap': 'map',
    'addrs.ManagedResourceMode': 'managed', 'addrs.DataResourceMode': 'data',
    'addrs.NoKey': None, 'addrs.WildcardKey': '*', 'addrs.RootModuleInstance': Module(),
    'marks.Sensitive': 'sensitive',
}
for a in ('NoOp', 'Create', 'Read', 'Update', 'DeleteThenCreate', 'CreateThenDelete', 'Delete',
          'Forget', 'CreateThenForget'):
    NAMES['plans.' + a] = a
REASONS = {
    'ResourceInstanceChangeNoReason': '',
    'ResourceInstanceReplaceBecauseCannotUpdate': 'replace_because_cannot_update',
    'ResourceInstanceReplaceBecauseTainted': 'replace_because_tainted',
    'ResourceInstanceReplaceByRequest': 'replace_by_request',
    'ResourceInstanceReplaceByTriggers': 'replace_by_triggers',
    'ResourceInstanceDeleteBecauseNoResourceConfig': 'delete_because_no_resource_config',
    'ResourceInstanceDeleteBecauseWrongRepetition': 'delete_because_wrong_repetition',
    'ResourceInstanceDeleteBecauseCountIndex': 'delete_because_count_index',
    'ResourceInstanceDeleteBecauseEachKey': 'delete_because_each_key',
    'ResourceInstanceDeleteBecauseNoModule': 'delete_because_no_module',
    'ResourceInstanceDeleteBecauseNoMoveTarget': 'delete_because_no_move_target',
    'ResourceInstanceReadBecauseConfigUnknown': 'read_because_config_unknown',
    'ResourceInstanceReadBecauseDependencyPending': 'read_because_dependency_pending',
    'ResourceInstanceReadBecauseCheckNested': 'read_because_check_nested',
}
for k, v in REASONS.items():
    NAMES['plans.' + k] = ('reason', v)


class Path(tuple):
    def GetAttr(self, name):
        return Path(self + (('attr', name),))

    def IndexInt(self, i):
        return Path(self + (('index', cty.NumberVal(i)),))

    def IndexString(self, s):
        return Path(self + (('index', cty.StringVal(s)),))

    def Index(self, v):
        return Path(self + (('index', v),))


FUNCS = {
    'cty.StringVal': cty.StringVal,
    'cty.NumberIntVal': cty.NumberVal,
    'cty.NumberFloatVal': cty.NumberVal,
    'cty.BoolVal': cty.BoolVal,
    'cty.ObjectVal': cty.ObjectVal,
    'cty.ListVal': cty.ListVal,
    'cty.SetVal': cty.SetVal,
    'cty.MapVal': cty.MapVal,
    'cty.TupleVal': cty.TupleVal,
    'cty.NullVal': cty.Null,
    'cty.UnknownVal': cty.Unknown,
    'cty.ListValEmpty': cty.ListValEmpty,
    'cty.SetValEmpty': cty.SetValEmpty,
    'cty.MapValEmpty': cty.MapValEmpty,
    'cty.List': cty.List, 'cty.Set': cty.Set, 'cty.Map': cty.Map,
    'cty.Object': cty.Object, 'cty.Tuple': cty.Tuple,
    'cty.GetAttrPath': lambda n: Path((('attr', n),)),
    'cty.IndexIntPath': lambda i: Path((('index', cty.NumberVal(i)),)),
    'cty.NewPathSet': lambda *ps: [Path(p) for p in ps],
    'states.DeposedKey': lambda s: s,
    'addrs.IntKey': lambda i: int(i),
    'addrs.StringKey': lambda s: str(s),
    'testSchema': test_schema,
    'testSchemaPlus': lambda n: test_schema(n, plus=True),
    'testSchemaSensitive': test_schema_sensitive,
    'testSchemaMultipleBlocks': test_schema_multiple_blocks,
}

STRUCTS = {
    'configschema.Block': Block, 'configschema.Attribute': Attribute,
    'configschema.NestedBlock': NestedBlock, 'configschema.Object': Object,
}


class Evaluator:
    def __init__(self, env=None):
        self.env = dict(env or {})

    def ev(self, node, hint=None):
        kind = node[0]
        if kind == 'lit':
            return node[1]
        if kind == 'id':
            name = node[1]
            if name in self.env:
                return self.env[name]
            if name in NAMES:
                return NAMES[name]
            raise KeyError(name)
        if kind == 'addr':
            return self.ev(node[1], hint)
        if kind == 'neg':
            return -self.ev(node[1])
        if kind == 'call':
            fn = node[1]
            if fn[0] == 'id':
                args = [self.ev(a) for a in node[2]]
                if fn[1] in FUNCS:
                    return FUNCS[fn[1]](*args)
                base, _, method = fn[1].rpartition('.')
                return getattr(self.ev(('id', base)), method)(*args)
            if fn[0] == 'sel':
                recv = self.ev(fn[1])
                args = [self.ev(a) for a in node[2]]
                if fn[2] == 'Mark':
                    raise ValueError('marked values are not supported by runTestCases')
                return getattr(recv, fn[2])(*args)
            raise ValueError(fn)
        if kind == 'comp':
            return self.composite(node[1] or hint, node[2])
        raise ValueError(node)

    def composite(self, typ, elems):
        if typ is None:
            raise ValueError('untyped composite')
        if typ[0] == 'ptr':
            return self.composite(typ[1], elems)
        if typ[0] == 'map':
            return {self.ev(k): self.ev(v, typ[2]) for k, v in elems}
        if typ[0] == 'slice':
            return [self.ev(v, typ[1]) for _, v in elems]
        name = typ[1]
        if name == 'cty.Path':
            return Path(self.ev(v) for _, v in elems)
        if name == 'cty.GetAttrStep':
            fields = self.fields(elems)
            return ('attr', fields['Name'])
        if name == 'cty.IndexStep':
            fields = self.fields(elems)
            return ('index', fields['Key'])
        if name in STRUCTS:
            return STRUCTS[name](**self.fields(elems, name))
        if name == 'addrs.Resource':
            f = self.fields(elems)
            return Resource(f['Mode'], f['Type'], f['Name'])
        if name == 'testCase':
            return self.fields(elems)
        raise ValueError('unknown composite type %r' % (typ,))

    FIELD_HINTS = {
        ('configschema.Block', 'Attributes'): ('map', ('named', 'string'), ('ptr', ('named', 'configschema.Attribute'))),
        ('configschema.Block', 'BlockTypes'): ('map', ('named', 'string'), ('ptr', ('named', 'configschema.NestedBlock'))),
        ('configschema.Object', 'Attributes'): ('map', ('named', 'string'), ('ptr', ('named', 'configschema.Attribute'))),
    }

    def fields(self, elems, struct=None):
        out = {}
        for k, v in elems:
            assert k is not None and k[0] == 'id', k
            out[k[1]] = self.ev(v, self.FIELD_HINTS.get((struct, k[1])))
        return out
