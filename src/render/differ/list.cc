// Reproduces computeAttributeDiffAsList, computeAttributeDiffAsNestedList,
// computeBlockDiffsAsList and processNestedList (differ/list.go @883c722), and
// computeAttributeDiffAsTuple (differ/tuple.go).
#include "render/collections/json_slice.h"
#include "render/differ/internal.h"
#include "render/jsondiff/json_diff.h"

namespace tfstream::render::differ {
namespace {

// processNestedList: nested lists and list blocks compare index by index.
template <typename Process>
void ProcessNestedList(const Change& change, const DiffContext& ctx, Process process) {
  structured::ChangeSlice slice = change.AsSlice();
  for (size_t ix = 0; ix < slice.BeforeLen() || ix < slice.AfterLen(); ++ix) {
    Change value = slice.GetChild(static_cast<long>(ix), static_cast<long>(ix), ctx);
    if (!value.relevant_attributes.MatchesPartial()) value = value.AsNoOp();
    process(value);
  }
}

// How many elements processNestedList visits: the longer list's length.
size_t NestedListLength(const Change& change) {
  return std::max(SliceLen(change.before), SliceLen(change.after));
}

}  // namespace

Diff ComputeAttributeDiffAsList(const Change& change, const stream::CtyType& element,
                                const DiffContext& ctx) {
  structured::ChangeSlice slice = change.AsSlice();
  Action current = Action::kNoOp;
  if (slice.before != nullptr && slice.after == nullptr) current = Action::kDelete;
  if (slice.before == nullptr && slice.after != nullptr) current = Action::kCreate;
  const bool is_obj = element.kind == stream::CtyType::Kind::kObject;
  const bool multiline_pairs = ctx.flavor->list_pairs_multiline_strings;
  ArenaList<Diff> elements(ctx.arena, slice.BeforeLen() + slice.AfterLen());
  collections::ProcessJsonSlice(
      slice.before, slice.after,
      [&](size_t b, size_t a) {
        return is_obj ||
               (multiline_pairs && jsondiff::ShouldDiffMultilineStrings(slice.before->items[b], slice.after->items[a]));
      },
      *ctx.flavor,
      [&](size_t b, size_t a) {
        Change value = slice.GetChild(static_cast<long>(b), static_cast<long>(a), ctx);
        // Every element of a relevant list is relevant.
        value.relevant_attributes = structured::Matcher::Always();
        Diff d = ComputeDiffForType(value, &element, ctx);
        elements.push_back(d);
        current = CompareActions(current, d.action);
      });
  return Diff{renderers::List(ctx.arena, elements.span()), current, change.replace_paths.Matches()};
}

Diff ComputeAttributeDiffAsNestedList(const Change& change,
                                      std::span<const stream::NamedAttribute> attributes,
                                      const DiffContext& ctx) {
  ArenaList<Diff> elements(ctx.arena, NestedListLength(change));
  Action current = change.GetDefaultActionForIteration();
  stream::NestedType single{attributes, stream::NestingMode::kSingle, "single"};
  ProcessNestedList(change, ctx, [&](const Change& value) {
    Diff d = ComputeDiffForNestedAttribute(value, single, ctx);
    elements.push_back(d);
    current = CompareActions(current, d.action);
  });
  return Diff{renderers::NestedList(ctx.arena, elements.span()), current, change.replace_paths.Matches()};
}

Action ComputeBlockDiffsAsList(const Change& change, const stream::Block& block,
                               const DiffContext& ctx, std::span<const Diff>* out) {
  Action current = change.GetDefaultActionForIteration();
  ArenaList<Diff> elements(ctx.arena, NestedListLength(change));
  ProcessNestedList(change, ctx, [&](const Change& value) {
    Diff d = ComputeDiffForBlock(value, block, ctx);
    elements.push_back(d);
    current = CompareActions(current, d.action);
  });
  *out = elements.span();
  return current;
}

Diff ComputeAttributeDiffAsTuple(const Change& change, std::span<const stream::CtyType* const> types,
                                 const DiffContext& ctx) {
  ArenaList<Diff> elements(ctx.arena, types.size());
  Action current = change.GetDefaultActionForIteration();
  structured::ChangeSlice slice = change.AsSlice();
  for (size_t ix = 0; ix < types.size(); ++ix) {
    Change value = slice.GetChild(static_cast<long>(ix), static_cast<long>(ix), ctx);
    if (!value.relevant_attributes.MatchesPartial()) value = value.AsNoOp();
    Diff d = ComputeDiffForType(value, types[ix], ctx);
    elements.push_back(d);
    current = CompareActions(current, d.action);
  }
  return Diff{renderers::List(ctx.arena, elements.span()), current, change.replace_paths.Matches()};
}

}  // namespace tfstream::render::differ
