"""Just enough of go-cty (v1.18.1) and Terraform's jsonplan marshaling to turn
plan_test.go's cty values into the JSON Terraform would have produced."""
import json
import zlib
from decimal import Decimal
from fractions import Fraction

STRING, NUMBER, BOOL, DYNAMIC = 'string', 'number', 'bool', 'dynamic'


def List(t): return ('list', t)
def Set(t): return ('set', t)
def Map(t): return ('map', t)
def Object(attrs): return ('object', tuple(sorted(attrs.items())))
def Tuple(ts): return ('tuple', tuple(ts))


EMPTY_OBJECT = Object({})


def is_primitive(t): return t in (STRING, NUMBER, BOOL)
def obj_attrs(t): return dict(t[1])


def type_json(t):
    if isinstance(t, str):
        return t
    k = t[0]
    if k in ('list', 'set', 'map'):
        return [k, type_json(t[1])]
    if k == 'object':
        return ['object', {n: type_json(a) for n, a in t[1]}]
    if k == 'tuple':
        return ['tuple', [type_json(a) for a in t[1]]]
    raise ValueError(t)


def has_dynamic(t):
    if t == DYNAMIC:
        return True
    if isinstance(t, str):
        return False
    if t[0] in ('list', 'set', 'map'):
        return has_dynamic(t[1])
    if t[0] == 'object':
        return any(has_dynamic(a) for _, a in t[1])
    if t[0] == 'tuple':
        return any(has_dynamic(a) for a in t[1])
    return False


class Val:
    __slots__ = ('ty', 'known', 'null', 'v')

    def __init__(self, ty, v=None, known=True, null=False):
        self.ty, self.v, self.known, self.null = ty, v, known, null

    def __repr__(self):
        if not self.known:
            return 'Unknown(%r)' % (self.ty,)
        if self.null:
            return 'Null(%r)' % (self.ty,)
        return 'Val(%r, %r)' % (self.ty, self.v)

    def kind(self):
        return self.ty if isinstance(self.ty, str) else self.ty[0]

    def elements(self):
        """(key, value) pairs in cty iteration order."""
        k = self.kind()
        if k in ('list', 'set', 'tuple'):
            return list(enumerate(self.v)) if k != 'set' else [(e, e) for e in self.v]
        if k in ('map', 'object'):
            return sorted(self.v.items())
        raise ValueError(k)

    def wholly_known(self):
        if not self.known:
            return False
        if self.null or is_primitive(self.ty) or self.ty == DYNAMIC:
            return True
        return all(e.wholly_known() for _, e in self.elements())


def Null(t): return Val(t, null=True)
def Unknown(t): return Val(t, known=False)
def StringVal(s): return Val(STRING, s)
def NumberVal(n): return Val(NUMBER, Fraction(n) if not isinstance(n, float) else Fraction(Decimal(repr(n))))
def BoolVal(b): return Val(BOOL, bool(b))


def ObjectVal(attrs):
    return Val(Object({k: v.ty for k, v in attrs.items()}), dict(attrs))


def TupleVal(elems):
    return Val(Tuple([e.ty for e in elems]), list(elems))


def _elem_type(elems):
    t = DYNAMIC
    for e in elems:
        if t == DYNAMIC:
            t = e.ty
    return t


def ListVal(elems):
    assert elems
    return Val(List(_elem_type(elems)), list(elems))


def MapVal(m):
    assert m
    return Val(Map(_elem_type(m.values())), dict(m))


def SetVal(elems):
    assert elems
    t = _elem_type(elems)
    return Val(Set(t), set_normalize(list(elems), t))


def ListValEmpty(t): return Val(List(t), [])
def SetValEmpty(t): return Val(Set(t), [])
def MapValEmpty(t): return Val(Map(t), {})


# --- equality, hashing and set order (cty/set_internals.go) ---------------

def go_quote(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == '\\':
            out.append('\\\\')
        elif ch == '\n':
            out.append('\\n')
        elif ch == '\t':
            out.append('\\t')
        elif ch == '\r':
            out.append('\\r')
        elif o < 0x20 or o == 0x7f:
            out.append('\\x%02x' % o)
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)


def number_text(f):
    # big.Float.String(): Text('g', 10).
    if f.denominator == 1 and abs(f.numerator) < 10 ** 10:
        return str(f.numerator)
    d = Decimal(f.numerator) / Decimal(f.denominator)
    s = '{:.10g}'.format(d)
    return s


def hash_bytes(val):
    if not val.known:
        return '?'
    if val.null:
        return '~'
    k = val.kind()
    if k == NUMBER:
        return number_text(val.v)
    if k == BOOL:
        return 'T' if val.v else 'F'
    if k == STRING:
        return go_quote(val.v)
    if k == 'map':
        return '{' + ''.join(hash_bytes(StringVal(key)) + ':' + hash_bytes(e) + ';'
                             for key, e in sorted(val.v.items())) + '}'
    if k in ('list', 'set'):
        return '[' + ''.join(hash_bytes(e) + ';' for e in val.v) + ']'
    if k == 'object':
        return '<' + ''.join(hash_bytes(val.v[n]) + ';' for n in sorted(val.v)) + '>'
    if k == 'tuple':
        return '<' + ''.join(hash_bytes(e) + ';' for e in val.v) + '>'
    raise ValueError(val)


def equals(a, b):
    """cty Equals; returns None when unknown."""
    if not a.known or not b.known:
        return None
    if a.null or b.null:
        return a.null and b.null
    ka, kb = a.kind(), b.kind()
    if ka != kb:
        return False
    if ka in (STRING, NUMBER, BOOL):
        return a.v == b.v
    if ka in ('list', 'tuple', 'set'):
        if len(a.v) != len(b.v):
            return False
        res = True
        for x, y in zip(a.v, b.v):
            r = equals(x, y)
            if r is False:
                return False
            if r is None:
                res = None
        return res
    if ka in ('map', 'object'):
        if set(a.v) != set(b.v):
            return False
        res = True
        for key in a.v:
            r = equals(a.v[key], b.v[key])
            if r is False:
                return False
            if r is None:
                res = None
        return res
    raise ValueError(ka)


def raw_equals(a, b):
    if a.known != b.known or a.null != b.null:
        return False
    if not a.known or a.null:
        return a.ty == b.ty
    return hash_bytes(a) == hash_bytes(b) and a.ty == b.ty


def _less(t, a, b):
    if raw_equals(a, b):
        return False
    if b.null and not a.null:
        return True
    if a.null:
        return False
    if a.known and not b.known:
        return True
    if not a.known:
        return False
    if t == STRING:
        return a.v < b.v
    if t == BOOL:
        return b.v or not a.v
    if t == NUMBER:
        return a.v < b.v
    return hash_bytes(a).encode('utf-8') < hash_bytes(b).encode('utf-8')


def set_normalize(elems, t):
    # Buckets by crc32 of the hash bytes, dedupe by Equivalent, bucket order,
    # then a stable sort with Less.
    buckets = {}
    for e in elems:
        h = zlib.crc32(hash_bytes(e).encode('utf-8'))
        # Go's int(uint32) is non-negative on 64-bit platforms.
        b = buckets.setdefault(h, [])
        if any(equals(e, x) is True for x in b):
            continue
        b.append(e)
    ordered = []
    for h in sorted(buckets):
        ordered.extend(buckets[h])
    # Stable insertion sort to honour a non-total Less exactly as
    # sort.SliceStable would for our small inputs.
    import functools

    def cmp(a, b):
        if _less(t, a, b):
            return -1
        if _less(t, b, a):
            return 1
        return 0
    return sorted(ordered, key=functools.cmp_to_key(cmp))


# --- conversion (cty/convert, as msgpack.Marshal applies it) --------------

def number_from_string(s):
    return Fraction(Decimal(s))


def convert(val, ty):
    if ty == DYNAMIC:
        return val
    if not val.known:
        return Unknown(ty)
    if val.null:
        return Null(ty)
    if val.ty == ty and not has_dynamic(ty):
        return val
    k = val.kind()
    tk = ty if isinstance(ty, str) else ty[0]
    if tk == STRING:
        if k == STRING:
            return val
        if k == NUMBER:
            return StringVal(number_json(val.v))
        if k == BOOL:
            return StringVal('true' if val.v else 'false')
    if tk == NUMBER:
        if k == NUMBER:
            return val
        if k == STRING:
            return Val(NUMBER, number_from_string(val.v))
    if tk == BOOL:
        if k == BOOL:
            return val
        if k == STRING and val.v in ('true', 'false'):
            return BoolVal(val.v == 'true')
    if tk in ('list', 'set') and k in ('list', 'set', 'tuple'):
        elems = [convert(e, ty[1]) for e in val.v]
        if tk == 'set':
            return Val(ty, set_normalize(elems, ty[1]))
        return Val(ty, elems)
    if tk == 'tuple' and k in ('list', 'tuple'):
        ets = ty[1]
        assert len(ets) == len(val.v), (ty, val)
        return Val(ty, [convert(e, et) for e, et in zip(val.v, ets)])
    if tk == 'map' and k in ('map', 'object'):
        return Val(ty, {key: convert(e, ty[1]) for key, e in val.v.items()})
    if tk == 'object' and k in ('object', 'map'):
        attrs = obj_attrs(ty)
        if not set(attrs) <= set(val.v):
            raise ValueError('object attributes differ: %s vs %s' % (sorted(attrs), sorted(val.v)))
        return Val(ty, {key: convert(val.v[key], at) for key, at in attrs.items()})
    raise ValueError('cannot convert %r to %r' % (val, ty))


def resolve_dynamic(val):
    """A value as msgpack's dynamic round trip gives it back: its own type."""
    return val


# --- JSON (ctyjson.Marshal) -----------------------------------------------

def number_json(f):
    # big.Float.Text('f', -1)
    if f.denominator == 1:
        return str(f.numerator)
    d = Decimal(f.numerator) / Decimal(f.denominator)
    s = format(d.normalize(), 'f')
    return s


class RawNumber:
    def __init__(self, text):
        self.text = text


def to_json(val):
    if not val.known:
        raise ValueError('unknown value in JSON')
    if val.null:
        return None
    k = val.kind()
    if k == STRING:
        return val.v
    if k == NUMBER:
        return RawNumber(number_json(val.v))
    if k == BOOL:
        return val.v
    if k in ('list', 'set', 'tuple'):
        return [to_json(e) for e in val.v]
    if k in ('map', 'object'):
        return {key: to_json(e) for key, e in sorted(val.v.items())}
    raise ValueError(val)


# --- jsonplan helpers -------------------------------------------------------

NIL = object()


def omit_unknowns(val):
    if val.null:
        return val
    if not val.known:
        return NIL
    k = val.kind()
    if is_primitive(val.ty):
        return val
    if k in ('list', 'set', 'tuple'):
        out = []
        for e in val.v:
            n = omit_unknowns(e)
            out.append(n if n is not NIL else Null(e.ty))
        return TupleVal(out) if out else Val(Tuple([]), [])
    if k in ('map', 'object'):
        out = {}
        for key, e in sorted(val.v.items()):
            n = omit_unknowns(e)
            if n is not NIL:
                out[key] = n
        return ObjectVal(out)
    raise ValueError(val)


def unknown_as_bool(val):
    if val.null:
        return False
    if not val.known:
        return True
    if is_primitive(val.ty):
        return False
    k = val.kind()
    if k in ('list', 'set', 'tuple'):
        return [unknown_as_bool(e) for e in val.v]
    if k in ('map', 'object'):
        out = {}
        for key, e in sorted(val.v.items()):
            b = unknown_as_bool(e)
            if b is not False:
                out[key] = b
        return out
    raise ValueError(val)


def step_key(step):
    kind, x = step
    if kind == 'attr':
        return ('attr', x)
    # IndexStep: compare keys by value.
    return ('index', hash_bytes(x), x.kind() if isinstance(x, Val) else None)


def path_key(path):
    return tuple(step_key(s) for s in path)


def _child_steps(val):
    k = val.kind()
    if k == 'object':
        return [(('attr', n), e) for n, e in sorted(val.v.items())]
    if k in ('list', 'tuple'):
        return [(('index', Val(NUMBER, Fraction(i))), e) for i, e in enumerate(val.v)]
    if k == 'map':
        return [(('index', StringVal(n)), e) for n, e in sorted(val.v.items())]
    if k == 'set':
        return [(('index', e), e) for e in val.v]
    return []


def _deep_marked(val, path, marked):
    if path in marked:
        return True
    if not val.known or val.null or is_primitive(val.ty) or val.ty == DYNAMIC:
        return False
    return any(_deep_marked(e, path + (step_key(s),), marked) for s, e in _child_steps(val))


def sensitive_as_bool(val, marked, path=()):
    """jsonstate.SensitiveAsBool(marks.MarkPaths(val, sensitive, paths)),
    where `marked` holds path keys. Marks inside set elements hoist to the
    set (cty.SetVal)."""
    is_marked = path in marked
    if not is_marked and val.known and not val.null and val.kind() == 'set':
        is_marked = any(_deep_marked(e, path + (step_key(s),), marked) for s, e in _child_steps(val))
    if is_marked:
        return True
    if val.null or is_primitive(val.ty) or val.ty == DYNAMIC:
        return False
    k = val.kind()
    if k in ('list', 'set', 'tuple'):
        if not val.known:
            return []
        return [sensitive_as_bool(e, marked, path + (step_key(s),)) for s, e in _child_steps(val)]
    if k in ('map', 'object'):
        if not val.known:
            return {}
        out = {}
        for s, e in _child_steps(val):
            b = sensitive_as_bool(e, marked, path + (step_key(s),))
            if b is not False:
                out[s[1] if s[0] == 'attr' else e_key(s)] = b
        return out
    raise ValueError(val)


def e_key(step):
    return step[1].v


def encode_path(path):
    out = []
    for kind, x in path:
        if kind == 'attr':
            out.append(x)
        else:
            out.append(to_json(x))
    return out


# --- JSON text ---------------------------------------------------------------

def go_json_string(s):
    # encoding/json: HTML-safe escaping, \u2028/\u2029 escaped.
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == '\\':
            out.append('\\\\')
        elif ch == '\n':
            out.append('\\n')
        elif ch == '\r':
            out.append('\\r')
        elif ch == '\t':
            out.append('\\t')
        elif o < 0x20 or ch in '<>&' or o in (0x2028, 0x2029):
            out.append('\\u%04x' % o)
        else:
            out.append(ch)
    out.append('"')
    return ''.join(out)


def dumps_compact(x):
    if x is None:
        return 'null'
    if x is True:
        return 'true'
    if x is False:
        return 'false'
    if isinstance(x, RawNumber):
        return x.text
    if isinstance(x, int):
        return str(x)
    if isinstance(x, str):
        return go_json_string(x)
    if isinstance(x, list):
        return '[' + ', '.join(dumps_compact(e) for e in x) + ']'
    if isinstance(x, dict):
        return '{' + ', '.join(go_json_string(k) + ': ' + dumps_compact(v) for k, v in x.items()) + '}'
    raise ValueError(x)


def dumps_wrapped(x, indent, width, first_col=None):
    """Pretty JSON: a value stays on one line when it fits in `width` columns
    from its starting column, otherwise its members go one per line."""
    col = indent if first_col is None else first_col
    flat = dumps_compact(x)
    if col + len(flat) <= width or not isinstance(x, (list, dict)) or not x:
        return flat
    pad = ' ' * (indent + 2)
    lines = []
    if isinstance(x, dict):
        items = list(x.items())
        for i, (k, v) in enumerate(items):
            prefix = go_json_string(k) + ': '
            comma = ',' if i + 1 < len(items) else ''
            lines.append(pad + prefix + dumps_wrapped(v, indent + 2, width - 1 if comma else width,
                                                      indent + 2 + len(prefix)) + comma)
        return '{\n' + '\n'.join(lines) + '\n' + ' ' * indent + '}'
    # Lists: pack short scalars several to a line.
    for i, v in enumerate(x):
        comma = ',' if i + 1 < len(x) else ''
        lines.append(pad + dumps_wrapped(v, indent + 2, width - 1 if comma else width) + comma)
    return '[\n' + '\n'.join(lines) + '\n' + ' ' * indent + ']'
