// ReferenceCrash: where the chosen release's own renderer crashes on a valid
// plan (a panic of jsonformat, not a fault of the document). tfstream prints
// the text that renderer evidently intends, the text of the nearest release
// that does not crash, and says so in exactly one note on standard error
// (README "Where a release's renderer crashes"). Rendering threads report
// here; the note names the first such place in the document.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

#include "base/flavor.h"

namespace tfstream::pipeline {

class ReferenceCrash {
 public:
  // `offset`: where the element starts in the plan (orders the reports);
  // `where`: its address or "output.NAME"; `what`: what the renderer crashes on.
  void Add(uint64_t offset, std::string_view where, std::string_view what);
  // The note (without "tfstream: note: "), or "" when nothing was reported.
  std::string Note(const Flavor& flavor) const;

 private:
  mutable std::mutex mu_;
  bool found_ = false;
  uint64_t offset_ = 0;
  std::string where_, what_;
};

}  // namespace tfstream::pipeline
