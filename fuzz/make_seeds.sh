#!/usr/bin/env bash
# Builds the seed corpora of the fuzz targets in OUT (default build-fuzz/seeds):
# the hand-written seeds in fuzz/seeds/ plus a sample of the conformance
# cases (CASES, default build/conformance/cases) no larger than MAX bytes:
#   pre_scan/      every plan
#   json_parser/   plans up to 8 KiB
#   render/        renderer-shaped plans, and show -json plans with their
#                  schemas spliced in as provider_schemas; states of the state
#                  corpus (STATE_CASES, the third argument) the same way
# Nothing here is committed: the corpus is unpacked by `make build`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../build-fuzz/seeds}
cases=${2:-$here/../build/conformance/cases}
max=${MAX:-65536}
python=$(command -v /usr/bin/python3 || command -v python3)

rm -rf "$out"
mkdir -p "$out/pre_scan" "$out/json_parser" "$out/render"
for t in pre_scan json_parser render; do
  cp "$here"/seeds/* "$out/$t/"
done
if [ ! -d "$cases" ]; then
  echo "make_seeds: no conformance cases in $cases (make build unpacks them); hand seeds only" >&2
  exit 0
fi

for dir in "$cases"/*/; do
  name=$(basename "$dir")
  plan=$dir/plan.json
  size=$(stat -c %s "$plan")
  [ "$size" -le "$max" ] || continue
  cp "$plan" "$out/pre_scan/$name.json"
  [ "$size" -le 8192 ] && cp "$plan" "$out/json_parser/$name.json"
  if grep -q '"provider_schemas"' "$plan"; then
    cp "$plan" "$out/render/$name.json"
  elif [ -f "$dir/schemas.json" ] && [ $((size + $(stat -c %s "$dir/schemas.json"))) -le "$max" ]; then
    # Textual splice: the plan's bytes (numbers, escapes) stay as they are.
    "$python" -S - "$plan" "$dir/schemas.json" "$out/render/$name-spliced.json" <<'PY'
import json, sys
plan = open(sys.argv[1], "rb").read().lstrip()
schemas = json.dumps(json.load(open(sys.argv[2])).get("provider_schemas", {}), separators=(",", ":"))
head = b'{"plan_format_version":"1.2","provider_format_version":"1.0","provider_schemas":' + schemas.encode() + b","
open(sys.argv[3], "wb").write(head + plan[1:])
PY
  fi
done
# States (render/, rendered with --state): the state corpus's states with
# their schemas spliced in as provider_schemas (a state bundle's shape).
state_cases=${3:-$here/../build/conformance-state/cases}
if [ -d "$state_cases" ]; then
  for dir in "$state_cases"/*/; do
    name=$(basename "$dir")
    state=$dir/state.json
    schemas=$(sed -n 's/^--schemas=//p' "$dir/nocolor.args" 2>/dev/null | head -n 1)
    [ -n "$schemas" ] && [ -f "$dir/$schemas" ] || continue
    [ $(($(stat -c %s "$state") + $(stat -c %s "$dir/$schemas"))) -le "$max" ] || continue
    "$python" -S - "$state" "$dir/$schemas" "$out/render/state-$name.json" <<'PY'
import json, sys
state = open(sys.argv[1], "rb").read().lstrip()
if state.startswith(b"{") and len(state) > 2:
    schemas = json.dumps(json.load(open(sys.argv[2])).get("provider_schemas", {}), separators=(",", ":"))
    open(sys.argv[3], "wb").write(b'{"provider_schemas":' + schemas.encode() + b"," + state[1:])
PY
  done
fi
# compare/: the render seeds that are plans (tfstream --compare reads no state).
mkdir -p "$out/compare"
find "$out/render" -maxdepth 1 -type f ! -name 'state-*' -exec cp {} "$out/compare/" \;
echo "make_seeds: $(ls "$out/pre_scan" | wc -l) pre_scan, $(ls "$out/json_parser" | wc -l) json_parser," \
     "$(ls "$out/render" | wc -l) render, $(ls "$out/compare" | wc -l) compare seeds in $out ($(du -sh "$out" | cut -f1))"
