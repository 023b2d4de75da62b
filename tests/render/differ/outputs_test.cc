// Ported from TestValue_Outputs, differ_test.go
// (internal/command/jsonformat/differ @883c722): ComputeDiffForOutput, whose types come from the JSON values
// themselves (jsondiff). Checked as differ_fixture.h explains; the table was produced by gen/gen.py and the
// case names are Go's.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

struct OutputsCase {
  std::string name{};
  Input input{};
  Diff validate_diff{};
};

TEST_CASE_METHOD(DifferFixture, "differ: TestValue_Outputs", "[differ]") {
  const std::vector<OutputsCase> cases = {
      {.name = "primitive_create",
       .input = Input{.after = R"x("new")x"},
       .validate_diff = ExpectPrimitive("null", R"x("new")x", kCreate, false)},
      {.name = "object_create",
       .input = Input{.after = R"x({"element_one":"new_one","element_two":"new_two"})x"},
       .validate_diff =
           ExpectObject({{"element_one", ExpectPrimitive("null", R"x("new_one")x", kCreate, false)},
                         {"element_two", ExpectPrimitive("null", R"x("new_two")x", kCreate, false)}},
                        kCreate, false)},
      {.name = "list_create",
       .input = Input{.after = R"x(["new_one","new_two"])x"},
       .validate_diff = ExpectList({ExpectPrimitive("null", R"x("new_one")x", kCreate, false),
                                    ExpectPrimitive("null", R"x("new_two")x", kCreate, false)},
                                   kCreate, false)},
      {.name = "primitive_update",
       .input = Input{.before = R"x("old")x", .after = R"x("new")x"},
       .validate_diff = ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false)},
      {.name = "object_update",
       .input = Input{.before = R"x({"element_one":"old_one","element_two":"old_two"})x",
                      .after = R"x({"element_one":"new_one","element_two":"new_two"})x"},
       .validate_diff = ExpectObject(
           {{"element_one", ExpectPrimitive(R"x("old_one")x", R"x("new_one")x", kUpdate, false)},
            {"element_two", ExpectPrimitive(R"x("old_two")x", R"x("new_two")x", kUpdate, false)}},
           kUpdate, false)},
      {.name = "list_update",
       .input = Input{.before = R"x(["old_one","old_two"])x", .after = R"x(["new_one","new_two"])x"},
       .validate_diff = ExpectList({ExpectPrimitive(R"x("old_one")x", R"x("new_one")x", kUpdate, false),
                                    ExpectPrimitive(R"x("old_two")x", R"x("new_two")x", kUpdate, false)},
                                   kUpdate, false)},
      {.name = "primitive_delete",
       .input = Input{.before = R"x("old")x"},
       .validate_diff = ExpectPrimitive(R"x("old")x", "null", kDelete, false)},
      {.name = "object_delete",
       .input = Input{.before = R"x({"element_one":"old_one","element_two":"old_two"})x"},
       .validate_diff =
           ExpectObject({{"element_one", ExpectPrimitive(R"x("old_one")x", "null", kDelete, false)},
                         {"element_two", ExpectPrimitive(R"x("old_two")x", "null", kDelete, false)}},
                        kDelete, false)},
      {.name = "list_delete",
       .input = Input{.before = R"x(["old_one","old_two"])x"},
       .validate_diff = ExpectList({ExpectPrimitive(R"x("old_one")x", "null", kDelete, false),
                                    ExpectPrimitive(R"x("old_two")x", "null", kDelete, false)},
                                   kDelete, false)},
      {.name = "primitive_to_list",
       .input = Input{.before = R"x("old")x", .after = R"x(["new_one","new_two"])x"},
       .validate_diff =
           ExpectTypeChange(ExpectPrimitive(R"x("old")x", "null", kDelete, false),
                            ExpectList({ExpectPrimitive("null", R"x("new_one")x", kCreate, false),
                                        ExpectPrimitive("null", R"x("new_two")x", kCreate, false)},
                                       kCreate, false),
                            kUpdate, false)},
      {.name = "primitive_to_object",
       .input =
           Input{.before = R"x("old")x", .after = R"x({"element_one":"new_one","element_two":"new_two"})x"},
       .validate_diff = ExpectTypeChange(
           ExpectPrimitive(R"x("old")x", "null", kDelete, false),
           ExpectObject({{"element_one", ExpectPrimitive("null", R"x("new_one")x", kCreate, false)},
                         {"element_two", ExpectPrimitive("null", R"x("new_two")x", kCreate, false)}},
                        kCreate, false),
           kUpdate, false)},
      {.name = "list_to_primitive",
       .input = Input{.before = R"x(["old_one","old_two"])x", .after = R"x("new")x"},
       .validate_diff =
           ExpectTypeChange(ExpectList({ExpectPrimitive(R"x("old_one")x", "null", kDelete, false),
                                        ExpectPrimitive(R"x("old_two")x", "null", kDelete, false)},
                                       kDelete, false),
                            ExpectPrimitive("null", R"x("new")x", kCreate, false), kUpdate, false)},
      {.name = "list_to_object",
       .input = Input{.before = R"x(["old_one","old_two"])x",
                      .after = R"x({"element_one":"new_one","element_two":"new_two"})x"},
       .validate_diff = ExpectTypeChange(
           ExpectList({ExpectPrimitive(R"x("old_one")x", "null", kDelete, false),
                       ExpectPrimitive(R"x("old_two")x", "null", kDelete, false)},
                      kDelete, false),
           ExpectObject({{"element_one", ExpectPrimitive("null", R"x("new_one")x", kCreate, false)},
                         {"element_two", ExpectPrimitive("null", R"x("new_two")x", kCreate, false)}},
                        kCreate, false),
           kUpdate, false)},
      {.name = "object_to_primitive",
       .input =
           Input{.before = R"x({"element_one":"old_one","element_two":"old_two"})x", .after = R"x("new")x"},
       .validate_diff = ExpectTypeChange(
           ExpectObject({{"element_one", ExpectPrimitive(R"x("old_one")x", "null", kDelete, false)},
                         {"element_two", ExpectPrimitive(R"x("old_two")x", "null", kDelete, false)}},
                        kDelete, false),
           ExpectPrimitive("null", R"x("new")x", kCreate, false), kUpdate, false)},
      {.name = "object_to_list",
       .input = Input{.before = R"x({"element_one":"old_one","element_two":"old_two"})x",
                      .after = R"x(["new_one","new_two"])x"},
       .validate_diff = ExpectTypeChange(
           ExpectObject({{"element_one", ExpectPrimitive(R"x("old_one")x", "null", kDelete, false)},
                         {"element_two", ExpectPrimitive(R"x("old_two")x", "null", kDelete, false)}},
                        kDelete, false),
           ExpectList({ExpectPrimitive("null", R"x("new_one")x", kCreate, false),
                       ExpectPrimitive("null", R"x("new_two")x", kCreate, false)},
                      kCreate, false),
           kUpdate, false)},
  };
  for (const OutputsCase& tc : cases) {
    INFO("case " << tc.name);
    CheckDiff(DiffForOutput(tc.input), tc.validate_diff);
    CheckSensitiveInner(tc.input, tc.validate_diff, [&](const Input& in) { return DiffForOutput(in); });
  }
}

}  // namespace
}  // namespace tfstream::render::differ::testing
