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
  CHECK(DriftShown(R"({"resource":"t.b","resource":null,"attribute":["name"]})"));
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
}
