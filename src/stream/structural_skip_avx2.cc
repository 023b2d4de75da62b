// SkipByStructure's loop built for AVX2, POPCNT and PCLMUL; structural_skip.cc
// calls it only when the CPU has all three. Compiled with -mavx2 -mpopcnt
// -mpclmul (CMakeLists.txt) on x86-64, and to nothing elsewhere.
#if defined(__AVX2__)

#include <immintrin.h>

#include "stream/structural_skip_impl.h"

namespace tfstream::stream {
namespace {

__attribute__((always_inline)) inline BlockMasks ClassifyAvx2(const char* p) {
  const __m256i quote = _mm256_set1_epi8('"');
  const __m256i slash = _mm256_set1_epi8('\\');
  const __m256i case_bit = _mm256_set1_epi8(0x20);
  const __m256i open = _mm256_set1_epi8('{');
  const __m256i close = _mm256_set1_epi8('}');
  __m256i lo = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  __m256i hi = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32));
  auto bits = [](__m256i a, __m256i b) {
    return static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(a))) |
           (static_cast<uint64_t>(static_cast<uint32_t>(_mm256_movemask_epi8(b))) << 32);
  };
  __m256i flo = _mm256_or_si256(lo, case_bit);
  __m256i fhi = _mm256_or_si256(hi, case_bit);
  BlockMasks m;
  m.quote = bits(_mm256_cmpeq_epi8(lo, quote), _mm256_cmpeq_epi8(hi, quote));
  m.backslash = bits(_mm256_cmpeq_epi8(lo, slash), _mm256_cmpeq_epi8(hi, slash));
  m.open = bits(_mm256_cmpeq_epi8(flo, open), _mm256_cmpeq_epi8(fhi, open));
  m.close = bits(_mm256_cmpeq_epi8(flo, close), _mm256_cmpeq_epi8(fhi, close));
  return m;
}

}  // namespace

StructuralEnd SkipByStructureAvx2(std::string_view text, size_t pos, int max_depth,
                                  const SkipProgress* progress) {
  return SkipByStructureWith(text, pos, max_depth, progress, [](const char* p) { return ClassifyAvx2(p); });
}

}  // namespace tfstream::stream

#endif  // __AVX2__
