// The differ (differ/ @883c722): turns a structured Change plus its schema into
// a computed Diff tree. The schema decides how each value is compared; outputs
// and dynamic values are typed from the JSON itself (see jsondiff).
//
// Data Terraform would panic on is reported through ctx.error; the returned
// tree is then incomplete and must not be printed.
#pragma once

#include "render/computed/diff.h"
#include "render/structured/change.h"
#include "stream/schema.h"

namespace tfstream::render::differ {

Diff ComputeDiffForBlock(structured::Change change, const stream::Block& block,
                         const DiffContext& ctx);
// `parent_action`: the action the enclosing block or object has reached,
// which OpenTofu gives write-only attributes (flavor.def
// write_only_inherits_parent_action).
Diff ComputeDiffForAttribute(const structured::Change& change, const stream::Attribute& attribute,
                             const DiffContext& ctx, Action parent_action = Action::kNoOp);
// `type` nullptr stands for cty.NilType.
Diff ComputeDiffForType(const structured::Change& change, const stream::CtyType* type,
                        const DiffContext& ctx);
Diff ComputeDiffForOutput(const structured::Change& change, const DiffContext& ctx);

}  // namespace tfstream::render::differ
