// ModuleTree: the module instances of the blocks shown, as a tree, with the
// blocks' action counts per module, for --group-by module (--summary text
// and Markdown, and --format json's "modules"). A block belongs to the
// module instance its address starts with (module.app["eu"].module.db for
// module.app["eu"].module.db.aws_db_instance.main; the root module for
// addresses without a module step). Modules come in the order their first
// block (or first descendant's block) comes in the plan, which is
// Terraform's: resource_changes is sorted by address. Memory is one node per
// module instance, never per block; a node holds only its own step of the
// address, so a deep address costs its length, not its length squared.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "base/status.h"
#include "render/plan/plan_totals.h"
#include "stream/plan_action.h"

namespace tfstream::forms {

// The module instance part of a resource address ("" for the root module):
// the leading "module.NAME" steps, each with its instance key, if any.
std::string_view ModuleOfAddress(std::string_view address);

// The module instance containing `module` ("" for a child of the root).
std::string_view ParentModule(std::string_view module);

class ModuleTree {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  // Deeper module nesting is refused (no configuration comes near it; a
  // deeper address is a made-up plan).
  static constexpr uint32_t kMaxDepth = 1000;

  // About 150 bytes, plus the index's entry: a tree of 72,000 module
  // instances (the 3 GB benchmark plan) takes about 15 MB.
  struct Node {
    std::string step;       // the node's own module step: module.db, module.app["eu"]; "" for the root
    uint32_t parent = 0;    // the root's is itself
    uint32_t depth = 0;     // root 0, module.a 1, module.a.module.b 2
    uint32_t first_child = kNone, last_child = kNone, next_sibling = kNone;  // children in order
    // The node's own blocks by PlanAction and how many are imported, then
    // the same over the node and every module under it (after Finish()).
    std::array<uint32_t, stream::kPlanActionCount> own{}, total{};
    uint32_t own_importing = 0, total_importing = 0;
    uint32_t own_blocks = 0, total_blocks = 0;
  };

  ModuleTree();
  // The index views the nodes' own strings: moving keeps them in place,
  // copying would not.
  ModuleTree(const ModuleTree&) = delete;
  ModuleTree& operator=(const ModuleTree&) = delete;
  ModuleTree(ModuleTree&&) = default;
  ModuleTree& operator=(ModuleTree&&) = default;

  // Counts one shown block; its module's node goes to *node. An error for
  // a module nested deeper than kMaxDepth.
  Status Add(std::string_view address, stream::PlanAction action, bool importing, size_t* node);
  // Add's error for `address`, if any, without adding it (--format json
  // checks every block before its first byte).
  static Status CheckDepth(std::string_view address);
  // Adds up the totals; call once, after the last Add().
  void Finish();

  const Node& node(size_t i) const { return nodes_[i]; }
  size_t size() const { return nodes_.size(); }
  // The node's module address: its ancestors' steps and its own ("" for
  // the root).
  std::string Address(size_t i) const;
  // The Plan-line numbers of a node's totals (invoke is 0: actions belong to
  // no module).
  render::plan::PlanLineCounts Counts(size_t i, const Flavor& flavor) const;

 private:
  struct Key {
    uint32_t parent;
    std::string_view step;  // into the node's own step (a deque keeps it in place)
    bool operator==(const Key& o) const { return parent == o.parent && step == o.step; }
  };
  struct KeyHash {
    size_t operator()(const Key& k) const { return std::hash<std::string_view>()(k.step) * 31 + k.parent; }
  };

  std::deque<Node> nodes_;
  std::unordered_map<Key, uint32_t, KeyHash> children_;
  // The last block's module and node: blocks of a module usually come together.
  std::string last_module_;
  size_t last_node_ = 0;
};

// "2 to add, 0 to change, 1 to destroy" (with "1 to import, " first when
// there are imports), as the Plan: line words its numbers, without "Plan:"
// and the final full stop.
std::string CountsPhrase(const render::plan::PlanLineCounts& c);

}  // namespace tfstream::forms
