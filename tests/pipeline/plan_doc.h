// Test support for tests/pipeline: small renderer-shaped plans (provider
// schemas embedded) and rendering them with RenderPlan into a string.
#pragma once

#include <string>
#include <vector>

#include "buffer/output_sink.h"
#include "forms/render_plan.h"

namespace tfstream::testing {

// One resource_changes element of type "t" (attributes id, name) with the
// given actions, before/after name values and extra top-level members
// ("previous_address": ..., with a trailing comma).
inline std::string PlanChange(const std::string& address, const std::string& actions,
                              const std::string& before = "null", const std::string& after = "null",
                              const std::string& extra = "") {
  std::string name = address.substr(address.rfind('.') + 1);
  auto value = [](const std::string& v) { return v == "null" ? v : R"({"id":"i","name":")" + v + R"("})"; };
  return R"({"address":")" + address + R"(","mode":"managed","type":"t","name":")" + name +
         R"(","provider_name":"p",)" + extra + R"("change":{"actions":)" + actions + R"(,"before":)" +
         value(before) + R"(,"after":)" + value(after) +
         R"(,"after_unknown":{},"before_sensitive":false,"after_sensitive":false}})";
}

inline std::string PlanDoc(const std::vector<std::string>& changes) {
  std::string doc = R"({"plan_format_version":"1.2","resource_changes":[)";
  for (size_t i = 0; i < changes.size(); ++i) doc += (i ? "," : "") + changes[i];
  doc +=
      R"(],"provider_schemas":{"p":{"provider":{"version":0,"block":{}},"resource_schemas":{"t":{"version":0,)"
      R"("block":{"attributes":{"id":{"type":"string","computed":true},"name":{"type":"string",)"
      R"("optional":true}}}}}}}})";
  return doc;
}

// Renders `doc` with `options` (jobs forced to 1); errors come back as
// "ERROR: <message>".
inline std::string RenderDoc(const std::string& doc, pipeline::Options options,
                             pipeline::Report* report = nullptr) {
  pipeline::Input input;
  input.plan = doc;
  input.plan_label = "plan.json";
  buffer::OutputSink out;  // collects
  Status s = forms::RenderPlan(input, options, &out, report);
  if (!s.ok()) return "ERROR: " + s.message();
  return *out.buffer();
}

}  // namespace tfstream::testing
