// Ported from TestDynamicPseudoType, differ_test.go
// (internal/command/jsonformat/differ @883c722): ComputeDiffForType with cty.DynamicPseudoType, whose values
// are typed from the JSON. Checked as differ_fixture.h explains; the table was produced by gen/gen.py and the
// case names are Go's.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

struct DynamicPseudoTypeCase {
  std::string name{};
  Input input{};
  Diff validate{};
};

TEST_CASE_METHOD(DifferFixture, "differ: TestDynamicPseudoType", "[differ]") {
  const std::vector<DynamicPseudoTypeCase> cases = {
      {.name = "after_sensitive_in_dynamic_type",
       .input = Input{.after = R"x({"key":"value"})x",
                      .unknown = "false",
                      .before_sensitive = "false",
                      .after_sensitive = R"x({"key":true})x",
                      .replace_paths = Paths{.propagate = false}},
       .validate =
           ExpectObject({{"key", ExpectSensitive(ExpectPrimitive("null", R"x("value")x", kCreate, false),
                                                 false, true, kCreate, false)}},
                        kCreate, false)},
      {.name = "before_sensitive_in_dynamic_type",
       .input = Input{.before = R"x({"key":"value"})x",
                      .unknown = "false",
                      .before_sensitive = R"x({"key":true})x",
                      .after_sensitive = "false",
                      .replace_paths = Paths{.propagate = false}},
       .validate =
           ExpectObject({{"key", ExpectSensitive(ExpectPrimitive(R"x("value")x", "null", kDelete, false),
                                                 true, false, kDelete, false)}},
                        kDelete, false)},
      {.name = "sensitive_in_dynamic_type",
       .input = Input{.before = R"x({"key":"before"})x",
                      .after = R"x({"key":"after"})x",
                      .unknown = "false",
                      .before_sensitive = R"x({"key":true})x",
                      .after_sensitive = R"x({"key":true})x",
                      .replace_paths = Paths{.propagate = false}},
       .validate = ExpectObject(
           {{"key", ExpectSensitive(ExpectPrimitive(R"x("before")x", R"x("after")x", kUpdate, false), true,
                                    true, kUpdate, false)}},
           kUpdate, false)},
      {.name = "create_unknown_in_dynamic_type",
       .input = Input{.after = "{}",
                      .unknown = R"x({"key":true})x",
                      .before_sensitive = "false",
                      .after_sensitive = "false",
                      .replace_paths = Paths{.propagate = false}},
       .validate = ExpectObject({{"key", ExpectUnknown(Diff{}, kCreate, false)}}, kCreate, false)},
      {.name = "update_unknown_in_dynamic_type",
       .input = Input{.before = R"x({"key":"before"})x",
                      .after = "{}",
                      .unknown = R"x({"key":true})x",
                      .before_sensitive = "false",
                      .after_sensitive = "false",
                      .replace_paths = Paths{.propagate = false}},
       .validate = ExpectObject(
           {{"key", ExpectUnknown(ExpectPrimitive(R"x("before")x", "null", kDelete, false), kUpdate, false)}},
           kUpdate, false)},
  };
  for (const DynamicPseudoTypeCase& tc : cases) {
    INFO("case " << tc.name);
    CheckDiff(DiffForType(tc.input, R"("dynamic")"), tc.validate);
    CheckSensitiveInner(tc.input, tc.validate,
                        [&](const Input& in) { return DiffForType(in, R"("dynamic")"); });
  }
}

}  // namespace
}  // namespace tfstream::render::differ::testing
