// StaleSchemas: the attributes and blocks that resources' values carry but
// their schemas lack, gathered from every rendering thread. Terraform's
// renderer leaves them out without a word; with schemas of the provider
// version that made the plan there are none, so any means the schemas came
// from another version (a cache, another workspace) and the text may be
// missing changes. Reported on standard error after the text, one line per
// resource type.
#pragma once

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace tfstream::pipeline {

class StaleSchemas {
 public:
  // `names`: members of one resource's values that its schema lacks.
  void Add(std::string_view provider, bool data, std::string_view type, const std::vector<std::string_view>& names);
  // One warning per resource type, in (provider, type) order, naming the
  // alphabetically first unknown member and how many more; none when all
  // schemas matched.
  std::vector<std::string> Warnings() const;

 private:
  // Names kept per type; beyond it only that there were more.
  static constexpr size_t kMaxNames = 1000;
  struct Unknown {
    std::set<std::string, std::less<>> names;
    bool more = false;
  };
  mutable std::mutex mu_;
  std::map<std::tuple<std::string, bool, std::string>, Unknown> by_type_;
};

}  // namespace tfstream::pipeline
