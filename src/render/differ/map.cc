// Reproduces computeAttributeDiffAsMap, computeAttributeDiffAsNestedMap and
// computeBlockDiffsAsMap (differ/map.go, collections/map.go @883c722).
#include "render/differ/internal.h"

namespace tfstream::render::differ {
namespace {

// collections.TransformMap over the map's keys (all of them, or those of
// before and after), in sorted order.
template <typename Process>
Action TransformMap(const structured::ChangeMap& map, bool all_keys, const DiffContext& ctx, Process process,
                    std::span<const NamedDiff>* out) {
  Action current = Action::kNoOp;
  if (map.before != nullptr && map.after == nullptr) current = Action::kDelete;
  if (map.before == nullptr && map.after != nullptr) current = Action::kCreate;
  ArenaList<NamedDiff> elements(ctx.arena, map.KeyBound(all_keys));
  map.ForEachKey(all_keys, [&](std::string_view key) {
    Change value = map.GetChild(key, ctx);
    if (!value.relevant_attributes.MatchesPartial()) value = value.AsNoOp();
    Diff d = process(value);
    elements.push_back(NamedDiff{key, d});
    current = CompareActions(current, d.action);
  });
  *out = elements.span();
  return current;
}

}  // namespace

Diff ComputeAttributeDiffAsMap(const Change& change, const stream::CtyType& element,
                               const DiffContext& ctx) {
  structured::ChangeMap map = change.AsMap();
  std::span<const NamedDiff> elements;
  Action current = TransformMap(
      map, /*all_keys=*/true, ctx,
      [&](const Change& value) { return ComputeDiffForType(value, &element, ctx); }, &elements);
  return Diff{renderers::Map(ctx.arena, elements), current, change.replace_paths.Matches()};
}

Diff ComputeAttributeDiffAsNestedMap(const Change& change,
                                     std::span<const stream::NamedAttribute> attributes,
                                     const DiffContext& ctx) {
  structured::ChangeMap map = change.AsMap();
  stream::NestedType single{attributes, stream::NestingMode::kSingle, "single"};
  std::span<const NamedDiff> elements;
  Action current = TransformMap(
      map, /*all_keys=*/false, ctx,
      [&](const Change& value) { return ComputeDiffForNestedAttribute(value, single, ctx); }, &elements);
  return Diff{renderers::NestedMap(ctx.arena, elements), current, change.replace_paths.Matches()};
}

Action ComputeBlockDiffsAsMap(const Change& change, const stream::Block& block,
                              const DiffContext& ctx, std::span<const NamedDiff>* out) {
  structured::ChangeMap map = change.AsMap();
  return TransformMap(
      map, /*all_keys=*/false, ctx,
      [&](const Change& value) { return ComputeDiffForBlock(value, block, ctx); }, out);
}

}  // namespace tfstream::render::differ
