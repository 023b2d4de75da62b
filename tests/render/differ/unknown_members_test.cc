// Members of a resource's values that its schema lacks: Terraform's differ
// leaves them out silently; tfstream's reports their names
// (DiffContext::unknown_names) for the stale-schemas warning, at every level
// the schema describes objects: blocks, nested blocks, nested attribute types
// and object types. Null members hide nothing and are not reported.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

using Names = std::vector<std::string>;

TEST_CASE_METHOD(DifferFixture, "differ: members the schema lacks are named", "[differ][stale-schemas]") {
  const std::string schema =
      R"({"attributes":{"id":{"type":"string"},"obj":{"type":["object",{"a":"string"}]},)"
      R"("nested":{"nested_type":{"attributes":{"n":{"type":"string"}},"nesting_mode":"single"}},)"
      R"("secret":{"type":"string","write_only":true}},)"
      R"("block_types":{"blk":{"nesting_mode":"list","block":{"attributes":{"b":{"type":"string"}}}}}})";
  auto names = [&](const std::string& before, const std::string& after) {
    Input in;
    in.before = before;
    in.after = after;
    return UnknownNamesForBlock(in, schema);
  };
  // Every member known (a write-only one with a value too): nothing.
  CHECK(names(R"({"id":"x","obj":{"a":"1"},"nested":{"n":"2"},"blk":[{"b":"3"}]})",
              R"({"id":"y","obj":{"a":"1"},"nested":{"n":"2"},"blk":[{"b":"4"}],"secret":"s"})") == Names{});
  // At the top, before or after.
  CHECK(names(R"({"id":"x"})", R"({"id":"y","instance_type":"t3.large"})") == Names{"instance_type"});
  CHECK(names(R"({"id":"x","gone":true})", R"({"id":"y"})") == Names{"gone"});
  // Null on both sides hides nothing: a newer provider's attribute left unset.
  CHECK(names(R"({"id":"x","unset":null})", R"({"id":"y","unset":null})") == Names{});
  // In a nested block, a nested attribute type and an object type.
  CHECK(names(R"({"blk":[{"b":"1"}]})", R"({"blk":[{"b":"1","c":2}]})") == Names{"c"});
  CHECK(names(R"({"nested":{"n":"1"}})", R"({"nested":{"n":"1","m":"x"}})") == Names{"m"});
  CHECK(names(R"({"obj":{"a":"1"}})", R"({"obj":{"a":"1","z":"x"}})") == Names{"z"});
  // An unknown block, and several at once.
  CHECK(names(R"({})", R"({"new_block":[{"x":1}],"deletion_protection":true})") ==
        Names{"deletion_protection", "new_block"});
}

TEST_CASE_METHOD(DifferFixture, "differ: the output is the same with or without unknown members",
                 "[differ][stale-schemas]") {
  const std::string schema = R"({"attributes":{"id":{"type":"string"}}})";
  Input plain, extra;
  plain.before = R"({"id":"x"})";
  plain.after = R"({"id":"y"})";
  extra.before = R"({"id":"x","old":1})";
  extra.after = R"({"id":"y","new":2})";
  CHECK(Render(DiffForBlock(plain, schema), false) == Render(DiffForBlock(extra, schema), false));
}

}  // namespace
}  // namespace tfstream::render::differ::testing
