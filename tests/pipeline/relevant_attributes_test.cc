// relevant_attributes entries are read as Go decodes them into
// jsonplan.ResourceAttr (PrepareRelevantAttributes scans them rather than
// building trees): keys match fields case-insensitively and escaped, the
// last of repeated keys counts, and malformed entries fail before output.
// Whether a drifted resource is shown tells which resource an entry names.
#include <catch2/catch.hpp>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

// A plan changing t.x, with t.a drifted and one relevant_attributes entry.
std::string RenderWithEntry(const std::string& entry) {
  std::string doc = PlanDoc({PlanChange("t.x", R"(["update"])", "x", "x2")});
  doc.pop_back();  // the closing '}'
  doc += R"(,"resource_drift":[)" + PlanChange("t.a", R"(["update"])", "a", "a2") +
         R"(],"relevant_attributes":[)" + entry + "]}";
  return RenderDoc(doc, Options{});
}

bool DriftShown(const std::string& entry) {
  std::string text = RenderWithEntry(entry);
  INFO(text);
  REQUIRE(text.rfind("ERROR", 0) != 0);
  return text.find("# t.a has changed") != std::string::npos;
}

}  // namespace

TEST_CASE("relevant_attributes: which resource an entry names", "[pipeline][relevant]") {
  CHECK(DriftShown(R"({"resource":"t.a","attribute":["name"]})"));
  CHECK_FALSE(DriftShown(R"({"resource":"t.b","attribute":["name"]})"));
  CHECK(DriftShown(R"({"resource":"t.\u0061","attribute":["name"]})"));
  CHECK(DriftShown(R"({"ReSoUrCe":"t.a","attribute":["name"]})"));
  CHECK(DriftShown(R"({"re\u0073ource":"t.a","attribute":["name"]})"));
  CHECK(DriftShown(R"({"resource":"t.b","resource":"t.a","attribute":["name"]})"));
  CHECK_FALSE(DriftShown(R"({"resource":"t.a","resource":"t.b","attribute":["name"]})"));
  CHECK_FALSE(DriftShown(R"({"resource":"t.a","attribute":["id"]})"));  // another attribute
  // No resource (missing, null, empty): the entry applies to every resource.
  CHECK(DriftShown(R"({"attribute":["name"]})"));
  CHECK(DriftShown(R"({"resource":null,"attribute":["name"]})"));
  // A string field: null after a name leaves the name.
  CHECK_FALSE(DriftShown(R"({"resource":"t.b","resource":null,"attribute":["name"]})"));
  CHECK(DriftShown(R"({"resource":"t.a","resource":null,"attribute":["name"]})"));
  CHECK(DriftShown(R"({"resource":"","attribute":["name"]})"));
  CHECK(DriftShown(R"({"resource":"t.a","attribute":["id"],"attribute":["name"]})"));
  CHECK(DriftShown(R"({"resource":"t.a","x":{"resource":"t.b","attribute":1},"attribute":["name"]})"));
}

TEST_CASE("relevant_attributes: malformed entries fail before output", "[pipeline][relevant]") {
  const std::string no_path = "relevant attribute without a valid \"attribute\" path";
  CHECK(RenderWithEntry(R"({"resource":"t.a"})").find(no_path) != std::string::npos);
  CHECK(RenderWithEntry(R"({"resource":"t.a","attribute":"name"})").find(no_path) != std::string::npos);
  CHECK(RenderWithEntry(R"({"resource":"t.a","attribute":["name"],"attribute":{}})").find(no_path) !=
        std::string::npos);
  CHECK(RenderWithEntry("null").find(no_path) != std::string::npos);
  CHECK(RenderWithEntry("[1]").find("expected objects in \"relevant_attributes\"") != std::string::npos);
  CHECK(RenderWithEntry(R"({"resource":"t.a","attribute":null})").rfind("ERROR", 0) != 0);
  CHECK(RenderWithEntry(R"({"resource":1,"attribute":["name"]})").find("expected a string for \"resource\"") !=
        std::string::npos);
}

TEST_CASE("relevant_attributes: a malformed entry no drifted resource reads is not an error", "[pipeline][relevant]") {
  // Terraform parses an entry's path only for the drifted resources it
  // applies to, and panics only then.
  const std::string no_path = "relevant attribute without a valid \"attribute\" path";
  for (const char* entry : {R"({"resource":"t.b"})", R"({"resource":"t.b","attribute":"name"})",
                            R"({"resource":"t.b","attribute":{}})"}) {
    INFO(entry);
    std::string text = RenderWithEntry(entry);
    CHECK(text.rfind("ERROR", 0) != 0);
    CHECK(text.find("# t.a has changed") == std::string::npos);
    CHECK(text.find("# t.x will be updated in-place") != std::string::npos);
    // Beside a valid entry for t.a, the drift still shows.
    std::string both = RenderWithEntry(std::string(entry) + R"(,{"resource":"t.a","attribute":["name"]})");
    CHECK(both.find("# t.a has changed") != std::string::npos);
  }
  // Without drift, nothing reads any entry, not even one for every resource.
  std::string doc = PlanDoc({PlanChange("t.x", R"(["update"])", "x", "x2")});
  doc.pop_back();
  for (const char* entries : {"null", R"({"attribute":"name"})", R"({"resource":"t.x"})"}) {
    INFO(entries);
    std::string text = RenderDoc(doc + R"(,"relevant_attributes":[)" + entries + "]}", Options{});
    CHECK(text.rfind("ERROR", 0) != 0);
    std::string empty_drift = RenderDoc(doc + R"(,"resource_drift":[],"relevant_attributes":[)" + entries + "]}",
                                        Options{});
    CHECK(empty_drift.rfind("ERROR", 0) != 0);
  }
  // In refresh-only mode every drift shows and no entry is read.
  Options refresh;
  refresh.mode = tfstream::pipeline::PlanMode::kRefreshOnly;
  std::string drifted = PlanDoc({PlanChange("t.x", R"(["update"])", "x", "x2")});
  drifted.pop_back();
  drifted += R"(,"resource_drift":[)" + PlanChange("t.a", R"(["update"])", "a", "a2") +
             R"(],"relevant_attributes":[null]})";
  CHECK(RenderDoc(drifted, refresh).find("# t.a has changed") != std::string::npos);
  CHECK(RenderDoc(drifted, Options{}).find(no_path) != std::string::npos);
}
