// The validated tree reader's code (ReadValidatedTree, validated_tree_reader.h),
// included by validated_tree_reader.cc and, built for AVX2, by
// validated_tree_reader_avx2.cc: everything is in an unnamed namespace, so
// that each translation unit keeps its own copy and the linker never hands
// the SSE2 caller code compiled for AVX2. Strings are scanned 32 bytes at a
// time where __AVX2__ is defined, 16 otherwise.
//
// The reader trusts the grammar (a validating parser has accepted the text)
// but not blindly: every byte it reads is inside the text, and where the
// text is not what it expects it gives up (returns false) rather than guess.
// It is a loop over three states, `value` (a value starts here), `key` (an
// object member starts here) and `after_value` (a comma, a container's end
// or the end of the text), building through the same TreeAssembler as the
// yajl-driven builder, so the two differ only in tokenising and decoding.
//
// Strings: the body is scanned 16 bytes (32 with AVX2) at a time for the first quote,
// backslash or byte >= 0x80; a key takes its KeyPrefix from the same block,
// which tells the assembler whether an object comes sorted. One
// without a backslash or a byte >= 0x80 is its own value, in place; with
// bytes >= 0x80 only, it is in place too unless Go's decoding would change it
// (invalid UTF-8: NeedsGoJsonDecoding); with a backslash it is decoded from
// its start by DecodeGoJsonStringToQuote, which finds the closing quote as it
// goes (the one no backslash escapes), and copied into the arena.
#pragma once

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "buffer/arena.h"
#include "stream/go_json_string.h"
#include "stream/json_tree_assembler.h"
#include "stream/json_value.h"

namespace tfstream::stream {
namespace {

#if defined(__SSE2__)
// The bytes that end a plain run of a string's body: quotes, backslashes and
// bytes >= 0x80 (their top bits, as they are); bit i = byte i.
[[gnu::always_inline]] inline uint32_t PlainRunStops(__m128i v) {
  return static_cast<uint32_t>(_mm_movemask_epi8(
      _mm_or_si128(v, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))))));
}
#endif
#if defined(__AVX2__)
[[gnu::always_inline]] inline uint32_t PlainRunStops(__m256i v) {
  return static_cast<uint32_t>(_mm256_movemask_epi8(_mm256_or_si256(
      v, _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))))));
}
#endif

// The bytes a number literal is made of.
struct NumberBytes {
  bool in_number[256] = {};
  constexpr NumberBytes() {
    for (unsigned char c : {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '-', '+', '.', 'e', 'E'}) {
      in_number[c] = true;
    }
  }
};
constexpr NumberBytes kNumberBytes;

// Whitespace as yajl's lexer takes it: JSON's four, and \f and \v (which Go
// refuses, so they come only from text yajl alone validated).
inline bool IsSpace(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v';
}

class Reader {
 public:
  Reader(std::string_view text, buffer::Arena* arena, detail::TreeStacks* stacks)
      : begin_(text.data()), end_(text.data() + text.size()), arena_(arena), tree_(arena, stacks) {}

  bool Read(const JsonValue** out);
  // Read() of the value the text starts with, whatever follows it: *end is
  // where it ends. False where containers nest deeper than max_depth.
  bool ReadPrefix(size_t max_depth, const JsonValue** out, size_t* end) {
    max_depth_ = max_depth;
    end_out_ = end;
    return Read(out);
  }

 private:
  template <bool kBounded>
  bool Walk(const JsonValue** out);
  const char* SkipSpace(const char* p) const {
    // Plans are mostly compact: any byte above ' ' ends the run at once.
    while (p < end_ && static_cast<unsigned char>(*p) <= ' ' && IsSpace(*p)) ++p;
    return p;
  }

  bool Literal(const char* p, const char* word, size_t n) const {
    return static_cast<size_t>(end_ - p) >= n && std::memcmp(p, word, n) == 0;
  }

  // A string token read: its end (past its closing quote; nullptr where
  // it could not be read), its value and, for a key, its KeyPrefix.
  struct Token {
    const char* end;
    std::string_view text;
    uint64_t prefix;
  };
  // Reads the string token at p (its opening quote); for a key (kKey)
  // also its prefix. Inline and returned by value, so that the cursor and
  // the value stay in registers: most strings are short and plain.
  template <bool kKey>
  [[gnu::always_inline]] Token ReadString(const char* p);
  // The rest of ReadString where body[0, q) is plain ASCII and *q is a
  // backslash or a byte >= 0x80. Gives the prefix for keys and values alike.
  [[gnu::noinline]] Token ReadUnusual(const char* body, const char* q);
  // The rest of ReadString for a body with an escape, decoded from its start.
  const char* ReadEscaped(const char* body, std::string_view* out);
  bool Decode(std::string_view raw, std::string_view* out);

  const char* begin_;
  const char* end_;
  size_t max_depth_ = SIZE_MAX;
  size_t* end_out_ = nullptr;  // ReadPrefix's
  buffer::Arena* arena_;
  detail::TreeAssembler tree_;
};

template <bool kKey>
inline Reader::Token Reader::ReadString(const char* p) {
  const char* const body = p + 1;
  const char* q = body;
#if defined(__SSE2__)
  // Each block's bytes that end a plain run (PlainRunStops).
#if defined(__AVX2__)
  // The same 32 bytes at a time (most keys and values end in the first
  // block); the last 16 to 31 bytes of the text go through the 16-byte loop.
  if (end_ - q >= 32) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
    const uint32_t stops = PlainRunStops(v);
    if (stops != 0) [[likely]] {
      const unsigned k = static_cast<unsigned>(__builtin_ctz(stops));
      if (q[k] != '"') return ReadUnusual(body, q + k);
      uint64_t prefix = 0;
      if constexpr (kKey) {
        uint64_t eight = static_cast<uint64_t>(_mm_cvtsi128_si64(_mm256_castsi256_si128(v)));
        if constexpr (std::endian::native == std::endian::little) eight = __builtin_bswap64(eight);
        prefix = detail::KeyPrefixOfLoaded(eight, k);
      }
      return Token{q + k + 1, std::string_view(body, k), prefix};
    }
    q += 32;
    while (end_ - q >= 32) {
      const __m256i w = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(q));
      const uint32_t more = PlainRunStops(w);
      if (more == 0) {
        q += 32;
        continue;
      }
      q += __builtin_ctz(more);
      if (*q != '"') return ReadUnusual(body, q);
      return Token{q + 1, std::string_view(body, static_cast<size_t>(q - body)),
                   kKey ? key_compare::Load8(body) : 0};
    }
    goto later_blocks;
  }
#endif
  if (end_ - q >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    const uint32_t stops = PlainRunStops(v);
    if (stops != 0) [[likely]] {
      const unsigned k = static_cast<unsigned>(__builtin_ctz(stops));
      if (q[k] != '"') return ReadUnusual(body, q + k);
      uint64_t prefix = 0;
      if constexpr (kKey) {
        uint64_t eight = static_cast<uint64_t>(_mm_cvtsi128_si64(v));
        if constexpr (std::endian::native == std::endian::little) eight = __builtin_bswap64(eight);
        prefix = detail::KeyPrefixOfLoaded(eight, k);
      }
      return Token{q + k + 1, std::string_view(body, k), prefix};
    }
    q += 16;
  }
#if defined(__AVX2__)
later_blocks:
#endif
  // Past a whole block without a stop, the body has 16 bytes or more.
  if (q != body) {
    while (end_ - q >= 16) {
      const __m128i w = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
      const uint32_t more = PlainRunStops(w);
      if (more == 0) {
        q += 16;
        continue;
      }
      q += __builtin_ctz(more);
      if (*q != '"') return ReadUnusual(body, q);
      // 16 bytes or more: the prefix is the first eight.
      return Token{q + 1, std::string_view(body, static_cast<size_t>(q - body)),
                   kKey ? key_compare::Load8(body) : 0};
    }
  }
#endif
  for (;; ++q) {
    if (q == end_) return Token{nullptr, {}, 0};
    const unsigned char c = static_cast<unsigned char>(*q);
    if (c == '"') break;
    if (c == '\\' || c >= 0x80) return ReadUnusual(body, q);
  }
  const std::string_view text(body, static_cast<size_t>(q - body));
  return Token{q + 1, text, kKey ? detail::KeyPrefix(text) : 0};
}

Reader::Token Reader::ReadUnusual(const char* body, const char* q) {
  // A byte >= 0x80 first: the closing quote, unless a backslash comes first.
#if defined(__SSE2__)
  while (end_ - q >= 16 && *q != '\\') {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
    const uint32_t hits = static_cast<uint32_t>(_mm_movemask_epi8(
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')))));
    if (hits != 0) {
      q += __builtin_ctz(hits);
      break;
    }
    q += 16;
  }
#endif
  for (; q != end_ && *q != '"'; ++q) {
    if (*q == '\\') {
      std::string_view text;
      q = ReadEscaped(body, &text);
      if (q == nullptr) return Token{nullptr, {}, 0};
      return Token{q, text, detail::KeyPrefix(text)};
    }
  }
  if (q == end_) return Token{nullptr, {}, 0};
  // Valid UTF-8 is its own value; invalid bytes become U+FFFD.
  std::string_view text(body, static_cast<size_t>(q - body));
  if (NeedsGoJsonDecoding(text) && !Decode(text, &text)) return Token{nullptr, {}, 0};
  return Token{q + 1, text, detail::KeyPrefix(text)};
}

const char* Reader::ReadEscaped(const char* body, std::string_view* out) {
  // Found and decoded in one pass, from the body's start (the bytes before
  // the backslash may need Go's decoding too).
  std::string_view decoded;
  size_t body_size;
  if (!DecodeGoJsonStringToQuote(std::string_view(body, static_cast<size_t>(end_ - body)), &tree_.scratch(),
                                 &decoded, &body_size)) {
    return nullptr;
  }
  *out = arena_->CopyString(decoded);
  return body + body_size + 1;
}

bool Reader::Decode(std::string_view raw, std::string_view* out) {
  std::string& scratch = tree_.scratch();
  scratch.clear();
  if (!DecodeGoJsonString(raw, &scratch)) return false;
  *out = arena_->CopyString(scratch);
  return true;
}

// Where the text's last byte but whitespace closes a container, every
// position the walk looks at inside a container but the one after that
// bracket is before it: a token that is no closing bracket (a string, a
// number, a literal, an opening bracket, a comma or a colon) never holds
// it, and whitespace stops at it. So only after a closing bracket does the
// walk need to check for the end of the text (kBounded false); otherwise
// (kBounded) it checks everywhere.
bool Reader::Read(const JsonValue** out) {
  // Text that ends in a long run of whitespace (a prefix read is handed
  // the rest of a document, element after element) is read the checking way.
  const char* last = end_;
  for (int k = 0; k < 64 && last != begin_ && IsSpace(last[-1]); ++k) --last;
  if (last != begin_ && (last[-1] == '}' || last[-1] == ']')) return Walk<false>(out);
  return Walk<true>(out);
}

template <bool kBounded>
bool Reader::Walk(const JsonValue** out) {
  // The innermost container: how deep, and whether it is an object.
  size_t depth = 0;
  bool in_object = false;
  // The key of the member whose value comes next, kept here rather than in
  // the assembler, which is told it only where the value is a container
  // (its frame holds it until the container ends).
  std::string_view key;
  // Whitespace where the walk is before the closing bracket (see Read).
  auto skip_space = [this](const char* p) __attribute__((always_inline)) {
    if constexpr (kBounded) return SkipSpace(p);
    while (static_cast<unsigned char>(*p) <= ' ' && IsSpace(*p)) ++p;
    return p;
  };
  auto at_end = [this](const char* p) __attribute__((always_inline)) { return kBounded && p == end_; };
  // Compact JSON has no whitespace between tokens: each place that may have
  // some first looks for the token it expects (or, for a value, takes
  // whitespace as one more case of the switch) and skips only when needed.
  auto value = [&](const JsonValue* v) __attribute__((always_inline)) {
    if (in_object) {
      tree_.Member(key, v);
    } else if (depth != 0) {
      tree_.Item(v);
    } else {
      tree_.Value(v);
    }
  };
  auto closed = [&]() __attribute__((always_inline)) {
    --depth;
    in_object = depth != 0 && tree_.InObject();
  };
  const char* p = SkipSpace(begin_);
  if (p == end_) return false;  // no value at all
value:
  if (at_end(p)) return false;
  switch (*p) {
    case ' ':
    case '\n':
    case '\r':
    case '\t':
    case '\f':
    case '\v':
      p = skip_space(p);
      goto value;
    case '{':
      if (++depth > max_depth_) return false;
      if (in_object) tree_.Key(key);
      tree_.StartObject();
      in_object = true;
      ++p;
      if (at_end(p)) return false;
      if (*p != '"') {
        p = skip_space(p);
        if (!at_end(p) && *p == '}') {
          ++p;
          tree_.EndObjectOfKeys();
          closed();
          goto after_close;
        }
      }
      goto first_key;
    case '[':
      if (++depth > max_depth_) return false;
      if (in_object) tree_.Key(key);
      tree_.StartArray();
      in_object = false;
      ++p;
      if (at_end(p)) return false;
      if (static_cast<unsigned char>(*p) <= ' ') p = skip_space(p);
      if (!at_end(p) && *p == ']') {
        ++p;
        tree_.EndArray();
        closed();
        goto after_close;
      }
      goto value;
    case '"': {
      const Token t = ReadString<false>(p);
      if ((p = t.end) == nullptr) return false;
      const std::string_view s = t.text;
      JsonValue* v = arena_->New<JsonValue>();
      v->kind = JsonKind::kString;
      v->set_text(s);
      value(v);
      goto after_value;
    }
    case 't':
    case 'f': {
      const bool b = *p == 't';
      if (b ? !Literal(p, "true", 4) : !Literal(p, "false", 5)) return false;
      p += b ? 4 : 5;
      JsonValue* v = arena_->New<JsonValue>();
      v->kind = JsonKind::kBool;
      v->boolean = b;
      value(v);
      goto after_value;
    }
    case 'n':
      if (!Literal(p, "null", 4)) return false;
      p += 4;
      value(nullptr);
      goto after_value;
    default: {
      const char* start = p;
      while (p != end_ && kNumberBytes.in_number[static_cast<unsigned char>(*p)]) ++p;
      if (p == start) return false;
      JsonValue* v = arena_->New<JsonValue>();
      v->kind = JsonKind::kNumber;
      v->set_text(std::string_view(start, static_cast<size_t>(p - start)));
      value(v);
      goto after_value;
    }
  }
first_key:
  // The first key of an object, then each later one: the assembler is told
  // their prefixes, which say whether the keys come sorted.
  if (at_end(p) || *p != '"') return false;
  {
    const Token t = ReadString<true>(p);
    if ((p = t.end) == nullptr) return false;
    key = t.text;
    tree_.FirstKey(t.prefix);
  }
  goto colon;
key:
  if (at_end(p)) return false;
  if (*p != '"') {
    p = skip_space(p);
    if (at_end(p) || *p != '"') return false;
  }
  {
    const Token t = ReadString<true>(p);
    if ((p = t.end) == nullptr) return false;
    key = t.text;
    tree_.NextKey(key, t.prefix);
  }
colon:
  if (at_end(p)) return false;
  if (*p != ':') {
    p = skip_space(p);
    if (at_end(p) || *p != ':') return false;
  }
  ++p;
  goto value;
after_value:
  // After a value that is no closing bracket: inside a container, the
  // text goes on (see Read).
  if (depth == 0) goto after_root;
  if (at_end(p)) return false;
  goto separator;
after_close:
  if (depth == 0) goto after_root;
  if (p == end_) return false;
  if (static_cast<unsigned char>(*p) <= ' ') {
    p = SkipSpace(p);
    if (p == end_) return false;
  }
separator:
  switch (*p) {
    case ',':
      ++p;
      if (in_object) goto key;
      goto value;
    case ' ':
    case '\n':
    case '\r':
    case '\t':
    case '\f':
    case '\v':
      // After a value that is no closing bracket (after_close skipped its
      // whitespace already).
      p = skip_space(p);
      if (at_end(p)) return false;
      goto separator;
    case '}':
      if (!in_object) return false;
      ++p;
      tree_.EndObjectOfKeys();
      closed();
      goto after_close;
    case ']':
      if (in_object) return false;
      ++p;
      tree_.EndArray();
      closed();
      goto after_close;
    default:
      return false;
  }
after_root:
  if (end_out_ != nullptr) {
    *end_out_ = static_cast<size_t>(p - begin_);
    *out = tree_.root();
    return true;
  }
  // After a complete value yajl lets an unfinished string token through
  // (it accepts `[] "x` and `0"t`, waiting for more input that never
  // comes): the value is the tree, as in the builder yajl drives.
  p = SkipSpace(p);
  if (p != end_ && *p != '"') return false;
  *out = tree_.root();
  return true;
}

// Runs read(reader) with a Reader over `text` on this thread's stacks,
// which are trimmed afterwards (a huge document must not keep them large).
template <typename ReadFn>
bool ReadWithThreadStacks(std::string_view text, buffer::Arena* arena, ReadFn read) {
  detail::TreeStacks& stacks = detail::ThreadTreeStacks();
  struct TrimAtExit {
    detail::TreeStacks& stacks;
    ~TrimAtExit() { stacks.Trim(); }
  } trim{stacks};
  Reader reader(text, arena, &stacks);
  return read(reader);
}

// ReadValidatedTree and ReadValidatedTreePrefix with this unit's Reader.
bool ReadTreeHere(std::string_view text, buffer::Arena* arena, const JsonValue** out) {
  return ReadWithThreadStacks(text, arena, [&](Reader& reader) { return reader.Read(out); });
}

bool ReadTreePrefixHere(std::string_view text, size_t max_depth, buffer::Arena* arena, const JsonValue** out,
                        size_t* end) {
  return ReadWithThreadStacks(text, arena,
                              [&](Reader& reader) { return reader.ReadPrefix(max_depth, out, end); });
}

}  // namespace

namespace detail {
// The AVX2 builds (validated_tree_reader_avx2.cc), called only when the CPU
// has AVX2 (ValidatedTreeReaderUsesAvx2).
bool ReadValidatedTreeAvx2(std::string_view text, buffer::Arena* arena, const JsonValue** out);
bool ReadValidatedTreePrefixAvx2(std::string_view text, size_t max_depth, buffer::Arena* arena,
                                 const JsonValue** out, size_t* end);
}  // namespace detail

}  // namespace tfstream::stream
