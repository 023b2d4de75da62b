// The lines are held, grouped, until the pre-scan has validated the whole
// document (nothing may be written before that): in memory up to 1 MiB, past
// that in temporary files, so the memory stays flat however many blocks are
// shown. Without --group-by, one SpillText per action; with it, one
// BucketedText with a bucket per (module, action), read back in the module
// tree's order. What stays in memory grows only with the number of module
// instances (ModuleTree's nodes and a few counters per bucket).
#include "forms/plan_summary.h"

#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <vector>

#include "buffer/bucketed_text.h"
#include "buffer/spill_text.h"
#include "forms/markdown_alert.h"
#include "forms/markdown_block.h"
#include "forms/markdown_parts.h"
#include "forms/module_tree.h"
#include "forms/plan_markdown.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_run.h"
#include "pipeline/plan_sections.h"
#include "render/plan/plan_totals.h"
#include "render/renderers/util.h"
#include "render/text/word_wrap.h"

namespace tfstream::forms {

using namespace pipeline;
using namespace render::plan;
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

// Where a line's prefix goes in the held lines: a byte that never occurs in
// the lines, which are valid UTF-8 (addresses are decoded as Go does, U+FFFD
// for bad bytes). Each held line starts with it.
constexpr char kSymbolMark = render::Palette::kSymbolOpen;

// What replaces each line's mark, by PlanAction: Terraform's padded,
// coloured symbol and a space; in Markdown "- " and the bare symbol as a
// code span (none for no-op).
using Prefixes = std::array<std::string, stream::kPlanActionCount>;

size_t Bucket(size_t node, Action action) { return node * stream::kPlanActionCount + static_cast<size_t>(action); }

// --group-by module: the lines of a module's subtree, as text or Markdown,
// measured or read. The same walk does both, so that the size a Markdown
// part is planned with is the size written.
class ModuleWalk {
 public:
  ModuleWalk(const ModuleTree& tree, const buffer::BucketedText& lines, const Prefixes& prefixes,
             const Flavor& flavor, bool markdown)
      : tree_(tree), lines_(lines), prefixes_(prefixes), flavor_(flavor), markdown_(markdown) {}

  // The bytes and lines of Walk(i, children).
  void Measure(size_t i, bool children, uint64_t* size, uint64_t* lines) const {
    *size = *lines = 0;
    Visitor v;
    v.text = [&](std::string_view t) {
      *size += t.size();
      *lines += static_cast<uint64_t>(std::count(t.begin(), t.end(), '\n'));
      return true;
    };
    v.bucket = [&](size_t b, uint64_t count, const std::string& replacement, bool*) {
      *size += lines_.size(b) + count * replacement.size() - count;
      *lines += count;
      return Status::Ok();
    };
    bool stopped = false;
    (void)Walk(i, children, /*section_root=*/true, v, &stopped);  // measuring reads nothing: cannot fail
  }

  // Walk(i, children), its text to `piece`.
  Status Read(size_t i, bool children, const std::function<bool(std::string_view)>& piece) const {
    Visitor v;
    v.text = piece;
    v.bucket = [&](size_t b, uint64_t, const std::string& replacement, bool* stopped) {
      return lines_.Read(b, [&](std::string_view t) {
        return !(*stopped = !buffer::ForEachSubstituted(t, kSymbolMark, replacement, piece));
      });
    };
    bool stopped = false;
    return Walk(i, children, /*section_root=*/true, v, &stopped);
  }

 private:
  // Where the walk's text goes: a piece of fixed text, or a bucket's lines
  // with each mark replaced; false stops the walk.
  struct Visitor {
    std::function<bool(std::string_view)> text;
    std::function<Status(size_t bucket, uint64_t lines, const std::string& replacement, bool* stopped)> bucket;
  };

  // Node `i`'s own lines, then (with `children`) its modules': in text, each
  // module's header at two spaces per level above its own and its lines two
  // spaces further in (the root's lines bare); in Markdown, a nested
  // <details> per child module, after a blank line unless it opens the
  // section (`section_root`: node `i` begins the text walked).
  Status Walk(size_t i, bool children, bool section_root, const Visitor& v, bool* stopped) const {
    const ModuleTree::Node& n = tree_.node(i);
    const std::string pad = markdown_ ? "" : std::string(2 * static_cast<size_t>(n.depth), ' ');
    if (!markdown_ && i != 0) {
      std::string header(pad.size() - 2, ' ');
      header += tree_.Address(i) + " (" + CountsPhrase(tree_.Counts(i, flavor_)) + ")\n";
      if (!v.text(header)) return *stopped = true, Status::Ok();
    }
    for (Action a : kGroupOrder) {
      const uint64_t count = n.own[static_cast<size_t>(a)];
      if (count == 0) continue;
      Status s = v.bucket(Bucket(i, a), count, pad + prefixes_[static_cast<size_t>(a)], stopped);
      if (!s.ok() || *stopped) return s;
    }
    if (!children) return Status::Ok();
    for (size_t c = n.first_child; c != ModuleTree::kNone; c = tree_.node(c).next_sibling) {
      if (markdown_) {
        std::string open = "<details><summary><code>" + HtmlEscape(tree_.Address(c)) + "</code> (" +
                           HtmlEscape(CountsPhrase(tree_.Counts(c, flavor_))) + ")</summary>\n\n";
        const bool opens_section = section_root && n.own_blocks == 0 && c == n.first_child;
        if (!v.text(opens_section ? open : "\n" + open)) return *stopped = true, Status::Ok();
      }
      Status s = Walk(c, true, /*section_root=*/false, v, stopped);
      if (!s.ok() || *stopped) return s;
      if (markdown_ && !v.text("\n</details>\n")) return *stopped = true, Status::Ok();
    }
    return Status::Ok();
  }

  const ModuleTree& tree_;
  const buffer::BucketedText& lines_;
  const Prefixes& prefixes_;
  const Flavor& flavor_;
  bool markdown_;
};

// A Markdown section's body: one module's subtree (or the root's own lines).
class ModuleSection : public buffer::TextSource {
 public:
  ModuleSection(const ModuleWalk& walk, size_t node, bool children) : walk_(walk), node_(node), children_(children) {
    walk.Measure(node, children, &size_, &lines_);
  }
  uint64_t size() const override { return size_; }
  uint64_t lines() const override { return lines_; }
  Status Read(const std::function<bool(std::string_view)>& piece) const override {
    return walk_.Read(node_, children_, piece);
  }

 private:
  const ModuleWalk& walk_;
  size_t node_;
  bool children_;
  uint64_t size_ = 0, lines_ = 0;
};

MarkdownUnit ListUnit(std::string summary_html, const buffer::TextSource* body) {
  MarkdownUnit u;
  u.head = "<details><summary>" + summary_html + "</summary>\n\n";
  u.long_body = body;
  u.after = "\n</details>\n\n";
  return u;
}

// The lines held for the summary.
struct HeldLines {
  // Without --group-by: by PlanAction, and how many each holds.
  std::array<buffer::SpillText, stream::kPlanActionCount> by_action;
  std::array<uint64_t, stream::kPlanActionCount> count{};
  // With --group-by: by Bucket(node, action).
  buffer::BucketedText by_module;
  ModuleTree tree;
  Status error;  // the first from the tree, not yet located in the plan

  void Clear() {
    for (buffer::SpillText& g : by_action) g.Clear();
    count = {};
    by_module.Clear();
    tree = ModuleTree();
    error = Status::Ok();
  }
  // The spilled lines' (the tree's error is the caller's to locate).
  Status status() const {
    for (const buffer::SpillText& g : by_action) {
      if (!g.status().ok()) return g.status();
    }
    return by_module.status();
  }
};

// What plan.renderHuman says of output changes: the outputs it lists under
// "Changes to Outputs:" (those whose diff is not a no-op, by name), and
// whether the "Plan:" line is printed at all (not for a plan that changes
// only outputs: it prints no Plan line then, and a summary must not read
// "Plan: 0 to add, ..." for it).
struct OutputChanges {
  std::vector<OutputEntry> changed;
  bool plan_line = true;
  // No resource action counted: Terraform says what applying only outputs means.
  bool no_counts = false;

  // `all`: every output with its action (PlanView::outputs); `drifted`:
  // the objects DriftChanges lists (refresh-only plans).
  void Read(const PlanContext& ctx, const std::vector<OutputEntry>& all, uint64_t drifted) {
    for (const OutputEntry& e : all) {
      if (e.action != Action::kNoOp) changed.push_back(e);
    }
    const stream::PlanFacts& f = ctx.facts;
    plan_line = f.shown_changes > 0 || !f.actions.empty() || (changed.empty() && drifted == 0);
    no_counts = std::all_of(f.counts.begin(), f.counts.end(), [](size_t v) { return v == 0; });
  }
};

// --mode refresh-only: the drift is the plan's change (what applying it
// records, and what --detailed-exitcode counts), which Terraform's text
// shows first and in place of a Plan: line when nothing else changes. One
// line per drifted object it would show (not a plain no-op), in plan order,
// as the planned changes' lines are written; held, prefix included, in a
// SpillText (flat memory however much drifted), each after a mark so that
// MarkedLines can measure and read them.
struct DriftChanges {
  buffer::SpillText lines;
  uint64_t count = 0;

  // One drift entry the run pushes (Needs::drift_facts).
  void Add(const BlockView& block, const Prefixes& prefixes, bool markdown) {
    if (!block.known_action) return;
    const stream::ResourceFacts& rf = *block.change;
    line = kSymbolMark;  // dropped when read (Marked): each line holds one
    line += prefixes[static_cast<size_t>(block.plan_action)];
    line += markdown ? CodeSpan(rf.address) : rf.address;
    if (!rf.deposed.empty()) {
      line += " (deposed object " + (markdown ? CodeSpan(rf.deposed) : rf.deposed) + ")";
    }
    if (rf.Moved()) {
      line += " (moved from " + (markdown ? CodeSpan(rf.previous_address) : rf.previous_address) + ")";
    }
    line += '\n';
    lines.Append(line);
    ++count;
  }
  std::string line;  // scratch
  // The lines as written: their prefixes are in place, the marks dropped.
  buffer::MarkedLines Marked() const { return buffer::MarkedLines(&lines, count, kSymbolMark, ""); }
};

Status WriteMarkdown(const PlanContext& ctx, const HeldLines& held, const ModuleWalk& walk,
                     const Prefixes& prefixes, const DriftChanges& drift, const OutputChanges& outputs,
                     const PlanView& plan, buffer::OutputSink* out, Report* report) {
  const Options& options = ctx.opt;
  const Flavor& flavor = *ctx.flavor;
  const ModuleTree& tree = held.tree;
  std::string head;
  Status s = DestroyAlert(ctx, &head);
  if (!s.ok()) return s;
  if (plan.errored) head += "**Planning failed.** ";
  if (outputs.plan_line) {
    std::string line =
        PlanSummaryLine(ctx.facts, ctx.colorize, flavor);  // colour is off; ends in its newline
    head += "**Plan:**" + line.substr(std::string_view("Plan:").size());
    if (options.filter.active()) {
      head += '\n';
      head += FilteredOutLine(ctx.facts);
      head += '\n';
    }
  } else if (drift.count > 0) {
    head += flavor.Wording("**Objects have changed outside of {product}.** This is a refresh-only plan.\n");
  } else {
    head += flavor.Wording(
        "**Changes to Outputs.** You can apply this plan to save these new output values to the {product} "
        "state, without changing any real infrastructure.\n");
  }
  head += "\n" + MarkdownCountTable(ctx.facts, flavor);

  MarkdownParts parts(options.max_bytes, options.output_prefix, out);
  ConfigureParts(options, report, &parts);
  MarkdownUnit first;
  first.head = head;
  if (!(s = parts.Add(first)).ok()) return s;
  if (drift.count > 0) {
    const buffer::MarkedLines body = drift.Marked();
    std::string summary =
        flavor.Wording("Objects have changed outside of {product} (") + std::to_string(drift.count) + ")";
    if (!(s = parts.Add(ListUnit(summary, &body))).ok()) return s;
  }
  if (!options.group_by_module) {
    for (Action a : kGroupOrder) {
      const uint64_t count = held.count[static_cast<size_t>(a)];
      if (count == 0) continue;
      buffer::MarkedLines body(&held.by_action[static_cast<size_t>(a)], count, kSymbolMark,
                               prefixes[static_cast<size_t>(a)]);
      std::string symbol = PlainSymbol(a, flavor);
      std::string summary = symbol.empty() ? "" : "<code>" + HtmlEscape(symbol) + "</code> ";
      summary += HtmlEscape(ActionRowWords(a, flavor)) + " (" +
                 std::to_string(ctx.facts.filtered_counts[static_cast<size_t>(a)]) + ")";
      if (!(s = parts.Add(ListUnit(summary, &body))).ok()) return s;
    }
  } else {
    // The root's own blocks, then one section per top-level module, its
    // submodules nested inside.
    if (tree.node(0).own_blocks > 0) {
      ModuleSection root(walk, 0, /*children=*/false);
      std::string summary = "root module (" + std::to_string(tree.node(0).own_blocks) + ")";
      if (!(s = parts.Add(ListUnit(summary, &root))).ok()) return s;
    }
    for (size_t c = tree.node(0).first_child; c != ModuleTree::kNone; c = tree.node(c).next_sibling) {
      ModuleSection section(walk, c, /*children=*/true);
      std::string summary = "<code>" + HtmlEscape(tree.Address(c)) + "</code> (" +
                            HtmlEscape(CountsPhrase(tree.Counts(c, flavor))) + ")";
      if (!(s = parts.Add(ListUnit(summary, &section))).ok()) return s;
    }
  }
  if (!outputs.changed.empty()) {
    MarkdownUnit list;
    list.head =
        "<details><summary>Changes to Outputs (" + std::to_string(outputs.changed.size()) + ")</summary>\n\n";
    for (const OutputEntry& o : outputs.changed) {
      list.body += prefixes[static_cast<size_t>(o.action)] + CodeSpan(o.name) + "\n";
    }
    list.after = "\n</details>\n\n";
    if (!(s = parts.Add(list)).ok()) return s;
  }
  return parts.Finish();
}

// The module tree's nodes, parents before children, children in order.
void TreeOrder(const ModuleTree& tree, size_t i, std::vector<size_t>* buckets) {
  for (Action a : kGroupOrder) buckets->push_back(Bucket(i, a));
  for (size_t c = tree.node(i).first_child; c != ModuleTree::kNone; c = tree.node(c).next_sibling) {
    TreeOrder(tree, c, buckets);
  }
}

// The lines are made as the pre-scan finds the blocks (Scanned), the drift
// lines of a refresh-only plan as the run pushes them; all are written at
// Finish, once the whole document is known to be good.
class SummarySink : public Sink {
 public:
  SummarySink(const Options& options, buffer::OutputSink* out, Report* report)
      : options_(options), markdown_(options.format == Format::kMarkdown), out_(out), report_(report) {}

  Needs needs() const override {
    Needs n;
    n.text = false;
    // The output is held until the end anyway: what the scan skipped is
    // validated before anything is written, its pages given back as it goes
    // (or a 3 GB plan would end up resident).
    n.validated_before_output = true;
    n.scan_facts = true;
    n.drift_facts = options_.mode == PlanMode::kRefreshOnly;
    n.output_actions = true;
    return n;
  }
  void ScanRestarted() override { held_.Clear(); }
  void Scanned(const stream::ResourceFacts& rf, Action action) override {
    line_ = kSymbolMark;
    if (markdown_) {
      line_ += CodeSpan(rf.address);
      if (!rf.deposed.empty()) line_ += " (deposed object " + CodeSpan(rf.deposed) + ")";
      if (rf.Moved()) line_ += " (moved from " + CodeSpan(rf.previous_address) + ")";
    } else {
      line_ += rf.address;  // as is: addresses never go through Color() here
      if (!rf.deposed.empty()) line_ += " (deposed object " + rf.deposed + ")";
      if (rf.Moved()) line_ += " (moved from " + rf.previous_address + ")";
    }
    if (rf.importing) line_ += " (will be imported)";
    line_ += '\n';
    if (options_.group_by_module) {
      size_t node = 0;
      Status added = held_.tree.Add(rf.address, action, rf.importing, &node);
      if (!added.ok() && held_.error.ok()) held_.error = added;
      held_.by_module.Append(Bucket(node, action), line_);
    } else {
      held_.by_action[static_cast<size_t>(action)].Append(line_);
      ++held_.count[static_cast<size_t>(action)];
    }
  }

  Status Begin(const PlanView& plan) override {
    const PlanContext& ctx = plan.ctx;
    if (!held_.error.ok()) return ctx.PlanError(held_.error);
    if (Status s = held_.status(); !s.ok()) return s;  // before anything is written
    held_.tree.Finish();
    if (options_.group_by_module) {
      std::vector<size_t> order;
      TreeOrder(held_.tree, 0, &order);
      held_.by_module.Arrange(order);
    }
    for (size_t i = 0; i < prefixes_.size(); ++i) {
      const Action action = static_cast<Action>(i);
      if (!markdown_) {
        prefixes_[i] = ctx.colorize.Color(render::DiffActionSymbolMarkup(action, *ctx.flavor)) + " ";
      } else {
        std::string plain = PlainSymbol(action, *ctx.flavor);
        prefixes_[i] = plain.empty() ? "- " : "- " + CodeSpan(plain) + " ";
      }
    }
    return Status::Ok();
  }
  Status Block(const BlockView& block) override {
    drift_.Add(block, prefixes_, markdown_);
    return Status::Ok();
  }
  Status Finish(const PlanView& plan) override;

 private:
  const Options& options_;
  const bool markdown_;
  buffer::OutputSink* out_;
  Report* report_;
  HeldLines held_;
  std::string line_;   // scratch
  Prefixes prefixes_;
  DriftChanges drift_;
};

Status SummarySink::Finish(const PlanView& plan) {
  const PlanContext& ctx = plan.ctx;
  const Options& options = options_;
  const HeldLines& held = held_;
  const Prefixes& prefixes = prefixes_;
  const DriftChanges& drift = drift_;
  buffer::OutputSink* out = out_;
  Status s = drift.lines.status();
  if (!s.ok()) return s;
  OutputChanges outputs;
  outputs.Read(ctx, plan.outputs, drift.count);
  const ModuleWalk walk(held.tree, held.by_module, prefixes, *ctx.flavor, markdown_);
  if (markdown_) return WriteMarkdown(ctx, held, walk, prefixes, drift, outputs, plan, out, report_);

  if (drift.count > 0) {
    out->Append(ctx.flavor->Wording("Objects have changed outside of {product}:\n"));
    const buffer::MarkedLines lines = drift.Marked();
    s = out->AppendPieces([&](const buffer::PieceFn& piece) { return lines.Read(piece); });
    if (!s.ok()) return s;
    out->Append(
        render::text::WordWrap(
            ctx.flavor->Wording("\nThis is a refresh-only plan, so {product} will not take any actions to "
                                "undo these. If you were expecting these changes then you can apply this "
                                "plan to record the updated values in the {product} state without changing "
                                "any remote objects."),
            options.width) +
        "\n");
    // A blank line before whatever follows.
    const bool blocks = options.group_by_module ? held.tree.node(0).total_blocks > 0
                                                : std::any_of(held.count.begin(), held.count.end(),
                                                              [](uint64_t n) { return n > 0; });
    if (blocks || outputs.plan_line || !outputs.changed.empty()) out->Append("\n");
  }
  bool any = false;
  if (!options.group_by_module) {
    for (Action a : kGroupOrder) {
      const buffer::MarkedLines lines(&held.by_action[static_cast<size_t>(a)], held.count[static_cast<size_t>(a)],
                                      kSymbolMark, prefixes[static_cast<size_t>(a)]);
      any = any || lines.lines() > 0;
      if (!(s = out->AppendPieces([&](const buffer::PieceFn& piece) { return lines.Read(piece); })).ok()) return s;
    }
  } else {
    any = held.tree.node(0).total_blocks > 0;
    s = out->AppendPieces([&](const buffer::PieceFn& piece) { return walk.Read(0, /*children=*/true, piece); });
    if (!s.ok()) return s;
  }
  if (any) out->Append("\n");
  if (outputs.plan_line) {
    out->Append(PlanSummaryLine(ctx.facts, ctx.colorize, *ctx.flavor));
    if (options.filter.active()) out->Append(FilteredOutLine(ctx.facts) + "\n");
  }
  // After the Plan line, as plan.renderHuman: one line per output change,
  // its action's symbol and its name (escaped as renderHumanDiffOutputs
  // does), no values.
  if (!outputs.changed.empty()) {
    if (outputs.plan_line) out->Append("\n");
    out->Append("Changes to Outputs:\n");
    for (const OutputEntry& o : outputs.changed) {
      out->Append(prefixes[static_cast<size_t>(o.action)] + render::renderers::EscapedAttributeName(o.name, render::renderers::QuoteUnicode(*ctx.flavor)) +
                  "\n");
    }
    if (outputs.no_counts) {
      out->Append(
          render::text::WordWrap(ctx.flavor->Wording("\nYou can apply this plan to save these new output "
                                                     "values to the {product} state, without changing "
                                                     "any real infrastructure."),
                                 options.width) +
          "\n");
    }
  }
  return out->Flush();
}

}  // namespace

std::unique_ptr<Sink> MakeSummarySink(const Options& options, buffer::OutputSink* out, Report* report) {
  return std::make_unique<SummarySink>(options, out, report);
}

}  // namespace tfstream::forms
