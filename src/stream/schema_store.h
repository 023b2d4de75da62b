// SchemaStore: finds and decodes provider schemas on demand from a
// provider_schemas object (embedded in a renderer-shaped plan or read from a
// `terraform providers schema -json` file). Only the resource, data source and
// action types a plan uses are decoded; each is decoded once.
//
// The text passed in must outlive the store and be valid JSON already (a
// plan's provider_schemas are validated by the pre-scan, a schemas file by
// CheckSchemas): the members on the way to a type are found by structure,
// at about eight times the speed of validating them again, which on a
// schemas file of several providers (tens of MB) was most of the wait
// before the first block. Decoded schemas live in the store's own arena.
// Lookups are thread-safe.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "base/flavor.h"
#include "base/status.h"
#include "buffer/arena.h"
#include "stream/json_scanner.h"
#include "stream/json_value.h"
#include "stream/schema.h"

namespace tfstream::stream {

class SchemaStore {
 public:
  enum class Kind { kResource, kDataSource, kAction };

  // `text` holds the document; `provider_schemas` the ranges of its
  // provider_schemas objects, in document order (a repeated key adds its
  // providers; none means no providers at all). `flavor` says whether
  // action_schemas is a field of the provider (decodes_action_schemas).
  SchemaStore(std::string_view text, std::vector<ByteRange> provider_schemas, std::string label,
              const Flavor& flavor);

  // Finds the schema's block. *found is false when the provider or the type
  // is missing (Terraform dereferences nil there); an error Status means the
  // schema JSON is malformed. For actions the block may be null (no "block").
  Status Find(std::string_view provider, Kind kind, std::string_view type, bool* found,
              const Block** block);
  // Whether the provider exists at all.
  Status HasProvider(std::string_view provider, bool* found);
  // The providers there are (not null), sorted: for error messages.
  Status ProviderNames(std::vector<std::string>* out);

  // For writing a trimmed copy (pipeline/plan_bundle.h): every provider,
  // each once, by name, with the text of the value that counts (the last of
  // repeated keys); and where the value of one type's schema is (*found is
  // false when the provider or the type is missing; the value may be null).
  Status ForEachProvider(const std::function<void(const std::string& name, ByteRange value)>& fn);
  Status FindRange(std::string_view provider, Kind kind, std::string_view type, bool* found, ByteRange* value);

  const std::string& label() const { return label_; }
  std::string_view text() const { return text_; }

 private:
  struct ProviderIndex {
    bool indexed = false;
    ByteRange range;
    std::vector<ByteRange> kinds[3];  // each kind's map objects, in document order
    bool kind_indexed[3] = {false, false, false};
    std::map<std::string, ByteRange, std::less<>> types[3];
  };
  Status IndexProviders();
  Status IndexKind(ProviderIndex* p, int kind);

  std::string_view text_;
  std::vector<ByteRange> ranges_;
  std::string label_;
  int kinds_decoded_;  // the kinds the flavour's jsonprovider.Provider has
  bool providers_indexed_ = false;
  std::map<std::string, ProviderIndex, std::less<>> providers_;
  std::map<std::string, const Block*, std::less<>> cache_;
  buffer::Arena arena_;
  // Rendering threads look schemas up concurrently.
  std::recursive_mutex mu_;
};

// The objects one Go struct is decoded from, in document order: every key
// naming a struct-typed (or pointer-to-struct) field decodes into the value
// already there, so each occurrence adds its fields to the earlier ones.
using SchemaSources = std::vector<const JsonValue*>;

// A pointer-to-struct field: the objects its struct is decoded from (empty:
// a nil pointer; null makes it nil again). False when a value is neither an
// object nor null.
bool PointerField(const SchemaSources& sources, std::string_view field, SchemaSources* out);

// Decodes a schema block ({"attributes": ..., "block_types": ...}) from the
// objects of a jsonprovider.Block into `arena`. On malformed input returns
// an error message.
Status DecodeBlock(const SchemaSources& sources, buffer::Arena* arena, const Block** out);
// The block of one object.
Status DecodeBlock(const JsonValue* json, buffer::Arena* arena, const Block** out);
// Decodes cty type JSON ("string", ["list","string"], ...) as
// ctyjson.UnmarshalType reads it; false where it fails (a null `json`
// included). The type lives in `arena`.
bool DecodeCtyType(const JsonValue* json, buffer::Arena* arena, const CtyType** out);

}  // namespace tfstream::stream
