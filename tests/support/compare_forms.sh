#!/bin/sh
# Compares two recordings of tests/support/record_forms.py: lists every run whose
# output, standard error or exit status differs, or that only one recording has,
# and exits 1 if there is any. Usage: tests/support/compare_forms.sh BEFORE AFTER
set -eu
[ $# -eq 2 ] || { echo "usage: $0 BEFORE AFTER" >&2; exit 2; }
before=$1 after=$2
n=$(find "$before" -name '*.out' | wc -l)
m=$(find "$after" -name '*.out' | wc -l)
if diff -rq "$before" "$after" >/tmp/compare_forms.$$ 2>&1; then
  echo "identical: $n runs"
  rm -f /tmp/compare_forms.$$
  exit 0
fi
echo "differ ($n runs before, $m after):"
head -50 /tmp/compare_forms.$$
echo "$(wc -l </tmp/compare_forms.$$) differences in all"
rm -f /tmp/compare_forms.$$
exit 1
