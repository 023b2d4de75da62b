// Ported from TestRenderers_Human, renderer_test.go
// (internal/command/jsonformat/computed/renderers @883c722): the object, nested object, map and
// nested map renderers (object_*, nested_object_*, map_*, nested_map_*). Each TEST_CASE is named
// after its Go case. Inputs are built straight from renderers; the expected text is Terraform's,
// copied verbatim and compared after strings.TrimSpace, with colour off, as the Go test does.
#include "render/renderers/renderer_fixture.h"

namespace tfstream::render::renderers::testing {
namespace {

TEST_CASE_METHOD(RendererFixture, "renderers: object_created", "[renderers]") {
  const Diff diff{.renderer = Object({}), .action = kCreate};
  CHECK_RENDERS(diff, R"x({})x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_created_with_attributes", "[renderers]") {
  const Diff diff{
      .renderer = Object({{"attribute_one", Diff{.renderer = Primitive(nullptr, Num("0"), kNumber),
                                                 .action = kCreate}}}),
      .action = kCreate};
  CHECK_RENDERS(diff, R"x(
{
      + attribute_one = 0
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_deleted", "[renderers]") {
  const Diff diff{.renderer = Object({}), .action = kDelete};
  CHECK_RENDERS(diff, R"x({} -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_deleted_with_attributes", "[renderers]") {
  const Diff diff{
      .renderer = Object({{"attribute_one", Diff{.renderer = Primitive(Num("0"), nullptr, kNumber),
                                                 .action = kDelete}}}),
      .action = kDelete};
  CHECK_RENDERS(diff, R"x(
{
      - attribute_one = 0
    } -> null
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: nested_object_deleted", "[renderers]") {
  const Diff diff{.renderer = NestedObject({}), .action = kDelete};
  CHECK_RENDERS(diff, R"x({} -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: nested_object_deleted_with_attributes",
                 "[renderers]") {
  const Diff diff{.renderer = NestedObject(
                      {{"attribute_one", Diff{.renderer = Primitive(Num("0"), nullptr, kNumber),
                                              .action = kDelete}}}),
                  .action = kDelete};
  CHECK_RENDERS(diff, R"x(
{
      - attribute_one = 0 -> null
    } -> null
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_create_attribute", "[renderers]") {
  const Diff diff{
      .renderer = Object({{"attribute_one", Diff{.renderer = Primitive(nullptr, Num("0"), kNumber),
                                                 .action = kCreate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      + attribute_one = 0
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_update_attribute", "[renderers]") {
  const Diff diff{
      .renderer = Object({{"attribute_one", Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber),
                                                 .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ attribute_one = 0 -> 1
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_update_attribute_forces_replacement",
                 "[renderers]") {
  const Diff diff{
      .renderer = Object({{"attribute_one", Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber),
                                                 .action = kUpdate}}}),
      .action = kUpdate,
      .replace = true};
  CHECK_RENDERS(diff, R"x(
{ # forces replacement
      ~ attribute_one = 0 -> 1
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_delete_attribute", "[renderers]") {
  const Diff diff{
      .renderer = Object({{"attribute_one", Diff{.renderer = Primitive(Num("0"), nullptr, kNumber),
                                                 .action = kDelete}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      - attribute_one = 0
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_ignore_unchanged_attributes", "[renderers]") {
  const Diff diff{
      .renderer =
          Object({{"attribute_one",
                   Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate}},
                  {"attribute_two",
                   Diff{.renderer = Primitive(Num("0"), Num("0"), kNumber), .action = kNoOp}},
                  {"attribute_three",
                   Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ attribute_one   = 0 -> 1
      + attribute_three = 1
        # (1 unchanged attribute hidden)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_create_sensitive_attribute", "[renderers]") {
  const Diff diff{
      .renderer = Object(
          {{"attribute_one",
            Diff{.renderer = Sensitive(
                     Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate},
                     false, true),
                 .action = kCreate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      + attribute_one = (sensitive value)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_update_sensitive_attribute", "[renderers]") {
  const Diff diff{
      .renderer = Object(
          {{"attribute_one",
            Diff{.renderer = Sensitive(
                     Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate},
                     true, true),
                 .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ attribute_one = (sensitive value)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_delete_sensitive_attribute", "[renderers]") {
  const Diff diff{
      .renderer = Object(
          {{"attribute_one",
            Diff{.renderer = Sensitive(
                     Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete},
                     true, false),
                 .action = kDelete}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      - attribute_one = (sensitive value)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_create_computed_attribute", "[renderers]") {
  const Diff diff{
      .renderer = Object({{"attribute_one", Diff{.renderer = Unknown(Diff{.renderer = nullptr}),
                                                 .action = kCreate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      + attribute_one = (known after apply)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_update_computed_attribute", "[renderers]") {
  const Diff diff{
      .renderer =
          Object({{"attribute_one",
                   Diff{.renderer = Unknown(Diff{.renderer = Primitive(Num("1"), nullptr, kNumber),
                                                 .action = kDelete}),
                        .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ attribute_one = 1 -> (known after apply)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: object_escapes_attribute_keys", "[renderers]") {
  const Diff diff{
      .renderer =
          Object({{"attribute_one",
                   Diff{.renderer = Primitive(Num("1"), Num("2"), kNumber), .action = kUpdate}},
                  {"attribute:two",
                   Diff{.renderer = Primitive(Num("2"), Num("3"), kNumber), .action = kUpdate}},
                  {"attribute_six",
                   Diff{.renderer = Primitive(Num("3"), Num("4"), kNumber), .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ "attribute:two" = 2 -> 3
      ~ attribute_one   = 1 -> 2
      ~ attribute_six   = 3 -> 4
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_create_empty", "[renderers]") {
  const Diff diff{.renderer = Map({}), .action = kCreate};
  CHECK_RENDERS(diff, R"x({})x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_create", "[renderers]") {
  const Diff diff{
      .renderer = Map({{"element_one", Diff{.renderer = Primitive(nullptr, Str("new"), kString),
                                            .action = kCreate}}}),
      .action = kCreate};
  CHECK_RENDERS(diff, R"x(
{
      + "element_one" = "new"
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_delete_empty", "[renderers]") {
  const Diff diff{.renderer = Map({}), .action = kDelete};
  CHECK_RENDERS(diff, R"x({} -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_delete", "[renderers]") {
  const Diff diff{
      .renderer = Map({{"element_one", Diff{.renderer = Primitive(Str("old"), nullptr, kString),
                                            .action = kDelete}}}),
      .action = kDelete};
  CHECK_RENDERS(diff, R"x(
{
      - "element_one" = "old"
    } -> null
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_create_element", "[renderers]") {
  const Diff diff{
      .renderer = Map({{"element_one", Diff{.renderer = Primitive(nullptr, Str("new"), kString),
                                            .action = kCreate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      + "element_one" = "new"
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_update_element", "[renderers]") {
  const Diff diff{
      .renderer = Map({{"element_one", Diff{.renderer = Primitive(Str("old"), Str("new"), kString),
                                            .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ "element_one" = "old" -> "new"
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_delete_element", "[renderers]") {
  const Diff diff{
      .renderer = Map({{"element_one", Diff{.renderer = Primitive(Str("old"), nullptr, kString),
                                            .action = kDelete}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      - "element_one" = "old" -> null
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_update_forces_replacement", "[renderers]") {
  const Diff diff{
      .renderer = Map({{"element_one", Diff{.renderer = Primitive(Str("old"), Str("new"), kString),
                                            .action = kUpdate}}}),
      .action = kUpdate,
      .replace = true};
  CHECK_RENDERS(diff, R"x(
{ # forces replacement
      ~ "element_one" = "old" -> "new"
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_ignore_unchanged_elements", "[renderers]") {
  const Diff diff{
      .renderer =
          Map({{"element_one",
                Diff{.renderer = Primitive(nullptr, Str("new"), kString), .action = kCreate}},
               {"element_two",
                Diff{.renderer = Primitive(Str("old"), Str("old"), kString), .action = kNoOp}},
               {"element_three",
                Diff{.renderer = Primitive(Str("old"), Str("new"), kString), .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      + "element_one"   = "new"
      ~ "element_three" = "old" -> "new"
        # (1 unchanged element hidden)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_create_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Map({{"element_one",
                Diff{.renderer = Sensitive(
                         Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate},
                         false, true),
                     .action = kCreate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      + "element_one" = (sensitive value)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_update_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Map({{"element_one",
                Diff{.renderer = Sensitive(Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber),
                                                .action = kUpdate},
                                           true, true),
                     .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ "element_one" = (sensitive value)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_update_sensitive_element_status", "[renderers]") {
  const Diff diff{
      .renderer =
          Map({{"element_one",
                Diff{.renderer = Sensitive(
                         Diff{.renderer = Primitive(Num("0"), Num("0"), kNumber), .action = kNoOp},
                         true, false),
                     .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      # Warning: this attribute value will no longer be marked as sensitive
      # after applying this change. The value is unchanged.
      ~ "element_one" = (sensitive value)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_delete_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Map({{"element_one",
                Diff{.renderer = Sensitive(
                         Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete},
                         true, false),
                     .action = kDelete}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      - "element_one" = (sensitive value) -> null
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_create_computed_element", "[renderers]") {
  const Diff diff{
      .renderer = Map({{"element_one", Diff{.renderer = Unknown(Diff{}), .action = kCreate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      + "element_one" = (known after apply)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_update_computed_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Map({{"element_one",
                Diff{.renderer = Unknown(Diff{.renderer = Primitive(Num("1"), nullptr, kNumber),
                                              .action = kDelete}),
                     .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ "element_one" = 1 -> (known after apply)
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_aligns_key", "[renderers]") {
  const Diff diff{
      .renderer =
          Map({{"element_one",
                Diff{.renderer = Primitive(Num("1"), Num("2"), kNumber), .action = kUpdate}},
               {"element_two",
                Diff{.renderer = Primitive(Num("1"), Num("3"), kNumber), .action = kUpdate}},
               {"element_three",
                Diff{.renderer = Primitive(Num("1"), Num("4"), kNumber), .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ "element_one"   = 1 -> 2
      ~ "element_three" = 1 -> 4
      ~ "element_two"   = 1 -> 3
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: nested_map_does_not_align_keys", "[renderers]") {
  const Diff diff{
      .renderer =
          NestedMap({{"element_one",
                      Diff{.renderer = Primitive(Num("1"), Num("2"), kNumber), .action = kUpdate}},
                     {"element_two",
                      Diff{.renderer = Primitive(Num("1"), Num("3"), kNumber), .action = kUpdate}},
                     {"element_three", Diff{.renderer = Primitive(Num("1"), Num("4"), kNumber),
                                            .action = kUpdate}}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ "element_one" = 1 -> 2
      ~ "element_three" = 1 -> 4
      ~ "element_two" = 1 -> 3
    }
)x");
}

}  // namespace
}  // namespace tfstream::render::renderers::testing
