// The cross-check of the fast paths against the general one: with it on,
// every block a fast path renders (unchanged_block.h) is rendered the
// general way too and the bytes are compared; a difference is printed on
// standard error with both texts and the process aborts. The test suite
// runs every corpus with it on (TFSTREAM_CROSS_CHECK=1), the fuzzers call
// SetCrossCheck(true).
//
// TFSTREAM_CROSS_CHECK=2 also prints, at exit, how many blocks each path
// rendered (to see what a corpus exercises).
#pragma once

#include <string_view>

namespace tfstream::render::unchanged {

bool CrossCheckEnabled();
void SetCrossCheck(bool on);
// 0 off, 1 on, 2 on and the counts printed at exit (TFSTREAM_CROSS_CHECK).
void SetCrossCheckMode(int mode);

// Counts a block rendered by the fast path (true) or left to the general one.
void CountBlock(bool fast);

// Prints `what` (where the block is), both texts and the first difference,
// then aborts.
[[noreturn]] void CrossCheckFailed(std::string_view what, std::string_view fast, std::string_view general);

}  // namespace tfstream::render::unchanged
