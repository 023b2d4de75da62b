#include "cli/release_list.h"

#include <vector>

namespace tfstream::cli {
namespace {

// Words of `text` on lines of at most 79 columns, each indented by two.
std::string Wrap(const std::string& text) {
  std::string out, line = "  ";
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (line.size() > 2 && line.size() + 1 + word.size() > 79) {
      out += line + "\n";
      line = "  ";
    }
    if (line.size() > 2) line += ' ';
    line += word;
    start = end + 1;
  }
  if (line.size() > 2) out += line + "\n";
  return out;
}

}  // namespace

std::string ReleaseList(FlavorId id) {
  const ReleaseRange range = SupportedReleases(id);
  std::string out = range.oldest.Name() + " to " + range.newest.Name() + "; rows printing the same text:";
  const std::vector<ReleaseRow> rows = ReleaseRows(id);
  for (size_t i = 0; i < rows.size(); ++i) {
    std::string aliases(rows[i].aliases);
    for (size_t at = aliases.find(' '); at != std::string::npos; at = aliases.find(' ', at + 2)) {
      aliases.replace(at, 1, ", ");
    }
    out += (i == 0 ? " " : "; ") + std::string(rows[i].name) + " = " + ReleaseClassName(id, rows[i].first) +
           " (" + aliases + ")";
  }
  return out;
}

std::string ReleasesHelp() {
  std::string text =
      "--renderer-version picks whose release's text is printed, within the flavour: latest, X.Y.Z, or X.Y (the "
      "newest patch of that line). auto (the default) reads the plan's terraform_version (OpenTofu writes its own "
      "version there; prereleases such as 1.9.0-beta2 or 1.16.0-dev count as the release they precede), once the "
      "flavour is settled; a plan without one (the renderer's shape) gets latest, and so does a state (its "
      "terraform_version names the release that last wrote the state file; a state bundle's, read, the release it "
      "was made for). A release older or newer than "
      "those reproduced gets the nearest one's text, and a plan's terraform_version that is no release number the "
      "newest text, each with a note on standard error (a --renderer-version that is neither auto, latest nor a "
      "release number is a usage error). When --flavor auto found no sign of OpenTofu and the number also names an "
      "OpenTofu release, a note says it was read as Terraform's (not when the plan has applyable or complete, "
      "which Terraform writes from 1.8 on and OpenTofu never). Where a release's own renderer crashes on a valid "
      "plan (Terraform 1.5.0 to 1.7.3 and OpenTofu 1.6.x on a number beyond float64's range; Terraform up to 1.9.5 "
      "and every OpenTofu release on an unknown list element with no value before), tfstream prints the text that "
      "renderer evidently intends, that of the nearest release that does not crash, with exactly one note on "
      "standard error, and exits 0; an invalid document (such as a schema with a nesting mode the renderer does "
      "not know, in any change's schema, shown or not) is a one-line error, exit 1, in every release. Each "
      "flavour's releases come in rows that print the same text, named and with their aliases (the X.Y lines and "
      "releases in them). Terraform: " +
      ReleaseList(FlavorId::kTerraform) + ". OpenTofu: " + ReleaseList(FlavorId::kOpenTofu) + ".";
  return "Releases:\n" + Wrap(text);
}

}  // namespace tfstream::cli
