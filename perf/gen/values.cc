// Value walker. Invariant: every view of one (block, seed, mut) visits the
// same members, lengths and keys, because each decision is a hash of the
// node seed, never a draw from a shared stream.
#include "gen/values.h"

#include <algorithm>

#include "gen/hash.h"

namespace tfgen {
namespace {

int NullPct(const Member& m) {
  if (m.null_pct >= 0) return m.null_pct;
  if (m.kind == Member::kBlock) return (m.nesting == Nesting::kSingle && m.min_items == 0) ? 30 : 0;
  if (m.required || m.computed) return 0;
  return 35;
}

int Len(uint64_t h, int lo, int hi) {
  if (hi <= lo) return lo;
  return lo + static_cast<int>(Below(h, static_cast<uint64_t>(hi - lo + 1)));
}

int AttrLen(const Member& m, uint64_t seed) {
  int lo = m.len_lo >= 0 ? m.len_lo : 0;
  int hi = m.len_hi >= 0 ? m.len_hi : 3;
  return Len(Mix(seed, kSaltLen), lo, hi);
}

int BlockLen(const Member& m, uint64_t seed) {
  int lo = m.len_lo >= 0 ? m.len_lo : m.min_items;
  int hi = m.len_hi >= 0 ? m.len_hi : (m.max_items ? std::min(m.max_items, lo + 3) : std::max(lo, 1) + 2);
  if (m.max_items == 1) return (lo >= 1 || Chance(Mix(seed, kSaltLen), 70)) ? 1 : 0;
  return Len(Mix(seed, kSaltLen), lo, hi);
}

bool IsPrimitive(const Member& m) { return m.kind == Member::kAttr && m.type->primitive(); }

// Chooses the keys of a map (a sorted subset of the key list) and, under a
// mutation, adds, removes or modifies one entry.
struct MapPick {
  uint64_t mask = 0;
  int modified = -1;
};

MapPick PickKeys(uint64_t seed, uint64_t mut, size_t k, int lo, int hi) {
  MapPick p;
  int n = Len(Mix(seed, kSaltLen), lo, std::min<int>(hi, static_cast<int>(k)));
  int need = n;
  for (size_t i = 0; i < k && need > 0; ++i) {
    if (Below(Mix(seed, 0x5e10 + i), k - i) < static_cast<uint64_t>(need)) {
      p.mask |= 1ULL << i;
      --need;
    }
  }
  if (!mut) return p;
  int count = __builtin_popcountll(p.mask);
  uint64_t op = Below(Mix(mut, kSaltMutKind), 3);
  if (count == 0) op = 1;
  if (op == 1 && count == static_cast<int>(k)) op = 0;
  auto nth = [&](bool selected, uint64_t h) {
    int avail = selected ? count : static_cast<int>(k) - count;
    int want = static_cast<int>(Below(h, static_cast<uint64_t>(avail)));
    for (size_t i = 0; i < k; ++i) {
      if (((p.mask >> i) & 1) == (selected ? 1u : 0u) && want-- == 0) return static_cast<int>(i);
    }
    return 0;
  };
  int i = nth(op != 1, Mix(mut, kSaltPick));
  if (op == 0)
    p.modified = i;
  else
    p.mask ^= 1ULL << i;
  return p;
}

}  // namespace

CollectionEdit::CollectionEdit(int n, uint64_t mut, int min_items, int max_items) : n_(n), out_n_(n) {
  if (!mut) return;
  uint64_t op = Below(Mix(mut, kSaltMutKind), 3);
  bool can_add = max_items == 0 || n < max_items;
  bool can_remove = n > min_items && n > 0;
  if (n == 0) op = 1;
  if (op == 1 && !can_add) op = 0;
  if (op == 2 && !can_remove) op = 0;
  if (op == 0 && n == 0) return;
  switch (op) {
    case 0:
      kind_ = kModify;
      k_ = static_cast<int>(Below(Mix(mut, kSaltPick), static_cast<uint64_t>(n)));
      break;
    case 1:
      kind_ = kAppend;
      k_ = static_cast<int>(Below(Mix(mut, kSaltPick), static_cast<uint64_t>(n + 1)));
      out_n_ = n + 1;
      break;
    default:
      kind_ = kRemove;
      k_ = static_cast<int>(Below(Mix(mut, kSaltPick), static_cast<uint64_t>(n)));
      out_n_ = n - 1;
  }
}

int CollectionEdit::Base(int j) const {
  switch (kind_) {
    case kAppend:
      return j < k_ ? j : (j == k_ ? -1 : j - 1);
    case kRemove:
      return j < k_ ? j : j + 1;
    default:
      return j;
  }
}

ValueWriter::MState ValueWriter::State(const Block& b, int i, uint64_t seed, uint64_t mut, int forced,
                                       Unknowns u, bool top) const {
  const Member& m = b.members[static_cast<size_t>(i)];
  MState s{MixPre(seed, m.kmix), 0, false, false};
  if (mut && m.settable()) {
    bool pick;
    if (forced >= 0) {
      pick = i == forced;
    } else {
      const std::vector<int>& pool = top && !b.updatable.empty() ? b.updatable : b.settable;
      pick = !pool.empty() && i == pool[Below(Mix(mut, kSaltPick), pool.size())];
    }
    if (!pick && !(top && m.forces_new)) pick = Chance(Mix(mut, m.key ^ kSaltMutSel), top ? 3 : 8);
    if (pick) s.mut = Mix(mut, m.key);
  }
  int pn = NullPct(m);
  bool base_null = pn > 0 && Chance(Mix(s.seed, kSaltNull), static_cast<unsigned>(pn));
  if (s.mut) {
    s.null = !base_null && m.optional && !m.computed && m.kind != Member::kBlock &&
             Chance(Mix(s.mut, kSaltNull), 10);
  } else {
    s.null = base_null;
  }
  switch (u) {
    case Unknowns::kCreate:
      if (m.computed_only()) {
        s.unknown = true;
      } else if (m.kind == Member::kBlock) {
        s.unknown = m.unknown_on_create && Chance(Mix(s.seed, kSaltUnknown), 50);
      } else if (m.optional && m.computed) {
        s.unknown = Chance(Mix(s.seed, kSaltUnknown), 50);
      }
      break;
    case Unknowns::kUpdate:
      if (!top || !m.computed || m.name == "id" || m.name == "arn") break;
      if (m.name == "tags_all") {
        for (size_t t = 0; t < b.members.size(); ++t) {
          if (b.members[t].name == "tags") {
            s.unknown = State(b, static_cast<int>(t), seed, mut, forced, Unknowns::kNone, top).mut != 0;
            break;
          }
        }
      } else if (m.computed_only()) {
        s.unknown = Chance(Mix(seed ^ mut, m.key ^ kSaltUnknown), 10);
      }
      break;
    case Unknowns::kNone:
      break;
  }
  if (s.unknown) s.null = false;
  return s;
}

void ValueWriter::Write(const Block& body, const Version& v, View view) {
  if (view == View::kUnknown && !AnyUnknown(body, v)) {
    out_.Put("{}");
    return;
  }
  Obj(body, v.seed, v.mut, v.forced, view == View::kExpr ? Unknowns::kNone : v.unknowns, true, view);
}

bool ValueWriter::AnyUnknown(const Block& body, const Version& v) const {
  if (v.unknowns == Unknowns::kNone) return false;
  for (size_t i = 0; i < body.members.size(); ++i)
    if (State(body, static_cast<int>(i), v.seed, v.mut, v.forced, v.unknowns, true).unknown) return true;
  return false;
}

bool ValueWriter::TopChanged(const Block& body, const Version& v, int i) const {
  return State(body, i, v.seed, v.mut, v.forced, Unknowns::kNone, true).mut != 0;
}

bool ValueWriter::WriteMember(const Block& body, int i, const Version& v, View view) {
  MState s = State(body, i, v.seed, v.mut, v.forced, v.unknowns, true);
  if (s.unknown) return false;
  const Member& m = body.members[static_cast<size_t>(i)];
  if (s.null)
    out_.Null();
  else if (view != View::kValue && IsPrimitive(m))
    out_.Put("false");
  else
    MemberValue(m, s, v.unknowns, view);
  return true;
}

void ValueWriter::Obj(const Block& b, uint64_t seed, uint64_t mut, int forced, Unknowns u, bool top,
                      View view) {
  out_.Put('{');
  Sep sep(out_);
  for (size_t i = 0; i < b.members.size(); ++i) {
    const Member& m = b.members[i];
    // Members a view never shows need no state.
    if (view == View::kSensitive && !m.sensitive && IsPrimitive(m)) continue;
    if (view == View::kUnknown && !m.computed && IsPrimitive(m)) continue;
    if (view == View::kExpr && !m.settable()) continue;
    MState s = State(b, static_cast<int>(i), seed, mut, forced, u, top);
    switch (view) {
      case View::kValue:
        if (s.unknown) continue;
        sep.Next();
        out_.Put(m.key_json);
        if (s.null)
          out_.Null();
        else
          MemberValue(m, s, u, view);
        break;
      case View::kUnknown:
        if (s.unknown) {
          sep.Next();
          out_.Put(m.key_json);
          out_.Put("true");
          continue;
        }
        if (s.null || IsPrimitive(m)) continue;
        sep.Next();
        out_.Put(m.key_json);
        MemberValue(m, s, u, view);
        break;
      case View::kSensitive:
        if (s.null) continue;
        if (m.sensitive) {
          sep.Next();
          out_.Put(m.key_json);
          out_.Put("true");
          continue;
        }
        if (s.unknown || IsPrimitive(m)) continue;
        sep.Next();
        out_.Put(m.key_json);
        MemberValue(m, s, u, view);
        break;
      case View::kExpr:
        if (!m.settable() || s.null || s.unknown) continue;
        sep.Next();
        out_.Put(m.key_json);
        Expr(m, s);
        break;
    }
  }
  out_.Put('}');
}

void ValueWriter::MemberValue(const Member& m, const MState& s, Unknowns u, View view) {
  if (m.kind == Member::kAttr) {
    TypeValue(m, *m.type, s.seed, s.mut, view);
  } else {
    Nest(m, *m.body, s.seed, s.mut, u == Unknowns::kCreate ? u : Unknowns::kNone, view);
  }
}

void ValueWriter::Leaf(const Member& m, const Type& t, uint64_t seed, uint64_t mut) {
  switch (t.kind) {
    case Type::kString:
      scratch_.clear();
      LeafString(scratch_, m, seed, mut, *ctx_);
      if (m.escape)
        out_.StrEsc(scratch_);
      else
        out_.Str(scratch_);
      return;
    case Type::kNumber:
      LeafNumber(out_, m, seed, mut);
      return;
    default: {
      bool b = Chance(seed, 50);
      out_.Bool(mut ? !b : b);
    }
  }
}

void ValueWriter::PrimitiveSet(const Member& m, const Type& t, uint64_t seed, uint64_t mut, View view) {
  // cty orders a set of strings lexically; duplicates collapse.
  CollectionEdit e(AttrLen(m, seed), mut, 0, 0);
  set_scratch_.resize(static_cast<size_t>(e.Size()));
  for (int j = 0; j < e.Size(); ++j) {
    int b = e.Base(j);
    uint64_t es = b >= 0 ? Mix(seed, static_cast<uint64_t>(b)) : Mix(seed, 0xadd0 + static_cast<uint64_t>(j));
    std::string& s = set_scratch_[static_cast<size_t>(j)];
    s.clear();
    LeafString(s, m, es, e.Mutated(j) ? Mix(mut, 0xe1) : 0, *ctx_);
  }
  std::sort(set_scratch_.begin(), set_scratch_.end());
  set_scratch_.erase(std::unique(set_scratch_.begin(), set_scratch_.end()), set_scratch_.end());
  (void)t;
  out_.Put('[');
  Sep sep(out_);
  bool esc = m.escape;
  for (const std::string& s : set_scratch_) {
    sep.Next();
    if (view != View::kValue)
      out_.Put("false");
    else if (esc)
      out_.StrEsc(s);
    else
      out_.Str(s);
  }
  out_.Put(']');
}

void ValueWriter::TypeValue(const Member& m, const Type& t, uint64_t seed, uint64_t mut, View view) {
  switch (t.kind) {
    case Type::kString:
    case Type::kNumber:
    case Type::kBool:
      if (view == View::kValue)
        Leaf(m, t, seed, mut);
      else
        out_.Put("false");
      return;
    case Type::kSet:
      if (t.elem->kind == Type::kString) return PrimitiveSet(m, t, seed, mut, view);
      [[fallthrough]];
    case Type::kList: {
      CollectionEdit e(AttrLen(m, seed), mut, 0, 0);
      out_.Put('[');
      for (int j = 0; j < e.Size(); ++j) {
        if (j) out_.Put(',');
        int b = e.Base(j);
        uint64_t es =
            b >= 0 ? Mix(seed, static_cast<uint64_t>(b)) : Mix(seed, 0xadd0 + static_cast<uint64_t>(j));
        TypeValue(m, *t.elem, es, e.Mutated(j) ? Mix(mut, 0xe1) : 0, view);
      }
      out_.Put(']');
      return;
    }
    case Type::kMap: {
      size_t k = 0;
      MapKey(m.hint, 0, &k);
      bool tags = m.hint == Hint::kTags || m.hint == Hint::kEnvMap;
      int lo = m.len_lo >= 0 ? m.len_lo : (tags ? 2 : 1);
      int hi = m.len_hi >= 0 ? m.len_hi : (tags ? 6 : 3);
      MapPick p = PickKeys(seed, mut, k, lo, hi);
      out_.Put('{');
      Sep sep(out_);
      for (size_t i = 0; i < k; ++i) {
        if (!((p.mask >> i) & 1)) continue;
        if (view != View::kValue && t.elem->primitive()) continue;
        sep.Next();
        out_.Key(MapKey(m.hint, i, &k));
        TypeValue(m, *t.elem, Mix(seed, 0x4b00 + i), static_cast<int>(i) == p.modified ? Mix(mut, 0xe2) : 0,
                  view);
      }
      out_.Put('}');
      return;
    }
    case Type::kObject:
      Obj(*t.body, seed, mut, -1, Unknowns::kNone, false, view);
      return;
  }
}

void ValueWriter::Nest(const Member& m, const Block& body, uint64_t seed, uint64_t mut, Unknowns u,
                       View view) {
  switch (m.nesting) {
    case Nesting::kSingle:
    case Nesting::kGroup:
      Obj(body, seed, mut, -1, u, false, view);
      return;
    case Nesting::kList:
    case Nesting::kSet: {
      CollectionEdit e(BlockLen(m, seed), mut, m.min_items, m.max_items);
      out_.Put('[');
      for (int j = 0; j < e.Size(); ++j) {
        if (j) out_.Put(',');
        int b = e.Base(j);
        uint64_t es =
            b >= 0 ? Mix(seed, static_cast<uint64_t>(b)) : Mix(seed, 0xadd0 + static_cast<uint64_t>(j));
        Obj(body, es, e.Mutated(j) ? Mix(mut, 0xe1) : 0, -1, u, false, view);
      }
      out_.Put(']');
      return;
    }
    case Nesting::kMap: {
      size_t k = 0;
      MapKey(Hint::kWord, 0, &k);
      MapPick p = PickKeys(seed, mut, k, 1, 3);
      out_.Put('{');
      Sep sep(out_);
      for (size_t i = 0; i < k; ++i) {
        if (!((p.mask >> i) & 1)) continue;
        sep.Next();
        out_.Key(MapKey(Hint::kWord, i, &k));
        Obj(body, Mix(seed, 0x4b00 + i), static_cast<int>(i) == p.modified ? Mix(mut, 0xe2) : 0, -1, u, false,
            view);
      }
      out_.Put('}');
      return;
    }
  }
}

void ValueWriter::Expr(const Member& m, const MState& s) {
  if (m.kind == Member::kBlock) {
    if (m.nesting == Nesting::kSingle || m.nesting == Nesting::kGroup) {
      Obj(*m.body, s.seed, 0, -1, Unknowns::kNone, false, View::kExpr);
      return;
    }
    // list/set/map blocks: one expression object per element.
    int n = m.nesting == Nesting::kMap ? 1 : BlockLen(m, s.seed);
    out_.Put('[');
    for (int j = 0; j < n; ++j) {
      if (j) out_.Put(',');
      Obj(*m.body, Mix(s.seed, static_cast<uint64_t>(j)), 0, -1, Unknowns::kNone, false, View::kExpr);
    }
    out_.Put(']');
    return;
  }
  bool refish = m.hint == Hint::kRefId || m.hint == Hint::kArn || m.hint == Hint::kKms ||
                m.hint == Hint::kAzureId || m.hint == Hint::kEmail;
  uint64_t h = Mix(s.seed, kSaltExpr);
  if (m.sensitive || (refish && Chance(h, 70)) || Chance(Mix(h, 1), 10)) {
    out_.Put("{\"references\":[");
    if (refish && !m.sensitive) {
      // e.g. ["aws_subnet.primary.id","aws_subnet.primary"]
      std::string_view w = kWords[Below(Mix(h, 2), kNumWords)];
      size_t us = m.name.rfind('_');
      std::string_view base =
          std::string_view(m.name).substr(0, us == std::string::npos ? m.name.size() : us);
      for (int r = 0; r < 2; ++r) {
        if (r) out_.Put(',');
        out_.Put('"');
        out_.Put(ctx_->cloud == 'a' ? "aws_" : ctx_->cloud == 'z' ? "azurerm_" : "google_");
        out_.Put(base);
        out_.Put('.');
        out_.Put(w);
        if (r == 0) out_.Put(".id");
        out_.Put('"');
      }
    } else {
      out_.Put(Chance(Mix(h, 3), 50) ? "\"var." : "\"local.");
      out_.Put(m.name);
      out_.Put('"');
    }
    out_.Put("]}");
    return;
  }
  out_.Put("{\"constant_value\":");
  MemberValue(m, s, Unknowns::kNone, View::kValue);
  out_.Put('}');
}

}  // namespace tfgen
