// JsonScanner::SkipValue's loop built for AVX2 (strings 32 bytes at a
// time); JsonScanner::SkipValue calls it only when the CPU has AVX2.
// Compiled with -mavx2 (CMakeLists.txt) on x86-64, and to nothing elsewhere.
#if defined(__AVX2__)

#include "stream/json_scanner_skip_value.h"

namespace tfstream::stream {
namespace {

struct Avx2Strings {
  static detail::StringScan Scan(const char* p, size_t i, size_t n) {
    return detail::ScanStringFastAvx2<false>(p, i, n);
  }
};

}  // namespace

bool JsonScanner::SkipValueAvx2(int outer_depth) { return SkipValueWith<Avx2Strings>(outer_depth); }

}  // namespace tfstream::stream

#endif  // __AVX2__
