// Running work on a thread with a stack large enough for the differ's
// recursion over the deepest values JSON allows (10000 levels): the main
// thread's stack (usually 8 MiB) and std::thread's are too small for them.
// Used by main() and the fuzzers, each around one whole run.
#pragma once

#include <cstddef>
#include <functional>

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

}  // namespace tfstream
