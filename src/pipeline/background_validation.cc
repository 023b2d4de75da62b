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

}  // namespace tfstream::pipeline
