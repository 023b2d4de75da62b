#include "render/plan/resource_block.h"

#include "render/renderers/util.h"
#include "render/text/go_json_indent.h"
#include "render/text/go_quote.h"

namespace tfstream::render::plan {
namespace {

const text::Colorize& Colors(const RenderOpts& o) { return *o.palette->colorize; }

std::string ResourceChangeHeader(const stream::ResourceChange& rc) {
  std::string h = rc.IsManaged() ? "resource \"" : "data \"";
  h.append(rc.type);
  h.append("\" \"");
  h.append(rc.name);
  h.push_back('"');
  return h;
}

// The header line "<symbol> resource "t" "n" " followed by the diff body.
void AppendHeaderAndBody(const stream::ResourceChange& rc, Action action, const Diff& diff, bool importing,
                         const RenderOpts& base, std::string* out) {
  out->append(base.palette->Symbol(action));  // Color(DiffActionSymbol) + " "
  out->append(ResourceChangeHeader(rc));
  out->push_back(' ');
  RenderOpts opts = base;
  if (action == Action::kForget && base.flavor->forget_body_as_state) {
    opts.hide_diff_action_symbols = true;
    opts.override_null_suffix = true;
  }
  opts.show_unchanged_children = importing;
  diff.RenderHuman(0, opts, out);
}

// Go formats the index with fmt's %s of a json.RawMessage: its bytes.
std::string IndexText(const stream::ResourceChange& rc) { return std::string(rc.IndexRaw()); }

}  // namespace

std::string ResourceChangeComment(const stream::ResourceChange& rc, Action action, Cause cause,
                                  const Flavor& flavor) {
  std::string buf;
  std::string addr(rc.address);
  if (!rc.deposed.empty()) addr += " (deposed object " + std::string(rc.deposed) + ")";
  bool printed_moved = false, printed_imported = false;
  constexpr std::string_view kLeftOver = "\n  # (left over from a partially-failed replacement of this instance)";
  auto must_be_replaced = [&] {
    if (rc.action_reason == "replace_because_tainted") {
      buf += "[bold]  # " + addr + "[reset] " + std::string(flavor.tainted_must_be) + " [bold][red]replaced[reset]";
    } else if (rc.action_reason == "replace_by_request") {
      buf += "[bold]  # " + addr + "[reset] will be [bold][red]replaced[reset], as requested";
    } else if (rc.action_reason == "replace_by_triggers") {
      buf += "[bold]  # " + addr + "[reset] will be [bold][red]replaced[reset] due to changes in replace_triggered_by";
    } else {
      buf += "[bold]  # " + addr + "[reset] must be [bold][red]replaced[reset]";
    }
  };
  switch (action) {
    case Action::kCreate:
      buf += "[bold]  # " + addr + "[reset] will be created";
      break;
    case Action::kRead:
      buf += "[bold]  # " + addr + "[reset] will be read during apply";
      if (rc.action_reason == "read_because_config_unknown") {
        buf += "\n  # (config refers to values not yet known)";
      } else if (rc.action_reason == "read_because_dependency_pending") {
        buf += "\n  # (depends on a resource or a module with changes pending)";
      } else if (rc.action_reason == "read_because_check_nested") {
        buf += "\n  # (config will be reloaded to verify a check block)";
      }
      break;
    case Action::kUpdate:
      buf += "[bold]  # " + addr + (cause == Cause::kChange ? "[reset] will be updated in-place" : "[reset] has changed");
      break;
    case Action::kCreateThenDelete:
    case Action::kDeleteThenCreate:
      must_be_replaced();
      break;
    case Action::kForgetThenCreate:  // OpenTofu's only (flavor.def action_forget_then_create)
      must_be_replaced();
      buf += " - [yellow]older instance will [bold]not[reset][yellow] be destroyed [reset]([bold]lifecycle.destroy = false[reset])";
      if (!rc.deposed.empty()) buf += kLeftOver;
      break;
    case Action::kCreateThenForget:
      buf += "[bold] # " + addr + "[reset] must be replaced, but the existing object will not be destroyed";
      buf += "\n # (destroy = false is set in the configuration)";
      break;
    case Action::kForget:
      if (flavor.forget_comment_lifecycle) {
        buf += "[bold]  # " + addr + flavor.Wording("[reset] will be removed from the {product} state [bold][red]but will not be destroyed[reset]");
        if (rc.action_reason == "forgot_because_lifecycle_destroy_in_state") {
          buf += " \n (because [bold]lifecycle.destroy = false[reset] was configured before this resource was removed from the configuration)";
        } else if (rc.action_reason == "forgot_because_lifecycle_destroy_in_config") {
          buf += " \n (because [bold]lifecycle.destroy = false[reset] is set in the configuration)";
        }
        if (!rc.deposed.empty()) buf += kLeftOver;
        break;
      }
      if (!rc.deposed.empty()) {
        buf += "[bold] # " + addr + "[reset] will be removed from Terraform state, but [bold][red]will not be destroyed[reset]";
        buf += "\n[bold] # (left over from a partially-failed replacement of this instance)";
      } else {
        buf += "[bold] # " + addr + "[reset] will no longer be managed by Terraform, but [bold][red]will not be destroyed[reset]";
      }
      buf += "\n # (destroy = false is set in the configuration)";
      break;
    case Action::kDelete:
      buf += "[bold]  # " + addr + (cause == Cause::kChange ? "[reset] will be [bold][red]destroyed[reset]" : "[reset] has been deleted");
      if (rc.action_reason == "delete_because_no_resource_config") {
        buf += "\n  # (because " + std::string(rc.type) + "." + std::string(rc.name) + " is not in configuration)";
      } else if (rc.action_reason == "delete_because_no_move_target") {
        buf += "\n  # (because " + std::string(rc.previous_address) + " was moved to " + std::string(rc.address) +
               ", which is not in configuration)";
      } else if (rc.action_reason == "delete_because_no_module") {
        buf += "\n  # (because " + std::string(rc.module_address) + " is not in configuration)";
      } else if (rc.action_reason == "delete_because_wrong_repetition") {
        const stream::JsonValue* index = rc.index;
        if (index == nullptr) {
          buf += "\n  # (because resource uses count or for_each)";
        } else if (index->IsNumber()) {
          buf += "\n  # (because resource does not use count)";
        } else if (index->IsString()) {
          buf += "\n  # (because resource does not use for_each)";
        }
      } else if (rc.action_reason == "delete_because_enabled_false" && flavor.reason_delete_because_enabled_false) {
        buf += "\n  # (because enabled is false)";
      } else if (rc.action_reason == "delete_because_count_index") {
        buf += "\n  # (because index [" + IndexText(rc) + "] is out of range for count)";
      } else if (rc.action_reason == "delete_because_each_key") {
        buf += "\n  # (because key [" + IndexText(rc) + "] is not in for_each map)";
      }
      if (!rc.deposed.empty()) buf += kLeftOver;
      break;
    case Action::kNoOp:
      if (rc.Moved()) {
        buf += "[bold]  # " + std::string(rc.previous_address) + "[reset] has moved to [bold]" + addr + "[reset]";
        printed_moved = true;
        break;
      }
      if (rc.importing) {
        buf += "[bold]  # " + addr + "[reset] will be imported";
        if (!rc.generated_config.empty()) buf += "\n  #[reset] (config will be generated)";
        printed_imported = !flavor.import_source_after_import_header;
        break;
      }
      buf += addr + " has an action the plan renderer doesn't support (this is a bug)";
      break;
  }
  buf += "\n";
  if (rc.Moved() && !printed_moved) buf += "  # [reset](moved from " + std::string(rc.previous_address) + ")\n";
  if (rc.importing && !printed_imported) {
    std::string_view identity;
    if (!rc.importing_id.empty()) {
      buf += "  # [reset](imported from \"" + std::string(rc.importing_id) + "\")\n";
    } else if (flavor.import_identity_shown && !(identity = rc.ImportingIdentityRaw()).empty()) {
      // The identity was valid JSON (the plan was), so json.Indent cannot fail.
      buf += "  # [reset]imported using resource identity: " + text::GoJsonIndent(identity, "  # ", "  ") + "\n";
    } else {
      buf += "  # [reset](will be imported first)\n";
    }
  }
  if (rc.importing && (action == Action::kCreateThenDelete || action == Action::kDeleteThenCreate)) {
    buf += "  # [reset][yellow]Warning: this will destroy the imported resource[reset]\n";
  }
  return buf;
}

void AppendActionInvocation(const InvocationView& ai, const RenderOpts& base, std::string* out) {
  if (base.flavor->action_comment_line) {
    out->append("    # ");
    out->append(ai.address);
    out->push_back('\n');
  }
  out->append("    action ");
  text::AppendGoQuoted(*out, ai.type);
  out->push_back(' ');
  text::AppendGoQuoted(*out, ai.name);
  out->append(" {\n");
  if (ai.config != nullptr) {
    out->append("        config ");
    RenderOpts opts = base;
    opts.show_unchanged_children = true;
    opts.hide_diff_action_symbols = true;
    opts.override_null_suffix = false;
    opts.force_forces_replacement = false;
    opts.forbid_forces_replacement = false;
    std::string rendered;
    ai.config->RenderHuman(0, opts, &rendered);
    // indentExceptFirstLine(rendered, 8)
    size_t start = 0;
    while (true) {
      size_t nl = rendered.find('\n', start);
      if (start > 0) out->append(8, ' ');
      if (nl == std::string::npos) {
        out->append(rendered, start, std::string::npos);
        break;
      }
      out->append(rendered, start, nl - start + 1);
      start = nl + 1;
    }
    out->push_back('\n');
  }
  out->append("    }\n");
}

void AppendResourceDiff(const stream::ResourceChange& rc, Action action, const Diff& diff, Cause cause,
                        std::span<const InvocationView> before_actions,
                        std::span<const InvocationView> after_actions, const RenderOpts& base,
                        std::string* out) {
  out->append(Colors(base).Color(ResourceChangeComment(rc, action, cause, *base.flavor)));
  AppendHeaderAndBody(rc, action, diff, rc.importing, base, out);
  if (!before_actions.empty()) {
    out->append(Colors(base).Color("\n\n    [bold]# Actions to be invoked before this change in order:[reset]\n"));
    for (const InvocationView& ai : before_actions) AppendActionInvocation(ai, base, out);
  }
  if (!after_actions.empty()) {
    out->append(Colors(base).Color("\n\n    [bold]# Actions to be invoked after this change in order:[reset]\n"));
    for (const InvocationView& ai : after_actions) AppendActionInvocation(ai, base, out);
  }
}

void AppendResourceHeaderAndBody(const stream::ResourceChange& rc, Action action, const Diff& diff,
                                 const RenderOpts& base, std::string* out) {
  AppendHeaderAndBody(rc, action, diff, rc.importing, base, out);
}

void AppendDeferredDiff(const stream::ResourceChange& rc, std::string_view reason, Action action,
                        const Diff& diff, const RenderOpts& base, std::string* out) {
  std::string_view explanation = "for an unknown reason";
  if (reason == "instance_count_unknown") {
    explanation = "because the number of resource instances is unknown";
  } else if (reason == "resource_config_unknown") {
    explanation = "because the resource configuration is unknown";
  } else if (reason == "provider_config_unknown") {
    explanation = "because the provider configuration is unknown";
  } else if (reason == "deferred_prereq") {
    explanation = "because a prerequisite for this resource is deferred";
  } else if (reason == "absent_prereq") {
    explanation = "because a prerequisite for this resource has not yet been created";
  }
  out->append(Colors(base).Color("[bold]  # " + std::string(rc.address) + "[reset] was deferred\n"));
  out->append(Colors(base).Color("  #[reset] (" + std::string(explanation) + ")\n"));
  AppendHeaderAndBody(rc, action, diff, rc.importing, base, out);
}

}  // namespace tfstream::render::plan
