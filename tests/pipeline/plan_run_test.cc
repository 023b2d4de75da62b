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

// Enough changes for the blocks to be rendered in batches on several threads
// (64 and more), each with a value long enough that the batches fill.
std::string ManyDoc() {
  std::vector<std::string> changes;
  for (int i = 0; i < 400; ++i) {
    std::string value = std::to_string(i);
    value.append(300, 'x');
    changes.push_back(
        PlanChange("t.r" + std::to_string(i), i % 7 == 3 ? R"(["no-op"])" : R"(["create"])", "null", value));
  }
  return PlanDoc(changes);
}

// Records the flushes too, and whether each batch's blocks were flushed.
class FlushRecordingSink : public RecordingSink {
 public:
  using RecordingSink::RecordingSink;
  Status Flush() override {
    calls.push_back("flush");
    return Status::Ok();
  }
};

size_t CountBlocks(const std::vector<std::string>& calls) {
  return static_cast<size_t>(
      std::count_if(calls.begin(), calls.end(), [](const std::string& c) { return c.rfind("block ", 0) == 0; }));
}

TEST_CASE("joined blocks: a batch's blocks come as one, the same text, each flushed") {
  const std::string doc = ManyDoc();
  tfstream::pipeline::Options o;
  o.jobs = 2;
  RecordingSink one_by_one{Needs{}};
  REQUIRE(tfstream::pipeline::RunPlan(In(doc), o, nullptr, &one_by_one, nullptr).ok());
  Needs joined_needs;
  joined_needs.joined_blocks = true;
  FlushRecordingSink joined(joined_needs);
  REQUIRE(tfstream::pipeline::RunPlan(In(doc), o, nullptr, &joined, nullptr).ok());
  o.jobs = 1;
  FlushRecordingSink single(joined_needs);
  REQUIRE(tfstream::pipeline::RunPlan(In(doc), o, nullptr, &single, nullptr).ok());

  CHECK(joined.text == one_by_one.text);
  CHECK(single.text == one_by_one.text);
  CHECK(one_by_one.text == tfstream::testing::RenderDoc(doc, o));
  const size_t printed = 400 - 400 / 7;  // the no-ops print nothing
  CHECK(CountBlocks(one_by_one.calls) == printed);
  // On several threads, a few Blocks (one per batch) ...
  CHECK(CountBlocks(joined.calls) > 1);
  CHECK(CountBlocks(joined.calls) < printed / 4);
  // ... each flushed before the next; on one thread there is nothing to join.
  for (size_t i = 0; i < joined.calls.size(); ++i) {
    if (joined.calls[i].rfind("block ", 0) == 0) {
      REQUIRE(i + 1 < joined.calls.size());
      CHECK(joined.calls[i + 1] == "flush");
    }
  }
  CHECK(CountBlocks(single.calls) == printed);
}

TEST_CASE("joined blocks are not joined for a sink that reads each block's facts") {
  const std::string doc = ManyDoc();
  tfstream::pipeline::Options o;
  o.jobs = 2;
  Needs needs;
  needs.joined_blocks = true;
  needs.block_facts = true;
  RecordingSink sink(needs);
  REQUIRE(tfstream::pipeline::RunPlan(In(doc), o, nullptr, &sink, nullptr).ok());
  CHECK(CountBlocks(sink.calls) == 400 - 400 / 7);
  CHECK(std::find(sink.calls.begin(), sink.calls.end(), "block " +
                      std::to_string(static_cast<int>(Section::kPlannedChanges)) + " t.r399 create []") !=
        sink.calls.end());
}

}  // namespace
