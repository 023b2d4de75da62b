#include "render/unchanged/cross_check.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tfstream::render::unchanged {
namespace {

std::atomic<uint64_t> fast_blocks{0}, general_blocks{0};

void PrintCounts() {
  std::fprintf(stderr, "tfstream cross-check: %llu blocks by the fast path, %llu by the general path only\n",
               static_cast<unsigned long long>(fast_blocks.load()),
               static_cast<unsigned long long>(general_blocks.load()));
}

// Set once at start-up (SetCrossCheckMode, from TFSTREAM_CROSS_CHECK as the
// command line reads it) or by a fuzzer; off otherwise.
std::atomic<int>& Mode() {
  static std::atomic<int> mode{0};
  return mode;
}

}  // namespace

bool CrossCheckEnabled() { return Mode().load(std::memory_order_relaxed) != 0; }

void SetCrossCheck(bool on) { Mode().store(on ? 1 : 0); }

void SetCrossCheckMode(int mode) {
  if (mode == 2 && Mode().exchange(2) != 2) std::atexit(PrintCounts);
  if (mode != 2) Mode().store(mode != 0 ? 1 : 0);
}

void CountBlock(bool fast) {
  if (Mode().load(std::memory_order_relaxed) != 2) return;
  (fast ? fast_blocks : general_blocks).fetch_add(1, std::memory_order_relaxed);
}

void CrossCheckFailed(std::string_view what, std::string_view fast, std::string_view general) {
  size_t at = 0;
  const size_t common = std::min(fast.size(), general.size());
  while (at < common && fast[at] == general[at]) ++at;
  std::fprintf(stderr,
               "tfstream: cross-check failed: %.*s: the unchanged-value renderer differs from the general path at "
               "byte %zu\n--- general path (%zu bytes)\n%.*s\n--- unchanged-value renderer (%zu bytes)\n%.*s\n",
               static_cast<int>(what.size()), what.data(), at, general.size(), static_cast<int>(general.size()),
               general.data(), fast.size(), static_cast<int>(fast.size()), fast.data());
  std::fflush(stderr);
  std::abort();
}

}  // namespace tfstream::render::unchanged
