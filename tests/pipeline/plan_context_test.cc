#include "pipeline/plan_context.h"

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

#include "forms/markdown_alert.h"
#include "pipeline/background_validation.h"
#include "pipeline/plan_doc.h"
#include "forms/render_plan.h"
#include "pipeline/plan_prepare.h"

using tfstream::Status;
using tfstream::pipeline::Input;
using tfstream::pipeline::Options;
using tfstream::pipeline::PlanContext;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;

namespace {

// What the passes handed back: the main pass's offsets, the side passes'
// ranges.
struct Handed {
  std::vector<uint64_t> before;
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
};

// An input of `plan` (which must outlive it: Input holds a view) that
// records in `h` what the passes hand back.
Input Recording(std::string_view plan, Handed* h) {
  Input in;
  in.plan = plan;
  in.plan_label = "plan.json";
  in.release_plan_before = [h](uint64_t offset) { h->before.push_back(offset); };
  in.release_plan_range = [h](uint64_t begin, uint64_t end) { h->ranges.emplace_back(begin, end); };
  return in;
}

}  // namespace

TEST_CASE("a pass over an array keeps, releases or drops behind it the pages it read", "[pipeline][pages]") {
  Handed h;
  const Input in = Recording(R"({"a": [ 10, [20], {"x":30} ], "b": 1})", &h);
  Options opt;
  PlanContext ctx(in, opt);
  tfstream::stream::ByteRange range;
  range.present = true;
  range.begin = in.plan.find('[');
  range.end = in.plan.find(", \"b\"");
  std::vector<std::string> seen;
  auto fn = [&](std::string_view raw, uint64_t) { return seen.emplace_back(raw), Status::Ok(); };

  REQUIRE(ctx.ForEachElement(range, fn, PlanContext::Pages::kKeep).ok());
  CHECK(seen == std::vector<std::string>{"10", "[20]", "{\"x\":30}"});
  CHECK(h.before.empty());
  CHECK(h.ranges.empty());

  REQUIRE(ctx.ForEachElement(range, fn).ok());  // the main pass: Release after each element
  CHECK(h.before.size() == 3);
  CHECK(h.before.back() == in.plan.find("} ]") + 1);
  CHECK(h.ranges.empty());

  h.before.clear();
  REQUIRE(ctx.ForEachElement(range, fn, PlanContext::Pages::kDropBehind).ok());
  CHECK(h.before.empty());  // the main pass's count is not moved
  REQUIRE(h.ranges.size() == 1);  // far below a batch: once, at the end
  CHECK(h.ranges[0] == std::make_pair(range.begin, static_cast<uint64_t>(in.plan.find(" ]") + 1)));

  // Stopping early drops what was read.
  h.ranges.clear();
  bool done = false;
  REQUIRE(ctx.ForEachElementUntil(
                 range, &done, [&](std::string_view, uint64_t) { return done = true, Status::Ok(); },
                 PlanContext::Pages::kDropBehind)
              .ok());
  REQUIRE(h.ranges.size() == 1);
  CHECK(h.ranges[0] == std::make_pair(range.begin, static_cast<uint64_t>(in.plan.find(", [20]"))));
}

TEST_CASE("the Markdown destroy alert reads only the changes it lists", "[pipeline][pages][markdown]") {
  // One destroy among many: the pre-scan noted where the destroys start
  // (PlanFacts::first_destroys), so the alert does not pass over every
  // change again before the first byte (a 300 MB plan with one destroy
  // once peaked at 293 MB doing so, and spent a tenth of its run).
  std::vector<std::string> changes;
  for (int i = 0; i < 50; ++i) changes.push_back(PlanChange("t.c" + std::to_string(i), R"(["create"])", "null", "b"));
  changes.push_back(PlanChange("t.gone", R"(["delete"])", "a", "null"));
  for (int i = 0; i < 50; ++i) changes.push_back(PlanChange("t.d" + std::to_string(i), R"(["create"])", "null", "b"));
  const std::string plan = PlanDoc(changes);
  Handed h;
  const Input in = Recording(plan, &h);
  Options opt;
  opt.summary = true;
  opt.format = tfstream::pipeline::Format::kMarkdown;
  PlanContext ctx(in, opt);
  REQUIRE(tfstream::pipeline::ScanPlan(&ctx, nullptr).ok());
  REQUIRE(ctx.facts.first_destroys == std::vector<uint64_t>{plan.find("{\"address\":\"t.gone\"")});
  h = Handed();  // what the alert hands back, alone
  std::string alert;
  REQUIRE(tfstream::forms::DestroyAlert(ctx, &alert).ok());
  CHECK(alert.find("> This plan destroys 1 resource") != std::string::npos);
  CHECK(alert.find("`t.gone`") != std::string::npos);
  CHECK(h.ranges.empty());
  CHECK(h.before.empty());
}

TEST_CASE("the pre-scan notes where the first destroys start, in plan order", "[pipeline][markdown]") {
  // Deletes and replacements count, creates do not; past
  // PlanFacts::kFirstDestroys no more are noted.
  std::vector<std::string> changes;
  std::vector<std::string> destroyed;
  for (int i = 0; i < 30; ++i) {
    const std::string address = "t.x" + std::to_string(i);
    const char* actions = i % 3 == 0 ? R"(["delete"])" : i % 3 == 1 ? R"(["create","delete"])" : R"(["create"])";
    changes.push_back(PlanChange(address, actions, i % 3 == 0 ? "a" : "null", i % 3 == 0 ? "null" : "b"));
    if (i % 3 != 2) destroyed.push_back(address);
  }
  const std::string plan = PlanDoc(changes);
  Handed h;
  const Input in = Recording(plan, &h);
  Options opt;
  PlanContext ctx(in, opt);
  REQUIRE(tfstream::pipeline::ScanPlan(&ctx, nullptr).ok());
  REQUIRE(ctx.facts.first_destroys.size() == tfstream::stream::PlanFacts::kFirstDestroys);
  for (size_t i = 0; i < ctx.facts.first_destroys.size(); ++i) {
    CHECK(ctx.facts.first_destroys[i] == plan.find("{\"address\":\"" + destroyed[i] + "\""));
  }
}

TEST_CASE("--format json hands back the pages of its check over resource_drift", "[pipeline][pages][json]") {
  std::vector<std::string> drift;
  for (int i = 0; i < 20; ++i) drift.push_back(PlanChange("t.d" + std::to_string(i), R"(["update"])", "a", "b"));
  std::string plan = PlanDoc({PlanChange("t.c", R"(["create"])", "null", "b")});
  std::string list;
  for (const std::string& d : drift) list += (list.empty() ? "" : ",") + d;
  plan.insert(plan.rfind('}'), ",\"resource_drift\":[" + list + "]");
  Handed h;
  const Input in = Recording(plan, &h);
  Options opt;
  opt.format = tfstream::pipeline::Format::kJson;
  opt.jobs = 1;
  tfstream::buffer::OutputSink out;
  REQUIRE(tfstream::forms::RenderPlan(in, opt, &out, nullptr).ok());
  REQUIRE(out.buffer()->find("\"t.d19\"") != std::string::npos);
  // Validating the document hands the range back once; the check of the
  // drift entries' facts, a second pass, must do so again.
  const uint64_t first = plan.find("{\"address\":\"t.d0\"");
  const uint64_t last = plan.find("{\"address\":\"t.d19\"");
  int covering = 0;
  for (const auto& [begin, end] : h.ranges) covering += begin <= first && end > last;
  CHECK(covering >= 2);
}

TEST_CASE("resource_changes validated in two halves: the same answer and error as one pass",
          "[pipeline][validation]") {
  std::vector<std::string> changes;
  for (int i = 0; i < 200; ++i) {
    changes.push_back(PlanChange("t.c" + std::to_string(i), R"(["create"])", "null", "b"));
  }
  const std::string plan = PlanDoc(changes);
  Handed h;
  const Input in = Recording(plan, &h);
  Options opt;
  PlanContext ctx(in, opt);
  REQUIRE(tfstream::pipeline::ScanPlan(&ctx, nullptr).ok());
  const tfstream::stream::ByteRange r = ctx.facts.resource_changes;
  REQUIRE(r.present);
  using tfstream::pipeline::ValidateChanges;
  h = Handed();
  CHECK(ValidateChanges(plan, r, true, 0, in.release_plan_range).ok());
  // The pages handed back cover the array.
  REQUIRE(!h.ranges.empty());
  uint64_t covered = 0;
  for (const auto& [begin, end] : h.ranges) covered += end - begin;
  CHECK(covered == r.size());

  auto broken = [&](size_t at, char c) {
    std::string bad = plan;
    bad[at] = c;
    return bad;
  };
  const size_t first_half = plan.find(':', plan.find("\"t.c50\""));
  const size_t second_half = plan.find(':', plan.find("\"t.c150\""));
  const size_t comma = plan.find("{\"address\":\"t.c101\"") - 1;
  for (const std::string& bad : {broken(first_half, ';'), broken(second_half, ';'), broken(comma, ' '),
                                 broken(second_half, '\x01'), broken(r.end - 1, '}')}) {
    const Status one = ValidateChanges(bad, r, false, 0, nullptr);
    const Status two = ValidateChanges(bad, r, true, 0, nullptr);
    CHECK(!one.ok());
    CHECK(two.message() == one.message());
    CHECK(two.offset() == one.offset());
  }
}
