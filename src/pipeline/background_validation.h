// BackgroundValidation: checks the sections the pre-scan skipped by
// structure (stream::ValidateDeferred) on a thread of its own while the
// blocks are rendered, giving back their pages as it goes. Their errors are
// only reported after the blocks, so doing the work early changes nothing
// but the wall time: on a 2-core machine it fills gaps the render leaves.
#pragma once

#include <functional>
#include <string_view>
#include <thread>

#include "base/status.h"
#include "pipeline/plan_context.h"

namespace tfstream::pipeline {

class BackgroundValidation {
 public:
  // Starts checking the deferred sections, except resource_changes, which
  // the caller promises to have validated by rendering every element.
  // Without a thread, the check happens in Wait().
  explicit BackgroundValidation(const PlanContext& ctx);
  ~BackgroundValidation();
  BackgroundValidation(const BackgroundValidation&) = delete;
  BackgroundValidation& operator=(const BackgroundValidation&) = delete;

  // The result, as a plan error; waits for the thread.
  Status Wait();

 private:
  Status Run() const;

  const PlanContext& ctx_;
  std::thread thread_;
  bool started_ = false;
  Status result_;
};

// Everything the pre-scan skipped by structure, validated before any output
// (--summary, --format markdown and json write nothing until the whole plan
// is known to be good): the values inside resource_changes on this thread,
// the other sections on a BackgroundValidation beside it, pages given back
// behind both. The error, as a plan error, is the one a single front-to-back
// pass (stream::ValidateDeferred) meets first.
Status ValidateBeforeOutput(const PlanContext& ctx);

// From this size of resource_changes up, with two or more jobs, its two
// halves are validated at once (ValidateChanges).
inline constexpr size_t kSplitValidationBytes = size_t{4} << 20;

// Validates resource_changes (the array at `r` in `doc`), as one pass of
// stream::JsonScanner::SkipValue would, and with the same error; with
// `split`, and at least `min_split_bytes` of it, on two threads. Tells
// `release` (when set) which bytes it is done with, as it goes.
Status ValidateChanges(std::string_view doc, stream::ByteRange r, bool split, size_t min_split_bytes,
                       const std::function<void(uint64_t, uint64_t)>& release);

}  // namespace tfstream::pipeline
