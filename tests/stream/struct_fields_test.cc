// Decoding JSON objects into Go structs: key folding (KeyIsField), document
// order with repeated and case-variant keys (FindField, ForEachMemberInOrder)
// and the resource change read the same way by the pre-scan
// (ScanResourceFacts) and the renderer (ExtractResourceChange).
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "buffer/arena.h"
#include "stream/json_scanner.h"
#include "stream/json_tree_parser.h"
#include "stream/pre_scan.h"
#include "stream/resource_change.h"

using tfstream::buffer::Arena;
using tfstream::stream::ExtractDeferredResourceChange;
using tfstream::stream::ExtractResourceChange;
using tfstream::stream::FindField;
using tfstream::stream::ForEachMemberInOrder;
using tfstream::stream::JsonMember;
using tfstream::stream::JsonScanner;
using tfstream::stream::JsonValue;
using tfstream::stream::FieldKey;
using tfstream::stream::KeyIsField;
using tfstream::stream::ParseJsonTree;
using tfstream::stream::PlanAction;
using tfstream::stream::ResourceChange;
using tfstream::stream::ResourceFacts;
using tfstream::stream::ScanResourceFacts;

TEST_CASE("KeyIsField folds keys as encoding/json does", "[struct]") {
  CHECK(KeyIsField("actions", "actions"));
  CHECK(KeyIsField("ACTIONS", "actions"));
  CHECK(KeyIsField("AcTiOnS", "actions"));
  CHECK(KeyIsField("provider_NAME", "provider_name"));
  CHECK_FALSE(KeyIsField("action", "actions"));
  CHECK_FALSE(KeyIsField("actionsx", "actions"));
  CHECK_FALSE(KeyIsField("provider-name", "provider_name"));
  CHECK_FALSE(KeyIsField("", "mode"));
  // Go's SimpleFold orbits take two non-ASCII runes to ASCII letters.
  CHECK(KeyIsField("action\xC5\xBF", "actions"));           // U+017F long s
  CHECK(KeyIsField("\xC5\xBF" "ACTION\xC5\xBF", "sactions"));
  CHECK(KeyIsField("after_un\xE2\x84\xAAnown", "after_unknown"));  // U+212A Kelvin sign
  // Other look-alikes do not fold to ASCII; nor do U+0131 and U+0130, whose
  // orbits hold no 'i' (Go 1.26.10's encoding/json leaves such keys unmatched).
  CHECK_FALSE(KeyIsField("act\xC4\xB1ons", "actions"));      // U+0131 dotless i
  CHECK_FALSE(KeyIsField("ACT\xC4\xB0ONS", "actions"));      // U+0130 capital I with dot
  CHECK_FALSE(KeyIsField("act\xD1\x96ons", "actions"));      // U+0456 Cyrillic i
  CHECK_FALSE(KeyIsField("\xC3\x9F", "ss"));                 // U+00DF sharp s
  CHECK_FALSE(KeyIsField("after_un\xE2\x84\xABnown", "after_unknown"));  // U+212B Angstrom sign
  CHECK_FALSE(KeyIsField("actions\xEF\xBF\xBD", "actions"));  // U+FFFD (a replaced invalid byte)
  CHECK_FALSE(KeyIsField("action\xC5", "actions"));          // a lone lead byte
  CHECK_FALSE(KeyIsField("act\xC4\xB1on", "actions"));
}

namespace {

// The tree may point into the text: both live as long as the arena.
const JsonValue* Parse(Arena* arena, const std::string& json) {
  std::string_view text = arena->CopyString(json);
  const JsonValue* v = nullptr;
  REQUIRE(ParseJsonTree(text, 0, arena, &v).ok());
  return v;
}

std::vector<std::string> Order(const JsonValue* v) {
  std::vector<std::string> keys;
  ForEachMemberInOrder(v, [&](const JsonMember& m) {
    keys.push_back(std::string(m.key) + "=" + (m.value == nullptr ? "null" : std::string(m.value->text())));
  });
  return keys;
}

}  // namespace

TEST_CASE("FieldKey matches exactly as KeyIsField does", "[struct]") {
  const std::vector<std::string> fields = {"actions", "sactions", "after_unknown", "provider_name", "mode", "ss",
                                           "id", "k", "s", "i", "triggering_resource_address",
                                           "a_field_name_longer_than_thirty_two_bytes"};
  std::vector<std::string> keys = {"actions", "ACTIONS", "AcTiOnS", "action", "actionsx", "", "provider_NAME",
                                   "provider-name", "action\xC5\xBF", "\xC5\xBF" "ACTION\xC5\xBF",
                                   "after_un\xE2\x84\xAAnown", "act\xC4\xB1ons", "ACT\xC4\xB0ONS",
                                   "act\xD1\x96ons", "\xC3\x9F", "after_un\xE2\x84\xABnown",
                                   "actions\xEF\xBF\xBD", "\xE2\x84\xAA", "\xC5", "\xE2\x84", "S\xC5\xBF",
                                   "TRIGGERING_RESOURCE_ADDRESS", "triggering_resource_addres\xC5\xBF",
                                   "A_FIELD_NAME_LONGER_THAN_THIRTY_TWO_BYTES",
                                   "a_field_name_longer_than_thirty_two_byte\xC5\xBF",
                                   std::string(32, 'a'), std::string(33, 'a'), std::string("i\0d", 3)};
  // Every field in odd case and with each foldable rune in place of its letter.
  for (const std::string& f : fields) {
    std::string upper, runes;
    for (char c : f) {
      upper += static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      runes += c == 's' ? "\xC5\xBF" : c == 'k' ? "\xE2\x84\xAA" : c == 'i' ? "\xC4\xB0" : std::string(1, c);
    }
    keys.push_back(upper);
    keys.push_back(runes);
    keys.push_back(runes + "x");
  }
  // Random keys over letters at the edges of the ASCII ranges and the runes.
  std::mt19937 rng(7);
  const std::vector<std::string> pieces = {"a", "s", "k", "i", "A", "S", "K", "I", "Z", "z", "@", "[", "`", "{",
                                           "_", "\xC5\xBF", "\xE2\x84\xAA", "\xC4\xB0", "\xC4\xB1", "\xC3\x9F"};
  for (int round = 0; round < 3000; ++round) {
    std::string k;
    size_t len = rng() % 40;
    for (size_t i = 0; i < len; ++i) k += pieces[rng() % pieces.size()];
    keys.push_back(k);
  }
  std::vector<std::string> all_fields = fields;
  for (const std::string& k : keys) {
    std::string lower;
    for (char c : k) {
      if (static_cast<unsigned char>(c) >= 0x80) break;
      lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
    if (lower.size() == k.size()) all_fields.push_back(lower);  // names that random keys do match
  }
  size_t matches = 0;
  for (const std::string& k : keys) {
    const FieldKey key(k);
    for (const std::string& f : all_fields) {
      matches += KeyIsField(k, f);
      if (KeyIsField(k, f) != key.Is(f)) {
        INFO("key '" << k << "' field '" << f << "'");
        CHECK(key.Is(f) == KeyIsField(k, f));
      }
      // A key folding leaves as it is names exactly the field equal to it.
      if (tfstream::stream::KeyFoldsToItself(k) && KeyIsField(k, f) != (k == f)) {
        INFO("key '" << k << "' field '" << f << "'");
        CHECK(KeyIsField(k, f) == (k == f));
      }
    }
  }
  CHECK(matches > 1000);  // the comparison saw both answers
  // KeyFoldsToItself itself, byte by byte, at every length the words cover.
  size_t plain = 0;
  for (const std::string& k : keys) {
    bool expected = true;
    for (char c : k) expected = expected && static_cast<unsigned char>(c) < 0x80 && !(c >= 'A' && c <= 'Z');
    plain += expected;
    INFO("key '" << k << "'");
    CHECK(tfstream::stream::KeyFoldsToItself(k) == expected);
  }
  for (size_t n = 0; n <= 20; ++n) {
    for (size_t at = 0; at < n; ++at) {
      for (char c : {'A', 'Z', '@', '[', 'a', 'z', '\x80', '\xC5', '\xFF', '_'}) {
        std::string k(n, 'm');
        k[at] = c;
        const bool expected = !(c >= 'A' && c <= 'Z') && static_cast<unsigned char>(c) < 0x80;
        INFO("length " << n << " byte " << at << " = " << static_cast<int>(static_cast<unsigned char>(c)));
        CHECK(tfstream::stream::KeyFoldsToItself(k) == expected);
      }
    }
  }
  CHECK(plain > 100);
}

TEST_CASE("objects keep their document order, duplicates included, for struct decoding", "[struct]") {
  Arena arena;
  // Sorted and without duplicates: members[] is the document order.
  const JsonValue* sorted = Parse(&arena, R"({"a":"1","b":"2"})");
  CHECK(sorted->document_order() == nullptr);
  CHECK(Order(sorted) == std::vector<std::string>{"a=1", "b=2"});
  const JsonValue* v = Parse(&arena, R"({"z":"1","a":"2","z":"3","Z":"4","z":null,"a":"5"})");
  REQUIRE(v->document_order() != nullptr);
  // The map view: sorted, each key's last value.
  REQUIRE(v->size == 3);
  CHECK(v->members[0].key == "Z");
  CHECK(v->members[1].key == "a");
  CHECK(v->members[1].value->text() == "5");
  CHECK(v->members[2].key == "z");
  CHECK(v->members[2].value == nullptr);
  CHECK(Order(v) == std::vector<std::string>{"z=1", "a=2", "z=3", "Z=4", "z=null", "a=5"});
}

TEST_CASE("large unsorted objects keep their document order and last values too", "[struct]") {
  // Past 32 members the sort is std::stable_sort rather than an insertion
  // sort: the same map view and document order either way.
  for (int count : {5, 31, 32, 33, 100}) {
    Arena arena;
    std::string text = "{";
    std::vector<std::string> order;
    for (int i = 0; i < count; ++i) {
      // Descending keys, each third one repeating an earlier key.
      int k = i % 3 == 2 ? count - i + 1 : count - i;
      std::string key = std::to_string(1000 + k);
      key.insert(key.begin(), 'k');
      if (i != 0) text += ',';
      text += '"';
      text += key;
      text += "\":\"";
      text += std::to_string(i);
      text += '"';
      order.push_back(key + "=" + std::to_string(i));
    }
    const JsonValue* v = Parse(&arena, text + "}");
    REQUIRE(v != nullptr);
    CHECK(Order(v) == order);
    for (size_t i = 1; i < v->size; ++i) CHECK(v->members[i - 1].key < v->members[i].key);
    // Each key's value is its last in the document.
    for (size_t i = 0; i < v->size; ++i) {
      std::string last;
      for (const std::string& o : order) {
        if (o.substr(0, o.find('=')) == v->members[i].key) last = o.substr(o.find('=') + 1);
      }
      CHECK(v->members[i].value->text() == last);
    }
  }
}

TEST_CASE("FindField takes the last key naming the field, whatever its case", "[struct]") {
  Arena arena;
  const JsonValue* v = nullptr;
  // "Actions" comes later than "actions": it wins, though not the exact name.
  const JsonValue* o = Parse(&arena, R"({"actions":["create"],"Actions":["delete"]})");
  REQUIRE(FindField(o, "actions", &v));
  CHECK(v->items[0]->text() == "delete");
  o = Parse(&arena, R"({"Actions":["delete"],"actions":["create"]})");
  REQUIRE(FindField(o, "actions", &v));
  CHECK(v->items[0]->text() == "create");
  // Exact duplicates around a case variant, and a null last.
  o = Parse(&arena, R"({"before":1,"BEFORE":2,"before":3})");
  REQUIRE(FindField(o, "before", &v));
  CHECK(v->text() == "3");
  o = Parse(&arena, R"({"before":1,"Before":null})");
  REQUIRE(FindField(o, "before", &v));
  CHECK(v == nullptr);
  o = Parse(&arena, "{\"after_unknown\":1,\"after_un\xE2\x84\xAAnown\":2}");
  REQUIRE(FindField(o, "after_unknown", &v));
  CHECK(v->text() == "2");
  CHECK_FALSE(FindField(o, "after", &v));
}

namespace {

// A resource change decoded by both readers; they must agree.
struct Both {
  ResourceFacts facts;
  ResourceChange rc;
  bool recognized = false;  // the action list
};

Both Decode(Arena* arena, const std::string& json) {
  // The views live as long as the arena: so does the text here.
  std::string_view text = arena->CopyString(json);
  Both b;
  JsonScanner s(text);
  REQUIRE(ScanResourceFacts(&s, 2, &b.facts));
  const JsonValue* tree = nullptr;
  REQUIRE(ParseJsonTree(text, 0, arena, &tree).ok());
  b.recognized = ExtractResourceChange(tree, text, 0, tfstream::TerraformFlavor(), &b.rc).ok();
  CHECK(b.facts.address == b.rc.address);
  CHECK(b.facts.mode == b.rc.mode);
  CHECK(b.facts.type == b.rc.type);
  CHECK(b.facts.name == b.rc.name);
  CHECK(b.facts.provider_name == b.rc.provider_name);
  CHECK(b.facts.previous_address == b.rc.previous_address);
  CHECK(b.facts.deposed == b.rc.deposed);
  CHECK(b.facts.actions == b.rc.actions);
  CHECK(b.facts.importing == b.rc.importing);
  return b;
}

const char* kHead = R"("address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",)";

}  // namespace

TEST_CASE("pre-scan and renderer read repeated resource change keys as Go does", "[struct]") {
  Arena arena;
  std::string head = kHead;
  SECTION("a later case variant wins over the exact name") {
    Both b = Decode(&arena, "{" + head + R"("change":{"actions":["create"],"before":null,"Actions":["delete"]}})");
    CHECK(b.rc.action == PlanAction::kDelete);
  }
  SECTION("and the exact name wins when it comes last") {
    Both b = Decode(&arena, "{" + head + R"("change":{"ACTIONS":["delete"],"actions":["create"]}})");
    CHECK(b.rc.action == PlanAction::kCreate);
  }
  SECTION("folded non-ASCII runes name fields too") {
    Both b = Decode(&arena, "{" + head + "\"change\":{\"actions\":[\"create\"],\"act\\u0131ons\":[\"update\"]}}");
    CHECK(b.rc.action == PlanAction::kCreate);  // U+0131 folds to no 'i'
    b = Decode(&arena, "{" + head + "\"change\":{\"actions\":[\"create\"],\"action\xC5\xBF\":[\"read\"]}}");
    CHECK(b.rc.action == PlanAction::kRead);
  }
  SECTION("null leaves a string as it was") {
    Both b = Decode(&arena, "{" + head + R"("Address":null,"MODE":null,"change":{"actions":["create"]}})");
    CHECK(b.rc.address == "t.a");
    CHECK(b.rc.mode == "managed");
  }
  SECTION("a repeated change adds to the earlier one (a struct)") {
    Both b = Decode(&arena, "{" + head +
                                R"("change":{"actions":["update"],"before":{"x":1},"importing":{"id":"i"}},)"
                                R"("change":{"after":{"x":2}},"Change":null,"change":{"actions":["delete"]}})");
    CHECK(b.rc.action == PlanAction::kDelete);
    REQUIRE(b.rc.before != nullptr);
    REQUIRE(b.rc.after != nullptr);
    CHECK(b.rc.importing);
    CHECK(b.rc.importing_id == "i");
  }
  SECTION("importing: null clears the pointer, a later object adds to it") {
    Both b = Decode(&arena, "{" + head +
                                R"("change":{"actions":["create"],"importing":{"id":"i"},"Importing":null}})");
    CHECK_FALSE(b.rc.importing);
    b = Decode(&arena, "{" + head +
                           R"("change":{"actions":["create"],"importing":{"id":"i"},"importing":{"x":1}}})");
    CHECK(b.rc.importing);
    CHECK(b.rc.importing_id == "i");
  }
  SECTION("actions decode into the slice already there") {
    // A null element keeps the element the earlier array left in place.
    Both b = Decode(&arena, "{" + head + R"("change":{"actions":["delete","create"],"actions":[null]}})");
    CHECK(b.rc.actions == std::vector<std::string>{"delete"});
    b = Decode(&arena, "{" + head +
                           R"("change":{"actions":["delete","create"],"actions":["x"],"actions":["delete",null]}})");
    CHECK(b.rc.action == PlanAction::kDeleteThenCreate);
    // [] and null start again from an empty slice.
    b = Decode(&arena, "{" + head + R"("change":{"actions":["delete","create"],"actions":[],"actions":[null,null]}})");
    CHECK(b.rc.actions == std::vector<std::string>{"", ""});
    CHECK_FALSE(b.recognized);
    b = Decode(&arena, "{" + head + R"("change":{"actions":["create"],"actions":null,"x":1}})");
    CHECK(b.rc.actions.empty());
    // Across repeated change objects too.
    b = Decode(&arena, "{" + head + R"("change":{"actions":["update"]},"change":{"Actions":[null]}})");
    CHECK(b.rc.action == PlanAction::kUpdate);
  }
  SECTION("the index's text is the last index") {
    Both b = Decode(&arena, "{" + head + R"("index":0,"change":{"actions":["create"]},"INDEX":"k"})");
    CHECK(b.rc.has_index);
    CHECK(b.rc.IndexRaw() == "\"k\"");
  }
}

TEST_CASE("a deferred change's repeated resource_change keys add to one struct", "[struct]") {
  Arena arena;
  std::string text = std::string(R"({"reason":"r1","resource_change":{)") + kHead +
                     R"("index":1,"change":{"actions":["update"]}},"Reason":null,)"
                     R"("Resource_Change":{"address":"t.b","change":{"before":{}}},"resource_change":null})";
  const JsonValue* tree = Parse(&arena, text);
  ResourceChange rc;
  std::string_view reason;
  REQUIRE(ExtractDeferredResourceChange(tree, text, 0, &rc, &reason).ok());
  CHECK(reason == "r1");
  CHECK(rc.address == "t.b");
  CHECK(rc.mode == "managed");
  CHECK(rc.action == PlanAction::kUpdate);
  CHECK(rc.before != nullptr);
  CHECK(rc.IndexRaw() == "1");
}
