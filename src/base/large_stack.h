// Running work on a thread with a stack large enough for the differ's
// recursion over the deepest values JSON allows (10000 levels): the main
// thread's stack (usually 8 MiB) and std::thread's are too small for them.
// RunOnLargeStack is used by main() and the fuzzers, each around one whole
// run; DeepStackThread by the workers of a run and the state pre-scan's split.
#pragma once

#include <pthread.h>

#include <cstddef>
#include <functional>
#include <utility>

namespace tfstream {

// Whether a thread stack of `bytes` leaves the heap room under an address
// space limit (ulimit -v): at most a quarter of the limit. (The deepest
// values take less than 16 MiB of stack.)
bool StackFitsAddressSpace(size_t bytes);

// Runs `fn` on a new thread and waits for it to end. Its stack is the first
// of `largest`, `largest`/2, ... down to `smallest` that fits the address
// space and that a thread can be created with; when none can, `fn` runs on
// the calling thread.
// REQUIRES: smallest <= largest.
void RunOnLargeStack(const std::function<void()>& fn, size_t largest, size_t smallest);

// A thread with a stack large enough for the differ's recursion over the
// deepest values JSON allows (10000 levels); std::thread gives 8 MiB. When the
// thread cannot be created (no address space for the stack, a thread limit),
// started() is false and nothing runs: the caller then does the work some
// other way (RunOrdered on the threads it has; the state pre-scan's split on
// its one thread), never on a smaller stack, and without taking address
// space the heap needs.
class DeepStackThread {
 public:
  static constexpr size_t kStackBytes = size_t{512} << 20;  // reserved, touched only as used
  using CreateFn = int (*)(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*);
  // pthread_create; tests substitute a failing one.
  static inline CreateFn create = &pthread_create;

  explicit DeepStackThread(std::function<void()> fn) : fn_(std::move(fn)) {
    pthread_attr_t attr;
    if (!StackFitsAddressSpace(kStackBytes) || pthread_attr_init(&attr) != 0) return;
    started_ = pthread_attr_setstacksize(&attr, kStackBytes) == 0 &&
               create(&thread_, &attr, &DeepStackThread::Run, this) == 0;
    pthread_attr_destroy(&attr);
  }
  DeepStackThread(const DeepStackThread&) = delete;
  DeepStackThread& operator=(const DeepStackThread&) = delete;
  ~DeepStackThread() { Join(); }

  bool started() const { return started_; }

  void Join() {
    if (started_) {
      pthread_join(thread_, nullptr);
      started_ = false;
    }
  }

 private:
  static void* Run(void* self) {
    static_cast<DeepStackThread*>(self)->fn_();
    return nullptr;
  }

  std::function<void()> fn_;
  pthread_t thread_{};
  bool started_ = false;
};

}  // namespace tfstream
