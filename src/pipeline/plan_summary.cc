// The lines are held, grouped, until the pre-scan has validated the whole
// document (nothing may be written before that). The text summary keeps them
// in memory up to 1 MiB a group, past that in temporary files
// (buffer/spill_text.h), so that the memory stays flat however many blocks
// are shown; --group-by module and the Markdown summary keep them in memory
// (the output itself, one short line per shown block, never the input's).
#include "pipeline/plan_summary.h"

#include <array>
#include <string>
#include <vector>

#include "buffer/spill_text.h"
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

// One module's lines (all of them without --group-by), by PlanAction: each
// without the symbol, which is the flavour's (settled after the scan), and
// where each line starts.
struct Lines {
  std::array<std::string, stream::kPlanActionCount> text;
  std::array<std::vector<size_t>, stream::kPlanActionCount> starts;
};

// What goes before each line's text, by PlanAction: Terraform's padded,
// coloured symbol and a space; in Markdown "- " and the bare symbol as a
// code span (none for no-op).
using Prefixes = std::array<std::string, stream::kPlanActionCount>;

// The lines of `lines` in group order, each after `pad` and its prefix.
void AppendLines(const Lines& lines, const Prefixes& prefixes, std::string_view pad, std::string* out) {
  for (Action a : kGroupOrder) {
    const std::string& g = lines.text[static_cast<size_t>(a)];
    const std::vector<size_t>& at = lines.starts[static_cast<size_t>(a)];
    for (size_t i = 0; i < at.size(); ++i) {
      out->append(pad);
      out->append(prefixes[static_cast<size_t>(a)]);
      out->append(std::string_view(g).substr(at[i], (i + 1 < at.size() ? at[i + 1] : g.size()) - at[i]));
    }
  }
}

// --group-by module, text: a module's header at two spaces per level above
// its own, its lines two spaces further in; the root's lines first, bare.
void AppendTextTree(const ModuleTree& tree, const std::vector<Lines>& lines, const Prefixes& prefixes, size_t i,
                    const Flavor& flavor, std::string* out) {
  const ModuleTree::Node& n = tree.node(i);
  std::string pad(2 * static_cast<size_t>(n.depth), ' ');
  if (i != 0) {
    out->append(pad.size() - 2, ' ');
    *out += n.address + " (" + CountsPhrase(tree.Counts(i, flavor)) + ")\n";
  }
  AppendLines(lines[i], prefixes, pad, out);
  for (size_t c : n.children) AppendTextTree(tree, lines, prefixes, c, flavor, out);
}

// --group-by module, Markdown: a module's lines, then a nested <details> per
// child module.
void AppendMarkdownTree(const ModuleTree& tree, const std::vector<Lines>& lines, const Prefixes& prefixes,
                        size_t i, const Flavor& flavor, std::string* out) {
  const ModuleTree::Node& n = tree.node(i);
  AppendLines(lines[i], prefixes, "", out);
  for (size_t c : n.children) {
    const ModuleTree::Node& child = tree.node(c);
    if (!out->empty() && out->back() == '\n') out->push_back('\n');
    *out += "<details><summary><code>" + HtmlEscape(child.address) + "</code> (" +
            HtmlEscape(CountsPhrase(tree.Counts(c, flavor))) + ")</summary>\n\n";
    AppendMarkdownTree(tree, lines, prefixes, c, flavor, out);
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

Status WriteMarkdown(const PlanContext& ctx, const ModuleTree& tree, const std::vector<Lines>& lines,
                     const Prefixes& prefixes, buffer::OutputSink* out, Report* report) {
  const Options& options = ctx.opt;
  const Flavor& flavor = *ctx.flavor;
  std::string head;
  Status s = DestroyAlert(ctx, &head);
  if (!s.ok()) return s;
  bool errored = false, no_changes_quality = false;
  ResolveQuality(ctx, &errored, &no_changes_quality);
  if (errored) head += "**Planning failed.** ";
  std::string line = PlanSummaryLine(ctx.facts, ctx.colorize, flavor);  // colour is off; ends in its newline
  head += "**Plan:**" + line.substr(std::string_view("Plan:").size());
  if (options.filter.active()) head += "\n" + FilteredOutLine(ctx.facts) + "\n";
  head += "\n" + MarkdownCountTable(ctx.facts, flavor);

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
      if (lines[0].starts[static_cast<size_t>(a)].empty()) continue;
      Lines one;
      one.text[static_cast<size_t>(a)] = lines[0].text[static_cast<size_t>(a)];
      one.starts[static_cast<size_t>(a)] = lines[0].starts[static_cast<size_t>(a)];
      std::string body;
      AppendLines(one, prefixes, "", &body);
      std::string symbol = PlainSymbol(a, flavor);
      std::string summary = symbol.empty() ? "" : "<code>" + HtmlEscape(symbol) + "</code> ";
      summary += HtmlEscape(ActionRowWords(a, flavor)) + " (" +
                 std::to_string(ctx.facts.filtered_counts[static_cast<size_t>(a)]) + ")";
      if (!(s = add(ListUnit(summary, std::move(body)))).ok()) return s;
    }
  } else {
    // The root's own blocks, then one section per top-level module, its
    // submodules nested inside.
    std::string root;
    AppendLines(lines[0], prefixes, "", &root);
    if (!root.empty()) {
      size_t blocks = tree.node(0).own_blocks;
      if (!(s = add(ListUnit("root module (" + std::to_string(blocks) + ")", root))).ok()) return s;
    }
    for (size_t c : tree.node(0).children) {
      std::string body;
      AppendMarkdownTree(tree, lines, prefixes, c, flavor, &body);
      std::string summary = "<code>" + HtmlEscape(tree.node(c).address) + "</code> (" +
                            HtmlEscape(CountsPhrase(tree.Counts(c, flavor))) + ")";
      if (!(s = add(ListUnit(summary, body))).ok()) return s;
    }
  }
  if (options.detailed_exitcode && !(s = DecideChanges(ctx, report)).ok()) return s;
  if (!(s = parts.Finish()).ok()) return s;
  return Status::Ok();
}

// Where a line's symbol goes in the text summary's spilled groups: a byte
// that never occurs in the lines, which are valid UTF-8 (addresses are
// decoded as Go does, U+FFFD for bad bytes).
constexpr char kSymbolMark = render::Palette::kSymbolOpen;

}  // namespace

Status RenderSummary(const Input& input, const Options& options, ProgressMeter* progress,
                     buffer::OutputSink* out, Report* report) {
  PlanContext ctx(input, options);
  const bool markdown = options.format == Format::kMarkdown;
  // The plain text summary: by PlanAction, the lines, each starting with
  // kSymbolMark where its symbol goes (the flavour's, settled after the scan).
  const bool spilled = !markdown && !options.group_by_module;
  std::array<buffer::SpillText, stream::kPlanActionCount> groups;
  std::vector<Lines> lines(1);  // by ModuleTree node, otherwise
  ModuleTree tree;
  stream::ChangeHooks hooks;
  hooks.on_begin = [&] {
    for (buffer::SpillText& g : groups) g.Clear();
    lines.assign(1, Lines{});
    tree = ModuleTree();
  };
  std::string line;
  hooks.on_shown = [&](const stream::ResourceFacts& rf, Action action) {
    if (spilled) {
      line = kSymbolMark;
      line += ' ';
      line += rf.address;  // as is: addresses never go through Color() here
      if (!rf.deposed.empty()) line += " (deposed object " + rf.deposed + ")";
      if (rf.Moved()) line += " (moved from " + rf.previous_address + ")";
      if (rf.importing) line += " (will be imported)";
      line += '\n';
      groups[static_cast<size_t>(action)].Append(line);
      return;
    }
    size_t node = 0;
    if (options.group_by_module) {
      node = tree.Add(rf.address, action, rf.importing);
      if (node >= lines.size()) lines.resize(node + 1);
    }
    std::string& g = lines[node].text[static_cast<size_t>(action)];
    lines[node].starts[static_cast<size_t>(action)].push_back(g.size());
    if (markdown) {
      g += CodeSpan(rf.address);
      if (!rf.deposed.empty()) g += " (deposed object " + CodeSpan(rf.deposed) + ")";
      if (rf.Moved()) g += " (moved from " + CodeSpan(rf.previous_address) + ")";
    } else {
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
  // (PlanFacts::deferred_validation) before writing anything, giving its
  // pages back as it goes (or a 3 GB plan would end up resident).
  if (!(s = ValidateBeforeOutput(ctx)).ok()) return s;
  if (!(s = CheckSchemasFile(&ctx)).ok()) return s;
  for (const buffer::SpillText& g : groups) {
    if (!g.status().ok()) return g.status();  // before anything is written
  }
  tree.Finish();
  Prefixes prefixes;
  for (size_t i = 0; i < prefixes.size(); ++i) {
    const Action action = static_cast<Action>(i);
    if (!markdown) {
      prefixes[i] = ctx.colorize.Color(render::DiffActionSymbolMarkup(action, *ctx.flavor)) + " ";
    } else {
      std::string plain = PlainSymbol(action, *ctx.flavor);
      prefixes[i] = plain.empty() ? "- " : "- " + CodeSpan(plain) + " ";
    }
  }
  if (markdown) {
    if (!(s = WriteMarkdown(ctx, tree, lines, prefixes, out, report)).ok()) return s;
    TakeNotes(ctx, report);
    return s;
  }

  bool any = false;
  if (spilled) {
    for (Action a : kGroupOrder) {
      const buffer::SpillText& g = groups[static_cast<size_t>(a)];
      any = any || !g.empty();
      const std::string symbol = ctx.colorize.Color(render::DiffActionSymbolMarkup(a, *ctx.flavor));
      if (!(s = g.WriteTo(out, kSymbolMark, symbol)).ok()) return s;
    }
  } else {
    std::string text;
    AppendTextTree(tree, lines, prefixes, 0, *ctx.flavor, &text);
    any = !text.empty();
    out->Append(text);
  }
  if (any) out->Append("\n");
  out->Append(PlanSummaryLine(ctx.facts, ctx.colorize, *ctx.flavor));
  if (options.filter.active()) out->Append(FilteredOutLine(ctx.facts) + "\n");
  if (options.detailed_exitcode && !(s = DecideChanges(ctx, report)).ok()) return s;
  if (!(s = out->Flush()).ok()) return s;
  TakeNotes(ctx, report);
  return s;
}

}  // namespace tfstream::pipeline
