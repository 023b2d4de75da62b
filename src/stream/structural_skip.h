// Finding where a JSON value ends from its structure alone, 64 bytes at a
// time (the technique of simdjson's stage 1: quote and bracket bitmasks,
// escaped quotes found with carries, "inside a string" as a prefix XOR).
//
// Nothing is validated: the result is only meaningful for valid JSON, and
// for anything else it is some position in [pos, text.size()], never
// beyond. Passes that skip without validating must make sure that what they
// skipped is validated by someone else (yajl when the value is parsed, or
// JsonScanner::SkipValue).
#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

namespace tfstream::stream {

struct StructuralEnd {
  size_t end = 0;          // one past the value; text.size() if it never ends
  bool complete = false;   // the value ended (a scalar always does)
  bool too_deep = false;   // nesting passed `max_depth`: `end` is that bracket
};

// Called with a position every `interval` bytes or so of a long skip, so
// that the caller can give back the input before it.
struct SkipProgress {
  size_t interval = 8 << 20;
  std::function<void(size_t pos)> fn;
};

// The value starting at `pos` (leading whitespace allowed): a container, a
// string, or a scalar (which ends at the next delimiter). `max_depth` counts
// the containers the value may open, itself included.
StructuralEnd SkipByStructure(std::string_view text, size_t pos, int max_depth,
                              const SkipProgress* progress = nullptr);

// For tests: the portable (SSE2) loop, and whether SkipByStructure uses the
// AVX2 one instead (x86-64 builds on CPUs with AVX2, POPCNT and PCLMUL).
StructuralEnd SkipByStructurePortable(std::string_view text, size_t pos, int max_depth,
                                      const SkipProgress* progress = nullptr);
bool SkipByStructureUsesAvx2();

}  // namespace tfstream::stream
