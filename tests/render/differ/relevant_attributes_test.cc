// Ported from TestRelevantAttributes, differ_test.go
// (internal/command/jsonformat/differ @883c722): blocks whose relevant attributes (a PathMatcher) mark the
// attributes outside them unchanged. Checked as differ_fixture.h explains; the table was produced by
// gen/gen.py and the case names are Go's.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

struct RelevantAttributesCase {
  std::string name{};
  Input input{};
  std::string block{};
  Diff validate{};
};

TEST_CASE_METHOD(DifferFixture, "differ: TestRelevantAttributes", "[differ]") {
  const std::vector<RelevantAttributesCase> cases = {
      {.name = "simple_attributes",
       .input = Input{.before = R"x({"id":"old_id","ignore":"doesn't matter"})x",
                      .after = R"x({"id":"new_id","ignore":"doesn't matter but modified"})x",
                      .relevant_attributes = Paths{.paths = {R"x(["id"])x"}}},
       .block = R"x({"attributes":{"id":{"type":"string"},"ignore":{"type":"string"}}})x",
       .validate = ExpectBlock(
           {{"id", ExpectPrimitive(R"x("old_id")x", R"x("new_id")x", kUpdate, false)},
            {"ignore", ExpectPrimitive(R"x("doesn't matter")x", R"x("doesn't matter")x", kNoOp, false)}},
           {}, kUpdate, false)},
      {.name = "nested_attributes",
       .input = Input{.before = R"x({"list_block":[{"id":"old_one"},{"id":"ignored"}]})x",
                      .after = R"x({"list_block":[{"id":"new_one"},{"id":"ignored_but_changed"}]})x",
                      .relevant_attributes = Paths{.paths = {R"x(["list_block",0,"id"])x"}}},
       .block =
           R"x({"block_types":{"list_block":{"block":{"attributes":{"id":{"type":"string"}}},"nesting_mode":"list"}}})x",
       .validate = ExpectBlock(
           {},
           {ListBlocks(
               "list_block",
               {ExpectBlock({{"id", ExpectPrimitive(R"x("old_one")x", R"x("new_one")x", kUpdate, false)}}, {},
                            kUpdate, false),
                ExpectBlock({{"id", ExpectPrimitive(R"x("ignored")x", R"x("ignored")x", kNoOp, false)}}, {},
                            kNoOp, false)})},
           kUpdate, false)},
      {.name = "nested_attributes_in_object",
       .input = Input{.before = R"x({"object":{"id":"old_id"}})x",
                      .after = R"x({"object":{"id":"new_id"}})x",
                      .relevant_attributes = Paths{.paths = {R"x(["object"])x"}, .propagate = true}},
       .block = R"x({"attributes":{"object":{"type":["object",{"id":"string"}]}}})x",
       .validate = ExpectBlock(
           {{"object",
             ExpectObject({{"id", ExpectPrimitive(R"x("old_id")x", R"x("new_id")x", kUpdate, false)}},
                          kUpdate, false)}},
           {}, kUpdate, false)},
      {.name = "elements_in_list",
       .input = Input{.before = R"x({"list":[0,1,2,3,4]})x",
                      .after = R"x({"list":[0,5,6,7,4]})x",
                      .relevant_attributes =
                          Paths{.paths = {R"x(["list",0])x", R"x(["list",2])x", R"x(["list",4])x"}}},
       .block = R"x({"attributes":{"list":{"type":["list","number"]}}})x",
       .validate = ExpectBlock(
           {{"list",
             ExpectList({ExpectPrimitive("0", "0", kNoOp, false), ExpectPrimitive("1", "5", kUpdate, false),
                         ExpectPrimitive("2", "6", kUpdate, false), ExpectPrimitive("3", "7", kUpdate, false),
                         ExpectPrimitive("4", "4", kNoOp, false)},
                        kUpdate, false)}},
           {}, kUpdate, false)},
      {.name = "elements_in_map",
       .input =
           Input{.before =
                     R"x({"map":{"key_one":"value_one","key_three":"value_three","key_two":"value_two"}})x",
                 .after =
                     R"x({"map":{"key_four":"value_four","key_one":"value_three","key_two":"value_seven"}})x",
                 .relevant_attributes = Paths{.paths = {R"x(["map","key_one"])x", R"x(["map","key_three"])x",
                                                        R"x(["map","key_four"])x"}}},
       .block = R"x({"attributes":{"map":{"type":["map","string"]}}})x",
       .validate = ExpectBlock(
           {{"map",
             ExpectMap(
                 {{"key_one", ExpectPrimitive(R"x("value_one")x", R"x("value_three")x", kUpdate, false)},
                  {"key_two", ExpectPrimitive(R"x("value_two")x", R"x("value_two")x", kNoOp, false)},
                  {"key_three", ExpectPrimitive(R"x("value_three")x", "null", kDelete, false)},
                  {"key_four", ExpectPrimitive("null", R"x("value_four")x", kCreate, false)}},
                 kUpdate, false)}},
           {}, kUpdate, false)},
      {.name = "elements_in_set",
       .input = Input{.before = R"x({"set":[0,1,2,3,4]})x",
                      .after = R"x({"set":[0,2,4,5,6]})x",
                      .relevant_attributes = Paths{.paths = {R"x(["set"])x"}, .propagate = true}},
       .block = R"x({"attributes":{"set":{"type":["set","number"]}}})x",
       .validate = ExpectBlock(
           {{"set",
             ExpectSet({ExpectPrimitive("0", "0", kNoOp, false), ExpectPrimitive("1", "null", kDelete, false),
                        ExpectPrimitive("2", "2", kNoOp, false), ExpectPrimitive("3", "null", kDelete, false),
                        ExpectPrimitive("4", "4", kNoOp, false), ExpectPrimitive("null", "5", kCreate, false),
                        ExpectPrimitive("null", "6", kCreate, false)},
                       kUpdate, false)}},
           {}, kUpdate, false)},
      {.name = "dynamic_types",
       .input =
           Input{
               .before =
                   R"x({"dynamic_nested_type":{"nested_id":"nomatch","nested_object":{"nested_nested_id":"matched"}},"dynamic_nested_type_match":{"nested_id":"allmatch","nested_object":{"nested_nested_id":"allmatch"}}})x",
               .after =
                   R"x({"dynamic_nested_type":{"nested_id":"nomatch_changed","nested_object":{"nested_nested_id":"matched"}},"dynamic_nested_type_match":{"nested_id":"allmatch","nested_object":{"nested_nested_id":"allmatch"}}})x",
               .relevant_attributes =
                   Paths{.paths = {R"x(["dynamic_nested_type","nested_object","nested_nested_id"])x",
                                   R"x(["dynamic_nested_type_match"])x"},
                         .propagate = true}},
       .block =
           R"x({"attributes":{"dynamic_nested_type":{"type":"dynamic"},"dynamic_nested_type_match":{"type":"dynamic"}}})x",
       .validate = ExpectBlock(
           {{"dynamic_nested_type",
             ExpectObject({{"nested_id", ExpectPrimitive(R"x("nomatch")x", R"x("nomatch")x", kNoOp, false)},
                           {"nested_object", ExpectObject({{"nested_nested_id",
                                                            ExpectPrimitive(R"x("matched")x",
                                                                            R"x("matched")x", kNoOp, false)}},
                                                          kNoOp, false)}},
                          kNoOp, false)},
            {"dynamic_nested_type_match",
             ExpectObject(
                 {{"nested_id", ExpectPrimitive(R"x("allmatch")x", R"x("allmatch")x", kNoOp, false)},
                  {"nested_object",
                   ExpectObject({{"nested_nested_id",
                                  ExpectPrimitive(R"x("allmatch")x", R"x("allmatch")x", kNoOp, false)}},
                                kNoOp, false)}},
                 kNoOp, false)}},
           {}, kNoOp, false)},
  };
  for (const RelevantAttributesCase& tc : cases) {
    INFO("case " << tc.name);
    CheckDiff(DiffForBlock(tc.input, tc.block), tc.validate);
  }
}

}  // namespace
}  // namespace tfstream::render::differ::testing
