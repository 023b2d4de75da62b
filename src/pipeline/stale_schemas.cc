#include "pipeline/stale_schemas.h"

#include "pipeline/tool_commands.h"

namespace tfstream::pipeline {

void StaleSchemas::Add(std::string_view provider, bool data, std::string_view type,
                       const std::vector<std::string_view>& names) {
  std::lock_guard<std::mutex> lock(mu_);
  Unknown& u = by_type_[std::make_tuple(std::string(provider), data, std::string(type))];
  for (std::string_view name : names) {
    if (u.names.count(name) != 0) continue;
    if (u.names.size() < kMaxNames) {
      u.names.emplace(name);
    } else {
      u.more = true;
    }
  }
}

std::vector<std::string> StaleSchemas::Warnings() const {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<std::string> out;
  for (const auto& [key, u] : by_type_) {
    const auto& [provider, data, type] = key;
    const bool several = u.names.size() > 1 || u.more;
    std::string line = std::string(data ? "data source" : "resource") + " type \"" + type + "\" (provider \"" +
                       provider + "\"): \"" + *u.names.begin() + "\"";
    if (several) line += " and " + std::string(u.more ? "over " : "") + std::to_string(u.names.size() - 1) + " more";
    line += std::string(" in its values ") + (several ? "are" : "is") + " not in its schema and not shown; the " +
            "schemas may come from another provider version (make them with " + kSchemasCommand +
            " where the plan was made)";
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace tfstream::pipeline
