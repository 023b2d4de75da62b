// Ported from TestRenderers_Human, renderer_test.go
// (internal/command/jsonformat/computed/renderers @883c722): the list, nested list, set and nested
// set renderers (list_*, set_*, nested_set_*). Each TEST_CASE is named after its Go case. Inputs
// are built straight from renderers; the expected text is Terraform's, copied verbatim and compared
// after strings.TrimSpace, with colour off, as the Go test does.
#include "render/renderers/renderer_fixture.h"

namespace tfstream::render::renderers::testing {
namespace {

TEST_CASE_METHOD(RendererFixture, "renderers: list_create_empty", "[renderers]") {
  const Diff diff{.renderer = List({}), .action = kCreate};
  CHECK_RENDERS(diff, R"x([])x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_create", "[renderers]") {
  const Diff diff{.renderer = List(
                      {Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate}}),
                  .action = kCreate};
  CHECK_RENDERS(diff, R"x(
[
      + 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_delete_empty", "[renderers]") {
  const Diff diff{.renderer = List({}), .action = kDelete};
  CHECK_RENDERS(diff, R"x([] -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_delete", "[renderers]") {
  const Diff diff{.renderer = List(
                      {Diff{.renderer = Primitive(Num("1"), nullptr, kNumber), .action = kDelete}}),
                  .action = kDelete};
  CHECK_RENDERS(diff, R"x(
[
      - 1,
    ] -> null
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_create_element", "[renderers]") {
  const Diff diff{.renderer = List(
                      {Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate}}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      + 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_update_element", "[renderers]") {
  const Diff diff{
      .renderer =
          List({Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ 0 -> 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_replace_element", "[renderers]") {
  const Diff diff{.renderer = List(
                      {Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete},
                       Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate}}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      - 0,
      + 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_delete_element", "[renderers]") {
  const Diff diff{.renderer = List(
                      {Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete}}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      - 0,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_update_forces_replacement", "[renderers]") {
  const Diff diff{
      .renderer =
          List({Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate}}),
      .action = kUpdate,
      .replace = true};
  CHECK_RENDERS(diff, R"x(
[ # forces replacement
      ~ 0 -> 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_update_ignores_unchanged", "[renderers]") {
  const Diff diff{.renderer = NestedList(
                      {Diff{.renderer = Primitive(Num("0"), Num("0"), kNumber), .action = kNoOp},
                       Diff{.renderer = Primitive(Num("1"), Num("1"), kNumber), .action = kNoOp},
                       Diff{.renderer = Primitive(Num("2"), Num("5"), kNumber), .action = kUpdate},
                       Diff{.renderer = Primitive(Num("3"), Num("3"), kNumber), .action = kNoOp},
                       Diff{.renderer = Primitive(Num("4"), Num("4"), kNumber), .action = kNoOp}}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ 2 -> 5,
        # (4 unchanged elements hidden)
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_update_ignored_unchanged_with_context",
                 "[renderers]") {
  const Diff diff{
      .renderer = List({Diff{.renderer = Primitive(Num("0"), Num("0"), kNumber), .action = kNoOp},
                        Diff{.renderer = Primitive(Num("1"), Num("1"), kNumber), .action = kNoOp},
                        Diff{.renderer = Primitive(Num("2"), Num("5"), kNumber), .action = kUpdate},
                        Diff{.renderer = Primitive(Num("3"), Num("3"), kNumber), .action = kNoOp},
                        Diff{.renderer = Primitive(Num("4"), Num("4"), kNumber), .action = kNoOp}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
        # (1 unchanged element hidden)
        1,
      ~ 2 -> 5,
        3,
        # (1 unchanged element hidden)
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_create_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          List({Diff{.renderer = Sensitive(
                         Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate},
                         false, true),
                     .action = kCreate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      + (sensitive value),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_delete_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          List({Diff{.renderer = Sensitive(
                         Diff{.renderer = Primitive(Num("1"), nullptr, kNumber), .action = kDelete},
                         true, false),
                     .action = kDelete}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      - (sensitive value),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_update_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          List({Diff{.renderer = Sensitive(Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber),
                                                .action = kUpdate},
                                           true, true),
                     .action = kUpdate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ (sensitive value),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_update_sensitive_element_status",
                 "[renderers]") {
  const Diff diff{
      .renderer =
          List({Diff{.renderer = Sensitive(
                         Diff{.renderer = Primitive(Num("1"), Num("1"), kNumber), .action = kNoOp},
                         false, true),
                     .action = kUpdate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      # Warning: this attribute value will be marked as sensitive and will not
      # display in UI output after applying this change. The value is unchanged.
      ~ (sensitive value),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_create_computed_element", "[renderers]") {
  const Diff diff{.renderer = List({Diff{.renderer = Unknown(Diff{}), .action = kCreate}}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      + (known after apply),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_update_computed_element", "[renderers]") {
  const Diff diff{
      .renderer =
          List({Diff{.renderer = Unknown(Diff{.renderer = Primitive(Num("0"), nullptr, kNumber),
                                              .action = kDelete}),
                     .action = kUpdate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ 0 -> (known after apply),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_create_empty", "[renderers]") {
  const Diff diff{.renderer = Set({}), .action = kCreate};
  CHECK_RENDERS(diff, R"x([])x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_create", "[renderers]") {
  const Diff diff{
      .renderer = Set({Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate}}),
      .action = kCreate};
  CHECK_RENDERS(diff, R"x(
[
      + 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_delete_empty", "[renderers]") {
  const Diff diff{.renderer = Set({}), .action = kDelete};
  CHECK_RENDERS(diff, R"x([] -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_delete", "[renderers]") {
  const Diff diff{
      .renderer = Set({Diff{.renderer = Primitive(Num("1"), nullptr, kNumber), .action = kDelete}}),
      .action = kDelete};
  CHECK_RENDERS(diff, R"x(
[
      - 1,
    ] -> null
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_create_element", "[renderers]") {
  const Diff diff{
      .renderer = Set({Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      + 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_update_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Set({Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ 0 -> 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_replace_element", "[renderers]") {
  const Diff diff{
      .renderer = Set({Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete},
                       Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      - 0,
      + 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_delete_element", "[renderers]") {
  const Diff diff{
      .renderer = Set({Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      - 0,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_update_forces_replacement", "[renderers]") {
  const Diff diff{
      .renderer =
          Set({Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate}}),
      .action = kUpdate,
      .replace = true};
  CHECK_RENDERS(diff, R"x(
[ # forces replacement
      ~ 0 -> 1,
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: nested_set_update_forces_replacement",
                 "[renderers]") {
  const Diff diff{
      .renderer = NestedSet({Diff{
          .renderer =
              Object({{"attribute_one", Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber),
                                             .action = kUpdate}}}),
          .action = kUpdate}}),
      .action = kUpdate,
      .replace = true};
  CHECK_RENDERS(diff, R"x(
[
      ~ { # forces replacement
          ~ attribute_one = 0 -> 1
        },
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_update_ignores_unchanged", "[renderers]") {
  const Diff diff{
      .renderer = Set({Diff{.renderer = Primitive(Num("0"), Num("0"), kNumber), .action = kNoOp},
                       Diff{.renderer = Primitive(Num("1"), Num("1"), kNumber), .action = kNoOp},
                       Diff{.renderer = Primitive(Num("2"), Num("5"), kNumber), .action = kUpdate},
                       Diff{.renderer = Primitive(Num("3"), Num("3"), kNumber), .action = kNoOp},
                       Diff{.renderer = Primitive(Num("4"), Num("4"), kNumber), .action = kNoOp}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ 2 -> 5,
        # (4 unchanged elements hidden)
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_create_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Set({Diff{.renderer = Sensitive(
                        Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate},
                        false, true),
                    .action = kCreate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      + (sensitive value),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_delete_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Set({Diff{.renderer = Sensitive(
                        Diff{.renderer = Primitive(Num("1"), nullptr, kNumber), .action = kDelete},
                        false, true),
                    .action = kDelete}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      - (sensitive value),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_update_sensitive_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Set({Diff{.renderer = Sensitive(
                        Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate},
                        true, true),
                    .action = kUpdate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ (sensitive value),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_update_sensitive_element_status", "[renderers]") {
  const Diff diff{
      .renderer =
          Set({Diff{.renderer = Sensitive(
                        Diff{.renderer = Primitive(Num("1"), Num("2"), kNumber), .action = kUpdate},
                        false, true),
                    .action = kUpdate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      # Warning: this attribute value will be marked as sensitive and will not
      # display in UI output after applying this change.
      ~ (sensitive value),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_create_computed_element", "[renderers]") {
  const Diff diff{.renderer = Set({Diff{.renderer = Unknown(Diff{}), .action = kCreate}}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      + (known after apply),
    ]
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_update_computed_element", "[renderers]") {
  const Diff diff{
      .renderer =
          Set({Diff{.renderer = Unknown(
                        Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete}),
                    .action = kUpdate}}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ 0 -> (known after apply),
    ]
)x");
}

}  // namespace
}  // namespace tfstream::render::renderers::testing
