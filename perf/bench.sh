#!/usr/bin/env bash
# tfstream benchmark: builds tfstream (Release) and the perf tools, generates
# plans, and prints one Markdown table row per (input, file|pipe) run.
#
#   perf/bench.sh [--runs N] [--big] [--seed N] [--scratch DIR] [--tfstream BIN]
#                 [--no-large] [--no-bundle] [--timeout SECS] [--only SUBSTR]
#
#   --runs N       timed runs per row after one warm-up (default 3); median reported
#   --big          also the 3G plans (needs ~7 GB in the scratch dir)
#   --seed N       generator seed (default 1)
#   --scratch DIR  where plans are generated and reused (default /tmp/tfstream-perf)
#   --tfstream BIN use this binary instead of building build-perf/tfstream
#                  (the commit column then names BIN and its SHA-256, not
#                  this checkout)
#   --no-large     skip the large-collections scenario
#   --no-bundle    skip the --bundle rows (size ratio, wall, peak RSS; also with a
#                  schemas file of real size: the corpus's schema files merged)
#   --timeout SECS give up on one tfstream run after SECS (default 900): row TIMEOUT
#   --jv-timeout SECS  give up on json_verify after SECS (default 120); it is
#                  quadratic in the length of very long strings (large collections)
#   --only SUBSTR  only inputs whose name contains SUBSTR (compare: only the
#                  --compare row, 300M show plan against an edited copy)
#   --forms LIST   output forms for the 30M/300M/3G plans, comma-separated, of
#                  text, summary (--summary), markdown (--format=markdown
#                  --max-bytes=0), json (--format=json), summary-md (--summary
#                  --format=markdown --max-bytes=0), group (--summary --group-by
#                  module), group-md (the same in Markdown, --max-bytes=0),
#                  html (--format=html, colour off as every row: --color=never);
#                  default all eight. Large collections: text. The state rows:
#                  those of text, summary and html in the list.
#   --jobs LIST    run each row once per tfstream --jobs value, comma-separated
#                  (e.g. 1,2: how each row scales with cores); default: the
#                  binary's own default, no --jobs argument
#   --issue34      only the rows of issue 34's table (300M show and renderer
#                  plans in text and Markdown, the OpenTofu renderer plan, the
#                  one-destroy plan in Markdown, the state text), no bundles
#                  or large collections; a last table in the issue's form
#                  (ratio to json_verify and peak RSS per row, file / pipe)
#
# Rows go to stdout and to DIR/results-<date>.md; progress goes to stderr.
# A row whose warm-up run exits non-zero or prints nothing says FAILED and
# has no figures; nothing is estimated or carried over.
set -euo pipefail

RUNS=3
BIG=0
SEED=1
SCRATCH=/tmp/tfstream-perf
TFSTREAM=
LARGE=1
BUNDLE=1
TIMEOUT=900
JV_TIMEOUT=120
ONLY=
FORMS=text,summary,markdown,json,summary-md,group,group-md,html
JOBS_LIST=
ISSUE34=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --runs) RUNS=$2; shift 2 ;;
    --big) BIG=1; shift ;;
    --seed) SEED=$2; shift 2 ;;
    --scratch) SCRATCH=$2; shift 2 ;;
    --tfstream) TFSTREAM=$2; shift 2 ;;
    --no-large) LARGE=0; shift ;;
    --no-bundle) BUNDLE=0; shift ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --jv-timeout) JV_TIMEOUT=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    --forms) FORMS=$2; shift 2 ;;
    --jobs) JOBS_LIST=$2; shift 2 ;;
    --issue34) ISSUE34=1; shift ;;
    -h|--help) sed -n '2,35p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done

if [[ $ISSUE34 -eq 1 ]]; then
  FORMS=text,markdown LARGE=0 BUNDLE=0
fi
# wanted NAME: whether an input is benchmarked (--only, --issue34).
wanted() {
  [[ -n $ONLY && $1 != *"$ONLY"* ]] && return 1
  if [[ $ISSUE34 -eq 1 ]]; then
    case $1 in
      show-300M-*|renderer-300M-*|tofu-renderer-300M-*|one-destroy-renderer-300M-*|state-300M-*) return 0 ;;
      *) return 1 ;;
    esac
  fi
  return 0
}

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PERF=$ROOT/perf
TOOLS=$ROOT/build-perf-tools
log() { echo "bench: $*" >&2; }

# ---- dependencies: GNU time for peak RSS, json_verify as the baseline ----
need_pkgs=()
[[ -x /usr/bin/time ]] || need_pkgs+=(time)
command -v json_verify >/dev/null || need_pkgs+=(yajl-tools)
if [[ ${#need_pkgs[@]} -gt 0 ]]; then
  log "installing ${need_pkgs[*]}"
  SUDO=; [[ $(id -u) -eq 0 ]] || SUDO=sudo
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${need_pkgs[@]}" >&2
fi

# ---- builds ----
TFSTREAM_GIVEN=$TFSTREAM
if [[ -z $TFSTREAM ]]; then
  log "building tfstream (Release) in build-perf/"
  if ! (cd "$ROOT" && cmake -S . -B build-perf -DCMAKE_BUILD_TYPE=Release -DTFSTREAM_TESTS=OFF >&2 &&
    cmake --build build-perf -j2 >&2); then
    log "building tfstream failed: no figures (use --tfstream BIN to bench another build)"
    exit 1
  fi
  TFSTREAM=$ROOT/build-perf/tfstream
fi
log "building perf tools in build-perf-tools/"
if ! { cmake -S "$PERF" -B "$TOOLS" -DCMAKE_BUILD_TYPE=Release >&2 && cmake --build "$TOOLS" -j2 >&2; }; then
  log "building the perf tools failed"
  exit 1
fi
GEN=$TOOLS/gen_plan
GEN_LARGE=$TOOLS/gen_large_collections
FIRST_BYTE=$TOOLS/first_byte

# ---- environment facts for every row ----
CPU=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//; s/  */ /g')
CORES=$(grep -c '^processor' /proc/cpuinfo)
# Compiler and flags from the CMake cache of the build the binary came from.
CXX_ID=unknown
cache=$(dirname "$TFSTREAM")/CMakeCache.txt
if [[ -f $cache ]]; then
  cxx=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$cache")
  btype=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$cache")
  flags=$(sed -n 's/^CMAKE_CXX_FLAGS:[A-Z]*=//p' "$cache")
  flags="$flags $(sed -n "s/^CMAKE_CXX_FLAGS_${btype^^}:[A-Z]*=//p" "$cache")"
  ver=$("${cxx:-c++}" --version 2>/dev/null | head -1 | sed 's/^[^ ]* //')
  CXX_ID=$(echo "$(basename "${cxx:-c++}") $ver $flags" | sed 's/  */ /g; s/ $//')
fi
COMMIT=$(cd "$ROOT" && git rev-parse --short HEAD 2>/dev/null || echo none)
if [[ $COMMIT != none ]] && [[ -n $(cd "$ROOT" && git status --porcelain -- src CMakeLists.txt 2>/dev/null) ]]; then
  COMMIT="$COMMIT+dirty"
fi
# A binary given with --tfstream may come from any tree: the column names it
# (file name and the start of its SHA-256) instead of this checkout's commit.
if [[ -n $TFSTREAM_GIVEN ]]; then
  COMMIT="$(basename "$TFSTREAM") (sha256 $(sha256sum "$TFSTREAM" | cut -c1-12))"
fi

# ---- inputs (reused when size, seed and generator sources match) ----
mkdir -p "$SCRATCH"
GEN_SUM=$(cat "$PERF"/gen_plan.cc "$PERF"/gen/* "$PERF"/large_collections/*.cc "$PERF"/gen_state.py | sha256sum | cut -c1-16)
SCHEMAS=$SCRATCH/schemas-s$SEED.json

# ensure_plan NAME CMD...: runs CMD (which writes $SCRATCH/NAME) unless a stamp says it is current.
ensure_plan() {
  local name=$1; shift
  local stamp="$SCRATCH/$name.stamp" want="seed=$SEED gen=$GEN_SUM args=$*"
  if [[ -f $SCRATCH/$name && -f $stamp && $(cat "$stamp") == "$want" ]]; then
    log "reusing $name"
    return
  fi
  log "generating $name"
  rm -f "$stamp"
  "$@" >&2
  echo "$want" >"$stamp"
}

INPUTS=()  # entries: name|plan file|extra tfstream args (space-separated)
# The extra arguments of each output form.
form_args() {
  case $1 in
    text) echo "" ;;
    summary) echo "--summary" ;;
    markdown) echo "--format=markdown --max-bytes=0" ;;
    json) echo "--format=json" ;;
    summary-md) echo "--summary --format=markdown --max-bytes=0" ;;
    group) echo "--summary --group-by=module" ;;
    group-md) echo "--summary --group-by=module --format=markdown --max-bytes=0" ;;
    html) echo "--format=html" ;;
    *) echo "bench.sh: unknown form $1" >&2; exit 2 ;;
  esac
}
IFS=',' read -ra FORM_LIST <<<"$FORMS"
sizes=(30M 300M)
[[ $BIG -eq 1 ]] && sizes+=(3G)
for size in "${sizes[@]}"; do
  for shape in show renderer; do
    name=$shape-$size-s$SEED.json
    wanted "$name" || continue
    if [[ $shape == show ]]; then
      ensure_plan "$name" "$GEN" --size "$size" --shape show --seed "$SEED" --out "$SCRATCH/$name" \
        --schemas-out "$SCHEMAS"
      schemas_arg=--schemas=$SCHEMAS
    else
      ensure_plan "$name" "$GEN" --size "$size" --shape renderer --seed "$SEED" --out "$SCRATCH/$name"
      schemas_arg=
    fi
    for form in "${FORM_LIST[@]}"; do
      extra=$(form_args "$form")
      INPUTS+=("$name|$SCRATCH/$name|$(echo "$schemas_arg $extra" | xargs)|$form")
    done
  done
done
# to_opentofu_registry SRC DST: SRC with its providers moved to OpenTofu's registry.
to_opentofu_registry() { sed 's#registry\.terraform\.io/#registry.opentofu.org/#g' "$1" >"$2.tmp" && mv "$2.tmp" "$2"; }

# OpenTofu rows: the 300M plans with their providers on OpenTofu's registry
# (registry.terraform.io -> registry.opentofu.org, in the plan and its schemas),
# rendered with --flavor auto, which then picks opentofu: the same work as the
# Terraform rows beside them, in the other flavour.
for shape in show renderer; do
  name=tofu-$shape-300M-s$SEED.json
  wanted "$name" || continue
  src=$SCRATCH/$shape-300M-s$SEED.json
  if [[ ! -f $src ]]; then
    if [[ $shape == show ]]; then
      ensure_plan "${src##*/}" "$GEN" --size 300M --shape show --seed "$SEED" --out "$src" --schemas-out "$SCHEMAS"
    else
      ensure_plan "${src##*/}" "$GEN" --size 300M --shape renderer --seed "$SEED" --out "$src"
    fi
  fi
  ensure_plan "$name" to_opentofu_registry "$src" "$SCRATCH/$name"
  if [[ $shape == show ]]; then
    ensure_plan "tofu-schemas-s$SEED.json" to_opentofu_registry "$SCHEMAS" "$SCRATCH/tofu-schemas-s$SEED.json"
    INPUTS+=("$name|$SCRATCH/$name|--schemas=$SCRATCH/tofu-schemas-s$SEED.json|text")
  else
    INPUTS+=("$name|$SCRATCH/$name||text")
  fi
done
# Old-release rows: the 300M show plans (Terraform's, and the OpenTofu one above)
# rendered as each flavour's oldest class (--renderer-version: Terraform 1.5.7,
# OpenTofu 1.6.3), beside the newest rows: the profile is chosen once, before
# any output, so the cost must be that of the newest.
for flavour in terraform opentofu; do
  if [[ $flavour == terraform ]]; then
    src=show-300M-s$SEED.json release=1.5.7 schemas=$SCHEMAS
  else
    src=tofu-show-300M-s$SEED.json release=1.6.3 schemas=$SCRATCH/tofu-schemas-s$SEED.json
  fi
  name=$flavour-$release-$src
  wanted "$name" || continue
  if [[ ! -f $SCRATCH/show-300M-s$SEED.json ]]; then
    ensure_plan "show-300M-s$SEED.json" "$GEN" --size 300M --shape show --seed "$SEED" \
      --out "$SCRATCH/show-300M-s$SEED.json" --schemas-out "$SCHEMAS"
  fi
  if [[ $flavour == opentofu ]]; then
    ensure_plan "$src" to_opentofu_registry "$SCRATCH/show-300M-s$SEED.json" "$SCRATCH/$src"
    ensure_plan "tofu-schemas-s$SEED.json" to_opentofu_registry "$SCHEMAS" "$schemas"
  fi
  INPUTS+=("$name|$SCRATCH/$src|--schemas=$schemas --flavor=$flavour --renderer-version=$release|text")
done
# One destroy in the 300M renderer plan (every other delete and replace made an
# update): the Markdown destroy alert then reads all of resource_changes looking
# for more, which must hand its pages back as it goes (it kept them: 293 MB
# peak RSS before session 12). Rows for the Markdown forms asked for.
one_destroy() {
  sed -e 's/"actions":\["delete"\]/"actions":["update"]/g' -e 's/"actions":\["delete","create"\]/"actions":["update"]/g' \
    -e 's/"actions":\["create","delete"\]/"actions":["update"]/g' "$1" |
    sed -e '0,/"actions":\["update"\]/s//"actions":["delete"]/' >"$2.tmp" && mv "$2.tmp" "$2"
}
name=one-destroy-renderer-300M-s$SEED.json
if wanted "$name"; then
  src=$SCRATCH/renderer-300M-s$SEED.json
  [[ -f $src ]] || ensure_plan "${src##*/}" "$GEN" --size 300M --shape renderer --seed "$SEED" --out "$src"
  for form in "${FORM_LIST[@]}"; do
    case $form in
      markdown|summary-md)
        ensure_plan "$name" one_destroy "$src" "$SCRATCH/$name"
        INPUTS+=("$name|$SCRATCH/$name|$(form_args "$form")|$form") ;;
    esac
  done
fi
# State rows (--state): a 300 MB `terraform show -json` state made by
# perf/gen_state.py from the 30M show plan's planned_values (copies of its
# resources in child modules, every tenth copy tainted), rendered with that
# plan's schemas; the text and --summary.
name=state-300M-s$SEED.json
if wanted "$name"; then
  src=$SCRATCH/show-30M-s$SEED.json
  [[ -f $src && -f $SCHEMAS ]] ||
    ensure_plan "${src##*/}" "$GEN" --size 30M --shape show --seed "$SEED" --out "$src" --schemas-out "$SCHEMAS"
  ensure_plan "$name" python3 "$PERF/gen_state.py" "$src" 300M "$SCRATCH/$name"
  # The forms a state has, of those --forms asks for (--issue34: text).
  for form in "${FORM_LIST[@]}"; do
    case $form in
      text) INPUTS+=("$name|$SCRATCH/$name|--state --schemas=$SCHEMAS|text") ;;
      summary) INPUTS+=("$name|$SCRATCH/$name|--state --summary|summary") ;;
      html) INPUTS+=("$name|$SCRATCH/$name|--state --schemas=$SCHEMAS --format=html|html") ;;
    esac
  done
fi
if [[ $LARGE -eq 1 ]]; then
  for shape in show renderer; do
    name=large-collections-$shape-s$SEED.json
    wanted "$name" || continue
    if [[ $shape == show ]]; then
      ensure_plan "$name" "$GEN_LARGE" --shape show --seed "$SEED" --out "$SCRATCH/$name" \
        --schemas-out "$SCRATCH/large-schemas-s$SEED.json"
      INPUTS+=("$name|$SCRATCH/$name|--schemas=$SCRATCH/large-schemas-s$SEED.json|text")
    else
      ensure_plan "$name" "$GEN_LARGE" --shape renderer --seed "$SEED" --out "$SCRATCH/$name"
      INPUTS+=("$name|$SCRATCH/$name||text")
    fi
  done
fi

# ---- measurement helpers ----
median() { sort -g | awk '{a[NR]=$1} END {if (NR == 0) print "nan"; else if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# run_tfstream MODE PLAN ARGS: one run under first_byte and GNU time.
# Sets FB_FIRST FB_WALL FB_BYTES FB_EXIT RSS_KB.
run_tfstream() {
  local mode=$1 plan=$2 args=$3
  local -a tf=("$TFSTREAM" --color=never) extra
  read -ra extra <<<"$args"
  tf+=("${extra[@]}")
  if [[ $mode == file ]]; then
    timeout "$TIMEOUT" "$FIRST_BYTE" -- /usr/bin/time -v -o "$TMP/time" "${tf[@]}" "$plan" 2>"$TMP/fb" || true
  else
    timeout "$TIMEOUT" "$FIRST_BYTE" -- bash -c 'plan=$1 out=$2; shift 2; cat "$plan" | /usr/bin/time -v -o "$out" "$@" -' \
      _ "$plan" "$TMP/time" "${tf[@]}" 2>"$TMP/fb" || true
  fi
  local line
  line=$(grep '^first_byte_s=' "$TMP/fb" | tail -1 || true)
  if [[ -z $line ]]; then
    FB_FIRST=nan FB_WALL=nan FB_BYTES=0 FB_EXIT=124 RSS_KB=0
    return
  fi
  FB_FIRST=$(sed 's/.*first_byte_s=\([^ ]*\).*/\1/' <<<"$line")
  FB_WALL=$(sed 's/.*exit_s=\([^ ]*\).*/\1/' <<<"$line")
  FB_BYTES=$(sed 's/.*bytes=\([^ ]*\).*/\1/' <<<"$line")
  FB_EXIT=$(sed 's/.*exit=\([^ ]*\).*/\1/' <<<"$line")
  RSS_KB=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$TMP/time" 2>/dev/null || echo 0)
  [[ -n $RSS_KB ]] || RSS_KB=0
}

# json_verify wall time for one run ("nan" when it timed out or failed).
run_json_verify() {
  local mode=$1 plan=$2 t0 t1 rc=0
  t0=$(date +%s.%N)
  if [[ $mode == file ]]; then
    timeout "$JV_TIMEOUT" json_verify -q <"$plan" || rc=$?
  else
    timeout "$JV_TIMEOUT" bash -c 'cat "$1" | json_verify -q' _ "$plan" || rc=$?
  fi
  t1=$(date +%s.%N)
  if [[ $rc -ne 0 ]]; then
    log "json_verify on $plan: exit $rc$([[ $rc -eq 124 ]] && echo " (timeout after ${JV_TIMEOUT}s)")"
    echo nan
    return
  fi
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}

fmt_s() { awk -v v="$1" 'BEGIN { if (v == "nan") print "n/a"; else if (v < 1) printf "%.0f ms", v * 1000; else printf "%.2f s", v }'; }
fmt_mb() { awk -v v="$1" 'BEGIN { printf "%.1f MB", v / 1024 }'; }
human() { awk -v v="$1" 'BEGIN { if (v >= 1e9) printf "%.2f GB", v / 1e9; else printf "%.1f MB", v / 1e6 }'; }

HEADER='| command | input | input size | CPU | cores | compiler + flags | commit | wall (median) | peak RSS | first byte | MB/s | json_verify wall | tfstream / json_verify |'
RULE='|---|---|---|---|---|---|---|---|---|---|---|---|---|'
RESULTS=$SCRATCH/results-$(date +%Y%m%d-%H%M%S).md
{ echo "$HEADER"; echo "$RULE"; } | tee "$RESULTS"

# --jobs LIST: each row once per value.
if [[ -n $JOBS_LIST ]]; then
  IFS=',' read -ra jobs_values <<<"$JOBS_LIST"
  expanded=()
  for entry in "${INPUTS[@]}"; do
    IFS='|' read -r name plan args form <<<"$entry"
    for j in "${jobs_values[@]}"; do expanded+=("$name|$plan|$(echo "$args --jobs=$j" | xargs)|$form -j$j"); done
  done
  INPUTS=("${expanded[@]}")
fi
ISSUE_ROWS=()  # entries: input|form|mode|ratio|rss|wall|json_verify wall

for entry in "${INPUTS[@]}"; do
  IFS='|' read -r name plan args form <<<"$entry"
  bytes=$(stat -c %s "$plan")
  for mode in file pipe; do
    base=$(basename "$plan")
    if [[ $mode == file ]]; then cmd="tfstream --color=never ${args:+${args/$SCRATCH\//} }$base"
    else cmd="cat $base \| tfstream --color=never ${args:+${args/$SCRATCH\//} }-"; fi
    prefix="| \`$cmd\` | $name | $(human "$bytes") | $CPU | $CORES | $CXX_ID | $COMMIT"
    log "$name ($mode): warm-up"
    run_tfstream "$mode" "$plan" "$args"
    if [[ $FB_EXIT == 124 ]]; then
      echo "$prefix | TIMEOUT (>${TIMEOUT}s) | | | | | |" | tee -a "$RESULTS"
      continue
    fi
    if [[ $FB_EXIT != 0 || $FB_BYTES -eq 0 ]]; then
      log "$name ($mode): tfstream exit $FB_EXIT, $FB_BYTES output bytes"
      echo "$prefix | FAILED (exit $FB_EXIT, $FB_BYTES bytes out) | | | | | |" | tee -a "$RESULTS"
      continue
    fi
    : >"$TMP/walls"; : >"$TMP/firsts"; : >"$TMP/rss"; : >"$TMP/jv"
    failed=
    for ((r = 1; r <= RUNS; r++)); do
      log "$name ($mode): run $r/$RUNS"
      run_tfstream "$mode" "$plan" "$args"
      if [[ $FB_EXIT != 0 || $FB_BYTES -eq 0 ]]; then failed="exit $FB_EXIT, $FB_BYTES bytes out"; break; fi
      echo "$FB_WALL" >>"$TMP/walls"
      echo "$FB_FIRST" >>"$TMP/firsts"
      echo "$RSS_KB" >>"$TMP/rss"
      # After one json_verify timeout, the baseline of this row is given up.
      grep -q nan "$TMP/jv" || run_json_verify "$mode" "$plan" >>"$TMP/jv"
    done
    if [[ -n $failed ]]; then
      echo "$prefix | FAILED ($failed) | | | | | |" | tee -a "$RESULTS"
      continue
    fi
    wall=$(median <"$TMP/walls")
    first=$(median <"$TMP/firsts")
    rss=$(sort -g "$TMP/rss" | tail -1)
    mbs=$(awk -v b="$bytes" -v w="$wall" 'BEGIN { printf "%.0f", b / 1e6 / w }')
    if grep -q nan "$TMP/jv"; then
      jv_cell="none (json_verify > ${JV_TIMEOUT}s or failed)"
      ratio=n/a
    else
      jv=$(median <"$TMP/jv")
      jv_cell=$(fmt_s "$jv")
      ratio=$(awk -v a="$wall" -v b="$jv" 'BEGIN { printf "%.2f", a / b }')
    fi
    echo "$prefix | $(fmt_s "$wall") | $(fmt_mb "$rss") | $(fmt_s "$first") | $mbs | $jv_cell | $ratio |" |
      tee -a "$RESULTS"
    ISSUE_ROWS+=("${name%-s$SEED.json}|$form|$mode|$ratio|$(fmt_mb "$rss")|$(fmt_s "$wall")|$jv_cell|$(fmt_s "$first")")
  done
done

# ---- --compare: the 300M show plan against a copy with one value edited ----
# The copy differs in one byte: the first letter of a string value in the
# planned values of a resource change halfway through resource_changes. The
# run must exit 2 naming that resource; the row gives wall, peak RSS and the
# ratio to json_verify of both files (run one after the other).
edit_one_value() {
  python3 - "$1" "$2" <<'PY'
import mmap, re, shutil, sys
src, dst = sys.argv[1], sys.argv[2]
with open(src, "rb") as f:
    m = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    start = m.find(b'"resource_changes"')
    end = m.find(b'"resource_drift"', start)
    end = end if end > 0 else len(m)
    a = m.find(b'"address":"', start + (end - start) // 2)
    address = m[a + 11:m.find(b'"', a + 11)]
    after = m.find(b'"after":{', a)
    hit = re.search(rb'":"([A-Za-z])', m[after:after + 100000])
    pos = after + hit.start(1)
    old = m[pos:pos + 1]
shutil.copyfile(src, dst + ".tmp")
with open(dst + ".tmp", "r+b") as f:
    f.seek(pos)
    f.write(b"B" if old != b"B" else b"C")
with open(dst + ".address", "wb") as f:
    f.write(address)
import os
os.replace(dst + ".tmp", dst)
PY
}
if [[ -z $ONLY || compare == *"$ONLY"* || $ONLY == compare* ]]; then
  src=$SCRATCH/show-300M-s$SEED.json
  [[ -f $src && -f $SCHEMAS ]] ||
    ensure_plan "${src##*/}" "$GEN" --size 300M --shape show --seed "$SEED" --out "$src" --schemas-out "$SCHEMAS"
  edited=$SCRATCH/show-300M-s$SEED.edited.json
  ensure_plan "${edited##*/}" edit_one_value "$src" "$edited"
  CHEADER='| command | inputs | size each | wall (median) | peak RSS | exit | names the edited resource | json_verify of both | tfstream / json_verify | commit |'
  { echo; echo "$CHEADER"; echo '|---|---|---|---|---|---|---|---|---|---|'; } | tee -a "$RESULTS"
  : >"$TMP/walls"; : >"$TMP/rss"; : >"$TMP/jv"
  code=
  for ((r = 0; r <= RUNS; r++)); do  # run 0 is the warm-up
    log "compare (show-300M vs edited): run $r/$RUNS"
    set +e
    timeout "$TIMEOUT" /usr/bin/time -f '%e %M' -o "$TMP/time" "$TFSTREAM" --color=never --compare "$src" \
      --schemas "$SCHEMAS" "$edited" >"$TMP/compare.out"
    code=$?
    set -e
    [[ $r -eq 0 ]] && continue
    # GNU time puts "Command exited with non-zero status 2" first.
    read -r wall rss < <(tail -1 "$TMP/time")
    echo "$wall" >>"$TMP/walls"
    echo "$rss" >>"$TMP/rss"
    a=$(run_json_verify file "$src"); b=$(run_json_verify file "$edited")
    awk -v a="$a" -v b="$b" 'BEGIN { if (a == "nan" || b == "nan") print "nan"; else printf "%.6f\n", a + b }' >>"$TMP/jv"
  done
  named=no
  grep -qF "# $(cat "$edited.address"): the planned values differ" "$TMP/compare.out" && named=yes
  wall=$(median <"$TMP/walls")
  rss=$(sort -g "$TMP/rss" | tail -1)
  jv=$(median <"$TMP/jv")
  ratio=$(awk -v a="$wall" -v b="$jv" 'BEGIN { if (b == "nan") print "n/a"; else printf "%.2f", a / b }')
  echo "| \`tfstream --compare ${src##*/} --schemas ${SCHEMAS##*/} ${edited##*/}\` | compare-show-300M | $(human "$(stat -c %s "$src")") | $(fmt_s "$wall") | $(fmt_mb "$rss") | $code | $named | $(fmt_s "$jv") | $ratio | $COMMIT |" |
    tee -a "$RESULTS"
fi

# The rows in issue 34's form: one line per input and form, file / pipe.
if [[ ${#ISSUE_ROWS[@]} -gt 0 ]]; then
  {
    echo
    echo "| input, form | tfstream / json_verify (file / pipe) | peak RSS (file / pipe) | wall (file / pipe) | json_verify wall (file / pipe) | first byte (file / pipe) |"
    echo "|---|---|---|---|---|---|"
    declare -A seen=()
    for row in "${ISSUE_ROWS[@]}"; do
      IFS='|' read -r input form mode _ <<<"$row"
      key="$input|$form"
      [[ -n ${seen[$key]:-} ]] && continue
      seen[$key]=1
      f=() p=()
      for other in "${ISSUE_ROWS[@]}"; do
        IFS='|' read -r i2 f2 m2 ratio rss wall jv first <<<"$other"
        [[ $i2 == "$input" && $f2 == "$form" ]] || continue
        if [[ $m2 == file ]]; then f=("$ratio" "$rss" "$wall" "$jv" "$first"); else p=("$ratio" "$rss" "$wall" "$jv" "$first"); fi
      done
      echo "| \`$input\`, $form | ${f[0]:-} / ${p[0]:-} | ${f[1]:-} / ${p[1]:-} | ${f[2]:-} / ${p[2]:-} | ${f[3]:-} / ${p[3]:-} | ${f[4]:-} / ${p[4]:-} |"
    done
    echo
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
  } | tee -a "$RESULTS"
fi

# ---- --bundle: size ratio, wall and peak RSS --------------------------------
# Each plan of the rows above, bundled to a file in the scratch dir (as it is
# used: the bundle is kept), and the show plans once more with a schemas file
# of real size: the corpus's schema files merged (perf/merge_schemas.py) with
# the generator's, so that the plan uses a few dozen of its thousands of types.
if [[ $BUNDLE -eq 1 ]]; then
  REAL_SCHEMAS=$SCRATCH/real-schemas-s$SEED.json
  if [[ ! -f $REAL_SCHEMAS || $REAL_SCHEMAS -ot $SCHEMAS ]]; then
    log "merging the corpus's schema files into $REAL_SCHEMAS"
    rm -rf "$SCRATCH/corpus" && mkdir -p "$SCRATCH/corpus"
    tar -xJf "$ROOT/tests/conformance/corpus.tar.xz" -C "$SCRATCH/corpus"
    python3 "$PERF/merge_schemas.py" "$REAL_SCHEMAS" "$SCRATCH"/corpus/schemas/*.json \
      "$SCRATCH"/corpus/cases/*/schemas.json "$SCHEMAS" >&2
  fi
  BUNDLES=()  # entries: name|plan|schemas file or empty
  declare -A BUNDLED=()  # each plan once, whatever --forms gave it
  for entry in "${INPUTS[@]}"; do
    IFS='|' read -r name plan args _ <<<"$entry"
    [[ -n ${BUNDLED[$name]:-} ]] && continue
    BUNDLED[$name]=1
    schemas=
    for arg in $args; do [[ $arg == --schemas=* ]] && schemas=${arg#--schemas=}; done
    BUNDLES+=("$name|$plan|$schemas")
    [[ $name == show-* ]] && BUNDLES+=("$name + real-sized schemas|$plan|$REAL_SCHEMAS")
  done
  BHEADER='| command | input | plan | schemas | bundle | bundle / (plan + schemas) | wall (median) | peak RSS | commit |'
  { echo; echo "$BHEADER"; echo '|---|---|---|---|---|---|---|---|---|'; } | tee -a "$RESULTS"
  for entry in "${BUNDLES[@]}"; do
    IFS='|' read -r name plan schemas <<<"$entry"
    out=$SCRATCH/bundle.json
    tf=("$TFSTREAM")
    [[ -n $schemas ]] && tf+=(--schemas "$schemas")
    cmd="tfstream ${schemas:+--schemas $(basename "$schemas") }--bundle $(basename "$plan") > bundle.json"
    : >"$TMP/walls"; : >"$TMP/rss"
    failed=
    for ((r = 0; r <= RUNS; r++)); do  # run 0 is the warm-up
      log "$name (bundle): run $r/$RUNS"
      if ! timeout "$TIMEOUT" /usr/bin/time -f '%e %M' -o "$TMP/time" "${tf[@]}" --bundle "$plan" >"$out"; then
        failed=yes
        break
      fi
      [[ $r -eq 0 ]] && continue
      read -r wall rss <"$TMP/time"
      echo "$wall" >>"$TMP/walls"
      echo "$rss" >>"$TMP/rss"
    done
    if [[ -n $failed ]]; then
      echo "| \`$cmd\` | $name | FAILED | | | | | | $COMMIT |" | tee -a "$RESULTS"
      continue
    fi
    pbytes=$(stat -c %s "$plan")
    sbytes=0
    [[ -n $schemas ]] && sbytes=$(stat -c %s "$schemas")
    bbytes=$(stat -c %s "$out")
    ratio=$(awk -v b="$bbytes" -v i="$((pbytes + sbytes))" 'BEGIN { printf "%.3f", b / i }')
    echo "| \`$cmd\` | $name | $(human "$pbytes") | $(human "$sbytes") | $(human "$bbytes") | $ratio |" \
      "$(fmt_s "$(median <"$TMP/walls")") | $(fmt_mb "$(sort -g "$TMP/rss" | tail -1)") | $COMMIT |" | tee -a "$RESULTS"
  done
  rm -f "$SCRATCH/bundle.json"
fi
log "rows saved to $RESULTS"
