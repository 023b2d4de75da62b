// render/state/state_sections.h: a state resource block's first lines (the
// blank lines between blocks, deposed before tainted, managed or data, the
// type and name quoted as Go's %q quotes them) and an output's name. (Whole
// states: the state corpus.)
#include "render/state/state_sections.h"

#include <catch2/catch.hpp>
#include <string>

namespace {

using tfstream::render::state::AppendOutputName;
using tfstream::render::state::AppendResourceHeading;
using tfstream::render::state::ResourceHeading;
using tfstream::render::text::GoUnicode;

std::string Heading(const ResourceHeading& h, GoUnicode unicode = GoUnicode::k15) {
  std::string out = "before|";
  AppendResourceHeading(h, unicode, &out);
  return out;
}

}  // namespace

TEST_CASE("state heading: a managed resource, no blank line before the first", "[state_sections]") {
  ResourceHeading h;
  h.address = "aws_instance.web";
  h.type = "aws_instance";
  h.name = "web";
  CHECK(Heading(h) == "before|# aws_instance.web:\nresource \"aws_instance\" \"web\" ");
}

TEST_CASE("state heading: blank lines, a data source", "[state_sections]") {
  ResourceHeading h;
  h.blank_lines = 2;
  h.address = "data.x.y";
  h.type = "x";
  h.name = "y";
  h.managed = false;
  CHECK(Heading(h) == "before|\n\n# data.x.y:\ndata \"x\" \"y\" ");
}

TEST_CASE("state heading: a deposed key wins over tainted", "[state_sections]") {
  ResourceHeading h;
  h.address = "t.a";
  h.type = "t";
  h.name = "a";
  h.tainted = true;
  CHECK(Heading(h) == "before|# t.a: (tainted)\nresource \"t\" \"a\" ");
  h.deposed_key = "00aa";
  CHECK(Heading(h) == "before|# t.a: (deposed object 00aa)\nresource \"t\" \"a\" ");
}

TEST_CASE("state heading: type and name quoted by Go's %q, the address as it is", "[state_sections]") {
  ResourceHeading h;
  h.address = "t.\"q\"";
  h.type = "t\x01";
  h.name = "n\"\\\n";
  CHECK(Heading(h) == "before|# t.\"q\":\nresource \"t\\x01\" \"n\\\"\\\\\\n\" ");
}

TEST_CASE("state output: the name, then ' = '", "[state_sections]") {
  std::string out;
  AppendOutputName("endpoint", &out);
  CHECK(out == "endpoint = ");
}
