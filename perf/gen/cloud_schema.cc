// CloudSchema(): the aws, azurerm and google lookalike providers, parsed
// once from their DSL texts. Each type has 20-140 attributes counting nested
// ones: nested blocks of every nesting mode, nested attribute types,
// sensitive attributes, JSON policy strings and multi-line scripts.
#include "gen/cloud_schema.h"

#include <memory>
#include <string>

#include "gen/schema.h"

namespace tfgen {

const Schema& CloudSchema() {
  static const std::unique_ptr<Schema> kSchema = [] {
    std::string dsl(kAwsDsl);
    dsl.append("\n").append(kAzurermDsl).append("\n").append(kGoogleDsl);
    return ParseSchema(dsl);
  }();
  return *kSchema;
}

}  // namespace tfgen
