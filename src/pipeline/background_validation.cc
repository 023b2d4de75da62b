#include "pipeline/background_validation.h"

#include <system_error>

namespace tfstream::pipeline {

BackgroundValidation::BackgroundValidation(const PlanContext& ctx) : ctx_(ctx) {
  if (ctx.facts.deferred_validation.empty()) return;
  try {
    thread_ = std::thread([this] { result_ = Run(); });
    started_ = true;
  } catch (const std::system_error&) {
    started_ = false;  // no thread to spare: Wait() does the work
  }
}

BackgroundValidation::~BackgroundValidation() {
  if (thread_.joinable()) thread_.join();
}

Status BackgroundValidation::Run() const {
  Status s = stream::ValidateDeferred(ctx_.in.plan, ctx_.facts, /*changes_validated=*/true,
                                      ctx_.in.release_plan_range);
  return s.ok() ? s : ctx_.PlanError(s);
}

Status BackgroundValidation::Wait() {
  if (thread_.joinable()) thread_.join();
  if (!started_ && !ctx_.facts.deferred_validation.empty()) {
    result_ = Run();
    started_ = true;
  }
  return result_;
}

Status ValidateBeforeOutput(const PlanContext& ctx) {
  const stream::PlanFacts& f = ctx.facts;
  BackgroundValidation others(ctx);
  Status changes;
  if (f.changes_skipped_by_structure && f.resource_changes.present) {
    const stream::ByteRange r = f.resource_changes;
    stream::JsonScanner s(ctx.in.plan.substr(0, r.end));
    s.Seek(r.begin);
    uint64_t released = r.begin;
    if (ctx.in.release_plan_range) {
      s.OnProgress(8 << 20, [&](uint64_t offset) {
        ctx.in.release_plan_range(released, offset);
        released = offset;
      });
    }
    if (s.SkipValue(1) && s.pos() != r.end) s.Fail("unexpected data after a value");
    changes = s.status();
    if (changes.ok() && ctx.in.release_plan_range) ctx.in.release_plan_range(released, r.end);
  }
  Status rest = others.Wait();
  if (changes.ok()) return rest;
  if (rest.ok()) return ctx.PlanError(changes);
  // Both failed: report the error a single front-to-back pass meets first.
  Status first = stream::ValidateDeferred(ctx.in.plan, f);
  return ctx.PlanError(first.ok() ? changes : first);
}

}  // namespace tfstream::pipeline
