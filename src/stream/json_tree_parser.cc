// yajl hands string callbacks either a pointer into our input (no escapes in
// the token) or into its own decode buffer (escapes present, decoded with
// yajl's rules, which differ from Go's for broken surrogates). In the second
// case we recover the raw token: yajl's consumed-bytes counter points just past
// the closing quote, and the opening quote is the last quote before it that is
// not right after a backslash (see OpeningQuote).
#include "stream/json_tree_parser.h"

#include <yajl/yajl_parse.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "stream/go_json_string.h"
#include "stream/json_tree_assembler.h"
#include "stream/json_scanner.h"
#include "stream/json_tree_check.h"
#include "stream/validated_tree_reader.h"

namespace tfstream::stream {
namespace {

// Whether p[0..n) is all ASCII, 16 bytes at a time. The last block may be
// read whole past p + n, but never up to `limit` (the end of the text).
bool AllAscii(const char* p, size_t n, const char* limit) {
  size_t i = 0;
#if defined(__SSE2__)
  for (; i + 16 <= n; i += 16) {
    if (_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i))) != 0) return false;
  }
  if (i < n && limit - (p + i) >= 16) {
    __m128i last = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + i));
    unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(last));
    return (mask & ((1u << (n - i)) - 1)) == 0;
  }
#endif
  unsigned char bits = 0;
  for (; i < n; ++i) bits |= static_cast<unsigned char>(p[i]);
  return bits < 0x80;
}

// Where the string token whose closing quote is text[close] opens. Inside a
// token every quote is escaped, so comes right after a backslash, and the
// opening quote never does (outside strings JSON has no backslash): it is
// the last quote before `close` not preceded by one. Found 16 bytes at a
// time. Returns `close` if there is none.
size_t OpeningQuote(std::string_view text, size_t close) {
  const char* t = text.data();
  size_t j = close;  // what is left to search: t[0, j)
#if defined(__SSE2__)
  for (; j >= 17; j -= 16) {
    __m128i here = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + j - 16));
    __m128i before = _mm_loadu_si128(reinterpret_cast<const __m128i*>(t + j - 17));
    unsigned quotes = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(here, _mm_set1_epi8('"'))));
    unsigned escaped = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(before, _mm_set1_epi8('\\'))));
    unsigned open = quotes & ~escaped;
    if (open != 0) return j - 16 + static_cast<size_t>(31 - __builtin_clz(open));
  }
#endif
  while (j > 0) {
    --j;
    if (t[j] == '"' && (j == 0 || t[j - 1] != '\\')) return j;
  }
  return close;
}

// The callbacks' common case (a string in place, ASCII; an object already
// sorted) is kept short and inline; the rest is in functions of its own.
class TreeBuilder {
 public:
  TreeBuilder(std::string_view text, uint64_t base, buffer::Arena* arena, detail::TreeStacks* stacks)
      : text_(text), text_end_(text.data() + text.size()), base_(base), arena_(arena), tree_(arena, stacks) {}

  yajl_handle handle = nullptr;

  int OnValue(const JsonValue* v) {
    tree_.Value(v);
    return 1;
  }

  int OnNull() { return OnValue(nullptr); }
  int OnBool(bool b) {
    JsonValue* v = arena_->New<JsonValue>();
    v->kind = JsonKind::kBool;
    v->boolean = b;
    return OnValue(v);
  }
  int OnNumber(const char* s, size_t n) {
    JsonValue* v = arena_->New<JsonValue>();
    v->kind = JsonKind::kNumber;
    // yajl passes numbers straight from the input, except a number ending the
    // text, which it buffers internally.
    bool in_text = s >= text_.data() && s + n <= text_end_;
    v->set_text(in_text ? std::string_view(s, n) : arena_->CopyString(std::string_view(s, n)));
    return OnValue(v);
  }
  int OnString(const unsigned char* s, size_t n) {
    std::string_view decoded;
    if (!InPlaceAscii(s, n, &decoded) && !Decode(s, n, &decoded)) return 0;
    JsonValue* v = arena_->New<JsonValue>();
    v->kind = JsonKind::kString;
    v->set_text(decoded);
    return OnValue(v);
  }
  int OnKey(const unsigned char* s, size_t n) {
    std::string_view decoded;
    if (!InPlaceAscii(s, n, &decoded) && !Decode(s, n, &decoded)) return 0;
    tree_.Key(decoded);
    return 1;
  }
  int OnStartMap() {
    tree_.StartObject();
    return 1;
  }
  int OnEndMap() {
    tree_.EndObject();
    return 1;
  }
  int OnStartArray() {
    tree_.StartArray();
    return 1;
  }
  int OnEndArray() {
    tree_.EndArray();
    return 1;
  }

  const JsonValue* root() const { return tree_.root(); }
  bool have_root() const { return tree_.have_root(); }
  const Status& status() const { return status_; }

 private:
  // A token without escapes, which yajl hands over in place: it holds no
  // quote, backslash or control byte, so when it is ASCII it is its value.
  bool InPlaceAscii(const unsigned char* s, size_t n, std::string_view* out) const {
    const char* p = reinterpret_cast<const char*>(s);
    if (p < text_.data() || p + n > text_end_ || !AllAscii(p, n, text_end_)) return false;
    *out = std::string_view(p, n);
    return true;
  }

  // Whether yajl's decoding of an escaped token is also Go's, judged from
  // the decoded bytes alone (common: JSON text inside a string, all `\"`).
  // The two differ only around surrogate escapes, and yajl turns each of
  // those into a byte >= 0x80 or a `?` (a high surrogate not followed by
  // `\u`); raw bytes >= 0x80, which Go checks for valid UTF-8, are passed
  // through. Every other escape decodes the same in both.
  static bool YajlDecodedAsGo(const char* p, size_t n) {
    return AllAscii(p, n, p + n) && std::memchr(p, '?', n) == nullptr;
  }

  // Any other string token: in place with bytes >= 0x80 (maybe invalid
  // UTF-8), or decoded by yajl (escapes), whose raw text is then found again.
  [[gnu::noinline]] bool Decode(const unsigned char* s, size_t n, std::string_view* out) {
    const char* p = reinterpret_cast<const char*>(s);
    std::string_view raw;
    if (p >= text_.data() && p + n <= text_end_) {
      raw = std::string_view(p, n);
    } else if (YajlDecodedAsGo(p, n)) {
      *out = arena_->CopyString(std::string_view(p, n));
      return true;
    } else {
      size_t end = yajl_get_bytes_consumed(handle);  // just past the closing quote
      if (end == 0 || end > text_.size()) return Fail("string token out of range", end);
      size_t close = end - 1;
      size_t open = OpeningQuote(text_, close);
      if (open == close) return Fail("string token out of range", end);
      raw = text_.substr(open + 1, close - open - 1);
    }
    if (!NeedsGoJsonDecoding(raw)) {
      // The input outlives the tree: point into it instead of copying.
      *out = raw;
      return true;
    }
    std::string& scratch = tree_.scratch();
    scratch.clear();
    if (!DecodeGoJsonString(raw, &scratch)) {
      return Fail("invalid string", static_cast<size_t>(raw.data() - text_.data()));
    }
    *out = arena_->CopyString(scratch);
    return true;
  }

  bool Fail(const char* what, size_t at) {
    if (status_.ok()) status_ = Status::Error(what, base_ + at);
    return false;
  }

  std::string_view text_;
  const char* text_end_;
  uint64_t base_;
  buffer::Arena* arena_;
  detail::TreeAssembler tree_;
  Status status_;
};

TreeBuilder* B(void* ctx) { return static_cast<TreeBuilder*>(ctx); }

const yajl_callbacks kCallbacks = {
    [](void* c) { return B(c)->OnNull(); },
    [](void* c, int b) { return B(c)->OnBool(b != 0); },
    nullptr,
    nullptr,
    [](void* c, const char* s, size_t n) { return B(c)->OnNumber(s, n); },
    [](void* c, const unsigned char* s, size_t n) { return B(c)->OnString(s, n); },
    [](void* c) { return B(c)->OnStartMap(); },
    [](void* c, const unsigned char* s, size_t n) { return B(c)->OnKey(s, n); },
    [](void* c) { return B(c)->OnEndMap(); },
    [](void* c) { return B(c)->OnStartArray(); },
    [](void* c) { return B(c)->OnEndArray(); },
};

}  // namespace

Status ParseJsonTreeWithYajl(std::string_view text, uint64_t base_offset, buffer::Arena* arena,
                            const JsonValue** out) {
  // The callbacks never parse, so one set of stacks per thread is enough.
  detail::TreeStacks& stacks = detail::ThreadTreeStacks();
  struct TrimAtExit {
    detail::TreeStacks& stacks;
    ~TrimAtExit() { stacks.Trim(); }
  } trim{stacks};
  TreeBuilder builder(text, base_offset, arena, &stacks);
  yajl_handle h = yajl_alloc(&kCallbacks, nullptr, &builder);
  builder.handle = h;
  yajl_config(h, yajl_dont_validate_strings, 1);
  yajl_status st = yajl_parse(h, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  if (st == yajl_status_ok) st = yajl_complete_parse(h);
  Status result;
  if (!builder.status().ok()) {
    result = builder.status();
  } else if (st != yajl_status_ok || !builder.have_root()) {
    // yajl accepts the same grammar as Go's scanner, but our scanner says
    // what is wrong the way the pre-scan does, at the same offset.
    JsonScanner check(text, base_offset);
    if (!check.SkipValue() || (check.SkipWhitespace(), check.pos() != text.size())) {
      if (check.ok()) check.Fail("unexpected data after a value, found " + DescribeByte(text, check.pos()));
      yajl_free(h);
      *out = nullptr;
      return check.status();
    }
    size_t at = yajl_get_bytes_consumed(h);
    unsigned char* msg = yajl_get_error(h, 0, nullptr, 0);
    std::string text_msg = msg ? reinterpret_cast<char*>(msg) : "invalid JSON";
    if (msg) yajl_free_error(h, msg);
    while (!text_msg.empty() && (text_msg.back() == '\n' || text_msg.back() == ' ')) text_msg.pop_back();
    result = Status::Error(text_msg, base_offset + at);
  }
  yajl_free(h);
  *out = builder.root();
  return result;
}

}  // namespace tfstream::stream

namespace tfstream::stream {
namespace {

// Whether yajl accepts `text` as one JSON value, as json_verify asks it: no
// callbacks, so no string is decoded and no tree is built.
bool YajlAccepts(std::string_view text) {
  yajl_handle h = yajl_alloc(nullptr, nullptr, nullptr);
  yajl_config(h, yajl_dont_validate_strings, 1);
  yajl_status st = yajl_parse(h, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  if (st == yajl_status_ok) st = yajl_complete_parse(h);
  yajl_free(h);
  return st == yajl_status_ok;
}

}  // namespace

Status ParseJsonTree(std::string_view text, uint64_t base_offset, buffer::Arena* arena,
                     const JsonValue** out) {
  // Text yajl refuses goes the way it always went, for the same message at
  // the same offset.
  if (!YajlAccepts(text)) return ParseJsonTreeWithYajl(text, base_offset, arena, out);
  const bool read = ReadValidatedTree(text, arena, out);
  if (TreeCrossCheckEnabled()) CrossCheckValidatedTree(text, base_offset, arena, read, read ? *out : nullptr);
  // The reader accepts all that yajl does; should it not, yajl's builder
  // still has the right tree.
  if (!read) return ParseJsonTreeWithYajl(text, base_offset, arena, out);
  return Status::Ok();
}

Status ParseValidatedJsonTree(std::string_view text, uint64_t base_offset, buffer::Arena* arena,
                              const JsonValue** out) {
  const bool read = ReadValidatedTree(text, arena, out);
  if (TreeCrossCheckEnabled()) CrossCheckValidatedTree(text, base_offset, arena, read, read ? *out : nullptr);
  return read ? Status::Ok() : ParseJsonTree(text, base_offset, arena, out);
}

bool ParseJsonTreePrefix(std::string_view text, uint64_t base_offset, size_t max_depth, buffer::Arena* arena,
                         const JsonValue** out, size_t* end) {
  if (!ReadValidatedTreePrefix(text, max_depth, arena, out, end)) return false;
  const std::string_view value = text.substr(0, *end);
  if (!YajlAccepts(value)) return false;
  if (TreeCrossCheckEnabled()) CrossCheckValidatedTree(value, base_offset, arena, true, *out);
  return true;
}

}  // namespace tfstream::stream
