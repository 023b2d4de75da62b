// --state --bundle: instead of the text, one self-contained state document
// that renders the same anywhere, without --schemas:
//
//   {"tfstream_flavor": "terraform", "format_version": <the state's>,
//    "tfstream_provider_format_version": <the schemas' format_version>,
//    "values": <the state's values, copied byte for byte>,
//    "provider_schemas": <the schemas, trimmed to the resource and data
//                         source types the state uses>}
//
// --state reads provider_schemas beside values as the state's own schemas
// (a --schemas file given is still checked), and tfstream_flavor as the
// flavour for --flavor auto. format_version is always written (the
// state's, or "1.0", which warns as little as none), so that without
// --state the bundle is refused as a state, never read as a plan. Every resource's schema must be there, as for
// rendering. Streams: values are copied in 1 MiB pieces whose pages are
// given back once written.
#pragma once

#include <memory>

#include "base/status.h"
#include "buffer/output_sink.h"
#include "pipeline/sink.h"

namespace tfstream::forms {

// The sink of a state's --bundle (pipeline/sink.h).
std::unique_ptr<pipeline::Sink> MakeStateBundleSink(buffer::OutputSink* out);

}  // namespace tfstream::forms
