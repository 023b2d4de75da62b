// Terraform's colour markup: "[red]text[reset]" becomes ANSI escapes, or
// nothing when colour is off. Every coloured fragment Terraform prints goes
// through this, user data included when Terraform formats it into the markup.
#pragma once

#include <string>
#include <string_view>

namespace tfstream::render::text {

// Reproduces colorstring.(*Colorize).Color (mitchellh/colorstring d06e56a500db)
// as Terraform configures it for plan rendering (internal/command/views @883c722):
// Colors = DefaultColors, Reset = true, Disable = !enabled.
class Colorize {
 public:
  // Which colour table to use. kWithPurple adds "purple" (38;5;57), as
  // Terraform's Meta.Colorize does for runs through the cloud backend and
  // OpenTofu's View does for every plan it renders (flavor.def purple_colour).
  enum class Table { kDefault, kWithPurple };

  explicit Colorize(bool enabled) : Colorize(enabled, Table::kDefault) {}
  Colorize(bool enabled, Table table) : enabled_(enabled), table_(table) {}

  // Every `[name]` with name in [A-Za-z0-9_-]+ is markup. A name in the colour
  // table (exact case) becomes ESC[<code>m when enabled and "" when disabled;
  // other names stay as written. When enabled and at least one name was
  // known, ESC[0m is appended once at the end.
  std::string Color(std::string_view v) const;
  void AppendColor(std::string& out, std::string_view v) const;

  bool enabled() const { return enabled_; }

  // The ANSI code for a colour name ("31" for "red"), or empty if unknown.
  std::string_view Code(std::string_view name) const;

 private:
  bool enabled_;
  Table table_;
};

}  // namespace tfstream::render::text
