// One resource's block of plan text: renderHumanDiff, resourceChangeComment,
// resourceChangeHeader and renderActionInvocation (jsonformat/plan.go,
// Terraform @883c722 and OpenTofu v1.12.6). The caller computes the diff;
// these functions only print.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "render/computed/diff.h"
#include "stream/resource_change.h"

namespace tfstream::render::plan {

enum class Cause { kDrift, kChange };

// The comment lines above a resource, as colour markup (the caller colours
// them in one call, which is what lets markup in addresses take effect).
// The wording is `flavor`'s (flavor.def, resource headers).
std::string ResourceChangeComment(const stream::ResourceChange& rc, Action action, Cause cause,
                                  const Flavor& flavor);

// An action invocation shown with its config. `config` is null when the
// invocation has no config_values.
struct InvocationView {
  std::string_view address, type, name;
  const Diff* config = nullptr;
};

// renderActionInvocation: "    # <address>\n" (flavor.action_comment_line), then
// "    action ... {\n ... }\n".
void AppendActionInvocation(const InvocationView& ai, const RenderOpts& base, std::string* out);

// renderHumanDiff without the leading/trailing newlines the callers print.
void AppendResourceDiff(const stream::ResourceChange& rc, Action action, const Diff& diff, Cause cause,
                        std::span<const InvocationView> before_actions,
                        std::span<const InvocationView> after_actions, const RenderOpts& base,
                        std::string* out);

// The header line "<symbol> resource "t" "n" " and the diff body, without
// the comment lines above them (for blocks with comments of their own, as
// tfstream --compare writes).
void AppendResourceHeaderAndBody(const stream::ResourceChange& rc, Action action, const Diff& diff,
                                 const RenderOpts& base, std::string* out);

// renderHumanDeferredDiff's block: reason lines, then the resource diff.
void AppendDeferredDiff(const stream::ResourceChange& rc, std::string_view reason, Action action,
                        const Diff& diff, const RenderOpts& base, std::string* out);

}  // namespace tfstream::render::plan
