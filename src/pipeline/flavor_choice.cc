#include "pipeline/flavor_choice.h"

#include "stream/pre_scan.h"

namespace tfstream::pipeline {
namespace {

// Whether a key of one of the provider_schemas objects names a provider on
// OpenTofu's registry. The objects were validated by their own check.
bool HasOpenTofuProvider(std::string_view text, const std::vector<stream::ByteRange>& objects) {
  bool found = false;
  for (const stream::ByteRange& object : objects) {
    (void)stream::ForEachMemberRange(
        text, object, "provider_schemas",
        [&found](const std::string& key, stream::ByteRange) {
          if (key.starts_with(stream::kOpenTofuRegistryPrefix)) found = true;
        },
        stream::ValueSkip::kByStructure);
    if (found) return true;
  }
  return false;
}

}  // namespace

const Flavor& ResolveFlavor(PlanContext* ctx, bool* by_default) {
  if (by_default != nullptr) *by_default = false;
  switch (ctx->opt.flavor) {
    case FlavorChoice::kTerraform:
      return TerraformFlavor();
    case FlavorChoice::kOpenTofu:
      return OpenTofuFlavor();
    case FlavorChoice::kAuto:
      break;
  }
  // A bundle (plan_bundle.h) names the flavour of the plan it was made from.
  if (ctx->facts.shape == stream::InputShape::kRenderer && !ctx->facts.tfstream_flavor.empty()) {
    return ctx->facts.tfstream_flavor == "opentofu" ? OpenTofuFlavor() : TerraformFlavor();
  }
  if (ctx->facts.opentofu_sign) return OpenTofuFlavor();
  if (HasOpenTofuProvider(ctx->in.plan, ctx->facts.provider_schemas_objects)) return OpenTofuFlavor();
  if (ctx->in.has_schemas) {
    const SchemasFileCheck& file = SchemasFile(ctx);
    if (file.status.ok() && HasOpenTofuProvider(ctx->in.schemas, file.objects)) return OpenTofuFlavor();
  }
  if (by_default != nullptr) *by_default = true;
  return TerraformFlavor();
}

Status CheckFlavorActions(const PlanContext& ctx) {
  const stream::PlanFacts& f = ctx.facts;
  const stream::PlanFacts::FlavorOnlyAction* unknown = nullptr;
  std::string_view list;
  // The earliest in the document is reported.
  auto check = [&](const stream::PlanFacts::FlavorOnlyAction& first, stream::PlanAction action,
                   std::string_view words) {
    if (first.found && !FlavorKnowsAction(*ctx.flavor, action) &&
        (unknown == nullptr || first.offset < unknown->offset)) {
      unknown = &first;
      list = words;
    }
  };
  check(f.first_create_then_forget, stream::PlanAction::kCreateThenForget, "create, forget");
  check(f.first_forget_then_create, stream::PlanAction::kForgetThenCreate, "forget, create");
  check(f.first_forget, stream::PlanAction::kForget, "forget");
  if (f.first_ephemeral.found && !ctx.flavor->ephemeral_changes_skipped &&
      (unknown == nullptr || f.first_ephemeral.offset < unknown->offset)) {
    return ctx.PlanError(Status::Error(
        "resource change \"" + f.first_ephemeral.address + "\" has an unrecognized resource mode \"ephemeral\"",
        f.first_ephemeral.offset));
  }
  if (unknown == nullptr) return Status::Ok();
  return ctx.PlanError(Status::Error("resource change \"" + unknown->address + "\" has an unrecognized action list [" +
                                         std::string(list) + "] (" + std::string(ctx.flavor->product_name) +
                                         " has no such action)",
                                     unknown->offset));
}

}  // namespace tfstream::pipeline
