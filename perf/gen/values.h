// Schema-driven JSON values for resource instances.
//
// A value is a pure function of (block schema, seed, mutation). The "before"
// of an update is the base value (mut == 0); its "after" is the same walk
// with a mutation seed, which changes a few members (always the `forced` one
// when given) and, below them, single elements, keys or fields. Unknown
// values (after_unknown) and sensitivity (after_sensitive / sensitive_values)
// are further views of the same walk, so every mask has exactly the shape of
// its value, the way Terraform's jsonplan derives them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gen/out.h"
#include "gen/schema.h"
#include "gen/text.h"

namespace tfgen {

enum class View : uint8_t {
  kValue,      // the JSON value (unknowns omitted from objects)
  kUnknown,    // after_unknown: true where unknown, mirrored collections
  kSensitive,  // *_sensitive / sensitive_values
  kExpr,       // configuration "expressions" for the settable members
};

// Which members of an "after" value are unknown.
enum class Unknowns : uint8_t {
  kNone,
  kCreate,  // computed-only members, unset optional+computed ones, some blocks
  kUpdate,  // a few computed-only top-level members (tags_all when tags change)
};

struct Version {
  uint64_t seed = 0;  // resource instance seed
  uint64_t mut = 0;   // 0: base value
  int forced = -1;    // top-level member index that must change; -1: any
  Unknowns unknowns = Unknowns::kNone;
};

class ValueWriter {
 public:
  explicit ValueWriter(Out& out) : out_(out) {}
  // Leaf context for the following calls. REQUIRES: outlives them.
  void SetContext(const LeafCtx& ctx) { ctx_ = &ctx; }

  // Writes the object for `body`. For View::kUnknown writes `{}` when the
  // version has no unknown value at all (jsonplan does the same).
  void Write(const Block& body, const Version& v, View view);
  bool AnyUnknown(const Block& body, const Version& v) const;
  // Whether top-level member i differs from the base value under v.mut.
  bool TopChanged(const Block& body, const Version& v, int i) const;
  // Writes the value of top-level member i alone (`null` when null).
  // Returns false, writing nothing, when it is unknown under v.unknowns.
  bool WriteMember(const Block& body, int i, const Version& v, View view);

 private:
  struct MState {
    uint64_t seed, mut;
    bool null, unknown;
  };
  MState State(const Block& b, int i, uint64_t seed, uint64_t mut, int forced, Unknowns u, bool top) const;
  void Obj(const Block& b, uint64_t seed, uint64_t mut, int forced, Unknowns u, bool top, View view);
  void MemberValue(const Member& m, const MState& s, Unknowns u, View view);
  void TypeValue(const Member& m, const Type& t, uint64_t seed, uint64_t mut, View view);
  void Nest(const Member& m, const Block& body, uint64_t seed, uint64_t mut, Unknowns u, View view);
  void Leaf(const Member& m, const Type& t, uint64_t seed, uint64_t mut);
  void PrimitiveSet(const Member& m, const Type& t, uint64_t seed, uint64_t mut, View view);
  void Expr(const Member& m, const MState& s);

  Out& out_;
  const LeafCtx* ctx_ = nullptr;
  std::string scratch_;
  std::vector<std::string> set_scratch_;
};

// Edits a collection of n elements under mutation `mut`: the output has
// Size() elements; element j comes from base element Base(j) (or is new when
// Base(j) < 0) and is itself mutated when Mutated(j).
class CollectionEdit {
 public:
  CollectionEdit(int n, uint64_t mut, int min_items, int max_items);
  int Size() const { return out_n_; }
  int Base(int j) const;
  bool Mutated(int j) const { return kind_ == kModify && Base(j) == k_; }

 private:
  enum Kind { kNone, kModify, kAppend, kRemove } kind_ = kNone;
  int n_, k_ = 0, out_n_;
};

}  // namespace tfgen
