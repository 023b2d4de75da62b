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
  size_t start;  // index into items_ or members_ where this frame's children begin
  std::string_view pending_key;
};

class TreeBuilder {
 public:
  TreeBuilder(std::string_view text, uint64_t base, buffer::Arena* arena)
      : text_(text), base_(base), arena_(arena) {}

  yajl_handle handle = nullptr;

  int OnValue(const JsonValue* v) {
    if (frames_.empty()) {
      root_ = v;
      have_root_ = true;
      return 1;
    }
    Frame& f = frames_.back();
    if (f.is_object) {
      members_.push_back(JsonMember{f.pending_key, v});
    } else {
      items_.push_back(v);
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
    bool in_text = s >= text_.data() && s + n <= text_.data() + text_.size();
    v->set_text(in_text ? std::string_view(s, n) : arena_->CopyString(std::string_view(s, n)));
    return OnValue(v);
  }
  int OnString(const unsigned char* s, size_t n) {
    std::string_view decoded;
    if (!Decode(s, n, &decoded)) return 0;
    JsonValue* v = arena_->New<JsonValue>();
    v->kind = JsonKind::kString;
    v->set_text(decoded);
    return OnValue(v);
  }
  int OnKey(const unsigned char* s, size_t n) {
    std::string_view decoded;
    if (!Decode(s, n, &decoded)) return 0;
    frames_.back().pending_key = decoded;
    return 1;
  }
  int OnStartMap() {
    frames_.push_back(Frame{true, members_.size(), {}});
    return 1;
  }
  int OnEndMap() {
    Frame f = frames_.back();
    frames_.pop_back();
    size_t n = members_.size() - f.start;
    auto first = members_.begin() + static_cast<ptrdiff_t>(f.start);
    // Terraform writes keys sorted, so usually there is nothing to do.
    bool sorted = true;
    for (size_t i = 1; i < n && sorted; ++i) sorted = KeyLess(first[i - 1].key, first[i].key);
    size_t unique = n;
    bool keep_order = !sorted && n <= UINT32_MAX;
    if (keep_order) doc_members_.assign(first, members_.end());
    if (!sorted) {
      std::stable_sort(first, members_.end(),
                       [](const JsonMember& a, const JsonMember& b) { return a.key < b.key; });
      // Duplicate keys: the last occurrence wins, as in a Go map.
      unique = 0;
      for (size_t i = 0; i < n; ++i) {
        if (i + 1 < n && first[i].key == first[i + 1].key) continue;
        first[unique++] = first[i];
      }
    }
    JsonMember* members = static_cast<JsonMember*>(arena_->Allocate(
        sizeof(JsonMember) * unique + (keep_order ? sizeof(JsonDocumentOrder) : 0), alignof(JsonMember)));
    std::copy(first, first + static_cast<ptrdiff_t>(unique), members);
    if (keep_order) RecordDocumentOrder(members, unique);
    members_.resize(f.start);
    JsonValue* v = arena_->New<JsonValue>();
    v->kind = JsonKind::kObject;
    v->members = members;
    v->size = unique;
    v->has_document_order = keep_order;
    return OnValue(v);
  }
  int OnStartArray() {
    frames_.push_back(Frame{false, items_.size(), {}});
    return 1;
  }
  int OnEndArray() {
    Frame f = frames_.back();
    frames_.pop_back();
    size_t n = items_.size() - f.start;
    const JsonValue** items = static_cast<const JsonValue**>(
        arena_->Allocate(sizeof(JsonValue*) * n, alignof(JsonValue*)));
    std::copy(items_.begin() + static_cast<ptrdiff_t>(f.start), items_.end(), items);
    items_.resize(f.start);
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
  bool Decode(const unsigned char* s, size_t n, std::string_view* out) {
    const char* p = reinterpret_cast<const char*>(s);
    std::string_view raw;
    if (p >= text_.data() && p + n <= text_.data() + text_.size()) {
      // A token without escapes, which yajl hands over in place: it holds
      // no quote, backslash or control byte, so only bytes >= 0x80 (maybe
      // invalid UTF-8) can need decoding.
      if (AllAscii(p, n, text_.data() + text_.size())) {
        *out = std::string_view(p, n);
        return true;
      }
      raw = std::string_view(p, n);
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
    scratch_.clear();
    if (!DecodeGoJsonString(raw, &scratch_)) {
      return Fail("invalid string", static_cast<size_t>(raw.data() - text_.data()));
    }
    *out = arena_->CopyString(scratch_);
    return true;
  }

  // Writes the JsonDocumentOrder that follows members[unique] (sorted, one
  // per key, each the key's last occurrence) for the document's members in
  // doc_members_.
  void RecordDocumentOrder(JsonMember* members, size_t unique) {
    size_t n = doc_members_.size();
    uint32_t* order = static_cast<uint32_t*>(arena_->Allocate(sizeof(uint32_t) * n, alignof(uint32_t)));
    JsonMember* dropped = n == unique ? nullptr
                                      : static_cast<JsonMember*>(arena_->Allocate(
                                            sizeof(JsonMember) * (n - unique), alignof(JsonMember)));
    taken_.assign(unique, 0);
    size_t dropped_count = 0;
    for (size_t i = n; i-- > 0;) {
      const JsonMember& m = doc_members_[i];
      size_t at = static_cast<size_t>(
          std::lower_bound(members, members + unique, m,
                           [](const JsonMember& a, const JsonMember& b) { return KeyLess(a.key, b.key); }) -
          members);
      if (!taken_[at]) {  // the last occurrence: the one members[] kept
        taken_[at] = 1;
        order[i] = static_cast<uint32_t>(at);
      } else {
        dropped[dropped_count] = m;
        order[i] = static_cast<uint32_t>(unique + dropped_count++);
      }
    }
    new (members + unique) JsonDocumentOrder{order, dropped, n};
  }

  bool Fail(const char* what, size_t at) {
    if (status_.ok()) status_ = Status::Error(what, base_ + at);
    return false;
  }

  std::string_view text_;
  uint64_t base_;
  buffer::Arena* arena_;
  std::vector<Frame> frames_;
  std::vector<const JsonValue*> items_;
  std::vector<JsonMember> members_;
  std::vector<JsonMember> doc_members_;  // an unsorted object's members, in document order
  std::vector<char> taken_;
  std::string scratch_;
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
  TreeBuilder builder(text, base_offset, arena);
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
