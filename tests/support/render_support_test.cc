#include "support/render_support.h"

#include <catch2/catch.hpp>

using tfstream::testing::RenderAttribute;
using tfstream::testing::RenderOutput;
using tfstream::testing::RenderResourceBlock;

TEST_CASE("render support renders a resource block through the differ", "[support]") {
  std::string got = RenderResourceBlock(
      R"({"address":"test_instance.example","mode":"managed","type":"test_instance","name":"example",
          "change":{"actions":["update"],"before":{"id":"i-1","ami":"a"},"after":{"id":"i-1","ami":"b"},
                    "after_unknown":{},"before_sensitive":{},"after_sensitive":{}}})",
      R"({"attributes":{"id":{"type":"string"},"ami":{"type":"string"}}})");
  CHECK(got ==
        "  # test_instance.example will be updated in-place\n"
        "  ~ resource \"test_instance\" \"example\" {\n"
        "      ~ ami = \"a\" -> \"b\"\n"
        "        id  = \"i-1\"\n"
        "    }");
}

TEST_CASE("render support renders a single attribute and an output", "[support]") {
  CHECK(RenderAttribute(R"({"before":["a"],"after":["a","b"]})", R"({"type":["list","string"]})") ==
        "[\n        \"a\",\n      + \"b\",\n    ]");
  CHECK(RenderOutput(R"({"before":1,"after":2})") == "1 -> 2");
}
