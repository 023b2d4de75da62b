// The text of an unchanged block (a state's resource: before and after are
// one value) written straight from its values and schema, without building
// the diff tree the differ would: what ComputeDiffForBlock followed by
// Diff::RenderHuman prints with ShowUnchangedChildren set, for the values it
// takes. It mirrors the block, list, set, map and object renderers for no-op
// children only. Bools, numbers and strings that do not start like JSON are
// written as the primitive renderer writes a no-op (%q on one line, a
// heredoc when they span lines); every other leaf (a sensitive, null or
// empty value, a dynamic value, a string that may be JSON) is still diffed
// and rendered by the general differ and renderers, so masks are theirs. (A string holding
// a JSON object or array, under Terraform's reading, is parsed here and its
// jsonencode() written the way jsondiff's renderers would.)
//
// Whatever it does not take (a sensitive block, write-only attributes, members
// the schema lacks, duplicate set elements, values of another kind than their
// type, a leaf that is not a no-op) makes it give up: it returns false with
// `out` as it was, and the caller renders the block the general way. The
// general path stays the reference: cross_check.h compares the two.
#pragma once

#include <string>

#include "render/computed/diff.h"
#include "stream/json_value.h"
#include "stream/schema.h"

namespace tfstream::render::unchanged {

// `values` is the block's object (never null), `sensitive` its
// sensitive_values (null when absent); `opts` must have
// show_unchanged_children set and no replacement overrides. Renders as
// Diff::RenderHuman(indent, opts, out) of ComputeDiffForBlock's diff would.
// Reports through ctx / opts as the general path would only when it
// returns true; on false, errors it met are left for the general path to
// find again (ctx.error and *opts.error are cleared of what it wrote).
bool RenderUnchangedBlock(const stream::JsonValue* values, const stream::JsonValue* sensitive,
                          const stream::Block& block, int indent, const RenderOpts& opts, const DiffContext& ctx,
                          std::string* out);

}  // namespace tfstream::render::unchanged
