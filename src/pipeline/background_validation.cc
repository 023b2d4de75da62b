#include "pipeline/background_validation.h"

#include <atomic>
#include <functional>
#include <mutex>
#include <system_error>

#include "stream/pre_scan_split.h"

namespace tfstream::pipeline {

BackgroundValidation::BackgroundValidation(const PlanContext& ctx) : ctx_(ctx) {
  if (ctx.facts.deferred_validation.empty()) return;
  try {
    thread_ = std::thread([this] { result_ = Run(); });
    started_ = true;
  } catch (const std::system_error&) {
    started_ = false;  // no thread to spare: Wait() does the work
  }
}

BackgroundValidation::~BackgroundValidation() {
  if (thread_.joinable()) thread_.join();
}

Status BackgroundValidation::Run() const {
  Status s = stream::ValidateDeferred(ctx_.in.plan, ctx_.facts, /*changes_validated=*/true,
                                      ctx_.in.release_plan_range);
  return s.ok() ? s : ctx_.PlanError(s);
}

Status BackgroundValidation::Wait() {
  if (thread_.joinable()) thread_.join();
  if (!started_ && !ctx_.facts.deferred_validation.empty()) {
    result_ = Run();
    started_ = true;
  }
  return result_;
}

namespace {

// The whole array in one pass: what says where a bad resource_changes is bad.
Status ValidateChangesInOnePass(std::string_view doc, stream::ByteRange r,
                                const std::function<void(uint64_t, uint64_t)>& release) {
  stream::JsonScanner s(doc.substr(0, r.end));
  s.Seek(r.begin);
  uint64_t released = r.begin;
  stream::ReleaseBehind(&s, 8 << 20, release, &released);
  if (s.SkipValue(1) && s.pos() != r.end) s.Fail("unexpected data after a value");
  if (s.ok() && release) release(released, r.end);
  return s.status();
}

// Two threads each hold what they read until they give it back: half as
// much each as one pass does.
constexpr size_t kSplitReleaseBytes = 4 << 20;

// The elements from `at` (just past a ',' between two elements) to the
// array's end; cancel stops it early (with an error: the caller then
// checks that part itself).
Status ValidateChangesTail(std::string_view doc, stream::ByteRange r, size_t at, const std::atomic<bool>* cancel,
                           const std::function<void(uint64_t, uint64_t)>& release) {
  stream::JsonScanner s(doc.substr(0, r.end));
  s.Seek(at);
  uint64_t released = at;
  stream::ReleaseBehind(&s, kSplitReleaseBytes, release, &released);
  bool first = true;
  while (s.NextElement(&first)) {
    if (cancel->load(std::memory_order_relaxed)) return Status::Error("cancelled");
    if (!s.SkipValue(2)) return s.status();
  }
  if (!s.ok()) return s.status();
  if (s.pos() != r.end) return Status::Error("unexpected data after a value");
  if (release) release(released, r.end);
  return Status::Ok();
}

}  // namespace

Status ValidateChanges(std::string_view doc, stream::ByteRange r, bool split, size_t min_split_bytes,
                       const std::function<void(uint64_t, uint64_t)>& release_range) {
  // The second half from an element guessed to start near the middle, on a
  // thread of its own, while this one validates the first half element by
  // element up to the guess. The guess counts only if this pass lands on it
  // (then it is the start of an element); otherwise, or when either half
  // fails, this thread goes on alone, and any error is the one-pass check's.
  size_t guess = std::string_view::npos;
  if (split && r.size() >= min_split_bytes) {
    const size_t middle = static_cast<size_t>(r.begin + r.size() / 2);
    guess = stream::FindElementGuess(doc.substr(0, r.end), middle, size_t{1} << 20);
  }
  if (guess == std::string_view::npos) return ValidateChangesInOnePass(doc, r, release_range);
  // Both threads give pages back (the caller's function need not be
  // thread-safe).
  std::mutex release_mu;
  std::function<void(uint64_t, uint64_t)> release;
  if (release_range) {
    release = [&](uint64_t begin, uint64_t end) {
      std::lock_guard<std::mutex> lock(release_mu);
      release_range(begin, end);
    };
  }
  std::atomic<bool> cancel{false};
  Status tail;
  std::thread tail_thread;
  try {
    tail_thread = std::thread([&] { tail = ValidateChangesTail(doc, r, guess, &cancel, release); });
  } catch (const std::system_error&) {
    return ValidateChangesInOnePass(doc, r, release);  // no thread to spare
  }

  stream::JsonScanner s(doc.substr(0, r.end));
  s.Seek(r.begin);
  uint64_t released = r.begin;
  stream::ReleaseBehind(&s, kSplitReleaseBytes, release, &released);
  bool first = true;
  bool landed = false;
  if (s.BeginArray("resource_changes")) {
    while (s.NextElement(&first)) {
      if (s.pos() >= guess) {
        landed = s.pos() == guess;
        break;
      }
      if (!s.SkipValue(2)) break;
    }
  }
  if (!landed) cancel = true;
  tail_thread.join();
  if (landed && tail.ok()) {
    if (release) release(released, guess);
    return Status::Ok();
  }
  return ValidateChangesInOnePass(doc, r, release);
}

Status ValidateBeforeOutput(const PlanContext& ctx) {
  const stream::PlanFacts& f = ctx.facts;
  BackgroundValidation others(ctx);
  Status changes;
  if (f.changes_skipped_by_structure && f.resource_changes.present) {
    changes = ValidateChanges(ctx.in.plan, f.resource_changes, ctx.opt.jobs >= 2, kSplitValidationBytes,
                              ctx.in.release_plan_range);
  }
  Status rest = others.Wait();
  if (changes.ok()) return rest;
  if (rest.ok()) return ctx.PlanError(changes);
  // Both failed: report the error a single front-to-back pass meets first.
  Status first = stream::ValidateDeferred(ctx.in.plan, f);
  return ctx.PlanError(first.ok() ? changes : first);
}

}  // namespace tfstream::pipeline
