#include "forms/markdown_alert.h"

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
  bool done = false;
  Status s = ctx.ForEachElementUntil(
      f.resource_changes, &done,
      [&](std::string_view raw, uint64_t offset) {
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
        done = ++listed == kAlertAddresses;
        return Status::Ok();
      },
      PlanContext::Pages::kDropBehind);
  if (!s.ok()) return s;
  if (total > listed) {
    text +=
        "> - ... and " + std::to_string(total - listed) + " more" + FullPlanLink(ctx.opt.details_url) + "\n";
  }
  *out = text + "\n";
  return Status::Ok();
}

}  // namespace tfstream::forms
