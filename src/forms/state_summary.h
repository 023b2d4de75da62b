// --state --summary: one line per resource object of the state, in the order
// `terraform show` prints them (a module's resources, then its child
// modules', depth first: module by module), from the pre-scan's facts alone
// (no schemas needed, no values rendered), then a count:
//
//   data.aws_ami.ubuntu
//   aws_instance.web[0] (tainted)
//   module.db.aws_db_instance.main
//   module.db.aws_db_instance.main (deposed object 1a2b3c4d)
//
//   State: 4 resource objects, 2 outputs.
//
// With --address, only the objects it selects, and "Shown N of M resource
// objects." instead of the outputs.
//
// --state --format json: the same objects for machines, streamed:
//
//   {"format_version": "1.0", "flavor": "terraform", "input_shape": "state",
//    "state_format_version": "1.0",
//    "resources": [{"address": ..., "module": ..., "mode": "managed",
//                   "type": ..., "name": ..., "provider_name": ...,
//                   "tainted": false, "deposed_key": null}, ...],
//    "resource_count": 4, "outputs": ["name", ...]}
//
// "module" is "" for the root module; "outputs" holds the root outputs'
// names, sorted ([] with --address).
#pragma once

#include <memory>

#include "buffer/output_sink.h"
#include "pipeline/sink.h"

namespace tfstream::forms {

// The sinks of a state's --summary and --format json (pipeline/sink.h).
std::unique_ptr<pipeline::Sink> MakeStateSummarySink(buffer::OutputSink* out);
std::unique_ptr<pipeline::Sink> MakeStateJsonSink(buffer::OutputSink* out);

}  // namespace tfstream::forms
