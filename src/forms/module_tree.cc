#include "forms/module_tree.h"

namespace tfstream::forms {

using namespace render::plan;
namespace {

// Where the step after `pos` starts (past the '.'), or npos: a step ends at
// a '.' outside an index key; a quoted key may hold '.', '[' and '"' escaped.
size_t NextStep(std::string_view a, size_t pos) {
  bool in_brackets = false, in_quotes = false;
  for (size_t i = pos; i < a.size(); ++i) {
    char c = a[i];
    if (in_quotes) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_quotes = false;
      }
    } else if (c == '"' && in_brackets) {
      in_quotes = true;
    } else if (c == '[') {
      in_brackets = true;
    } else if (c == ']') {
      in_brackets = false;
    } else if (c == '.' && !in_brackets) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

bool StartsModuleStep(std::string_view a, size_t pos) { return a.substr(pos, 7) == "module."; }

}  // namespace

std::string_view ModuleOfAddress(std::string_view address) {
  size_t end = 0;  // of the module part
  size_t pos = 0;
  while (pos != std::string_view::npos && pos < address.size() && StartsModuleStep(address, pos)) {
    size_t name = pos + 7;                  // the module's name and key
    size_t after = NextStep(address, name);  // the step after it
    if (after == std::string_view::npos) break;  // "module.x" alone is no resource
    end = after - 1;
    pos = after;
  }
  return address.substr(0, end);
}

std::string_view ParentModule(std::string_view module) {
  size_t last = 0;  // start of the last "module." step
  for (size_t pos = 0; pos != std::string_view::npos && pos < module.size();) {
    if (StartsModuleStep(module, pos)) last = pos;
    pos = NextStep(module, pos);
  }
  return last == 0 ? std::string_view() : module.substr(0, last - 1);
}

ModuleTree::ModuleTree() { nodes_.emplace_back(); }

namespace {

Status TooDeep(std::string_view address) {
  return Status::Error("--group-by module: the address \"" + std::string(address.substr(0, 200)) +
                       "...\" is nested more than " + std::to_string(ModuleTree::kMaxDepth) + " modules deep");
}

}  // namespace

Status ModuleTree::CheckDepth(std::string_view address) {
  const std::string_view module = ModuleOfAddress(address);
  uint32_t depth = 0;
  for (size_t pos = 0; pos < module.size(); ++depth) {
    if (depth == kMaxDepth) return TooDeep(address);
    const size_t next = NextStep(module, pos + 7);
    pos = next == std::string_view::npos ? module.size() : next;
  }
  return Status::Ok();
}

Status ModuleTree::Add(std::string_view address, stream::PlanAction action, bool importing, size_t* node) {
  const std::string_view module = ModuleOfAddress(address);
  if (module != last_module_) {
    uint32_t i = 0;
    for (size_t pos = 0; pos < module.size();) {
      const size_t next = NextStep(module, pos + 7);  // past "module.NAME[KEY]."
      const std::string_view step = module.substr(pos, (next == std::string_view::npos ? module.size() : next - 1) - pos);
      pos = next == std::string_view::npos ? module.size() : next;
      auto found = children_.find(Key{i, step});
      if (found != children_.end()) {
        i = found->second;
        continue;
      }
      if (nodes_[i].depth >= kMaxDepth) {
        return TooDeep(address);
      }
      const uint32_t child = static_cast<uint32_t>(nodes_.size());
      Node& n = nodes_.emplace_back();
      n.step = std::string(step);
      n.parent = i;
      n.depth = nodes_[i].depth + 1;
      Node& p = nodes_[i];
      (p.last_child == kNone ? p.first_child : nodes_[p.last_child].next_sibling) = child;
      p.last_child = child;
      children_.emplace(Key{i, n.step}, child);
      i = child;
    }
    last_module_ = std::string(module);
    last_node_ = i;
  }
  Node& n = nodes_[last_node_];
  ++n.own[static_cast<size_t>(action)];
  if (importing) ++n.own_importing;
  ++n.own_blocks;
  *node = last_node_;
  return Status::Ok();
}

void ModuleTree::Finish() {
  // Children always come after their parent: add up from the back.
  for (Node& n : nodes_) {
    n.total = n.own;
    n.total_importing = n.own_importing;
    n.total_blocks = n.own_blocks;
  }
  for (size_t i = nodes_.size(); i-- > 1;) {
    Node& n = nodes_[i];
    Node& p = nodes_[n.parent];
    for (size_t a = 0; a < n.total.size(); ++a) p.total[a] += n.total[a];
    p.total_importing += n.total_importing;
    p.total_blocks += n.total_blocks;
  }
}

std::string ModuleTree::Address(size_t i) const {
  size_t length = 0;
  for (size_t at = i; at != 0; at = nodes_[at].parent) length += nodes_[at].step.size() + 1;
  std::string address(length > 0 ? length - 1 : 0, '.');
  for (size_t at = i; at != 0; at = nodes_[at].parent) {
    const std::string& step = nodes_[at].step;
    length -= step.size() + 1;
    address.replace(length, step.size(), step);
  }
  return address;
}

PlanLineCounts ModuleTree::Counts(size_t i, const Flavor& flavor) const {
  const Node& n = nodes_[i];
  std::array<size_t, stream::kPlanActionCount> counts;
  for (size_t a = 0; a < counts.size(); ++a) counts[a] = n.total[a];
  counts[static_cast<size_t>(stream::PlanAction::kNoOp)] = 0;
  return CountPlanLine(counts, n.total_importing, 0, flavor);
}

std::string CountsPhrase(const PlanLineCounts& c) {
  std::string s;
  if (c.import > 0) s += std::to_string(c.import) + " to import, ";
  s += std::to_string(c.add) + " to add, " + std::to_string(c.change) + " to change, " +
       std::to_string(c.destroy) + " to destroy";
  if (c.forget > 0) s += ", " + std::to_string(c.forget) + " to forget";
  return s;
}

}  // namespace tfstream::forms
