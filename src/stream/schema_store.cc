#include "stream/schema_store.h"

#include "stream/json_tree_parser.h"

namespace tfstream::stream {
namespace {

constexpr const char* kKindKeys[3] = {"resource_schemas", "data_source_schemas", "action_schemas"};

}  // namespace

SchemaStore::SchemaStore(std::string_view text, std::vector<ByteRange> ranges, std::string label,
                         const Flavor& flavor)
    : text_(text), ranges_(std::move(ranges)), label_(std::move(label)),
      kinds_decoded_(flavor.decodes_action_schemas ? 3 : 2) {}

Status SchemaStore::IndexProviders() {
  if (providers_indexed_) return Status::Ok();
  providers_indexed_ = true;
  std::map<std::string, ByteRange, std::less<>> ranges;
  for (const ByteRange& r : ranges_) {
    Status s = IndexObjectMembers(text_, r, "an object", &ranges, ValueSkip::kByStructure);
    if (!s.ok()) return s;
  }
  for (auto& [name, r] : ranges) providers_[name].range = r;
  return Status::Ok();
}

Status SchemaStore::HasProvider(std::string_view provider, bool* found) {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  Status s = IndexProviders();
  if (!s.ok()) return s;
  auto it = providers_.find(provider);
  // A provider whose value is JSON null decodes to a nil *Provider.
  *found = it != providers_.end() && text_.substr(it->second.range.begin, 4) != "null";
  return Status::Ok();
}

Status SchemaStore::ForEachProvider(const std::function<void(const std::string&, ByteRange)>& fn) {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  Status s = IndexProviders();
  if (!s.ok()) return s;
  for (const auto& [name, p] : providers_) fn(name, p.range);
  return Status::Ok();
}

Status SchemaStore::FindRange(std::string_view provider, Kind kind, std::string_view type, bool* found,
                              ByteRange* value) {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  *found = false;
  bool has_provider = false;
  Status s = HasProvider(provider, &has_provider);
  if (!s.ok() || !has_provider) return s;
  ProviderIndex& p = providers_.find(provider)->second;
  s = IndexKind(&p, static_cast<int>(kind));
  if (!s.ok()) return s;
  auto it = p.types[static_cast<int>(kind)].find(type);
  if (it == p.types[static_cast<int>(kind)].end()) return Status::Ok();
  *found = true;
  *value = it->second;
  return Status::Ok();
}

Status SchemaStore::ProviderNames(std::vector<std::string>* out) {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  Status s = IndexProviders();
  if (!s.ok()) return s;
  out->clear();
  for (const auto& [name, p] : providers_) {
    if (text_.substr(p.range.begin, 4) != "null") out->push_back(name);
  }
  return Status::Ok();
}

Status SchemaStore::IndexKind(ProviderIndex* p, int kind) {
  if (p->kind_indexed[kind]) return Status::Ok();
  p->kind_indexed[kind] = true;
  if (!p->indexed) {
    p->indexed = true;
    if (text_[p->range.begin] == '{') {
      // The provider's map fields in document order: a repeated key adds
      // its types to the map already there, null empties it again, and any
      // other value fails Go's decoding of the whole document.
      Status wrong_type;
      Status s = ForEachMemberRange(text_, p->range, "an object", [&](const std::string& key, ByteRange value) {
        for (int k = 0; k < kinds_decoded_; ++k) {
          if (!KeyIsField(key, kKindKeys[k])) continue;
          const char c = text_[value.begin];
          if (c == '{' || c == 'n') {
            AddMapObject(c == '{' ? value : ByteRange{}, &p->kinds[k]);
          } else if (wrong_type.ok()) {
            wrong_type = Status::Error(std::string("expected an object for \"") + kKindKeys[k] + "\", found " +
                                           DescribeByte(text_, value.begin),
                                       value.begin);
          }
        }
      }, ValueSkip::kByStructure);
      if (!s.ok()) return s;
      if (!wrong_type.ok()) return wrong_type;
    }
  }
  for (const ByteRange& r : p->kinds[kind]) {
    Status s = IndexObjectMembers(text_, r, "an object", &p->types[kind], ValueSkip::kByStructure);
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

Status SchemaStore::Find(std::string_view provider, Kind kind, std::string_view type, bool* found,
                         const Block** block) {
  std::lock_guard<std::recursive_mutex> lock(mu_);
  *found = false;
  *block = nullptr;
  // Length-prefixed: names may hold any character.
  std::string cache_key = std::to_string(provider.size()) + ':' + std::string(provider) +
                          static_cast<char>('0' + static_cast<int>(kind)) + std::string(type);
  auto cached = cache_.find(cache_key);
  if (cached != cache_.end()) {
    *found = true;
    *block = cached->second;
    return Status::Ok();
  }
  bool has_type = false;
  ByteRange range;
  Status s = FindRange(provider, kind, type, &has_type, &range);
  if (!s.ok() || !has_type) return s;
  const JsonValue* schema = nullptr;
  s = ParseJsonTree(text_.substr(range.begin, range.size()), range.begin, &arena_, &schema);
  if (!s.ok()) return s;
  if (schema == nullptr) return Status::Ok();  // a null schema is a nil pointer: missing
  if (!schema->IsObject()) {
    return Status::Error("schema for \"" + std::string(type) + "\" is not an object", range.begin);
  }
  // jsonprovider.Schema's block is a pointer: a repeated "block" adds to it.
  SchemaSources block_json;
  const bool block_ok = PointerField(SchemaSources{schema}, "block", &block_json);
  *found = true;
  if (block_ok && block_json.empty()) {
    if (kind != Kind::kAction) {
      return Status::Error("schema for \"" + std::string(type) + "\" has no block", range.begin);
    }
  } else {
    s = block_ok ? DecodeBlock(block_json, &arena_, block) : Status::Error("block is missing or not an object");
    if (!s.ok()) {
      return Status::Error("schema for \"" + std::string(type) + "\": " + s.message(), range.begin);
    }
  }
  cache_[cache_key] = *block;
  return Status::Ok();
}

}  // namespace tfstream::stream
