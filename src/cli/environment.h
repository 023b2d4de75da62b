// The process's environment, read once at start-up (src/main.cc) and passed
// down as values: nothing below the command line calls getenv, so what a run
// does depends only on what it is handed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tfstream::cli {

struct Environment {
  // COLUMNS: the terminal's width when the terminal cannot say (0: unset or
  // not a positive number).
  int columns = 0;
  // NO_COLOR set and not empty; TERM=dumb: no colour with --color auto.
  bool no_color = false;
  bool dumb_terminal = false;
  // TF_IN_AUTOMATION set and not empty: wording as with --automation.
  bool in_automation = false;
  // TMPDIR: where temporary files go ("" when unset or empty: /tmp).
  std::string tmpdir;
  // Tuning and benchmarking knobs (perf/README.md):
  //   TFSTREAM_TIMING: print each phase's time and memory on standard error;
  //   TFSTREAM_PROGRESS_DELAY: seconds before --progress first draws;
  //   TFSTREAM_SPLIT_MIN_BYTES: from how much input left to split the pre-scan.
  //   TFSTREAM_CROSS_CHECK: 1 renders every block a fast path writes the
  //   general way too and aborts on a difference (render/unchanged/cross_check.h),
  //   2 also prints how many blocks each path took; TFSTREAM_COMPARE_CROSS_CHECK:
  //   --compare parses elements whose bytes are the same too (compare_run.h).
  bool timing = false;
  int cross_check = 0;
  bool compare_cross_check = false;
  std::optional<double> progress_delay;
  std::optional<uint64_t> split_min_bytes;
};

// Reads the variables above (the only getenv calls, with src/main.cc's).
Environment ReadEnvironment();

}  // namespace tfstream::cli
