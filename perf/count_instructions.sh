#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind, --jobs 1) of tfstream binaries
# and of json_verify on the same inputs: a comparison that the load of a shared
# machine does not disturb, for issue 34's rows at a size callgrind gets through
# in a minute or two.
#
#   perf/count_instructions.sh DIR NAME=BIN [NAME=BIN...]
#
# DIR holds the inputs (made from bench.sh's generators; see perf/README.md,
# "Instruction counts"): show-30M-s1.json and schemas-s1.json, renderer-20M-s1.json,
# tofu-renderer-20M-s1.json, one-destroy-renderer-20M-s1.json, state-20M-s1.json.
# Prints one Markdown row per input and form: the instructions of each binary
# and of `json_verify -q` over the same bytes, and each binary's ratio to it.
set -euo pipefail
if [[ $# -lt 2 ]]; then sed -n '2,13p' "$0"; exit 2; fi
DIR=$1; shift
command -v valgrind >/dev/null || { echo "count_instructions.sh: needs valgrind" >&2; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# count OUTFILE STDIN CMD...: instructions of CMD reading STDIN (stdout discarded).
count() {
  local out=$1 in=$2; shift 2
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" <"$in" >/dev/null 2>"$out.log" || true
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out.log" | tail -1
}

ROWS=(
  "show-30M-s1.json|text|--schemas=$DIR/schemas-s1.json"
  "show-30M-s1.json|markdown|--schemas=$DIR/schemas-s1.json --format=markdown --max-bytes=0"
  "renderer-20M-s1.json|text|"
  "renderer-20M-s1.json|markdown|--format=markdown --max-bytes=0"
  "tofu-renderer-20M-s1.json|text|"
  "one-destroy-renderer-20M-s1.json|markdown|--format=markdown --max-bytes=0"
  "state-20M-s1.json|text|--state --schemas=$DIR/schemas-s1.json"
)
header="| input, form | json_verify"
rule="|---|---"
for spec in "$@"; do header+=" | ${spec%%=*} | ${spec%%=*} / json_verify"; rule+="|---|---"; done
echo "$header |"
echo "$rule|"
for row in "${ROWS[@]}"; do
  IFS='|' read -r input form args <<<"$row"
  [[ -f $DIR/$input ]] || { echo "| \`$input\`, $form | missing |"; continue; }
  jv=$(count "$TMP/jv" "$DIR/$input" json_verify -q)
  line="| \`$input\`, $form | $(awk -v n="$jv" 'BEGIN { printf "%.0f M", n / 1e6 }')"
  for spec in "$@"; do
    bin=${spec#*=}
    read -ra extra <<<"$args"
    n=$(count "$TMP/tf" /dev/null "$bin" --jobs 1 --color=never "${extra[@]}" "$DIR/$input")
    line+=" | $(awk -v n="$n" 'BEGIN { printf "%.0f M", n / 1e6 }') | $(awk -v a="$n" -v b="$jv" 'BEGIN { printf "%.2f", a / b }')"
  done
  echo "$line |"
done
