// Ported from TestRenderers_Human, renderer_test.go
// (internal/command/jsonformat/computed/renderers @883c722): the sensitive, unknown and type-change
// renderers (sensitive_update*, computed_*, output_map_to_list). Each TEST_CASE is named after its
// Go case. Inputs are built straight from renderers; the expected text is Terraform's, copied
// verbatim and compared after strings.TrimSpace, with colour off, as the Go test does.
#include "render/renderers/renderer_fixture.h"

namespace tfstream::render::renderers::testing {
namespace {

TEST_CASE_METHOD(RendererFixture, "renderers: sensitive_update", "[renderers]") {
  const Diff diff{
      .renderer = Sensitive(
          Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate}, true, true),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x((sensitive value))x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: sensitive_update_replace", "[renderers]") {
  const Diff diff{.renderer = Sensitive(Diff{.renderer = Primitive(Num("0"), Num("1"), kNumber),
                                             .action = kUpdate,
                                             .replace = true},
                                        true, true),
                  .action = kUpdate,
                  .replace = true};
  CHECK_RENDERS(diff, R"x((sensitive value) # forces replacement)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: computed_create", "[renderers]") {
  const Diff diff{.renderer = Unknown(Diff{}), .action = kCreate};
  CHECK_RENDERS(diff, R"x((known after apply))x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: computed_update", "[renderers]") {
  const Diff diff{.renderer = Unknown(
                      Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(0 -> (known after apply))x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: computed_update_from_null", "[renderers]") {
  const Diff diff{.renderer = Unknown(Diff{}), .action = kUpdate};
  CHECK_RENDERS(diff, R"x((known after apply))x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: computed_create_forces_replacement", "[renderers]") {
  const Diff diff{.renderer = Unknown(Diff{}), .action = kCreate, .replace = true};
  CHECK_RENDERS(diff, R"x((known after apply) # forces replacement)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: computed_update_forces_replacement", "[renderers]") {
  const Diff diff{.renderer = Unknown(
                      Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete}),
                  .action = kUpdate,
                  .replace = true};
  CHECK_RENDERS(diff, R"x(0 -> (known after apply) # forces replacement)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: output_map_to_list", "[renderers]") {
  const Diff diff{
      .renderer = TypeChange(
          Diff{.renderer = Map(
                   {{"element_one",
                     Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete}},
                    {"element_two",
                     Diff{.renderer = Primitive(Num("1"), nullptr, kNumber), .action = kDelete}}}),
               .action = kDelete},
          Diff{.renderer = List(
                   {Diff{.renderer = Primitive(nullptr, Num("0"), kNumber), .action = kCreate},
                    Diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate}}),
               .action = kCreate})};
  CHECK_RENDERS(diff, R"x(
{
      - "element_one" = 0
      - "element_two" = 1
    } -> [
      + 0,
      + 1,
    ]
)x");
}

}  // namespace
}  // namespace tfstream::render::renderers::testing
