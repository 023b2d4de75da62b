#include "forms/html/render_html.h"

#include <algorithm>
#include <optional>
#include <string>

#include "forms/html/html_report.h"
#include "forms/html/text_entries.h"
#include "forms/plan_text.h"
#include "forms/state_text.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_totals.h"
#include "render/text/colorize.h"
#include "stream/plan_action.h"

namespace tfstream::forms {

namespace {

using html::HtmlReport;
using html::ReportMeta;
using html::TextEntries;

// The run's facts the page's header shows, read at the end of the run.
void ReadRunFacts(const pipeline::PlanContext& ctx, ReportMeta* meta) {
  meta->flavor = std::string(ctx.flavor->name);
  meta->release = ctx.flavor->release.Name();
  if (ctx.opt.state) return;
  bool errored = false, no_changes = false;
  pipeline::ResolveQuality(ctx, &errored, &no_changes);
  meta->quality = errored ? "errored" : no_changes ? "no-changes" : "";
  const stream::PlanFacts& facts = ctx.facts;
  if (facts.shown_changes > 0 || !facts.actions.empty()) {
    std::string line = pipeline::PlanSummaryLine(facts, render::text::Colorize(false), *ctx.flavor);
    while (!line.empty() && line.back() == '\n') line.pop_back();
    meta->totals_line = line;
  }
}

}  // namespace

Status RenderHtml(const pipeline::Input& input, const pipeline::Options& options, pipeline::ProgressMeter* progress,
                  buffer::OutputSink* out, pipeline::Report* report) {
  ReportMeta meta;
  meta.document = options.state ? "state" : "plan";
  meta.title = !options.title.empty() ? options.title
                                      : options.state ? "tfstream state report" : "tfstream plan report";
  meta.color = options.color;
  // Compression runs beside the block workers; it takes about half the
  // rendering's time (perf/README.md), so as many threads as they are.
  HtmlReport html(out, std::clamp(options.jobs, 1, 8));
  TextEntries entries(&html);
  bool begun = false;
  Status head;
  buffer::OutputSink text([&](std::string_view piece) {
    if (!begun) {
      begun = true;
      head = html.Begin(meta.title);
    }
    entries.Consume(piece);
  });
  text.set_block_observer([&](uint64_t position, std::string_view block, const buffer::BlockOrigin& origin) {
    entries.Observe(position, block, origin);
  });
  bool ran = false;
  auto at_end = [&](const pipeline::PlanContext& ctx) {
    ran = true;
    ReadRunFacts(ctx, &meta);
  };
  Status s = options.state ? RenderStateText(input, options, progress, &text, report, at_end)
                           : RenderText(input, options, progress, &text, report, at_end);
  Status flushed = text.Flush();
  if (!begun) {
    if (!s.ok()) return s;  // nothing written: the error alone
    begun = true;
    head = html.Begin(meta.title);
  }
  if (!head.ok()) return head;
  Status cut = entries.Finish();
  if (ran) {
    if (!options.state) {
      for (stream::PlanAction a : {stream::PlanAction::kCreate, stream::PlanAction::kUpdate,
                                   stream::PlanAction::kDeleteThenCreate, stream::PlanAction::kDelete,
                                   stream::PlanAction::kRead, stream::PlanAction::kForget,
                                   stream::PlanAction::kNoOp}) {
        std::string word(stream::ActionWord(a));
        size_t n = entries.Count("changes", word);
        if (n > 0) meta.counts.emplace_back(word, n);
      }
      meta.drift_count = entries.Count("drift");
      meta.destroy_count = entries.Count("changes", "delete") + entries.Count("changes", "replace");
    }
  }
  Status finished = html.Finish(meta);
  if (!s.ok()) return s;
  if (!flushed.ok()) return flushed;
  if (!cut.ok()) return cut;
  return finished;
}

}  // namespace tfstream::forms
