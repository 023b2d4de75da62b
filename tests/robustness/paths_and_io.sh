#!/usr/bin/env bash
# The edges of the process: bad paths, odd standard streams, a reader that
# goes away, a full device, a spool that cannot be written, signals while
# spooling standard input, absurd option values.
source "$(dirname "$0")/lib.sh"

P=$FIXTURES/plan.json
SHOW=$FIXTURES/show.json
S=$FIXTURES/schemas.json
BIG=$CASES/gen-edge-1/plan.json  # 10 MiB, many blocks: flushed many times
$MUTATE many "$P" many.json 100
"$TFSTREAM" --no-color "$P" >plan.out

# --- usage errors: exit 2, one line ---------------------------------------------------
usage() {  # ID PATTERN ARGS...
  local id=$1 pattern=$2
  shift 2
  tf "$@"
  if [ "$RC" = 2 ] && err_is_one_line && [[ $(err_line) =~ ^tfstream:\ .*$pattern ]] && [ ! -s "$W/out" ]; then
    result "usage/$id" 1
  else
    result "usage/$id" 0 "$(describe_run)"
  fi
}
usage unknown-option "unrecognised option '--bogus'" --bogus "$P"
usage two-plans 'one PLAN only, got 2' "$P" "$P"
usage bad-width 'width' --width abc "$P"
usage bad-mode 'mode' --mode sideways "$P"
usage bad-color 'color' --color sometimes "$P"
usage negative-jobs 'jobs' -j -1 "$P"
usage empty-plan-path 'PLAN must not be an empty string' ''
usage empty-schemas-path 'schemas must not be an empty string' --schemas '' "$P"
usage both-stdin 'both be standard input' --schemas - -
usage missing-value "schemas" "$P" --schemas
usage control-characters-escaped 'not .a\\nb\\x1b\[2J.$' --mode $'a\nb\e[2J' "$P"
# A huge --jobs is capped rather than failing to create threads.
expect_ok usage/huge-jobs-capped - -- --no-color -j 100000 many.json

# --- PLAN paths ------------------------------------------------------------------------
expect_error path/missing /nonexistent/plan.json --file-level --match 'No such file or directory$' -- /nonexistent/plan.json
mkdir -p adir
expect_error path/directory adir --file-level --match 'is a directory$' -- adir
expect_error path/directory-as-stdin '<stdin>' --file-level --match 'Is a directory$' -- - <adir
mkdir -m 711 locked
cp "$P" locked/plan.json
chmod 000 locked/plan.json
if [ "$(id -u)" = 0 ]; then
  # Root reads anything: drop to nobody for this one.
  if command -v setpriv >/dev/null && setpriv --reuid=65534 --regid=65534 --clear-groups "$TFSTREAM" --version >/dev/null 2>&1; then
    timeout 60 setpriv --reuid=65534 --regid=65534 --clear-groups "$TFSTREAM" locked/plan.json >"$W/out" 2>"$W/err"
    RC=$?
    check_io_error path/unreadable locked/plan.json 'Permission denied$'
  else
    echo "SKIP path/unreadable: running as root without setpriv"
  fi
else
  expect_error path/unreadable locked/plan.json --file-level --match 'Permission denied$' -- locked/plan.json
fi
$PYTHON -S -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' sock
expect_error path/socket sock --file-level --match 'No such device or address$' -- sock
expect_error path/dev-null /dev/null --file-level --match 'the file is empty, no plan' -- /dev/null
mkfifo fifo
# The writer opens the FIFO in a child under a time limit: no hang if
# tfstream never opens it.
timeout 60 sh -c 'cat "$1" >"$2"' sh "$P" fifo &
expect_ok path/fifo plan.out -- --no-color fifo
wait

# A plan that shrinks while it is read (rewritten in place by another
# process): its mapped pages vanish. Reported as bad input, not SIGBUS. The
# reader stalls once output flows, so that tfstream is mid-way (blocked on a
# full pipe) when the file is cut.
for j in 1 2; do
  cp "$BIG" shrink.json
  rm -f started
  { timeout 60 "$TFSTREAM" --no-color -j $j shrink.json 2>"$W/err"; echo $? >shrink.rc; } |
    { head -c 1 >started; sleep 1; cat >/dev/null; } &
  for i in $(seq 400); do
    [ -s started ] && break
    sleep 0.05
  done
  : >shrink.json
  wait
  RC=$(cat shrink.rc)
  : >"$W/out"
  check_io_error "path/shrinks-while-read-j$j" shrink.json 'the input changed size while being read$'
done

# --- standard streams ---------------------------------------------------------------------
expect_error stdin/closed '<stdin>' --file-level --match 'standard input is closed$' -- - <&-
expect_error stdin/closed-for-schemas '<stdin>' --file-level --match 'standard input is closed$' -- --schemas - "$SHOW" <&-
expect_ok stdin/schemas-from-stdin - -- --no-color --schemas - "$SHOW" <"$S"
timeout 60 "$TFSTREAM" "$P" >&- 2>"$W/err"
RC=$?
: >"$W/out"
check_io_error stdout/closed-fd '' 'cannot write standard output'
timeout 60 "$TFSTREAM" --no-color "$P" >/dev/full 2>"$W/err"
RC=$?
: >"$W/out"
check_io_error stdout/dev-full '' 'cannot write standard output: No space left on device$'
timeout 60 "$TFSTREAM" --no-color -j 2 "$BIG" >/dev/full 2>"$W/err"
RC=$?
: >"$W/out"
check_io_error stdout/dev-full-big '' 'cannot write standard output: No space left on device$'
timeout 60 "$TFSTREAM" --no-color - <"$P" >/dev/full 2>"$W/err"
RC=$?
: >"$W/out"
check_io_error stdout/dev-full-stdin '' 'No space left on device$'

# A reader that stops early: exit 0, nothing on stderr, like other filters.
reader_gone() {  # ID READER ARGS... (the plan in the args, or on stdin when "-")
  local id=$1 reader=$2
  shift 2
  timeout -k 5 "$RUN_TIMEOUT" "$TFSTREAM" "$@" 2>"$W/err" | $reader >/dev/null
  RC=${PIPESTATUS[0]}
  if [ "$RC" = 0 ] && [ ! -s "$W/err" ]; then
    result "stdout/$id" 1
  else
    result "stdout/$id" 0 "$(describe_run)"
  fi
}
for j in 1 2; do
  reader_gone "head-1-big-j$j" "head -n 1" --no-color -j $j "$BIG"
  reader_gone "head-1-many-j$j" "head -n 1" --no-color -j $j many.json
  reader_gone "head-c-100k-big-j$j" "head -c 100000" --no-color -j $j "$BIG"
  reader_gone "true-big-j$j" true --no-color -j $j "$BIG"
done
reader_gone head-1-big-stdin "head -n 1" --no-color - <"$BIG"
cat "$BIG" | reader_gone head-1-big-pipe "head -n 1" --no-color -

# Non-blocking pipes inherited from the caller (as some runtimes leave them):
# writes that would block are retried, nothing is lost.
$PYTHON -S - "$TFSTREAM" "$BIG" <<'EOF' >nonblock.txt 2>&1
import fcntl, os, subprocess, sys, time
tfstream, plan = sys.argv[1], sys.argv[2]
def nonblocking(fd):
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)
want = subprocess.run([tfstream, "--no-color", plan], capture_output=True).stdout
# stdout: a non-blocking pipe read slowly.
r, w = os.pipe()
nonblocking(w)
p = subprocess.Popen([tfstream, "--no-color", plan], stdout=w, stderr=subprocess.PIPE)
os.close(w)
time.sleep(0.3)
got = b""
while True:
    chunk = os.read(r, 1 << 16)
    if not chunk:
        break
    got += chunk
err = p.stderr.read()
print("stdout", p.wait(), len(got) == len(want) and got == want, err.decode(errors="replace").strip())
# stdin: a non-blocking pipe written slowly.
r, w = os.pipe()
nonblocking(r)
p = subprocess.Popen([tfstream, "--no-color", "-"], stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
os.close(r)
data = open(plan, "rb").read()
time.sleep(0.3)
with os.fdopen(w, "wb") as f:
    f.write(data)
out, err = p.communicate()
print("stdin", p.returncode, out == want, err.decode(errors="replace").strip())
EOF
result stdout/non-blocking-pipe "$(grep -qx 'stdout 0 True ' nonblock.txt && echo 1 || echo 0)" "$(tr '\n' '|' <nonblock.txt)"
result stdin/non-blocking-pipe "$(grep -qx 'stdin 0 True ' nonblock.txt && echo 1 || echo 0)" "$(tr '\n' '|' <nonblock.txt)"

# Standard output a pipe: enlarged to 1 MiB (or pipe-max-size), so that a
# reader takes whole batches in one turn (buffer/pipe_size.h); the text is
# the same as into a file, and a socket is left as it is.
$PYTHON -S - "$TFSTREAM" "$BIG" <<'EOF' >pipesize.txt 2>&1
import fcntl, os, socket, subprocess, sys
tfstream, plan = sys.argv[1], sys.argv[2]
want = subprocess.run([tfstream, "--no-color", plan], capture_output=True).stdout
try:
    limit = int(open("/proc/sys/fs/pipe-max-size").read())
except OSError:
    limit = 1 << 20
r, w = os.pipe()
before = fcntl.fcntl(r, fcntl.F_GETPIPE_SZ)
p = subprocess.Popen([tfstream, "--no-color", plan], stdout=w)
os.close(w)
got = b""
while True:
    chunk = os.read(r, 1 << 16)
    if not chunk:
        break
    got += chunk
print("pipe", p.wait(), before, fcntl.fcntl(r, fcntl.F_GETPIPE_SZ) == min(1 << 20, limit), got == want)
a, b = socket.socketpair()
p = subprocess.Popen([tfstream, "--no-color", plan], stdout=b.fileno())
b.close()
got = b""
while True:
    chunk = a.recv(1 << 16)
    if not chunk:
        break
    got += chunk
print("socket", p.wait(), got == want)
EOF
result stdout/pipe-enlarged "$(grep -qx 'pipe 0 65536 True True' pipesize.txt && echo 1 || echo 0)" "$(tr '\n' '|' <pipesize.txt)"
result stdout/socket-as-is "$(grep -qx 'socket 0 True' pipesize.txt && echo 1 || echo 0)" "$(tr '\n' '|' <pipesize.txt)"

# Standard input a socket (as a service manager or a CI runner may leave it):
# splice cannot move it into the spool, read/write does; a plan, and a state
# (pre-scanned as it arrives), in odd-sized pieces, the same text as from a file.
$PYTHON -S - "$TFSTREAM" "$BIG" "$FIXTURES/state.json" "$FIXTURES/state_schemas.json" <<'EOF' >sockstdin.txt 2>&1
import socket, subprocess, sys, threading
tfstream, plan, state, schemas = sys.argv[1:5]
def through_socket(name, path, args):
    want = subprocess.run([tfstream] + args + [path], capture_output=True).stdout
    data = open(path, "rb").read()
    mine, theirs = socket.socketpair()
    p = subprocess.Popen([tfstream] + args + ["-"], stdin=theirs, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    theirs.close()
    def feed():
        for i in range(0, len(data), 4093):
            mine.sendall(data[i:i + 4093])
        mine.close()
    t = threading.Thread(target=feed)
    t.start()
    out, err = p.communicate()
    t.join()
    print(name, p.returncode, len(out) > 0 and out == want, err.decode(errors="replace").strip())
through_socket("plan", plan, ["--no-color"])
through_socket("state", state, ["--state", "--no-color", "--schemas", schemas])
EOF
result stdin/socket-plan "$(grep -qx 'plan 0 True ' sockstdin.txt && echo 1 || echo 0)" "$(tr '\n' '|' <sockstdin.txt)"
result stdin/socket-state "$(grep -qx 'state 0 True ' sockstdin.txt && echo 1 || echo 0)" "$(tr '\n' '|' <sockstdin.txt)"

# --- the spool for standard input ------------------------------------------------------------
# It never has a name: TMPDIR stays empty during and after every run.
mkdir spooldir
cat "$P" | TMPDIR=$W/spooldir tf --no-color -
result spool/pipe-renders "$([ "$RC" = 0 ] && cmp -s "$W/out" plan.out && echo 1 || echo 0)" "$(describe_run)"
result spool/no-file-left "$([ -z "$(ls -A spooldir)" ] && echo 1 || echo 0)" "left: $(ls -A spooldir)"
cat "$P" | TMPDIR=/nonexistent tf -
check_io_error spool/tmpdir-missing '<stdin>' 'cannot create a temporary file in /nonexistent.*No such file or directory'
cat "$P" | TMPDIR=$P tf -
check_io_error spool/tmpdir-is-a-file '<stdin>' 'cannot create a temporary file in .*Not a directory'
mkdir -m 555 rodir
if [ "$(id -u)" != 0 ]; then
  cat "$P" | TMPDIR=$W/rodir tf -
  check_io_error spool/tmpdir-unwritable '<stdin>' 'cannot create a temporary file in .*Permission denied'
elif setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null; then
  chmod 711 "$W"
  cat "$P" | TMPDIR=$W/rodir timeout 60 setpriv --reuid=65534 --regid=65534 --clear-groups "$TFSTREAM" - \
    >"$W/out" 2>"$W/err"
  RC=$?
  check_io_error spool/tmpdir-unwritable '<stdin>' 'cannot create a temporary file in .*Permission denied'
  chmod 700 "$W"
else
  echo "SKIP spool/tmpdir-unwritable: running as root without setpriv"
fi

# A full spool device: a 64 KiB tmpfs, in a private mount namespace when
# user namespaces allow it (else as root), else skipped.
mkdir tiny
cat >tiny.sh <<'EOF'
set -u
tiny=$1 tfstream=$2 plan=$3
mount -t tmpfs -o size=64k,mode=1777 tmpfs "$tiny" || exit 77
cat "$plan" | TMPDIR=$tiny timeout 60 "$tfstream" --no-color - >tiny.out 2>tiny.err
echo "rc=$?"
echo "left=$(ls -A "$tiny" | tr '\n' ' ')"
mount -o remount,ro "$tiny" && { cat "$plan" | TMPDIR=$tiny timeout 60 "$tfstream" - >/dev/null 2>tiny_ro.err; echo "ro_rc=$?"; }
umount "$tiny"
EOF
spool_run=""
if unshare -rm true 2>/dev/null; then
  spool_run="unshare -rm bash tiny.sh"
elif [ "$(id -u)" = 0 ]; then
  spool_run="bash tiny.sh"
fi
if [ -n "$spool_run" ] && $spool_run "$W/tiny" "$TFSTREAM" "$CASES/gen-medium-8/plan.json" >tiny.txt 2>&1 \
   && grep -q '^rc=' tiny.txt; then
  RC=$(sed -n 's/^rc=//p' tiny.txt)
  cp tiny.err "$W/err"
  : >"$W/out"
  check_io_error spool/device-full '<stdin>' 'cannot copy the input to a temporary file in .*No space left on device'
  result spool/device-full-no-file-left "$(grep -qx 'left=' tiny.txt && echo 1 || echo 0)" "$(tr '\n' '|' <tiny.txt)"
  if grep -q '^ro_rc=' tiny.txt; then
    RC=$(sed -n 's/^ro_rc=//p' tiny.txt)
    cp tiny_ro.err "$W/err"
    check_io_error spool/read-only-fs '<stdin>' 'cannot create a temporary file in .*Read-only file system'
  fi
else
  echo "SKIP spool/device-full: cannot mount a tmpfs here ($(tr '\n' ' ' <tiny.txt 2>/dev/null))"
fi

# Signals while standard input is being spooled: the process dies by the
# signal, and TMPDIR is empty both while spooling and afterwards.
mkdir sigdir
# Bash starts background jobs with SIGINT ignored; give tfstream defaults.
DEFAULT_SIGNALS="env"
env --default-signal=INT true 2>/dev/null && DEFAULT_SIGNALS="env --default-signal=INT,TERM"
signal_during_spool() {  # SIGNAL EXPECTED_STATUS
  local sig=$1 want=$2 writer pid fds status i
  rm -f sigfifo
  mkfifo sigfifo
  # The writer sends the plan and then keeps the pipe open.
  { cat "$BIG"; exec sleep 60; } >sigfifo &
  writer=$!
  TMPDIR=$W/sigdir $DEFAULT_SIGNALS "$TFSTREAM" --no-color - <sigfifo >/dev/null 2>"$W/err" &
  pid=$!
  fds=""
  for i in $(seq 100); do  # until the spool is open (and has data)
    fds=$(ls -l "/proc/$pid/fd" 2>/dev/null | grep -F "$W/sigdir" || true)
    [ -n "$fds" ] && [ "$(stat -L -c %s "/proc/$pid/fd/$(echo "$fds" | awk '{print $9; exit}')" 2>/dev/null || echo 0)" -gt 0 ] && break
    sleep 0.05
  done
  local during
  during=$(ls -A sigdir)
  kill -s "$sig" "$pid"
  { wait "$pid"; } 2>/dev/null  # no "Killed" notice
  status=$?
  kill "$writer" 2>/dev/null
  wait "$writer" 2>/dev/null
  if [ -z "$fds" ]; then
    result "spool/signal-$sig" 0 "tfstream never opened a spool in TMPDIR"
  elif [ -n "$during" ]; then
    result "spool/signal-$sig" 0 "TMPDIR holds a named file while spooling: $during"
  elif [ "$status" != "$want" ]; then
    result "spool/signal-$sig" 0 "exit status $status, want $want"
  elif [ -n "$(ls -A sigdir)" ]; then
    result "spool/signal-$sig" 0 "left in TMPDIR: $(ls -A sigdir)"
  else
    result "spool/signal-$sig" 1
  fi
}
if [ "$DEFAULT_SIGNALS" != env ]; then
  signal_during_spool INT 130
else
  echo "SKIP spool/signal-INT: env --default-signal unsupported"
fi
signal_during_spool TERM 143
signal_during_spool KILL 137

# --- no thread can be created ----------------------------------------------------------------
# With RLIMIT_NPROC at 1 neither the pipeline's big-stack thread nor any worker
# can start: the blocks are rendered on the calling thread, in order, exactly
# as with threads (never an uncaught std::system_error). Root is exempt from
# the limit: drop to nobody. LeakSanitizer's exit check needs a thread too.
chmod 711 "$W"  # nobody resolves paths from here
mkdir -m 755 nproc
$MUTATE many "$P" nproc/many.json 70
chmod 644 nproc/many.json
"$TFSTREAM" --no-color -j 4 nproc/many.json >nproc/many.out
as_limited() {  # runs tfstream ARGS... with RLIMIT_NPROC 1, unprivileged
  local asan="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
  if [ "$(id -u)" = 0 ]; then
    timeout -k 5 "$RUN_TIMEOUT" env "$asan" setpriv --reuid=65534 --regid=65534 --clear-groups \
      bash -c 'ulimit -u 1 && exec "$@"' bash "$TFSTREAM" "$@" >"$W/out" 2>"$W/err"
  else
    timeout -k 5 "$RUN_TIMEOUT" env "$asan" bash -c 'ulimit -u 1 && exec "$@"' bash "$TFSTREAM" "$@" >"$W/out" 2>"$W/err"
  fi
  RC=$?
}
if [ "$(id -u)" = 0 ] && ! { command -v setpriv >/dev/null &&
  setpriv --reuid=65534 --regid=65534 --clear-groups "$TFSTREAM" --version >/dev/null 2>&1; }; then
  echo "SKIP threads/none-creatable: running as root without setpriv"
else
  for j in 1 4; do
    as_limited --no-color -j $j nproc/many.json
    result "threads/none-creatable-j$j" \
      "$([ "$RC" = 0 ] && [ ! -s "$W/err" ] && cmp -s "$W/out" nproc/many.out && echo 1 || echo 0)" "$(describe_run)"
  done
  as_limited --no-color -j 4 - <nproc/many.json
  result threads/none-creatable-stdin \
    "$([ "$RC" = 0 ] && [ ! -s "$W/err" ] && cmp -s "$W/out" nproc/many.out && echo 1 || echo 0)" "$(describe_run)"
fi

finish
