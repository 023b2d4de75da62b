#include "render/jsondiff/json_diff.h"

#include <string_view>
#include <unordered_set>
#include <vector>

#include "render/collections/json_slice.h"
#include "render/renderers/renderers.h"
#include "render/structured/checks.h"

namespace tfstream::render::jsondiff {
namespace {

using renderers::PrimitiveType;
using stream::JsonKind;
using stream::JsonValue;
using structured::Change;

enum class Type { kNull, kBool, kNumber, kString, kArray, kObject };

Type GetType(const JsonValue* v) {
  if (v == nullptr) return Type::kNull;
  switch (v->kind) {
    case JsonKind::kBool: return Type::kBool;
    case JsonKind::kNumber: return Type::kNumber;
    case JsonKind::kString: return Type::kString;
    case JsonKind::kArray: return Type::kArray;
    case JsonKind::kObject: return Type::kObject;
  }
  return Type::kNull;
}

Diff ProcessPrimitive(const Change& change, PrimitiveType t, const DiffContext* ctx) {
  bool before_missing = change.before == nullptr && !change.before_explicit;
  bool after_missing = change.after == nullptr && !change.after_explicit;
  Action action;
  if (before_missing && !after_missing) {
    action = Action::kCreate;
  } else if (!before_missing && after_missing) {
    action = Action::kDelete;
  } else if (stream::JsonDeepEqual(change.before, change.after)) {
    action = Action::kNoOp;
  } else {
    action = Action::kUpdate;
  }
  return Diff{renderers::Primitive(ctx->arena, change.before, change.after, t), action, false};
}

Diff ProcessArray(const Change& change, const DiffContext* ctx) {
  structured::ChangeSlice s = change.AsSlice();
  Action current = Action::kNoOp;
  if (s.before != nullptr && s.after == nullptr) current = Action::kDelete;
  if (s.before == nullptr && s.after != nullptr) current = Action::kCreate;
  std::vector<Diff> elements;
  const bool multiline_pairs = ctx->flavor->list_pairs_multiline_strings;
  collections::ProcessJsonSlice(
      s.before, s.after,
      [&](size_t b, size_t a) {
        const JsonValue* bv = s.before->items[b];
        const JsonValue* av = s.after->items[a];
        return (GetType(bv) == Type::kObject && GetType(av) == Type::kObject) ||
               (multiline_pairs && ShouldDiffMultilineStrings(bv, av));
      },
      *ctx->flavor,
      [&](size_t b, size_t a) {
        Diff d = Transform(s.GetChild(static_cast<long>(b), static_cast<long>(a), *ctx), ctx);
        elements.push_back(d);
        current = CompareActions(current, d.action);
      });
  Diff* arr = ctx->arena->NewArray<Diff>(elements.size());
  std::copy(elements.begin(), elements.end(), arr);
  return Diff{renderers::List(ctx->arena, {arr, elements.size()}), current, false};
}

Diff ProcessObject(const Change& change, const DiffContext* ctx) {
  structured::ChangeMap m = change.AsMap();
  Action current = Action::kNoOp;
  if (m.before != nullptr && m.after == nullptr) current = Action::kDelete;
  if (m.before == nullptr && m.after != nullptr) current = Action::kCreate;
  std::vector<std::string_view> keys = m.AllKeys();
  NamedDiff* elements = ctx->arena->NewArray<NamedDiff>(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    Change child = m.GetChild(keys[i], *ctx);
    if (!child.relevant_attributes.MatchesPartial()) child = child.AsNoOp();
    elements[i] = NamedDiff{keys[i], Transform(child, ctx)};
    current = CompareActions(current, elements[i].diff.action);
  }
  return Diff{renderers::Object(ctx->arena, {elements, keys.size()}), current, false};
}

Diff ProcessUpdate(const Change& change, Type t, const DiffContext* ctx) {
  switch (t) {
    case Type::kNull: return ProcessPrimitive(change, PrimitiveType::kNull, ctx);
    case Type::kBool: return ProcessPrimitive(change, PrimitiveType::kBool, ctx);
    case Type::kString: return ProcessPrimitive(change, PrimitiveType::kString, ctx);
    case Type::kNumber: return ProcessPrimitive(change, PrimitiveType::kNumber, ctx);
    case Type::kObject: return ProcessObject(change, ctx);
    case Type::kArray: return ProcessArray(change, ctx);
  }
  return Diff{};
}

}  // namespace

bool ShouldDiffMultilineStrings(const JsonValue* a, const JsonValue* b) {
  if (GetType(a) != Type::kString || GetType(b) != Type::kString) return false;
  std::string_view sa = a->text(), sb = b->text();
  if (sa.find('\n') == std::string_view::npos && sb.find('\n') == std::string_view::npos) return false;
  std::unordered_set<std::string_view> lines_a;
  for (size_t start = 0;;) {
    size_t nl = sa.find('\n', start);
    lines_a.insert(sa.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start));
    if (nl == std::string_view::npos) break;
    start = nl + 1;
  }
  for (size_t start = 0;;) {
    size_t nl = sb.find('\n', start);
    if (lines_a.count(sb.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start))) {
      return true;
    }
    if (nl == std::string_view::npos) return false;
    start = nl + 1;
  }
}

Diff Transform(const Change& change, const DiffContext* ctx) {
  Diff out;
  if (structured::CheckForSensitive(
          change, [ctx](const Change& v) { return Transform(v, ctx); },
          [ctx](Diff inner, bool bs, bool as, Action action) {
            return Diff{renderers::Sensitive(ctx->arena, inner, bs, as), action, false};
          },
          &out)) {
    return out;
  }
  if (structured::CheckForUnknown(
          change, nullptr,
          [ctx](const Change&) {
            return Diff{renderers::Unknown(ctx->arena, Diff{}), Action::kCreate, false};
          },
          [ctx](const Change&, const Change& before) {
            return Diff{renderers::Unknown(ctx->arena, Transform(before, ctx)), Action::kUpdate, false};
          },
          &out)) {
    return out;
  }
  Type bt = GetType(change.before);
  Type at = GetType(change.after);
  bool deleted = at == Type::kNull && !change.after_explicit;
  bool created = bt == Type::kNull && !change.before_explicit;
  if (bt == at || created || deleted) {
    Type target = bt == Type::kNull ? at : bt;
    return ProcessUpdate(change, target, ctx);
  }
  Diff b = ProcessUpdate(change.AsDelete(), bt, ctx);
  Diff a = ProcessUpdate(change.AsCreate(), at, ctx);
  return Diff{renderers::TypeChange(ctx->arena, b, a), Action::kUpdate, false};
}

}  // namespace tfstream::render::jsondiff
