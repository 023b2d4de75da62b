// What one plan's run is given and gives back: the options, the input
// documents and the report beside the Status. The run's stages (this
// folder) read them; forms::RenderPlan (forms/render_plan.h) takes them and
// hands the plan to the output form they choose.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/document_kind.h"
#include "base/flavor.h"
#include "base/status.h"
#include "buffer/output_sink.h"
#include "stream/change_filter.h"

namespace tfstream::pipeline {

enum class PlanMode { kNormal, kDestroy, kRefreshOnly };
enum class Quality { kAuto, kNone, kErrored, kNoChanges };
enum class Format { kText, kMarkdown, kJson, kHtml };
// --flavor: whose renderer to reproduce; kAuto decides from the plan and
// schemas in the pre-scan (PlanContext::flavor), before any output.
enum class FlavorChoice { kAuto, kTerraform, kOpenTofu };
// --renderer-version: whose release's text, within the flavour
// (pipeline/release_choice.h). kAuto reads the plan's terraform_version;
// kGiven holds the text given (a malformed one is a note, not an error).
struct RendererVersion {
  enum class Kind { kAuto, kLatest, kGiven } kind = Kind::kAuto;
  std::string given;
};

struct Options {
  PlanMode mode = PlanMode::kNormal;
  bool color = false;
  int width = 78;
  bool automation = false;
  Quality quality = Quality::kAuto;
  FlavorChoice flavor = FlavorChoice::kAuto;
  RendererVersion renderer_version;
  // Edits the profile the release choice gives before anything reads it:
  // how tests show one flavor.def switch on its own. Empty in the program.
  std::function<void(Flavor*)> adjust_profile;
  // --show-sensitive: print sensitive values (OpenTofu's -show-sensitive).
  bool show_sensitive = false;
  // Threads rendering resource blocks; blocks are still written in input
  // order. 1 renders on the calling thread.
  int jobs = 1;

  // --action / --address: which planned-change blocks are shown.
  stream::ChangeFilter filter;
  // --state: the input is a state (`terraform show -json` without a
  // planfile), rendered as `terraform show` prints it (pipeline/state_run.h).
  DocumentKind document = DocumentKind::kPlan;
  // --drift hide: the drift section ("Objects have changed outside of ...")
  // is one line saying how many objects it holds (plan_sections.h).
  bool hide_drift = false;
  // --summary: one line per shown block (plan_summary.h) instead of the text.
  bool summary = false;
  // --bundle: the self-contained plan document (plan_bundle.h) instead of the text.
  bool bundle = false;
  // --format markdown (plan_markdown.h): colour must be off.
  Format format = Format::kText;
  // Markdown only: each part at most max_bytes (0: no limit); parts go to
  // <output_prefix>.<n>.md, or all to `out` when output_prefix is empty.
  size_t max_bytes = 0;
  std::string output_prefix;
  // Markdown: at most max_parts parts (0: no limit), the last saying how
  // many sections were left out, with a link to details_url when given;
  // title: a "## " heading on every part (empty: none).
  size_t max_parts = 0;
  std::string details_url, title;
  // --summary --group-by module: the shown blocks as a tree of modules
  // (plan_summary.h); with --format json, a "modules" tree (plan_json.h).
  bool group_by_module = false;
  // --detailed-exitcode: fill Report::has_changes and Report::errored.
  bool detailed_exitcode = false;
  // --progress: the descriptor to draw it on (-1: none) and the width of
  // its terminal; when stdout_is_terminal, the line is erased before plan
  // text is written.
  int progress_fd = -1;
  int progress_columns = 0;
  // Seconds of work before progress is first drawn (ProgressMeter::kDelay).
  double progress_delay = 1.0;
  bool stdout_is_terminal = false;
  // Benchmarking knobs (perf/README.md), from the environment: print each
  // phase's time and memory on standard error (TFSTREAM_TIMING); from how
  // many bytes left the pre-scan splits (TFSTREAM_SPLIT_MIN_BYTES; none:
  // its default).
  bool timing = false;
  std::optional<size_t> split_min_bytes;
  // --compare only: parse and compare elements whose bytes are the same too
  // (TFSTREAM_COMPARE_CROSS_CHECK, compare_run.h).
  bool compare_cross_check = false;
};

// What main needs to know besides the Status.
struct Report {
  // Markdown to standard output would have exceeded max_bytes; nothing was
  // written.
  bool too_large = false;
  // With Options::detailed_exitcode (plan_changes.h): whether the plan has
  // changes as `terraform plan -detailed-exitcode` decides, and whether it
  // has the Errored quality.
  bool has_changes = false;
  bool errored = false;
  // Warnings for standard error, one line each (without "tfstream: "): the
  // resource types whose values carry members their schemas lack
  // (stale_schemas.h). Set only when rendering succeeded.
  std::vector<std::string> warnings;
  // Notes for standard error that are no warning (--strict-schemas ignores
  // them): filters that matched no block (plan_totals.h).
  std::vector<std::string> notes;
};

struct Input {
  std::string_view plan;  // the whole plan document
  std::string plan_label;
  bool plan_from_stdin = false;  // for the message when it is empty
  bool has_schemas = false;
  std::string_view schemas;  // the whole schemas document, when given
  std::string schemas_label;
  // Called with an offset before which the plan's bytes are not needed for a
  // while (see InputFile::ReleaseBefore); may be empty.
  std::function<void(uint64_t)> release_plan_before;
  // Called with a range [begin, end) of the plan a side pass is done with
  // (see InputFile::ReleaseRange); may be empty. Must be safe to call from
  // any thread.
  std::function<void(uint64_t, uint64_t)> release_plan_range;
  // Turns read-ahead on or off for a front-to-back pass that reports its
  // progress through release_plan_before (InputFile::StartReadAhead); may be
  // empty.
  std::function<void(bool on)> plan_read_ahead;
  // Set when the plan (a state through a pipe) is still arriving: `plan` is
  // then empty until plan_complete() has returned ok. plan_arriving(size,
  // &all) waits until at least `size` bytes are there, or all of them, and
  // returns those there (stream::ArrivingText); plan_complete() waits for
  // the end, then sets `plan` to the whole, or returns what went wrong
  // reading it. Both empty otherwise.
  std::function<std::string_view(uint64_t size, bool* all)> plan_arriving;
  std::function<Status()> plan_complete;
};

}  // namespace tfstream::pipeline
