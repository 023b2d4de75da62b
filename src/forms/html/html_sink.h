// --format html as a sink of the run (pipeline/sink.h): the text form's
// pieces and blocks, exactly as the text form writes them (plan or --state,
// every filter and profile), become the entries of one self-contained HTML
// report (html_report.h; docs/html-report.md).
//
// A block entry runs from its first line (the "  # ADDRESS ..." comment of
// a plan, "# ADDRESS:" of a state) through its last line's newline: the
// empty lines the run gives with a block's text (before it) are a text
// entry of their own, so the entries' texts put together are exactly the
// text form's output. A block's address is the resource instance address,
// followed by " (deposed object KEY)" for a deposed object (what --summary
// prints, less its "moved from" and "will be imported" notes); an output's
// its name; its action the --action word ("" in a state); its module the
// module instance part of its address.
//
// The head is written with the first piece of text, so a document refused
// before the text's first byte writes nothing.
#pragma once

#include <memory>

#include "buffer/output_sink.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/sink.h"

namespace tfstream::forms {

std::unique_ptr<pipeline::Sink> MakeHtmlSink(const pipeline::Options& options, buffer::OutputSink* out);

}  // namespace tfstream::forms
