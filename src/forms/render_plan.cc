// Draws --progress around whichever form renders the plan.
#include "forms/render_plan.h"

#include <memory>

#include "forms/html/render_html.h"
#include "forms/plan_bundle.h"
#include "forms/plan_json.h"
#include "forms/plan_markdown.h"
#include "forms/plan_summary.h"
#include "forms/plan_text.h"
#include "forms/state_bundle.h"
#include "forms/state_summary.h"
#include "forms/state_text.h"
#include "pipeline/progress_meter.h"

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
  Status s;
  if (options.format == Format::kHtml) {
    s = RenderHtml(input, options, progress.get(), out, report);
  } else if (options.state && options.bundle) {
    s = WriteStateBundle(input, options, progress.get(), out, report);
  } else if (options.state && options.format == Format::kJson) {
    s = RenderStateJson(input, options, progress.get(), out, report);
  } else if (options.state && options.summary) {
    s = RenderStateSummary(input, options, progress.get(), out, report);
  } else if (options.state) {
    s = RenderStateText(input, options, progress.get(), out, report);
  } else if (options.bundle) {
    s = WriteBundle(input, options, progress.get(), out, report);
  } else if (options.format == Format::kJson) {
    s = RenderJson(input, options, progress.get(), out, report);
  } else if (options.summary) {
    s = RenderSummary(input, options, progress.get(), out, report);
  } else if (options.format == Format::kMarkdown) {
    s = RenderMarkdown(input, options, progress.get(), out, report);
  } else {
    s = RenderText(input, options, progress.get(), out, report);
  }
  if (progress != nullptr) {
    progress->Finish();
    out->set_before_write(nullptr);
  }
  return s;
}

}  // namespace tfstream::forms
