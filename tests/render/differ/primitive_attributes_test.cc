// Ported from TestValue_PrimitiveAttributes, differ_test.go
// (internal/command/jsonformat/differ @883c722): creating, deleting and
// updating primitives, each case run as Go runs it: directly and wrapped in a
// map, list and set (wrapChangeInMap/InSlice). Checked as differ_fixture.h
// explains; the table was produced by gen/gen.py.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

struct PrimitiveAttributesCase {
  std::string name{};
  Input input{};
  std::string attribute{};  // cty type JSON
  Diff validate_diff{};
  std::optional<std::vector<Diff>> validate_slice_diffs{};  // lists, when they differ
  std::vector<Diff> validate_set_diffs{};                   // sets, used with the above
};

class PrimitiveAttributesFixture : public DifferFixture {
 protected:
  void Run(const PrimitiveAttributesCase& tc) {
    const Action collection = tc.name == "noop" ? kNoOp : kUpdate;
    {
      INFO("case " << tc.name << "/direct");
      const std::string attribute = Cat({R"({"type":)", tc.attribute, "}"});
      CheckDiff(DiffForAttribute(tc.input, attribute), tc.validate_diff);
      CheckSensitiveInner(tc.input, tc.validate_diff,
                          [&](const Input& in) { return DiffForAttribute(in, attribute); });
    }
    {
      INFO("case " << tc.name << "/map");
      CheckDiff(DiffForAttribute(WrapChangeInMap(tc.input), Cat({R"({"type":["map",)", tc.attribute, "]}"})),
                ExpectMap({{"element", tc.validate_diff}}, collection, false));
    }
    {
      INFO("case " << tc.name << "/list");
      CheckDiff(
          DiffForAttribute(WrapChangeInSlice(tc.input), Cat({R"({"type":["list",)", tc.attribute, "]}"})),
          ExpectList(tc.validate_slice_diffs.value_or(std::vector<Diff>{tc.validate_diff}), collection,
                     false));
    }
    {
      INFO("case " << tc.name << "/set");
      // As in Go, the set expectations are used whenever the list has its own.
      CheckDiff(
          DiffForAttribute(WrapChangeInSlice(tc.input), Cat({R"({"type":["set",)", tc.attribute, "]}"})),
          ExpectSet(tc.validate_slice_diffs ? tc.validate_set_diffs : std::vector<Diff>{tc.validate_diff},
                    collection, false));
    }
  }
};

TEST_CASE_METHOD(PrimitiveAttributesFixture, "differ: TestValue_PrimitiveAttributes", "[differ]") {
  const std::vector<PrimitiveAttributesCase> cases = {
      {.name = "primitive_create",
       .input = Input{.after = R"x("new")x"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectPrimitive("null", R"x("new")x", kCreate, false)},
      {.name = "primitive_delete",
       .input = Input{.before = R"x("old")x"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectPrimitive(R"x("old")x", "null", kDelete, false)},
      {.name = "primitive_update",
       .input = Input{.before = R"x("old")x", .after = R"x("new")x"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false),
       .validate_slice_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false)},
       .validate_set_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", "null", kDelete, false),
                                               ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
      {.name = "primitive_set_explicit_null",
       .input = Input{.before = R"x("old")x", .after_explicit = true},
       .attribute = R"x("string")x",
       .validate_diff = ExpectPrimitive(R"x("old")x", "null", kUpdate, false),
       .validate_slice_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", "null", kUpdate, false)},
       .validate_set_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", "null", kDelete, false),
                                               ExpectPrimitive("null", "null", kCreate, false)}},
      {.name = "primitive_unset_explicit_null",
       .input = Input{.after = R"x("new")x", .before_explicit = true},
       .attribute = R"x("string")x",
       .validate_diff = ExpectPrimitive("null", R"x("new")x", kUpdate, false),
       .validate_slice_diffs = std::vector<Diff>{ExpectPrimitive("null", R"x("new")x", kUpdate, false)},
       .validate_set_diffs = std::vector<Diff>{ExpectPrimitive("null", "null", kDelete, false),
                                               ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
      {.name = "primitive_create_sensitive",
       .input = Input{.after = R"x("new")x", .after_sensitive = "true"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectSensitive(ExpectPrimitive("null", R"x("new")x", kCreate, false), false, true,
                                        kCreate, false)},
      {.name = "primitive_delete_sensitive",
       .input = Input{.before = R"x("old")x", .before_sensitive = "true"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectSensitive(ExpectPrimitive(R"x("old")x", "null", kDelete, false), true, false,
                                        kDelete, false)},
      {.name = "primitive_update_sensitive",
       .input = Input{.before = R"x("old")x",
                      .after = R"x("new")x",
                      .before_sensitive = "true",
                      .after_sensitive = "true"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectSensitive(ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false), true,
                                        true, kUpdate, false),
       .validate_slice_diffs = std::vector<Diff>{ExpectSensitive(
           ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false), true, true, kUpdate, false)},
       .validate_set_diffs =
           std::vector<Diff>{ExpectSensitive(ExpectPrimitive(R"x("old")x", "null", kDelete, false), true,
                                             false, kDelete, false),
                             ExpectSensitive(ExpectPrimitive("null", R"x("new")x", kCreate, false), false,
                                             true, kCreate, false)}},
      {.name = "primitive_create_computed",
       .input = Input{.unknown = "true"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectUnknown(Diff{}, kCreate, false)},
      {.name = "primitive_update_computed",
       .input = Input{.before = R"x("old")x", .unknown = "true"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectUnknown(ExpectPrimitive(R"x("old")x", "null", kDelete, false), kUpdate, false),
       .validate_slice_diffs = std::vector<Diff>{ExpectUnknown(
           ExpectPrimitive(R"x("old")x", "null", kDelete, false), kUpdate, false)},
       .validate_set_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", "null", kDelete, false),
                                               ExpectUnknown(Diff{}, kCreate, false)}},
      {.name = "primitive_update_replace",
       .input = Input{.before = R"x("old")x", .after = R"x("new")x", .replace_paths = Paths{.paths = {"[]"}}},
       .attribute = R"x("string")x",
       .validate_diff = ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, true),
       .validate_slice_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, true)},
       .validate_set_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", "null", kDelete, true),
                                               ExpectPrimitive("null", R"x("new")x", kCreate, true)}},
      {.name = "noop",
       .input = Input{.before = R"x("old")x", .after = R"x("old")x"},
       .attribute = R"x("string")x",
       .validate_diff = ExpectPrimitive(R"x("old")x", R"x("old")x", kNoOp, false)},
      {.name = "dynamic",
       .input = Input{.before = R"x("old")x", .after = R"x("new")x"},
       .attribute = R"x("dynamic")x",
       .validate_diff = ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false),
       .validate_slice_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false)},
       .validate_set_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", "null", kDelete, false),
                                               ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
      {.name = "dynamic_type_change",
       .input = Input{.before = R"x("old")x", .after = "4"},
       .attribute = R"x("dynamic")x",
       .validate_diff = ExpectTypeChange(ExpectPrimitive(R"x("old")x", "null", kDelete, false),
                                         ExpectPrimitive("null", "4", kCreate, false), kUpdate, false),
       .validate_slice_diffs =
           std::vector<Diff>{ExpectTypeChange(ExpectPrimitive(R"x("old")x", "null", kDelete, false),
                                              ExpectPrimitive("null", "4", kCreate, false), kUpdate, false)},
       .validate_set_diffs = std::vector<Diff>{ExpectPrimitive(R"x("old")x", "null", kDelete, false),
                                               ExpectPrimitive("null", "4", kCreate, false)}},
  };
  for (const PrimitiveAttributesCase& tc : cases) Run(tc);
}

}  // namespace
}  // namespace tfstream::render::differ::testing
