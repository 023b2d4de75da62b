// ReadValidatedTree: the reader is validated_tree_reader_impl.h, built here
// for SSE2 and in validated_tree_reader_avx2.cc for AVX2, which is used
// when the CPU has it.
#include "stream/validated_tree_reader.h"

#include <atomic>

#include "stream/structural_skip.h"
#include "stream/validated_tree_reader_impl.h"

namespace tfstream::stream {
namespace {
std::atomic<bool> avx2_allowed{true};
}  // namespace

void AllowValidatedTreeAvx2(bool allowed) { avx2_allowed.store(allowed, std::memory_order_relaxed); }

bool ValidatedTreeReaderUsesAvx2() {
#if defined(TFSTREAM_HAVE_AVX2_UNIT)
  return SkipByStructureUsesAvx2() && avx2_allowed.load(std::memory_order_relaxed);
#else
  return false;
#endif
}

bool ReadValidatedTree(std::string_view text, buffer::Arena* arena, const JsonValue** out) {
#if defined(TFSTREAM_HAVE_AVX2_UNIT)
  if (ValidatedTreeReaderUsesAvx2()) return detail::ReadValidatedTreeAvx2(text, arena, out);
#endif
  return ReadTreeHere(text, arena, out);
}

bool ReadValidatedTreePrefix(std::string_view text, size_t max_depth, buffer::Arena* arena, const JsonValue** out,
                             size_t* end) {
#if defined(TFSTREAM_HAVE_AVX2_UNIT)
  if (ValidatedTreeReaderUsesAvx2()) return detail::ReadValidatedTreePrefixAvx2(text, max_depth, arena, out, end);
#endif
  return ReadTreePrefixHere(text, max_depth, arena, out, end);
}

}  // namespace tfstream::stream
