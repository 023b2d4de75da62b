#!/usr/bin/env bash
# `cmake --install` puts the binary and the man page generated from --help
# under the prefix; the page documents every option and renders cleanly.
#   install.sh BUILD_DIR
BUILD=$(cd "$1" && pwd)
source "$(dirname "$0")/lib.sh" "$BUILD/tfstream"
PREFIX=$WORK/prefix

installs() {
  timeout 120 cmake --install "$BUILD" --prefix "$PREFIX" >/dev/null &&
    [ -x "$PREFIX/bin/tfstream" ] && [ -f "$PREFIX/share/man/man1/tfstream.1" ]
}
installed_binary_runs() { "$PREFIX/bin/tfstream" --version | grep -q '^tfstream '; }
destdir_is_honoured() {
  DESTDIR=$WORK/dest timeout 120 cmake --install "$BUILD" --prefix /opt/tf >/dev/null &&
    [ -x "$WORK/dest/opt/tf/bin/tfstream" ] && [ -f "$WORK/dest/opt/tf/share/man/man1/tfstream.1" ]
}
page_documents_every_option() {
  local page=$PREFIX/share/man/man1/tfstream.1 opt
  head -1 "$page" | grep -q "^\.TH TFSTREAM 1 \"\" \"tfstream $("$TFSTREAM" --version | awk '{print $2}')\"" || return 1
  for opt in $("$TFSTREAM" --help | grep -oE '^  (-[a-z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+'); do
    grep -qF -- "\\fB$(sed 's/-/\\-/g' <<<"$opt")\\fR" "$page" || { echo "  man page lacks $opt"; return 1; }
  done
  for section in SYNOPSIS DESCRIPTION OPTIONS TERMINAL PROGRESS FILTERS SUMMARY MARKDOWN ENVIRONMENT \
    "EXIT STATUS" EXAMPLES; do
    grep -q "^\.SH $section\$" "$page" || { echo "  man page lacks $section"; return 1; }
  done
}
page_renders_without_warnings() {
  command -v groff >/dev/null || return 0  # nothing to render with
  groff -man -Tutf8 -ww -z "$PREFIX/share/man/man1/tfstream.1" 2>"$WORK/warn" && [ ! -s "$WORK/warn" ] ||
    { cat "$WORK/warn"; return 1; }
}
# TFSTREAM_STATIC_DEPS (CMakeLists.txt): the C++ runtime, Boost and yajl are
# in the binary, so the loader has only glibc and mimalloc left to map.
links_its_libraries_as_configured() {
  command -v readelf >/dev/null || return 0
  local needed
  needed=$(readelf -d "$BUILD/tfstream" | grep -o 'Shared library: \[[^]]*\]')
  grep -q '^TFSTREAM_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt" && return 0  # ASan: system allocator
  grep -q '^TFSTREAM_STATIC:BOOL=ON' "$BUILD/CMakeCache.txt" && return 0  # nothing shared: static.sh
  grep -q 'libmimalloc' <<<"$needed" || { echo "  mimalloc is not linked"; return 1; }
  grep -q '^TFSTREAM_STATIC_DEPS:BOOL=ON' "$BUILD/CMakeCache.txt" || return 0
  if grep -E 'libstdc\+\+|libgcc_s|libboost|libyajl' <<<"$needed"; then
    echo "  static dependencies linked as shared libraries"
    return 1
  fi
}
check installs installs
check installed_binary_runs installed_binary_runs
check destdir_is_honoured destdir_is_honoured
check page_documents_every_option page_documents_every_option
check page_renders_without_warnings page_renders_without_warnings
check links_its_libraries_as_configured links_its_libraries_as_configured
finish
