// Ported from TestValue_BlockAttributesAndNestedBlocks, differ_test.go
// (internal/command/jsonformat/differ @883c722): attributes and blocks within
// a nested block, each case run as Go runs it, as the block of a nested block
// type of nesting single, map (key "one"), list and set. Checked as
// differ_fixture.h explains; the table was produced by gen/gen.py.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

struct BlockAttributesCase {
  std::string name{};
  std::string before{};  // JSON of the nested block's value
  std::string after{};
  std::string block{};  // the nested block's schema
  Diff validate{};
  std::optional<std::vector<Diff>> validate_set{};  // sets, when they differ
};

class BlockAttributesFixture : public DifferFixture {
 protected:
  Diff ComputeIn(const BlockAttributesCase& tc, std::string_view mode, std::string_view open,
                 std::string_view close) {
    Input in;
    in.before = Cat({R"({"block_type":)", open, tc.before, close, "}"});
    in.after = Cat({R"({"block_type":)", open, tc.after, close, "}"});
    return DiffForBlock(in, Cat({R"({"block_types":{"block_type":{"block":)", tc.block,
                                 R"(,"nesting_mode":")", mode, "\"}}}"}));
  }

  void Run(const BlockAttributesCase& tc) {
    {
      INFO("case " << tc.name << "/single");
      CheckDiff(ComputeIn(tc, "single", "", ""),
                ExpectBlock({}, {SingleBlock("block_type", tc.validate)}, kUpdate, false));
    }
    {
      INFO("case " << tc.name << "/map");
      CheckDiff(ComputeIn(tc, "map", R"({"one":)", "}"),
                ExpectBlock({}, {MapBlocks("block_type", {{"one", tc.validate}})}, kUpdate, false));
    }
    {
      INFO("case " << tc.name << "/list");
      CheckDiff(ComputeIn(tc, "list", "[", "]"),
                ExpectBlock({}, {ListBlocks("block_type", {tc.validate})}, kUpdate, false));
    }
    {
      INFO("case " << tc.name << "/set");
      CheckDiff(
          ComputeIn(tc, "set", "[", "]"),
          ExpectBlock({}, {SetBlocks("block_type", tc.validate_set.value_or(std::vector<Diff>{tc.validate}))},
                      kUpdate, false));
    }
  }
};

TEST_CASE_METHOD(BlockAttributesFixture, "differ: TestValue_BlockAttributesAndNestedBlocks", "[differ]") {
  const std::vector<BlockAttributesCase> cases = {
      {.name = "create_attribute",
       .before = "{}",
       .after = R"x({"attribute_one":"new"})x",
       .block = R"x({"attributes":{"attribute_one":{"type":"string"}}})x",
       .validate = ExpectBlock({{"attribute_one", ExpectPrimitive("null", R"x("new")x", kCreate, false)}}, {},
                               kUpdate, false),
       .validate_set =
           std::vector<Diff>{
               ExpectBlock({}, {}, kDelete, false),
               ExpectBlock({{"attribute_one", ExpectPrimitive("null", R"x("new")x", kCreate, false)}}, {},
                           kCreate, false)}},
      {.name = "update_attribute",
       .before = R"x({"attribute_one":"old"})x",
       .after = R"x({"attribute_one":"new"})x",
       .block = R"x({"attributes":{"attribute_one":{"type":"string"}}})x",
       .validate =
           ExpectBlock({{"attribute_one", ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false)}}, {},
                       kUpdate, false),
       .validate_set =
           std::vector<Diff>{
               ExpectBlock({{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                           {}, kDelete, false),
               ExpectBlock({{"attribute_one", ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                           {}, kCreate, false)}},
      {.name = "delete_attribute",
       .before = R"x({"attribute_one":"old"})x",
       .after = "{}",
       .block = R"x({"attributes":{"attribute_one":{"type":"string"}}})x",
       .validate = ExpectBlock({{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}}, {},
                               kUpdate, false),
       .validate_set =
           std::vector<Diff>{
               ExpectBlock({{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                           {}, kDelete, false),
               ExpectBlock({}, {}, kCreate, false)}},
      {.name = "create_block",
       .before = "{}",
       .after = R"x({"block_one":{"attribute_one":"new"}})x",
       .block =
           R"x({"block_types":{"block_one":{"block":{"attributes":{"attribute_one":{"type":"string"}}},"nesting_mode":"single"}}})x",
       .validate = ExpectBlock(
           {},
           {SingleBlock("block_one", ExpectBlock({{"attribute_one",
                                                   ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                                                 {}, kCreate, false))},
           kUpdate, false),
       .validate_set =
           std::vector<Diff>{
               ExpectBlock({}, {}, kDelete, false),
               ExpectBlock({},
                           {SingleBlock(
                               "block_one",
                               ExpectBlock({{"attribute_one",
                                             ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                                           {}, kCreate, false))},
                           kCreate, false)}},
      {.name = "update_block",
       .before = R"x({"block_one":{"attribute_one":"old"}})x",
       .after = R"x({"block_one":{"attribute_one":"new"}})x",
       .block =
           R"x({"block_types":{"block_one":{"block":{"attributes":{"attribute_one":{"type":"string"}}},"nesting_mode":"single"}}})x",
       .validate = ExpectBlock(
           {},
           {SingleBlock(
               "block_one",
               ExpectBlock({{"attribute_one", ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false)}},
                           {}, kUpdate, false))},
           kUpdate, false),
       .validate_set =
           std::vector<Diff>{
               ExpectBlock({},
                           {SingleBlock(
                               "block_one",
                               ExpectBlock({{"attribute_one",
                                             ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                                           {}, kDelete, false))},
                           kDelete, false),
               ExpectBlock({},
                           {SingleBlock(
                               "block_one",
                               ExpectBlock({{"attribute_one",
                                             ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                                           {}, kCreate, false))},
                           kCreate, false)}},
      {.name = "delete_block",
       .before = R"x({"block_one":{"attribute_one":"old"}})x",
       .after = "{}",
       .block =
           R"x({"block_types":{"block_one":{"block":{"attributes":{"attribute_one":{"type":"string"}}},"nesting_mode":"single"}}})x",
       .validate = ExpectBlock(
           {},
           {SingleBlock("block_one", ExpectBlock({{"attribute_one",
                                                   ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                                                 {}, kDelete, false))},
           kUpdate, false),
       .validate_set =
           std::vector<Diff>{
               ExpectBlock({},
                           {SingleBlock(
                               "block_one",
                               ExpectBlock({{"attribute_one",
                                             ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                                           {}, kDelete, false))},
                           kDelete, false),
               ExpectBlock({}, {}, kCreate, false)}},
  };
  for (const BlockAttributesCase& tc : cases) Run(tc);
}

}  // namespace
}  // namespace tfstream::render::differ::testing
