// Reproduces ComputeDiffForType and ComputeDiffForOutput (differ/attribute.go,
// output.go, sensitive.go, unknown.go, primitive.go @883c722).
#include "render/differ/internal.h"
#include "render/jsondiff/json_diff.h"
#include "render/structured/checks.h"

namespace tfstream::render::differ {
namespace {

using stream::CtyType;

renderers::PrimitiveType PrimitiveOf(const CtyType& t) {
  switch (t.kind) {
    case CtyType::Kind::kBool: return renderers::PrimitiveType::kBool;
    case CtyType::Kind::kNumber: return renderers::PrimitiveType::kNumber;
    default: return renderers::PrimitiveType::kString;
  }
}

}  // namespace

const stream::JsonValue* ChildUnknown(std::span<const stream::NamedAttribute> attributes,
                                      buffer::Arena* arena) {
  static const stream::JsonValue kTrue = [] {
    stream::JsonValue v{};
    v.kind = stream::JsonKind::kBool;
    v.boolean = true;
    return v;
  }();
  stream::JsonMember* members = arena->NewArray<stream::JsonMember>(attributes.size());
  for (size_t i = 0; i < attributes.size(); ++i) members[i] = {attributes[i].name, &kTrue};
  stream::JsonValue* v = arena->New<stream::JsonValue>();
  v->kind = stream::JsonKind::kObject;
  v->members = members;
  v->size = attributes.size();
  return v;
}

namespace {

Diff ComputeDiffForFoldedType(const Change& change, const CtyType* type, const DiffContext& ctx);

bool IsEmptyString(const stream::JsonValue* v) { return v != nullptr && v->IsString() && v->size == 0; }

}  // namespace

Diff ComputeDiffForType(const Change& change, const CtyType* type, const DiffContext& ctx) {
  if (!change.non_legacy_schema && !ctx.flavor->empty_strings_null_in_block_attributes &&
      (IsEmptyString(change.before) || IsEmptyString(change.after))) {
    // The legacy SDK cannot tell empty strings from null. Copied only then:
    // the change is large and nearly never folded.
    Change folded = change;
    FoldEmptyStrings(&folded);
    return ComputeDiffForFoldedType(folded, type, ctx);
  }
  return ComputeDiffForFoldedType(change, type, ctx);
}

namespace {

Diff ComputeDiffForFoldedType(const Change& change, const CtyType* type, const DiffContext& ctx) {
  Diff out;
  if (structured::CheckForSensitive(
          change, [&](const Change& v) { return ComputeDiffForType(v, type, ctx); },
          [&](Diff inner, bool bs, bool as, Action action) {
            return Diff{renderers::Sensitive(ctx.arena, inner, bs, as), action,
                        change.replace_paths.Matches()};
          },
          &out)) {
    return out;
  }
  if (structured::CheckForUnknown(
          change, nullptr,
          [&](const Change& current) { return AsDiff(current, renderers::Unknown(ctx.arena, Diff{})); },
          [&](const Change& current, const Change& before) {
            return AsDiff(current, renderers::Unknown(ctx.arena, ComputeDiffForType(before, type, ctx)));
          },
          &out)) {
    return out;
  }
  if (type == nullptr || type->kind == CtyType::Kind::kDynamic) return ComputeDiffForOutput(change, ctx);
  switch (type->kind) {
    case CtyType::Kind::kString:
    case CtyType::Kind::kNumber:
    case CtyType::Kind::kBool:
      return AsDiff(change, renderers::Primitive(ctx.arena, change.before, change.after, PrimitiveOf(*type)));
    case CtyType::Kind::kObject:
      return ComputeAttributeDiffAsObject(change, type->attributes, ctx);
    case CtyType::Kind::kMap:
      return ComputeAttributeDiffAsMap(change, *type->element, ctx);
    case CtyType::Kind::kList:
      return ComputeAttributeDiffAsList(change, *type->element, ctx);
    case CtyType::Kind::kTuple:
      return ComputeAttributeDiffAsTuple(change, type->elements, ctx);
    case CtyType::Kind::kSet:
      return ComputeAttributeDiffAsSet(change, *type->element, ctx);
    case CtyType::Kind::kDynamic:
      break;
  }
  return ComputeDiffForOutput(change, ctx);
}

}  // namespace

Diff ComputeDiffForOutput(const Change& change, const DiffContext& ctx) {
  Diff out;
  if (structured::CheckForSensitive(
          change, [&](const Change& v) { return ComputeDiffForType(v, nullptr, ctx); },
          [&](Diff inner, bool bs, bool as, Action action) {
            return Diff{renderers::Sensitive(ctx.arena, inner, bs, as), action,
                        change.replace_paths.Matches()};
          },
          &out)) {
    return out;
  }
  if (structured::CheckForUnknown(
          change, nullptr,
          [&](const Change& current) { return AsDiff(current, renderers::Unknown(ctx.arena, Diff{})); },
          [&](const Change& current, const Change& before) {
            return AsDiff(current, renderers::Unknown(ctx.arena, ComputeDiffForType(before, nullptr, ctx)));
          },
          &out)) {
    return out;
  }
  return jsondiff::Transform(change, &ctx);
}

}  // namespace tfstream::render::differ
