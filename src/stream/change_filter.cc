#include "stream/change_filter.h"

#include <algorithm>
#include <vector>

#include "stream/pre_scan.h"

namespace tfstream::stream {

namespace {

// Levenshtein distance, for suggesting the action meant by a mistyped one.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

Status ChangeFilter::AddActions(std::string_view list) {
  static const struct {
    std::string_view name;
    uint32_t set;
  } kNames[] = {
      {"create", kCreate}, {"update", kUpdate}, {"delete", kDelete}, {"replace", kReplace}, {"read", kRead},
      {"forget", kForget}, {"no-op", kNoOp},    {"moved", kMoved},   {"import", kImport},
      // Terraform's own word for it ("will be destroyed", plan -destroy).
      {"destroy", kDelete},
  };
  uint32_t mask = 0;  // applied only when the whole list is good
  size_t start = 0;
  while (true) {
    size_t comma = list.find(',', start);
    std::string_view name =
        list.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);  // "delete, replace"
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    uint32_t set = 0;
    for (const auto& n : kNames) {
      if (n.name == name) set = n.set;
    }
    if (set == 0) {
      // The nearest name, when it is near enough to be a typo, or what
      // Terraform's summary words ("to add, to change") stand for.
      static const std::pair<std::string_view, std::string_view> kMeant[] = {
          {"add", "create"},      {"change", "update"}, {"modify", "update"}, {"remove", "delete"},
          {"recreate", "replace"}, {"replaced", "replace"}, {"imported", "import"}, {"move", "moved"},
      };
      std::string_view nearest;
      for (const auto& [word, meant] : kMeant) {
        if (word == name) nearest = meant;
      }
      size_t best = nearest.empty() ? name.size() / 2 + 1 : 0;
      for (const auto& n : kNames) {
        if (size_t d = EditDistance(name, n.name); d < best && d <= 3) {
          best = d;
          nearest = n.name;
        }
      }
      std::string hint = nearest.empty() ? "" : "did you mean '" + std::string(nearest) + "'? ";
      return Status::Error("--action: unknown action '" + std::string(name) + "' (" + hint +
                           "one of create, update, delete (or destroy), replace, read, forget, no-op, moved, import)");
    }
    mask |= set;
    if (comma == std::string_view::npos) {
      action_mask_ |= mask;
      return Status::Ok();
    }
    start = comma + 1;
  }
}

Status ChangeFilter::AddAddress(std::string_view pattern) {
  AddressGlob glob;
  Status s = AddressGlob::Parse(pattern, &glob);
  if (!s.ok()) return s;
  globs_.push_back(glob);
  const bool root_only = !pattern.starts_with('*') && !pattern.starts_with("module.") && pattern != "module";
  if (root_only) {
    AddressGlob deep;
    if (AddressGlob::Parse("**." + std::string(pattern), &deep).ok()) {
      glob = std::move(deep);
      any_root_pattern_ = true;
    }
  }
  in_modules_globs_.push_back(std::move(glob));
  return s;
}

std::vector<std::string> ChangeFilter::InModulesPatterns() const {
  std::vector<std::string> out;
  for (size_t i = 0; i < globs_.size(); ++i) {
    if (in_modules_globs_[i].pattern() != globs_[i].pattern()) out.push_back(in_modules_globs_[i].pattern());
  }
  return out;
}

bool ChangeFilter::MatchesInModules(const ResourceFacts& rf, PlanAction action) const {
  if (!any_root_pattern_ || !ActionMatches(rf, action)) return false;
  for (const AddressGlob& g : in_modules_globs_) {
    if (g.Matches(rf.address)) return true;
  }
  return false;
}

bool ChangeFilter::MatchesAddress(std::string_view address) const {
  if (globs_.empty()) return true;
  for (const AddressGlob& g : globs_) {
    if (g.Matches(address)) return true;
  }
  return false;
}

bool ChangeFilter::Matches(const ResourceFacts& rf, PlanAction action) const {
  if (!ActionMatches(rf, action)) return false;
  if (globs_.empty()) return true;
  for (const AddressGlob& g : globs_) {
    if (g.Matches(rf.address)) return true;
  }
  return false;
}

bool ChangeFilter::ActionMatches(const ResourceFacts& rf, PlanAction action) const {
  if (action_mask_ != 0) {
    uint32_t sets = 0;
    switch (action) {
      case PlanAction::kCreate:
        sets = kCreate;
        break;
      case PlanAction::kUpdate:
        sets = kUpdate;
        break;
      case PlanAction::kDelete:
        sets = kDelete;
        break;
      case PlanAction::kDeleteThenCreate:
      case PlanAction::kCreateThenDelete:
      case PlanAction::kCreateThenForget:
      case PlanAction::kForgetThenCreate:
        sets = kReplace;
        break;
      case PlanAction::kRead:
        sets = kRead;
        break;
      case PlanAction::kForget:
        sets = kForget;
        break;
      case PlanAction::kNoOp:
        sets = kNoOp;
        break;
    }
    if (rf.Moved()) sets |= kMoved;
    if (rf.importing) sets |= kImport;
    if ((sets & action_mask_) == 0) return false;
  }
  return true;
}

}  // namespace tfstream::stream
