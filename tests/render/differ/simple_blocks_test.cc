// Ported from TestValue_SimpleBlocks, differ_test.go
// (internal/command/jsonformat/differ @883c722): single cases of
// ComputeDiffForBlock, checked as differ_fixture.h explains. The table was
// produced by gen/gen.py; the case names are Go's.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

struct SimpleBlocksCase {
  std::string name{};
  Input input{};
  std::string block{};
  Diff validate{};
};

TEST_CASE_METHOD(DifferFixture, "differ: TestValue_SimpleBlocks", "[differ]") {
  const std::vector<SimpleBlocksCase> cases = {
      {.name = "delete_with_null_sensitive_value",
       .input = Input{.before = R"x({"normal_attribute":"some value"})x",
                      .before_sensitive = R"x({"sensitive_attribute":true})x",
                      .after_sensitive = "false"},
       .block =
           R"x({"attributes":{"normal_attribute":{"type":"string"},"sensitive_attribute":{"type":"string"}}})x",
       .validate =
           ExpectBlock({{"normal_attribute", ExpectPrimitive(R"x("some value")x", "null", kDelete, false)}},
                       {}, kDelete, false)},
      {.name = "create_with_null_sensitive_value",
       .input = Input{.after = R"x({"normal_attribute":"some value"})x",
                      .before_sensitive = R"x({"sensitive_attribute":true})x",
                      .after_sensitive = "false"},
       .block =
           R"x({"attributes":{"normal_attribute":{"type":"string"},"sensitive_attribute":{"type":"string"}}})x",
       .validate =
           ExpectBlock({{"normal_attribute", ExpectPrimitive("null", R"x("some value")x", kCreate, false)}},
                       {}, kCreate, false)},
      {.name = "create_with_unknown_block",
       .input = Input{.after = R"x({"normal_attribute":"some value"})x", .unknown = R"x({"nested":true})x"},
       .block =
           R"x({"attributes":{"normal_attribute":{"type":"string"}},"block_types":{"nested":{"block":{"attributes":{"attr":{"optional":true,"type":"string"}}},"nesting_mode":"single"}}})x",
       .validate =
           ExpectBlock({{"normal_attribute", ExpectPrimitive("null", R"x("some value")x", kCreate, false)}},
                       {SingleBlock("nested", ExpectUnknown(Diff{}, kCreate, false), {.unknown = true})},
                       kCreate, false)},
  };
  for (const SimpleBlocksCase& tc : cases) {
    INFO("case " << tc.name);
    CheckDiff(DiffForBlock(tc.input, tc.block), tc.validate);
  }
}

}  // namespace
}  // namespace tfstream::render::differ::testing
