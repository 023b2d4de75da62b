#include "render/text/go_json_indent.h"

#include <catch2/catch.hpp>

using tfstream::render::text::GoJsonIndent;

// Expected texts are what Go's json.Indent(dst, src, prefix, indent) gives.
TEST_CASE("GoJsonIndent reproduces json.Indent", "[go_json_indent]") {
  CHECK(GoJsonIndent("null", "# ", "  ") == "null");
  CHECK(GoJsonIndent("\"a b\"", "# ", "  ") == "\"a b\"");
  CHECK(GoJsonIndent("{}", "# ", "  ") == "{}");
  CHECK(GoJsonIndent("[ ]", "# ", "  ") == "[]");
  CHECK(GoJsonIndent("{\"a\":1}", "# ", "  ") == "{\n#   \"a\": 1\n# }");
  CHECK(GoJsonIndent(" { \"a\" : [ 1 , { } , [ ] , true ] , \"b\\\"{,:\" : \"x, y: [z]\" } ", ">", "\t") ==
        "{\n>\t\"a\": [\n>\t\t1,\n>\t\t{},\n>\t\t[],\n>\t\ttrue\n>\t],\n>\t\"b\\\"{,:\": \"x, y: [z]\"\n>}");
  CHECK(GoJsonIndent("[[1],{\"k\":{\"l\":null}}]", "", " ") == "[\n [\n  1\n ],\n {\n  \"k\": {\n   \"l\": null\n  }\n }\n]");
}
