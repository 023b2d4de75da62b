// The JSON differ (jsondiff/diff.go @883c722, with renderers/json.go's
// callbacks): diffs two decoded JSON values whose types come from the values
// themselves. Used for outputs, dynamic attributes and strings holding JSON.
#pragma once

#include "render/computed/diff.h"
#include "render/structured/change.h"

namespace tfstream::render::jsondiff {

// RendererJsonOpts().Transform(change).
Diff Transform(const structured::Change& change, const DiffContext* ctx);

// ShouldDiffMultilineStrings (OpenTofu's jsondiff/types.go): both values are
// strings, one spans lines, and some line of one equals a line of the other.
// Lists use it, for OpenTofu, to diff such a pair as one element
// (flavor.def list_pairs_multiline_strings).
bool ShouldDiffMultilineStrings(const stream::JsonValue* a, const stream::JsonValue* b);

}  // namespace tfstream::render::jsondiff
