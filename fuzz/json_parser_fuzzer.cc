// Fuzzes the tree parsers: stream::ParseJsonTree (yajl validates, then
// ReadValidatedTree builds the tree from the validated bytes, strings decoded
// with Go's rules), stream::ParseJsonTreeWithYajl (the tree built from yajl's
// events, the reference) and stream::ParseGoJson (JsonScanner validates, then
// ReadValidatedTree reads, as used on string values that may hold JSON).
// Checks, besides memory safety:
//   - ParseGoJson accepts exactly what JsonScanner accepts as one value;
//   - ParseJsonTree succeeds exactly where ParseJsonTreeWithYajl does, with
//     the same tree node for node (SameJsonTree: texts, kinds, member and
//     document order, dropped duplicates), and fails with the same message
//     at the same offset where it fails; the tree cross-check
//     (json_tree_check.h) is on as well;
//   - on valid input ParseJsonTree succeeds, and its tree equals a reference
//     tree built with JsonScanner alone (ReadString's Go decoding, members
//     sorted by key, the last of duplicate keys winning, number literals kept);
//   - ParseJsonTree and ReadValidatedTree on arbitrary bytes (their input is
//     normally validated) fail cleanly rather than misbehaving;
//   - the prefix reads (ReadValidatedTreePrefix, ParseJsonTreePrefix: a
//     value followed by anything) likewise, and a prefix ParseJsonTreePrefix
//     accepts has ParseJsonTree's tree; a valid input is accepted whole.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "buffer/arena.h"
#include "stream/json_document.h"
#include "stream/json_scanner.h"
#include "stream/json_tree_check.h"
#include "stream/json_tree_parser.h"
#include "stream/json_value.h"
#include "stream/validated_tree_reader.h"

using tfstream::stream::JsonScanner;
using tfstream::stream::JsonValue;

namespace {

[[noreturn]] void Die(const char* what, std::string_view a = {}, std::string_view b = {}) {
  std::fprintf(stderr, "json_parser_fuzzer: invariant broken: %s\n", what);
  if (!a.empty() || !b.empty()) {
    std::fprintf(stderr, "  tree:      %.*s\n  reference: %.*s\n", static_cast<int>(std::min<size_t>(a.size(), 2000)),
                 a.data(), static_cast<int>(std::min<size_t>(b.size(), 2000)), b.data());
  }
  std::abort();
}

void AppendString(std::string* out, std::string_view s) {
  out->append("s").append(std::to_string(s.size())).append(":").append(s);
}

// Canonical form of a parsed tree.
void Canon(const JsonValue* v, std::string* out) {
  if (v == nullptr) {
    out->append("null");
    return;
  }
  switch (v->kind) {
    case tfstream::stream::JsonKind::kBool:
      out->append(v->boolean ? "true" : "false");
      return;
    case tfstream::stream::JsonKind::kNumber:
      out->append("n").append(v->text()).append(";");
      return;
    case tfstream::stream::JsonKind::kString:
      AppendString(out, v->text());
      return;
    case tfstream::stream::JsonKind::kArray:
      out->append("[");
      for (size_t i = 0; i < v->size; ++i) Canon(v->items[i], out);
      out->append("]");
      return;
    case tfstream::stream::JsonKind::kObject:
      out->append("{");
      for (size_t i = 0; i < v->size; ++i) {
        AppendString(out, v->members[i].key);
        Canon(v->members[i].value, out);
      }
      out->append("}");
      return;
  }
}

// The same canonical form, built from the scanner alone.
bool Reference(JsonScanner* s, std::string* out) {
  char c = s->Peek();
  if (c == '{') {
    if (!s->BeginObject("'{'")) return false;
    std::vector<std::pair<std::string, std::string>> members;
    bool first = true;
    std::string key;
    while (s->NextMember(&first, &key)) {
      std::string value;
      if (!Reference(s, &value)) return false;
      members.emplace_back(key, std::move(value));
    }
    if (!s->ok()) return false;
    std::stable_sort(members.begin(), members.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    out->append("{");
    for (size_t i = 0; i < members.size(); ++i) {
      if (i + 1 < members.size() && members[i].first == members[i + 1].first) continue;  // last wins
      AppendString(out, members[i].first);
      out->append(members[i].second);
    }
    out->append("}");
    return true;
  }
  if (c == '[') {
    if (!s->BeginArray("'['")) return false;
    out->append("[");
    bool first = true;
    while (s->NextElement(&first)) {
      if (!Reference(s, out)) return false;
    }
    if (!s->ok()) return false;
    out->append("]");
    return true;
  }
  if (c == '"') {
    std::string text;
    if (!s->ReadString(&text)) return false;
    AppendString(out, text);
    return true;
  }
  size_t begin = s->pos();
  if (!s->SkipValue()) return false;
  std::string_view literal = s->text().substr(begin, s->pos() - begin);
  if (c == 't' || c == 'f' || c == 'n') {
    out->append(literal);
  } else {
    out->append("n").append(literal).append(";");
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tfstream::stream::SetTreeCrossCheck(true);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  tfstream::buffer::Arena arena;

  JsonScanner validator(text);
  bool valid = validator.SkipValue() && validator.AtEnd();

  const JsonValue* go_tree = nullptr;
  bool go_ok = tfstream::stream::ParseGoJson(text, &arena, &go_tree);
  if (go_ok != valid) Die(valid ? "ParseGoJson rejects a valid value" : "ParseGoJson accepts an invalid value");

  const JsonValue* tree = nullptr;
  tfstream::Status s = tfstream::stream::ParseJsonTree(text, 0, &arena, &tree);
  const JsonValue* yajl_tree = nullptr;
  tfstream::Status yajl_s = tfstream::stream::ParseJsonTreeWithYajl(text, 0, &arena, &yajl_tree);
  if (s.ok() != yajl_s.ok()) {
    Die(s.ok() ? "ParseJsonTree accepts what yajl refuses" : "ParseJsonTree refuses what yajl accepts");
  }
  if (!s.ok() && !(s == yajl_s)) Die("ParseJsonTree's error differs from yajl's", s.message(), yajl_s.message());
  std::string where;
  if (s.ok() && !tfstream::stream::SameJsonTree(tree, yajl_tree, &where)) {
    Die("ParseJsonTree's tree differs from the yajl-built tree", where);
  }
  // The reader alone, on any bytes: nothing is asked but memory safety.
  const JsonValue* unchecked = nullptr;
  (void)tfstream::stream::ReadValidatedTree(text, &arena, &unchecked);
  // The prefix reads (a state's resources at --jobs 1 are read so, the rest
  // of the document following them). The reader alone: memory safety. The
  // parser: a prefix it accepts is a value ParseJsonTree accepts, with the
  // same tree, and a valid input is accepted whole (the depth limit is far
  // above what an input of a fuzzer's size can nest).
  constexpr size_t kNoDepthLimit = size_t{1} << 30;
  size_t prefix_end = 0;
  (void)tfstream::stream::ReadValidatedTreePrefix(text, kNoDepthLimit, &arena, &unchecked, &prefix_end);
  const JsonValue* prefix_tree = nullptr;
  prefix_end = 0;
  if (tfstream::stream::ParseJsonTreePrefix(text, 0, kNoDepthLimit, &arena, &prefix_tree, &prefix_end)) {
    if (prefix_end > text.size()) Die("ParseJsonTreePrefix ends past the text");
    const JsonValue* whole = nullptr;
    if (!tfstream::stream::ParseJsonTree(text.substr(0, prefix_end), 0, &arena, &whole).ok()) {
      Die("ParseJsonTreePrefix accepts a prefix ParseJsonTree refuses");
    }
    if (!tfstream::stream::SameJsonTree(prefix_tree, whole, &where)) {
      Die("ParseJsonTreePrefix's tree differs from ParseJsonTree's of the same bytes", where);
    }
    if (valid && text.find_first_not_of(" \t\r\n", prefix_end) != std::string_view::npos) {
      Die("ParseJsonTreePrefix stops short of the end of a valid value");
    }
  } else if (valid) {
    Die("ParseJsonTreePrefix refuses a valid value");
  }
  if (!valid) return 0;
  if (!s.ok()) Die("ParseJsonTree fails on a valid value");

  // The reference recurses once per level: keep it to shallow inputs.
  size_t brackets = std::count_if(text.begin(), text.end(), [](char c) { return c == '[' || c == '{'; });
  if (brackets > 2000) return 0;
  std::string got, want;
  Canon(tree, &got);
  JsonScanner reader(text);
  if (!Reference(&reader, &want)) Die("the reference reader fails on a valid value");
  if (got != want) Die("ParseJsonTree's tree differs from the reference", got, want);
  std::string go_got;
  Canon(go_tree, &go_got);
  if (go_got != want) Die("ParseGoJson's tree differs from the reference", go_got, want);
  return 0;
}
