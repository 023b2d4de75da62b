// Ported from TestSpecificCases, differ_test.go
// (internal/command/jsonformat/differ @883c722): individual blocks from reported issues.
// Checked as differ_fixture.h explains; the table was produced by
// gen/gen.py and the case names are Go's.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

struct SpecificCase {
  std::string name{};
  Input input{};
  std::string block{};
  Diff validate{};
};

TEST_CASE_METHOD(DifferFixture, "differ: TestSpecificCases", "[differ]") {
  const std::vector<SpecificCase> cases = {
      {.name = "issues/33016/unknown",
       .input = Input{.after = R"x({"triggers":{}})x",
                      .unknown = R"x({"id":true,"triggers":{"rotation":true}})x",
                      .before_sensitive = "false",
                      .after_sensitive = R"x({"triggers":{}})x",
                      .replace_paths = Paths{.propagate = false}},
       .block = R"x({"attributes":{"id":{"type":"string"},"triggers":{"type":["map","string"]}}})x",
       .validate = ExpectBlock(
           {{"id", ExpectUnknown(Diff{}, kCreate, false)},
            {"triggers", ExpectMap({{"rotation", ExpectUnknown(Diff{}, kCreate, false)}}, kCreate, false)}},
           {}, kCreate, false)},
      {.name = "issues/33016/null",
       .input = Input{.after = R"x({"triggers":{"rotation":null}})x",
                      .unknown = R"x({"id":true,"triggers":{}})x",
                      .before_sensitive = "false",
                      .after_sensitive = R"x({"triggers":{}})x",
                      .replace_paths = Paths{.propagate = false}},
       .block = R"x({"attributes":{"id":{"type":"string"},"triggers":{"type":["map","string"]}}})x",
       .validate = ExpectBlock(
           {{"id", ExpectUnknown(Diff{}, kCreate, false)},
            {"triggers",
             ExpectMap({{"rotation", ExpectPrimitive("null", "null", kCreate, false)}}, kCreate, false)}},
           {}, kCreate, false)},
      {.name = "issues/33472/expected",
       .input =
           Input{.before = R"x({"list":[{"number":-1}]})x",
                 .after = R"x({"list":[{"number":2}]})x",
                 .unknown = "false",
                 .before_sensitive = "false",
                 .after_sensitive = "false",
                 .replace_paths = Paths{.propagate = false},
                 .relevant_attributes = Paths{.paths = {R"x(["list",0.0,"number"])x"}, .propagate = true}},
       .block = R"x({"attributes":{"list":{"type":["list",["object",{"number":"number"}]]}}})x",
       .validate = ExpectBlock(
           {{"list", ExpectList({ExpectObject({{"number", ExpectPrimitive("-1", "2", kUpdate, false)}},
                                              kUpdate, false)},
                                kUpdate, false)}},
           {}, kUpdate, false)},
      {.name = "issues/33472/coerce",
       .input =
           Input{.before = R"x({"list":[{"number":-1}]})x",
                 .after = R"x({"list":[{"number":2}]})x",
                 .unknown = "false",
                 .before_sensitive = "false",
                 .after_sensitive = "false",
                 .replace_paths = Paths{.propagate = false},
                 .relevant_attributes = Paths{.paths = {R"x(["list","0","number"])x"}, .propagate = true}},
       .block = R"x({"attributes":{"list":{"type":["list",["object",{"number":"number"}]]}}})x",
       .validate = ExpectBlock(
           {{"list", ExpectList({ExpectObject({{"number", ExpectPrimitive("-1", "2", kUpdate, false)}},
                                              kUpdate, false)},
                                kUpdate, false)}},
           {}, kUpdate, false)},
  };
  for (const SpecificCase& tc : cases) {
    INFO("case " << tc.name);
    CheckDiff(DiffForBlock(tc.input, tc.block), tc.validate);
  }
}

}  // namespace
}  // namespace tfstream::render::differ::testing
