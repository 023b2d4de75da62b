// SchemaStore and DecodeBlock read provider schemas as encoding/json decodes
// them into jsonprovider's structs: a repeated key naming a map field
// (attributes, block_types, resource_schemas) adds its keys to the map, one
// naming a pointer-to-struct field (block, nested_type) adds its fields to
// the struct, null makes either nil again, and a string field keeps its
// value through a null.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "base/ascii.h"
#include "render/text/hcl_identifier.h"
#include "stream/schema_store.h"

namespace {

using tfstream::Status;
using tfstream::stream::Block;
using tfstream::stream::ByteRange;
using tfstream::stream::NestingMode;
using tfstream::stream::SchemaStore;

// The names of a block's attributes and block types, in order.
std::vector<std::string> Names(const Block& b) {
  std::vector<std::string> names;
  for (const auto& a : b.attributes) names.emplace_back(a.name);
  for (const auto& t : b.block_types) names.push_back("block:" + std::string(t.name));
  return names;
}

// Looks resource type `type` of provider "p" up in a provider_schemas object.
struct Lookup {
  explicit Lookup(std::string text_in) : text(std::move(text_in)) {}
  Status Find(std::string_view type, SchemaStore::Kind kind = SchemaStore::Kind::kResource) {
    store = std::make_unique<SchemaStore>(text, std::vector<ByteRange>{ByteRange{0, text.size(), true}}, "schemas",
                                          tfstream::TerraformFlavor());
    return store->Find("p", kind, type, &found, &block);
  }
  std::string text;
  std::unique_ptr<SchemaStore> store;
  bool found = false;
  const Block* block = nullptr;
};

constexpr const char* kString = R"("type": "string")";

}  // namespace

TEST_CASE("schemas: a repeated attributes key adds its attributes, null empties the map", "[schema]") {
  Lookup l(std::string(R"({"p": {"resource_schemas": {"t": {"block": {)") +
           R"("attributes": {"a": {)" + kString + R"(}, "b": {"type": "number"}},)" +
           R"("attributes": {"c": {)" + kString + R"(}, "b": {)" + kString + R"(}}}}}}})");
  REQUIRE(l.Find("t").ok());
  REQUIRE(l.found);
  CHECK(Names(*l.block) == std::vector<std::string>{"a", "b", "c"});
  // The later "b" replaced the earlier one whole.
  CHECK(l.block->attributes[1].attribute->type->kind == tfstream::stream::CtyType::Kind::kString);

  Lookup cleared(std::string(R"({"p": {"resource_schemas": {"t": {"block": {)") +
                 R"("attributes": {"a": {)" + kString + R"(}}, "Attributes": null,)" +
                 R"("attributes": {"c": {)" + kString + R"(}}}}}}})");
  REQUIRE(cleared.Find("t").ok());
  CHECK(Names(*cleared.block) == std::vector<std::string>{"c"});
}

TEST_CASE("schemas: a repeated block adds its fields to the block", "[schema]") {
  Lookup l(std::string(R"({"p": {"resource_schemas": {"t": {)") +
           R"("block": {"attributes": {"a": {)" + kString + R"(}}},)" +
           R"("block": {"block_types": {"b": {"nesting_mode": "list", "block": {}}}}}}}})");
  REQUIRE(l.Find("t").ok());
  CHECK(Names(*l.block) == std::vector<std::string>{"a", "block:b"});

  // A block type's own block, and its nesting mode kept through a null.
  Lookup nested(std::string(R"({"p": {"resource_schemas": {"t": {"block": {"block_types": {"b": {)") +
                R"("nesting_mode": "set", "block": {"attributes": {"x": {)" + kString + R"(}}},)" +
                R"("nesting_mode": null, "block": {"attributes": {"y": {)" + kString + R"(}}}}}}}}}})");
  REQUIRE(nested.Find("t").ok());
  const auto& bt = *nested.block->block_types[0].block_type;
  CHECK(bt.nesting == NestingMode::kSet);
  CHECK(Names(*bt.block) == std::vector<std::string>{"x", "y"});

  // null after a block leaves no block.
  Lookup none(R"({"p": {"resource_schemas": {"t": {"block": {}, "block": null}}}})");
  Status s = none.Find("t");
  CHECK_FALSE(s.ok());
  CHECK(s.message() == "schema for \"t\" has no block");
}

TEST_CASE("schemas: a repeated nested_type adds to the nested type", "[schema]") {
  Lookup l(std::string(R"({"p": {"resource_schemas": {"t": {"block": {"attributes": {"n": {)") +
           R"("nested_type": {"nesting_mode": "list", "attributes": {"x": {)" + kString + R"(}}},)" +
           R"("nested_type": {"attributes": {"y": {)" + kString + R"(}}}}}}}}}})");
  REQUIRE(l.Find("t").ok());
  const auto* nt = l.block->attributes[0].attribute->nested_type;
  REQUIRE(nt != nullptr);
  CHECK(nt->nesting == NestingMode::kList);
  REQUIRE(nt->attributes.size() == 2);
  CHECK(nt->attributes[0].name == "x");
  CHECK(nt->attributes[1].name == "y");

  // null makes it nil again: the attribute's type is used.
  Lookup reset(std::string(R"({"p": {"resource_schemas": {"t": {"block": {"attributes": {"n": {)") +
               R"("nested_type": {"nesting_mode": "list"}, "nested_type": null, "type": "bool"}}}}}}})");
  REQUIRE(reset.Find("t").ok());
  CHECK(reset.block->attributes[0].attribute->nested_type == nullptr);
  CHECK(reset.block->attributes[0].attribute->type->kind == tfstream::stream::CtyType::Kind::kBool);
}

TEST_CASE("schemas: repeated resource_schemas keys add their types, in document order", "[schema]") {
  const std::string t = R"({"block": {"attributes": {"a": {"type": "string"}}}})";
  Lookup l(R"({"p": {"resource_schemas": {"t1": )" + t + R"(}, "Resource_Schemas": {"t2": )" + t + "}}}");
  REQUIRE(l.Find("t1").ok());
  CHECK(l.found);
  REQUIRE(l.Find("t2").ok());
  CHECK(l.found);

  // A case-variant key that sorts first but comes later still counts later.
  Lookup cleared(R"({"p": {"resource_schemas": {"t1": )" + t + R"(}, "RESOURCE_SCHEMAS": null}})");
  REQUIRE(cleared.Find("t1").ok());
  CHECK_FALSE(cleared.found);
}

TEST_CASE("schemas: a map field that is neither an object nor null is an error", "[schema]") {
  Lookup l(R"({"p": {"resource_schemas": {"t": {"block": {"attributes": {}, "attributes": []}}}}})");
  Status s = l.Find("t");
  CHECK_FALSE(s.ok());
  CHECK(s.message() == "schema for \"t\": \"attributes\" is not an object");
}

TEST_CASE("schemas: a provider's schema map that is neither an object nor null fails", "[schema]") {
  // Go's decoding of the whole document fails on it, wherever it stands.
  Lookup later(R"({"p": {"resource_schemas": {"t": {"block": {}}}, "resource_schemas": []}})");
  Status s = later.Find("t");
  CHECK_FALSE(s.ok());
  CHECK(s.message() == "expected an object for \"resource_schemas\", found '['");
  Lookup other_kind(R"({"p": {"resource_schemas": {"t": {"block": {}}}, "Data_Source_Schemas": 5}})");
  s = other_kind.Find("t");
  CHECK_FALSE(s.ok());
  CHECK(s.message() == "expected an object for \"data_source_schemas\", found '5'");
}

TEST_CASE("schemas: lookups of names holding any character do not collide", "[schema]") {
  const std::string two = R"({"block": {"attributes": {"a": {"type": "string"}, "b": {"type": "string"}}}})";
  const std::string one = R"({"block": {"attributes": {"a": {"type": "string"}}}})";
  const std::string text =
      R"({"p": {"resource_schemas": {"x\u001f0y": )" + two + R"(}}, "p\u001f0x": {"resource_schemas": {"y": )" +
      one + "}}}";
  SchemaStore store(text, std::vector<ByteRange>{ByteRange{0, text.size(), true}}, "schemas",
                    tfstream::TerraformFlavor());
  bool found = false;
  const Block* block = nullptr;
  REQUIRE(store.Find("p", SchemaStore::Kind::kResource, "x\x1f" "0y", &found, &block).ok());
  REQUIRE(found);
  CHECK(block->attributes.size() == 2);
  REQUIRE(store.Find("p\x1f" "0x", SchemaStore::Kind::kResource, "y", &found, &block).ok());
  REQUIRE(found);
  CHECK(block->attributes.size() == 1);
}

// Named*::plain_name: the decoder's note that a name is a plain ASCII
// identifier (IsPlainAsciiIdentifier, base/ascii.h, which the renderers use
// too), trusted instead of checking the name.
TEST_CASE("schema names: plain_name is IsPlainAsciiIdentifier, computed once at decoding", "[schema]") {
  for (std::string_view name : {"id", "_x", "A-b_9", "tags", "x-", "Name", "_", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa9-"}) {
    INFO(name);
    CHECK(tfstream::IsPlainAsciiIdentifier(name));
    CHECK(tfstream::render::text::IsPlainAsciiIdentifier(name));
  }
  for (std::string_view name : {"9x", "-x", "", "a b", "a.b", "a:b", "é", "a\xc3\xa9", "a\x7f"}) {
    INFO(name);
    CHECK_FALSE(tfstream::IsPlainAsciiIdentifier(name));
  }
  Lookup l(R"({"p": {"resource_schemas": {"t": {"block": {
      "attributes": {"plain": {"type": "string"}, "odd name": {"type": ["object", {"ok": "string", "not ok": "number"}]}},
      "block_types": {"blk": {"nesting_mode": "list", "block": {}}, "é": {"nesting_mode": "list", "block": {}}}}}}}})");
  REQUIRE(l.Find("t").ok());
  REQUIRE(l.block != nullptr);
  REQUIRE(l.block->attributes.size() == 2);
  CHECK(l.block->attributes[0].name == "odd name");
  CHECK_FALSE(l.block->attributes[0].plain_name);
  CHECK(l.block->attributes[1].plain_name);
  const auto& object = l.block->attributes[0].attribute->type->attributes;
  REQUIRE(object.size() == 2);
  CHECK_FALSE(object[0].plain_name);  // "not ok"
  CHECK(object[1].plain_name);        // "ok"
  REQUIRE(l.block->block_types.size() == 2);
  CHECK(l.block->block_types[0].plain_name);
  CHECK_FALSE(l.block->block_types[1].plain_name);
}

TEST_CASE("schema names: names_overlap says whether an attribute and a block type share a name", "[schema]") {
  Lookup apart(R"({"p": {"resource_schemas": {"t": {"block": {
      "attributes": {"a": {"type": "string"}, "m": {"type": "string"}, "z": {"type": "string"}},
      "block_types": {"b": {"nesting_mode": "list", "block": {
        "attributes": {"x": {"type": "string"}}, "block_types": {"x": {"nesting_mode": "list", "block": {}}}}},
        "n": {"nesting_mode": "list", "block": {}}}}}}}})");
  REQUIRE(apart.Find("t").ok());
  REQUIRE(apart.block != nullptr);
  CHECK_FALSE(apart.block->names_overlap);
  REQUIRE(apart.block->block_types.size() == 2);
  CHECK(apart.block->block_types[0].block_type->block->names_overlap);  // "x" both, one level down
  CHECK_FALSE(apart.block->block_types[1].block_type->block->names_overlap);
  Lookup both(R"({"p": {"resource_schemas": {"t": {"block": {
      "attributes": {"a": {"type": "string"}, "zz": {"type": "string"}},
      "block_types": {"b": {"nesting_mode": "list", "block": {}}, "zz": {"nesting_mode": "list", "block": {}}}}}}}})");
  REQUIRE(both.Find("t").ok());
  REQUIRE(both.block != nullptr);
  CHECK(both.block->names_overlap);
}
