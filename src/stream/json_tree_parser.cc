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
#include "stream/json_scanner.h"

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

struct Frame {
  bool is_object;
  size_t start;  // index into items or members where this frame's children begin
  std::string_view pending_key;
};

// The builder's stacks. Kept per thread from one parse to the next, so that
// a worker parsing thousands of resources does not grow them again each
// time; given back when a huge value has made them large.
struct BuilderStacks {
  std::vector<Frame> frames;
  std::vector<const JsonValue*> items;
  std::vector<JsonMember> members;
  std::vector<size_t> perm;  // an unsorted object's members, by key
  std::string scratch;

  void Clear() {
    frames.clear();
    items.clear();
    members.clear();
  }
  void Trim() {
    constexpr size_t kKeep = 1 << 16;
    if (items.capacity() > kKeep) std::vector<const JsonValue*>().swap(items);
    if (members.capacity() > kKeep) std::vector<JsonMember>().swap(members);
    if (frames.capacity() > kKeep) std::vector<Frame>().swap(frames);
    if (perm.capacity() > kKeep) std::vector<size_t>().swap(perm);
    if (scratch.capacity() > kKeep) std::string().swap(scratch);
  }
};

// The callbacks' common case (a string in place, ASCII; an object already
// sorted) is kept short and inline; the rest is in functions of its own.
class TreeBuilder {
 public:
  TreeBuilder(std::string_view text, uint64_t base, buffer::Arena* arena, BuilderStacks* stacks)
      : text_(text), text_end_(text.data() + text.size()), base_(base), arena_(arena), st_(*stacks) {
    st_.Clear();
  }

  yajl_handle handle = nullptr;

  int OnValue(const JsonValue* v) {
    if (st_.frames.empty()) {
      root_ = v;
      have_root_ = true;
      return 1;
    }
    Frame& f = st_.frames.back();
    if (f.is_object) {
      st_.members.push_back(JsonMember{f.pending_key, v});
    } else {
      st_.items.push_back(v);
    }
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
    st_.frames.back().pending_key = decoded;
    return 1;
  }
  int OnStartMap() {
    st_.frames.push_back(Frame{true, st_.members.size(), {}});
    return 1;
  }
  int OnEndMap() {
    const size_t start = st_.frames.back().start;
    st_.frames.pop_back();
    const size_t n = st_.members.size() - start;
    const JsonMember* first = st_.members.data() + start;
    // Terraform writes keys sorted, so usually there is nothing to do.
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; ++i) sorted = KeyLess(first[i - 1].key, first[i].key);
    JsonValue* v = arena_->New<JsonValue>();
    v->kind = JsonKind::kObject;
    if (sorted) {
      JsonMember* members =
          static_cast<JsonMember*>(arena_->Allocate(sizeof(JsonMember) * n, alignof(JsonMember)));
      if (n != 0) std::memcpy(static_cast<void*>(members), first, sizeof(JsonMember) * n);
      v->members = members;
      v->size = n;
    } else {
      SortMembers(start, v);
    }
    st_.members.resize(start);
    return OnValue(v);
  }
  int OnStartArray() {
    st_.frames.push_back(Frame{false, st_.items.size(), {}});
    return 1;
  }
  int OnEndArray() {
    const size_t start = st_.frames.back().start;
    st_.frames.pop_back();
    const size_t n = st_.items.size() - start;
    const JsonValue** items =
        static_cast<const JsonValue**>(arena_->Allocate(sizeof(JsonValue*) * n, alignof(JsonValue*)));
    if (n != 0) std::memcpy(static_cast<void*>(items), st_.items.data() + start, sizeof(JsonValue*) * n);
    st_.items.resize(start);
    JsonValue* v = arena_->New<JsonValue>();
    v->kind = JsonKind::kArray;
    v->items = items;
    v->size = n;
    return OnValue(v);
  }

  const JsonValue* root() const { return root_; }
  bool have_root() const { return have_root_; }
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
    st_.scratch.clear();
    if (!DecodeGoJsonString(raw, &st_.scratch)) {
      return Fail("invalid string", static_cast<size_t>(raw.data() - text_.data()));
    }
    *out = arena_->CopyString(st_.scratch);
    return true;
  }

  // An object whose members (from members[start]) are not in order or
  // repeat a key: sorted, the last of each key kept, as in a Go map, and
  // the document's order recorded after them (JsonDocumentOrder) for struct
  // decoding. The sort is of document positions, stable, so within a run of
  // equal keys the last is the document's last.
  [[gnu::noinline]] void SortMembers(size_t start, JsonValue* v) {
    const JsonMember* doc = st_.members.data() + start;
    const size_t n = st_.members.size() - start;
    std::vector<size_t>& perm = st_.perm;
    perm.resize(n);
    for (size_t i = 0; i < n; ++i) perm[i] = i;
    auto less = [doc](size_t a, size_t b) { return KeyLess(doc[a].key, doc[b].key); };
    if (n <= 32) {
      // Struct-shaped objects (a resource change, its change) are small:
      // an insertion sort, without stable_sort's buffer.
      for (size_t i = 1; i < n; ++i) {
        size_t x = perm[i];
        size_t j = i;
        for (; j > 0 && less(x, perm[j - 1]); --j) perm[j] = perm[j - 1];
        perm[j] = x;
      }
    } else {
      std::stable_sort(perm.begin(), perm.end(), less);
    }
    auto last_of_key = [&](size_t k) {
      return k + 1 == n || !KeyEqual(doc[perm[k]].key, doc[perm[k + 1]].key);
    };
    size_t unique = 0;
    for (size_t k = 0; k < n; ++k) unique += last_of_key(k);
    const bool keep_order = n <= UINT32_MAX;
    JsonMember* members = static_cast<JsonMember*>(arena_->Allocate(
        sizeof(JsonMember) * unique + (keep_order ? sizeof(JsonDocumentOrder) : 0), alignof(JsonMember)));
    uint32_t* order = nullptr;
    JsonMember* dropped = nullptr;
    if (keep_order) {
      order = static_cast<uint32_t*>(arena_->Allocate(sizeof(uint32_t) * n, alignof(uint32_t)));
      if (n != unique) {
        dropped = static_cast<JsonMember*>(
            arena_->Allocate(sizeof(JsonMember) * (n - unique), alignof(JsonMember)));
      }
    }
    size_t kept = 0, dropped_count = 0;
    for (size_t k = 0; k < n; ++k) {
      const size_t at = perm[k];
      if (last_of_key(k)) {
        members[kept] = doc[at];
        if (keep_order) order[at] = static_cast<uint32_t>(kept);
        ++kept;
      } else if (keep_order) {  // an exact duplicate a later key replaced
        dropped[dropped_count] = doc[at];
        order[at] = static_cast<uint32_t>(unique + dropped_count++);
      }
    }
    if (keep_order) new (members + unique) JsonDocumentOrder{order, dropped, n};
    v->members = members;
    v->size = unique;
    v->has_document_order = keep_order;
  }

  bool Fail(const char* what, size_t at) {
    if (status_.ok()) status_ = Status::Error(what, base_ + at);
    return false;
  }

  std::string_view text_;
  const char* text_end_;
  uint64_t base_;
  buffer::Arena* arena_;
  BuilderStacks& st_;
  const JsonValue* root_ = nullptr;
  bool have_root_ = false;
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

Status ParseJsonTree(std::string_view text, uint64_t base_offset, buffer::Arena* arena,
                     const JsonValue** out) {
  // The callbacks never parse, so one set of stacks per thread is enough.
  thread_local BuilderStacks stacks;
  struct TrimAtExit {
    ~TrimAtExit() { stacks.Trim(); }
  } trim;
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
