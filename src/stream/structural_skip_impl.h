// The block loop of SkipByStructure (structural_skip.h), shared by the
// translation units that compile it for different instruction sets
// (structural_skip.cc: SSE2, structural_skip_avx2.cc: AVX2, POPCNT, PCLMUL).
// Everything is in an unnamed namespace so that each unit keeps its own
// copy: the linker must not merge an AVX2 instantiation into the other.
//
// Per 64-byte block: bitmasks of quotes, backslashes, opening and closing
// brackets (bit i = byte i). A quote is real unless an odd run of
// backslashes precedes it; bytes between a real opening quote and its
// closing quote are "in a string", which is the prefix XOR of the real
// quotes; brackets in strings do not count. The depth then changes by
// popcount(opening) - popcount(closing), and only a block that may bring it
// to zero (or past the limit) is walked bit by bit. Carries between blocks:
// whether the block starts escaped, and whether it starts in a string.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__PCLMUL__)
#include <wmmintrin.h>
#endif

#include "stream/structural_skip.h"

namespace tfstream::stream {
namespace {

constexpr size_t kBlock = 64;

struct BlockMasks {
  uint64_t quote = 0;
  uint64_t backslash = 0;
  uint64_t open = 0;
  uint64_t close = 0;
};

// Which bytes are escaped (preceded by an odd run of backslashes), carrying
// a run that ends a block into the next one.
class EscapeTracker {
 public:
  uint64_t Escaped(uint64_t backslash) {
    if (backslash == 0) {
      uint64_t escaped = next_is_escaped_;
      next_is_escaped_ = 0;
      return escaped;
    }
    // A backslash that is itself escaped escapes nothing.
    uint64_t potential = backslash & ~next_is_escaped_;
    // Subtracting the run starts from the odd positions turns every run into
    // a code whose parity tells, for each byte after a run, whether the run
    // had odd length (see simdjson's json_escape_scanner).
    constexpr uint64_t kOdd = 0xAAAAAAAAAAAAAAAAULL;
    uint64_t codes = (((potential << 1) | kOdd) - potential) ^ kOdd;
    uint64_t escaped = codes ^ (backslash | next_is_escaped_);
    uint64_t escape = codes & backslash;
    next_is_escaped_ = escape >> 63;
    return escaped;
  }

 private:
  uint64_t next_is_escaped_ = 0;
};

inline uint64_t PrefixXor(uint64_t x) {
#if defined(__PCLMUL__)
  // A carry-less multiply by all ones is the prefix XOR, in one instruction.
  __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, static_cast<int64_t>(x)), _mm_set1_epi8(-1), 0);
  return static_cast<uint64_t>(_mm_cvtsi128_si64(product));
#endif
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return x;
}

inline bool IsSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// Walks the blocks from `pos`; `on_block(at, masks, real_quotes, in_string)`
// returns true to stop. Returns false when the text ran out first.
// The whole blocks between two progress reports go through an inner loop
// that calls nothing, so the classifier's constants stay in registers (a
// call would clobber every vector register); the last, partial block is
// padded with spaces in a copy.
template <typename Classify, typename Fn>
inline bool ForEachBlock(std::string_view text, size_t pos, const SkipProgress* progress, Classify classify,
                         Fn on_block) {
  const char* p = text.data();
  const size_t n = text.size();
  const size_t whole_end = n >= kBlock ? n - kBlock + 1 : 0;  // a block starting before this is whole
  EscapeTracker escapes;
  uint64_t prev_in_string = 0;
  size_t next_report = progress != nullptr && progress->fn ? pos + progress->interval : SIZE_MAX;
  auto step = [&](size_t at, const char* block) __attribute__((always_inline)) {
    BlockMasks m = classify(block);
    uint64_t quotes = m.quote & ~escapes.Escaped(m.backslash);
    uint64_t in_string = PrefixXor(quotes) ^ prev_in_string;
    prev_in_string = static_cast<uint64_t>(static_cast<int64_t>(in_string) >> 63);
    return on_block(at, m, quotes, in_string);
  };
  size_t at = pos;
  while (at < n) {
    if (at >= next_report) {
      progress->fn(at);
      next_report = at + progress->interval;
    }
    const size_t stop = next_report < whole_end ? next_report : whole_end;
    for (; at < stop; at += kBlock) {
      if (step(at, p + at)) return true;
    }
    if (at < whole_end) continue;  // time for a progress report
    if (at >= n) break;
    char tail[kBlock];
    std::memset(tail, ' ', kBlock);
    std::memcpy(tail, p + at, n - at);
    if (step(at, tail)) return true;
    at += kBlock;
  }
  return false;
}

// The whole skip, for one way of classifying a block.
template <typename Classify>
inline StructuralEnd SkipByStructureWith(std::string_view text, size_t pos, int max_depth,
                                         const SkipProgress* progress, Classify classify) {
  const size_t n = text.size();
  while (pos < n && IsSpace(text[pos])) ++pos;
  StructuralEnd result{n, false, false};
  if (pos >= n) return result;
  char c = text[pos];
  // Short strings and empty containers are common and need no blocks.
  if (c == '"') {
    size_t limit = pos + 1 + (n - pos - 1 < 64 ? n - pos - 1 : 64);
    for (size_t i = pos + 1; i < limit; ++i) {
      if (text[i] == '\\') break;
      if (text[i] == '"') return StructuralEnd{i + 1, true, false};
    }
  } else if ((c == '{' || c == '[') && pos + 1 < n && (text[pos + 1] == '}' || text[pos + 1] == ']')) {
    return max_depth >= 1 ? StructuralEnd{pos + 2, true, false} : StructuralEnd{pos, false, true};
  }
  if (c == '"') {
    ForEachBlock(text, pos, progress, classify, [&](size_t at, const BlockMasks&, uint64_t quotes, uint64_t) {
      if (at == pos) quotes &= ~uint64_t{1};  // the opening quote
      if (quotes == 0) return false;
      result.end = at + static_cast<size_t>(__builtin_ctzll(quotes)) + 1;
      result.complete = true;
      return true;
    });
    return result;
  }
  if (c != '{' && c != '[') {
    while (pos < n && text[pos] != ',' && text[pos] != '}' && text[pos] != ']' && !IsSpace(text[pos])) ++pos;
    result.end = pos;
    result.complete = true;
    return result;
  }
  int depth = 0;
  ForEachBlock(text, pos, progress, classify, [&](size_t at, const BlockMasks& m, uint64_t, uint64_t in_string) {
    uint64_t open = m.open & ~in_string;
    uint64_t close = m.close & ~in_string;
    int opens = __builtin_popcountll(open);
    int closes = __builtin_popcountll(close);
    if (depth > closes && depth + opens <= max_depth) {
      depth += opens - closes;
      return false;
    }
    // Whether a bracket opens or closes is a coin toss for the branch
    // predictor, so the depth moves by arithmetic; only the rare stop branches.
    for (uint64_t brackets = open | close; brackets != 0; brackets &= brackets - 1) {
      int bit = __builtin_ctzll(brackets);
      depth += static_cast<int>((open >> bit) & 1) * 2 - 1;
      if (depth == 0 || depth > max_depth) [[unlikely]] {
        result.too_deep = depth != 0;
        result.complete = depth == 0;
        result.end = at + static_cast<size_t>(bit) + (depth == 0 ? 1 : 0);
        return true;
      }
    }
    return false;
  });
  return result;
}

}  // namespace
}  // namespace tfstream::stream
