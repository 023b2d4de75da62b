// The OpenTofu releases before 1.12 (flavor.def's OpenTofu BEFORE entries),
// each difference pinned on the smallest plan that shows it, on both sides of
// its bound: the release named with --renderer-version, as a user would.
#include <catch2/catch.hpp>

#include <string>

#include "base/flavor.h"
#include "pipeline/plan_doc.h"

using tfstream::pipeline::FlavorChoice;
using tfstream::pipeline::Options;
using tfstream::pipeline::RendererVersion;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

Options Tofu(const std::string& release) {
  Options o;
  o.flavor = FlavorChoice::kOpenTofu;
  o.renderer_version = RendererVersion{RendererVersion::Kind::kGiven, release};
  return o;
}

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A change of mode "ephemeral" as OpenTofu 1.11 writes it: values nulled,
// action ["open"].
std::string Ephemeral(const std::string& address) {
  std::string c = PlanChange(address, R"(["open"])");
  return c.replace(c.find(R"("mode":"managed")"), 16, R"("mode":"ephemeral")");
}

}  // namespace

TEST_CASE("OpenTofu's history: the switches of a few releases", "[release][opentofu]") {
  using tfstream::FlavorId;
  using tfstream::FlavorProfileAt;
  using tfstream::Release;
  const auto tofu = [](uint32_t minor, uint32_t patch) {
    return FlavorProfileAt(FlavorId::kOpenTofu, Release{1, minor, patch});
  };
  CHECK(tofu(10, 10).legend_update == "update in-place");
  CHECK(tofu(11, 0).legend_update == "update in-place (current -> planned)");
  CHECK_FALSE(tofu(10, 10).slice_created_pairs_with_cursor);
  CHECK(tofu(11, 0).slice_created_pairs_with_cursor);
  CHECK(tofu(11, 14).ephemeral_changes_skipped);
  CHECK_FALSE(tofu(10, 10).ephemeral_changes_skipped);
  CHECK_FALSE(tofu(12, 0).ephemeral_changes_skipped);
  CHECK(tofu(9, 4).forget_legend);
  CHECK_FALSE(tofu(9, 4).forget_counted);
  CHECK_FALSE(tofu(6, 3).action_forget);
  CHECK(tofu(6, 3).numbers_as_float64);
  CHECK_FALSE(tofu(7, 0).numbers_as_float64);
  CHECK_FALSE(tofu(8, 11).unknown_nested_block_as_single);
  CHECK_FALSE(tofu(8, 11).unknown_nested_blocks_grouped);
  CHECK(tofu(9, 0).unknown_nested_block_as_single);
  // Patches that only panicked where a later one renders are rendered like it.
  CHECK(tofu(7, 0).attribute_path_skips_invalid_steps);
  CHECK(tofu(10, 0).attribute_path_skips_invalid_steps);
}

TEST_CASE("legend_update: (current -> planned) from OpenTofu 1.11", "[release][opentofu]") {
  std::string doc = PlanDoc({PlanChange("t.u", R"(["update"])", "u", "u2")});
  CHECK(Has(RenderDoc(doc, Tofu("1.10.10")), "symbols:\n  ~ update in-place\n\nOpenTofu will"));
  CHECK(Has(RenderDoc(doc, Tofu("1.11.0")), "symbols:\n  ~ update in-place (current -> planned)\n\nOpenTofu will"));
}

TEST_CASE("forget: a legend line from 1.7, counted from 1.10, unknown in 1.6", "[release][opentofu]") {
  std::string doc = PlanDoc({PlanChange("t.f", R"(["forget"])", "f", "null"),
                             PlanChange("t.c", R"(["create"])", "null", "c")});
  const std::string legend = "symbols:\n  + create\n  . forget\n\n";
  std::string v19 = RenderDoc(doc, Tofu("1.9.4")), v110 = RenderDoc(doc, Tofu("1.10.0"));
  CHECK(Has(v19, legend));
  CHECK(Has(v19, "\nPlan: 1 to add, 0 to change, 0 to destroy.\n"));
  CHECK(Has(v110, legend));
  CHECK(Has(v110, "\nPlan: 1 to add, 0 to change, 0 to destroy, 1 to forget.\n"));
  CHECK(Has(RenderDoc(doc, Tofu("1.6.3")), R"(resource change "t.f" has an unrecognized action list [forget])"));
  CHECK(Has(RenderDoc(doc, Tofu("1.7.0")), legend));
}

TEST_CASE("ephemeral resources: OpenTofu 1.11 skips them, other releases refuse the mode", "[release][opentofu]") {
  std::string doc = PlanDoc({PlanChange("t.c", R"(["create"])", "null", "c"), Ephemeral("t.e")});
  std::string v111 = RenderDoc(doc, Tofu("1.11.14"));
  CHECK(Has(v111, "symbols:\n  + create\n\nOpenTofu will perform the following actions:\n"));
  CHECK_FALSE(Has(v111, "t.e"));
  CHECK(Has(v111, "\nPlan: 1 to add, 0 to change, 0 to destroy.\n"));
  // A plan of nothing else has no changes.
  CHECK(Has(RenderDoc(PlanDoc({Ephemeral("t.e")}), Tofu("1.11.0")), "No changes."));
  for (const char* release : {"1.10.10", "1.12.0"}) {
    INFO(release);
    CHECK(Has(RenderDoc(doc, Tofu(release)), R"(resource change "t.e" has an unrecognized resource mode "ephemeral")"));
  }
}

TEST_CASE("pure imports: OpenTofu 1.12 adds the source line under `will be imported`", "[release][opentofu]") {
  std::string doc = PlanDoc({PlanChange("t.i", R"(["no-op"])", "i", "i")});
  doc.replace(doc.find(R"("after_unknown")"), 0, R"("importing":{"id":"ID-1"},)");
  const std::string source = "  # (imported from \"ID-1\")";
  CHECK_FALSE(Has(RenderDoc(doc, Tofu("1.11.14")), source));
  CHECK(Has(RenderDoc(doc, Tofu("1.12.0")), source));
}
