import re, sys, goparse
src = open('/tmp/plan_test.go').read()
def raws(fn):
    body = goparse.extract_function(src, fn)
    return [t.text[1:-1] for t in goparse.tokenize(body) if t.kind == 'raw']
if __name__ == '__main__':
    for i, r in enumerate(raws(sys.argv[1])):
        print('=== %d' % i); print(r[:150])
