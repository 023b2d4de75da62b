#!/usr/bin/env bash
# --help as a reader sees it, and the man page generated from it
# (man/gen_man.py, BUILD_DIR/tfstream.1): no trailing spaces, short aliases
# spelled "-j, --jobs N" (not Boost's "-j [ --jobs ] N"), a .TH header on one
# line naming the version, a DESCRIPTION without --version's raw lines, an
# OPTIONS entry for every option --help lists, and a page that renders
# without warnings.
#   help_and_man.sh BUILD_DIR
BUILD=$(cd "$1" && pwd)
source "$(dirname "$0")/lib.sh" "$BUILD/tfstream"
PAGE=$BUILD/tfstream.1
t --help >"$WORK/help" || echo "  tfstream --help failed"
t --version >"$WORK/version" || echo "  tfstream --version failed"
VERSION_LINE=$(head -1 "$WORK/version")

help_has_no_trailing_spaces() {
  ! grep -n '[[:space:]]$' "$WORK/help" | sed 's/^/  trailing space: /' | grep .
}
help_spells_short_aliases_with_a_comma() {
  ! grep -n -- '\[ --' "$WORK/help" | sed 's/^/  Boost spelling: /' | grep . &&
    grep -q '^  -j, --jobs N  ' "$WORK/help" && grep -q '^  -h, --help  ' "$WORK/help"
}
# Every option of --help's Options section, as "--name".
help_options() {
  sed -n '/^Options:$/,/^$/p' "$WORK/help" | grep -oE '^  (-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+'
}
man_header_is_one_line() {
  local expected=".TH TFSTREAM 1 \"\" \"$VERSION_LINE\" \"User Commands\""
  [ "$(head -1 "$PAGE")" = "$expected" ] || { echo "  line 1: $(head -1 "$PAGE")"; echo "  wanted: $expected"; return 1; }
  [ "$(sed -n 2p "$PAGE")" = ".SH NAME" ] || { echo "  line 2: $(sed -n 2p "$PAGE")"; return 1; }
}
# DESCRIPTION: --help's paragraph, then one sentence per renderer reproduced;
# --version's own lines ("reproduces, --flavor ...:", "tfstream 0.1.0") never.
man_description_reads_as_sentences() {
  sed -n '/^\.SH DESCRIPTION$/,/^\.SH OPTIONS$/p' "$PAGE" >"$WORK/description"
  ! grep -n -e 'reproduces,' -e "$VERSION_LINE" "$WORK/description" | sed 's/^/  raw --version text: /' | grep . &&
    grep -q '^With \\fB\\-\\-flavor terraform\\fR it reproduces hashicorp/terraform' "$WORK/description" &&
    grep -q '^With \\fB\\-\\-flavor opentofu\\fR it reproduces opentofu/opentofu' "$WORK/description" ||
    { echo "  DESCRIPTION:"; sed 's/^/    /' "$WORK/description"; return 1; }
}
man_lists_every_option() {
  local options opt headings
  options=$(help_options)
  [ "$(wc -l <<<"$options")" -ge 20 ] || { echo "  --help lists only: $options"; return 1; }
  # The line after each .TP in OPTIONS is an option's heading.
  headings=$(sed -n '/^\.SH OPTIONS$/,/^\.SH /p' "$PAGE" | grep -A1 '^\.TP$' | grep -v -e '^\.TP$' -e '^--$')
  [ "$(wc -l <<<"$headings")" = "$(wc -l <<<"$options")" ] ||
    { echo "  $(wc -l <<<"$headings") entries in OPTIONS, $(wc -l <<<"$options") options in --help"; return 1; }
  for opt in $options; do
    grep -qF -- "\\fB$(sed 's/-/\\-/g' <<<"$opt")\\fR" <<<"$headings" || { echo "  OPTIONS lacks $opt"; return 1; }
  done
  grep -qxF '\fB\-j\fR, \fB\-\-jobs\fR \fIN\fR' <<<"$headings" || { echo "  no '-j, --jobs N' heading"; return 1; }
}
man_renders_cleanly() {
  command -v groff >/dev/null || { echo "  (groff not installed: rendering not checked)"; return 0; }
  # Plain text: no escape sequences (-c), no overstriking for bold or underline.
  groff -man -Tascii -P-c -P-b -P-u -ww -rLL=80n "$PAGE" 2>"$WORK/warnings" >"$WORK/rendered"
  [ ! -s "$WORK/warnings" ] || { sed 's/^/  groff: /' "$WORK/warnings"; return 1; }
  # Header and footer lines: the page's name and its version, once each.
  grep -qE '^TFSTREAM\(1\) +User Commands +TFSTREAM\(1\)$' "$WORK/rendered" &&
    grep -qE "^$VERSION_LINE +TFSTREAM\(1\)$" "$WORK/rendered" ||
    { echo "  rendered header/footer:"; grep 'TFSTREAM(1)' "$WORK/rendered" | sed 's/^/    /'; return 1; }
}
check help_has_no_trailing_spaces help_has_no_trailing_spaces
check help_spells_short_aliases_with_a_comma help_spells_short_aliases_with_a_comma
check man_header_is_one_line man_header_is_one_line
check man_description_reads_as_sentences man_description_reads_as_sentences
check man_lists_every_option man_lists_every_option
check man_renders_cleanly man_renders_cleanly
finish
