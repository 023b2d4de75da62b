// --format text (the default), of a plan or a state: Terraform's text as the
// run pushes it (pipeline/plan_run.h, state_run.h), every piece and block
// written as it comes, flushed whenever the run says the blocks so far may
// be written. The text itself is the run's and src/render's; this form only
// writes it.
#pragma once

#include <memory>

#include "buffer/output_sink.h"
#include "pipeline/sink.h"

namespace tfstream::forms {

std::unique_ptr<pipeline::Sink> MakeTextSink(buffer::OutputSink* out);

}  // namespace tfstream::forms
