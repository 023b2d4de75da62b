// The structure of the element has been checked by the pre-scan, and yajl or
// the validating scanner checks all of it afterwards whichever path the
// worker takes, so this look validates nothing: it reads keys and the
// strings it needs in place, passes over other values by structure
// (structural_skip.h), and gives up (false) on anything it does not expect,
// such as a key with an escape or a non-ASCII byte (KeyIsField would have to
// fold it), never reading outside `raw`.
#include "stream/action_peek.h"

#include <cstring>
#include <string>
#include <vector>

#include "stream/json_value.h"
#include "stream/plan_action.h"
#include "stream/structural_skip.h"

namespace tfstream::stream {
namespace {

bool AllAscii(std::string_view s) {
  unsigned char bits = 0;
  for (char c : s) bits |= static_cast<unsigned char>(c);
  return bits < 0x80;
}

class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}

  // Consumes `c` after whitespace.
  bool Take(char c) {
    SkipWhitespace();
    if (pos_ >= text_.size() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }
  char Peek() {
    SkipWhitespace();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  // A string with no escape and only ASCII, whose raw text is its value.
  bool PlainString(std::string_view* out) {
    if (!Take('"')) return false;
    const char* begin = text_.data() + pos_;
    const void* quote = std::memchr(begin, '"', text_.size() - pos_);
    if (quote == nullptr) return false;
    std::string_view s(begin, static_cast<size_t>(static_cast<const char*>(quote) - begin));
    if (s.find('\\') != std::string_view::npos || !AllAscii(s)) return false;
    pos_ += s.size() + 1;
    *out = s;
    return true;
  }
  // The next member's key and the ':' after it; false at the object's end or
  // on a key that is not plain.
  bool NextKey(bool* first, std::string_view* key) {
    if (Peek() == '}') return false;
    if (!*first && !Take(',')) return false;
    *first = false;
    return PlainString(key) && Take(':');
  }
  bool SkipValue() {
    // Short plain strings are most of what comes before the actions.
    size_t begin = pos_;
    std::string_view ignored;
    if (Peek() == '"' && PlainString(&ignored)) return true;
    StructuralEnd end = SkipByStructure(text_, begin, kAnyDepth);
    if (!end.complete) return false;
    pos_ = end.end;
    return true;
  }

 private:
  // Nesting was bounded by the pre-scan; any bound works here.
  static constexpr int kAnyDepth = 1 << 20;

  void SkipWhitespace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\r' || text_[pos_] == '\t')) {
      ++pos_;
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
};

// Reads the first "actions" of the change object at the cursor. False when
// the object has none, or not as an array of plain strings.
bool ReadFirstActions(Cursor* c, std::vector<std::string>* actions) {
  if (!c->Take('{')) return false;
  bool first = true;
  std::string_view key;
  while (c->NextKey(&first, &key)) {
    if (!KeyIsField(key, "actions")) {
      if (!c->SkipValue()) return false;
      continue;
    }
    if (!c->Take('[')) return false;
    bool first_item = true;
    while (c->Peek() != ']') {
      if (!first_item && !c->Take(',')) return false;
      first_item = false;
      std::string_view a;
      if (!c->PlainString(&a)) return false;
      actions->emplace_back(a);
    }
    return true;
  }
  return false;
}

}  // namespace

bool ActionAloneShowsBlock(std::string_view raw) {
  Cursor c(raw);
  if (!c.Take('{')) return false;
  bool first = true;
  bool managed = false;
  std::string_view key;
  while (c.NextKey(&first, &key)) {
    if (KeyIsField(key, "mode") && c.Peek() == '"') {
      std::string_view mode;
      if (!c.PlainString(&mode)) return false;
      managed = mode == "managed";
    } else if (KeyIsField(key, "change") && c.Peek() == '{') {
      std::vector<std::string> actions;
      PlanAction action;
      if (!ReadFirstActions(&c, &actions) || !PlanActionFromList(actions, &action)) return false;
      if (action == PlanAction::kNoOp) return false;
      return action != PlanAction::kDelete || managed;
    } else if (!c.SkipValue()) {
      return false;
    }
  }
  return false;
}

}  // namespace tfstream::stream
