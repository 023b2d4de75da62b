// Ported from TestRenderers_Human, renderer_test.go
// (internal/command/jsonformat/computed/renderers @883c722): the primitive renderer: numbers,
// bools, quoted strings, heredocs and jsonencode() diffs (the primitive_* cases and
// json_string_no_symbols).
// Each TEST_CASE is named after its Go case. Inputs are built straight from
// renderers; the expected text is Terraform's, copied verbatim and compared
// after strings.TrimSpace, with colour off, as the Go test does.
#include "render/renderers/renderer_fixture.h"

namespace tfstream::render::renderers::testing {
namespace {

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_create_string", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Str("null"), kString), .action = kCreate};
  CHECK_RENDERS(diff, R"x("null")x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_delete_string", "[renderers]") {
  const Diff diff{.renderer = Primitive(Str("null"), nullptr, kString), .action = kDelete};
  CHECK_RENDERS(diff, R"x("null" -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_string_to_null", "[renderers]") {
  const Diff diff{.renderer = Primitive(Str("null"), nullptr, kString), .action = kUpdate};
  CHECK_RENDERS(diff, R"x("null" -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_string_from_null", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Str("null"), kString), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(null -> "null")x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_multiline_string_to_null",
                 "[renderers]") {
  const Diff diff{.renderer = Primitive(Str("nu\nll"), nullptr, kString), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
<<-EOT
      - nu
      - ll
      + null
    EOT
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_multiline_string_from_null",
                 "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Str("nu\nll"), kString), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
<<-EOT
      - null
      + nu
      + ll
    EOT
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_json_string_to_null",
                 "[renderers]") {
  const Diff diff{.renderer = Primitive(Str("[null]"), nullptr, kString), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
jsonencode(
        [
          - null,
        ]
    ) -> null
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_json_string_from_null",
                 "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Str("[null]"), kString), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
null -> jsonencode(
        [
          + null,
        ]
    )
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_create_fake_json", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Str("[\"hello\"] and some more"), kString),
                  .action = kCreate};
  CHECK_RENDERS(diff, R"x("[\"hello\"] and some more")x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_create_null_string", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, nullptr, kString), .action = kCreate};
  CHECK_RENDERS(diff, R"x(null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_delete_null_string", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, nullptr, kString), .action = kDelete};
  CHECK_RENDERS(diff, R"x(null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_create", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kCreate};
  CHECK_RENDERS(diff, R"x(1)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_delete", "[renderers]") {
  const Diff diff{.renderer = Primitive(Num("1"), nullptr, kNumber), .action = kDelete};
  CHECK_RENDERS(diff, R"x(1 -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_delete_override", "[renderers]") {
  const Diff diff{.renderer = Primitive(Num("1"), nullptr, kNumber), .action = kDelete};
  CHECK_RENDERS_WITH(diff, (RenderOpts{.override_null_suffix = true}), R"x(1)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_to_null", "[renderers]") {
  const Diff diff{.renderer = Primitive(Num("1"), nullptr, kNumber), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(1 -> null)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_from_null", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Num("1"), kNumber), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(null -> 1)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update", "[renderers]") {
  const Diff diff{.renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate};
  CHECK_RENDERS(diff, R"x(0 -> 1)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_long_float", "[renderers]") {
  const Diff diff{.renderer = Primitive(Num("123456789"), Num("987654321"), kNumber),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(123456789 -> 987654321)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_long_float_with_decimals",
                 "[renderers]") {
  const Diff diff{.renderer = Primitive(Num("1.23456789"), Num("9.87654321"), kNumber),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(1.23456789 -> 9.87654321)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_create_very_long_float", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Num("9223372036854773256"), kNumber),
                  .action = kCreate};
  CHECK_RENDERS(diff, R"x(9223372036854773256)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_update_replace", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Num("0"), Num("1"), kNumber), .action = kUpdate, .replace = true};
  CHECK_RENDERS(diff, R"x(0 -> 1 # forces replacement)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_multiline_string_create", "[renderers]") {
  const Diff diff{.renderer = Primitive(nullptr, Str("hello\nworld"), kString), .action = kCreate};
  CHECK_RENDERS(diff, R"x(
<<-EOT
        hello
        world
    EOT
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_multiline_string_delete", "[renderers]") {
  const Diff diff{.renderer = Primitive(Str("hello\nworld"), nullptr, kString), .action = kDelete};
  CHECK_RENDERS(diff, R"x(
<<-EOT
        hello
        world
    EOT -> null
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_multiline_string_update", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Str("hello\nold\nworld"), Str("hello\nnew\nworld"), kString),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
<<-EOT
        hello
      - old
      + new
        world
    EOT
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_json_string_create", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(nullptr, Str("{\"key_one\": \"value_one\",\"key_two\":\"value_two\"}"),
                            kString),
      .action = kCreate};
  CHECK_RENDERS(diff, R"x(
jsonencode(
        {
          + key_one = "value_one"
          + key_two = "value_two"
        }
    )
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_json_string_delete", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Str("{\"key_one\": \"value_one\",\"key_two\":\"value_two\"}"), nullptr,
                            kString),
      .action = kDelete};
  CHECK_RENDERS(diff, R"x(
jsonencode(
        {
          - key_one = "value_one"
          - key_two = "value_two"
        }
    ) -> null
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_json_string_update", "[renderers]") {
  const Diff diff{.renderer = Primitive(
                      Str("{\"key_one\": \"value_one\",\"key_two\":\"value_two\"}"),
                      Str("{\"key_one\": "
                          "\"value_one\",\"key_two\":\"value_two\",\"key_three\":\"value_three\"}"),
                      kString),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
jsonencode(
      ~ {
          + key_three = "value_three"
            # (2 unchanged attributes hidden)
        }
    )
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_json_explicit_nulls", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Str("{\"key_one\":\"value_one\",\"key_two\":\"value_two\"}"),
                            Str("{\"key_one\":null}"), kString),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
jsonencode(
      ~ {
          ~ key_one = "value_one" -> null
          - key_two = "value_two"
        }
    )
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_fake_json_string_update", "[renderers]") {
  const Diff diff{.renderer = Primitive(
                      Str("{\"key_one\": \"value_one\",\"key_two\":\"value_two\""),
                      Str("{\"key_one\": "
                          "\"value_one\",\"key_two\":\"value_two\",\"key_three\":\"value_three\""),
                      kString),
                  .action = kUpdate};
  CHECK_RENDERS(
      diff,
      R"x("{\"key_one\": \"value_one\",\"key_two\":\"value_two\"" -> "{\"key_one\": \"value_one\",\"key_two\":\"value_two\",\"key_three\":\"value_three\"")x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_multiline_to_json_update", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Str("hello\nworld"),
                            Str("{\"key_one\": \"value_one\",\"key_two\":\"value_two\"}"), kString),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
<<-EOT
        hello
        world
    EOT -> jsonencode(
        {
          + key_one = "value_one"
          + key_two = "value_two"
        }
    )
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_json_to_multiline_update", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Str("{\"key_one\": \"value_one\",\"key_two\":\"value_two\"}"),
                            Str("hello\nworld"), kString),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
jsonencode(
        {
          - key_one = "value_one"
          - key_two = "value_two"
        }
    ) -> <<-EOT
        hello
        world
    EOT
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_json_to_string_update", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Str("{\"key_one\": \"value_one\",\"key_two\":\"value_two\"}"),
                            Str("hello world"), kString),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
jsonencode(
        {
          - key_one = "value_one"
          - key_two = "value_two"
        }
    ) -> "hello world"
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_string_to_json_update", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Str("hello world"),
                            Str("{\"key_one\": \"value_one\",\"key_two\":\"value_two\"}"), kString),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
"hello world" -> jsonencode(
        {
          + key_one = "value_one"
          + key_two = "value_two"
        }
    )
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_multi_to_single_update", "[renderers]") {
  const Diff diff{.renderer = Primitive(Str("hello\nworld"), Str("hello world"), kString),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
<<-EOT
      - hello
      - world
      + hello world
    EOT
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: primitive_single_to_multi_update", "[renderers]") {
  const Diff diff{.renderer = Primitive(Str("hello world"), Str("hello\nworld"), kString),
                  .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
<<-EOT
      - hello world
      + hello
      + world
    EOT
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: json_string_no_symbols", "[renderers]") {
  const Diff diff{
      .renderer = Primitive(Str("{\"key\":\"value\"}"), Str("{\"key\":\"value\"}"), kString),
      .action = kNoOp};
  CHECK_RENDERS_WITH(
      diff, (RenderOpts{.show_unchanged_children = true, .hide_diff_action_symbols = true}), R"x(
jsonencode(
    {
        key = "value"
    }
)
)x");
}

}  // namespace
}  // namespace tfstream::render::renderers::testing
