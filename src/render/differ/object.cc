// Reproduces computeAttributeDiffAsObject, computeAttributeDiffAsNestedObject
// and processObject (differ/object.go @883c722). Attributes null on both sides
// are left out entirely; write-only nested attributes are always listed and
// take the action the object has at that point.
#include <algorithm>

#include "render/differ/internal.h"

namespace tfstream::render::differ {
namespace {

// Non-write-only attributes first, then write-only ones, which take the
// action reached so far (Terraform always lists them and leaves the object's
// action alone; OpenTofu, flavor.def write_only_inherits_parent_action,
// treats them like the others, in a Go map order that tfstream fixes as
// "write-only last").
template <typename Attr, typename Compute>
Action ProcessObject(const Change& v, std::span<const Attr> attributes, bool (*is_write_only)(const Attr&),
                     Compute compute, const DiffContext& ctx, ArenaList<NamedDiff>* out) {
  structured::ChangeMap map = v.AsMap();
  Action current = v.GetDefaultActionForIteration();
  const bool write_only_like_others = ctx.flavor->write_only_inherits_parent_action;
  ChildHits hits;
  for (int pass = 0; pass < 2; ++pass) {
    const bool write_only_pass = pass == 1;
    const bool listed_always = write_only_pass && !write_only_like_others;
    Action for_write_only = current;
    for (const Attr& attr : attributes) {
      if (is_write_only(attr) != write_only_pass) continue;
      Change value = map.GetChild(attr.name, ctx);
      hits.Count(value);
      if (!value.relevant_attributes.MatchesPartial()) value = value.AsNoOp();
      value.before_explicit = false;
      value.after_explicit = false;
      Diff d = compute(value, attr, write_only_like_others ? current : for_write_only);
      if (!listed_always) {
        if (d.action == Action::kNoOp && value.before == nullptr && value.after == nullptr) continue;
        current = CompareActions(current, d.action);
      }
      out->push_back(NamedDiff{attr.name, d, attr.plain_name});
    }
  }
  NoteUnknownMembers(
      map, hits,
      [attributes](std::string_view name) {
        return std::any_of(attributes.begin(), attributes.end(), [name](const Attr& a) { return a.name == name; });
      },
      ctx);
  SortByName(out);
  return current;
}

bool NeverWriteOnly(const stream::NamedCtyType&) { return false; }
bool AttributeWriteOnly(const stream::NamedAttribute& a) { return a.attribute->write_only; }

}  // namespace

Diff ComputeAttributeDiffAsObject(const Change& change, std::span<const stream::NamedCtyType> attributes,
                                  const DiffContext& ctx) {
  ArenaList<NamedDiff> diffs(ctx.arena, attributes.size());
  Action action = ProcessObject<stream::NamedCtyType>(
      change, attributes, NeverWriteOnly,
      [&](const Change& value, const stream::NamedCtyType& attr, Action) {
        return ComputeDiffForType(value, attr.type, ctx);
      },
      ctx, &diffs);
  return Diff{renderers::Object(ctx.arena, diffs.span()), action, change.replace_paths.Matches()};
}

Diff ComputeAttributeDiffAsNestedObject(const Change& change,
                                        std::span<const stream::NamedAttribute> attributes,
                                        const DiffContext& ctx) {
  ArenaList<NamedDiff> diffs(ctx.arena, attributes.size());
  Action action = ProcessObject<stream::NamedAttribute>(
      change, attributes, AttributeWriteOnly,
      [&](const Change& value, const stream::NamedAttribute& attr, Action current) {
        if (attr.attribute->write_only && !ctx.flavor->write_only_inherits_parent_action) {
          return ComputeDiffForWriteOnlyAttribute(value, current, ctx);
        }
        return ComputeDiffForAttribute(value, *attr.attribute, ctx, current);
      },
      ctx, &diffs);
  return Diff{renderers::NestedObject(ctx.arena, diffs.span()), action, change.replace_paths.Matches()};
}

}  // namespace tfstream::render::differ
