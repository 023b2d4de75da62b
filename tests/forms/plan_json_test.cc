// --format json (plan_json.h) and the pieces it is made of: the action word,
// the Plan-line counts, JSON string escaping.
#include "forms/plan_json.h"

#include <catch2/catch.hpp>

#include <string>

#include "forms/json_out.h"
#include "pipeline/plan_doc.h"
#include "render/plan/plan_totals.h"
#include "stream/plan_action.h"

namespace {

using tfstream::forms::AppendJsonString;
using tfstream::pipeline::Format;
using tfstream::pipeline::Options;
using tfstream::stream::ActionWord;
using tfstream::stream::PlanAction;
using tfstream::stream::PlanActionFromList;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

Options Json() {
  Options o;
  o.format = Format::kJson;
  return o;
}

std::string WordOf(std::vector<std::string> list) {
  PlanAction a;
  REQUIRE(PlanActionFromList(list, &a));
  return std::string(ActionWord(a));
}

}  // namespace

TEST_CASE("every action list has the word of the --action set holding it", "[json]") {
  CHECK(WordOf({"create"}) == "create");
  CHECK(WordOf({"update"}) == "update");
  CHECK(WordOf({"delete"}) == "delete");
  CHECK(WordOf({"read"}) == "read");
  CHECK(WordOf({"forget"}) == "forget");
  CHECK(WordOf({"no-op"}) == "no-op");
  CHECK(WordOf({"delete", "create"}) == "replace");
  CHECK(WordOf({"create", "delete"}) == "replace");
  CHECK(WordOf({"create", "forget"}) == "replace");
  CHECK(WordOf({"forget", "create"}) == "replace");
}

TEST_CASE("JSON strings escape quotes, backslashes and control characters only", "[json]") {
  std::string out;
  AppendJsonString(&out, "a\"b\\c\nd\x01\x1f\t\xc3\xa9");
  CHECK(out == "\"a\\\"b\\\\c\\nd\\u0001\\u001f\\t\xc3\xa9\"");
}

TEST_CASE("--format json: counts as the Plan: line, one entry per block shown", "[json]") {
  std::string doc = PlanDoc({
      PlanChange("t.c", R"(["create"])", "null", "b"),
      PlanChange("t.r", R"(["delete","create"])", "a", "b", R"("action_reason":"replace_because_cannot_update",)"),
      PlanChange("t.i", R"(["no-op"])", "a", "a", R"("change_x":1,)"),
      PlanChange(R"(module.m[\"k.1\"].t.x)", R"(["update"])", "a", "b",
                 R"("module_address":"module.m[\"k.1\"]","index":"a","previous_address":"t.old",)"),
      PlanChange("t.noop", R"(["no-op"])", "a", "a"),
  });
  std::string got = RenderDoc(doc, Json());
  CHECK(got.find(R"("counts": {"import": 0, "add": 2, "change": 1, "destroy": 1, "forget": 0, "invoke": 0})") !=
        std::string::npos);
  CHECK(got.find(R"("shown_changes": 3)") != std::string::npos);
  CHECK(got.find(R"("address": "t.r", "module_address": null, "mode": "managed", "type": "t", "name": "r", )"
                 R"("index": null, "provider_name": "p", "actions": ["delete", "create"], "action": "replace", )"
                 R"("action_reason": "replace_because_cannot_update", "previous_address": null, )"
                 R"("importing": false, "deposed": null})") != std::string::npos);
  CHECK(got.find(R"("module_address": "module.m[\"k.1\"]")") != std::string::npos);
  CHECK(got.find(R"("index": "a")") != std::string::npos);
  CHECK(got.find(R"("previous_address": "t.old")") != std::string::npos);
  CHECK(got.find("t.noop") == std::string::npos);  // not printed by Terraform: no entry
  CHECK(got.find("t.i") == std::string::npos);
  CHECK(got.substr(got.size() - 3) == "\n}\n");
}

TEST_CASE("--format json honours the filter and counts what it hid", "[json][filter]") {
  std::string doc = PlanDoc({PlanChange("t.c", R"(["create"])", "null", "b"),
                             PlanChange("t.d", R"(["delete"])", "a", "null")});
  Options o = Json();
  REQUIRE(o.filter.AddActions("delete").ok());
  std::string got = RenderDoc(doc, o);
  CHECK(got.find(R"("shown_changes": 1,)") != std::string::npos);
  CHECK(got.find(R"("filtered_out": 1,)") != std::string::npos);
  CHECK(got.find(R"("address": "t.c")") == std::string::npos);
  CHECK(got.find(R"("address": "t.d")") != std::string::npos);
  // The counts stay the whole plan's, as the Plan: line.
  CHECK(got.find(R"("add": 1, "change": 0, "destroy": 1)") != std::string::npos);
}

TEST_CASE("--format json is all or nothing: broken input anywhere writes nothing", "[json]") {
  std::string doc = PlanDoc({PlanChange("t.c", R"(["create"])", "null", "b")});
  doc.insert(doc.size() - 1, R"(,"configuration":{"x":[1,,2]})");
  CHECK(RenderDoc(doc, Json()).rfind("ERROR: plan.json:", 0) == 0);
}

TEST_CASE("--format json lists drift and outputs, unknown drift lists as a null action", "[json]") {
  std::string doc = R"({"plan_format_version":"1.2","resource_changes":[],
    "resource_drift":[{"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",
                       "change":{"actions":["update"]}},
                      {"address":"t.b","mode":"managed","type":"t","name":"b","provider_name":"p",
                       "change":{"actions":["bogus"]}}],
    "output_changes":{"z":{"actions":["update"],"before":1,"after":2,"after_unknown":false,
                           "before_sensitive":false,"after_sensitive":true},
                      "a":{"actions":["no-op"],"before":1,"after":1}}})";
  std::string got = RenderDoc(doc, Json());
  CHECK(got.find(R"("address": "t.a", "module_address": null, "mode": "managed", "type": "t", "name": "a", )"
                 R"("index": null, "provider_name": "p", "actions": ["update"], "action": "update")") !=
        std::string::npos);
  CHECK(got.find(R"("actions": ["bogus"], "action": null)") != std::string::npos);
  // Sorted by name, as Terraform lists them.
  CHECK(got.find(R"({"name": "a", "actions": ["no-op"], "action": "no-op", "sensitive": false},)"
                 "\n"
                 R"(  {"name": "z", "actions": ["update"], "action": "update", "sensitive": true})") !=
        std::string::npos);
  CHECK(got.find(R"("has_changes": true)") != std::string::npos);  // an output changes
}

TEST_CASE("forms validated before output report the first error in the document", "[json][validation]") {
  // Broken inside a resource change's values and in a later section: both
  // pass the pre-scan's structural skip; the first in the document is reported.
  std::string doc = PlanDoc({PlanChange("t.c", R"(["create"])", "null", R"(b","x":[1,,2],"z":")")});
  doc.insert(doc.size() - 1, R"(,"configuration":{"x":[1,,,2]})");
  const size_t first = doc.find("[1,,2]"), later = doc.find("[1,,,2]");
  REQUIRE(first < later);
  for (int form = 0; form < 3; ++form) {
    Options o;
    o.summary = form == 0;
    o.format = form == 1 ? Format::kJson : form == 2 ? Format::kMarkdown : Format::kText;
    o.max_bytes = 0;
    std::string got = RenderDoc(doc, o);
    INFO(got);
    REQUIRE(got.rfind("ERROR: plan.json:", 0) == 0);
    // The offset is the first number after the label, whatever words
    // surround it ("plan.json:12:" or "plan.json: byte 12:").
    size_t digits = got.find_first_of("0123456789", std::string("ERROR: plan.json:").size());
    REQUIRE(digits != std::string::npos);
    size_t offset = std::stoul(got.substr(digits));
    CHECK(offset > first);
    CHECK(offset < later);
  }
}

TEST_CASE("--format json counts forgets as the flavour's Plan: line does", "[json][flavor]") {
  std::string doc = PlanDoc({PlanChange("t.f", R"(["forget"])", "a", "null"),
                             PlanChange("t.c", R"(["create"])", "null", "b")});
  Options o = Json();
  o.flavor = tfstream::pipeline::FlavorChoice::kTerraform;
  std::string terraform = RenderDoc(doc, o);
  CHECK(terraform.find(R"("flavor": "terraform")") != std::string::npos);
  CHECK(terraform.find(R"("add": 1, "change": 0, "destroy": 0, "forget": 0)") != std::string::npos);
  o.flavor = tfstream::pipeline::FlavorChoice::kOpenTofu;
  std::string tofu = RenderDoc(doc, o);
  CHECK(tofu.find(R"("flavor": "opentofu")") != std::string::npos);
  CHECK(tofu.find(R"("add": 1, "change": 0, "destroy": 0, "forget": 1)") != std::string::npos);
  CHECK(tofu.find(R"("actions": ["forget"], "action": "forget")") != std::string::npos);
}

TEST_CASE("--format json checks drift entries before the first byte", "[json]") {
  std::string doc = R"({"plan_format_version":"1.2","resource_changes":[],
    "resource_drift":[{"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p",
                       "change":{"actions":[1]}}]})";
  CHECK(RenderDoc(doc, Json()).rfind("ERROR: plan.json:", 0) == 0);
}
