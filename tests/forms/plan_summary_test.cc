#include "forms/plan_summary.h"

#include <catch2/catch.hpp>

#include "pipeline/plan_doc.h"

using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

TEST_CASE("--summary groups lines in legend order, then forget and moves", "[summary]") {
  std::string doc = PlanDoc({
      PlanChange("t.r", R"(["read"])", "null", "r"),
      PlanChange("t.moved", R"(["no-op"])", "m", "m", R"("previous_address":"t.old",)"),
      PlanChange("t.f", R"(["forget"])", "f", "null"),
      PlanChange("t.cd", R"(["create","delete"])", "a", "b"),
      PlanChange("t.dc", R"(["delete","create"])", "a", "b"),
      PlanChange("t.del", R"(["delete"])", "a", "null", R"("deposed":"0001",)"),
      PlanChange("t.u", R"(["update"])", "a", "b", R"("previous_address":"t.u0",)"),
      PlanChange("t.c2", R"(["create"])", "null", "b"),
      PlanChange("t.c1", R"(["create"])", "null", "b"),
      PlanChange("t.cf", R"(["create","forget"])", "a", "b"),
      PlanChange("t.noop", R"(["no-op"])", "a", "a"),
  });
  Options o;
  o.summary = true;
  CHECK(RenderDoc(doc, o) ==
        "  + t.c2\n"
        "  + t.c1\n"
        "  ~ t.u (moved from t.u0)\n"
        "  - t.del (deposed object 0001)\n"
        "-/+ t.dc\n"
        "+/- t.cd\n"
        " <= t.r\n"
        " +/. t.cf\n"
        " . t.f\n"
        "    t.moved (moved from t.old)\n"
        "\n"
        "Plan: 5 to add, 1 to change, 3 to destroy.\n");
}

TEST_CASE("--summary colours the symbols and the Plan: word as Terraform does", "[summary]") {
  Options o;
  o.summary = true;
  o.color = true;
  CHECK(RenderDoc(PlanDoc({PlanChange("t.c", R"(["create"])", "null", "b")}), o) ==
        "  \x1b[32m+\x1b[0m\x1b[0m t.c\n\n\x1b[1mPlan:\x1b[0m \x1b[0m1 to add, 0 to change, 0 to destroy.\n");
}

TEST_CASE("--summary needs no schemas; without output changes it ends with the Plan: line", "[summary]") {
  std::string doc =
      R"({"format_version":"1.2","resource_changes":[)" + PlanChange("t.a", R"(["no-op"])", "a", "a") + "]}";
  Options o;
  o.summary = true;
  CHECK(RenderDoc(doc, o) == "Plan: 0 to add, 0 to change, 0 to destroy.\n");
}

TEST_CASE("--summary honours the filter and says how many it hid", "[summary][filter]") {
  std::string doc = PlanDoc({
      PlanChange("t.a", R"(["create"])", "null", "a"),
      PlanChange("t.b", R"(["delete"])", "b", "null"),
  });
  Options o;
  o.summary = true;
  REQUIRE(o.filter.AddActions("delete").ok());
  CHECK(RenderDoc(doc, o) ==
        "  - t.b\n\nPlan: 1 to add, 0 to change, 1 to destroy.\nFiltered out 1 of 2 resource blocks.\n");
}

TEST_CASE("--summary reports bad input like the text does", "[summary]") {
  Options o;
  o.summary = true;
  CHECK(RenderDoc(R"({"resource_changes":[)" + PlanChange("t.a", R"(["explode"])") + "]}", o)
            .rfind("ERROR: plan.json:", 0) == 0);
  CHECK(RenderDoc(R"({"resource_changes":[]} trailing)", o).rfind("ERROR: plan.json:", 0) == 0);
}

TEST_CASE("Markdown summary: the destroy alert lists 20 addresses, then how many more", "[summary][markdown]") {
  std::vector<std::string> changes;
  for (int i = 0; i < 25; ++i) changes.push_back(PlanChange("t.d" + std::to_string(i), R"(["delete"])", "a", "null"));
  changes.push_back(PlanChange("t.keep", R"(["create","forget"])", "a", "b"));  // keeps the old object
  Options o;
  o.summary = true;
  o.format = tfstream::pipeline::Format::kMarkdown;
  o.max_bytes = 0;
  std::string got = RenderDoc(PlanDoc(changes), o);
  CHECK(got.rfind("<!-- tfstream::part 1 -->\n> [!WARNING]\n> This plan destroys 25 resources: 25 deleted, 0 replaced.\n> - `-` `t.d0`\n", 0) == 0);
  CHECK(got.find("> - `-` `t.d19`\n> - ... and 5 more\n\n**Plan:** 1 to add, 0 to change, 25 to destroy.\n") !=
        std::string::npos);
  CHECK(got.find("`t.d20`\n> ") == std::string::npos);
  CHECK(got.find("<details><summary><code>-</code> destroy (25)</summary>\n\n- `-` `t.d0`\n") != std::string::npos);
}

TEST_CASE("Markdown summary: no alert when nothing is destroyed; addresses are code spans", "[summary][markdown]") {
  Options o;
  o.summary = true;
  o.format = tfstream::pipeline::Format::kMarkdown;
  o.max_bytes = 0;
  std::string got = RenderDoc(PlanDoc({PlanChange("t.c", R"(["create"])", "null", "b")}), o);
  CHECK(got.rfind("<!-- tfstream::part 1 -->\n**Plan:** 1 to add, 0 to change, 0 to destroy.\n", 0) == 0);
  CHECK(got.find("- `+` `t.c`\n") != std::string::npos);
}

TEST_CASE("filters that match no block leave a note in the report", "[pipeline][summary][filter]") {
  const std::string doc = tfstream::testing::PlanDoc({tfstream::testing::PlanChange("t.a", R"(["create"])", "null", "a"),
                                                      tfstream::testing::PlanChange("t.b", R"(["delete"])", "b", "null")});
  for (int form = 0; form < 3; ++form) {
    INFO("form " << form);
    tfstream::pipeline::Options o;
    o.summary = form == 1;
    if (form == 2) o.format = tfstream::pipeline::Format::kMarkdown;
    REQUIRE(o.filter.AddAddress("module.nope").ok());
    tfstream::pipeline::Report report;
    tfstream::testing::RenderDoc(doc, o, &report);
    CHECK(report.notes == std::vector<std::string>{"--action/--address matched none of the plan's 2 resource blocks"});
    tfstream::pipeline::Options some = o;
    some.filter = {};
    REQUIRE(some.filter.AddActions("create").ok());
    tfstream::pipeline::Report quiet;
    tfstream::testing::RenderDoc(doc, some, &quiet);
    CHECK(quiet.notes.empty());
  }
}

TEST_CASE("Markdown summary: over --max-bytes to standard output is reported as too large", "[summary][markdown]") {
  std::vector<std::string> changes;
  for (int i = 0; i < 60; ++i) changes.push_back(PlanChange("t.c" + std::to_string(i), R"(["create"])", "null", "b"));
  Options o;
  o.summary = true;
  o.format = tfstream::pipeline::Format::kMarkdown;
  o.max_bytes = 512;
  tfstream::pipeline::Report report;
  CHECK(RenderDoc(PlanDoc(changes), o, &report).rfind("ERROR: the Markdown output is over --max-bytes=512", 0) == 0);
  CHECK(report.too_large);
}

TEST_CASE("Markdown summary: lines past the memory they are held in come back whole, in order",
          "[summary][markdown]") {
  // About 1.4 MB of create lines: past the 1 MiB held in memory.
  std::vector<std::string> changes;
  std::string creates, deletes;
  for (int i = 0; i < 30000; ++i) {
    const std::string a = "t.resource_with_a_rather_long_name_" + std::to_string(i);
    if (i % 10 == 0) {
      changes.push_back(PlanChange(a, R"(["delete"])", "a", "null"));
      deletes += "- `-` `" + a + "`\n";
    } else {
      changes.push_back(PlanChange(a, R"(["create"])", "null", "b"));
      creates += "- `+` `" + a + "`\n";
    }
  }
  Options o;
  o.summary = true;
  o.format = tfstream::pipeline::Format::kMarkdown;
  o.max_bytes = 0;
  const std::string got = RenderDoc(PlanDoc(changes), o);
  CHECK(creates.size() > (size_t{1} << 20));
  CHECK(got.find("<details><summary><code>+</code> create (27000)</summary>\n\n" + creates + "\n</details>\n\n" +
                 "<details><summary><code>-</code> destroy (3000)</summary>\n\n" + deletes + "\n</details>\n\n") !=
        std::string::npos);
}

namespace {

// A renderer-shaped plan with the given output_changes members (and no
// resource change unless `changes` is given).
std::string OutputsDoc(const std::string& outputs, const std::vector<std::string>& changes = {}) {
  std::string doc = PlanDoc(changes);
  return doc.insert(1, R"("output_changes":{)" + outputs + "},");
}

std::string Output(const std::string& name, const std::string& actions, const std::string& before,
                   const std::string& after) {
  return "\"" + name + R"(":{"actions":)" + actions + R"(,"before":)" + before + R"(,"after":)" + after +
         R"(,"after_unknown":false,"before_sensitive":false,"after_sensitive":false})";
}

}  // namespace

TEST_CASE("--summary lists output changes; only outputs changing is never a bare Plan: line", "[summary]") {
  Options o;
  o.summary = true;
  // Terraform's text for such a plan: "Changes to Outputs:" and no Plan line.
  const std::string only_outputs = OutputsDoc(
      Output("b", R"(["update"])", "1", "2") + "," + Output("a", R"(["create"])", "null", R"("x")") + "," +
      Output("same", R"(["no-op"])", "1", "1") + "," + Output("gone", R"(["delete"])", "1", "null"));
  CHECK(RenderDoc(only_outputs, o) ==
        "Changes to Outputs:\n"
        "  + a\n"
        "  ~ b\n"
        "  - gone\n"
        "\n"
        "You can apply this plan to save these new output values to the Terraform\n"
        "state, without changing any real infrastructure.\n");
  // Beside resource changes: after the Plan line, as Terraform prints them.
  CHECK(RenderDoc(OutputsDoc(Output("a", R"(["create"])", "null", "1"),
                             {PlanChange("t.c", R"(["create"])", "null", "b")}),
                  o) ==
        "  + t.c\n"
        "\n"
        "Plan: 1 to add, 0 to change, 0 to destroy.\n"
        "\n"
        "Changes to Outputs:\n"
        "  + a\n");
  // Only no-op outputs: nothing changes, the Plan: line as before.
  CHECK(RenderDoc(OutputsDoc(Output("same", R"(["no-op"])", "1", "1")), o) ==
        "Plan: 0 to add, 0 to change, 0 to destroy.\n");
  // --detailed-exitcode: 2, which the output now shows.
  o.detailed_exitcode = true;
  tfstream::pipeline::Report report;
  RenderDoc(only_outputs, o, &report);
  CHECK(report.has_changes);
}

TEST_CASE("Markdown summary: output changes are listed, only outputs is no Plan: line",
          "[summary][markdown]") {
  Options o;
  o.summary = true;
  o.format = tfstream::pipeline::Format::kMarkdown;
  const std::string got = RenderDoc(OutputsDoc(Output("a", R"(["create"])", "null", "1")), o);
  CHECK(got ==
        "<!-- tfstream::part 1 -->\n"  // every part's marker (MarkdownParts::set_marker)
        "**Changes to Outputs.** You can apply this plan to save these new output values to the Terraform "
        "state, "
        "without changing any real infrastructure.\n"
        "\n"
        "<details><summary>Changes to Outputs (1)</summary>\n"
        "\n"
        "- `+` `a`\n"
        "\n"
        "</details>\n"
        "\n");
}

TEST_CASE("--summary of a refresh-only plan lists its drift, as its exit status counts it", "[summary]") {
  std::string drift = PlanChange("t.d", R"(["update"])", "a", "b");
  std::string doc = PlanDoc({});
  doc.insert(1, R"("resource_drift":[)" + drift + "],");
  Options o;
  o.summary = true;
  o.mode = tfstream::pipeline::PlanMode::kRefreshOnly;
  o.detailed_exitcode = true;
  tfstream::pipeline::Report report;
  CHECK(RenderDoc(doc, o, &report) ==
        "Objects have changed outside of Terraform:\n"
        "  ~ t.d\n"
        "\n"
        "This is a refresh-only plan, so Terraform will not take any actions to undo\n"
        "these. If you were expecting these changes then you can apply this plan to\n"
        "record the updated values in the Terraform state without changing any remote\n"
        "objects.\n");
  CHECK(report.has_changes);
  // In a normal plan drift is no change: the summary stays as it was.
  o.mode = tfstream::pipeline::PlanMode::kNormal;
  CHECK(RenderDoc(doc, o, &report) == "Plan: 0 to add, 0 to change, 0 to destroy.\n");
  CHECK_FALSE(report.has_changes);
}
