// Test support: renders small pieces of a plan from JSON written in the test,
// through the same differ and renderers the pipeline uses.
#pragma once

#include <string>
#include <string_view>

namespace tfstream::testing {

struct BlockOptions {
  bool color = false;
  bool drift = false;  // "has changed" wording instead of "will be updated"
  bool opentofu = false;  // OpenTofu's flavour profile instead of Terraform's
};

// Renders one resource change the way a plan prints it (comment lines,
// header, body), without the surrounding blank lines. `change_json` is a
// resource_changes element; `block_schema_json` the resource's schema block
// ({"attributes": ..., "block_types": ...}). Errors come back as
// "ERROR: <message>".
std::string RenderResourceBlock(std::string_view change_json, std::string_view block_schema_json,
                                BlockOptions options = {});

// Renders the diff of one attribute value: `change_json` holds before, after,
// after_unknown, before_sensitive, after_sensitive and replace_paths as in a
// plan's "change" object; `attribute_json` is a schema attribute
// ({"type": ...} or {"nested_type": ...}). Rendered at indent 0 with the
// given symbol-hiding and unchanged-children options.
std::string RenderAttribute(std::string_view change_json, std::string_view attribute_json,
                            bool show_unchanged_children = false, bool color = false);

// Renders an output value change (types taken from the JSON itself).
std::string RenderOutput(std::string_view change_json, bool color = false);

}  // namespace tfstream::testing
