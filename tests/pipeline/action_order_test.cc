// The order of a resource's lifecycle actions: Terraform's precomputeDiffs
// collects them in document order and sorts each side with slices.SortFunc
// and jsonplan.ActionInvocationCompare, which is not stable past 12 of them.
// The expected orders were printed by tests/base/go_sort_reference.py
// (`--perm` with the invocations' list indices as keys).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

// An invocation of action.x.<name> (no config, so no action schema needed)
// triggered by t.a.
std::string Invocation(const std::string& name, const std::string& event, int list_index,
                       bool also_invoked = false) {
  return R"({"address":"action.x.)" + name + R"(","type":"x","name":")" + name.substr(0, name.find('[')) +
         R"(","provider_name":"p",)" + (also_invoked ? R"("invoke_action_trigger":{},)" : "") +
         R"("lifecycle_action_trigger":{"triggering_resource_address":"t.a","action_trigger_event":")" +
         event + R"(","action_trigger_block_index":0,"actions_list_index":)" + std::to_string(list_index) +
         "}}";
}

std::string Render(const std::vector<std::string>& invocations) {
  std::string doc = PlanDoc({PlanChange("t.a", R"(["update"])", "a", "b")});
  doc.pop_back();
  doc += R"(,"action_invocations":[)";
  for (size_t i = 0; i < invocations.size(); ++i) doc += (i ? "," : "") + invocations[i];
  return RenderDoc(doc + "]}", Options{});
}

// The addresses under the heading, in the order printed.
std::vector<std::string> Listed(const std::string& text, const std::string& heading) {
  std::vector<std::string> out;
  size_t at = text.find(heading);
  if (at == std::string::npos) return out;
  at = text.find('\n', at) + 1;
  const std::string marker = "    # action.";
  while (text.compare(at, marker.size(), marker) == 0) {
    const size_t end = text.find('\n', at);
    out.push_back(text.substr(at + 6, end - at - 6));
    at = text.find('\n', end + 1) + 1;  // the `action "x" "y" {` line
    at = text.find('\n', at) + 1;       // its closing brace
  }
  return out;
}

std::vector<std::string> Addresses(const std::string& prefix, const std::vector<int>& indices) {
  std::vector<std::string> out;
  for (int i : indices) out.push_back("action.x." + prefix + "[" + std::to_string(i) + "]");
  return out;
}

}  // namespace

TEST_CASE("past 12 lifecycle actions, equal ones are printed in Go's unstable sort order",
          "[pipeline][actions]") {
  // 15 before and 13 after, interleaved in the document; list indices
  // i % 3 and (i + 1) % 2, so each side has runs of ties.
  std::vector<std::string> invocations;
  for (int i = 0; i < 15; ++i) {
    invocations.push_back(Invocation("y[" + std::to_string(i) + "]", "BeforeUpdate", i % 3));
    if (i < 13) invocations.push_back(Invocation("z[" + std::to_string(i) + "]", "AfterUpdate", (i + 1) % 2));
  }
  const std::string text = Render(invocations);
  INFO(text);
  CHECK(Listed(text, "# Actions to be invoked before this change in order:") ==
        Addresses("y", {6, 0, 12, 3, 9, 10, 1, 4, 7, 13, 8, 5, 11, 2, 14}));
  // A stable sort would give 0 3 6 9 12 1 4 7 10 13 2 5 8 11 14.
  CHECK(Listed(text, "# Actions to be invoked after this change in order:") ==
        Addresses("z", {9, 1, 3, 5, 7, 11, 2, 4, 6, 8, 0, 10, 12}));
  // A stable sort would give 1 3 5 7 9 11 0 2 4 6 8 10 12.
}

TEST_CASE("a lifecycle action also invoked from the CLI is listed first, by address", "[pipeline][actions]") {
  const std::string text = Render({Invocation("c", "AfterUpdate", 0), Invocation("b", "AfterUpdate", 1, true),
                                   Invocation("a", "AfterUpdate", 2, true)});
  INFO(text);
  CHECK(Listed(text, "# Actions to be invoked after this change in order:") ==
        std::vector<std::string>{"action.x.a", "action.x.b", "action.x.c"});
}
