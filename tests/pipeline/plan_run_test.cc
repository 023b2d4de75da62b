// The contract of the run with its sinks (pipeline/sink.h): what a sink
// receives, in which order, and that the text form is exactly the pieces and
// blocks in the order they are pushed.
#include "pipeline/plan_run.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "pipeline/plan_doc.h"
#include "pipeline/state_run.h"
#include "stream/pre_scan.h"

namespace {

using tfstream::Status;
using tfstream::pipeline::BlockView;
using tfstream::pipeline::Needs;
using tfstream::pipeline::Part;
using tfstream::pipeline::PlanView;
using tfstream::pipeline::Section;
using tfstream::pipeline::TextPiece;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;

// Records every call as a line.
class RecordingSink : public tfstream::pipeline::Sink {
 public:
  explicit RecordingSink(Needs needs) : needs_(needs) {}
  Needs needs() const override { return needs_; }
  void Scanned(const tfstream::stream::ResourceFacts& rf, tfstream::stream::PlanAction) override {
    calls.push_back("scanned " + rf.address);
  }
  Status Begin(const PlanView& plan) override {
    calls.push_back(std::string("begin") + (plan.prepared != nullptr ? " prepared" : ""));
    return Status::Ok();
  }
  Status Text(const TextPiece& piece) override {
    calls.push_back("text " + std::to_string(static_cast<int>(piece.section)));
    text += piece.text;
    return Status::Ok();
  }
  Status Block(const BlockView& block) override {
    calls.push_back("block " + std::to_string(static_cast<int>(block.section)) + " " + std::string(block.address) +
                    " " + std::string(block.action) + " [" + std::string(block.module_address) + "]");
    text += block.text;
    return Status::Ok();
  }
  Status Finish(const PlanView&) override {
    calls.push_back("finish");
    return Status::Ok();
  }

  std::vector<std::string> calls;
  std::string text;

 private:
  Needs needs_;
};

std::string Doc() {
  return PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a"),
                  PlanChange("module.m.t.b", R"(["delete"])", "b", "null", R"("module_address":"module.m",)"),
                  PlanChange("t.c", R"(["no-op"])", "c", "c")});
}

tfstream::pipeline::Input In(const std::string& doc) {
  tfstream::pipeline::Input in;
  in.plan = doc;
  in.plan_label = "plan.json";
  return in;
}

TEST_CASE("a text sink receives the whole text, pieces and blocks in order") {
  const std::string doc = Doc();
  Needs needs;
  needs.block_facts = true;
  RecordingSink sink(needs);
  tfstream::pipeline::Options o;
  REQUIRE(tfstream::pipeline::RunPlan(In(doc), o, nullptr, &sink, nullptr).ok());
  // The same bytes as the text form.
  CHECK(sink.text == tfstream::testing::RenderDoc(doc, o));
  REQUIRE(sink.calls.size() >= 4);
  CHECK(sink.calls.front() == "begin prepared");
  CHECK(sink.calls.back() == "finish");
  const std::string planned = std::to_string(static_cast<int>(Section::kPlannedChanges));
  std::vector<std::string> blocks;
  for (const std::string& c : sink.calls) {
    if (c.rfind("block ", 0) == 0) blocks.push_back(c);
  }
  // The no-op is not printed; the facts come with each block.
  CHECK(blocks == std::vector<std::string>{"block " + planned + " t.a create []",
                                           "block " + planned + " module.m.t.b delete [module.m]"});
}

TEST_CASE("without block_facts a block carries its text only") {
  const std::string doc = Doc();
  RecordingSink sink{Needs{}};
  REQUIRE(tfstream::pipeline::RunPlan(In(doc), tfstream::pipeline::Options{}, nullptr, &sink, nullptr).ok());
  const std::string planned = std::to_string(static_cast<int>(Section::kPlannedChanges));
  CHECK(std::count(sink.calls.begin(), sink.calls.end(), "block " + planned + "   []") == 2);
}

TEST_CASE("a facts-only sink gets facts, no text, and the scan's blocks first") {
  const std::string doc = Doc();
  Needs needs;
  needs.text = false;
  needs.scan_facts = true;
  needs.change_facts = true;
  needs.fact_details = true;  // the module address is a detail
  RecordingSink sink(needs);
  REQUIRE(tfstream::pipeline::RunPlan(In(doc), tfstream::pipeline::Options{}, nullptr, &sink, nullptr).ok());
  const std::string planned = std::to_string(static_cast<int>(Section::kPlannedChanges));
  CHECK(sink.calls == std::vector<std::string>{"scanned t.a", "scanned module.m.t.b", "begin",
                                               "block " + planned + " t.a create []",
                                               "block " + planned + " module.m.t.b delete [module.m]", "finish"});
  CHECK(sink.text.empty());
}

TEST_CASE("a sink's error stops the run with it") {
  class Refusing : public RecordingSink {
   public:
    Refusing() : RecordingSink(Needs{}) {}
    Status Block(const BlockView&) override { return Status::Error("no room"); }
  } sink;
  Status s = tfstream::pipeline::RunPlan(In(Doc()), tfstream::pipeline::Options{}, nullptr, &sink, nullptr);
  CHECK(s.message() == "no room");
  CHECK(std::find(sink.calls.begin(), sink.calls.end(), "finish") == sink.calls.end());
}

}  // namespace
