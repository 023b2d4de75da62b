// The renderer cases where OpenTofu's renderer_test.go (computed/renderers,
// v1.12.6 @b4305e5) differs from Terraform's, and one case per renderer
// switch of base/flavor.def that OpenTofu's tests leave out. Each case runs
// with the OpenTofu profile; the switch it pins is named, and a case that
// pins one renders differently with the Terraform profile (checked too, so a
// flipped switch fails here).
#include <catch2/catch.hpp>

#include "render/renderers/renderer_fixture.h"

namespace tfstream::render::renderers::testing {
namespace {

class OpenTofuRendererFixture : public RendererFixture {
 protected:
  OpenTofuRendererFixture() { flavor_ = &OpenTofuFlavor(); }
  std::string RenderAs(const Flavor& flavor, const Diff& diff, const RenderOpts& opts = {}) {
    const Flavor* saved = flavor_;
    flavor_ = &flavor;
    std::string out = Render(diff, opts);
    flavor_ = saved;
    return out;
  }
};

// --- ported from OpenTofu's renderer_test.go ----------------------------------

// Added by OpenTofu; Terraform renders the same (its renderBlock clones the
// set options away too), so this is not a flavour switch.
TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): set_block_override_replacement",
                 "[renderers][opentofu]") {
  const Diff diff{
      .renderer = Block(
          {}, {SetBlocks(
                  "set_blocks",
                  {Diff{.renderer = Block(
                            {{"number", Diff{.renderer = Primitive(Num("1"), Num("2"), kNumber),
                                             .action = kUpdate}},
                             {"string", Diff{.renderer = Primitive(nullptr, Str("new"), kString),
                                             .action = kCreate}}},
                            {}),
                        .action = kUpdate},
                   Diff{.renderer = Block(
                            {{"number", Diff{.renderer = Primitive(Num("1"), nullptr, kNumber),
                                             .action = kDelete}},
                             {"string", Diff{.renderer = Primitive(Str("old"), Str("new"), kString),
                                             .action = kUpdate}}},
                            {}),
                        .action = kUpdate}})}),
      .replace = true};
  const char* expected = R"x(
{ # forces replacement
      ~ set_blocks {
          ~ number = 1 -> 2
          + string = "new"
        }
      ~ set_blocks {
          - number = 1 -> null
          ~ string = "old" -> "new"
        }
    })x";
  CHECK_RENDERS(diff, expected);
  CHECK(RenderAs(TerraformFlavor(), diff) == TrimSpace(expected));
}

TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): slice_update_multiline_string",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = List({Diff{.renderer = Primitive(Str("hello\nworld"), Str("hello\nuniverse"), kString),
                                         .action = kUpdate},
                                    Diff{.renderer = Primitive(Str("foo\nbar"), Str("foo\nbaz"), kString),
                                         .action = kUpdate}}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ <<-EOT
            hello
          - world
          + universe
        EOT,
      ~ <<-EOT
            foo
          - bar
          + baz
        EOT,
    ]
)x");
}

TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): slice_update_multiline_with_regular_string",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = List({Diff{.renderer = Primitive(Str("line1\nline2"), Str("line1\nline3"), kString),
                                         .action = kUpdate},
                                    Diff{.renderer = Primitive(Str("line1\nlinex"), Str("line1"), kString),
                                         .action = kUpdate}}),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
[
      ~ <<-EOT
            line1
          - line2
          + line3
        EOT,
      ~ <<-EOT
            line1
          - linex
        EOT,
    ]
)x");
}

// OpenTofu dropped Terraform's primitive_create_fake_json: the string is
// JSON for its decoder (string_json_prefix), and the rest of it is dropped.
TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): primitive_create_fake_json",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = Primitive(nullptr, Str("[\"hello\"] and some more"), kString), .action = kCreate};
  CHECK_RENDERS(diff, R"x(
jsonencode(
        [
          + "hello",
        ]
    )
)x");
  CHECK(RenderAs(TerraformFlavor(), diff) == R"x("[\"hello\"] and some more")x");
}

TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): string_json_prefix in an update",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = Primitive(Str("{\"a\":1} trailing"), Str("{\"a\":2}}"), kString), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
jsonencode(
      ~ {
          ~ a = 1 -> 2
        }
    )
)x");
  CHECK(RenderAs(TerraformFlavor(), diff) == R"x("{\"a\":1} trailing" -> "{\"a\":2}}")x");
  // An unfinished value is not JSON for either.
  const Diff open{.renderer = Primitive(nullptr, Str("{\"a\":1"), kString), .action = kCreate};
  CHECK_RENDERS(open, R"x("{\"a\":1")x");
}

// --- one case per switch ------------------------------------------------------

// slice_pairs_without_reorder_shortcut, in primitiveRenderer: two lines
// changed in place are two deletions and two creations, not line pairs.
TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): multi-line lines are not paired by index",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = Primitive(Str("a\nb"), Str("c\nd"), kString), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
<<-EOT
      - a
      - b
      + c
      + d
    EOT
)x");
  CHECK(RenderAs(TerraformFlavor(), diff) == TrimSpace(R"x(
<<-EOT
      - a
      + c
      - b
      + d
    EOT
)x"));
}

// write_only_replacement_before_null_suffix
TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): write-only replacement before the null suffix",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = renderers::WriteOnly(arena(), false), .action = kDelete, .replace = true};
  CHECK_RENDERS(diff, R"x((write-only attribute) # forces replacement -> null)x");
  CHECK(RenderAs(TerraformFlavor(), diff) == "(write-only attribute) -> null # forces replacement");
}

// unknown_before_keeps_replacement: a before value that forces replacement
// keeps its mark, and so does one the parent forces.
TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): unknown keeps the before value's marks",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = Unknown(Diff{.renderer = Primitive(Num("0"), nullptr, kNumber),
                                           .action = kDelete,
                                           .replace = true}),
                  .action = kUpdate,
                  .replace = true};
  CHECK_RENDERS(diff, R"x(0 # forces replacement -> (known after apply) # forces replacement)x");
  CHECK(RenderAs(TerraformFlavor(), diff) == "0 -> (known after apply) # forces replacement");

  const Diff plain{.renderer = Unknown(Diff{.renderer = Primitive(Num("0"), nullptr, kNumber), .action = kDelete}),
                   .action = kUpdate};
  RenderOpts forced;  // as a parent forcing replacement hands them down
  forced.force_forces_replacement = true;
  CHECK(RenderAsChild(plain, forced) == "0 # forces replacement -> (known after apply) # forces replacement");
  flavor_ = &TerraformFlavor();
  CHECK(RenderAsChild(plain, forced) == "0 -> (known after apply) # forces replacement");
}

// OpenTofu's unknownRenderer panics on a missing before value that is not a
// create (Terraform's computed_update_from_null); tfstream prints
// Terraform's text.
TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers (OpenTofu): computed_update_from_null, where OpenTofu panics",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = Unknown(Diff{}), .action = kUpdate};
  CHECK_RENDERS(diff, R"x((known after apply))x");
}

// RenderHumanOpts.ShowSensitive: the inner diff, in either flavour.
TEST_CASE_METHOD(OpenTofuRendererFixture, "renderers: --show-sensitive renders the inner diff",
                 "[renderers][opentofu]") {
  const Diff diff{.renderer = Sensitive(Diff{.renderer = Primitive(Str("a"), Str("b"), kString), .action = kUpdate},
                                        true, true),
                  .action = kUpdate};
  RenderOpts show;
  show.show_sensitive = true;
  CHECK_RENDERS(diff, R"x((sensitive value))x");
  CHECK_RENDERS_WITH(diff, show, R"x("a" -> "b")x");
  CHECK(RenderAs(TerraformFlavor(), diff, show) == R"x("a" -> "b")x");
  // Nested values keep it (it cascades through Clone).
  const Diff list{.renderer = List({diff}), .action = kUpdate};
  CHECK_RENDERS_WITH(list, show, R"x(
[
      ~ "a" -> "b",
    ]
)x");
}

}  // namespace
}  // namespace tfstream::render::renderers::testing
