// Picks the form's sink and the run for the document, and draws --progress
// around the run.
#include "forms/render_plan.h"

#include <memory>

#include "forms/html/html_sink.h"
#include "forms/plan_bundle.h"
#include "forms/plan_json.h"
#include "forms/plan_markdown.h"
#include "forms/plan_summary.h"
#include "forms/state_bundle.h"
#include "forms/state_summary.h"
#include "forms/text_sink.h"
#include "pipeline/plan_run.h"
#include "pipeline/progress_meter.h"
#include "pipeline/state_run.h"

namespace tfstream::forms {

using pipeline::Format;
using pipeline::Input;
using pipeline::Options;
using pipeline::ProgressMeter;
using pipeline::Report;

Status RenderPlan(const Input& input, const Options& options, buffer::OutputSink* out, Report* report) {
  std::unique_ptr<ProgressMeter> progress;
  if (options.progress_fd >= 0) {
    progress = std::make_unique<ProgressMeter>(input.plan.size(), options.progress_columns, options.progress_fd,
                                               options.progress_delay);
    if (options.stdout_is_terminal) {
      out->set_before_write([meter = progress.get()](std::string_view text) { meter->BeforeOutput(text); });
    }
  }
  // The document chooses the run; the form, the sink.
  const bool state = options.document == DocumentKind::kState;
  std::unique_ptr<pipeline::Sink> sink;
  if (options.format == Format::kHtml) {
    sink = MakeHtmlSink(options, out);
  } else if (state && options.bundle) {
    sink = MakeStateBundleSink(out);
  } else if (state && options.format == Format::kJson) {
    sink = MakeStateJsonSink(out);
  } else if (state && options.summary) {
    sink = MakeStateSummarySink(out);
  } else if (options.bundle) {
    sink = MakeBundleSink(out);
  } else if (options.format == Format::kJson) {
    sink = MakeJsonSink(options, out);
  } else if (options.summary) {
    sink = MakeSummarySink(options, out, report);
  } else if (options.format == Format::kMarkdown) {
    sink = MakeMarkdownSink(options, out, report);
  } else {
    sink = MakeTextSink(out);
  }
  Status s = state ? pipeline::RunState(input, options, progress.get(), sink.get(), report)
                   : pipeline::RunPlan(input, options, progress.get(), sink.get(), report);
  if (progress != nullptr) {
    progress->Finish();
    out->set_before_write(nullptr);
  }
  return s;
}

}  // namespace tfstream::forms
