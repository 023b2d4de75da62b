#include "cli/command_line.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "base/flavor.h"
#include "base/release.h"
#include "cli/help_text.h"
#include "cli/option_list.h"
#include "cli/release_list.h"
#include "cli/usable_cores.h"
#include "stream/attribute_glob.h"

namespace tfstream::cli {

namespace po = boost::program_options;
using pipeline::Options;

namespace {

constexpr const char* kUsage =
    "Usage: tfstream [OPTIONS] [PLAN]\n"
    "\n"
    "Renders a Terraform or OpenTofu plan in JSON as the human-readable text\n"
    "Terraform (or OpenTofu, see Flavours) prints. PLAN is `terraform show -json\n"
    "PLANFILE` or `tofu show -json PLANFILE` output (give the provider schemas with\n"
    "--schemas) or an HCP Terraform renderer document with provider_schemas\n"
    "embedded. PLAN '-' or no PLAN reads standard input (but no PLAN with standard\n"
    "input a terminal prints a usage hint, exit 2). It must be a plan (see Input).\n";

// A terminal's width as it reports it, else COLUMNS, else 78.
int TerminalWidth(int reported, const Environment& env) {
  if (reported > 0) return reported;
  return env.columns > 0 ? env.columns : 78;
}

int ReportedWidth(int fd) {
  struct winsize ws;
  return ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? ws.ws_col : 0;
}

// Far more threads than cores only costs memory (each has its stack); a huge
// --jobs would make thread creation fail.
constexpr int kMaxJobs = 64;

// --help's option list, spelled "-j, --jobs N" (cli/option_list.h).
std::string OptionList(const po::options_description& desc) {
  std::vector<OptionHelp> list;
  for (const auto& option : desc.options()) {
    std::string names = "--" + option->long_name();
    std::string short_name = option->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (short_name.size() == 2 && short_name[0] == '-') names = short_name + ", " + names;
    list.push_back({names, option->format_parameter(), option->description()});
  }
  return FormatOptionList("Options", list);
}

// "Terraform 1.5.0 to 1.16.x, OpenTofu 1.6.0 to 1.12.x".
std::string ReleaseRangeText() {
  std::string text;
  for (FlavorId id : {FlavorId::kTerraform, FlavorId::kOpenTofu}) {
    const ReleaseRange range = SupportedReleases(id);
    if (!text.empty()) text += ", ";
    text += std::string(FlavorProfile(id).product_name) + " " + range.oldest.Name() + " to " + range.newest.Name();
  }
  return text;
}

}  // namespace

Terminals ReadTerminals(bool stdin_open, bool stdout_open) {
  Terminals t;
  t.stdin_open = stdin_open;
  t.stdout_open = stdout_open;
  t.stdin_tty = isatty(STDIN_FILENO) != 0;
  t.stdout_tty = isatty(STDOUT_FILENO) != 0;
  t.stderr_tty = isatty(STDERR_FILENO) != 0;
  t.stdout_columns = t.stdout_tty ? ReportedWidth(STDOUT_FILENO) : 0;
  t.stderr_columns = t.stderr_tty ? ReportedWidth(STDERR_FILENO) : 0;
  return t;
}

std::string OneLine(std::string_view s) {
  std::string out;
  char buf[8];
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    unsigned char next = i + 1 < s.size() ? static_cast<unsigned char>(s[i + 1]) : 0;
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20 || c == 0x7f) {
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else if (c == 0xc2 && next >= 0x80 && next <= 0x9f) {
      std::snprintf(buf, sizeof buf, "\\u%04x", next);
      out += buf;
      ++i;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

int Fail(std::string_view message, int status) {
  std::fprintf(stderr, "tfstream: %s\n", OneLine(message).c_str());
  return status;
}

std::optional<int> ParseCommandLine(int argc, char** argv, const Environment& env, const Terminals& terminals,
                                    CommandLine* out) {
  std::string schemas, mode = "normal", color = "auto", quality = "auto", plan_path = "-", flavor = "auto";
  std::string renderer_version = "auto";
  int width = -1;
  int jobs = 0;
  std::string progress = "auto", format = "text", output_prefix, group_by, details_url, title, drift = "show";
  std::string output_path;
  std::vector<std::string> action_lists, address_globs, ignore_globs;
  std::string compare_old;
  long long max_bytes = -1, max_parts = -1;
  po::options_description desc("Options");
  desc.add_options()
      ("schemas", po::value<std::string>(&schemas)->value_name("FILE"),
       "provider schemas: output of `terraform providers schema -json` or `tofu providers schema -json` (a plan's embedded provider_schemas win; the file is still checked; - reads standard input, PLAN then a file)")
      ("mode", po::value<std::string>(&mode)->value_name("MODE"),
       "plan mode: normal | destroy | refresh-only (default normal; the JSON does not record it)")
      ("color", po::value<std::string>(&color)->value_name("WHEN"),
       "always | never | auto (default auto: colour when stdout is a terminal, NO_COLOR is unset and TERM is not dumb)")
      ("no-color", "never colour (also accepted as Terraform's -no-color)")
      ("width", po::value<int>(&width)->value_name("N"),
       "wrap width (default: the terminal's width when stdout is a terminal, else 78; 0: no wrapping)")
      ("automation", "wording as with TF_IN_AUTOMATION set (the variable is honoured too)")
      ("flavor", po::value<std::string>(&flavor)->value_name("F"),
       "terraform | opentofu | auto: whose renderer to reproduce (default auto: opentofu when the plan or "
       "schemas name a provider on registry.opentofu.org or use OpenTofu's forget-then-create or its "
       "forgot_because_*/delete_because_enabled_false reasons, else terraform; "
       "see Flavours)")
      ("renderer-version", po::value<std::string>(&renderer_version)->value_name("V"),
       "auto | latest | X.Y[.Z]: whose release's text to print, within the flavour (default auto: the plan's "
       "terraform_version, else latest; see Releases)")
      ("show-sensitive", "print sensitive values instead of (sensitive value), as OpenTofu's -show-sensitive")
      ("quality", po::value<std::string>(&quality)->value_name("Q"),
       "auto | none | errored | no-changes (default auto: from errored/applyable of show -json input)")
      ("jobs,j", po::value<int>(&jobs)->value_name("N"),
       "threads rendering resource blocks (default, or 0: the cores this process may use, after CPU affinity and cgroup CPU limits); output order is unchanged")
      ("action", po::value<std::vector<std::string>>(&action_lists)->composing()->value_name("LIST"),
       "show only blocks whose action is in LIST, comma-separated: create, update, delete (or destroy), replace, "
       "read, forget, no-op, moved, import (repeatable; see Filters)")
      ("address", po::value<std::vector<std::string>>(&address_globs)->composing()->value_name("GLOB"),
       "show only blocks whose address matches GLOB (repeatable; see Filters)")
      ("state", "PLAN is a state (terraform show -json without a PLANFILE): print what terraform show prints "
       "for it (see State)")
      ("drift", po::value<std::string>(&drift)->value_name("WHEN"),
       "show | hide: the section of objects changed outside of Terraform (default show, as Terraform prints it); "
       "hide leaves one line saying how many there were, and in Markdown it comes after the planned changes "
       "either way (see Drift)")
      ("summary", "one line per shown block and the Plan: line, from a fast scan (see Summary)")
      ("group-by", po::value<std::string>(&group_by)->value_name("module"),
       "with --summary or --format json: the shown blocks as a tree of modules with their counts (see Summary)")
      ("format", po::value<std::string>(&format)->value_name("F"),
       "text | markdown | json | html (default text; see Markdown, JSON, HTML report)")
      ("output,o", po::value<std::string>(&output_path)->value_name("FILE"),
       "write the output to FILE (created or truncated) instead of standard output")
      ("detailed-exitcode", "exit 0 when the plan has no changes, 2 when it has, 1 on error or an errored plan, "
       "as terraform plan -detailed-exitcode (see Exit status)")
      ("bundle", "write one self-contained plan document instead of the text: renderer-shaped, the provider "
                 "schemas trimmed to the types the plan uses, values copied byte for byte (see Bundle)")
      ("max-bytes", po::value<long long>(&max_bytes)->value_name("N"),
       "Markdown: at most N bytes per output (default 65000; 0 no limit)")
      ("output-prefix", po::value<std::string>(&output_prefix)->value_name("PATH"),
       "Markdown: write PATH.1.md, PATH.2.md ... of at most --max-bytes each (creating missing directories)")
      ("max-parts", po::value<long long>(&max_parts)->value_name("N"),
       "Markdown: at most N parts; the last says how many sections were left out (see Markdown)")
      ("details-url", po::value<std::string>(&details_url)->value_name("URL"),
       "Markdown: link to the full plan, in every note of what was left out or cut (--max-parts, a block over "
       "--max-bytes, the destroy alert's list)")
      ("title", po::value<std::string>(&title)->value_name("TEXT"),
       "Markdown: a heading on every part (one project of several in a pull request); HTML: the page's title")
      ("strict-schemas", "exit 1 (after rendering everything) when resources' values carry attributes or blocks "
       "their schemas lack, which are warned about on standard error and not shown (see Input)")
      ("progress", po::value<std::string>(&progress)->value_name("WHEN"),
       "auto | always | never: progress on standard error (default auto: when it is a terminal)")
      ("compare", po::value<std::string>(&compare_old)->value_name("OLD"),
       "compare the plan OLD (the earlier, approved one) with PLAN: print what the new plan plans differently, "
       "in the renderer's style; exit 0 the same, 2 different, 1 error (see Compare)")
      ("ignore", po::value<std::vector<std::string>>(&ignore_globs)->composing()->value_name("GLOB"),
       "with --compare: leave the attributes whose path matches GLOB out of both plans, e.g. "
       "**.triggers.git_sha (repeatable; see Compare)")
      ("help,h", "show this help: the usage and the options")
      ("help-all", "show the full help: the options and the rules behind them (the man page's text)")
      ("version", "show the version");
  po::options_description hidden;
  std::vector<std::string> plan_paths;
  hidden.add_options()("plan", po::value<std::vector<std::string>>(&plan_paths));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description pos;
  pos.add("plan", -1);  // more than one is our own usage error below

  // Terraform spells it -no-color; accept that spelling too.
  std::vector<std::string> args(argv + 1, argv + argc);
  for (std::string& a : args) {
    if (a == "-no-color") a = "--no-color";
  }
  // As `terraform plan -detailed-exitcode`, a usage error is then 1: 2 means
  // "changes".
  // Boost takes an unambiguous prefix of an option too ("--detailed").
  const std::string_view kDetailed = "--detailed-exitcode";
  // --compare exits 2 when the plans differ: its usage errors are 1 too.
  const std::string_view kCompare = "--compare";
  int usage = std::any_of(args.begin(), args.end(),
                          [&](const std::string& a) {
                            return (a.size() >= 10 && kDetailed.starts_with(a)) ||
                                   (a.size() >= 6 && kCompare.starts_with(a)) || a.starts_with("--compare=");
                          })
                  ? 1
                  : 2;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    // One line, like every other error.
    std::fprintf(stderr, "tfstream: %s (try 'tfstream --help')\n", OneLine(e.what()).c_str());
    return usage;
  }
  out->usage_status = usage;
  if (vm.count("help-all")) {
    std::cout << kUsage << "\n" << OptionList(desc) << "\n" << HelpDetails() << "\n"
              << ReleasesHelp();
    return 0;
  }
  if (vm.count("help")) {
    std::cout << kUsage << "\n" << OptionList(desc) << "\n" << HelpPointer();
    return 0;
  }
  if (vm.count("version")) {
    std::cout << "tfstream " << TFSTREAM_VERSION << "\n"
              << "reproduces, --flavor terraform: " << tfstream::TerraformFlavor().reference << "\n"
              << "reproduces, --flavor opentofu:  " << tfstream::OpenTofuFlavor().reference << "\n"
              << "releases, --flavor terraform: " << ReleaseList(tfstream::FlavorId::kTerraform) << "\n"
              << "releases, --flavor opentofu:  " << ReleaseList(tfstream::FlavorId::kOpenTofu) << "\n";
    return 0;
  }

  if (plan_paths.size() > 1) {
    return Fail("one PLAN only, got " + std::to_string(plan_paths.size()) + " ('" + plan_paths[0] + "', '" +
                    plan_paths[1] + "'" + (plan_paths.size() > 2 ? ", ..." : "") +
                    "); the provider schemas go with --schemas FILE",
                2);
  }
  if (plan_paths.size() == 1) plan_path = plan_paths[0];
  // Without PLAN, standard input is read: from a terminal that would wait
  // silently for a plan typed in.
  if (plan_paths.empty() && terminals.stdin_tty) {
    if (vm.count("schemas")) {
      return Fail("no PLAN given and standard input is a terminal: --schemas " + schemas +
                      " names the provider schemas; give the plan as PLAN: tfstream --schemas schemas.json plan.json",
                  2);
    }
    return Fail("no PLAN given and standard input is a terminal: usage: tfstream [--schemas schemas.json] PLAN "
                "(a file of `terraform show -json PLANFILE` output, or - for standard input; see --help)",
                2);
  }
  Options& options = out->options;
  // A bundle is rendered later, with whatever options then: taking these
  // now would suggest they were kept in it.
  options.bundle = vm.count("bundle") > 0;
  for (const char* name : {"mode", "color", "no-color", "width", "automation", "show-sensitive", "action", "address",
                           "summary", "format", "max-bytes", "output-prefix", "group-by", "detailed-exitcode",
                           "max-parts", "details-url", "title", "drift", "compare", "ignore"}) {
    if (options.bundle && vm.count(name)) {
      return Fail(std::string("--bundle writes a ") + (vm.count("state") ? "state" : "plan") + " document; --" + name +
                      " applies when rendering it", usage);
    }
  }
  // --state: the options that only mean something for a plan, refused one
  // at a time (a state has no mode, quality, actions or changes).
  options.document = vm.count("state") > 0 ? DocumentKind::kState : DocumentKind::kPlan;
  const bool state = options.document == DocumentKind::kState;
  for (const char* name : {"mode", "quality", "action", "detailed-exitcode", "group-by", "max-bytes",
                           "output-prefix", "max-parts", "details-url", "title"}) {
    if (state && vm.count(name) && !(format == "html" && std::string_view(name) == "title")) {
      return Fail(std::string("--") + name + " applies to plans, not to a state (--state)", usage);
    }
  }
  if (state && vm.count("format") && format == "markdown") {
    return Fail("--format markdown applies to plans, not to a state (--state): use text, json or html", usage);
  }
  if (mode == "normal") {
    options.mode = pipeline::PlanMode::kNormal;
  } else if (mode == "destroy") {
    options.mode = pipeline::PlanMode::kDestroy;
  } else if (mode == "refresh-only") {
    options.mode = pipeline::PlanMode::kRefreshOnly;
  } else {
    return Fail("--mode must be normal, destroy or refresh-only, not '" + mode + "'", usage);
  }
  if (quality == "auto") {
    options.quality = pipeline::Quality::kAuto;
  } else if (quality == "none") {
    options.quality = pipeline::Quality::kNone;
  } else if (quality == "errored") {
    options.quality = pipeline::Quality::kErrored;
  } else if (quality == "no-changes") {
    options.quality = pipeline::Quality::kNoChanges;
  } else {
    return Fail("--quality must be auto, none, errored or no-changes, not '" + quality + "'", usage);
  }
  if (flavor == "auto") {
    options.flavor = pipeline::FlavorChoice::kAuto;
  } else if (flavor == "terraform") {
    options.flavor = pipeline::FlavorChoice::kTerraform;
  } else if (flavor == "opentofu") {
    options.flavor = pipeline::FlavorChoice::kOpenTofu;
  } else {
    // `tofu` is the program's name; the flavour is OpenTofu's.
    std::string hint = flavor == "tofu" || flavor == "OpenTofu" ? " (OpenTofu's renderer is --flavor opentofu)" : "";
    return Fail("--flavor must be terraform, opentofu or auto, not '" + flavor + "'" + hint, usage);
  }
  // --renderer-version: a release given is one, or a CI that pins a release
  // would silently get another's text (a malformed terraform_version inside
  // a plan is only a note: pipeline/release_choice.h).
  if (renderer_version == "auto") {
    options.renderer_version.kind = pipeline::RendererVersion::Kind::kAuto;
  } else if (renderer_version == "latest") {
    options.renderer_version.kind = pipeline::RendererVersion::Kind::kLatest;
  } else if (ParseRelease(renderer_version).has_value()) {
    options.renderer_version = {pipeline::RendererVersion::Kind::kGiven, renderer_version};
  } else {
    return Fail("--renderer-version must be auto, latest or a release number (X.Y or X.Y.Z), not '" +
                    renderer_version + "'; releases reproduced: " + ReleaseRangeText(),
                usage);
  }
  options.show_sensitive = vm.count("show-sensitive") > 0;
  // Output to a file (--output) is never a terminal's.
  const bool tty = output_path.empty() && terminals.stdout_tty;
  // Both given and at odds: which one wins would be a guess.
  if (vm.count("no-color") && vm.count("color") && color != "never") {
    return Fail("--no-color and --color " + color + " contradict each other; give one of them", usage);
  }
  if (vm.count("no-color")) color = "never";
  if (color == "always") {
    options.color = true;
  } else if (color == "never") {
    options.color = false;
  } else if (color == "auto") {
    options.color = tty && !env.no_color && !env.dumb_terminal;
  } else {
    return Fail("--color must be always, never or auto, not '" + color + "'", usage);
  }
  // A width given must be one: -1 is only the "not given" marker.
  if (vm.count("width") && width < 0) return Fail("--width must be at least 0", usage);
  options.width = width >= 0 ? width : (tty && format != "html" ? TerminalWidth(terminals.stdout_columns, env) : 78);
  options.stdout_is_terminal = tty;
  if (progress == "always" || (progress == "auto" && terminals.stderr_tty)) {
    options.progress_fd = STDERR_FILENO;
    options.progress_columns = terminals.stderr_tty ? TerminalWidth(terminals.stderr_columns, env) : 0;
    // For tests of the drawing on small plans: seconds before the first draw.
    if (env.progress_delay) options.progress_delay = *env.progress_delay;
  } else if (progress != "never" && progress != "auto") {
    return Fail("--progress must be auto, always or never, not '" + progress + "'", usage);
  }
  for (const std::string& list : action_lists) {
    if (Status st = options.filter.AddActions(list); !st.ok()) return Fail(st.message(), usage);
  }
  for (const std::string& glob : address_globs) {
    if (Status st = options.filter.AddAddress(glob); !st.ok()) return Fail(st.message(), usage);
  }
  options.summary = vm.count("summary") > 0;
  if (drift != "show" && drift != "hide") return Fail("--drift must be show or hide, not '" + drift + "'", usage);
  options.hide_drift = drift == "hide";
  const bool compare = vm.count("compare") > 0;
  if (vm.count("drift") && (options.summary || (format == "json" && !compare))) {
    return Fail("--drift applies to the text and Markdown of the whole plan, not to --summary or --format json "
                "(neither shows drift as a section)",
                usage);
  }
  // In a refresh-only plan the drift is what applying it records.
  if (options.hide_drift && options.mode == pipeline::PlanMode::kRefreshOnly) {
    return Fail("--drift hide cannot apply to --mode refresh-only: there the drift is the plan's change", usage);
  }
  options.detailed_exitcode = vm.count("detailed-exitcode") > 0;
  if (vm.count("group-by")) {
    if (group_by != "module") return Fail("--group-by must be module, not '" + group_by + "'", usage);
    if (!options.summary && format != "json") return Fail("--group-by applies to --summary and --format json", usage);
    options.group_by_module = true;
  }
  bool markdown_only = vm.count("max-parts") || vm.count("details-url");
  if (markdown_only && format != "markdown") {
    return Fail("--max-parts and --details-url apply to --format markdown only", usage);
  }
  if (vm.count("title") && format != "markdown" && format != "html") {
    return Fail("--title applies to --format markdown and html only", usage);
  }
  if (format == "json") {
    if (color == "always") return Fail("--format json is never coloured; drop --color always", usage);
    options.format = pipeline::Format::kJson;
    options.color = false;
    if (max_bytes != -1 || vm.count("output-prefix")) {
      return Fail("--max-bytes and --output-prefix apply to --format markdown only", usage);
    }
  } else if (format == "markdown") {
    if (color == "always") return Fail("--format markdown is never coloured; drop --color always", usage);
    options.format = pipeline::Format::kMarkdown;
    options.color = false;
    if (max_bytes != -1 && max_bytes != 0 && (max_bytes < 1024 || max_bytes > (1ll << 40))) {
      return Fail("--max-bytes must be 0 (no limit) or from 1024 to 2^40", usage);
    }
    options.max_bytes = max_bytes == -1 ? 65000 : static_cast<size_t>(max_bytes);
    if (vm.count("output-prefix") && output_prefix.empty()) return Fail("--output-prefix must not be empty", usage);
    options.output_prefix = output_prefix;
    if (vm.count("max-parts") && (max_parts < 1 || max_parts > 1000000)) {
      return Fail("--max-parts must be from 1 to 1000000", usage);
    }
    options.max_parts = max_parts == -1 ? 0 : static_cast<size_t>(max_parts);
    if (options.max_parts > 0 && options.max_bytes == 0) return Fail("--max-parts needs a --max-bytes limit", usage);
    if (vm.count("details-url") && details_url.empty()) return Fail("--details-url must not be empty", usage);
    if (vm.count("title") && title.empty()) return Fail("--title must not be empty", usage);
    if (title.find('\n') != std::string::npos) return Fail("--title must be one line", usage);
    options.details_url = details_url;
    options.title = title;
  } else if (format == "html") {
    // The page shows colour as styles, so it is on unless asked off:
    // --color auto asks about a terminal, and the report is read elsewhere.
    options.format = pipeline::Format::kHtml;
    options.color = color != "never";
    if (options.summary) return Fail("--summary is a form of its own; --format html shows the whole text", usage);
    if (max_bytes != -1 || vm.count("output-prefix")) {
      return Fail("--max-bytes and --output-prefix apply to --format markdown only", usage);
    }
    if (vm.count("title") && title.empty()) return Fail("--title must not be empty", usage);
    if (title.find('\n') != std::string::npos) return Fail("--title must be one line", usage);
    options.title = title;
  } else if (format != "text") {
    return Fail("--format must be text, markdown, json or html, not '" + format + "'", usage);
  } else if (max_bytes != -1 || vm.count("output-prefix")) {
    return Fail("--max-bytes and --output-prefix apply to --format markdown only", usage);
  }
  if (jobs < 0) return Fail("--jobs must be at least 1", usage);
  if (jobs > kMaxJobs) jobs = kMaxJobs;
  if (jobs == 0) jobs = std::min(UsableCores(), kMaxJobs);
  options.jobs = jobs;
  options.automation = vm.count("automation") > 0 || env.in_automation;
  options.timing = env.timing;
  options.compare_cross_check = env.compare_cross_check;
  if (env.split_min_bytes) options.split_min_bytes = *env.split_min_bytes;

  // An empty path would only fail later as "<empty>: No such file"; an empty
  // --schemas would be silently ignored.
  if (plan_path.empty()) return Fail("PLAN must not be an empty string (use - for standard input)", usage);
  if (vm.count("schemas") && schemas.empty()) return Fail("--schemas must not be an empty string", usage);
  if (plan_path == "-" && schemas == "-") return Fail("PLAN and --schemas cannot both be standard input", usage);
  if ((plan_path == "-" || schemas == "-") && !terminals.stdin_open) {
    return Fail("<stdin>: standard input is closed", 1);
  }
  if (!ignore_globs.empty() && !compare) return Fail("--ignore applies to --compare only", usage);
  if (compare) {
    for (const char* name : {"state", "bundle", "summary", "action", "address", "group-by", "detailed-exitcode",
                             "strict-schemas"}) {
      if (vm.count(name)) {
        return Fail(std::string("--") + name + " does not apply to --compare (which exits 0 when the plans are the "
                    "same, 2 when they differ)", usage);
      }
    }
    if (format == "html") return Fail("--format html does not apply to --compare (text, markdown or json)", usage);
    if (compare_old.empty()) return Fail("--compare must name the old plan (use - for standard input)", usage);
    if (compare_old == "-" && (plan_path == "-" || schemas == "-")) {
      return Fail("only one of OLD, PLAN and --schemas can be standard input", usage);
    }
    if (compare_old == "-" && !terminals.stdin_open) return Fail("<stdin>: standard input is closed", 1);
  }
  for (const std::string& glob : ignore_globs) {
    stream::AttributeGlob g;
    if (Status st = stream::AttributeGlob::Parse(glob, &g); !st.ok()) return Fail(st.message(), usage);
    out->ignore.push_back(std::move(g));
  }
  if (!terminals.stdout_open && output_path.empty()) return Fail("cannot write standard output: it is closed", 1);
  if (vm.count("output") && output_path.empty()) return Fail("--output must not be an empty string", usage);
  out->output_path = output_path;
  out->compare_old_path = compare ? compare_old : "";
  out->plan_path = plan_path;
  out->schemas_path = schemas;
  out->strict_schemas = vm.count("strict-schemas") > 0;
  return std::nullopt;

}

}  // namespace tfstream::cli
