#!/usr/bin/env bash
# Truncated input: real conformance cases cut at every byte (small ones) or
# around every structural byte (larger ones), as a file and through a pipe,
# the plan and the schemas file. A cut that only drops trailing whitespace
# must render exactly as the whole file; any other must fail with one line
# "tfstream: <file>: byte <offset>: ... (the JSON ends early: the input is
# truncated)" (offset within the cut, nothing on stdout); a cut at 0 leaves
# an empty input, named as such.
source "$(dirname "$0")/lib.sh"

# Under the sanitizers each run costs ~10x: check every QUICK_STRIDE-th cut.
STRIDE=1
[ "$QUICK" = 1 ] && STRIDE=${QUICK_STRIDE:-7}

# truncate_case ID FILE EXTRA_ARGS... -- : cuts FILE (the plan, or the file
# after --schemas when TARGET=schemas) and checks every cut.
#   MODE: all | structural:N (at most N cuts around structural bytes)
#   VIA:  file | stdin
truncate_case() {
  local id=$1 target=$2 mode=$3 via=$4 plan=$5 schemas=${6:-}
  local src=$plan
  [ "$target" = schemas ] && src=$schemas
  local dir=cuts_$id
  rm -rf "$dir"
  if [ "$mode" = all ]; then
    $MUTATE truncations "$src" "$dir"
  else
    $MUTATE truncations "$src" "$dir" 1 "${mode#structural:}"
  fi
  # The whole file's rendering, and where its trailing whitespace starts.
  local args=(--no-color)
  [ -n "$schemas" ] && args+=(--schemas "$schemas")
  "$TFSTREAM" "${args[@]}" "$plan" >"whole_$id.out" 2>/dev/null
  local content_len
  content_len=$($PYTHON -S -c 'import sys; print(len(open(sys.argv[1], "rb").read().rstrip(b" \t\r\n")))' "$src")
  local cuts=0 checked=0 bad=0 first_bad="" n cut label run_args
  for cut in $(ls "$dir" | sort -n); do
    n=$cut
    cuts=$((cuts + 1))
    [ $((cuts % STRIDE)) = 0 ] || [ "$STRIDE" = 1 ] || continue
    checked=$((checked + 1))
    if [ "$target" = schemas ]; then
      run_args=(--no-color --schemas "$dir/$cut" "$plan")
      label=$dir/$cut
    elif [ "$via" = stdin ]; then
      run_args=("${args[@]}" -)
      label='<stdin>'
    else
      run_args=("${args[@]}" "$dir/$cut")
      label=$dir/$cut
    fi
    if [ "$via" = stdin ]; then
      cat "$dir/$cut" | tf "${run_args[@]}"
    else
      tf "${run_args[@]}"
    fi
    local problem=""
    if [ "$n" -ge "$content_len" ]; then
      # Only whitespace after the document was cut.
      { [ "$RC" = 0 ] && cmp -s "$W/out" "whole_$id.out"; } || problem="want the whole rendering: $(describe_run)"
    elif [ "$RC" != 1 ]; then
      problem="exit status $RC: $(describe_run)"
    elif ! err_is_one_line; then
      problem="stderr not one line: $(describe_run)"
    elif [ -s "$W/out" ]; then
      problem="stdout not empty: $(describe_run)"
    elif [ "$n" = 0 ]; then
      # Nothing left: named as empty input, not as JSON.
      [[ $(err_line) == "tfstream: $label: "*" is empty, no plan"* ]] || [ "$target" = schemas ] ||
        problem="not named empty: $(err_line)"
      [[ $(err_line) == "tfstream: $label: the schemas file is empty: "* ]] || [ "$target" != schemas ] ||
        problem="not named empty: $(err_line)"
    else
      local line rest
      line=$(err_line)
      rest=${line#"tfstream: $label:"}
      if [ "$rest" = "$line" ] || ! [[ $rest =~ ^\ byte\ ([0-9]+):\ .+ ]]; then
        problem="not 'tfstream: $label: byte <offset>: ...': $line"
      elif [ "${BASH_REMATCH[1]}" -gt "$n" ]; then
        problem="offset ${BASH_REMATCH[1]} beyond the cut: $line"
      elif [[ $line != *"(the JSON ends early: the input is truncated)" ]]; then
        problem="does not say the input is truncated: $line"
      fi
    fi
    if [ -n "$problem" ]; then
      bad=$((bad + 1))
      [ -z "$first_bad" ] && first_bad="cut at $n: $problem"
    fi
  done
  rm -rf "$dir"
  if [ "$STRIDE" = 1 ]; then
    echo "truncation/$id: $cuts cuts checked, $bad bad"
  else
    echo "truncation/$id: sample: $checked of $cuts cuts (1 in $STRIDE, ROBUSTNESS_QUICK=1); the others are not run; $bad bad"
  fi
  result "truncation/$id" "$([ "$bad" = 0 ] && echo 1 || echo 0)" "$bad bad cuts, first: $first_bad"
}

case_dir() {
  if [ -f "$CASES/$1/plan.json" ]; then
    printf '%s' "$CASES/$1"
  else
    result "truncation/setup-$1" 0 "conformance case $1 not found"
    return 1
  fi
}

# Renderer shape with invalid UTF-8 and escapes (hand-strings, 1.3 KB).
if d=$(case_dir hand-strings); then
  truncate_case hand-strings plan all file "$d/plan.json"
  truncate_case hand-strings-stdin plan all stdin "$d/plan.json"
fi
# show -json with a separate schemas file, both cut.
if d=$(case_dir real-hashicorp-testdata__deep_module__plan); then
  s=$CASES/../schemas/hashicorp__terraform-json__testdata__deep_module__schemas.json
  truncate_case deep-module plan all file "$d/plan.json" "$s"
  truncate_case deep-module-schemas schemas all file "$d/plan.json" "$s"
fi
# Action invocations (lifecycle triggers), 7 KB.
if d=$(case_dir gen-small-100); then
  truncate_case actions plan structural:600 file "$d/plan.json" "$d/schemas.json"
fi
# Drift, outputs, moved resources; renderer shape.
if d=$(case_dir real-hashicorp-internal__cloud__testdata__plan-json-full__plan-redacted); then
  truncate_case cloud-full plan structural:400 file "$d/plan.json"
fi
# A 660 KB plan: cuts far from the start, through a pipe too.
if d=$(case_dir gen-medium-8); then
  truncate_case medium plan structural:150 file "$d/plan.json" "$d/schemas.json"
  truncate_case medium-stdin plan structural:50 stdin "$d/plan.json" "$d/schemas.json"
fi

finish
