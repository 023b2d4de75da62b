#include "forms/markdown_alert.h"

#include <algorithm>

#include "forms/markdown_block.h"
#include "render/plan/plan_totals.h"

namespace tfstream::forms {

using namespace pipeline;
using namespace render::plan;

using stream::PlanAction;

Status DestroyAlert(const PlanContext& ctx, std::string* out) {
  out->clear();
  const stream::PlanFacts& f = ctx.facts;
  auto n = [&](PlanAction a) { return f.counts[static_cast<size_t>(a)]; };
  const size_t deleted = n(PlanAction::kDelete);
  const size_t replaced = n(PlanAction::kDeleteThenCreate) + n(PlanAction::kCreateThenDelete);
  const size_t total = deleted + replaced;
  if (total == 0) return Status::Ok();
  std::string text = "> [!WARNING]\n> This plan destroys " + std::to_string(total) +
                     (total == 1 ? " resource: " : " resources: ") + std::to_string(deleted) + " deleted, " +
                     std::to_string(replaced) + " replaced.\n";
  size_t listed = 0;
  auto list = [&](std::string_view raw, uint64_t offset) -> Status {
    stream::ResourceFacts rf;
    if (Status st = ctx.ReadFacts(raw, offset, &rf); !st.ok()) return st;
    PlanAction action;
    if (!stream::PlanActionFromList(rf.actions, &action) || !stream::IsPrintedChange(action, rf)) {
      return Status::Ok();
    }
    if (action != PlanAction::kDelete && action != PlanAction::kDeleteThenCreate &&
        action != PlanAction::kCreateThenDelete) {
      return Status::Ok();
    }
    text += "> - " + CodeSpan(PlainSymbol(action, *ctx.flavor)) + " " + CodeSpan(rf.address);
    if (!rf.deposed.empty()) text += " (deposed object " + CodeSpan(rf.deposed) + ")";
    text += "\n";
    ++listed;
    return Status::Ok();
  };
  static_assert(kAlertAddresses <= stream::PlanFacts::kFirstDestroys);
  Status s;
  if (f.first_destroys.size() == std::min(total, kAlertAddresses)) {
    // The pre-scan noted where they start: a plan with one destroy among
    // many changes is not read again up to its end before the first byte.
    const std::string_view doc = ctx.in.plan;
    for (uint64_t at : f.first_destroys) {
      const size_t end = stream::SkipValidValue(doc, static_cast<size_t>(at));
      if (!(s = list(doc.substr(static_cast<size_t>(at), end - static_cast<size_t>(at)), at)).ok()) return s;
    }
  } else {
    bool done = false;
    s = ctx.ForEachElementUntil(
        f.resource_changes, &done,
        [&](std::string_view raw, uint64_t offset) {
          Status st = list(raw, offset);
          done = listed == kAlertAddresses;
          return st;
        },
        PlanContext::Pages::kDropBehind);
  }
  if (!s.ok()) return s;
  if (total > listed) {
    text +=
        "> - ... and " + std::to_string(total - listed) + " more" + FullPlanLink(ctx.opt.details_url) + "\n";
  }
  *out = text + "\n";
  return Status::Ok();
}

}  // namespace tfstream::forms
