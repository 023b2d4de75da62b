// The unchanged-value renderer against the general path (ComputeDiffForBlock
// and Diff::RenderHuman) on hand-made blocks: the same bytes where it takes a
// block, and giving up (nothing written) where it must.
#include "render/unchanged/unchanged_block.h"

#include <catch2/catch.hpp>

#include <string>

#include "base/flavor.h"
#include "buffer/arena.h"
#include "render/computed/palette.h"
#include "render/differ/differ.h"
#include "render/structured/change.h"
#include "render/text/colorize.h"
#include "stream/json_document.h"
#include "stream/schema_store.h"

namespace tfstream::render::unchanged {
namespace {

constexpr std::string_view kSchema = R"({
  "attributes": {
    "id": {"type": "string", "computed": true},
    "name": {"type": "string", "optional": true},
    "count": {"type": "number", "optional": true},
    "enabled": {"type": "bool", "optional": true},
    "empty": {"type": "string", "optional": true},
    "tags": {"type": ["map", "string"], "optional": true},
    "ports": {"type": ["list", "number"], "optional": true},
    "zones": {"type": ["set", "string"], "optional": true},
    "policy": {"type": "string", "optional": true},
    "script": {"type": "string", "optional": true},
    "password": {"type": "string", "optional": true, "sensitive": true},
    "settings": {"type": ["object", {"a": "string", "b": ["list", "string"]}], "optional": true},
    "rules": {"type": ["list", ["object", {"from": "number", "to": "number"}]], "optional": true},
    "dyn": {"type": "dynamic", "optional": true},
    "nested": {"nested_type": {"nesting_mode": "list", "attributes": {
      "key": {"type": "string", "optional": true}, "value": {"type": "string", "optional": true}}}, "optional": true},
    "nested_map": {"nested_type": {"nesting_mode": "map", "attributes": {
      "key": {"type": "string", "optional": true}}}, "optional": true},
    "odd name": {"type": "string", "optional": true}
  },
  "block_types": {
    "disk": {"nesting_mode": "list", "block": {"attributes": {"size": {"type": "number", "optional": true}},
      "block_types": {"tag": {"nesting_mode": "set", "block": {"attributes": {"k": {"type": "string", "optional": true}}}}}}},
    "lifecycle": {"nesting_mode": "single", "block": {"attributes": {"keep": {"type": "bool", "optional": true}}}},
    "named": {"nesting_mode": "map", "block": {"attributes": {"v": {"type": "string", "optional": true}}}}
  }
})";

struct Rendered {
  bool fast = false;
  std::string fast_text, general_text, error;
};

Rendered Render(std::string_view values_json, std::string_view sensitive_json, const Flavor& flavor = TerraformFlavor(),
                std::string_view schema_json = kSchema) {
  buffer::Arena arena;
  std::string error;
  text::Colorize colorize(false);
  Palette palette(colorize, flavor, false);
  const stream::JsonValue* schema = nullptr;
  REQUIRE(stream::ParseGoJson(schema_json, &arena, &schema));
  const stream::Block* block = nullptr;
  REQUIRE(stream::DecodeBlock(schema, &arena, &block).ok());
  const stream::JsonValue* values = nullptr;
  const stream::JsonValue* sensitive = nullptr;
  REQUIRE(stream::ParseGoJson(values_json, &arena, &values));
  REQUIRE(stream::ParseGoJson(sensitive_json, &arena, &sensitive));
  RenderOpts opts;
  opts.flavor = &flavor;
  opts.palette = &palette;
  opts.arena = &arena;
  opts.error = &error;
  opts.show_unchanged_children = true;
  opts.hide_diff_action_symbols = true;
  DiffContext ctx{&arena, &error, &flavor};
  Rendered r;
  r.fast_text = "prefix ";
  r.fast = RenderUnchangedBlock(values, sensitive, *block, 0, opts, ctx, &r.fast_text);
  r.error = error;
  structured::Change change;
  change.before = change.after = values;
  change.before_sensitive = change.after_sensitive = sensitive;
  error.clear();
  Diff d = differ::ComputeDiffForBlock(change, *block, ctx);
  r.general_text = "prefix ";
  d.RenderHuman(0, opts, &r.general_text);
  return r;
}

constexpr std::string_view kValues = R"({
  "id": "i-1", "name": "web", "count": 3, "enabled": true, "empty": "",
  "tags": {"Name": "web", "a b": "c"}, "ports": [80, 443], "zones": ["a", "b"],
  "policy": "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\"}]}",
  "script": "#!/bin/sh\necho hi\n", "password": "hunter2",
  "settings": {"a": "x", "b": ["y", "z"]}, "rules": [{"from": 1, "to": 2}],
  "dyn": {"k": [1, "two", null]},
  "nested": [{"key": "k1", "value": "v1"}, {"key": "k2"}],
  "nested_map": {"one": {"key": "x"}},
  "odd name": "q",
  "disk": [{"size": 10, "tag": [{"k": "a"}, {"k": "b"}]}, {"size": 20, "tag": []}],
  "lifecycle": {"keep": false},
  "named": {"first": {"v": "1"}, "second": {"v": "2"}}
})";

TEST_CASE("unchanged block: the same bytes as the general path", "[unchanged]") {
  for (const Flavor* flavor : {&TerraformFlavor(), &OpenTofuFlavor()}) {
    INFO("flavor " << flavor->name);
    Rendered r = Render(kValues, R"({"password": true, "tags": {}, "disk": [{"tag": [{}, {}]}, {}]})", *flavor);
    CHECK(r.fast);
    CHECK(r.error.empty());
    CHECK(r.fast_text == r.general_text);
    CHECK(r.fast_text.find("(sensitive value)") != std::string::npos);
  }
}

TEST_CASE("unchanged block: a sensitive element inside a list and a map", "[unchanged]") {
  Rendered r = Render(R"({"ports": [1, 2], "tags": {"a": "b", "c": "d"}})", R"({"ports": [false, true], "tags": {"c": true}})");
  CHECK(r.fast);
  CHECK(r.fast_text == r.general_text);
}

TEST_CASE("unchanged block: empty and null values", "[unchanged]") {
  for (std::string_view values : {R"({})", R"({"tags": {}, "ports": [], "disk": [], "named": {}})",
                                  R"({"id": null, "ports": [null, 1], "settings": {"a": null}})"}) {
    INFO(values);
    Rendered r = Render(values, "null");
    CHECK(r.fast);
    CHECK(r.fast_text == r.general_text);
  }
}

TEST_CASE("unchanged block: what it leaves to the general path", "[unchanged]") {
  struct Case {
    std::string_view values, sensitive;
  };
  for (const Case& c : {
           Case{R"({"id": "x"})", "true"},                          // the whole block sensitive
           Case{R"({"id": "x", "unknown_member": 1})", "null"},     // a member the schema lacks
           Case{R"({"zones": ["a", "a"]})", "null"},                // a set with duplicates
           Case{R"({"ports": "not a list"})", "null"},              // a value of another kind
           Case{R"({"disk": [null]})", "null"},                     // a null nested block
           Case{R"({"lifecycle": {"keep": true}})", R"({"lifecycle": true})"},  // a sensitive block
       }) {
    INFO(c.values << " / " << c.sensitive);
    Rendered r = Render(c.values, c.sensitive);
    CHECK_FALSE(r.fast);
    CHECK(r.fast_text == "prefix ");  // nothing left behind
    CHECK(r.error.empty());
  }
}

TEST_CASE("unchanged block: write-only attributes go to the general path", "[unchanged]") {
  constexpr std::string_view kWriteOnly = R"({"attributes": {"secret": {"type": "string", "optional": true, "write_only": true},
                                              "id": {"type": "string", "computed": true}}})";
  Rendered r = Render(R"({"id": "x"})", "null", TerraformFlavor(), kWriteOnly);
  CHECK_FALSE(r.fast);
}

TEST_CASE("unchanged block: heredocs, quoted map keys and JSON strings written here", "[unchanged]") {
  for (const Flavor* flavor : {&TerraformFlavor(), &OpenTofuFlavor()}) {
    INFO("flavor " << flavor->name);
    for (std::string_view values : {
             // Heredocs: trailing and leading space trimmed (strings.TrimSpace), blank and
             // indented lines, one that trims to nothing, and lines inside a list and a map.
             R"({"script": "  \n  a\n\n\tb  \n\u00a0"})", R"({"script": "x\n"})", R"({"script": " \n "})",
             R"({"zones": ["one\ntwo", "three"], "tags": {"k": "l1\nl2", "k2": "v"}})",
             R"({"settings": {"a": "p\nq", "b": ["r\ns"]}})",
             // Map keys: plain, needing escapes ("\"", "\\", control, non-ASCII), and padded.
             R"({"tags": {"plain": "1", "with \"quote\"": "2", "back\\slash": "3", "tab\there": "4", "é": "5", "": "6"}})",
             R"({"named": {"a\"b": {"v": "1"}, "plain": {"v": "2"}}})",
             R"({"nested_map": {"x y": {"key": "1"}, "é\u0001": {"key": "2"}}})",
             // Attribute names that are no plain identifiers, next to plain ones.
             R"({"id": "a", "odd name": "b", "name": "c"})",
             // A string holding JSON, one that only looks like it, and a heredoc inside JSON.
             R"({"policy": "{\"b\":\"x\\ny\",\"a\":[1,{\"k:v\":true}]}", "name": "[not json"})",
         }) {
      INFO(values);
      Rendered r = Render(values, "null", *flavor);
      CHECK(r.fast);
      CHECK(r.error.empty());
      CHECK(r.fast_text == r.general_text);
    }
  }
}

TEST_CASE("unchanged block: sensitive marks beside the members written here", "[unchanged]") {
  // Marks on some attributes only (the walk over them skips the others), on
  // map keys, on list elements and inside nested blocks.
  Rendered r = Render(
      R"({"count": 1, "enabled": true, "id": "x", "name": "n", "password": "p", "tags": {"a": "1", "b": "2", "c": "3"},
          "ports": [1, 2, 3], "disk": [{"size": 5, "tag": [{"k": "z"}]}]})",
      R"({"enabled": true, "password": true, "tags": {"b": true}, "ports": [false, true], "disk": [{"size": true}]})");
  CHECK(r.fast);
  CHECK(r.fast_text == r.general_text);
  CHECK(r.fast_text.find("(sensitive value)") != std::string::npos);
}

TEST_CASE("unchanged block: a sensitive block group, present or null, goes to the general path", "[unchanged]") {
  for (std::string_view values : {R"({"id": "x", "disk": [{"size": 1}]})", R"({"id": "x", "disk": null})", R"({"id": "x"})"}) {
    INFO(values);
    Rendered r = Render(values, R"({"disk": true})");
    CHECK_FALSE(r.fast);
    CHECK(r.fast_text == "prefix ");
  }
}

TEST_CASE("unchanged block: block types and attributes whose names are no identifiers", "[unchanged]") {
  // The block type's name is %q-quoted on its header line, as attribute
  // names are on theirs (in place, or with escapes).
  constexpr std::string_view kOdd = R"({"attributes": {"-dash": {"type": "string", "optional": true},
      "a\"q": {"type": "string", "optional": true}, "ok": {"type": "string", "optional": true}},
      "block_types": {"-leading-dash": {"nesting_mode": "list", "block": {"attributes": {"x": {"type": "number", "optional": true}}}},
        "with\\slash": {"nesting_mode": "map", "block": {"attributes": {"y": {"type": "bool", "optional": true}}}},
        "日本": {"nesting_mode": "single", "block": {"attributes": {"z": {"type": "string", "optional": true}}}}}})";
  for (const Flavor* flavor : {&TerraformFlavor(), &OpenTofuFlavor()}) {
    INFO("flavor " << flavor->name);
    Rendered r = Render(R"({"-dash": "d", "a\"q": "q", "ok": "o", "-leading-dash": [{"x": 1}, {"x": 2}],
        "with\\slash": {"k": {"y": true}}, "日本": {"z": "zz"}})", "null", *flavor, kOdd);
    CHECK(r.fast);
    CHECK(r.fast_text == r.general_text);
    CHECK(r.fast_text.find("\"-leading-dash\" {") != std::string::npos);
  }
}

TEST_CASE("unchanged block: a name both an attribute and a block type goes to the general path", "[unchanged]") {
  constexpr std::string_view kClash = R"({"attributes": {"x": {"type": "string", "optional": true}},
      "block_types": {"x": {"nesting_mode": "single", "block": {"attributes": {}}}}})";
  Rendered r = Render(R"({"x": "v"})", "null", TerraformFlavor(), kClash);
  CHECK_FALSE(r.fast);
  CHECK(r.fast_text == "prefix ");
}

TEST_CASE("unchanged block: null members the schema lacks are ignored, non-null ones are not", "[unchanged]") {
  Rendered ignored = Render(R"({"aaa": null, "id": "x", "zzz": null})", "null");
  CHECK(ignored.fast);
  CHECK(ignored.fast_text == ignored.general_text);
  Rendered object = Render(R"({"settings": {"a": "x", "extra": null}})", "null");
  CHECK(object.fast);
  CHECK(object.fast_text == object.general_text);
  Rendered not_ignored = Render(R"({"settings": {"a": "x", "extra": 1}})", "null");
  CHECK_FALSE(not_ignored.fast);
}

TEST_CASE("unchanged block: long map keys with one byte %q escapes, at every place", "[unchanged]") {
  // Keys of 8 bytes and more are checked eight bytes at a time: one byte
  // that needs an escape at each position of a 17-byte key, and the bytes
  // either side of each range %q leaves as they are.
  for (const char* special : {"\\\"", "\\\\", "\\u001f", "\\u007f", "\\u0000", "\\t", "é", " ", "~", "!", "#", "[", "]"}) {
    for (size_t at = 0; at <= 16; ++at) {
      std::string key(16, 'k');
      key.insert(at, special);
      const std::string values = R"({"tags": {")" + key + R"(": "v", "short": "w"}, "named": {")" + key + R"(": {"v": "x"}}})";
      INFO(values);
      Rendered r = Render(values, "null");
      CHECK(r.fast);
      CHECK(r.fast_text == r.general_text);
    }
  }
}

TEST_CASE("unchanged block: sets with equal elements go to the general path, sets without are written", "[unchanged]") {
  // Small sets are compared pair by pair, larger ones by hashes.
  for (std::string_view values : {R"({"zones": ["a", "b", "c"]})", R"({"disk": [{"size": 1, "tag": [{"k": "a"}, {"k": "b"}]}]})",
                                  R"({"zones": ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]})"}) {
    INFO(values);
    Rendered r = Render(values, "null");
    CHECK(r.fast);
    CHECK(r.fast_text == r.general_text);
  }
  for (std::string_view values : {R"({"zones": ["a", "b", "a"]})", R"({"disk": [{"size": 1, "tag": [{"k": "a"}, {"k": "a"}]}]})",
                                  R"({"zones": ["1", "2", "3", "4", "5", "6", "7", "8", "9", "1"]})"}) {
    INFO(values);
    Rendered r = Render(values, "null");
    CHECK_FALSE(r.fast);
  }
}

}  // namespace
}  // namespace tfstream::render::unchanged

namespace tfstream::render::unchanged {
namespace {

// A string holding JSON, written at several indents and again in later
// rounds: the same bytes as the general path every time.
TEST_CASE("unchanged block: a JSON string written again at other indents", "[unchanged]") {
  constexpr std::string_view kJsonSchema = R"({
    "attributes": {
      "policy": {"type": "string", "optional": true},
      "docs": {"type": ["map", "string"], "optional": true}
    },
    "block_types": {
      "inner": {"nesting_mode": "list", "block": {"attributes": {
        "policy": {"type": "string", "optional": true},
        "docs": {"type": ["map", "string"], "optional": true}}}}
    }
  })";
  // A document with nesting, a key no identifier, an empty array and
  // object, a null, and a string of several lines (a heredoc inside, its
  // lines starting with spaces, one of them blank).
  const std::string doc =
      R"("{\"b\":[1,{\"x y\":\"z\",\"n\":null}],\"a\":{\"deep\":{\"deeper\":[\"s\"]}},\"e\":[],\"o\":{},)"
      R"(\"text\":\"line one\\n   indented\\n\\n  last\"}")";
  const std::string values = R"({"policy": )" + doc + R"(, "docs": {"k": )" + doc + R"(, "other": "[1, 2]"},)" +
                             R"( "inner": [{"policy": )" + doc + R"(, "docs": {"k": )" + doc + R"(}}]})";
  for (int round = 0; round < 3; ++round) {
    INFO("round " << round);
    Rendered r = Render(values, "{}", TerraformFlavor(), kJsonSchema);
    CHECK(r.fast);
    CHECK(r.error.empty());
    CHECK(r.fast_text == r.general_text);
  }
}

}  // namespace
}  // namespace tfstream::render::unchanged

namespace tfstream::render::unchanged {
namespace {

// Heredoc lines of every length about the sixteen-byte steps they are
// copied in (0, 1, 15, 16, 17, 31, 32, 33 and more), blank lines, lines
// starting with spaces, and a last line without its '\n'.
TEST_CASE("unchanged block: heredoc lines of every length about sixteen", "[unchanged]") {
  std::string script;
  for (size_t n : {0, 1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 49, 100, 0, 3}) {
    for (size_t i = 0; i < n; ++i) script.push_back(static_cast<char>(i % 3 == 0 ? ' ' : 'a' + i % 26));
    script += "\\n";
  }
  script += "tail";
  for (const std::string& text : {script, "x\\n" + std::string(40, 'y'), std::string(16, 'z') + "\\n" + "w"}) {
    INFO(text);
    Rendered r = Render(R"({"script": ")" + text + R"(", "tags": {"k": ")" + text + R"("}})", "{}");
    CHECK(r.fast);
    CHECK(r.fast_text == r.general_text);
    CHECK(r.fast_text.find("<<-EOT") != std::string::npos);
  }
}

}  // namespace
}  // namespace tfstream::render::unchanged
