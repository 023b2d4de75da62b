// Reproduces ComputeDiffForAttribute, computeDiffForNestedAttribute and
// computeDiffForWriteOnlyAttribute (differ/attribute.go @883c722), and
// OpenTofu's computeAttributeDiffAsWriteOnly.
#include "render/differ/internal.h"
#include "render/structured/checks.h"

namespace tfstream::render::differ {

Diff ComputeDiffForAttribute(const Change& change, const stream::Attribute& attribute,
                             const DiffContext& ctx, Action parent_action) {
  if (attribute.write_only && ctx.flavor->write_only_inherits_parent_action) {
    // computeAttributeDiffAsWriteOnly: the value is always null, so the
    // parent's action is shown, and a replace path makes no-op an update.
    bool replace = change.replace_paths.Matches();
    if (parent_action == Action::kNoOp && replace) parent_action = Action::kUpdate;
    return Diff{renderers::WriteOnly(ctx.arena, false), parent_action, replace};
  }
  if (attribute.nested_type != nullptr) {
    return ComputeDiffForNestedAttribute(change, *attribute.nested_type, ctx);
  }
  return ComputeDiffForType(change, attribute.type, ctx);
}

Diff ComputeDiffForNestedAttribute(const Change& change, const stream::NestedType& nested,
                                   const DiffContext& ctx) {
  Diff out;
  if (structured::CheckForSensitive(
          change, [&](const Change& v) { return ComputeDiffForNestedAttribute(v, nested, ctx); },
          [&](Diff inner, bool bs, bool as, Action action) {
            return Diff{renderers::Sensitive(ctx.arena, inner, bs, as), action,
                        change.replace_paths.Matches()};
          },
          &out)) {
    return out;
  }
  if (change.IsUnknown()) {
    const stream::JsonValue* child_unknown = ChildUnknown(nested.attributes, ctx.arena);
    structured::CheckForUnknown(
        change, child_unknown,
        [&](const Change& current) { return AsDiff(current, renderers::Unknown(ctx.arena, Diff{})); },
        [&](const Change& current, const Change& before) {
          return AsDiff(current,
                        renderers::Unknown(ctx.arena, ComputeDiffForNestedAttribute(before, nested, ctx)));
        },
        &out);
    return out;
  }
  switch (nested.nesting) {
    case stream::NestingMode::kSingle:
    case stream::NestingMode::kGroup:
      return ComputeAttributeDiffAsNestedObject(change, nested.attributes, ctx);
    case stream::NestingMode::kMap:
      return ComputeAttributeDiffAsNestedMap(change, nested.attributes, ctx);
    case stream::NestingMode::kList:
      return ComputeAttributeDiffAsNestedList(change, nested.attributes, ctx);
    case stream::NestingMode::kSet:
      return ComputeAttributeDiffAsNestedSet(change, nested.attributes, ctx);
    case stream::NestingMode::kInvalid:
      break;
  }
  ctx.Fail("unrecognized nesting mode: " + std::string(nested.nesting_text));
  return Diff{renderers::Unknown(ctx.arena, Diff{}), Action::kNoOp, false};
}

// Write-only values follow the action of the block they are in, except that
// updates are not highlighted.
Diff ComputeDiffForWriteOnlyAttribute(const Change& change, Action block_action,
                                      const DiffContext& ctx) {
  const DiffRenderer* r =
      renderers::WriteOnly(ctx.arena, change.IsBeforeSensitive() || change.IsAfterSensitive());
  bool replace = change.replace_paths.Matches();
  if (block_action == Action::kUpdate) return Diff{r, Action::kNoOp, replace};
  return Diff{r, block_action, replace};
}

}  // namespace tfstream::render::differ
