// --bundle: instead of the text, one self-contained plan document in the
// renderer shape HCP Terraform serves (jsonformat.Plan), carrying only what
// rendering reads: the plan's sections copied byte for byte, and the provider
// schemas trimmed to the resource, data source and action types it uses.
// Rendering the bundle (without --schemas) prints exactly what rendering the
// input does, with any options.
//
// What a renderer document cannot say is written as members of tfstream's
// own, which Terraform's renderer ignores:
//   "tfstream_quality": "errored" | "no-changes": the quality `terraform show`
//       takes from errored/applyable (or --quality given to --bundle), which
//       HCP Terraform passes beside the document;
//   "tfstream_flavor": "terraform" | "opentofu": the flavour the input was
//       rendered in (--flavor, or the auto rule).
// For `terraform show -json` input, its deferred_changes are left out (the
// CLI never renders them) and the format versions are the renderer's own
// (the CLI never warns about them). Renderer-shaped input keeps its versions
// and deferred changes, and its schemas are trimmed the same way.
//
// Streaming: the sections are copied from the mapped input in chunks, each
// chunk's pages given back once written, so memory stays flat whatever the
// plan's size. The values the pre-scan skipped by structure are validated
// on another thread meanwhile; if the input turns out broken, the error is
// reported and the document is left without its closing brace, so what was
// written never parses as a plan.
#pragma once

#include <array>
#include <memory>
#include <map>
#include <set>
#include <string>

#include "base/status.h"
#include "buffer/output_sink.h"
#include "stream/schema_store.h"
#include "pipeline/plan_pipeline.h"
#include "pipeline/sink.h"

namespace tfstream::forms {

// The types whose schemas a bundle carries: by provider, then by
// SchemaStore::Kind (resource, data source, action).
using NeededSchemaTypes = std::map<std::string, std::array<std::set<std::string, std::less<>>, 3>, std::less<>>;

// Writes `store`'s provider_schemas object keeping only the `needed` types
// (every provider stays; one whose value is not an object is copied whole),
// the types' schemas copied byte for byte. Shared with the state's bundle.
Status WriteTrimmedProviderSchemas(stream::SchemaStore& store, const NeededSchemaTypes& needed,
                                   buffer::OutputSink* out);

// The sink of a plan's --bundle (pipeline/sink.h).
std::unique_ptr<pipeline::Sink> MakeBundleSink(buffer::OutputSink* out);

}  // namespace tfstream::forms
