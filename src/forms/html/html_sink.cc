#include "forms/html/html_sink.h"

#include <algorithm>
#include <string>

#include "forms/html/block_address.h"
#include "forms/html/html_report.h"
#include "forms/module_tree.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_run.h"
#include "render/plan/plan_totals.h"
#include "pipeline/state_run.h"
#include "render/text/colorize.h"
#include "stream/pre_scan.h"

namespace tfstream::forms {
namespace {

using html::EntryInfo;
using html::EntryKind;
using html::HtmlReport;
using html::ReportMeta;
using pipeline::BlockView;
using pipeline::Section;

std::string_view SectionName(Section section) {
  switch (section) {
    case Section::kDrift:
      return "drift";
    case Section::kDeferred:
      return "deferred";
    case Section::kPlannedChanges:
      return "changes";
    case Section::kActionInvocations:
      return "actions";
    case Section::kOutputs:
    case Section::kStateOutputs:
      return "outputs";
    case Section::kStateResources:
      return "state";
    default:
      return "other";
  }
}

class HtmlSink : public pipeline::Sink {
 public:
  HtmlSink(const pipeline::Options& options, buffer::OutputSink* out)
      // Compression runs beside the block workers (perf/README.md, "HTML report").
      : report_(out, std::clamp(options.jobs, 1, 8)) {
    meta_.document = DocumentNoun(options.document);
    meta_.title = !options.title.empty() ? options.title : "tfstream " + meta_.document + " report";
    meta_.color = options.color;
  }

  pipeline::Needs needs() const override {
    pipeline::Needs n;
    n.block_facts = true;
    return n;
  }

  Status Text(const pipeline::TextPiece& piece) override {
    if (piece.text.empty()) return Status::Ok();
    if (Status s = Open(); !s.ok()) return s;
    if (!in_text_) {
      report_.StartEntry({EntryKind::kText, "other", {}, {}, {}});
      in_text_ = true;
    }
    report_.AppendText(piece.text);
    return Status::Ok();
  }

  Status Block(const BlockView& block) override {
    std::string_view text = block.text;
    size_t lead = 0;
    while (lead < text.size() && text[lead] == '\n') ++lead;
    if (Status s = Text({block.section, pipeline::Part::kBody, text.substr(0, lead)}); !s.ok()) return s;
    text.remove_prefix(lead);
    if (text.empty()) return Status::Ok();
    if (Status s = EndText(); !s.ok()) return s;
    std::string address = BlockAddress(block, text);
    std::string module(block.module_address);
    if (module.empty()) module = ModuleOfAddress(address);
    std::string_view section = SectionName(block.section);
    std::string_view action = block.section == Section::kStateResources ? "" : block.action;
    Tally(section, action);
    report_.StartEntry({EntryKind::kBlock, section, address, action, module});
    report_.AppendText(text);
    return report_.EndEntry();
  }

  Status Finish(const pipeline::PlanView& plan) override {
    ReadRunFacts(plan.ctx);
    bool errored = plan.errored, no_changes = plan.no_changes_quality;
    meta_.quality = errored ? "errored" : no_changes ? "no-changes" : "";
    const stream::PlanFacts& facts = plan.ctx.facts;
    if (facts.shown_changes > 0 || !facts.actions.empty()) {
      std::string line = render::plan::PlanSummaryLine(facts, render::text::Colorize(false), *plan.ctx.flavor);
      while (!line.empty() && line.back() == '\n') line.pop_back();
      meta_.totals_line = line;
    }
    for (std::string_view word : {"create", "update", "replace", "delete", "read", "forget", "no-op"}) {
      size_t n = Count("changes", word);
      if (n > 0) meta_.counts.emplace_back(std::string(word), n);
    }
    meta_.drift_count = Count("drift", {});
    meta_.destroy_count = Count("changes", "delete") + Count("changes", "replace");
    return Close();
  }

  Status Finish(const pipeline::StateView& state) override {
    ReadRunFacts(state.ctx);
    return Close();
  }

 private:
  Status Open() {
    if (begun_) return Status::Ok();
    begun_ = true;
    return report_.Begin(meta_.title);
  }
  Status EndText() {
    if (!in_text_) return Status::Ok();
    in_text_ = false;
    return report_.EndEntry();
  }
  Status Close() {
    if (Status s = Open(); !s.ok()) return s;
    if (Status s = EndText(); !s.ok()) return s;
    return report_.Finish(meta_);
  }
  void ReadRunFacts(const pipeline::PlanContext& ctx) {
    meta_.flavor = std::string(ctx.flavor->name);
    meta_.release = ctx.flavor->release.Name();
  }

  // The run's address, with the deposed key; a state's block names its own
  // in its first line.
  static std::string BlockAddress(const BlockView& block, std::string_view text) {
    if (block.section == Section::kStateResources && block.address.empty()) {
      return html::StateBlockAddress(text.substr(0, text.find('\n')));
    }
    std::string address(block.address);
    if (block.change != nullptr && !block.change->deposed.empty()) {
      address += " (deposed object ";
      address += block.change->deposed;
      address += ")";
    }
    return address;
  }

  void Tally(std::string_view section, std::string_view action) {
    for (TallyEntry& t : tallies_) {
      if (t.section == section && t.action == action) {
        ++t.count;
        return;
      }
    }
    tallies_.push_back({std::string(section), std::string(action), 1});
  }
  size_t Count(std::string_view section, std::string_view action) const {
    size_t n = 0;
    for (const TallyEntry& t : tallies_) {
      if (t.section == section && (action.empty() || t.action == action)) n += t.count;
    }
    return n;
  }

  HtmlReport report_;
  ReportMeta meta_;
  bool begun_ = false;
  bool in_text_ = false;
  struct TallyEntry {
    std::string section, action;
    size_t count;
  };
  std::vector<TallyEntry> tallies_;
};

}  // namespace

std::unique_ptr<pipeline::Sink> MakeHtmlSink(const pipeline::Options& options, buffer::OutputSink* out) {
  return std::make_unique<HtmlSink>(options, out);
}

}  // namespace tfstream::forms
