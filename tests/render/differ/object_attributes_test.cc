// Ported from TestValue_ObjectAttributes, differ_test.go
// (internal/command/jsonformat/differ @883c722): creating, deleting and
// editing objects, each case run as Go runs it: as an object attribute and
// wrapped in a map, list and set of objects (wrapChangeInMap/InSlice), and as
// a nested attribute of nesting single, map, list and set. Checked as
// differ_fixture.h explains; the table was produced by gen/gen.py.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

// Sets split a changed element into a deleted and a created one.
struct SetDiffEntry {
  Diff single_diff{};  // used when it has a renderer
  std::vector<NamedDiff> object_diff{};
  Action action = kNoOp;
  bool replace = false;
};

struct SetDiff {
  SetDiffEntry before{};
  SetDiffEntry after{};
};

struct ObjectAttributesCase {
  std::string name{};
  Input input{};
  std::vector<std::pair<std::string, std::string>> attributes{};  // name, cty type JSON
  Diff validate_single_diff{};
  Diff validate_object{};
  Diff validate_nested_object{};
  std::vector<NamedDiff> validate_diffs{};
  Diff validate_list{};
  bool validate_replace = false;
  Action validate_action = kNoOp;
  std::optional<SetDiff> validate_set_diffs{};
};

class ObjectAttributesFixture : public DifferFixture {
 protected:
  // The first expectation the case has, in the order Go tries them.
  static Diff First(std::initializer_list<Diff> candidates) {
    for (const Diff& d : candidates) {
      if (d.renderer != nullptr) return d;
    }
    return Diff{};
  }

  static std::string ObjectType(const ObjectAttributesCase& tc) {
    std::string attrs;
    for (const auto& [name, type] : tc.attributes)
      attrs += Cat({attrs.empty() ? "" : ",", "\"", name, "\":", type});
    return Cat({R"(["object",{)", attrs, "}]"});
  }
  static std::string NestedAttribute(const ObjectAttributesCase& tc, std::string_view mode) {
    std::string attrs;
    for (const auto& [name, type] : tc.attributes) {
      attrs += Cat({attrs.empty() ? "" : ",", "\"", name, R"(":{"type":)", type, "}"});
    }
    return Cat({R"({"nested_type":{"attributes":{)", attrs, R"(},"nesting_mode":")", mode, "\"}}"});
  }

  Diff SetEntry(const SetDiffEntry& entry, bool nested) {
    if (entry.single_diff.renderer != nullptr) return entry.single_diff;
    return nested ? ExpectNestedObject(entry.object_diff, entry.action, entry.replace)
                  : ExpectObject(entry.object_diff, entry.action, entry.replace);
  }

  void Run(const ObjectAttributesCase& tc) {
    // The only case whose collections are unchanged.
    const Action collection = tc.name == "ignores_unset_fields" ? kNoOp : kUpdate;
    const std::string object = ObjectType(tc);
    const Diff object_diff = ExpectObject(tc.validate_diffs, tc.validate_action, tc.validate_replace);
    const Diff nested_diff = ExpectNestedObject(tc.validate_diffs, tc.validate_action, tc.validate_replace);
    const Diff element = First({tc.validate_object, tc.validate_single_diff, object_diff});
    const Diff nested_element = First({tc.validate_nested_object, tc.validate_single_diff, nested_diff});
    const Input in_map = WrapChangeInMap(tc.input);
    const Input in_slice = WrapChangeInSlice(tc.input);
    {
      INFO("case " << tc.name << "/object");
      const std::string attribute = Cat({R"({"type":)", object, "}"});
      CheckDiff(DiffForAttribute(tc.input, attribute), element);
      CheckSensitiveInner(tc.input, element,
                          [&](const Input& in) { return DiffForAttribute(in, attribute); });
    }
    {
      INFO("case " << tc.name << "/map");
      CheckDiff(DiffForAttribute(in_map, Cat({R"({"type":["map",)", object, "]}"})),
                ExpectMap({{"element", element}}, collection, false));
    }
    {
      INFO("case " << tc.name << "/list");
      CheckDiff(DiffForAttribute(in_slice, Cat({R"({"type":["list",)", object, "]}"})),
                First({tc.validate_list, ExpectList({element}, collection, false)}));
    }
    {
      INFO("case " << tc.name << "/set");
      std::vector<Diff> elements = {element};
      if (tc.validate_set_diffs) {
        elements = {SetEntry(tc.validate_set_diffs->before, false),
                    SetEntry(tc.validate_set_diffs->after, false)};
      }
      CheckDiff(DiffForAttribute(in_slice, Cat({R"({"type":["set",)", object, "]}"})),
                ExpectSet(elements, collection, false));
    }
    {
      INFO("case nested_" << tc.name << "/object");
      const std::string attribute = NestedAttribute(tc, "single");
      CheckDiff(DiffForAttribute(tc.input, attribute), nested_element);
      CheckSensitiveInner(tc.input, nested_element,
                          [&](const Input& in) { return DiffForAttribute(in, attribute); });
    }
    {
      INFO("case nested_" << tc.name << "/map");
      CheckDiff(DiffForAttribute(in_map, NestedAttribute(tc, "map")),
                ExpectNestedMap({{"element", nested_element}}, collection, false));
    }
    {
      INFO("case nested_" << tc.name << "/list");
      CheckDiff(DiffForAttribute(in_slice, NestedAttribute(tc, "list")),
                ExpectNestedList({nested_element}, collection, false));
    }
    {
      INFO("case nested_" << tc.name << "/set");
      std::vector<Diff> elements = {nested_element};
      if (tc.validate_set_diffs) {
        elements = {SetEntry(tc.validate_set_diffs->before, true),
                    SetEntry(tc.validate_set_diffs->after, true)};
      }
      CheckDiff(DiffForAttribute(in_slice, NestedAttribute(tc, "set")),
                ExpectNestedSet(elements, collection, false));
    }
  }
};

TEST_CASE_METHOD(ObjectAttributesFixture, "differ: TestValue_ObjectAttributes", "[differ]") {
  const std::vector<ObjectAttributesCase> cases = {
      {.name = "create",
       .input = Input{.after = R"x({"attribute_one":"new"})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
       .validate_replace = false,
       .validate_action = kCreate},
      {.name = "delete",
       .input = Input{.before = R"x({"attribute_one":"old"})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
       .validate_replace = false,
       .validate_action = kDelete},
      {.name = "create_sensitive",
       .input = Input{.after = R"x({"attribute_one":"new"})x", .after_sensitive = "true"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_single_diff = ExpectSensitive(
           ExpectObject({{"attribute_one", ExpectPrimitive("null", R"x("new")x", kCreate, false)}}, kCreate,
                        false),
           false, true, kCreate, false),
       .validate_nested_object = ExpectSensitive(
           ExpectNestedObject({{"attribute_one", ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                              kCreate, false),
           false, true, kCreate, false)},
      {.name = "delete_sensitive",
       .input = Input{.before = R"x({"attribute_one":"old"})x", .before_sensitive = "true"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_single_diff = ExpectSensitive(
           ExpectObject({{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}}, kDelete,
                        false),
           true, false, kDelete, false),
       .validate_nested_object = ExpectSensitive(
           ExpectNestedObject({{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                              kDelete, false),
           true, false, kDelete, false)},
      {.name = "create_unknown",
       .input = Input{.unknown = "true"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_single_diff = ExpectUnknown(Diff{}, kCreate, false)},
      {.name = "update_unknown",
       .input = Input{.before = R"x({"attribute_one":"old"})x", .unknown = "true"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_object = ExpectUnknown(
           ExpectObject({{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}}, kDelete,
                        false),
           kUpdate, false),
       .validate_nested_object = ExpectUnknown(
           ExpectNestedObject(
               {{"attribute_one",
                 ExpectUnknown(ExpectPrimitive(R"x("old")x", "null", kDelete, false), kUpdate, false)}},
               kUpdate, false),
           kUpdate, false),
       .validate_set_diffs =
           SetDiff{.before =
                       SetDiffEntry{.object_diff = {{"attribute_one",
                                                     ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                                    .action = kDelete},
                   .after = SetDiffEntry{.single_diff = ExpectUnknown(Diff{}, kCreate, false)}}},
      {.name = "create_attribute",
       .input = Input{.before = "{}", .after = R"x({"attribute_one":"new"})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before = SetDiffEntry{.object_diff = {}, .action = kDelete},
               .after = SetDiffEntry{.object_diff = {{"attribute_one",
                                                      ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                                     .action = kCreate}}},
      {.name = "create_attribute_from_explicit_null",
       .input = Input{.before = R"x({"attribute_one":null})x", .after = R"x({"attribute_one":"new"})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before = SetDiffEntry{.object_diff = {}, .action = kDelete},
               .after = SetDiffEntry{.object_diff = {{"attribute_one",
                                                      ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                                     .action = kCreate}}},
      {.name = "delete_attribute",
       .input = Input{.before = R"x({"attribute_one":"old"})x", .after = "{}"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{.before =
                       SetDiffEntry{.object_diff = {{"attribute_one",
                                                     ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                                    .action = kDelete},
                   .after = SetDiffEntry{.object_diff = {}, .action = kCreate}}},
      {.name = "delete_attribute_to_explicit_null",
       .input = Input{.before = R"x({"attribute_one":"old"})x", .after = R"x({"attribute_one":null})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{.before =
                       SetDiffEntry{.object_diff = {{"attribute_one",
                                                     ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                                    .action = kDelete},
                   .after = SetDiffEntry{.object_diff = {}, .action = kCreate}}},
      {.name = "update_attribute",
       .input = Input{.before = R"x({"attribute_one":"old"})x", .after = R"x({"attribute_one":"new"})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before = SetDiffEntry{.object_diff = {{"attribute_one", ExpectPrimitive(R"x("old")x", "null",
                                                                                        kDelete, false)}},
                                      .action = kDelete},
               .after = SetDiffEntry{.object_diff = {{"attribute_one",
                                                      ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                                     .action = kCreate}}},
      {.name = "create_sensitive_attribute",
       .input = Input{.before = "{}",
                      .after = R"x({"attribute_one":"new"})x",
                      .after_sensitive = R"x({"attribute_one":true})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one",
                           ExpectSensitive(ExpectPrimitive("null", R"x("new")x", kCreate, false), false, true,
                                           kCreate, false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before = SetDiffEntry{.object_diff = {}, .action = kDelete},
               .after = SetDiffEntry{.object_diff = {{"attribute_one",
                                                      ExpectSensitive(ExpectPrimitive("null", R"x("new")x",
                                                                                      kCreate, false),
                                                                      false, true, kCreate, false)}},
                                     .action = kCreate}}},
      {.name = "delete_sensitive_attribute",
       .input = Input{.before = R"x({"attribute_one":"old"})x",
                      .after = "{}",
                      .before_sensitive = R"x({"attribute_one":true})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one",
                           ExpectSensitive(ExpectPrimitive(R"x("old")x", "null", kDelete, false), true, false,
                                           kDelete, false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before = SetDiffEntry{.object_diff = {{"attribute_one",
                                                       ExpectSensitive(ExpectPrimitive(R"x("old")x", "null",
                                                                                       kDelete, false),
                                                                       true, false, kDelete, false)}},
                                      .action = kDelete},
               .after = SetDiffEntry{.object_diff = {}, .action = kCreate}}},
      {.name = "update_sensitive_attribute",
       .input = Input{.before = R"x({"attribute_one":"old"})x",
                      .after = R"x({"attribute_one":"new"})x",
                      .before_sensitive = R"x({"attribute_one":true})x",
                      .after_sensitive = R"x({"attribute_one":true})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one",
                           ExpectSensitive(ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false), true,
                                           true, kUpdate, false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before = SetDiffEntry{.object_diff = {{"attribute_one",
                                                       ExpectSensitive(ExpectPrimitive(R"x("old")x", "null",
                                                                                       kDelete, false),
                                                                       true, false, kDelete, false)}},
                                      .action = kDelete},
               .after = SetDiffEntry{.object_diff = {{"attribute_one",
                                                      ExpectSensitive(ExpectPrimitive("null", R"x("new")x",
                                                                                      kCreate, false),
                                                                      false, true, kCreate, false)}},
                                     .action = kCreate}}},
      {.name = "create_computed_attribute",
       .input = Input{.before = "{}", .after = "{}", .unknown = R"x({"attribute_one":true})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectUnknown(Diff{}, kCreate, false)}},
       .validate_replace = false,
       .validate_action = kUpdate},
      {.name = "update_computed_attribute",
       .input = Input{.before = R"x({"attribute_one":"old"})x",
                      .after = "{}",
                      .unknown = R"x({"attribute_one":true})x"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one",
                           ExpectUnknown(ExpectPrimitive(R"x("old")x", "null", kDelete, false), kUpdate,
                                         false)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{.before =
                       SetDiffEntry{.object_diff = {{"attribute_one",
                                                     ExpectPrimitive(R"x("old")x", "null", kDelete, false)}},
                                    .action = kDelete},
                   .after =
                       SetDiffEntry{.object_diff = {{"attribute_one", ExpectUnknown(Diff{}, kCreate, false)}},
                                    .action = kCreate}}},
      {.name = "ignores_unset_fields",
       .input = Input{.before = "{}", .after = "{}"},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {},
       .validate_replace = false,
       .validate_action = kNoOp},
      {.name = "update_replace_self",
       .input = Input{.before = R"x({"attribute_one":"old"})x",
                      .after = R"x({"attribute_one":"new"})x",
                      .replace_paths = Paths{.paths = {"[]"}}},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, false)}},
       .validate_replace = true,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before = SetDiffEntry{.object_diff = {{"attribute_one", ExpectPrimitive(R"x("old")x", "null",
                                                                                        kDelete, false)}},
                                      .action = kDelete,
                                      .replace = true},
               .after = SetDiffEntry{.object_diff = {{"attribute_one",
                                                      ExpectPrimitive("null", R"x("new")x", kCreate, false)}},
                                     .action = kCreate,
                                     .replace = true}}},
      {.name = "update_replace_attribute",
       .input = Input{.before = R"x({"attribute_one":"old"})x",
                      .after = R"x({"attribute_one":"new"})x",
                      .replace_paths = Paths{.paths = {R"x(["attribute_one"])x"}}},
       .attributes = {{"attribute_one", R"x("string")x"}},
       .validate_diffs = {{"attribute_one", ExpectPrimitive(R"x("old")x", R"x("new")x", kUpdate, true)}},
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before = SetDiffEntry{.object_diff = {{"attribute_one",
                                                       ExpectPrimitive(R"x("old")x", "null", kDelete, true)}},
                                      .action = kDelete},
               .after = SetDiffEntry{.object_diff = {{"attribute_one",
                                                      ExpectPrimitive("null", R"x("new")x", kCreate, true)}},
                                     .action = kCreate}}},
      {.name = "update_includes_relevant_attributes",
       .input = Input{.before = R"x({"attribute_one":"old_one","attribute_two":"old_two"})x",
                      .after = R"x({"attribute_one":"new_one","attribute_two":"new_two"})x",
                      .relevant_attributes = Paths{.paths = {R"x(["attribute_one"])x"}}},
       .attributes = {{"attribute_one", R"x("string")x"}, {"attribute_two", R"x("string")x"}},
       .validate_diffs = {{"attribute_one",
                           ExpectPrimitive(R"x("old_one")x", R"x("new_one")x", kUpdate, false)},
                          {"attribute_two",
                           ExpectPrimitive(R"x("old_two")x", R"x("old_two")x", kNoOp, false)}},
       .validate_list = ExpectList(
           {ExpectObject(
               {{"attribute_one", ExpectPrimitive(R"x("old_one")x", R"x("new_one")x", kUpdate, false)},
                {"attribute_two", ExpectPrimitive(R"x("old_two")x", R"x("new_two")x", kUpdate, false)}},
               kUpdate, false)},
           kUpdate, false),
       .validate_replace = false,
       .validate_action = kUpdate,
       .validate_set_diffs =
           SetDiff{
               .before =
                   SetDiffEntry{.object_diff = {{"attribute_one",
                                                 ExpectPrimitive(R"x("old_one")x", "null", kDelete, false)},
                                                {"attribute_two",
                                                 ExpectPrimitive(R"x("old_two")x", "null", kDelete, false)}},
                                .action = kDelete},
               .after =
                   SetDiffEntry{.object_diff = {{"attribute_one",
                                                 ExpectPrimitive("null", R"x("new_one")x", kCreate, false)},
                                                {"attribute_two",
                                                 ExpectPrimitive("null", R"x("new_two")x", kCreate, false)}},
                                .action = kCreate}}},
  };
  for (const ObjectAttributesCase& tc : cases) Run(tc);
}

}  // namespace
}  // namespace tfstream::render::differ::testing
