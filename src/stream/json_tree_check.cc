#include "stream/json_tree_check.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "stream/json_tree_parser.h"

namespace tfstream::stream {
namespace {

std::atomic<bool>& Enabled() {
  static std::atomic<bool> on{false};
  return on;
}

// A pair of nodes still to compare, and how the walk got there from its
// parent: an array index, an object key, or a dropped duplicate's key.
struct Pending {
  const JsonValue* a;
  const JsonValue* b;
  size_t depth;
  std::string_view key;
  size_t index;
  enum { kRoot, kIndex, kKey, kDropped } step;
};

// Text for a message: at most 200 bytes of it, quoted, bytes outside
// printable ASCII escaped, and its length unless `bare`.
std::string Shown(std::string_view s, bool bare = false) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size() && i < 200; ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  if (s.size() > 200) out += "...";
  out += '"';
  if (!bare) out.append(" (").append(std::to_string(s.size())).append(" bytes)");
  return out;
}

const char* KindName(const JsonValue* v) {
  if (v == nullptr) return "null";
  switch (v->kind) {
    case JsonKind::kBool: return "bool";
    case JsonKind::kNumber: return "number";
    case JsonKind::kString: return "string";
    case JsonKind::kArray: return "array";
    case JsonKind::kObject: return "object";
  }
  return "?";
}

// Compares one pair of nodes, queueing their children; returns why they
// differ, or an empty string.
std::string CompareNode(const Pending& p, std::vector<Pending>* work) {
  const JsonValue* a = p.a;
  const JsonValue* b = p.b;
  if (a == nullptr || b == nullptr || a->kind != b->kind) {
    if (a == nullptr && b == nullptr) return {};
    if (a != nullptr && b != nullptr && a->kind == b->kind) return {};
    return std::string("kinds differ: ") + KindName(a) + " vs " + KindName(b);
  }
  if (a->boolean != b->boolean) return "bool values (or float -0 marks) differ";
  if (a->has_document_order != b->has_document_order) return "one object keeps a document order, the other not";
  if (a->size != b->size) {
    return "sizes differ: " + std::to_string(a->size) + " vs " + std::to_string(b->size) +
           (a->IsString() || a->IsNumber() ? ": " + Shown(a->text()) + " vs " + Shown(b->text()) : "");
  }
  const size_t depth = p.depth + 1;
  switch (a->kind) {
    case JsonKind::kBool:
      return {};
    case JsonKind::kNumber:
    case JsonKind::kString:
      if (a->size != 0 && std::memcmp(a->chars, b->chars, a->size) != 0) {
        return "texts differ: " + Shown(a->text()) + " vs " + Shown(b->text());
      }
      return {};
    case JsonKind::kArray:
      for (size_t i = a->size; i-- > 0;) {
        work->push_back(Pending{a->items[i], b->items[i], depth, {}, i, Pending::kIndex});
      }
      return {};
    case JsonKind::kObject: {
      for (size_t i = 0; i < a->size; ++i) {
        if (a->members[i].key != b->members[i].key) {
          return "member " + std::to_string(i) + "'s keys differ: " + Shown(a->members[i].key) + " vs " +
                 Shown(b->members[i].key);
        }
      }
      const JsonDocumentOrder* da = a->document_order();
      const JsonDocumentOrder* db = b->document_order();
      if (da != nullptr) {
        if (da->count != db->count) return "document orders count different members";
        for (size_t i = 0; i < da->count; ++i) {
          if (da->order[i] != db->order[i]) return "document orders differ at member " + std::to_string(i);
        }
        for (size_t i = 0; i < da->count - a->size; ++i) {
          if (da->dropped[i].key != db->dropped[i].key) {
            return "dropped duplicate " + std::to_string(i) + "'s keys differ: " + Shown(da->dropped[i].key) +
                   " vs " + Shown(db->dropped[i].key);
          }
          work->push_back(Pending{da->dropped[i].value, db->dropped[i].value, depth, da->dropped[i].key, i,
                                  Pending::kDropped});
        }
      }
      for (size_t i = a->size; i-- > 0;) {
        work->push_back(
            Pending{a->members[i].value, b->members[i].value, depth, a->members[i].key, i, Pending::kKey});
      }
      return {};
    }
  }
  return {};
}

}  // namespace

bool TreeCrossCheckEnabled() { return Enabled().load(std::memory_order_relaxed); }

void SetTreeCrossCheck(bool on) { Enabled().store(on); }

bool SameJsonTree(const JsonValue* a, const JsonValue* b, std::string* where) {
  // A loop rather than recursion: trees may nest as deep as the input does.
  std::vector<Pending> work{Pending{a, b, 0, {}, 0, Pending::kRoot}};
  std::vector<Pending> trail;  // the path to the node being compared
  while (!work.empty()) {
    Pending p = work.back();
    work.pop_back();
    trail.resize(p.depth);
    trail.push_back(p);
    std::string why = CompareNode(p, &work);
    if (why.empty()) continue;
    if (where != nullptr) {
      std::string path = "$";
      for (const Pending& step : trail) {
        // append(), not operator+: GCC 12 warns wrongly (-Wrestrict) on the latter here.
        if (step.step == Pending::kIndex) path.append("[").append(std::to_string(step.index)).append("]");
        if (step.step == Pending::kKey) path.append(".").append(Shown(step.key, true));
        if (step.step == Pending::kDropped) path.append(".(dropped duplicate ").append(Shown(step.key, true)).append(")");
      }
      *where = path + ": " + why;
    }
    return false;
  }
  return true;
}

void CrossCheckValidatedTree(std::string_view text, uint64_t base_offset, buffer::Arena* arena, bool read,
                             const JsonValue* tree) {
  const JsonValue* reference = nullptr;
  Status s = ParseJsonTreeWithYajl(text, base_offset, arena, &reference);
  std::string where;
  if (!s.ok()) {
    where = "yajl's builder fails: " + s.message() + " at offset " + std::to_string(s.offset());
  } else if (!read) {
    where = "the reader for validated bytes fails where yajl's builder succeeds";
  } else if (SameJsonTree(tree, reference, &where)) {
    return;
  }
  std::fprintf(stderr,
               "tfstream: cross-check failed: the JSON value of %zu bytes at offset %llu: the tree read from "
               "validated bytes differs from yajl's: %s\n",
               text.size(), static_cast<unsigned long long>(base_offset), where.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace tfstream::stream
