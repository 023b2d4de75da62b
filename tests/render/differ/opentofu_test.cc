// The differ cases where OpenTofu's differ_test.go (differ/, v1.12.6
// @b4305e5) differs from Terraform's, ported, and one case or more per differ
// switch of base/flavor.def that OpenTofu's tests leave out. Each case runs
// with the OpenTofu profile; where it pins a switch, the Terraform profile's
// different result is checked as well, so a flipped switch fails here.
// Checked as differ_fixture.h explains.
#include "render/differ/differ_fixture.h"

namespace tfstream::render::differ::testing {
namespace {

class OpenTofuDifferFixture : public DifferFixture {
 protected:
  OpenTofuDifferFixture() { flavor_ = &OpenTofuFlavor(); }

  // Runs `compute` with the Terraform profile and checks its result against
  // `expected` (built while the profile is Terraform's, so its renderers
  // render the Terraform way too).
  template <typename Compute, typename Expect>
  void CheckTerraform(Compute compute, Expect expected) {
    INFO("with the Terraform profile");
    flavor_ = &TerraformFlavor();
    CheckDiff(compute(), expected());
    flavor_ = &OpenTofuFlavor();
  }
};

constexpr const char* kWriteOnlyBlock = R"x({
  "attributes": {"write_only_attribute": {"type": "string", "write_only": true}},
  "block_types": {"nested_with_write_only": {"nesting_mode": "single", "block": {
    "attributes": {"inner_write_only": {"type": "string", "write_only": true}}}}}})x";

// --- TestValue_SimpleBlocks, OpenTofu's cases ----------------------------------

TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): delete_with_write_only_value", "[differ][opentofu]") {
  CheckDiff(DiffForBlock(Input{.before = "{}"}, kWriteOnlyBlock),
            ExpectBlock({{"write_only_attribute", ExpectWriteOnly(kDelete, false)}}, {}, kDelete, false));
}

TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): create_with_only_write_only_value", "[differ][opentofu]") {
  CheckDiff(DiffForBlock(Input{.after = "{}"}, kWriteOnlyBlock),
            ExpectBlock({{"write_only_attribute", ExpectWriteOnly(kCreate, false)}}, {}, kCreate, false));
}

// write_only_inherits_parent_action: the regular attribute's update reaches
// every write-only attribute (Terraform shows them unchanged).
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): write_only_not_updated_but_regular_updated",
                 "[differ][opentofu]") {
  const char* block = R"x({
    "attributes": {
      "regular_attribute": {"type": "string"},
      "write_only_attribute": {"type": "string", "write_only": true},
      "write_only_attribute2": {"type": "string", "write_only": true},
      "write_only_attribute3": {"type": "string", "write_only": true},
      "write_only_attribute4": {"type": "string", "write_only": true}},
    "block_types": {"nested_with_write_only": {"nesting_mode": "single", "block": {
      "attributes": {"inner_write_only": {"type": "string", "write_only": true}}}}}})x";
  const Input in{.before = R"x({"regular_attribute": "before value"})x",
                 .after = R"x({"regular_attribute": "after value"})x"};
  auto expect = [&](Action write_only) {
    return ExpectBlock({{"regular_attribute", ExpectPrimitive(R"x("before value")x", R"x("after value")x", kUpdate, false)},
                        {"write_only_attribute", ExpectWriteOnly(write_only, false)},
                        {"write_only_attribute2", ExpectWriteOnly(write_only, false)},
                        {"write_only_attribute3", ExpectWriteOnly(write_only, false)},
                        {"write_only_attribute4", ExpectWriteOnly(write_only, false)}},
                       {}, kUpdate, false);
  };
  CheckDiff(DiffForBlock(in, block), expect(kUpdate));
  CheckTerraform([&] { return DiffForBlock(in, block); }, [&] { return expect(kNoOp); });
}

// A replace path on an unchanged write-only attribute makes it an update that
// forces replacement, and the block an update.
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): update_with_write_only_value", "[differ][opentofu]") {
  const char* block = R"x({"attributes": {"write_only_attribute": {"type": "string", "write_only": true}}})x";
  const Input in{.before = R"x({"write_only_attribute": null})x",
                 .after = R"x({"write_only_attribute": null})x",
                 .replace_paths = Paths{.paths = {R"x(["write_only_attribute"])x"}}};
  CheckDiff(DiffForBlock(in, block),
            ExpectBlock({{"write_only_attribute", ExpectWriteOnly(kUpdate, true)}}, {}, kUpdate, false));
  CheckTerraform([&] { return DiffForBlock(in, block); },
                 [&] { return ExpectBlock({{"write_only_attribute", ExpectWriteOnly(kNoOp, false)}}, {}, kNoOp, false); });
}

// write_only_inherits_parent_action, Terraform's sensitive variant: a
// sensitive block's write-only attribute is never "(sensitive, ...)".
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): a sensitive block's write-only attribute",
                 "[differ][opentofu]") {
  const char* block = R"x({"attributes": {"w": {"type": "string", "write_only": true}},
    "block_types": {"b": {"nesting_mode": "single", "block": {
      "attributes": {"r": {"type": "string"}, "w": {"type": "string", "write_only": true}}}}}})x";
  const Input in{.before = R"x({"b": {"r": "x"}})x", .after = R"x({"b": {"r": "y"}})x",
                 .before_sensitive = R"x({"b": {"w": true}})x", .after_sensitive = R"x({"b": {"w": true}})x"};
  CheckDiff(DiffForBlock(in, block),
            ExpectBlock({{"w", ExpectWriteOnly(kNoOp, false)}},
                        {SingleBlock("b",
                                     ExpectBlock({{"r", ExpectPrimitive(R"x("x")x", R"x("y")x", kUpdate, false)},
                                                  {"w", ExpectWriteOnly(kUpdate, false)}},
                                                 {}, kUpdate, false))},
                        kUpdate, false));
}

// --- TestValue_SimpleBlocks, issue 1805: unknown nested blocks -----------------

constexpr const char* kUnknownNestedSingle = R"x({
  "attributes": {"attribute_one": {"type": "string"}, "attribute_two": {"type": "string"}},
  "block_types": {"nested_unknown_block": {"nesting_mode": "single", "block": {
    "attributes": {"attribute_two": {"type": "string"}}}}}})x";

TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): issues/1805/create_with_unknown_dynamic_nested_block",
                 "[differ][opentofu]") {
  const char* block = R"x({
    "attributes": {"attribute_one": {"type": "string"}},
    "block_types": {"nested_unknown_block": {"nesting_mode": "single", "block": {
      "attributes": {"attribute_two": {"type": "string"}}}}}})x";
  CheckDiff(DiffForBlock(Input{.after = R"x({"attribute_one": "test"})x",
                               .unknown = R"x({"nested_unknown_block": true})x"},
                         block),
            ExpectBlock({{"attribute_one", ExpectPrimitive("null", R"x("test")x", kCreate, false)}},
                        {SingleBlock("nested_unknown_block", ExpectUnknown(Diff{}, kCreate, false))}, kCreate,
                        false));
}

TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): issues/1805/update_with_unknown_dynamic_nested_block",
                 "[differ][opentofu]") {
  CheckDiff(
      DiffForBlock(Input{.before = R"x({"attribute_one": "before_value_attr_1", "attribute_two": "before_value_attr_2"})x",
                         .after = R"x({"attribute_one": "after_value_attr_1"})x",
                         .unknown = R"x({"nested_unknown_block": true})x"},
                   kUnknownNestedSingle),
      ExpectBlock({{"attribute_one", ExpectPrimitive(R"x("before_value_attr_1")x", R"x("after_value_attr_1")x", kUpdate, false)},
                   {"attribute_two", ExpectPrimitive(R"x("before_value_attr_2")x", "null", kDelete, false)}},
                  {SingleBlock("nested_unknown_block", ExpectUnknown(Diff{}, kCreate, false))}, kUpdate, false));
}

// unknown_nested_block_as_single: the unknown block's action is not the
// block's (Terraform counts it), ...
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): an unknown nested block leaves the action alone",
                 "[differ][opentofu]") {
  const Input in{.before = R"x({"attribute_one": "x"})x", .after = R"x({"attribute_one": "x"})x",
                 .unknown = R"x({"nested_unknown_block": true})x"};
  auto expect = [&](Action action) {
    return ExpectBlock({{"attribute_one", ExpectPrimitive(R"x("x")x", R"x("x")x", kNoOp, false)}},
                       {SingleBlock("nested_unknown_block", ExpectUnknown(Diff{}, kCreate, false))}, action, false);
  };
  CheckDiff(DiffForBlock(in, kUnknownNestedSingle), expect(kNoOp));
  CheckTerraform([&] { return DiffForBlock(in, kUnknownNestedSingle); }, [&] { return expect(kUpdate); });
}

// ... and a list of blocks that becomes unknown is one single block whose
// before value is diffed with the schema of the block that holds it: the
// list is no object, so only that block's attributes appear, as unknown.
// Terraform lists the old elements as deleted under a "(known after apply)"
// line.
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): an unknown list of blocks", "[differ][opentofu]") {
  const char* block = R"x({
    "attributes": {"a": {"type": "string"}},
    "block_types": {"nested": {"nesting_mode": "list", "block": {"attributes": {"b": {"type": "string"}}}}}})x";
  const Input in{.before = R"x({"a": "x", "nested": [{"b": "y"}]})x", .after = R"x({"a": "x"})x",
                 .unknown = R"x({"nested": true})x"};
  CheckDiff(DiffForBlock(in, block),
            ExpectBlock({{"a", ExpectPrimitive(R"x("x")x", R"x("x")x", kNoOp, false)}},
                        {SingleBlock("nested",
                                     ExpectUnknown(ExpectBlock({{"a", ExpectUnknown(Diff{}, kCreate, false)}}, {},
                                                               kUpdate, false),
                                                   kUpdate, false))},
                        kNoOp, false));
  CheckTerraform(
      [&] { return DiffForBlock(in, block); },
      [&] {
        return ExpectBlock(
            {{"a", ExpectPrimitive(R"x("x")x", R"x("x")x", kNoOp, false)}},
            {ListBlocks("nested",
                        {ExpectBlock({{"b", ExpectPrimitive(R"x("y")x", "null", kDelete, false)}}, {}, kDelete, false)},
                        BlockGroupFlags{.unknown = true})},
            kUpdate, false);
      });
}

// --- empty_strings_null_in_block_attributes ------------------------------------

// A schema Terraform takes for a modern SDK's (an object attribute) still has
// "" folded in its block attributes ...
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): \"\" is null in every block attribute",
                 "[differ][opentofu]") {
  const char* block = R"x({"attributes": {"s": {"type": "string"}, "o": {"type": ["object", {"x": "string"}]}}})x";
  const Input in{.before = R"x({"s": ""})x", .after = R"x({"s": "new"})x"};
  CheckDiff(DiffForBlock(in, block),
            ExpectBlock({{"s", ExpectPrimitive("null", R"x("new")x", kCreate, false)}}, {}, kUpdate, false));
  CheckTerraform([&] { return DiffForBlock(in, block); },
                 [&] {
                   return ExpectBlock({{"s", ExpectPrimitive(R"x("")x", R"x("new")x", kUpdate, false)}}, {}, kUpdate,
                                      false);
                 });
}

// ... and a legacy schema has it kept below them (Terraform folds at every
// depth there).
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): \"\" below a block attribute stays",
                 "[differ][opentofu]") {
  const char* block = R"x({"attributes": {"l": {"type": ["list", "string"]}}})x";
  const Input in{.before = R"x({"l": ["", "a"]})x", .after = R"x({"l": ["a"]})x"};
  auto expect = [&](const char* deleted) {
    return ExpectBlock({{"l", ExpectList({ExpectPrimitiveOf(deleted, "null", PrimitiveType::kString, kDelete, false),
                                          ExpectPrimitive(R"x("a")x", R"x("a")x", kNoOp, false)},
                                         kUpdate, false)}},
                       {}, kUpdate, false);
  };
  CheckDiff(DiffForBlock(in, block), expect(R"x("")x"));
  CheckTerraform([&] { return DiffForBlock(in, block); }, [&] { return expect("null"); });
}

// --- slice_pairs_without_reorder_shortcut --------------------------------------

// TestSpecificCases' "list"/relevant-attributes case, as OpenTofu's test
// expects it: no element-by-element pairing for lists of equal length.
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): equal-length lists are not paired by index",
                 "[differ][opentofu]") {
  const char* type = R"x(["list", "number"])x";
  const Input in{.before = "[0, 1, 2, 3, 4]", .after = "[0, 5, 6, 7, 4]"};
  CheckDiff(DiffForType(in, type),
            ExpectList({ExpectPrimitive("0", "0", kNoOp, false), ExpectPrimitive("1", "null", kDelete, false),
                        ExpectPrimitive("2", "null", kDelete, false), ExpectPrimitive("3", "null", kDelete, false),
                        ExpectPrimitive("null", "5", kCreate, false), ExpectPrimitive("null", "6", kCreate, false),
                        ExpectPrimitive("null", "7", kCreate, false), ExpectPrimitive("4", "4", kNoOp, false)},
                       kUpdate, false));
  CheckTerraform([&] { return DiffForType(in, type); },
                 [&] {
                   return ExpectList({ExpectPrimitive("0", "0", kNoOp, false), ExpectPrimitive("1", "5", kUpdate, false),
                                      ExpectPrimitive("2", "6", kUpdate, false), ExpectPrimitive("3", "7", kUpdate, false),
                                      ExpectPrimitive("4", "4", kNoOp, false)},
                                     kUpdate, false);
                 });
}

// A created object pairs with the before element at the cursor, even the
// common one, which is then created again.
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): a created object pairs with the element at the cursor",
                 "[differ][opentofu]") {
  const char* type = R"x(["list", ["object", {"v": "string"}]])x";
  const Input in{.before = R"x([{"v": "a"}])x", .after = R"x([{"v": "b"}, {"v": "a"}])x"};
  CheckDiff(DiffForType(in, type),
            ExpectList({ExpectObject({{"v", ExpectPrimitive(R"x("a")x", R"x("b")x", kUpdate, false)}}, kUpdate, false),
                        ExpectObject({{"v", ExpectPrimitive("null", R"x("a")x", kCreate, false)}}, kCreate, false)},
                       kUpdate, false));
  CheckTerraform([&] { return DiffForType(in, type); },
                 [&] {
                   return ExpectList(
                       {ExpectObject({{"v", ExpectPrimitive("null", R"x("b")x", kCreate, false)}}, kCreate, false),
                        ExpectObject({{"v", ExpectPrimitive(R"x("a")x", R"x("a")x", kNoOp, false)}}, kNoOp, false)},
                       kUpdate, false);
                 });
}

// --- list_pairs_multiline_strings ----------------------------------------------

TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): multi-line strings sharing a line are one element",
                 "[differ][opentofu]") {
  const Input in{.before = R"x(["x", "a\nb"])x", .after = R"x(["a\nc"])x"};
  const char* type = R"x(["list", "string"])x";
  auto paired = [&] {
    return ExpectList({ExpectPrimitive(R"x("x")x", "null", kDelete, false),
                       ExpectPrimitive(R"x("a\nb")x", R"x("a\nc")x", kUpdate, false)},
                      kUpdate, false);
  };
  CheckDiff(DiffForType(in, type), paired());
  // The JSON differ (outputs, dynamic values) too.
  CheckDiff(DiffForOutput(in), paired());
  auto unpaired = [&] {
    return ExpectList({ExpectPrimitive(R"x("x")x", "null", kDelete, false),
                       ExpectPrimitive(R"x("a\nb")x", "null", kDelete, false),
                       ExpectPrimitive("null", R"x("a\nc")x", kCreate, false)},
                      kUpdate, false);
  };
  CheckTerraform([&] { return DiffForType(in, type); }, unpaired);
  CheckTerraform([&] { return DiffForOutput(in); }, unpaired);
  // Without a common line they stay apart.
  CheckDiff(DiffForType(Input{.before = R"x(["a\nb"])x", .after = R"x(["c\nd", "e"])x"}, type),
            ExpectList({ExpectPrimitive(R"x("a\nb")x", "null", kDelete, false),
                        ExpectPrimitive("null", R"x("c\nd")x", kCreate, false),
                        ExpectPrimitive("null", R"x("e")x", kCreate, false)},
                       kUpdate, false));
}

// --- write_only_inherits_parent_action, nested attribute types ------------------

// TestWriteOnly_ComputeDiffForBlock: every case. The "after" values are not
// null as real write-only values are, to show that the schema alone decides.
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): TestWriteOnly_ComputeDiffForBlock", "[differ][opentofu]") {
  auto one = [&](const char* name, const char* attribute, const char* after) {
    INFO("case " << name);
    CheckDiff(DiffForBlock(Input{.after = Cat({R"({"a":)", after, "}"})},
                           Cat({R"({"attributes":{"a":)", attribute, "}}"})),
              ExpectBlock({{"a", ExpectWriteOnly(kCreate, false)}}, {}, kCreate, false));
  };
  one("write_only_primitive_attribute", R"x({"type": "string", "optional": true, "write_only": true})x",
      R"x("dummy value")x");
  one("write_only_list", R"x({"type": ["list", ["object", {"val": "string"}]], "optional": true, "write_only": true})x",
      R"x(["val", "b"])x");
  one("write_only_set", R"x({"type": ["set", ["object", {"val": "string"}]], "optional": true, "write_only": true})x",
      R"x(["val", "b"])x");
  one("write_only_map", R"x({"type": ["map", "string"], "optional": true, "write_only": true})x",
      R"x({"bar": "barv", "baz": "bazv"})x");
  one("write_only_object", R"x({"type": ["object", {"val": "string"}], "optional": true, "write_only": true})x",
      R"x({"bar": "barv"})x");

  constexpr const char* kInner =
      R"x({"val": {"type": ["object", {"val": "string"}], "optional": true, "write_only": true}})x";
  auto nested = [&](const char* mode) {
    return Cat({R"({"attributes":{"a":{"nested_type":{"nesting_mode":")", mode, R"(","attributes":)", kInner,
                "}}}}"});
  };
  const Diff inner = ExpectNestedObject({{"val", ExpectWriteOnly(kCreate, false)}}, kCreate, false);
  {
    INFO("case attribute_single_nested_contains_write_only_attribute");
    CheckDiff(DiffForBlock(Input{.after = R"x({"a": {"val": "foo"}})x"}, nested("single")),
              ExpectBlock({{"a", inner}}, {}, kCreate, false));
  }
  {
    INFO("case attribute_map_nested_contains_write_only_attribute");
    CheckDiff(DiffForBlock(Input{.after = R"x({"a": {"val": "val value"}})x"}, nested("map")),
              ExpectBlock({{"a", ExpectNestedMap({{"val", inner}}, kCreate, false)}}, {}, kCreate, false));
  }
  {
    INFO("case attribute_list_nested_contains_write_only_attribute");
    CheckDiff(DiffForBlock(Input{.after = R"x({"a": [{"val": "foo value"}]})x"}, nested("list")),
              ExpectBlock({{"a", ExpectNestedList({inner}, kCreate, false)}}, {}, kCreate, false));
  }
  {
    INFO("case attribute_set_nested_contains_write_only_attribute");
    CheckDiff(DiffForBlock(Input{.after = R"x({"a": [{"val": "foo value"}]})x"}, nested("set")),
              ExpectBlock({{"a", ExpectNestedSet({inner}, kCreate, false)}}, {}, kCreate, false));
  }

  auto nested_block = [&](const char* mode) {
    return Cat({R"({"block_types":{"nested_block":{"nesting_mode":")", mode,
                R"(","block":{"attributes":{"write_only_attr":{"type":"string","write_only":true}}}}}})"});
  };
  const Diff created = ExpectBlock({{"write_only_attr", ExpectWriteOnly(kCreate, false)}}, {}, kCreate, false);
  {
    INFO("case single_nested_block");
    CheckDiff(DiffForBlock(Input{.after = R"x({"nested_block": {"write_only_attr": "foo"}})x"}, nested_block("single")),
              ExpectBlock({}, {SingleBlock("nested_block", created)}, kCreate, false));
  }
  {
    INFO("case map_nested_block");  // the value's key is read as a block name
    CheckDiff(DiffForBlock(Input{.after = R"x({"nested_block": {"write_only_attr": "foo"}})x"}, nested_block("map")),
              ExpectBlock({}, {MapBlocks("nested_block", {{"write_only_attr", created}})}, kCreate, false));
  }
  {
    INFO("case list_nested_block");
    CheckDiff(DiffForBlock(Input{.after = R"x({"nested_block": ["value"]})x"}, nested_block("list")),
              ExpectBlock({}, {ListBlocks("nested_block", {created})}, kCreate, false));
  }
  {
    INFO("case set_nested_block");
    CheckDiff(DiffForBlock(Input{.after = R"x({"nested_block": ["value"]})x"}, nested_block("set")),
              ExpectBlock({}, {SetBlocks("nested_block", {created})}, kCreate, false));
  }
  {
    INFO("case write-only are shown during no-op too");
    CheckDiff(DiffForBlock(Input{.before = R"x({"write_only_attr": null, "regular_attr": "test"})x",
                                 .after = R"x({"write_only_attr": null, "regular_attr": "test"})x"},
                           R"x({"attributes": {"write_only_attr": {"type": "string", "write_only": true},
                                               "regular_attr": {"type": "string"}}})x"),
              ExpectBlock({{"regular_attr", ExpectPrimitive(R"x("test")x", R"x("test")x", kNoOp, false)},
                           {"write_only_attr", ExpectWriteOnly(kNoOp, false)}},
                          {}, kNoOp, false));
  }
}

// The object's update reaches its write-only attribute (Terraform: shown
// unchanged), and an unchanged object leaves it out (Terraform lists it).
TEST_CASE_METHOD(OpenTofuDifferFixture, "differ (OpenTofu): write-only attributes of a nested object",
                 "[differ][opentofu]") {
  const char* block = R"x({"attributes": {"o": {"nested_type": {"nesting_mode": "single",
    "attributes": {"r": {"type": "string"}, "w": {"type": "string", "write_only": true}}}}}})x";
  const Input update{.before = R"x({"o": {"r": "a"}})x", .after = R"x({"o": {"r": "b"}})x"};
  auto expect_update = [&](Action write_only) {
    return ExpectBlock({{"o", ExpectNestedObject({{"r", ExpectPrimitive(R"x("a")x", R"x("b")x", kUpdate, false)},
                                                  {"w", ExpectWriteOnly(write_only, false)}},
                                                 kUpdate, false)}},
                       {}, kUpdate, false);
  };
  CheckDiff(DiffForBlock(update, block), expect_update(kUpdate));
  CheckTerraform([&] { return DiffForBlock(update, block); }, [&] { return expect_update(kNoOp); });

  const Input same{.before = R"x({"o": {"r": "a"}})x", .after = R"x({"o": {"r": "a"}})x"};
  CheckDiff(DiffForBlock(same, block),
            ExpectBlock({{"o", ExpectNestedObject({{"r", ExpectPrimitive(R"x("a")x", R"x("a")x", kNoOp, false)}},
                                                  kNoOp, false)}},
                        {}, kNoOp, false));
  CheckTerraform([&] { return DiffForBlock(same, block); },
                 [&] {
                   return ExpectBlock(
                       {{"o", ExpectNestedObject({{"r", ExpectPrimitive(R"x("a")x", R"x("a")x", kNoOp, false)},
                                                  {"w", ExpectWriteOnly(kNoOp, false)}},
                                                 kNoOp, false)}},
                       {}, kNoOp, false);
                 });
}

}  // namespace
}  // namespace tfstream::render::differ::testing
