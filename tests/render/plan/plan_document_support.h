// Test support for the plan_test.go cases that render more than one resource
// block: the whole document (plan.renderHuman, jsonformat/plan.go @883c722),
// or a piece of it (outputs, deferred changes, a resource with its action
// invocations). The plan is a renderer-shaped document, the JSON form of
// jsonformat.Plan, rendered through the same pipeline as the tfstream binary.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

#include "buffer/output_sink.h"
#include "forms/render_plan.h"

namespace tfstream::testing::plan {

// Renders `plan_json` as plan.renderHuman does with no quality options, at
// the test terminal's 78 columns, without colour. Errors come back as
// "ERROR: <message>".
inline std::string RenderPlanDocument(std::string_view plan_json,
                                      pipeline::PlanMode mode = pipeline::PlanMode::kNormal) {
  std::FILE* file = std::tmpfile();
  if (file == nullptr) return "ERROR: cannot create a temporary file";
  pipeline::Input input;
  input.plan = plan_json;
  input.plan_label = "plan";
  pipeline::Options options;
  options.mode = mode;
  options.color = false;
  options.width = 78;
  options.quality = pipeline::Quality::kNone;
  Status status;
  {
    buffer::OutputSink sink(fileno(file));
    status = forms::RenderPlan(input, options, &sink);
    Status flushed = sink.Flush();
    if (status.ok()) status = flushed;
  }
  std::string text;
  if (status.ok()) {
    std::rewind(file);
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, file)) > 0) text.append(buf, n);
  }
  std::fclose(file);
  if (!status.ok()) return "ERROR: " + status.message();
  return text;
}

// The piece of `document` that a test expects to read `expected`: it starts
// where `expected`'s first line starts a line of the document and is as long
// as `expected`, plus the newline the document must print after it. Returns
// the whole document when that first line is not there, so a failing check
// shows what was rendered. Compare the result with `expected + "\n"`.
inline std::string Excerpt(const std::string& document, std::string_view expected) {
  std::string_view first_line = expected.substr(0, expected.find('\n'));
  size_t pos = 0;
  while ((pos = document.find(first_line, pos)) != std::string::npos) {
    if (pos == 0 || document[pos - 1] == '\n') return document.substr(pos, expected.size() + 1);
    ++pos;
  }
  return document;
}

}  // namespace tfstream::testing::plan
