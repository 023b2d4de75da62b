"""A tiny parser for the Go expression subset used by plan_test.go's tables."""
import re

TOKEN_RE = re.compile(r'''
  (?P<ws>[ \t\r\n]+)
 |(?P<comment>//[^\n]*)
 |(?P<raw>`[^`]*`)
 |(?P<str>"(?:\\.|[^"\\\n])*")
 |(?P<num>\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)
 |(?P<id>[A-Za-z_][A-Za-z0-9_]*)
 |(?P<op>:=|[{}()\[\],:.&*\-=;!<>+])
''', re.X)


def go_unquote(s):
    # Interprets a Go interpreted string literal (without the quotes).
    out = []
    i = 0
    while i < len(s):
        c = s[i]
        if c != '\\':
            out.append(c)
            i += 1
            continue
        n = s[i + 1]
        i += 2
        simple = {'n': '\n', 't': '\t', 'r': '\r', '"': '"', '\\': '\\', "'": "'", 'a': '\a',
                  'b': '\b', 'f': '\f', 'v': '\v'}
        if n in simple:
            out.append(simple[n])
        elif n == 'x':
            out.append(chr(int(s[i:i + 2], 16)))
            i += 2
        elif n == 'u':
            out.append(chr(int(s[i:i + 4], 16)))
            i += 4
        elif n == 'U':
            out.append(chr(int(s[i:i + 8], 16)))
            i += 8
        else:
            raise ValueError('escape \\' + n)
    return ''.join(out)


class Tok:
    def __init__(self, kind, text, pos):
        self.kind, self.text, self.pos = kind, text, pos

    def __repr__(self):
        return '%s:%r' % (self.kind, self.text)


def tokenize(src):
    toks = []
    pos = 0
    while pos < len(src):
        m = TOKEN_RE.match(src, pos)
        if not m:
            raise SyntaxError('bad char at %d: %r' % (pos, src[pos:pos + 20]))
        kind = m.lastgroup
        text = m.group(kind)
        if kind not in ('ws', 'comment'):
            toks.append(Tok(kind, text, pos))
        pos = m.end()
    toks.append(Tok('eof', '', pos))
    return toks


class Parser:
    def __init__(self, toks, i=0):
        self.toks = toks
        self.i = i

    def peek(self, k=0):
        return self.toks[self.i + k]

    def next(self):
        t = self.toks[self.i]
        self.i += 1
        return t

    def expect(self, text):
        t = self.next()
        if t.text != text:
            raise SyntaxError('expected %r got %r at %d' % (text, t.text, t.pos))
        return t

    # Types appearing before composite literals.
    def parse_type(self):
        t = self.peek()
        if t.text == '[':
            self.next()
            self.expect(']')
            return ('slice', self.parse_type())
        if t.text == 'map':
            self.next()
            self.expect('[')
            k = self.parse_type()
            self.expect(']')
            return ('map', k, self.parse_type())
        if t.text == '*':
            self.next()
            return ('ptr', self.parse_type())
        if t.kind == 'id':
            name = self.next().text
            while self.peek().text == '.' and self.peek(1).kind == 'id':
                self.next()
                name += '.' + self.next().text
            if self.peek().text == '{' and name == 'struct':
                raise SyntaxError('struct types unsupported')
            return ('named', name)
        raise SyntaxError('type expected at %d: %r' % (t.pos, t.text))

    def parse_composite_body(self, typ):
        self.expect('{')
        elems = []
        while self.peek().text != '}':
            if self.peek().text == '{':
                v = self.parse_composite_body(None)
            else:
                v = self.parse_expr()
            if self.peek().text == ':':
                self.next()
                key = v
                if self.peek().text == '{':
                    v = self.parse_composite_body(None)
                else:
                    v = self.parse_expr()
                elems.append((key, v))
            else:
                elems.append((None, v))
            if self.peek().text == ',':
                self.next()
            elif self.peek().text != '}':
                raise SyntaxError('expected , or } at %d: %r' % (self.peek().pos, self.peek().text))
        self.expect('}')
        return ('comp', typ, elems)

    def parse_primary(self):
        t = self.peek()
        if t.text == '&':
            self.next()
            return ('addr', self.parse_expr())
        if t.text == '-':
            self.next()
            return ('neg', self.parse_primary())
        if t.text == '(':
            self.next()
            e = self.parse_expr()
            self.expect(')')
            return e
        if t.text in ('[', 'map', '*'):
            typ = self.parse_type()
            return self.parse_composite_body(typ)
        if t.kind == 'str':
            self.next()
            return ('lit', go_unquote(t.text[1:-1]))
        if t.kind == 'raw':
            self.next()
            return ('lit', t.text[1:-1].replace('\r', ''))
        if t.kind == 'num':
            self.next()
            if re.fullmatch(r'\d+', t.text):
                return ('lit', int(t.text))
            return ('lit', float(t.text))
        if t.kind == 'id':
            self.next()
            if t.text == 'true':
                return ('lit', True)
            if t.text == 'false':
                return ('lit', False)
            if t.text == 'nil':
                return ('lit', None)
            return ('id', t.text)
        raise SyntaxError('unexpected %r at %d' % (t.text, t.pos))

    def parse_expr(self):
        e = self.parse_primary()
        while True:
            t = self.peek()
            if t.text == '.' and self.peek(1).kind == 'id':
                self.next()
                name = self.next().text
                if e[0] == 'id':
                    e = ('id', e[1] + '.' + name)
                else:
                    e = ('sel', e, name)
            elif t.text == '(':
                self.next()
                args = []
                while self.peek().text != ')':
                    args.append(self.parse_expr())
                    if self.peek().text == ',':
                        self.next()
                self.expect(')')
                e = ('call', e, args)
            elif t.text == '{' and e[0] == 'id' and e[1] not in ('if', 'for', 'else'):
                e = self.parse_composite_body(('named', e[1]))
            else:
                return e


def extract_function(src, name):
    m = re.search(r'^func %s\(t \*testing\.T\) \{\n' % re.escape(name), src, re.M)
    if not m:
        raise KeyError(name)
    end = src.index('\n}\n', m.end())
    return src[m.end():end + 1]


def parse_assignments(body):
    """Parses the top-level `name := expr` statements of a function body (one
    tab of indentation), returning [(name, ast)] in order."""
    out = []
    for m in re.finditer(r'^\t([A-Za-z_][A-Za-z0-9_]*) := ', body, re.M):
        toks = tokenize(body[m.end():])
        p = Parser(toks)
        out.append((m.group(1), p.parse_expr()))
    return out
