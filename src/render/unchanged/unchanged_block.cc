// What each function mirrors is named beside it: the differ's walk of one
// no-op value (differ/block.go, attribute.go, list.go, set.go, map.go,
// object.go) fused with the renderer that would print its diff
// (computed/renderers/block.go, list.go, set.go, map.go, object.go). With
// every child a no-op and ShowUnchangedChildren set, the renderers print
// every child, no "unchanged ... hidden" lines and no null suffixes, and the
// options they pass down differ only in flags that no-op text never reads,
// so one RenderOpts serves the whole block.
#include "render/unchanged/unchanged_block.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "render/differ/differ.h"
#include "render/renderers/renderers.h"
#include "render/renderers/util.h"
#include "render/structured/change.h"
#include "render/text/go_quote.h"
#include "render/text/go_strings.h"
#include "render/text/hcl_identifier.h"
#include "stream/json_document.h"
#include "stream/json_hash.h"

namespace tfstream::render::unchanged {
namespace {

using stream::CtyType;
using stream::JsonValue;

const JsonValue* AsObject(const JsonValue* v) { return v != nullptr && v->IsObject() ? v : nullptr; }
const JsonValue* AsArray(const JsonValue* v) { return v != nullptr && v->IsArray() ? v : nullptr; }

// Member() for keys asked in ascending order (every caller walks another
// sorted list: a schema's names, or an object's members): walks forward
// from the previous hit, as ChangeMap::GetChild does.
[[gnu::always_inline]] inline const JsonValue* NextMember(const JsonValue* object, std::string_view key, size_t* cursor) {
  if (object == nullptr) return nullptr;
  size_t i = *cursor;
  int c = 1;
  for (; i < object->size; ++i) {
    // Most keys asked differ from the next member's in their first byte.
    const std::string_view k = object->members[i].key;
    if (!k.empty() && !key.empty() && k[0] != key[0]) {
      if (static_cast<unsigned char>(k[0]) > static_cast<unsigned char>(key[0])) {
        c = 1;
        break;
      }
      continue;
    }
    if ((c = stream::KeyCompare(k, key)) >= 0) break;
  }
  if (i < object->size && c == 0) {
    *cursor = i + 1;
    return object->members[i].value;
  }
  *cursor = i;
  return nullptr;
}

const JsonValue* Item(const JsonValue* array, size_t i) {
  return array != nullptr && i < array->size ? array->items[i] : nullptr;
}

bool IsEmptyString(const JsonValue* v) { return v != nullptr && v->IsString() && v->size == 0; }

renderers::PrimitiveType PrimitiveOf(const CtyType& t) {
  switch (t.kind) {
    case CtyType::Kind::kBool: return renderers::PrimitiveType::kBool;
    case CtyType::Kind::kNumber: return renderers::PrimitiveType::kNumber;
    default: return renderers::PrimitiveType::kString;
  }
}

bool KindMatches(const JsonValue* v, const CtyType& t) {
  switch (t.kind) {
    case CtyType::Kind::kBool: return v->IsBool();
    case CtyType::Kind::kNumber: return v->IsNumber();
    case CtyType::Kind::kString: return v->IsString();
    default: return false;
  }
}

// Whether two elements of an array may be equal (processSet, which pairs
// deep-equal elements, would then pair them its own way). Most sets are
// small: their pairs are compared (JsonDeepEqual, what processSet asks,
// which stops at the first difference, where a hash reads every byte of
// every element); larger ones by equal hashes, without their values.
bool MayHaveDuplicates(const JsonValue* array) {
  if (array->size < 2) return false;
  if (array->size <= 8) {
    for (size_t i = 1; i < array->size; ++i) {
      for (size_t j = 0; j < i; ++j) {
        if (stream::JsonDeepEqual(array->items[i], array->items[j])) return true;
      }
    }
    return false;
  }
  std::vector<uint64_t> hashes(array->size);
  for (size_t i = 0; i < array->size; ++i) hashes[i] = stream::JsonHash(array->items[i]);
  std::sort(hashes.begin(), hashes.end());
  return std::adjacent_find(hashes.begin(), hashes.end()) != hashes.end();
}

bool IsWriteOnly(const stream::NamedCtyType&) { return false; }
bool IsWriteOnly(const stream::NamedAttribute& a) { return a.attribute->write_only; }
// The type of an attribute that is no nested type.
const CtyType* TypeOf(const stream::NamedCtyType& a) { return a.type; }
const CtyType* TypeOf(const stream::NamedAttribute& a) {
  return a.attribute->nested_type == nullptr ? a.attribute->type : nullptr;
}

// Whether %q leaves every byte of s as it is: printable ASCII but '"' and
// '\\'. Eight bytes a step (the last step overlapping), each test exact
// for "some byte": below 0x20, above 0x7e, or equal to '"' or '\\'.
bool QuotesAsItIs(std::string_view s) {
  const char* p = s.data();
  const size_t n = s.size();
  if (n < 8) {
    bool plain = true;
    for (size_t i = 0; i < n; ++i) {
      const unsigned char c = static_cast<unsigned char>(p[i]);
      plain &= c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    }
    return plain;
  }
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kHigh = 0x8080808080808080ULL;
  auto has_zero = [](uint64_t w) { return (w - kOnes) & ~w & kHigh; };
  auto bad = [&](uint64_t w) {
    const uint64_t below = (w - kOnes * 0x20) & ~w & kHigh;
    const uint64_t above = ((w + kOnes * 0x01) | w) & kHigh;
    return below | above | has_zero(w ^ (kOnes * '"')) | has_zero(w ^ (kOnes * '\\'));
  };
  uint64_t any = 0;
  for (size_t i = 0; i + 8 < n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    any |= bad(w);
  }
  uint64_t w;
  std::memcpy(&w, p + n - 8, 8);
  return (any | bad(w)) == 0;
}

// A bool, number or string PrepareTyped would mark `direct` (written as the
// primitive renderer writes a no-op): of its type, not sensitive, not an
// empty string (a leaf) and not a string that may hold JSON. Lets the
// common leaves skip the Child and the Prepare/Write calls.
[[gnu::always_inline]] inline bool IsDirect(const JsonValue* v, const JsonValue* s, const CtyType* t) {
  if (t == nullptr || v == nullptr || !t->IsPrimitive() || !KindMatches(v, *t) || stream::IsTrue(s)) return false;
  return !v->IsString() || (v->size != 0 && v->chars[0] != '{' && v->chars[0] != '[');
}

// One child of a collection, block or object: either written here (`leaf`
// has no renderer), or a diff from the general differ (a leaf).
struct Child {
  std::string_view name;
  const JsonValue* value = nullptr;
  const JsonValue* sensitive = nullptr;
  Diff leaf;
  bool has_warning = false;  // the leaf's renderer may print a warning line
  // A primitive of its type, neither sensitive nor a string holding JSON,
  // written here (WritePrimitive) as the primitive renderer would.
  bool direct = false;
  const JsonValue* json = nullptr;  // a string holding a JSON object or array, parsed
};

// Where a thread's Writer puts its text before appending it to `out`:
// memory never cleared, longer than the text, so that the many small pieces
// of a block (indentation, names, padding, short values) cost a few stores
// each (some past their end, overwritten next) rather than a std::string
// append each.
struct TextBuffer {
  std::unique_ptr<char[]> data;
  size_t capacity = 0;

  void Reserve(size_t used, size_t n) {
    size_t want = std::max(used + n, capacity * 2);
    want = std::max<size_t>(want, 1 << 14);
    std::unique_ptr<char[]> bigger(new char[want]);
    if (used != 0) std::memcpy(bigger.get(), data.get(), used);
    data = std::move(bigger);
    capacity = want;
  }
  // A huge block's buffer is not kept for the next.
  void Trim() {
    if (capacity > (size_t{1} << 20)) {
      data.reset();
      capacity = 0;
    }
  }
};

// Text goes through the thread's TextBuffer, appended to `out` before a
// general renderer appends to it (General()) and at the end.
class Writer {
 public:
  Writer(const RenderOpts& opts, const DiffContext& ctx, std::string* out)
      : opts_(opts),
        ctx_(ctx),
        out_(out),
        unicode_(renderers::QuoteUnicode(*opts.flavor)),
        symbol_(opts.hide_diff_action_symbols ? std::string_view() : std::string_view(opts.palette->Symbol(Action::kNoOp))) {
    if (buf_->capacity == 0) buf_->Reserve(0, 0);
    Attach(0);
  }
  // `out` holds the text written.
  ~Writer() {
    Flush();
    buf_->Trim();
  }

  // ComputeDiffForBlock + blockRenderer, for a block value that is an object.
  bool Block(const JsonValue* values, const JsonValue* sensitive, const stream::Block& block, int indent,
             bool non_legacy);

 private:
  // A Change as the differ's walk builds it for a child (before and after
  // one value), for the general differ to take a leaf.
  static structured::Change LeafChange(const JsonValue* v, const JsonValue* s, bool non_legacy, bool is_explicit) {
    structured::Change c;
    c.before = c.after = v;
    c.before_sensitive = c.after_sensitive = s;
    c.before_explicit = c.after_explicit = is_explicit;
    c.non_legacy_schema = non_legacy;
    return c;
  }

  // Decide how a child is written before anything of it is: sets
  // child->leaf when the general differ renders it. False: give up.
  bool PrepareTyped(Child* child, const CtyType* type, bool non_legacy, bool is_explicit);
  bool PrepareAttribute(Child* child, const stream::Attribute& attribute, bool non_legacy, bool is_explicit);
  bool PrepareNested(Child* child, const stream::NestedType& nested);
  // Write a prepared child (its first line placed by the caller).
  bool WriteTyped(const Child& child, const CtyType* type, int indent, bool non_legacy);
  bool WriteAttribute(const Child& child, const stream::Attribute& attribute, int indent, bool non_legacy);
  bool WriteNested(const Child& child, const stream::NestedType& nested, int indent, bool non_legacy);
  // objectRenderer over the attributes present (ProcessObject).
  template <typename Attr, typename Prepare, typename Write>
  bool WriteObject(const JsonValue* v, const JsonValue* s, std::span<const Attr> attributes, int indent,
                   Prepare prepare, Write write);
  // listRenderer / setRenderer of no-op elements, each "<symbol>VALUE,".
  template <typename Prepare, typename Write>
  // `element`: the elements' type (null for nested objects), for IsDirect.
  bool WriteArray(const JsonValue* array, const JsonValue* s, const CtyType* element, int indent, Prepare prepare,
                  Write write);
  // mapRenderer: keys %q, padded unless nested; "," after objects.
  template <typename Prepare, typename Write>
  // `objects`: the elements written here are objects.
  bool WriteMap(const JsonValue* map, const JsonValue* s, const CtyType* element, int indent, bool nested,
                bool objects, Prepare prepare,
                Write write);

  // The primitive renderer's evaluatedString: a string that is one JSON
  // object or array (Terraform's reading: json.Unmarshal of the whole string;
  // OpenTofu's first-value reading and float64 numbers stay with the
  // renderer).
  bool ParseJsonString(const JsonValue* v, const JsonValue** json) {
    std::string_view s = v->text();
    if (s.empty() || (s[0] != '{' && s[0] != '[') || opts_.flavor->string_json_prefix ||
        opts_.flavor->numbers_as_float64) {
      return false;
    }
    return stream::ParseGoJson(s, ctx_.arena, json) && *json != nullptr;
  }
  // renderStringDiffAsJson of a no-op: the jsondiff of a value with itself
  // rendered in jsonencode( ).
  void WriteJsonString(const JsonValue* json, int indent) {
    Put("jsonencode(");
    if (json->size == 0) {
      Put(json->IsArray() ? "[]" : "{}");
      Put(')');
      return;
    }
    Put('\n');
    Indent(indent + 1);
    Symbol();
    WriteJson(json, indent + 1);
    Put('\n');
    Indent(indent);
    Symbol();
    Put(')');
  }
  // jsondiff.Transform of a value with itself, rendered: objects by the
  // object renderer over every key (nulls included), arrays by the list
  // renderer, primitives by the primitive renderer with the value's type.
  void WriteJson(const JsonValue* v, int indent);

  // A name as EnsureValidAttributeName prints it, and its width in runes
  // (fmt pads by runes).
  struct Label {
    std::string_view text;
    size_t runes;
    // Written in double quotes (text is a map key that %q leaves as it is;
    // runes counts the quotes).
    bool quote = false;
    size_t bytes() const { return text.size() + (quote ? 2 : 0); }
  };
  // `plain`: the schema says it is a plain identifier (Named*::plain_name).
  Label NameLabel(std::string_view name, bool plain = false) {
    if (plain || text::IsPlainAsciiIdentifier(name)) return {name, name.size()};
    if (text::IsValidHclIdentifier(name)) return {name, text::GoRuneCount(name)};
    return KeyLabel(name);
  }
  // A map key (or a name that is no identifier) as %q prints it: quoted in
  // place when no byte of it needs an escape (printable ASCII but '"' and
  // '\\'), else quoted into the arena.
  Label KeyLabel(std::string_view key) {
    if (QuotesAsItIs(key)) return {key, key.size() + 2, true};
    scratch_.clear();
    text::AppendGoQuoted(scratch_, key, unicode_);
    const std::string_view quoted = ctx_.arena->CopyString(scratch_);
    return {quoted, text::GoRuneCount(quoted)};
  }
  // An attribute of the schema with a non-null value, and its label.
  template <typename Attr>
  struct Present {
    const Attr* attr;
    const JsonValue* value;
    Label label;
  };
  // Room for n, each written when taken.
  template <typename Attr>
  Present<Attr>* NewPresent(size_t n) {
    return static_cast<Present<Attr>*>(ctx_.arena->Allocate(sizeof(Present<Attr>) * n, alignof(Present<Attr>)));
  }
  // The attributes of `v` (sorted) present in `attributes` (sorted), in
  // order, as one walk of both, with their labels and the widest label's
  // bytes (*max_len); false when a non-null member has none.
  template <typename Attr>
  bool MatchMembers(const JsonValue* v, std::span<const Attr> attributes, Present<Attr>* present, size_t* count,
                    size_t* max_len) {
    size_t widest = 0;
    size_t n = 0, a = 0;
    const size_t na = attributes.size();
    for (size_t i = 0; i < v->size; ++i) {
      const stream::JsonMember& m = v->members[i];
      int c = 1;
      if (a < na && stream::KeyEqual(attributes[a].name, m.key)) {
        c = 0;  // the usual case: the next attribute
      } else {
        while (a < na && (c = stream::KeyCompare(attributes[a].name, m.key)) < 0) ++a;
      }
      if (a < na && c == 0) {
        if (m.value != nullptr) {
          const Label label = NameLabel(attributes[a].name, attributes[a].plain_name);
          widest = std::max(widest, label.bytes());
          present[n++] = {&attributes[a], m.value, label};
        }
        ++a;
      } else if (m.value != nullptr) {
        return false;
      }
    }
    *count = n;
    *max_len = widest;
    return true;
  }
  // At least n + kSlop bytes writable at the cursor, which Done() moves.
  static constexpr size_t kSlop = 32;
  char* Room(size_t n) {
    if (static_cast<size_t>(limit_ - cur_) < n) Grow(n);
    return cur_;
  }
  [[gnu::noinline]] void Grow(size_t n) {
    const size_t used = static_cast<size_t>(cur_ - buf_->data.get());
    buf_->Reserve(used, n + kSlop);
    Attach(used);
  }
  // The cursor at `used` bytes into the thread's buffer.
  void Attach(size_t used) {
    cur_ = buf_->data.get() + used;
    limit_ = buf_->data.get() + buf_->capacity - kSlop;
  }
  void Done(char* end) { cur_ = end; }
  void Flush() {
    char* const data = buf_->data.get();
    out_->append(data, static_cast<size_t>(cur_ - data));
    cur_ = data;
  }
  // A general renderer's appending to `out`, after what is written.
  template <typename F>
  void General(F f) {
    Flush();
    f();
  }
  // n spaces at p (stores of sixteen, two at least, which a line's indent
  // and padding mostly fit: up to 32 bytes past them are written, which
  // kSlop allows).
  static char* PutSpaces(char* p, size_t n) {
#if defined(__SSE2__)
    static_assert(kSlop >= 32);
    const __m128i spaces = _mm_set1_epi8(' ');
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), spaces);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p + 16), spaces);
    for (size_t k = 32; k < n; k += 16) _mm_storeu_si128(reinterpret_cast<__m128i*>(p + k), spaces);
#else
    std::memset(p, ' ', n);
#endif
    return p + n;
  }
  [[gnu::always_inline]] static char* PutBytes(char* p, std::string_view s) {
    const char* q = s.data();
    const size_t n = s.size();
    if (n >= 8 && n <= 16) {  // two overlapping words: no call for a short name
      uint64_t a, b;
      std::memcpy(&a, q, 8);
      std::memcpy(&b, q + n - 8, 8);
      std::memcpy(p, &a, 8);
      std::memcpy(p + n - 8, &b, 8);
    } else if (n > 16) {
#if defined(__SSE2__)
      if (n <= 32) {  // two overlapping blocks of sixteen
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q + n - 16));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p), a);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p + n - 16), b);
        return p + n;
      }
#endif
      std::memcpy(p, q, n);
    } else if (n >= 4) {  // two overlapping half words
      uint32_t a, b;
      std::memcpy(&a, q, 4);
      std::memcpy(&b, q + n - 4, 4);
      std::memcpy(p, &a, 4);
      std::memcpy(p + n - 4, &b, 4);
    } else if (n >= 2) {  // two overlapping pairs
      uint16_t a, b;
      std::memcpy(&a, q, 2);
      std::memcpy(&b, q + n - 2, 2);
      std::memcpy(p, &a, 2);
      std::memcpy(p + n - 2, &b, 2);
    } else if (n == 1) {
      *p = *q;
    }
    return p + n;
  }
  void Put(std::string_view s) { Done(PutBytes(Room(s.size()), s)); }
  void Put(char c) {
    char* p = Room(1);
    *p = c;
    Done(p + 1);
  }
  void Indent(int indent) {
    const size_t n = static_cast<size_t>(indent) * 4;
    Done(PutSpaces(Room(n), n));
  }
  // "<indent><symbol>", the start of a line.
  char* LineStart(int indent, size_t more) {
    const size_t n = static_cast<size_t>(indent) * 4;
    char* p = Room(n + symbol_.size() + more);
    if (blank_symbol_) return PutSpaces(p, n + symbol_.size());
    return PutBytes(PutSpaces(p, n), symbol_);
  }
  // "<indent><symbol><name padded to width> = ", as the object and block
  // renderers write an attribute's line (fmt's "%-*s").
  static constexpr size_t kMaxWidth = 1000000;  // fmt's limit: AppendPadded says what it prints beyond
  void NameLine(int indent, const Label& name, size_t width) { Done(NameLineThen(indent, name, width, 0)); }
  // NameLine, but the cursor is left where it was: returns the end of the
  // text, with room for `more` bytes there (one Room() for the line).
  [[gnu::always_inline]] char* NameLineThen(int indent, const Label& name, size_t width, size_t more) {
    if (!blank_symbol_ || width > kMaxWidth) {
      NameLineSlow(indent, name, width);
      return Room(more);
    }
    const size_t pad = width > name.runes ? width - name.runes : 0;
    // The whole line so far is spaces but the name and '=': spaces first
    // (stores of sixteen), then the name and '=' over them.
    const size_t lead = static_cast<size_t>(indent) * 4 + symbol_.size();
    const size_t end = lead + name.bytes() + pad;  // the space before '='
    char* p = Room(end + 3 + more);
    PutSpaces(p, end + 3);
    char* q = p + lead;
    if (name.quote) {
      *q++ = '"';
      q = PutBytes(q, name.text);
      *q = '"';
    } else {
      PutBytes(q, name.text);
    }
    p[end + 1] = '=';
    return p + end + 3;
  }
  // NameLine with a coloured symbol, or beyond fmt's width limit.
  [[gnu::noinline]] void NameLineSlow(int indent, const Label& name, size_t width) {
    if (width > kMaxWidth) {
      Done(LineStart(indent, 0));
      General([&] {
        std::string text;
        if (name.quote) text.push_back('"');
        text.append(name.text);
        if (name.quote) text.push_back('"');
        renderers::AppendPadded(out_, text, width);
      });
      Put(" = ");
      return;
    }
    const size_t pad = width > name.runes ? width - name.runes : 0;
    char* p = LineStart(indent, name.text.size() + pad + 5);
    if (name.quote) {
      *p++ = '"';
      p = PutBytes(p, name.text);
      *p++ = '"';
    } else {
      p = PutBytes(p, name.text);
    }
    p = PutSpaces(p, pad);
    std::memcpy(p, " = ", 3);
    Done(p + 3);
  }
  // The primitive renderer's no-op text of a bool, number or string
  // (renderPrimitiveValue, or evaluatedString's %q when the string is one
  // line and not JSON); a string it would read as JSON or print as a
  // heredoc goes to the renderer itself.
  // Then `tail` ("\n" or ",\n", or none when tail_len is 0), which ends
  // the line.
  void WritePrimitive(const JsonValue* v, int indent, const char* tail = nullptr, size_t tail_len = 0) {
    if (MayBeJson(v)) {
      WriteGeneralString(v, indent);
      if (tail_len != 0) Put(std::string_view(tail, tail_len));
      return;
    }
    PutPrimitive(Room(PrimitiveRoom(v) + tail_len), v, indent, tail, tail_len);
  }
  // A string the primitive renderer may read as JSON.
  static bool MayBeJson(const JsonValue* v) {
    return v->IsString() && v->size != 0 && (v->chars[0] == '{' || v->chars[0] == '[');
  }
  // The room PutPrimitive needs for a value, without its tail.
  static size_t PrimitiveRoom(const JsonValue* v) {
    switch (v->kind) {
      case stream::JsonKind::kBool: return 5;
      case stream::JsonKind::kNumber: return v->size;
      default: return text::GoQuotedLineRoom(v->size);
    }
  }
  // WritePrimitive of a value that is no MayBeJson string, at p (the
  // cursor, with room for PrimitiveRoom(v) and the tail).
  [[gnu::always_inline]] void PutPrimitive(char* p, const JsonValue* v, int indent, const char* tail, size_t tail_len) {
    switch (v->kind) {
      case stream::JsonKind::kBool:
        p = PutBytes(p, v->boolean ? std::string_view("true") : std::string_view("false"));
        break;
      case stream::JsonKind::kNumber:
        p = PutBytes(p, v->text());
        break;
      default: {
        char* end = text::WriteGoQuotedShortPlain(p, v->text());
        if (end == nullptr) end = text::WriteGoQuotedLine(p, v->text(), unicode_);
        if (end == nullptr) {
          Done(p);
          WriteHeredoc(v->text(), indent);
          if (tail_len != 0) Put(std::string_view(tail, tail_len));
          return;
        }
        p = end;
      }
    }
    // Room() left kSlop bytes past the value: the tail's two fit.
    if (tail_len != 0) std::memcpy(p, tail, 2);
    Done(p + tail_len);
  }
  // An attribute's or a key's line whose value is a primitive:
  // NameLine + WritePrimitive(v, indent, "\n", 1), with one Room().
  [[gnu::always_inline]] void PrimitiveLine(int indent, const Label& name, size_t width, const JsonValue* v) {
    if (MayBeJson(v)) {
      NameLine(indent, name, width);
      WritePrimitive(v, indent, "\n", 1);
      return;
    }
    PutPrimitive(NameLineThen(indent, name, width, PrimitiveRoom(v) + 1), v, indent, "\n", 1);
  }
  // A list's or set's element that is a primitive: its line start, then
  // WritePrimitive(v, indent, ",\n", 2), with one Room().
  [[gnu::always_inline]] void PrimitiveElement(int indent, const JsonValue* v) {
    if (MayBeJson(v)) {
      Done(LineStart(indent, 0));
      WritePrimitive(v, indent, ",\n", 2);
      return;
    }
    PutPrimitive(LineStart(indent, PrimitiveRoom(v) + 2), v, indent, ",\n", 2);
  }
  [[gnu::noinline]] void WriteGeneralString(const JsonValue* v, int indent) {
    General([&] {
      Diff{renderers::Primitive(ctx_.arena, v, v, renderers::PrimitiveType::kString), Action::kNoOp, false}
          .RenderHuman(indent, opts_, out_);
    });
  }

  // The primitive renderer's no-op heredoc of a string that spans lines
  // and is no JSON: its lines (after strings.TrimSpace) each on a line of
  // its own under the no-op prefix, then "EOT" at the value's indent.
  [[gnu::noinline]] void WriteHeredoc(std::string_view s, int indent) {
    const std::string_view body = text::GoTrimSpace(s);
    Put(std::string_view("<<-EOT\n"));
#if defined(__SSE2__)
    if (blank_symbol_) {
      WriteHeredocLines(body, indent + 1);
      char* p = LineStart(indent, 3);
      std::memcpy(p, "EOT", 3);
      Done(p + 3);
      return;
    }
#endif
    size_t start = 0;
    while (true) {
      const size_t nl = body.find('\n', start);
      const std::string_view line = body.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start);
      char* p = PutBytes(LineStart(indent + 1, line.size() + 1), line);
      *p = '\n';
      Done(p + 1);
      if (nl == std::string_view::npos) break;
      start = nl + 1;
    }
    char* p = LineStart(indent, 3);
    std::memcpy(p, "EOT", 3);
    Done(p + 3);
  }

#if defined(__SSE2__)
  // The heredoc's lines of `body`, each after `indent`'s spaces and the
  // (blank) symbol, each ending in '\n': copied sixteen bytes a step up to
  // its '\n' (room for the rest of the body on each line, which stores
  // past the line's end need).
  void WriteHeredocLines(std::string_view body, int indent) {
    const size_t lead = static_cast<size_t>(indent) * 4 + symbol_.size();
    const char* q = body.data();
    const char* const end = q + body.size();
    const __m128i newline = _mm_set1_epi8('\n');
    while (true) {
      char* p = PutSpaces(Room(lead + static_cast<size_t>(end - q) + 1), lead);
      bool more = false;
      while (end - q >= 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(q));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
        const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, newline)));
        if (mask != 0) {
          const size_t k = static_cast<size_t>(__builtin_ctz(mask));
          p += k;
          q += k;
          more = true;
          break;
        }
        p += 16;
        q += 16;
      }
      if (!more && q < end) {
        const size_t r = static_cast<size_t>(end - q);
        const __m128i v = text::go_quote_simd::LoadShort(q, r);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v);
        const unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, newline))) & ((1u << r) - 1);
        const size_t k = mask != 0 ? static_cast<size_t>(__builtin_ctz(mask)) : r;
        p += k;
        q += k;
        more = mask != 0;
      }
      *p = '\n';
      Done(p + 1);
      if (!more) return;
      ++q;  // the '\n'
    }
  }
#endif

  void Warning(const Child& child, int indent) {
    if (child.has_warning) General([&] { renderers::AppendWarningLine(out_, child.leaf, indent, opts_); });
  }
  void Symbol() {
    if (!symbol_.empty()) Put(symbol_);
  }
  void Closing(char bracket, int indent) {
    char* p = LineStart(indent, 1);
    *p = bracket;
    Done(p + 1);
  }

  const RenderOpts& opts_;
  const DiffContext& ctx_;
  std::string* out_;
  static thread_local TextBuffer thread_buffer_;
  // The thread's buffer (TLS is not free), and the cursor into it: the end
  // of the text not yet in *out_, and where Room() must grow it.
  TextBuffer* const buf_ = &thread_buffer_;
  char* cur_ = nullptr;
  char* limit_ = nullptr;
  const text::GoUnicode unicode_;  // the release's %q tables
  const std::string_view symbol_;  // the no-op action's symbol, or nothing
  // The symbol is spaces only (uncoloured), or nothing.
  const bool blank_symbol_ = symbol_.find_first_not_of(' ') == std::string_view::npos;
  std::string scratch_;
};

thread_local TextBuffer Writer::thread_buffer_;

// ComputeDiffForType: the leaves go to the general differ; lists, sets,
// maps and objects are walked here.
bool Writer::PrepareTyped(Child* child, const CtyType* type, bool non_legacy, bool is_explicit) {
  const JsonValue* v = child->value;
  const JsonValue* s = child->sensitive;
  const bool leaf = type == nullptr || v == nullptr || stream::IsTrue(s) || type->kind == CtyType::Kind::kDynamic ||
                    type->kind == CtyType::Kind::kTuple || IsEmptyString(v);
  if (leaf) {
    child->leaf = differ::ComputeDiffForType(LeafChange(v, s, non_legacy, is_explicit), type, ctx_);
    child->has_warning = true;
    return child->leaf.action == Action::kNoOp && !child->leaf.replace;
  }
  if (type->IsPrimitive()) {
    // What ComputeDiffForType gives a non-empty value of its type that is
    // neither sensitive nor unknown.
    if (!KindMatches(v, *type)) return false;
    if (type->kind != CtyType::Kind::kString || (v->chars[0] != '{' && v->chars[0] != '[')) {
      child->direct = true;  // v is no empty string (a leaf above)
      return true;
    }
    if (ParseJsonString(v, &child->json)) return true;
    child->leaf = Diff{renderers::Primitive(ctx_.arena, v, v, PrimitiveOf(*type)), Action::kNoOp, false};
    return true;
  }
  switch (type->kind) {
    case CtyType::Kind::kList:
      return v->IsArray();
    case CtyType::Kind::kSet:
      return v->IsArray() && !MayHaveDuplicates(v);
    case CtyType::Kind::kMap:
    case CtyType::Kind::kObject:
      return v->IsObject();
    default:
      return false;
  }
}

bool Writer::WriteTyped(const Child& child, const CtyType* type, int indent, bool non_legacy) {
  if (child.direct) {
    WritePrimitive(child.value, indent);
    return true;
  }
  if (child.leaf.renderer != nullptr) {
    General([&] { child.leaf.RenderHuman(indent, opts_, out_); });
    return true;
  }
  if (child.json != nullptr) {
    WriteJsonString(child.json, indent);
    return true;
  }
  const JsonValue* v = child.value;
  const JsonValue* s = child.sensitive;
  const CtyType* element = type->element;
  switch (type->kind) {
    case CtyType::Kind::kList:
    case CtyType::Kind::kSet:
      // computeAttributeDiffAsList (an unchanged list pairs each element
      // with itself) and processSet (no two elements alike): the elements
      // are slice children, which do not inherit non_legacy_schema.
      return WriteArray(
          v, s, element, indent, [&](Child* c) { return PrepareTyped(c, element, false, true); },
          [&](const Child& c) { return WriteTyped(c, element, indent + 1, false); });
    case CtyType::Kind::kMap:
      return WriteMap(
          v, s, element, indent, false, element->kind == CtyType::Kind::kObject,
          [&](Child* c) { return PrepareTyped(c, element, non_legacy, true); },
          [&](const Child& c) { return WriteTyped(c, element, indent + 1, non_legacy); });
    case CtyType::Kind::kObject:
      return WriteObject<stream::NamedCtyType>(
          v, s, type->attributes, indent,
          [&](Child* c, const stream::NamedCtyType& a) { return PrepareTyped(c, a.type, non_legacy, false); },
          [&](const Child& c, const stream::NamedCtyType& a) { return WriteTyped(c, a.type, indent + 1, non_legacy); });
    default:
      return false;
  }
}

// ComputeDiffForAttribute.
bool Writer::PrepareAttribute(Child* child, const stream::Attribute& attribute, bool non_legacy, bool is_explicit) {
  if (attribute.write_only) return false;
  if (attribute.nested_type == nullptr) return PrepareTyped(child, attribute.type, non_legacy, is_explicit);
  return PrepareNested(child, *attribute.nested_type);
}

[[gnu::always_inline]] inline bool Writer::WriteAttribute(const Child& child, const stream::Attribute& attribute, int indent, bool non_legacy) {
  if (attribute.nested_type == nullptr) return WriteTyped(child, attribute.type, indent, non_legacy);
  return WriteNested(child, *attribute.nested_type, indent, non_legacy);
}

// ComputeDiffForNestedAttribute: a sensitive or null one is left to the
// general path (the whole block).
bool Writer::PrepareNested(Child* child, const stream::NestedType& nested) {
  const JsonValue* v = child->value;
  if (v == nullptr || stream::IsTrue(child->sensitive)) return false;
  switch (nested.nesting) {
    case stream::NestingMode::kSingle:
    case stream::NestingMode::kGroup:
    case stream::NestingMode::kMap:
      return v->IsObject();
    case stream::NestingMode::kList:
      return v->IsArray();
    case stream::NestingMode::kSet:
      return v->IsArray() && !MayHaveDuplicates(v);
    default:
      return false;
  }
}

bool Writer::WriteNested(const Child& child, const stream::NestedType& nested, int indent, bool non_legacy) {
  const JsonValue* v = child.value;
  const JsonValue* s = child.sensitive;
  auto object = [&](const JsonValue* ov, const JsonValue* os, int oindent, bool onl) {
    return WriteObject<stream::NamedAttribute>(
        ov, os, nested.attributes, oindent,
        [&](Child* c, const stream::NamedAttribute& a) { return PrepareAttribute(c, *a.attribute, onl, false); },
        [&](const Child& c, const stream::NamedAttribute& a) {
          return WriteAttribute(c, *a.attribute, oindent + 1, onl);
        });
  };
  // An element of a nested list, set or map: ComputeDiffForNestedAttribute
  // with single nesting, an object.
  auto prepare_element = [&](Child* c) {
    return c->value != nullptr && c->value->IsObject() && !stream::IsTrue(c->sensitive);
  };
  switch (nested.nesting) {
    case stream::NestingMode::kSingle:
    case stream::NestingMode::kGroup:
      return object(v, s, indent, non_legacy);
    case stream::NestingMode::kList:
    case stream::NestingMode::kSet:
      // processNestedList / processSet: slice children, non_legacy_schema dropped.
      return WriteArray(v, s, nullptr, indent, prepare_element,
                        [&](const Child& c) { return object(c.value, c.sensitive, indent + 1, false); });
    case stream::NestingMode::kMap:
      return WriteMap(v, s, nullptr, indent, true, true, prepare_element,
                      [&](const Child& c) { return object(c.value, c.sensitive, indent + 1, non_legacy); });
    default:
      return false;
  }
}

template <typename Attr, typename Prepare, typename Write>
bool Writer::WriteObject(const JsonValue* v, const JsonValue* s, std::span<const Attr> attributes, int indent,
                         Prepare prepare, Write write) {
  const JsonValue* sens = AsObject(s);
  // The attributes present, in order (a member the type lacks is left to
  // the general path, which notes unknown names); write-only ones are
  // listed even when null, with the object's action.
  for (const Attr& a : attributes) {
    if (IsWriteOnly(a)) return false;
  }
  Present<Attr>* present = NewPresent<Attr>(std::min(attributes.size(), v->size));
  size_t n = 0, max_len = 0;
  if (!MatchMembers(v, attributes, present, &n, &max_len)) return false;
  if (n == 0) {
    Put("{}");
    return true;
  }
  Put("{\n");
  size_t at_sensitive = 0;
  for (size_t i = 0; i < n; ++i) {
    const Attr& a = *present[i].attr;
    const JsonValue* cs = NextMember(sens, a.name, &at_sensitive);
    if (IsDirect(present[i].value, cs, TypeOf(a))) {
      PrimitiveLine(indent + 1, present[i].label, max_len, present[i].value);
      continue;
    }
    Child c;
    c.name = a.name;
    c.value = present[i].value;
    c.sensitive = cs;
    if (!prepare(&c, a)) return false;
    Warning(c, indent + 1);
    NameLine(indent + 1, present[i].label, max_len);
    if (!write(c, a)) return false;
    Put('\n');
  }
  Closing('}', indent);
  return true;
}

template <typename Prepare, typename Write>
bool Writer::WriteArray(const JsonValue* array, const JsonValue* s, const CtyType* element, int indent,
                        Prepare prepare, Write write) {
  if (array->size == 0) {
    Put("[]");
    return true;
  }
  const JsonValue* sens = AsArray(s);
  Put("[\n");
  for (size_t i = 0; i < array->size; ++i) {
    const JsonValue* cs = Item(sens, i);
    if (IsDirect(array->items[i], cs, element)) {
      PrimitiveElement(indent + 1, array->items[i]);
      continue;
    }
    Child c;
    c.value = array->items[i];
    c.sensitive = cs;
    if (!prepare(&c)) return false;
    Warning(c, indent + 1);
    Done(LineStart(indent + 1, 0));
    if (!write(c)) return false;
    Put(",\n");
  }
  Closing(']', indent);
  return true;
}

template <typename Prepare, typename Write>
bool Writer::WriteMap(const JsonValue* map, const JsonValue* s, const CtyType* element, int indent, bool nested,
                      bool objects,
                      Prepare prepare, Write write) {
  const JsonValue* sens = AsObject(s);
  // A plain map takes its keys from the sensitivity marks too (AllKeys):
  // a mark for a key the map lacks would add an element.
  if (!nested && sens != nullptr) {
    for (size_t i = 0; i < sens->size; ++i) {
      const JsonValue* ignored;
      if (!map->Find(sens->members[i].key, &ignored)) return false;
    }
  }
  if (map->size == 0) {
    Put("{}");
    return true;
  }
  Label* keys = ctx_.arena->NewArray<Label>(map->size);
  size_t max_len = 0;
  for (size_t i = 0; i < map->size; ++i) {
    keys[i] = KeyLabel(map->members[i].key);
    max_len = std::max(max_len, keys[i].bytes());
  }
  Put("{\n");
  size_t at_sensitive = 0;
  for (size_t i = 0; i < map->size; ++i) {
    const JsonValue* cs = NextMember(sens, map->members[i].key, &at_sensitive);
    if (IsDirect(map->members[i].value, cs, element)) {
      PrimitiveLine(indent + 1, keys[i], nested ? 0 : max_len, map->members[i].value);
      continue;
    }
    Child c;
    c.name = map->members[i].key;
    c.value = map->members[i].value;
    c.sensitive = cs;
    if (!prepare(&c)) return false;
    Warning(c, indent + 1);
    NameLine(indent + 1, keys[i], nested ? 0 : max_len);  // nested maps' keys are not padded
    if (!write(c)) return false;
    // The renderer of an object says so (nested maps' elements always are).
    const bool is_object = c.leaf.renderer != nullptr ? c.leaf.renderer->IsObject() : objects;
    if (is_object) Put(',');
    Put('\n');
  }
  Closing('}', indent);
  return true;
}

void Writer::WriteJson(const JsonValue* v, int indent) {
  if (v == nullptr) {
    General([&] {
      Diff{renderers::Primitive(ctx_.arena, v, v, renderers::PrimitiveType::kNull), Action::kNoOp, false}
          .RenderHuman(indent, opts_, out_);
    });
    return;
  }
  if (!v->IsArray() && !v->IsObject()) {
    WritePrimitive(v, indent);
    return;
  }
  if (v->IsArray()) {
    if (v->size == 0) {
      Put("[]");
      return;
    }
    Put("[\n");
    for (size_t i = 0; i < v->size; ++i) {
      const JsonValue* item = v->items[i];
      if (item != nullptr && !item->IsArray() && !item->IsObject()) {
        PrimitiveElement(indent + 1, item);
        continue;
      }
      Done(LineStart(indent + 1, 0));
      WriteJson(item, indent + 1);
      Put(",\n");
    }
    Closing(']', indent);
    return;
  }
  if (v->size == 0) {
    Put("{}");
    return;
  }
  Label* names = ctx_.arena->NewArray<Label>(v->size);
  size_t max_len = 0;
  for (size_t i = 0; i < v->size; ++i) {
    names[i] = NameLabel(v->members[i].key);
    max_len = std::max(max_len, names[i].bytes());
  }
  Put("{\n");
  for (size_t i = 0; i < v->size; ++i) {
    const JsonValue* member = v->members[i].value;
    if (member != nullptr && !member->IsArray() && !member->IsObject()) {
      PrimitiveLine(indent + 1, names[i], max_len, member);
      continue;
    }
    NameLine(indent + 1, names[i], max_len);
    WriteJson(member, indent + 1);
    Put('\n');
  }
  Closing('}', indent);
}

bool Writer::Block(const JsonValue* values, const JsonValue* sensitive, const stream::Block& block, int indent,
                   bool non_legacy) {
  // CheckForSensitive would wrap the whole block.
  if (stream::IsTrue(sensitive)) return false;
  non_legacy = non_legacy || block.non_legacy;
  const JsonValue* sens = AsObject(sensitive);
  const bool fold_empty = ctx_.flavor->empty_strings_null_in_block_attributes;
  const std::span<const stream::NamedAttribute> attributes = block.attributes;
  const std::span<const stream::NamedBlockType> block_types = block.block_types;

  // One walk of the value's members (sorted) against the attributes and the
  // block types (each sorted by name). Attributes null (after OpenTofu
  // folds "" to null) are not recorded, nor are null block groups; a
  // non-null member the schema lacks is left to the general path, which
  // notes unknown names; so is a name that is both an attribute and a block
  // type.
  Present<stream::NamedAttribute>* attrs = NewPresent<stream::NamedAttribute>(std::min(attributes.size(), values->size));
  struct Group {
    const stream::NamedBlockType* type;
    const JsonValue* value;
  };
  Group* groups = static_cast<Group*>(
      ctx_.arena->Allocate(sizeof(Group) * std::min(block_types.size(), values->size), alignof(Group)));
  size_t n = 0, ngroups = 0, a = 0, b = 0, max_len = 0;
  const size_t na = attributes.size(), nb = block_types.size();
  const bool overlap = block.names_overlap;
  // The member `value` of attribute `attr`: false where the writer declines
  // the block (a write-only attribute); a value left is listed to write.
  auto take_attribute = [&](const stream::NamedAttribute& attr, const JsonValue* value) {
    if (attr.attribute->write_only) return false;
    if (fold_empty && IsEmptyString(value)) value = nullptr;
    if (value != nullptr) {
      // id, name and tags (importantAttribute) are identifiers: their
      // labels are the names themselves.
      const Label label = NameLabel(attr.name, attr.plain_name);
      max_len = std::max(max_len, label.bytes());
      attrs[n++] = {&attr, value, label};
    }
    return true;
  };
  for (size_t i = 0; i < values->size; ++i) {
    const stream::JsonMember& m = values->members[i];
    int ca = 1, cb = 1;
    if (a < na && stream::KeyEqual(attributes[a].name, m.key)) {
      ca = 0;  // the usual case: the next attribute
      if (!overlap) {
        // No block type has its name: the block types are walked only for
        // the members that are none of the attributes.
        if (!take_attribute(attributes[a++], m.value)) return false;
        continue;
      }
    } else {
      while (a < na && (ca = stream::KeyCompare(attributes[a].name, m.key)) < 0) {
        if (attributes[a].attribute->write_only) return false;  // listed even when null
        ++a;
      }
    }
    while (b < nb && (cb = stream::KeyCompare(block_types[b].name, m.key)) < 0) ++b;
    const bool is_attribute = a < na && ca == 0;
    const bool is_block_type = b < nb && cb == 0;
    if (is_attribute) {
      if (is_block_type) return false;
      if (!take_attribute(attributes[a++], m.value)) return false;
    } else if (is_block_type) {
      if (m.value != nullptr) groups[ngroups++] = Group{&block_types[b], m.value};
      ++b;
    } else if (m.value != nullptr) {
      return false;
    }
  }
  for (; a < na; ++a) {
    if (attributes[a].attribute->write_only) return false;
  }
  // A sensitive block group, null or not, is left to the general path.
  if (sens != nullptr) {
    for (size_t i = 0; i < sens->size; ++i) {
      if (!stream::IsTrue(sens->members[i].value)) continue;
      for (const stream::NamedBlockType& bt : block_types) {
        if (bt.name == sens->members[i].key) return false;
      }
    }
  }

  if (n == 0 && ngroups == 0) {
    Put("{}");
    return true;
  }
  Put("{\n");
  size_t at_sensitive = 0;
  for (size_t i = 0; i < n; ++i) {
    const stream::NamedAttribute& attr = *attrs[i].attr;
    const JsonValue* s = NextMember(sens, attr.name, &at_sensitive);
    if (IsDirect(attrs[i].value, s, TypeOf(attr))) {
      PrimitiveLine(indent + 1, attrs[i].label, max_len, attrs[i].value);
      continue;
    }
    Child c;
    c.name = attr.name;
    c.value = attrs[i].value;
    c.sensitive = s;
    if (!PrepareAttribute(&c, *attr.attribute, non_legacy, false)) return false;
    Warning(c, indent + 1);
    NameLine(indent + 1, attrs[i].label, max_len);
    if (!WriteAttribute(c, *attr.attribute, indent + 1, non_legacy)) return false;
    Put('\n');
  }
  std::string key;
  at_sensitive = 0;
  for (size_t g = 0; g < ngroups; ++g) {
    const Group& group = groups[g];
    const stream::NestingMode nesting = group.type->block_type->nesting;
    const JsonValue* value = group.value;
    const JsonValue* group_sensitive = NextMember(sens, group.type->name, &at_sensitive);
    switch (nesting) {
      case stream::NestingMode::kList:
        if (!value->IsArray()) return false;
        break;
      case stream::NestingMode::kSet:
        if (!value->IsArray() || MayHaveDuplicates(value)) return false;
        break;
      case stream::NestingMode::kMap:
      case stream::NestingMode::kSingle:
      case stream::NestingMode::kGroup:
        if (!value->IsObject()) return false;
        break;
      default:
        return false;
    }
    const stream::Block& nested = *group.type->block_type->block;
    const Label name = NameLabel(group.type->name, group.type->plain_name);
    bool first = true;
    auto write_block = [&](const JsonValue* v, const JsonValue* s, std::string_view map_key, bool nl) {
      if (v == nullptr || !v->IsObject()) return false;
      if (first && n > 0) Put('\n');
      first = false;
      char* p = LineStart(indent + 1, name.bytes() + map_key.size() + 1);
      if (name.quote) *p++ = '"';
      p = PutBytes(p, name.text);
      if (name.quote) *p++ = '"';
      p = PutBytes(p, map_key);
      *p = ' ';
      Done(p + 1);
      if (!Block(v, s, nested, indent + 1, nl)) return false;
      Put('\n');
      return true;
    };
    switch (nesting) {
      case stream::NestingMode::kSingle:
      case stream::NestingMode::kGroup:
        if (!write_block(value, group_sensitive, "", non_legacy)) return false;
        break;
      case stream::NestingMode::kList:
      case stream::NestingMode::kSet: {
        // Slice children: non_legacy_schema is not inherited.
        const JsonValue* sens_items = AsArray(group_sensitive);
        for (size_t i = 0; i < value->size; ++i) {
          if (!write_block(value->items[i], Item(sens_items, i), "", false)) return false;
        }
        break;
      }
      case stream::NestingMode::kMap: {
        const JsonValue* sens_members = AsObject(group_sensitive);
        size_t at = 0;
        for (size_t i = 0; i < value->size; ++i) {
          const stream::JsonMember& m = value->members[i];
          key.clear();
          key.push_back(' ');
          text::AppendGoQuoted(key, m.key, unicode_);
          if (!write_block(m.value, NextMember(sens_members, m.key, &at), key, non_legacy)) return false;
        }
        break;
      }
      default:
        return false;
    }
  }
  Closing('}', indent);
  return true;
}

}  // namespace

bool RenderUnchangedBlock(const JsonValue* values, const JsonValue* sensitive, const stream::Block& block, int indent,
                          const RenderOpts& opts, const DiffContext& ctx, std::string* out) {
  if (!opts.show_unchanged_children || opts.force_forces_replacement || values == nullptr || !values->IsObject()) {
    return false;
  }
  const size_t start = out->size();
  const size_t names = ctx.unknown_names != nullptr ? ctx.unknown_names->size() : 0;
  const bool had_error = (ctx.error != nullptr && !ctx.error->empty()) || (opts.error != nullptr && !opts.error->empty());
  bool ok;
  {
    Writer writer(opts, ctx, out);
    ok = writer.Block(values, sensitive, block, indent, false);
  }
  // A message met on the way is left for the general path to report, in
  // its own order.
  if (!had_error && ((ctx.error != nullptr && !ctx.error->empty()) || (opts.error != nullptr && !opts.error->empty()))) {
    ok = false;
    if (ctx.error != nullptr) ctx.error->clear();
    if (opts.error != nullptr) opts.error->clear();
  }
  if (!ok) {
    out->resize(start);
    if (ctx.unknown_names != nullptr) ctx.unknown_names->resize(names);
  }
  return ok;
}

}  // namespace tfstream::render::unchanged
