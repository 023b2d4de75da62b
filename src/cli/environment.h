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
  bool timing = false;
  std::optional<double> progress_delay;
  std::optional<uint64_t> split_min_bytes;
};

// Reads the variables above (the only getenv calls, with src/main.cc's).
Environment ReadEnvironment();

}  // namespace tfstream::cli
