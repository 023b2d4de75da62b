// ChangeMap's lookups walk each map forward from the previous key and start
// again from a binary search when a key comes out of order (a block's nested
// block types after its attributes); its key union is merged as it is
// walked. These check both against plain searches, in every order.
#include "render/structured/change.h"

#include <catch2/catch.hpp>
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "buffer/arena.h"
#include "render/differ/internal.h"
#include "stream/json_document.h"

namespace tfstream::render::structured {
namespace {

class ChangeMapFixture {
 protected:
  const stream::JsonValue* Parse(std::string_view json) {
    const stream::JsonValue* v = nullptr;
    REQUIRE(stream::ParseGoJson(arena_.CopyString(json), &arena_, &v));
    return v;
  }
  DiffContext Ctx() { return DiffContext{&arena_, &error_}; }
  // What getFromGenericMap answers: the member's value, or null and absent.
  static const stream::JsonValue* Lookup(const stream::JsonValue* m, std::string_view key, bool* present) {
    const stream::JsonValue* v = nullptr;
    *present = m != nullptr && m->Find(key, &v);
    return v;
  }

  buffer::Arena arena_;
  std::string error_;
};

TEST_CASE_METHOD(ChangeMapFixture, "ChangeMap::GetChild finds every key in any order") {
  Change change;
  change.before = Parse(R"({"a":1,"ab":2,"abcdefghij":3,"abcdefghik":4,"b":5,"tags":{},"zz":6})");
  change.after = Parse(R"({"a":1,"abcdefghij":30,"b":5,"c":7,"tags":{"x":"y"},"zz":null})");
  change.unknown = Parse(R"({"abcdefghik":true,"c":true})");
  change.before_sensitive = Parse(R"({"ab":true,"tags":{}})");
  change.after_sensitive = Parse(R"({"tags":{},"zz":true})");
  const std::vector<std::string> keys = {"",  "a", "aa", "ab",   "abc", "abcdefghij", "abcdefghik", "abcdefghijk",
                                         "b", "c", "d",  "tags", "zz",  "zzz",        "\xff"};
  // Ascending, descending, and the block shape: every other key, then the rest.
  std::vector<std::vector<std::string>> orders = {keys, std::vector<std::string>(keys.rbegin(), keys.rend())};
  std::vector<std::string> block_shape;
  for (size_t i = 0; i < keys.size(); i += 2) block_shape.push_back(keys[i]);
  for (size_t i = 1; i < keys.size(); i += 2) block_shape.push_back(keys[i]);
  orders.push_back(block_shape);
  std::vector<std::string> repeated = {"b", "b", "a", "a", "zz", "tags", "tags"};
  orders.push_back(repeated);

  for (const std::vector<std::string>& order : orders) {
    ChangeMap map = change.AsMap();
    for (const std::string& key : order) {
      INFO("key " << key);
      Change child = map.GetChild(key, Ctx());
      bool in_before = false, in_after = false, ignored = false;
      const stream::JsonValue* before = Lookup(change.before, key, &in_before);
      const stream::JsonValue* after = Lookup(change.after, key, &in_after);
      CHECK(child.before == before);
      CHECK(child.before_explicit == in_before);
      CHECK(child.after == after);
      CHECK(child.after_explicit == in_after);
      CHECK(child.unknown == Lookup(change.unknown, key, &ignored));
      CHECK(child.before_sensitive == Lookup(change.before_sensitive, key, &ignored));
      CHECK(child.after_sensitive == Lookup(change.after_sensitive, key, &ignored));
    }
  }
  CHECK(error_.empty());
}

TEST_CASE_METHOD(ChangeMapFixture, "ChangeMap::ForEachKey walks the sorted union AllKeys and ExplicitKeys list") {
  Change change;
  change.before = Parse(R"({"a":1,"m":2,"z":3})");
  change.after = Parse(R"({"b":1,"m":2,"y":null})");
  change.unknown = Parse(R"({"c":true,"m":true})");
  change.before_sensitive = Parse(R"({"a":true,"zz":true})");
  change.after_sensitive = Parse(R"({})");
  ChangeMap map = change.AsMap();
  for (bool all : {true, false}) {
    std::vector<std::string_view> walked;
    map.ForEachKey(all, [&](std::string_view key) { walked.push_back(key); });
    std::vector<std::string_view> listed = all ? map.AllKeys() : map.ExplicitKeys();
    CHECK(walked == listed);
    CHECK(std::is_sorted(walked.begin(), walked.end()));
    CHECK(std::adjacent_find(walked.begin(), walked.end()) == walked.end());
    CHECK(walked.size() <= map.KeyBound(all));
  }
  std::vector<std::string_view> all_keys;
  map.ForEachKey(true, [&](std::string_view key) { all_keys.push_back(key); });
  CHECK(all_keys == std::vector<std::string_view>{"a", "b", "c", "m", "y", "z", "zz"});

  // One map seen from both sides (an unchanged value) counts once.
  Change same;
  same.before = same.after = Parse(R"({"k":1,"l":2})");
  ChangeMap same_map = same.AsMap();
  std::vector<std::string_view> keys;
  same_map.ForEachKey(false, [&](std::string_view key) { keys.push_back(key); });
  CHECK(keys == std::vector<std::string_view>{"k", "l"});
  CHECK(same_map.KeyBound(false) == 2);
}

TEST_CASE_METHOD(ChangeMapFixture, "differ::ArenaList keeps its elements when it outgrows its capacity") {
  differ::ArenaList<NamedDiff> list(&arena_, 1);
  std::vector<std::string> names;
  for (int i = 0; i < 40; ++i) {
    std::string name(1, 'n');
    name += std::to_string(100 + i);
    names.push_back(name);
  }
  for (const std::string& n : names) list.push_back(NamedDiff{n, Diff{}, true});
  REQUIRE(list.size() == names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    CHECK(list.span()[i].name == names[i]);
    CHECK(list.span()[i].plain_name);
  }
  differ::ArenaList<Diff> empty(&arena_, 0);
  CHECK(empty.span().empty());
}

}  // namespace
}  // namespace tfstream::render::structured
