#include "pipeline/compare_run.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "pipeline/background_validation.h"
#include "pipeline/plan_context.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_run.h"
#include "pipeline/plan_sections.h"
#include "pipeline/resource_worker.h"
#include "render/compare/compare_words.h"
#include "render/differ/differ.h"
#include "render/plan/plan_sections.h"
#include "render/plan/resource_block.h"
#include "render/renderers/util.h"
#include "stream/change_cursor.h"
#include "stream/json_same_value.h"
#include "stream/json_tree_parser.h"

namespace tfstream::pipeline {
namespace {

using render::compare::Difference;
using render::compare::Section;
using render::compare::Totals;
using stream::JsonMember;
using stream::JsonValue;
namespace what = render::compare;

// One plan: its context, the worker that parses and renders its elements.
struct Side {
  Side(const Input& in, const Options& opt, bool mark_symbols) : ctx(in, opt, mark_symbols), worker(ctx) {}
  PlanContext ctx;
  ResourceWorker worker;
  PreparedPlan prepared;
};

// One element of an array of resource changes, by key.
struct Element {
  std::string address, deposed;
  std::string_view raw;
  uint64_t offset = 0;
  std::string Key() const { return address + '\0' + deposed; }
};

// Takes the elements of one plan's array in the plan's order.
class ElementStream {
 public:
  ElementStream(const PlanContext& ctx, stream::ByteRange range) : ctx_(ctx), cursor_(ctx.in.plan, range) {}

  bool Next(Element* e) {
    if (!cursor_.Next()) return false;
    e->address = cursor_.facts().address;
    e->deposed = cursor_.facts().deposed;
    e->raw = cursor_.raw();
    e->offset = cursor_.offset();
    return true;
  }
  Status status() const { return cursor_.status().ok() ? Status::Ok() : ctx_.PlanError(cursor_.status()); }
  size_t count() const { return cursor_.count(); }
  // Gives back the pages before the current element: an element held for
  // later (Join) maps its pages in again from the file when it is read.
  void Release(const Element& current) const { ctx_.Release(current.offset); }

 private:
  const PlanContext& ctx_;
  stream::ChangeCursor cursor_;
};

// Calls fn(key, a, b) for each key of either object (a or b null on the
// side that lacks it; `present` tells which sides have it).
template <typename Fn>
void MergeMembers(const JsonValue* a, const JsonValue* b, Fn fn) {
  size_t na = a != nullptr && a->IsObject() ? a->size : 0, nb = b != nullptr && b->IsObject() ? b->size : 0;
  size_t i = 0, j = 0;
  while (i < na || j < nb) {
    int c = i == na ? 1 : j == nb ? -1 : stream::KeyCompare(a->members[i].key, b->members[j].key);
    fn(c <= 0 ? a->members[i].key : b->members[j].key, c <= 0 ? a->members[i].value : nullptr,
       c >= 0 ? b->members[j].value : nullptr, c == 0);
    if (c <= 0) ++i;
    if (c >= 0) ++j;
  }
}

// after_unknown of the new plan, less what the old plan left unknown too:
// a value unknown in both is the same in both, and the diff must not show
// it as "(known after apply)".
const JsonValue* UnknownOnlyInNew(const JsonValue* n, const JsonValue* o, buffer::Arena* arena) {
  if (n == nullptr || o == nullptr) return n;
  if (stream::IsTrue(n)) return stream::IsTrue(o) ? nullptr : n;
  if (n->IsObject() && o->IsObject()) {
    JsonMember* members = arena->NewArray<JsonMember>(n->size);
    size_t count = 0;
    for (size_t i = 0; i < n->size; ++i) {
      const JsonValue* ov = nullptr;
      const JsonValue* v = o->Find(n->members[i].key, &ov) ? UnknownOnlyInNew(n->members[i].value, ov, arena)
                                                         : n->members[i].value;
      if (v != nullptr) members[count++] = JsonMember{n->members[i].key, v};
    }
    JsonValue* copy = arena->New<JsonValue>();
    copy->kind = stream::JsonKind::kObject;
    copy->size = count;
    copy->members = members;
    return copy;
  }
  if (n->IsArray() && o->IsArray()) {
    const JsonValue** items = arena->NewArray<const JsonValue*>(n->size);
    for (size_t i = 0; i < n->size; ++i) items[i] = i < o->size ? UnknownOnlyInNew(n->items[i], o->items[i], arena) : n->items[i];
    JsonValue* copy = arena->New<JsonValue>();
    copy->kind = stream::JsonKind::kArray;
    copy->size = n->size;
    copy->items = items;
    return copy;
  }
  return n;
}

std::string ActionName(const std::vector<std::string>& actions) {
  stream::PlanAction a;
  if (!stream::PlanActionFromList(actions, &a)) {
    std::string list;
    for (const std::string& s : actions) list += (list.empty() ? "" : ",") + s;
    return "[" + list + "]";
  }
  return std::string(stream::ActionWord(a));
}

class CompareRun {
 public:
  CompareRun(const CompareInput& in, const Options& opt, Sink* sink)
      : in_(in),
        opt_(opt),
        old_(in.old_plan, opt, sink->needs().marked_symbols),
        new_(in.new_plan, opt, sink->needs().marked_symbols),
        sink_(sink),
        view_(new_.ctx) {}

  Status Run(Report* report, bool* differ);

 private:
  Status JoinSections();
  Status Join(Section section, ElementStream* o, ElementStream* n);
  Status ComparePair(Section section, const Element& o, const Element& n);
  Status OnlyIn(Section section, Side* side, const Element& e, bool in_new);
  Status CompareOutputs();
  Status CompareKeyed(Section section);
  Status Emit(Difference d);

  // Parses an element and views it as a resource change, its values less
  // the --ignore attributes.
  Status Load(Side* side, const Element& e, Section section, const JsonValue** tree, stream::ResourceChange* rc);
  std::string Comment(const Difference& d) const;
  Status RenderBody(Side* side, const stream::ResourceChange& rc, std::string* out);

  const CompareInput& in_;
  const Options& opt_;
  Side old_, new_;
  Sink* sink_;
  PlanView view_;  // the new plan's, for Begin and Finish
  bool outputs_heading_ = false;  // "Changes to Outputs:" pushed
  Totals totals_;
  size_t max_pending_ = 0;  // for TFSTREAM_TIMING
  // TFSTREAM_COMPARE_CROSS_CHECK=1: elements whose bytes are the same in
  // both plans are parsed and compared too, and any difference found
  // between them is an error (the corpus test runs every plan so).
  const bool cross_check_ = opt_.compare_cross_check;
};

Status CompareRun::Emit(Difference d) {
  pipeline::Section section = pipeline::Section::kPlannedChanges;
  switch (d.section) {
    case Section::kChange:
      ++totals_.changes;
      if (d.what & what::kOnlyNew) {
        ++totals_.only_new;
      } else if (d.what & what::kOnlyOld) {
        ++totals_.only_old;
      } else {
        ++totals_.both;
      }
      break;
    case Section::kDrift:
      ++totals_.drift;
      section = pipeline::Section::kDrift;
      break;
    case Section::kDeferred:
      ++totals_.deferred;
      section = pipeline::Section::kDeferred;
      break;
    case Section::kActionInvocation:
      ++totals_.actions;
      section = pipeline::Section::kActionInvocations;
      break;
    case Section::kOutput:
      ++totals_.outputs;
      section = pipeline::Section::kOutputs;
      break;
  }
  Status s;
  std::string text;
  if (section == pipeline::Section::kOutputs) {
    if (!outputs_heading_) {
      outputs_heading_ = true;
      s = sink_->Text(TextPiece{section, Part::kHeading, render::plan::OutputsHeading()});
      if (!s.ok()) return s;
    }
    text = d.block + "\n";
  } else {
    text = "\n" + d.block + "\n";
  }
  BlockView block;
  block.section = section;
  block.text = text;
  block.address = d.address;
  block.action = d.new_action.empty() ? d.old_action : d.new_action;
  block.difference = &d;
  if (!(s = sink_->Block(block)).ok()) return s;
  return sink_->Flush();
}

// "  # ADDRESS: what differs", the address in bold. Unlike Terraform's own
// comments, the address is never read as colour markup (an index key may
// hold "[red]").
std::string CompareRun::Comment(const Difference& d) const {
  const render::text::Colorize& c = new_.ctx.colorize;
  std::string bold = c.enabled() ? "\x1b[" + std::string(c.Code("bold")) + "m" : "";
  std::string reset = c.enabled() ? "\x1b[0m" : "";
  return bold + "  # " + render::compare::DifferenceLabel(d) + reset + ": " + render::compare::WhatDiffers(d);
}

Status CompareRun::Load(Side* side, const Element& e, Section section, const JsonValue** tree,
                        stream::ResourceChange* rc) {
  side->worker.set_element_offset(e.offset);
  Status s = side->worker.Parse(e.raw, e.offset, tree);
  if (!s.ok()) return s;
  s = stream::ExtractResourceChange(*tree, e.raw, e.offset, *side->ctx.flavor, rc, section == Section::kChange);
  if (!s.ok()) return side->ctx.PlanError(s);
  if (section != Section::kChange) (void)stream::ResolveAction(rc, e.offset);  // drift: the words only
  buffer::Arena* arena = side->worker.arena();
  rc->before = stream::WithoutAttributes(rc->before, in_.ignore, arena);
  rc->after = stream::WithoutAttributes(rc->after, in_.ignore, arena);
  rc->after_unknown = stream::WithoutAttributes(rc->after_unknown, in_.ignore, arena);
  rc->before_sensitive = stream::WithoutAttributes(rc->before_sensitive, in_.ignore, arena);
  rc->after_sensitive = stream::WithoutAttributes(rc->after_sensitive, in_.ignore, arena);
  return Status::Ok();
}

// The header line and body of a diff computed by `side`'s worker (its
// schemas), after the comment; nothing when the resource is not managed or
// data (no schema kind to render it by).
Status CompareRun::RenderBody(Side* side, const stream::ResourceChange& rc, std::string* out) {
  render::Diff d;
  bool skip = false;
  Status s = side->worker.ComputeDiff(rc, /*drift=*/false, &d, &skip);
  if (!s.ok()) return s;
  out->push_back('\n');
  side->worker.ClearError();
  render::plan::AppendResourceHeaderAndBody(rc, d.action, d, side->worker.Opts(), out);
  if (side->worker.has_error()) return side->ctx.AddressError(rc.address, side->worker.error(), side->worker.element_offset());
  return Status::Ok();
}

Status CompareRun::OnlyIn(Section section, Side* side, const Element& e, bool in_new) {
  const JsonValue* tree;
  stream::ResourceChange rc;
  Status s = Load(side, e, section, &tree, &rc);
  if (!s.ok()) return s;
  Difference d;
  d.section = section;
  d.address = e.address;
  d.deposed = e.deposed;
  d.what = in_new ? what::kOnlyNew : what::kOnlyOld;
  (in_new ? d.new_action : d.old_action) = ActionName(rc.actions);
  d.block = Comment(d);
  // The plan's own change (or drift) for it, as that plan shows it.
  if (rc.IsManaged() || rc.mode == "data") {
    if (!(s = RenderBody(side, rc, &d.block)).ok()) return s;
  }
  side->worker.Reset();
  return Emit(std::move(d));
}

Status CompareRun::ComparePair(Section section, const Element& o, const Element& n) {
  const bool same_bytes = o.raw == n.raw;
  if (same_bytes && !cross_check_) {
    // Equal without parsing; validated once (the bytes are the same). The
    // drift was validated with the deferred sections.
    if (section != Section::kChange) return Status::Ok();
    stream::JsonScanner scan(n.raw, n.offset);
    return scan.SkipValue(2) ? Status::Ok() : new_.ctx.PlanError(scan.status());
  }
  const JsonValue *ot, *nt;
  stream::ResourceChange orc, nrc;
  Status s = Load(&old_, o, section, &ot, &orc);
  if (s.ok()) s = Load(&new_, n, section, &nt, &nrc);
  if (!s.ok()) return s;
  Difference d;
  d.section = section;
  d.address = n.address;
  d.deposed = n.deposed;
  // Top-level members (change is compared below, field by field).
  MergeMembers(ot, nt, [&](std::string_view key, const JsonValue* a, const JsonValue* b, bool) {
    if (stream::KeyIsField(key, "change") || stream::JsonSameValue(a, b)) return;
    if (stream::KeyIsField(key, "previous_address")) {
      d.what |= what::kMove;
    } else if (stream::KeyIsField(key, "action_reason")) {
      d.what |= what::kReason;
    } else {
      d.what |= what::kOther;
      d.other_fields.emplace_back(key);
    }
  });
  const JsonValue *oc = nullptr, *nc = nullptr;
  stream::FindField(ot, "change", &oc);
  stream::FindField(nt, "change", &nc);
  MergeMembers(oc, nc, [&](std::string_view key, const JsonValue* a, const JsonValue* b, bool) {
    const stream::FieldKey k(key);
    if (k.Is("before") || k.Is("after") || k.Is("after_unknown") || k.Is("before_sensitive") ||
        k.Is("after_sensitive")) {
      return;  // compared below, less the ignored attributes
    }
    if (stream::JsonSameValue(a, b)) return;
    if (k.Is("actions")) {
      d.what |= what::kAction;
    } else if (k.Is("replace_paths")) {
      d.what |= what::kReplacePaths;
    } else if (k.Is("importing") || k.Is("generated_config")) {
      d.what |= what::kImport;
    } else {
      d.what |= what::kOther;
      d.other_fields.push_back("change." + std::string(key));
    }
  });
  if (orc.actions != nrc.actions) d.what |= what::kAction;
  const bool planned = !stream::JsonSameValue(orc.after, nrc.after) ||
                       !stream::JsonSameValue(orc.after_unknown, nrc.after_unknown);
  const bool prior = !stream::JsonSameValue(orc.before, nrc.before);
  if (planned) d.what |= what::kPlanned;
  if (prior) d.what |= what::kPrior;
  if (!stream::JsonSameValue(orc.before_sensitive, nrc.before_sensitive) ||
      !stream::JsonSameValue(orc.after_sensitive, nrc.after_sensitive)) {
    d.what |= what::kSensitivity;
  }
  if (d.what == 0) {  // formatting, key order or ignored attributes only
    old_.worker.Reset();
    new_.worker.Reset();
    return Status::Ok();
  }
  if (same_bytes) {  // cross-check: the fast path would have called them equal
    return new_.ctx.AddressError(n.address, "compare cross-check: identical bytes compared as different", n.offset);
  }
  d.old_action = ActionName(orc.actions);
  d.new_action = ActionName(nrc.actions);
  d.old_reason = std::string(orc.action_reason);
  d.new_reason = std::string(nrc.action_reason);
  d.old_previous_address = std::string(orc.previous_address);
  d.new_previous_address = std::string(nrc.previous_address);
  if (planned) {
    stream::DifferingPaths(orc.after, nrc.after, Difference::kMaxPaths, &d.attributes);
    std::vector<std::string> unknown;
    stream::DifferingPaths(orc.after_unknown, nrc.after_unknown, Difference::kMaxPaths, &unknown);
    for (std::string& p : unknown) {
      if (d.attributes.size() < Difference::kMaxPaths &&
          std::find(d.attributes.begin(), d.attributes.end(), p) == d.attributes.end()) {
        d.attributes.push_back(std::move(p));
      }
    }
  } else if (prior) {
    stream::DifferingPaths(orc.before, nrc.before, Difference::kMaxPaths, &d.attributes);
  }
  // The whole value (created, deleted) is no attribute of its own.
  d.attributes.erase(std::remove(d.attributes.begin(), d.attributes.end(), std::string()), d.attributes.end());
  d.block = Comment(d);
  if ((planned || prior || (d.what & what::kSensitivity)) && (nrc.IsManaged() || nrc.mode == "data")) {
    // The old plan's result against the new plan's, in the new plan's
    // schemas: "~ ami = "ami-1" -> "ami-2"" reads "the new plan sets ami-2
    // where the old one set ami-1". Where only the prior values differ, those.
    stream::ResourceChange view = nrc;
    view.replace_paths = nullptr;
    if (planned || !prior) {
      view.before = orc.after;
      view.before_sensitive = orc.after_sensitive;
      view.after = nrc.after;
      view.after_sensitive = nrc.after_sensitive;
      view.after_unknown = UnknownOnlyInNew(nrc.after_unknown, orc.after_unknown, new_.worker.arena());
    } else {
      view.before = orc.before;
      view.before_sensitive = orc.before_sensitive;
      view.after = nrc.before;
      view.after_sensitive = nrc.before_sensitive;
      view.after_unknown = nullptr;
    }
    s = RenderBody(&new_, view, &d.block);
    if (!s.ok()) return s;
  }
  old_.worker.Reset();
  new_.worker.Reset();
  return Emit(std::move(d));
}

// An element read again after the join's running release has passed it
// (a pending element, compared when its partner comes) maps its pages back
// in: they are given back at once, or plans out of step would keep them.
// The range is widened by 64 KiB each way: a fault maps the pages around
// it too (the kernel's fault-around, 64 KiB by default), and
// release_plan_range keeps pages it only partly covers. The input is a
// read-only file mapping, so a page given back that is read again is read
// again from the file.
void DropPages(const Input& in, uint64_t offset, uint64_t size) {
  constexpr uint64_t kAround = 64 << 10;
  if (in.release_plan_range) in.release_plan_range(offset > kAround ? offset - kAround : 0, offset + size + kAround);
}

// Takes one element of each plan at a time. Where their keys (address,
// deposed key) agree, they are compared at once; where not, each waits in
// its plan's pending map until the other plan's element of its key comes
// (and is then compared) or the arrays end (it is then only in its plan).
// Plans of one configuration list their resources in the same order
// (Terraform sorts them), so the pending maps only ever hold the elements
// one plan has and the other lacks, and memory stays flat; any order is
// still compared exactly, at the cost of holding the displaced elements'
// keys and places (Pending) until their partners come.
Status CompareRun::Join(Section section, ElementStream* o, ElementStream* n) {
  struct Pending {
    std::string address, deposed;
    uint64_t offset, size;
  };
  using PendingMap = std::unordered_multimap<std::string, Pending>;
  PendingMap pending_old, pending_new;
  auto element_of = [](const Pending& p, std::string_view doc) {
    Element e;
    e.address = p.address;
    e.deposed = p.deposed;
    e.offset = p.offset;
    e.raw = doc.substr(p.offset, p.size);
    return e;
  };
  Element eo, en;
  bool have_o = o->Next(&eo), have_n = n->Next(&en);
  Status s;
  while (have_o || have_n) {
    if (have_o && have_n && eo.address == en.address && eo.deposed == en.deposed) {
      s = ComparePair(section, eo, en);
    } else {
      if (have_o) {
        std::string key = eo.Key();
        auto it = pending_new.find(key);
        if (it != pending_new.end()) {
          s = ComparePair(section, eo, element_of(it->second, in_.new_plan.plan));
          DropPages(in_.new_plan, it->second.offset, it->second.size);
          pending_new.erase(it);
        } else {
          pending_old.emplace(std::move(key), Pending{eo.address, eo.deposed, eo.offset, eo.raw.size()});
        }
      }
      if (s.ok() && have_n) {
        std::string key = en.Key();
        auto it = pending_old.find(key);
        if (it != pending_old.end()) {
          s = ComparePair(section, element_of(it->second, in_.old_plan.plan), en);
          DropPages(in_.old_plan, it->second.offset, it->second.size);
          pending_old.erase(it);
        } else {
          pending_new.emplace(std::move(key), Pending{en.address, en.deposed, en.offset, en.raw.size()});
        }
      }
    }
    if (!s.ok()) return s;
    max_pending_ = std::max(max_pending_, pending_old.size() + pending_new.size());
    if (have_o && (have_o = o->Next(&eo))) o->Release(eo);
    if (have_n && (have_n = n->Next(&en))) n->Release(en);
  }
  if (!(s = o->status()).ok() || !(s = n->status()).ok()) return s;
  // What is left is only in its plan: in document order, old plan first.
  for (int side = 0; side < 2; ++side) {
    PendingMap& left = side == 0 ? pending_old : pending_new;
    std::vector<Pending> rest;
    rest.reserve(left.size());
    for (auto& [key, p] : left) rest.push_back(std::move(p));
    std::sort(rest.begin(), rest.end(), [](const Pending& a, const Pending& b) { return a.offset < b.offset; });
    for (const Pending& p : rest) {
      Side* plan = side == 0 ? &old_ : &new_;
      s = OnlyIn(section, plan, element_of(p, plan->ctx.in.plan), side == 1);
      if (!s.ok()) return s;
    }
  }
  return Status::Ok();
}

Status CompareRun::JoinSections() {
  struct SectionRanges {
    Section section;
    stream::ByteRange old_range, new_range;
  };
  std::vector<SectionRanges> sections = {
      {Section::kChange, old_.ctx.facts.resource_changes, new_.ctx.facts.resource_changes}};
  if (!opt_.hide_drift) {
    sections.push_back({Section::kDrift, old_.ctx.facts.resource_drift, new_.ctx.facts.resource_drift});
  }
  for (const SectionRanges& r : sections) {
    ElementStream o(old_.ctx, r.old_range), n(new_.ctx, r.new_range);
    Status s = Join(r.section, &o, &n);
    if (!s.ok()) return s;
    if (r.section == Section::kChange) {
      totals_.old_count = o.count();
      totals_.new_count = n.count();
    }
  }
  return Status::Ok();
}

// Outputs: by name; the old plan's planned value against the new plan's.
Status CompareRun::CompareOutputs() {
  const std::vector<OutputEntry>& os = old_.prepared.outputs;
  const std::vector<OutputEntry>& ns = new_.prepared.outputs;
  size_t i = 0, j = 0;
  while (i < os.size() || j < ns.size()) {
    int c = i == os.size() ? 1 : j == ns.size() ? -1 : stream::KeyCompare(os[i].name, ns[j].name);
    const JsonValue *ot = nullptr, *nt = nullptr;
    Status s;
    if (c <= 0) s = old_.worker.Parse(in_.old_plan.plan.substr(os[i].range.begin, os[i].range.size()), os[i].range.begin, &ot);
    if (s.ok() && c >= 0) s = new_.worker.Parse(in_.new_plan.plan.substr(ns[j].range.begin, ns[j].range.size()), ns[j].range.begin, &nt);
    if (!s.ok()) return s;
    if (c != 0 || !stream::JsonSameValue(ot, nt)) {
      stream::ResourceChange oc, nc;
      if (ot != nullptr && !(s = stream::ExtractChange(ot, os[i].range.begin, *old_.ctx.flavor, &oc)).ok()) {
        return old_.ctx.PlanError(s);
      }
      if (nt != nullptr && !(s = stream::ExtractChange(nt, ns[j].range.begin, *new_.ctx.flavor, &nc)).ok()) {
        return new_.ctx.PlanError(s);
      }
      Difference d;
      d.section = Section::kOutput;
      d.address = c <= 0 ? os[i].name : ns[j].name;
      d.what = c < 0 ? uint32_t{what::kOnlyOld} : c > 0 ? uint32_t{what::kOnlyNew} : 0u;
      if (ot != nullptr) d.old_action = ActionName(oc.actions);
      if (nt != nullptr) d.new_action = ActionName(nc.actions);
      if (c == 0) {
        if (oc.actions != nc.actions) d.what |= what::kAction;
        if (!stream::JsonSameValue(oc.after, nc.after) || !stream::JsonSameValue(oc.after_unknown, nc.after_unknown)) {
          d.what |= what::kPlanned;
        }
        if (!stream::JsonSameValue(oc.before, nc.before)) d.what |= what::kPrior;
        if (!stream::JsonSameValue(oc.before_sensitive, nc.before_sensitive) ||
            !stream::JsonSameValue(oc.after_sensitive, nc.after_sensitive)) {
          d.what |= what::kSensitivity;
        }
        if (d.what == 0) d.what = what::kOther;
      }
      render::structured::Change change;
      change.before = oc.after;
      change.before_sensitive = oc.after_sensitive;
      change.after = nc.after;
      change.after_sensitive = nc.after_sensitive;
      change.unknown = UnknownOnlyInNew(nc.after_unknown, oc.after_unknown, new_.worker.arena());
      std::string error;
      render::DiffContext dctx{new_.worker.arena(), &error, new_.ctx.flavor};
      render::Diff diff = render::differ::ComputeDiffForOutput(change, dctx);
      if (!error.empty()) return Status::Error(in_.new_plan.plan_label + ": output " + d.address + ": " + error);
      std::string line = Comment(d) + "\n" + new_.ctx.palette.Symbol(diff.action) +
                         render::renderers::EscapedAttributeName(d.address, render::renderers::QuoteUnicode(*new_.ctx.flavor)) + " = ";
      new_.worker.ClearError();
      diff.RenderHuman(0, new_.worker.Opts(), &line);
      if (new_.worker.has_error()) {
        return Status::Error(in_.new_plan.plan_label + ": output " + d.address + ": " + new_.worker.error());
      }
      d.block = std::move(line);
      if (!(s = Emit(std::move(d))).ok()) return s;
    }
    old_.worker.Reset();
    new_.worker.Reset();
    if (c <= 0) ++i;
    if (c >= 0) ++j;
  }
  return Status::Ok();
}

// Deferred changes and action invocations: few, compared by key in memory.
Status CompareRun::CompareKeyed(Section section) {
  struct Keyed {
    std::string key, address, deposed;
    stream::ByteRange range;
    std::string action;  // a deferred change's
  };
  auto collect = [&](Side* side, std::vector<Keyed>* out) -> Status {
    const PlanContext& ctx = side->ctx;
    if (section == Section::kActionInvocation) {
      for (const stream::ActionInvocationFacts& f : ctx.facts.actions) {
        std::string key = f.address + '\0' + f.triggering_address + '\0' + f.event + '\0' +
                          std::to_string(f.block_index) + '\0' + std::to_string(f.list_index) + '\0' +
                          (f.invoke ? "1" : "0");
        out->push_back(Keyed{key, f.address, "", f.range, ""});
      }
      return Status::Ok();
    }
    return ctx.ForEachElement(
        ctx.facts.deferred_changes,
        [&](std::string_view raw, uint64_t offset) -> Status {
          const JsonValue* tree;
          Status s = side->worker.Parse(raw, offset, &tree);
          if (!s.ok()) return s;
          stream::ResourceChange rc;
          std::string_view reason;
          s = stream::ExtractDeferredResourceChange(tree, raw, offset, &rc, &reason);
          if (!s.ok()) return ctx.PlanError(s);
          out->push_back(Keyed{std::string(rc.address) + '\0' + std::string(rc.deposed), std::string(rc.address),
                               std::string(rc.deposed), stream::ByteRange{offset, offset + raw.size(), true},
                               ActionName(rc.actions)});
          side->worker.Reset();
          return Status::Ok();
        },
        PlanContext::Pages::kKeep);
  };
  std::vector<Keyed> os, ns;
  Status s = collect(&old_, &os);
  if (s.ok()) s = collect(&new_, &ns);
  if (!s.ok()) return s;
  auto by_key = [](const Keyed& a, const Keyed& b) { return a.key < b.key; };
  std::stable_sort(os.begin(), os.end(), by_key);
  std::stable_sort(ns.begin(), ns.end(), by_key);
  size_t i = 0, j = 0;
  while (i < os.size() || j < ns.size()) {
    int c = i == os.size() ? 1 : j == ns.size() ? -1 : os[i].key.compare(ns[j].key);
    bool differs = c != 0;
    if (c == 0) {
      const JsonValue *ot, *nt;
      s = old_.worker.Parse(in_.old_plan.plan.substr(os[i].range.begin, os[i].range.size()), os[i].range.begin, &ot);
      if (s.ok()) s = new_.worker.Parse(in_.new_plan.plan.substr(ns[j].range.begin, ns[j].range.size()), ns[j].range.begin, &nt);
      if (!s.ok()) return s;
      differs = !stream::JsonSameValue(ot, nt);
      old_.worker.Reset();
      new_.worker.Reset();
    }
    if (differs) {
      Difference d;
      d.section = section;
      d.address = c <= 0 ? os[i].address : ns[j].address;
      d.deposed = c <= 0 ? os[i].deposed : ns[j].deposed;
      d.what = c < 0 ? uint32_t{what::kOnlyOld} : c > 0 ? uint32_t{what::kOnlyNew} : uint32_t{what::kOther};
      if (c <= 0) d.old_action = os[i].action;
      if (c >= 0) d.new_action = ns[j].action;
      if (c == 0) d.other_fields.push_back(section == Section::kDeferred ? "the deferred change" : "the invocation");
      d.block = Comment(d);
      if (!(s = Emit(std::move(d))).ok()) return s;
    }
    if (c <= 0) ++i;
    if (c >= 0) ++j;
  }
  return Status::Ok();
}

Status CompareRun::Run(Report* report, bool* differ) {
  // TFSTREAM_TIMING=1: how long each phase took, and the peak RSS after it.
  const bool timing = opt_.timing;
  auto last = std::chrono::steady_clock::now();
  auto mark = [&](const char* phase) {
    if (!timing) return;
    auto now = std::chrono::steady_clock::now();
    struct rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    std::fprintf(stderr, "tfstream: compare: %-22s %8.3f s  peak %ld MiB\n", phase,
                 std::chrono::duration<double>(now - last).count(), usage.ru_maxrss / 1024);
    last = now;
  };
  Status s = ScanPlan(&old_.ctx, nullptr);
  if (s.ok()) s = PreparePlan(&old_.ctx, &old_.worker, &old_.prepared);
  mark("old plan scanned");
  if (s.ok()) s = ScanPlan(&new_.ctx, nullptr);
  if (s.ok()) s = PreparePlan(&new_.ctx, &new_.worker, &new_.prepared);
  mark("new plan scanned");
  if (!s.ok()) return s;
  view_.prepared = &new_.prepared;
  if (!(s = sink_->Begin(view_)).ok()) return s;
  // What the pre-scans skipped (planned_values, prior_state, configuration,
  // the drift: often most of a plan) is validated on threads of their own
  // while the join reads resource_changes, which it validates itself; all
  // before anything is written.
  BackgroundValidation old_rest(old_.ctx), new_rest(new_.ctx);
  if (!(s = JoinSections()).ok()) return s;
  mark("changes joined");
  if (!(s = CompareKeyed(Section::kDeferred)).ok()) return s;
  if (!(s = CompareKeyed(Section::kActionInvocation)).ok()) return s;
  if (!(s = CompareOutputs()).ok()) return s;
  if (!(s = old_rest.Wait()).ok() || !(s = new_rest.Wait()).ok()) return s;
  mark("rest validated");
  if (timing) std::fprintf(stderr, "tfstream: compare: at most %zu resource changes waited for their partner\n", max_pending_);
  *differ = totals_.Total() > 0;
  if (report != nullptr) {
    for (Side* side : {&old_, &new_}) {
      Report r;
      TakeNotes(side->ctx, &r);
      report->notes.insert(report->notes.end(), r.notes.begin(), r.notes.end());
      std::vector<std::string> w = side->ctx.stale_schemas.Warnings();
      for (std::string& x : w) {
        if (std::find(report->warnings.begin(), report->warnings.end(), x) == report->warnings.end()) {
          report->warnings.push_back(std::move(x));
        }
      }
    }
  }
  const render::text::Colorize& c = new_.ctx.colorize;
  std::string closing = totals_.Total() == 0 ? render::compare::SameLine(totals_) + "\n"
                                          : c.Color("\n[bold]" + render::compare::SummaryLine(totals_) + "[reset]\n");
  if (!(s = sink_->Text(TextPiece{pipeline::Section::kTotals, Part::kBody, closing})).ok()) return s;
  return sink_->Finish(view_);
}

}  // namespace

Status RunCompare(const CompareInput& in, const Options& options, Sink* sink, Report* report, bool* differ) {
  *differ = false;
  CompareRun run(in, options, sink);
  return run.Run(report, differ);
}

}  // namespace tfstream::pipeline
