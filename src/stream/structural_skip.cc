// The SSE2 (or portable) block classifier, and the choice between it and
// the AVX2 build of the same loop (structural_skip_avx2.cc) at run time.
#include "stream/structural_skip.h"

#include "stream/structural_skip_impl.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tfstream::stream {

#if defined(TFSTREAM_HAVE_AVX2_UNIT)
// Defined in structural_skip_avx2.cc, compiled with -mavx2 -mpopcnt -mpclmul.
StructuralEnd SkipByStructureAvx2(std::string_view text, size_t pos, int max_depth,
                                  const SkipProgress* progress);
#endif

namespace {

__attribute__((always_inline)) inline BlockMasks ClassifyPortable(const char* p) {
  BlockMasks m;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i slash = _mm_set1_epi8('\\');
  // '[' | 0x20 == '{' and ']' | 0x20 == '}', and no other byte maps there.
  const __m128i case_bit = _mm_set1_epi8(0x20);
  const __m128i open = _mm_set1_epi8('{');
  const __m128i close = _mm_set1_epi8('}');
  for (int k = 0; k < 4; ++k) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
    __m128i folded = _mm_or_si128(v, case_bit);
    int shift = 16 * k;
    auto bits = [](__m128i eq) { return static_cast<uint64_t>(static_cast<uint16_t>(_mm_movemask_epi8(eq))); };
    m.quote |= bits(_mm_cmpeq_epi8(v, quote)) << shift;
    m.backslash |= bits(_mm_cmpeq_epi8(v, slash)) << shift;
    m.open |= bits(_mm_cmpeq_epi8(folded, open)) << shift;
    m.close |= bits(_mm_cmpeq_epi8(folded, close)) << shift;
  }
#else
  for (size_t i = 0; i < kBlock; ++i) {
    uint64_t bit = uint64_t{1} << i;
    char c = p[i];
    if (c == '"') m.quote |= bit;
    if (c == '\\') m.backslash |= bit;
    if (c == '{' || c == '[') m.open |= bit;
    if (c == '}' || c == ']') m.close |= bit;
  }
#endif
  return m;
}

}  // namespace

bool SkipByStructureUsesAvx2() {
#if defined(TFSTREAM_HAVE_AVX2_UNIT)
  static const bool yes =
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("pclmul");
  return yes;
#else
  return false;
#endif
}

StructuralEnd SkipByStructurePortable(std::string_view text, size_t pos, int max_depth,
                                      const SkipProgress* progress) {
  return SkipByStructureWith(text, pos, max_depth, progress, [](const char* p) { return ClassifyPortable(p); });
}

StructuralEnd SkipByStructure(std::string_view text, size_t pos, int max_depth, const SkipProgress* progress) {
#if defined(TFSTREAM_HAVE_AVX2_UNIT)
  if (SkipByStructureUsesAvx2()) return SkipByStructureAvx2(text, pos, max_depth, progress);
#endif
  return SkipByStructurePortable(text, pos, max_depth, progress);
}

}  // namespace tfstream::stream
