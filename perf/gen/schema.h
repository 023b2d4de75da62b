// In-memory provider schemas for the generators, read from a small text DSL.
//
// The DSL (grammar in schema_parse.cc; the cloud-like providers are in
// schema_aws.cc, schema_azurerm.cc and schema_google.cc) describes providers,
// resource and data source types, attributes with cty types and flags, nested
// blocks (single, list, set, map) and nested attribute types. One Schema drives both the schema JSON that
// gen_plan writes and every value it generates, so values always match it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gen/out.h"

namespace tfgen {

// How a leaf value looks; picked from the attribute name unless the DSL says.
enum class Hint : uint8_t {
  kWord,
  kId,
  kArn,
  kName,
  kCidr,
  kIp,
  kZone,
  kRegion,
  kText,
  kTime,
  kDns,
  kUrl,
  kRefId,
  kKms,
  kHash,
  kVersion,
  kSecret,
  kPolicy,
  kJsonDoc,
  kScript,
  kPem,
  kEnum,
  kUuid,
  kB64,
  kPath,
  kEmail,
  kAzureId,
  kPort,
  kInt,
  kFloat,
  kSize,
  kTags,
  kEnvMap,
};

enum class Nesting : uint8_t { kSingle, kList, kSet, kMap, kGroup };

struct Block;

struct Type {
  enum Kind : uint8_t { kString, kNumber, kBool, kList, kSet, kMap, kObject } kind;
  const Type* elem = nullptr;   // kList, kSet, kMap
  const Block* body = nullptr;  // kObject: attributes only
  bool primitive() const { return kind <= kBool; }
};

// An attribute, a nested-type attribute or a block type of a Block.
struct Member {
  enum Kind : uint8_t { kAttr, kNestedAttr, kBlock } kind = kAttr;
  std::string name;
  uint64_t key = 0;             // HashStr(name)
  uint64_t kmix = 0;            // PreMix(key)
  std::string key_json;         // `"name":`
  bool escape = false;          // string leaves may need JSON escaping
  const Type* type = nullptr;   // kAttr
  const Block* body = nullptr;  // kNestedAttr, kBlock
  Nesting nesting = Nesting::kSingle;
  int min_items = 0, max_items = 0;  // blocks; 0 = unbounded
  bool required = false, optional = false, computed = false;
  bool sensitive = false;
  bool forces_new = false;         // 'F': listed in replace_paths when changed
  bool unknown_on_create = false;  // block 'C': whole block unknown on create
  Hint hint = Hint::kWord;
  int lo = 0, hi = 0;            // int range (int=LO-HI)
  int len_lo = -1, len_hi = -1;  // collection length range (len=LO-HI)
  int null_pct = -1;             // -1: default for the flags
  std::vector<std::string> enum_values;

  bool computed_only() const { return computed && !optional && !required; }
  bool settable() const { return required || optional || kind == kBlock; }
};

struct Block {
  std::vector<Member> members;  // sorted by name (cty object key order)
  std::vector<int> settable;    // indexes of members a config can change
  std::vector<int> forcing;     // settable members with forces_new
  std::vector<int> updatable;   // settable members without forces_new
  bool has_sensitive = false;   // anywhere below
};

struct ResourceType {
  std::string name;
  bool data = false;
  int provider = 0;  // index into Schema::providers
  int schema_version = 0;
  std::string id_prefix;  // "i-" style ids; empty: provider style
  Block body;
};

struct Provider {
  std::string local_name;  // "aws"
  std::string source;      // "registry.terraform.io/hashicorp/aws"
  Block config;
  std::vector<int> resources;  // indexes into Schema::types, sorted by name
  std::vector<int> data_sources;
};

struct Schema {
  std::vector<Provider> providers;
  std::vector<std::unique_ptr<ResourceType>> types;
  std::vector<std::unique_ptr<Block>> blocks;  // owns object/nested bodies
  std::vector<std::unique_ptr<Type>> type_pool;

  const ResourceType* Find(std::string_view name, bool data) const;
};

// Parses the DSL. Aborts with a message on a malformed definition: the text
// is part of the program, so an error is a bug, not bad input.
std::unique_ptr<Schema> ParseSchema(std::string_view dsl);

// The cloud-like providers (aws, azurerm, google) that gen_plan uses.
const Schema& CloudSchema();

// Writes a cty type as JSON: "string", ["list","string"], ["object",{...}].
void WriteType(Out& out, const Type& t);

// Writes `{"<source>":{"provider":...,"resource_schemas":...,...},...}`.
void WriteProviderSchemas(Out& out, const Schema& schema);

}  // namespace tfgen
