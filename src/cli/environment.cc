#include "cli/environment.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace tfstream::cli {
namespace {

bool SetAndNotEmpty(const char* value) { return value != nullptr && *value != '\0'; }

}  // namespace

Environment ReadEnvironment() {
  Environment env;
  if (const char* cols = std::getenv("COLUMNS")) env.columns = std::max(0, std::atoi(cols));
  env.no_color = SetAndNotEmpty(std::getenv("NO_COLOR"));
  const char* term = std::getenv("TERM");
  env.dumb_terminal = term != nullptr && std::strcmp(term, "dumb") == 0;
  env.in_automation = SetAndNotEmpty(std::getenv("TF_IN_AUTOMATION"));
  if (const char* tmpdir = std::getenv("TMPDIR"); SetAndNotEmpty(tmpdir)) env.tmpdir = tmpdir;
  env.timing = std::getenv("TFSTREAM_TIMING") != nullptr;
  if (const char* v = std::getenv("TFSTREAM_CROSS_CHECK"); SetAndNotEmpty(v) && std::strcmp(v, "0") != 0) {
    env.cross_check = std::strcmp(v, "2") == 0 ? 2 : 1;
  }
  env.compare_cross_check = std::getenv("TFSTREAM_COMPARE_CROSS_CHECK") != nullptr;
  if (const char* delay = std::getenv("TFSTREAM_PROGRESS_DELAY")) env.progress_delay = std::atof(delay);
  if (const char* v = std::getenv("TFSTREAM_SPLIT_MIN_BYTES")) env.split_min_bytes = std::strtoull(v, nullptr, 10);
  return env;
}

}  // namespace tfstream::cli
