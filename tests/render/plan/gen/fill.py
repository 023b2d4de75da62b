import re, sys
from rawstrings import raws
def fill(text):
    cache = {}
    def rep(m):
        fn, idx = m.group(1), int(m.group(2))
        if fn not in cache: cache[fn] = raws(fn)
        s = cache[fn][idx]
        assert ')txt"' not in s
        return 'R"txt(' + s + ')txt"'
    return re.sub(r'@@RAW:(\w+):(\d+)@@', rep, text)
for path in sys.argv[1:]:
    out = '/work/main/tests/render/plan/' + path.split('/')[-1]
    open(out, 'w').write(fill(open(path).read()))
    print(out)
