#!/usr/bin/env bash
# The fully static binary (TFSTREAM_STATIC, `make static`): no loader, no
# shared library, the allocator it was configured with, and it renders from
# a root directory that holds nothing but itself, a plan and /tmp, as in a
# `FROM scratch` image. The conformance tests of the same build tree run the
# corpus through it (file and stdin).
#   static.sh TFSTREAM ALLOCATOR     ALLOCATOR: mimalloc or glibc
source "$(dirname "$0")/lib.sh" "$1"
ALLOCATOR=$2
PLAN=$HERE/../../examples/example-plan.json

file_says_statically_linked() {
  command -v file >/dev/null || { echo "  file(1) is missing: install the Debian package file"; return 1; }
  local out
  out=$(file -L "$TFSTREAM")
  grep -q 'ELF 64-bit LSB executable, x86-64' <<<"$out" && grep -q ', statically linked' <<<"$out" ||
    { echo "  file: $out"; return 1; }
}
ldd_says_not_dynamic() {
  local out
  out=$(ldd "$TFSTREAM" 2>&1)
  grep -q 'not a dynamic executable' <<<"$out" || { echo "  ldd: $out"; return 1; }
}
# What the two above conclude from, read directly: no program interpreter
# (the kernel starts the file itself) and no shared library to load.
no_interpreter_and_no_needed_library() {
  local out
  out=$(readelf -ld "$TFSTREAM") || return 1
  if grep -E 'INTERP|NEEDED' <<<"$out"; then
    echo "  $TFSTREAM still asks for a loader or shared libraries"
    return 1
  fi
}
# mimalloc announces itself when MIMALLOC_VERBOSE=1; glibc's malloc ignores it.
allocator_is_as_configured() {
  local banner
  banner=$(MIMALLOC_VERBOSE=1 t --version 2>&1 >/dev/null)
  case $ALLOCATOR in
    mimalloc)
      grep -q '^mimalloc: process init' <<<"$banner" ||
        { echo "  no mimalloc banner with MIMALLOC_VERBOSE=1: got '$(head -3 <<<"$banner")'"; return 1; }
      # glibc's allocator must not be in the binary beside it.
      nm "$TFSTREAM" | grep -qE ' [tT] (_int_malloc|sysmalloc)$' &&
        { echo "  glibc's malloc is linked as well"; return 1; }
      return 0 ;;
    glibc)
      [ -z "$banner" ] || { echo "  mimalloc in a binary configured without it: $(head -1 <<<"$banner")"; return 1; }
      nm "$TFSTREAM" | grep -qE ' [tT] (_int_malloc|sysmalloc)$' || { echo "  glibc's malloc is not in the binary"; return 1; } ;;
    *) echo "  unknown allocator '$ALLOCATOR'"; return 1 ;;
  esac
}

# A root holding only the binary and a plan: no /lib, /usr, /proc or /etc.
ROOT=$WORK/root
mkdir -p "$ROOT"
cp "$TFSTREAM" "$ROOT/tfstream"
cp "$PLAN" "$ROOT/plan.json"
mkdir -m 1777 "$ROOT/tmp"
DYNAMIC_TRUE=$(type -P true)
cp "$DYNAMIC_TRUE" "$ROOT/dynamic-true"
# How to enter it: a user namespace where the kernel allows one, else chroot as root.
if timeout 10 unshare --user --map-root-user true 2>/dev/null; then
  in_root_how=unshare
elif [ "$(id -u)" = 0 ]; then
  in_root_how=chroot
else
  in_root_how=none
fi
in_root() {
  case $in_root_how in
    unshare) timeout 60 unshare --user --map-root-user --root="$ROOT" "$@" ;;
    chroot) timeout 60 chroot "$ROOT" "$@" ;;
    none) return 125 ;;
  esac
}
# The plan as a path, as a regular file on stdin (mapped), and through a pipe
# (spooled to $TMPDIR: the root's one directory, /tmp).
renders_in_an_empty_root() {
  local jobs out
  for jobs in 1 2; do
    t --color=never --jobs "$jobs" "$PLAN" >"$WORK/host.txt" || return 1
    for how in path file-stdin pipe; do
      out=$WORK/root-$how.txt
      case $how in
        path) in_root /tfstream --color=never --jobs "$jobs" /plan.json >"$out" ;;
        file-stdin) in_root /tfstream --color=never --jobs "$jobs" - <"$PLAN" >"$out" ;;
        pipe) cat "$PLAN" | TMPDIR=/tmp in_root /tfstream --color=never --jobs "$jobs" - >"$out" ;;
      esac
      case $? in
        0) ;;
        125) echo "  NOT RUN: neither 'unshare --user --root' nor chroot (not root) works here"; return 1 ;;
        *) echo "  tfstream failed in the empty root (--jobs $jobs, plan $how)"; return 1 ;;
      esac
      cmp "$WORK/host.txt" "$out" || return 1
    done
  done
  [ -s "$WORK/host.txt" ]
}
# Without a temporary directory a pipe cannot be spooled: a clear error, exit 1.
pipe_without_tmpdir_fails_clearly() {
  local status
  cat "$PLAN" | TMPDIR=/nowhere in_root /tfstream - >"$WORK/out.txt" 2>"$WORK/err.txt"
  status=$?
  [ "$status" = 125 ] && return 1
  [ "$status" = 1 ] && [ ! -s "$WORK/out.txt" ] &&
    grep -q '^tfstream: <stdin>: cannot create a temporary file in /nowhere' "$WORK/err.txt" ||
    { echo "  exit $status: $(head -2 "$WORK/err.txt")"; return 1; }
}
# The control: the same root does stop a dynamically linked program.
empty_root_stops_a_dynamic_program() {
  readelf -l "$DYNAMIC_TRUE" | grep -q INTERP || { echo "  $DYNAMIC_TRUE is no dynamic program"; return 1; }
  "$DYNAMIC_TRUE" || return 1
  in_root /dynamic-true 2>/dev/null
  case $? in
    0) echo "  $DYNAMIC_TRUE ran without its libraries: the root is not empty"; return 1 ;;
    125) return 1 ;;  # reported by renders_in_an_empty_root
  esac
}

check file_says_statically_linked file_says_statically_linked
check ldd_says_not_dynamic ldd_says_not_dynamic
check no_interpreter_and_no_needed_library no_interpreter_and_no_needed_library
check allocator_is_as_configured allocator_is_as_configured
check renders_in_an_empty_root renders_in_an_empty_root
check pipe_without_tmpdir_fails_clearly pipe_without_tmpdir_fails_clearly
check empty_root_stops_a_dynamic_program empty_root_stops_a_dynamic_program
echo "static: $TFSTREAM, allocator $ALLOCATOR, empty root entered with $in_root_how"
finish
