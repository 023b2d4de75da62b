// The JSON differ (jsondiff/diff.go @883c722, with renderers/json.go's
// callbacks): diffs two decoded JSON values whose types come from the values
// themselves. Used for outputs, dynamic attributes and strings holding JSON.
#pragma once

#include "render/computed/diff.h"
#include "render/structured/change.h"

namespace tfstream::render::jsondiff {

// RendererJsonOpts().Transform(change).
Diff Transform(const structured::Change& change, const DiffContext* ctx);

}  // namespace tfstream::render::jsondiff
