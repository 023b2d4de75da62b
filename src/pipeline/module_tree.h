// ModuleTree: the module instances of the blocks shown, as a tree, with the
// blocks' action counts per module, for --group-by module (--summary text
// and Markdown, and --format json's "modules"). A block belongs to the
// module instance its address starts with (module.app["eu"].module.db for
// module.app["eu"].module.db.aws_db_instance.main; the root module for
// addresses without a module step). Modules come in the order their first
// block (or first descendant's block) comes in the plan, which is
// Terraform's: resource_changes is sorted by address. Memory is one node per
// module instance, never per block.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "pipeline/plan_totals.h"
#include "stream/plan_action.h"

namespace tfstream::pipeline {

// The module instance part of a resource address ("" for the root module):
// the leading "module.NAME" steps, each with its instance key, if any.
std::string_view ModuleOfAddress(std::string_view address);

// The module instance containing `module` ("" for a child of the root).
std::string_view ParentModule(std::string_view module);

class ModuleTree {
 public:
  struct Node {
    std::string address;  // "" for the root module
    size_t parent = 0;    // the root's is itself
    int depth = 0;        // root 0, module.a 1, module.a.module.b 2
    std::vector<size_t> children;
    // The node's own blocks by PlanAction and how many are imported, then
    // the same over the node and every module under it (after Finish()).
    std::array<size_t, stream::kPlanActionCount> own{}, total{};
    size_t own_importing = 0, total_importing = 0;
    size_t own_blocks = 0, total_blocks = 0;
  };

  ModuleTree();

  // Counts one shown block; returns its module's node.
  size_t Add(std::string_view address, stream::PlanAction action, bool importing);
  // Adds up the totals; call once, after the last Add().
  void Finish();

  const Node& node(size_t i) const { return nodes_[i]; }
  size_t size() const { return nodes_.size(); }
  // The Plan-line numbers of a node's totals (invoke is 0: actions belong to
  // no module).
  PlanLineCounts Counts(size_t i, const Flavor& flavor) const;

 private:
  size_t NodeFor(std::string_view module);

  std::vector<Node> nodes_;
  std::unordered_map<std::string, size_t> by_address_;
};

// "2 to add, 0 to change, 1 to destroy" (with "1 to import, " first when
// there are imports), as the Plan: line words its numbers, without "Plan:"
// and the final full stop.
std::string CountsPhrase(const PlanLineCounts& c);

}  // namespace tfstream::pipeline
