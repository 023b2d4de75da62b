// --format html: the text form's output (plan or --state, with every filter
// and profile as in text) cut into entries (text_entries.h) and written as
// one self-contained HTML report (html_report.h; docs/html-report.md).
// Nothing is written before the document has passed the checks the text
// form makes before its first byte; a failure after that still closes the
// page over the blocks already complete.
#pragma once

#include "base/status.h"
#include "buffer/output_sink.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/progress_meter.h"

namespace tfstream::forms {

Status RenderHtml(const pipeline::Input& input, const pipeline::Options& options, pipeline::ProgressMeter* progress,
                  buffer::OutputSink* out, pipeline::Report* report);

}  // namespace tfstream::forms
