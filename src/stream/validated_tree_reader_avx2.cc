// ReadValidatedTree's reader (validated_tree_reader_impl.h) built for AVX2:
// strings 32 bytes at a time. Compiled with -mavx2 (CMakeLists.txt) on
// x86-64, and to nothing elsewhere; called only when the CPU has AVX2.
#if defined(__AVX2__)

#include "stream/validated_tree_reader_impl.h"

namespace tfstream::stream::detail {

bool ReadValidatedTreeAvx2(std::string_view text, buffer::Arena* arena, const JsonValue** out) {
  return ReadTreeHere(text, arena, out);
}

bool ReadValidatedTreePrefixAvx2(std::string_view text, size_t max_depth, buffer::Arena* arena,
                                 const JsonValue** out, size_t* end) {
  return ReadTreePrefixHere(text, max_depth, arena, out, end);
}

}  // namespace tfstream::stream::detail

#endif  // __AVX2__
