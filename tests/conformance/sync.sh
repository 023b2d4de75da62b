#!/usr/bin/env bash
# Keeps the repo's copies of the shared conformance corpora in step with them:
# tests/conformance/corpus.tar.xz (Terraform, ../shared/conformance),
# tests/conformance/corpus-tofu.tar.xz (OpenTofu, ../shared/conformance-tofu),
# tests/conformance/corpus-state.tar.xz (states of both, ../shared/conformance-state) and
# tests/conformance/corpus-versions.tar.xz (older releases, ../shared/conformance-versions).
#
#   sync.sh [--tofu|--state|--versions] [--from DIR]           re-create the archive from DIR
#                                                      (default the shared corpus beside the
#                                                      repository): cases/ and schemas/
#                                                      (--versions: README.md, */cases/)
#   sync.sh [--tofu|--state|--versions] --verify [--from DIR]  compare the archive's file list and
#                                                      SHA-256 sums with DIR; exit 0 when in
#                                                      sync, 1 when stale, 2 on errors
#   --tofu                                             the OpenTofu corpus instead of Terraform's
#   --state                                            the state corpus (--state, both flavours)
#   --versions                                         the older releases' corpora, one folder each
#
# The archive is deterministic: names sorted, mtime 0, owner/group 0, modes
# a=rX,u+w (so an extracted tree can be deleted), GNU tar format, single-threaded xz -9e.
# The same corpus therefore always gives the same bytes, and git only stores a new
# blob when the corpus really changed.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
archive="$here/corpus.tar.xz"
from="$repo/../shared/conformance"
verify=0
flag=""
while [ $# -gt 0 ]; do
  case "$1" in
    --tofu) archive="$here/corpus-tofu.tar.xz"; from="$repo/../shared/conformance-tofu"; flag=" --tofu" ;;
    --state) archive="$here/corpus-state.tar.xz"; from="$repo/../shared/conformance-state"; flag=" --state" ;;
    --versions) archive="$here/corpus-versions.tar.xz"; from="$repo/../shared/conformance-versions"
                flag=" --versions" ;;
    --verify) verify=1 ;;
    --from) from="$2"; shift ;;
    -h|--help) sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sync.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
export LC_ALL=C

# What is packed, relative to the corpus root: cases/ and schemas/, or for
# --versions the README and every <folder>/cases (the folders' names sorted).
content() {  # $1: root
  if [ "$flag" = " --versions" ]; then
    (cd "$1" && { echo README.md; find . -mindepth 2 -maxdepth 2 -type d -name cases | sed 's|^\./||' | sort; })
  else
    echo cases; echo schemas
  fi
}

if [ "$flag" = " --versions" ]; then
  if [ -z "$(cd "$from" 2>/dev/null && find . -mindepth 2 -maxdepth 2 -type d -name cases)" ]; then
    echo "sync.sh: no <folder>/cases/ under $from" >&2
    exit 2
  fi
elif [ ! -d "$from/cases" ] || [ ! -d "$from/schemas" ]; then
  echo "sync.sh: no cases/ and schemas/ under $from" >&2
  exit 2
fi
from=$(cd "$from" && pwd)

# sha256 manifest of the content under $1, sorted by path.
manifest() {
  (cd "$1" && content . | tr '\n' '\0' | xargs -0 -I{} find {} -type f -print0 | sort -z | xargs -0 sha256sum)
}

summary() {  # $1: a corpus root
  local n_cases n_variants n_files
  n_cases=$(cd "$1" && content . | grep -E '(^|/)cases$' | xargs -I{} find {} -mindepth 1 -maxdepth 1 -type d | wc -l)
  n_variants=$(cd "$1" && content . | xargs -I{} find {} -name '*.args' | wc -l)
  n_files=$(cd "$1" && content . | xargs -I{} find {} -type f | wc -l)
  echo "$n_cases cases, $n_variants variants, $n_files files ($(cd "$1" && content . | xargs du -sch | tail -1 | awk '{print $1}') unpacked)"
}

if [ "$verify" = 1 ]; then
  if [ ! -f "$archive" ]; then
    echo "conformance corpus: no archive at $archive; run tests/conformance/sync.sh"
    exit 1
  fi
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  tar -xJf "$archive" -C "$tmp"
  manifest "$tmp" > "$tmp/archive.sha256"
  manifest "$from" > "$tmp/shared.sha256"
  if cmp -s "$tmp/archive.sha256" "$tmp/shared.sha256"; then
    echo "conformance corpus: archive in sync with $from ($(summary "$tmp"))"
    exit 0
  fi
  # Compare by path: files only in shared (new), only in the archive (removed), changed.
  awk '{print $2, $1}' "$tmp/archive.sha256" | sort > "$tmp/a"
  awk '{print $2, $1}' "$tmp/shared.sha256" | sort > "$tmp/s"
  cut -d' ' -f1 "$tmp/a" > "$tmp/a.names"
  cut -d' ' -f1 "$tmp/s" > "$tmp/s.names"
  added=$(comm -13 "$tmp/a.names" "$tmp/s.names" | wc -l)
  removed=$(comm -23 "$tmp/a.names" "$tmp/s.names" | wc -l)
  changed=$(join "$tmp/a" "$tmp/s" | awk '$2 != $3' | wc -l)
  new_cases=$(comm -13 "$tmp/a.names" "$tmp/s.names" | sed -n 's|^\(.*cases/[^/]*\)/.*|\1|p' | sort -u | wc -l)
  echo "conformance corpus: archive is STALE against $from:"
  echo "  $added files only in the shared corpus ($new_cases cases with new files), $removed only in the archive, $changed changed"
  comm -3 "$tmp/a.names" "$tmp/s.names" | sed 's/^\t/  + /; /^  + /!s/^/  - /' | head -5
  echo "  refresh with: tests/conformance/sync.sh$flag   (then commit $archive)"
  exit 1
fi

command -v xz >/dev/null || { echo "sync.sh: xz not found (apt-get install xz-utils)" >&2; exit 2; }
echo "sync.sh: packing $(content "$from" | sed "s|^|$from/|" | head -3 | paste -sd' ') ... ($(summary "$from"))"
tmp_archive="$archive.tmp.$$"
trap 'rm -f "$tmp_archive"' EXIT
start=$(date +%s)
tar -C "$from" --sort=name --format=gnu --mtime=@0 --owner=0 --group=0 --numeric-owner \
    --mode='a=rX,u+w' -cf - $(content "$from") | xz -9e -T1 -c > "$tmp_archive"
mv -f "$tmp_archive" "$archive"
trap - EXIT
size=$(stat -c %s "$archive")
echo "sync.sh: wrote $archive: $size bytes ($(numfmt --to=iec "$size")) in $(( $(date +%s) - start )) s"
echo "sync.sh: sha256 $(sha256sum "$archive" | cut -d' ' -f1)"
