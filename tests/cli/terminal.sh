#!/usr/bin/env bash
# Terminal conventions, checked on a real pseudo-terminal (script(1) from
# util-linux): colour and width detection, NO_COLOR, TERM=dumb, COLUMNS,
# TF_IN_AUTOMATION, and --progress=auto following standard error.
#   terminal.sh TFSTREAM
source "$(dirname "$0")/lib.sh" "$1"
cd "$FIXTURES" || exit 1
P=plan.json
ESC=$'\033'

# The same plan rendered with explicit options, for comparison.
t --color always --width 100 $P >"$WORK/color100"
t --color never --width 100 $P >"$WORK/plain100"
t --color never --width 90 $P >"$WORK/plain90"
t --color never $P >"$WORK/plain78"

same() { cmp -s "$1" "$2" || { echo "  $1 != $2"; cmp "$1" "$2" | head -2; return 1; }; }

colour_and_width_follow_the_terminal() {
  in_pty 100 "'$TFSTREAM' $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/color100"
}
no_color_disables_colour() {
  in_pty 100 "NO_COLOR=1 '$TFSTREAM' $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/plain100"
}
empty_no_color_is_unset() {
  in_pty 100 "NO_COLOR= '$TFSTREAM' $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/color100"
}
dumb_terminal_gets_no_colour() {
  in_pty 100 "TERM=dumb '$TFSTREAM' $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/plain100"
}
no_color_flags_win() {
  in_pty 100 "'$TFSTREAM' --no-color $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/plain100" &&
    in_pty 100 "'$TFSTREAM' -no-color $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/plain100"
}
color_always_without_terminal() {
  t --color always --width 100 $P | grep -q "$ESC\[" && ! t $P | grep -q "$ESC"
}
columns_when_the_terminal_has_no_size() {
  in_pty 0 "COLUMNS=90 '$TFSTREAM' --no-color $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/plain90"
}
width_78_when_nothing_is_known() {
  in_pty 0 "unset COLUMNS; '$TFSTREAM' --no-color $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/plain78"
}
terminal_size_beats_columns() {
  in_pty 100 "COLUMNS=90 '$TFSTREAM' --no-color $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/plain100"
}
redirected_stdout_is_not_a_terminal() {
  # Inside the terminal, but stdout to a file: no colour, 78 columns, COLUMNS ignored.
  in_pty 100 "COLUMNS=90 '$TFSTREAM' $P >'$WORK/got' 2>/dev/null" >/dev/null && same "$WORK/got" "$WORK/plain78"
}
explicit_width_wins() {
  in_pty 100 "'$TFSTREAM' --no-color --width 90 $P 2>/dev/null" >"$WORK/got" && same "$WORK/got" "$WORK/plain90"
}
tf_in_automation_words_suggestions() {
  t --schemas schemas.json automation.json >"$WORK/plain" &&
    TF_IN_AUTOMATION=1 t --schemas schemas.json automation.json >"$WORK/env" &&
    t --automation --schemas schemas.json automation.json >"$WORK/flag" &&
    grep -q 'terraform apply -refresh-only' "$WORK/plain" && ! grep -q 'terraform apply -refresh-only' "$WORK/env" &&
    same "$WORK/env" "$WORK/flag" && TF_IN_AUTOMATION= t --schemas schemas.json automation.json |
    cmp -s - "$WORK/plain"
}

# --progress=auto: drawn on standard error when it is the terminal, and
# erased; standard output unchanged.
progress_auto_on_a_terminal() {
  in_pty 100 "TFSTREAM_PROGRESS_DELAY=0 '$TFSTREAM' --no-color $P >'$WORK/out'" >"$WORK/tty" || return 1
  same "$WORK/out" "$WORK/plain78" && grep -q $'\rscanning ' "$WORK/tty" &&
    [ "$(tail -c 1 "$WORK/tty" | od -An -c | tr -d ' ')" = '\r' ]  # ends erased
}
# By default nothing is drawn before a second of work: this plan takes less.
progress_auto_waits_a_second() {
  in_pty 100 "'$TFSTREAM' --no-color $P >'$WORK/out'" >"$WORK/tty" && same "$WORK/out" "$WORK/plain78" &&
    [ ! -s "$WORK/tty" ]
}
progress_auto_off_when_stderr_is_not_a_terminal() {
  in_pty 100 "'$TFSTREAM' --no-color $P 2>'$WORK/err'" >"$WORK/got" && same "$WORK/got" "$WORK/plain100" &&
    [ ! -s "$WORK/err" ]
}
# No PLAN and standard input a terminal: a usage hint and exit 2 at once,
# instead of waiting for a plan to be typed.
no_plan_with_terminal_stdin_hints() {
  in_pty 100 "'$TFSTREAM' 2>&1; echo \"rc=\$?\"" >"$WORK/tty"
  grep -q "^tfstream: no PLAN given and standard input is a terminal: usage: tfstream" "$WORK/tty" &&
    grep -q "^rc=2" "$WORK/tty"
}
progress_never_is_silent() {
  in_pty 100 "'$TFSTREAM' --no-color --progress never $P >/dev/null" >"$WORK/tty" && [ ! -s "$WORK/tty" ]
}
# Same terminal for both: after the progress line is erased the screen holds
# exactly the plan text (replayed through a minimal terminal model).
progress_and_plan_share_a_terminal_cleanly() {
  in_pty 100 "TFSTREAM_PROGRESS_DELAY=0 '$TFSTREAM' --no-color $P" >"$WORK/tty" &&
    python3 - "$WORK/tty" "$WORK/plain100" <<'PY'
import sys
data = open(sys.argv[1], "rb").read().decode()
lines, col = [[]], 0
for ch in data:
    if ch == "\r":
        col = 0
    elif ch == "\n":
        lines.append([])
        col = 0
    else:
        line = lines[-1]
        line.extend(" " * (col - len(line)))
        if col < len(line):
            line[col] = ch
        else:
            line.append(ch)
        col += 1
screen = "\n".join("".join(l).rstrip(" ") for l in lines)
want = "\n".join(l.rstrip(" ") for l in open(sys.argv[2]).read().split("\n"))
sys.exit(0 if screen == want and "\r" in data else 1)
PY
}

check colour_and_width_follow_the_terminal colour_and_width_follow_the_terminal
check no_color_disables_colour no_color_disables_colour
check empty_no_color_is_unset empty_no_color_is_unset
check dumb_terminal_gets_no_colour dumb_terminal_gets_no_colour
check no_color_flags_win no_color_flags_win
check color_always_without_terminal color_always_without_terminal
check columns_when_the_terminal_has_no_size columns_when_the_terminal_has_no_size
check width_78_when_nothing_is_known width_78_when_nothing_is_known
check terminal_size_beats_columns terminal_size_beats_columns
check redirected_stdout_is_not_a_terminal redirected_stdout_is_not_a_terminal
check explicit_width_wins explicit_width_wins
check tf_in_automation_words_suggestions tf_in_automation_words_suggestions
check progress_auto_on_a_terminal progress_auto_on_a_terminal
check progress_auto_off_when_stderr_is_not_a_terminal progress_auto_off_when_stderr_is_not_a_terminal
check progress_never_is_silent progress_never_is_silent
check progress_auto_waits_a_second progress_auto_waits_a_second
check no_plan_with_terminal_stdin_hints no_plan_with_terminal_stdin_hints
check progress_and_plan_share_a_terminal_cleanly progress_and_plan_share_a_terminal_cleanly
finish
