#!/usr/bin/env bash
# Interleaved timing of several tfstream binaries on the same plans, e.g. the
# dynamic build against the fully static one (`make static`):
#
#   perf/compare_binaries.sh [--runs N] [--starts N] [--scratch DIR] [--only SUBSTR] \
#       dynamic=build/tfstream static=build-static/tfstream [NAME=BIN...]
#
#   --runs N       rounds over the plans (default 7); medians reported
#   --starts N     runs of `BIN --version` per binary for the start-up row (default 200)
#   --scratch DIR  where bench.sh left its plans (default /tmp/tfstream-perf): run
#                  `perf/bench.sh --only 30M` (or 300M) first to generate them
#   --only SUBSTR  only plans whose name contains SUBSTR
#
# Each round runs every binary once on every plan, the binaries' order rotating
# from round to round, so that the VM's drift over the minutes the runs take
# falls on all of them alike. Timing is bench.sh's: first_byte (wall to exit,
# first output byte, CPU time) around GNU time (peak RSS), output to a drained
# pipe, --color=never, plan given as a file. Before timing, every binary's output on
# every plan is compared with the first binary's: a difference stops the run.
# Prints one Markdown row per plan and binary.
set -euo pipefail

RUNS=7
STARTS=200
SCRATCH=/tmp/tfstream-perf
ONLY=
BINS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --starts) STARTS=$2; shift 2 ;;
    --scratch) SCRATCH=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0"; exit 0 ;;
    *=*) BINS+=("$1"); shift ;;
    *) echo "compare_binaries.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ ${#BINS[@]} -ge 1 ]] || { echo "compare_binaries.sh: give NAME=BIN pairs" >&2; exit 2; }

ROOT=$(cd "$(dirname "$0")/.." && pwd)
FIRST_BYTE=$ROOT/build-perf-tools/first_byte
[[ -x $FIRST_BYTE ]] || { echo "compare_binaries.sh: $FIRST_BYTE missing: run perf/bench.sh once" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "compare_binaries.sh: /usr/bin/time missing (Debian package time)" >&2; exit 1; }
log() { echo "compare: $*" >&2; }

PLANS=()  # name|plan|extra argument
for f in "$SCRATCH"/show-*-s*.json "$SCRATCH"/renderer-*-s*.json; do
  [[ -f $f ]] || continue
  name=$(basename "$f")
  [[ -n $ONLY && $name != *"$ONLY"* ]] && continue
  seed=${name##*-s}; seed=${seed%.json}
  extra=
  [[ $name == show-* ]] && extra=--schemas=$SCRATCH/schemas-s$seed.json
  PLANS+=("$name|$f|$extra")
done
[[ ${#PLANS[@]} -ge 1 ]] || { echo "compare_binaries.sh: no plans in $SCRATCH (run perf/bench.sh first)" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
median() { sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

# Same bytes from every binary.
for p in "${PLANS[@]}"; do
  IFS='|' read -r name plan extra <<<"$p"
  want=
  for b in "${BINS[@]}"; do
    bin=${b#*=}
    sum=$("$bin" --color=never ${extra:+"$extra"} "$plan" | sha256sum | cut -c1-16)
    [[ -z $want ]] && want=$sum
    [[ $sum == "$want" ]] || { echo "compare_binaries.sh: ${b%%=*} prints other bytes on $name" >&2; exit 1; }
  done
  log "$name: same output from all ($want)"
done

# Start-up: BIN --version, interleaved, fork to exit as first_byte measures it.
for ((i = 0; i < STARTS; i++)); do
  for b in "${BINS[@]}"; do
    "$FIRST_BYTE" -- "${b#*=}" --version 2>&1 >/dev/null | sed -n 's/.*exit_s=\([^ ]*\).*/\1/p' >>"$TMP/start-${b%%=*}"
  done
done

n=${#BINS[@]}
for ((r = 0; r < RUNS; r++)); do
  log "round $((r + 1))/$RUNS"
  for p in "${PLANS[@]}"; do
    IFS='|' read -r name plan extra <<<"$p"
    for ((k = 0; k < n; k++)); do
      b=${BINS[$(((k + r) % n))]}
      label=${b%%=*} bin=${b#*=}
      "$FIRST_BYTE" -- /usr/bin/time -v -o "$TMP/time" "$bin" --color=never ${extra:+"$extra"} "$plan" \
        2>"$TMP/fb" >/dev/null || true
      line=$(grep '^first_byte_s=' "$TMP/fb" | tail -1)
      [[ $(sed 's/.* exit=\([^ ]*\).*/\1/' <<<" $line") == 0 ]] || { echo "compare_binaries.sh: $label failed on $name" >&2; exit 1; }
      sed 's/.*exit_s=\([^ ]*\).*/\1/' <<<"$line" >>"$TMP/wall-$label-$name"
      sed 's/.*first_byte_s=\([^ ]*\).*/\1/' <<<"$line" >>"$TMP/first-$label-$name"
      sed -n 's/.*Maximum resident set size (kbytes): //p' "$TMP/time" >>"$TMP/rss-$label-$name"
      sed 's/.*cpu_s=\([^ ]*\).*/\1/' <<<"$line" >>"$TMP/cpu-$label-$name"
    done
  done
done

ms() { awk '{printf "%.1f ms", $1 * 1000}'; }
echo "| binary | plan | wall (median of $RUNS) | CPU user+sys | first byte | peak RSS (median / max) |"
echo "|---|---|---|---|---|---|"
for b in "${BINS[@]}"; do
  label=${b%%=*}
  echo "| $label | \`--version\` ($STARTS runs) | $(median <"$TMP/start-$label" | awk '{printf "%.2f ms", $1 * 1000}') | | | |"
done
for p in "${PLANS[@]}"; do
  IFS='|' read -r name plan extra <<<"$p"
  for b in "${BINS[@]}"; do
    label=${b%%=*}
    wall=$(median <"$TMP/wall-$label-$name" | ms)
    first=$(median <"$TMP/first-$label-$name" | ms)
    cpu=$(median <"$TMP/cpu-$label-$name" | ms)
    rss="$(median <"$TMP/rss-$label-$name" | awk '{printf "%.1f", $1 / 1000}') / $(sort -g "$TMP/rss-$label-$name" | tail -1 | awk '{printf "%.1f MB", $1 / 1000}')"
    echo "| $label | $name | $wall | $cpu | $first | $rss |"
  done
done
