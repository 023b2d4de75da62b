// The lines are held in memory, grouped, until the pre-scan has validated the
// whole document (nothing may be written before that): the memory is that of
// the output itself, one short line per shown block, never the input's.
#include "pipeline/plan_summary.h"

#include <array>
#include <string>
#include <vector>

#include "pipeline/background_validation.h"
#include "pipeline/markdown_alert.h"
#include "pipeline/markdown_block.h"
#include "pipeline/markdown_parts.h"
#include "pipeline/module_tree.h"
#include "pipeline/plan_changes.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_markdown.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_totals.h"

namespace tfstream::pipeline {
namespace {

using render::Action;

// Output order of the groups.
constexpr Action kGroupOrder[] = {
    Action::kCreate,           Action::kUpdate,           Action::kDelete,
    Action::kDeleteThenCreate, Action::kCreateThenDelete, Action::kRead,
    Action::kCreateThenForget, Action::kForgetThenCreate, Action::kForget,
    Action::kNoOp,
};
static_assert(std::size(kGroupOrder) == stream::kPlanActionCount);

// One module's lines, by PlanAction (index 0 holds everything without
// --group-by).
using Groups = std::array<std::string, stream::kPlanActionCount>;

std::string Joined(const Groups& g) {
  std::string out;
  for (Action a : kGroupOrder) out += g[static_cast<size_t>(a)];
  return out;
}

// --group-by module, text: a module's header at two spaces per level above
// its own, its lines two spaces further in; the root's lines first, bare.
void AppendTextTree(const ModuleTree& tree, const std::vector<Groups>& groups, size_t i, const Flavor& flavor,
                    std::string* out) {
  const ModuleTree::Node& n = tree.node(i);
  std::string pad(2 * static_cast<size_t>(n.depth), ' ');
  if (i != 0) {
    out->append(pad.size() - 2, ' ');
    *out += n.address + " (" + CountsPhrase(tree.Counts(i, flavor)) + ")\n";
  }
  for (Action a : kGroupOrder) {
    const std::string& g = groups[i][static_cast<size_t>(a)];
    for (size_t p = 0; p < g.size();) {
      size_t nl = g.find('\n', p);
      *out += pad;
      out->append(g, p, nl + 1 - p);
      p = nl + 1;
    }
  }
  for (size_t c : n.children) AppendTextTree(tree, groups, c, flavor, out);
}

// --group-by module, Markdown: a module's lines, then a nested <details> per
// child module.
void AppendMarkdownTree(const ModuleTree& tree, const std::vector<Groups>& groups, size_t i, const Flavor& flavor,
                        std::string* out) {
  const ModuleTree::Node& n = tree.node(i);
  *out += Joined(groups[i]);
  for (size_t c : n.children) {
    const ModuleTree::Node& child = tree.node(c);
    if (!out->empty() && out->back() == '\n') out->push_back('\n');
    *out += "<details><summary><code>" + HtmlEscape(child.address) + "</code> (" +
            HtmlEscape(CountsPhrase(tree.Counts(c, flavor))) + ")</summary>\n\n";
    AppendMarkdownTree(tree, groups, c, flavor, out);
    *out += "\n</details>\n";
  }
}

MarkdownUnit ListUnit(std::string summary_html, std::string body) {
  MarkdownUnit u;
  u.head = "<details><summary>" + summary_html + "</summary>\n\n";
  u.body = std::move(body);
  u.after = "\n</details>\n\n";
  return u;
}

Status WriteMarkdown(const PlanContext& ctx, const ModuleTree& tree, const std::vector<Groups>& groups,
                     buffer::OutputSink* out, Report* report) {
  const Options& options = ctx.opt;
  std::string head;
  Status s = DestroyAlert(ctx, &head);
  if (!s.ok()) return s;
  if (QualitiesOf(ctx).errored) head += "**Planning failed.** ";
  std::string line = PlanSummaryLine(ctx.facts, ctx.colorize);  // colour is off
  head += "**Plan:**" + line.substr(std::string_view("Plan:").size()) + "\n";
  if (options.filter.active()) head += "\n" + FilteredOutLine(ctx.facts) + "\n";
  head += "\n" + MarkdownCountTable(ctx.facts);

  MarkdownParts parts(options.max_bytes, options.output_prefix, out);
  parts.set_title(options.title);
  parts.set_max_parts(options.max_parts, options.details_url);
  auto add = [&](const MarkdownUnit& u) {
    Status st = parts.Add(u);
    if (!st.ok() && parts.too_large() && report != nullptr) report->too_large = true;
    return st;
  };
  MarkdownUnit first;
  first.head = head;
  if (!(s = add(first)).ok()) return s;
  if (!options.group_by_module) {
    for (Action a : kGroupOrder) {
      const std::string& g = groups[0][static_cast<size_t>(a)];
      if (g.empty()) continue;
      std::string symbol = PlainSymbol(a);
      std::string summary = symbol.empty() ? "" : "<code>" + HtmlEscape(symbol) + "</code> ";
      summary += HtmlEscape(ActionRowWords(a)) + " (" +
                 std::to_string(ctx.facts.filtered_counts[static_cast<size_t>(a)]) + ")";
      if (!(s = add(ListUnit(summary, g))).ok()) return s;
    }
  } else {
    // The root's own blocks, then one section per top-level module, its
    // submodules nested inside.
    std::string root = Joined(groups[0]);
    if (!root.empty()) {
      size_t blocks = tree.node(0).own_blocks;
      if (!(s = add(ListUnit("root module (" + std::to_string(blocks) + ")", root))).ok()) return s;
    }
    for (size_t c : tree.node(0).children) {
      std::string body;
      AppendMarkdownTree(tree, groups, c, *ctx.flavor, &body);
      std::string summary = "<code>" + HtmlEscape(tree.node(c).address) + "</code> (" +
                            HtmlEscape(CountsPhrase(tree.Counts(c, *ctx.flavor))) + ")";
      if (!(s = add(ListUnit(summary, body))).ok()) return s;
    }
  }
  if (options.detailed_exitcode && !(s = DecideChanges(ctx, report)).ok()) return s;
  return parts.Finish();
}

}  // namespace

Status RenderSummary(const Input& input, const Options& options, ProgressMeter* progress,
                     buffer::OutputSink* out, Report* report) {
  PlanContext ctx(input, options);
  const bool markdown = options.format == Format::kMarkdown;
  std::vector<Groups> groups(1);  // by ModuleTree node
  ModuleTree tree;
  std::array<std::string, stream::kPlanActionCount> symbols;
  // Text: Terraform's padded, coloured symbol; Markdown: the bare symbol as
  // a code span (none for no-op). Both followed by a space.
  for (size_t i = 0; i < symbols.size(); ++i) {
    const Action action = static_cast<Action>(i);
    if (!markdown) {
      symbols[i] = ctx.colorize.Color(render::DiffActionSymbolMarkup(action)) + " ";
    } else if (std::string plain = PlainSymbol(action); !plain.empty()) {
      symbols[i] = CodeSpan(plain) + " ";
    }
  }
  stream::ChangeHooks hooks;
  hooks.on_begin = [&] {
    groups.assign(1, Groups{});
    tree = ModuleTree();
  };
  hooks.on_shown = [&](const stream::ResourceFacts& rf, Action action) {
    size_t node = 0;
    if (options.group_by_module) {
      node = tree.Add(rf.address, action, rf.importing);
      if (node >= groups.size()) groups.resize(node + 1);
    }
    std::string& g = groups[node][static_cast<size_t>(action)];
    if (markdown) {
      g += "- ";
      g += symbols[static_cast<size_t>(action)];
      g += CodeSpan(rf.address);
      if (!rf.deposed.empty()) g += " (deposed object " + CodeSpan(rf.deposed) + ")";
      if (rf.Moved()) g += " (moved from " + CodeSpan(rf.previous_address) + ")";
    } else {
      g += symbols[static_cast<size_t>(action)];
      g += rf.address;  // as is: addresses never go through Color() here
      if (!rf.deposed.empty()) g += " (deposed object " + rf.deposed + ")";
      if (rf.Moved()) g += " (moved from " + rf.previous_address + ")";
    }
    if (rf.importing) g += " (will be imported)";
    g += '\n';
  };
  Status s = ScanPlan(&ctx, progress, hooks);
  if (!s.ok()) return s;
  // The output is held until the end anyway: validate what the scan skipped
  // (PlanFacts::deferred_validation) before writing anything.
  if (!(s = ValidateBeforeOutput(ctx)).ok()) return s;
  if (!(s = CheckSchemasFile(&ctx)).ok()) return s;
  tree.Finish();
  if (markdown) return WriteMarkdown(ctx, tree, groups, out, report);

  bool any = false;
  if (options.group_by_module) {
    std::string text;
    AppendTextTree(tree, groups, 0, *ctx.flavor, &text);
    any = !text.empty();
    out->Append(text);
  } else {
    for (Action a : kGroupOrder) {
      const std::string& g = groups[0][static_cast<size_t>(a)];
      any = any || !g.empty();
      out->Append(g);
      if (!(s = out->MaybeFlush()).ok()) return s;
    }
  }
  if (any) out->Append("\n");
  out->Append(PlanSummaryLine(ctx.facts, ctx.colorize) + "\n");
  if (options.filter.active()) out->Append(FilteredOutLine(ctx.facts) + "\n");
  if (options.detailed_exitcode && !(s = DecideChanges(ctx, report)).ok()) return s;
  return out->Flush();
}

}  // namespace tfstream::pipeline
