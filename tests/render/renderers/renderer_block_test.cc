// Ported from TestRenderers_Human, renderer_test.go
// (internal/command/jsonformat/computed/renderers @883c722): the block renderer: attributes,
// single, list, set and map nested blocks, sensitive blocks (the *_block* cases). Each TEST_CASE is
// named after its Go case. Inputs are built straight from renderers; the expected text is
// Terraform's, copied verbatim and compared after strings.TrimSpace, with colour off, as the Go
// test does.
#include "render/renderers/renderer_fixture.h"

namespace tfstream::render::renderers::testing {
namespace {

TEST_CASE_METHOD(RendererFixture, "renderers: create_empty_block", "[renderers]") {
  const Diff diff{.renderer = Block({}, {}), .action = kCreate};
  CHECK_RENDERS(diff, R"x({})x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: create_populated_block", "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {{"string",
            Diff{.renderer = Primitive(nullptr, Str("root"), kString), .action = kCreate}},
           {"boolean", Diff{.renderer = Primitive(nullptr, Bool(true), kBool), .action = kCreate}}},
          {SingleBlock("nested_block",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   nullptr, Str("one"), kString),
                                                               .action = kCreate}}},
                                              {}),
                            .action = kCreate}),
           SingleBlock("nested_block_two",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   nullptr, Str("two"), kString),
                                                               .action = kCreate}}},
                                              {}),
                            .action = kCreate})}),
      .action = kCreate};
  CHECK_RENDERS(diff, R"x(
{
      + boolean = true
      + string  = "root"

      + nested_block {
          + string = "one"
        }

      + nested_block_two {
          + string = "two"
        }
    })x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: update_empty_block", "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {{"string",
            Diff{.renderer = Primitive(nullptr, Str("root"), kString), .action = kCreate}},
           {"boolean", Diff{.renderer = Primitive(nullptr, Bool(true), kBool), .action = kCreate}}},
          {SingleBlock("nested_block",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   nullptr, Str("one"), kString),
                                                               .action = kCreate}}},
                                              {}),
                            .action = kCreate}),
           SingleBlock("nested_block_two",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   nullptr, Str("two"), kString),
                                                               .action = kCreate}}},
                                              {}),
                            .action = kCreate})}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      + boolean = true
      + string  = "root"

      + nested_block {
          + string = "one"
        }

      + nested_block_two {
          + string = "two"
        }
    })x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: update_populated_block", "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {{"string",
            Diff{.renderer = Primitive(nullptr, Str("root"), kString), .action = kCreate}},
           {"boolean",
            Diff{.renderer = Primitive(Bool(false), Bool(true), kBool), .action = kUpdate}}},
          {SingleBlock("nested_block",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   nullptr, Str("one"), kString),
                                                               .action = kNoOp}}},
                                              {}),
                            .action = kNoOp}),
           SingleBlock("nested_block_two",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   nullptr, Str("two"), kString),
                                                               .action = kCreate}}},
                                              {}),
                            .action = kCreate})}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ boolean = false -> true
      + string  = "root"

      + nested_block_two {
          + string = "two"
        }

        # (1 unchanged block hidden)
    })x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: clear_populated_block", "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {{"string",
            Diff{.renderer = Primitive(Str("root"), nullptr, kString), .action = kDelete}},
           {"boolean", Diff{.renderer = Primitive(Bool(true), nullptr, kBool), .action = kDelete}}},
          {SingleBlock("nested_block",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   Str("one"), nullptr, kString),
                                                               .action = kDelete}}},
                                              {}),
                            .action = kDelete}),
           SingleBlock("nested_block_two",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   Str("two"), nullptr, kString),
                                                               .action = kDelete}}},
                                              {}),
                            .action = kDelete})}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      - boolean = true -> null
      - string  = "root" -> null

      - nested_block {
          - string = "one" -> null
        }

      - nested_block_two {
          - string = "two" -> null
        }
    })x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: delete_populated_block", "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {{"string",
            Diff{.renderer = Primitive(Str("root"), nullptr, kString), .action = kDelete}},
           {"boolean", Diff{.renderer = Primitive(Bool(true), nullptr, kBool), .action = kDelete}}},
          {SingleBlock("nested_block",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   Str("one"), nullptr, kString),
                                                               .action = kDelete}}},
                                              {}),
                            .action = kDelete}),
           SingleBlock("nested_block_two",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   Str("two"), nullptr, kString),
                                                               .action = kDelete}}},
                                              {}),
                            .action = kDelete})}),
      .action = kDelete};
  CHECK_RENDERS(diff, R"x(
{
      - boolean = true -> null
      - string  = "root" -> null

      - nested_block {
          - string = "one" -> null
        }

      - nested_block_two {
          - string = "two" -> null
        }
    })x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: list_block_update", "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {}, {ListBlocks(
                  "list_blocks",
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
                        .action = kUpdate}})})};
  CHECK_RENDERS(diff, R"x(
{
      ~ list_blocks {
          ~ number = 1 -> 2
          + string = "new"
        }
      ~ list_blocks {
          - number = 1 -> null
          ~ string = "old" -> "new"
        }
    })x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: set_block_update", "[renderers]") {
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
                        .action = kUpdate}})})};
  CHECK_RENDERS(diff, R"x(
{
      ~ set_blocks {
          ~ number = 1 -> 2
          + string = "new"
        }
      ~ set_blocks {
          - number = 1 -> null
          ~ string = "old" -> "new"
        }
    })x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: map_block_update", "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {},
          {MapBlocks(
              "list_blocks",
              {{"key_one",
                Diff{.renderer = Block(
                         {{"number", Diff{.renderer = Primitive(Num("1"), Num("2"), kNumber),
                                          .action = kUpdate}},
                          {"string", Diff{.renderer = Primitive(nullptr, Str("new"), kString),
                                          .action = kCreate}}},
                         {}),
                     .action = kUpdate}},
               {"key:two",
                Diff{.renderer = Block(
                         {{"number", Diff{.renderer = Primitive(Num("1"), nullptr, kNumber),
                                          .action = kDelete}},
                          {"string", Diff{.renderer = Primitive(Str("old"), Str("new"), kString),
                                          .action = kUpdate}}},
                         {}),
                     .action = kUpdate}}})})};
  CHECK_RENDERS(diff, R"x(
{
      ~ list_blocks "key:two" {
          - number = 1 -> null
          ~ string = "old" -> "new"
        }
      ~ list_blocks "key_one" {
          ~ number = 1 -> 2
          + string = "new"
        }
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: sensitive_block", "[renderers]") {
  const Diff diff{
      .renderer = SensitiveBlock(Diff{.renderer = Block({}, {}), .action = kNoOp}, true, true),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      # At least one attribute in this block is (or was) sensitive,
      # so its contents will not be displayed.
    }
)x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: delete_empty_block", "[renderers]") {
  const Diff diff{.renderer = Block({}, {}), .action = kDelete};
  CHECK_RENDERS(diff, R"x({})x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: block_escapes_keys", "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {{"attribute_one",
            Diff{.renderer = Primitive(Num("1"), Num("2"), kNumber), .action = kUpdate}},
           {"attribute:two",
            Diff{.renderer = Primitive(Num("2"), Num("3"), kNumber), .action = kUpdate}},
           {"attribute_six",
            Diff{.renderer = Primitive(Num("3"), Num("4"), kNumber), .action = kUpdate}}},
          {SingleBlock(
               "nested_block:one",
               Diff{.renderer = Block(
                        {{"string", Diff{.renderer = Primitive(Str("one"), Str("four"), kString),
                                         .action = kUpdate}}},
                        {}),
                    .action = kUpdate}),
           SingleBlock(
               "nested_block_two",
               Diff{.renderer = Block(
                        {{"string", Diff{.renderer = Primitive(Str("two"), Str("three"), kString),
                                         .action = kUpdate}}},
                        {}),
                    .action = kUpdate})}),
      .action = kUpdate};
  CHECK_RENDERS(diff, R"x(
{
      ~ "attribute:two" = 2 -> 3
      ~ attribute_one   = 1 -> 2
      ~ attribute_six   = 3 -> 4

      ~ "nested_block:one" {
          ~ string = "one" -> "four"
        }

      ~ nested_block_two {
          ~ string = "two" -> "three"
        }
    })x");
}

TEST_CASE_METHOD(RendererFixture, "renderers: block_always_includes_important_attributes",
                 "[renderers]") {
  const Diff diff{
      .renderer = Block(
          {{"id", Diff{.renderer = Primitive(Str("root"), Str("root"), kString), .action = kNoOp}},
           {"boolean",
            Diff{.renderer = Primitive(Bool(false), Bool(false), kBool), .action = kNoOp}}},
          {SingleBlock("nested_block",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   Str("one"), Str("one"), kString),
                                                               .action = kNoOp}}},
                                              {}),
                            .action = kNoOp}),
           SingleBlock("nested_block_two",
                       Diff{.renderer = Block({{"string", Diff{.renderer = Primitive(
                                                                   Str("two"), Str("two"), kString),
                                                               .action = kNoOp}}},
                                              {}),
                            .action = kNoOp})}),
      .action = kNoOp};
  CHECK_RENDERS(diff, R"x(
{
        id      = "root"
        # (1 unchanged attribute hidden)

        # (2 unchanged blocks hidden)
    })x");
}

}  // namespace
}  // namespace tfstream::render::renderers::testing
