// --bundle (pipeline/plan_bundle.h) on small documents: the bundle renders as
// its input does, and the members of tfstream's own are read back. The whole
// corpus round trip is tests/conformance/bundle.py.
#include "forms/plan_bundle.h"

#include <catch2/catch.hpp>

#include <string>

#include "pipeline/plan_context.h"
#include "pipeline/plan_prepare.h"
#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

std::string Bundle(const std::string& doc, Options options = {}) {
  options.bundle = true;
  return RenderDoc(doc, options);
}

// The flavour --flavor auto settles on for `doc`.
tfstream::FlavorId AutoFlavor(const std::string& doc) {
  tfstream::pipeline::Input input;
  input.plan = doc;
  input.plan_label = "plan.json";
  Options options;
  tfstream::pipeline::PlanContext ctx(input, options);
  REQUIRE(tfstream::pipeline::ScanPlan(&ctx, nullptr).ok());
  return ctx.flavor->id;
}

}  // namespace

TEST_CASE("a bundle renders as its input and keeps only the schemas it uses", "[bundle]") {
  std::string doc = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "x"),
                             PlanChange("t.b", R"(["update"])", "y", "z")});
  // A second resource type nothing uses.
  doc.insert(doc.find(R"("t":{"version":0)"), R"("unused":{"version":0,"block":{}},)");
  const std::string bundle = Bundle(doc);
  REQUIRE(bundle.find("ERROR") == std::string::npos);
  CHECK(bundle.find("\"unused\"") == std::string::npos);
  CHECK(bundle.find("\"tfstream_flavor\": \"terraform\"") != std::string::npos);
  CHECK(bundle.find("tfstream_quality") == std::string::npos);
  CHECK(RenderDoc(bundle, Options{}) == RenderDoc(doc, Options{}));
  CHECK(Bundle(bundle) == bundle);
}

TEST_CASE("a bundle records the quality given, and rendering reads it back", "[bundle]") {
  const std::string doc = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "x")});
  Options errored;
  errored.quality = tfstream::pipeline::Quality::kErrored;
  const std::string bundle = Bundle(doc, errored);
  CHECK(bundle.find("\"tfstream_quality\": \"errored\"") != std::string::npos);
  CHECK(RenderDoc(bundle, Options{}) == RenderDoc(doc, errored));
  CHECK(RenderDoc(bundle, Options{}) != RenderDoc(doc, Options{}));
  Options none;
  none.quality = tfstream::pipeline::Quality::kNone;
  CHECK(RenderDoc(bundle, none) == RenderDoc(doc, Options{}));  // an explicit --quality wins
}

TEST_CASE("--flavor auto takes the flavour a bundle recorded", "[bundle]") {
  std::string doc = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "x")});
  CHECK(AutoFlavor(doc) == tfstream::FlavorId::kTerraform);
  std::string tofu = doc;
  tofu.insert(1, R"("tfstream_flavor":"opentofu",)");
  CHECK(AutoFlavor(tofu) == tfstream::FlavorId::kOpenTofu);
  // What was recorded wins over the signs the rule would read.
  std::string on_tofu_registry = doc;
  for (size_t at; (at = on_tofu_registry.find(R"("p")")) != std::string::npos;) {
    on_tofu_registry.replace(at, 3, R"("registry.opentofu.org/hashicorp/p")");
  }
  CHECK(AutoFlavor(on_tofu_registry) == tfstream::FlavorId::kOpenTofu);
  on_tofu_registry.insert(1, R"("tfstream_flavor":"terraform",)");
  CHECK(AutoFlavor(on_tofu_registry) == tfstream::FlavorId::kTerraform);
  CHECK(Bundle(tofu).find("\"tfstream_flavor\": \"opentofu\"") != std::string::npos);
}
