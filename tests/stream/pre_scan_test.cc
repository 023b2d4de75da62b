#include "stream/pre_scan.h"

#include <catch2/catch.hpp>

#include <string>

using tfstream::stream::InputShape;
using tfstream::stream::PlanAction;
using tfstream::stream::PlanFacts;
using tfstream::stream::PreScan;

namespace {

std::string Change(const std::string& address, const std::string& actions, const std::string& extra = "") {
  return R"({"address":")" + address + R"(","mode":"managed","type":"t","name":"n","provider_name":"p",)" + extra +
         R"("change":{"actions":)" + actions + R"(,"before":{"deep":[1,{"a":"b"}]},"after":null}})";
}

size_t Count(const PlanFacts& f, PlanAction a) { return f.counts[static_cast<size_t>(a)]; }

}  // namespace

TEST_CASE("pre-scan tallies actions the way plan.renderHuman counts them", "[prescan]") {
  std::string doc = R"({"plan_format_version":"1.2","resource_changes":[)" +
                    Change("t.a", R"(["create"])") + "," + Change("t.b", R"(["delete","create"])") + "," +
                    Change("t.c", R"(["no-op"])") + "," +
                    Change("t.d", R"(["no-op"])", R"("previous_address":"t.old",)") + "," +
                    Change("t.e", R"(["update"])") + R"(],"provider_schemas":{}})";
  PlanFacts f;
  REQUIRE(PreScan(doc, &f).ok());
  CHECK(f.shape == InputShape::kRenderer);
  CHECK(f.resource_change_count == 5);
  CHECK(f.shown_changes == 4);  // the plain no-op is not shown; the moved one is
  CHECK(Count(f, PlanAction::kCreate) == 1);
  CHECK(Count(f, PlanAction::kDeleteThenCreate) == 1);
  CHECK(Count(f, PlanAction::kUpdate) == 1);
  CHECK(Count(f, PlanAction::kNoOp) == 0);
  CHECK(f.will_print_resource_changes);
  CHECK(f.needed_schemas.size() == 1);
  CHECK(f.resource_changes.present);
  CHECK(doc.substr(f.resource_changes.begin, 1) == "[");
  CHECK(doc.substr(f.resource_changes.end - 1, 1) == "]");
}

TEST_CASE("pre-scan does not count deleted data sources", "[prescan]") {
  std::string doc = R"({"format_version":"1.2","resource_changes":[{"address":"data.t.x","mode":"data","type":"t",)"
                    R"("name":"x","provider_name":"p","change":{"actions":["delete"]}}],"errored":false,"applyable":true})";
  PlanFacts f;
  REQUIRE(PreScan(doc, &f).ok());
  CHECK(f.shape == InputShape::kShowJson);
  CHECK(f.shown_changes == 0);
  CHECK_FALSE(f.will_print_resource_changes);
  CHECK(f.applyable);
}

TEST_CASE("pre-scan reads the facts that come after the resources", "[prescan]") {
  std::string doc = R"({"resource_changes":[],"action_invocations":[{"address":"action.a.b","type":"a","name":"b",)"
                    R"("provider_name":"p","config_values":null,"lifecycle_action_trigger":{"triggering_resource_address":"t.x",)"
                    R"("action_trigger_event":"BeforeCreate","action_trigger_block_index":2,"actions_list_index":1}}],)"
                    R"("errored":true,"format_version":"1.2"})";
  PlanFacts f;
  REQUIRE(PreScan(doc, &f).ok());
  CHECK(f.errored);
  REQUIRE(f.actions.size() == 1);
  CHECK(f.actions[0].lifecycle);
  CHECK(f.actions[0].has_config);  // present even as null, as json.RawMessage keeps "null"
  CHECK(f.actions[0].triggering_address == "t.x");
  CHECK(f.actions[0].block_index == 2);
  CHECK(f.actions[0].list_index == 1);
}

TEST_CASE("a repeated trigger key is decoded as Go decodes a pointer field", "[prescan]") {
  // null sets the pointer to nil; an object after it starts from a new,
  // empty trigger; an object after an object fills in the same one.
  std::string doc = R"({"action_invocations":[)"
                    R"({"address":"action.a.b","lifecycle_action_trigger":{"triggering_resource_address":"t.x",)"
                    R"("action_trigger_event":"BeforeCreate"},"lifecycle_action_trigger":null,)"
                    R"("invoke_action_trigger":{"calling_resource_address":"t.c"},"invoke_action_trigger":null},)"
                    R"({"address":"action.a.c","lifecycle_action_trigger":{"triggering_resource_address":"t.x",)"
                    R"("action_trigger_event":"BeforeCreate","actions_list_index":3},"lifecycle_action_trigger":null,)"
                    R"("lifecycle_action_trigger":{"triggering_resource_address":"t.y"}},)"
                    R"({"address":"action.a.d","lifecycle_action_trigger":{"triggering_resource_address":"t.x",)"
                    R"("action_trigger_event":"AfterCreate"},"lifecycle_action_trigger":{"actions_list_index":2}}]})";
  PlanFacts f;
  REQUIRE(PreScan(doc, &f).ok());
  REQUIRE(f.actions.size() == 3);
  CHECK_FALSE(f.actions[0].lifecycle);
  CHECK_FALSE(f.actions[0].invoke);
  CHECK(f.actions[0].calling_address.empty());
  CHECK(f.actions[1].lifecycle);
  CHECK(f.actions[1].triggering_address == "t.y");
  CHECK(f.actions[1].event.empty());
  CHECK(f.actions[1].list_index == 0);
  CHECK(f.actions[2].lifecycle);
  CHECK(f.actions[2].triggering_address == "t.x");
  CHECK(f.actions[2].event == "AfterCreate");
  CHECK(f.actions[2].list_index == 2);
}

TEST_CASE("pre-scan matches field names case-insensitively like encoding/json", "[prescan]") {
  std::string doc = R"({"Resource_Changes":[{"ADDRESS":"t.a","Mode":"managed","type":"t","name":"a",)"
                    R"("provider_name":"p","Change":{"Actions":["create"]}}]})";
  PlanFacts f;
  REQUIRE(PreScan(doc, &f).ok());
  CHECK(f.shown_changes == 1);
  CHECK(f.needed_schemas.begin()->second.address == "t.a");
  CHECK(f.needed_schemas.begin()->second.offset == 21);
}

TEST_CASE("pre-scan errors carry the byte offset of the problem", "[prescan]") {
  PlanFacts f;
  auto st = PreScan(R"({"resource_changes":[{"address":"x",}]})", &f);
  REQUIRE_FALSE(st.ok());
  CHECK(st.offset() == 36);  // the "}" where a key was expected
  st = PreScan(R"({"a":1} x)", &f);
  REQUIRE_FALSE(st.ok());
  CHECK(st.offset() == 8);
  st = PreScan("", &f);
  REQUIRE_FALSE(st.ok());
  CHECK(st.offset() == 0);
  st = PreScan(R"({"resource_changes":[{"address":"x","mode":"managed","change":{"actions":["explode"]}}]})", &f);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message().find("unrecognized action list") != std::string::npos);
  st = PreScan(R"({"resource_changes":[{"address":"x","mode":"weird","change":{"actions":["create"]}}]})", &f);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message().find("unrecognized resource mode") != std::string::npos);
  st = PreScan(R"({"resource_changes":{"address":"x"}})", &f);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message().find("expected an array") != std::string::npos);
}

TEST_CASE("pre-scan bounds nesting at Go's 10000 levels", "[prescan]") {
  PlanFacts f;
  // Inside the sections the pre-scan reads, depth is checked at once.
  const std::string head =
      "{\"resource_changes\":[{\"mode\":\"managed\",\"change\":{\"actions\":[\"create\"]},\"x\":";
  std::string ok_rc = head + std::string(9997, '[') + std::string(9997, ']') + "}]}";
  CHECK(PreScan(ok_rc, &f).ok());
  std::string deep_rc = head + std::string(9998, '[') + std::string(9998, ']') + "}]}";
  auto st = PreScan(deep_rc, &f);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message().find("nesting depth") != std::string::npos);
  // Sections nothing is read from are skipped by structure, which bounds
  // nesting too; ValidateDeferred checks them in full later.
  std::string ok_doc = "{\"x\":" + std::string(9999, '[') + std::string(9999, ']') + "}";
  PlanFacts ok_facts;
  REQUIRE(PreScan(ok_doc, &ok_facts).ok());
  CHECK(tfstream::stream::ValidateDeferred(ok_doc, ok_facts).ok());
  std::string deep = "{\"x\":" + std::string(10000, '[') + std::string(10000, ']') + "}";
  PlanFacts deep_facts;
  st = PreScan(deep, &deep_facts);
  REQUIRE_FALSE(st.ok());
  CHECK(st.message().find("nesting depth") != std::string::npos);
  CHECK(st.offset() == 5 + 9999);
  std::string very_deep = "{\"x\":" + std::string(1000000, '[');
  PlanFacts vd;
  CHECK_FALSE(PreScan(very_deep, &vd).ok());  // the object never closes
}

TEST_CASE("pre-scan: a repeated resource_changes key replaces the earlier array, null included", "[prescan]") {
  std::string changes = R"("resource_changes":[)" + Change("t.a", R"(["create"])") + "]";
  PlanFacts f;
  REQUIRE(PreScan("{" + changes + R"(,"Resource_changes":null,"provider_schemas":{}})", &f).ok());
  CHECK(f.shown_changes == 0);
  CHECK(f.resource_change_count == 0);
  CHECK(Count(f, PlanAction::kCreate) == 0);
  CHECK(f.needed_schemas.empty());
  CHECK_FALSE(f.resource_changes.present);
  PlanFacts g;
  std::string second = R"("RESOURCE_CHANGES":[)" + Change("t.b", R"(["delete"])") + "]";
  REQUIRE(PreScan("{" + changes + "," + second + R"(,"provider_schemas":{}})", &g).ok());
  CHECK(Count(g, PlanAction::kCreate) == 0);
  CHECK(Count(g, PlanAction::kDelete) == 1);
  REQUIRE(g.needed_schemas.size() == 1);
  CHECK(g.needed_schemas.begin()->second.address == "t.b");
}

TEST_CASE("pre-scan passes over resource_drift by structure and leaves it to ValidateDeferred", "[prescan]") {
  const std::string head = R"({"resource_drift":[)";
  const std::string tail = R"(],"resource_changes":[)" + Change("t.a", R"(["create"])") + "]}";
  // Broken values inside drift: found by ValidateDeferred, at their offset.
  std::string doc = head + Change("t.d", R"(["update"])", R"("x":[tru],)") + tail;
  PlanFacts f;
  REQUIRE(PreScan(doc, &f).ok());
  REQUIRE(f.resource_drift.present);
  CHECK(doc.substr(f.resource_drift.begin, 1) == "[");
  CHECK(doc.substr(f.resource_drift.end, 1) == ",");
  REQUIRE(f.deferred_validation.size() == 1);
  CHECK(f.deferred_validation[0].begin == f.resource_drift.begin);
  tfstream::Status v = tfstream::stream::ValidateDeferred(doc, f);
  CHECK_FALSE(v.ok());
  CHECK(v.message() == "invalid literal, expected 'true'");
  CHECK(v.offset() == doc.find("tru]") + 3);
  // Broken structure still fails the pre-scan, with the validating scan's
  // message and offset.
  std::string truncated = head + Change("t.d", R"(["update"])").substr(0, 38);
  PlanFacts g;
  tfstream::Status s = PreScan(truncated, &g);
  CHECK_FALSE(s.ok());
  CHECK(s.message() == "unexpected end of input in string");
  CHECK(s.offset() == truncated.size());
  // null, and the wrong type, are read as before.
  PlanFacts h;
  REQUIRE(PreScan(R"({"resource_drift":null})", &h).ok());
  CHECK_FALSE(h.resource_drift.present);
  tfstream::Status t = PreScan(R"({"resource_drift":{}})", &h);
  CHECK(t.message() == "expected an array for \"resource_drift\", found '{'");
}

TEST_CASE("pre-scan reads the members a bundle adds: tfstream_quality and tfstream_flavor", "[prescan][bundle]") {
  PlanFacts f;
  std::string doc = R"({"plan_format_version":"1.2","tfstream_quality":"errored","TFSTREAM_FLAVOR":"opentofu",)"
                    R"("tfstream_quality":null,"provider_schemas":{}})";
  REQUIRE(PreScan(doc, &f).ok());
  CHECK(f.shape == InputShape::kRenderer);
  CHECK(f.tfstream_quality == "errored");  // null leaves it, as for the other strings
  CHECK(f.tfstream_flavor == "opentofu");  // keys folded as the other members
  f = PlanFacts{};
  REQUIRE(PreScan(R"({"plan_format_version":"1.2","tfstream_quality":"no-changes"})", &f).ok());
  CHECK(f.tfstream_quality == "no-changes");
  CHECK(f.tfstream_flavor.empty());

  f = PlanFacts{};
  doc = R"({"plan_format_version":"1.2", "tfstream_quality":"maybe"})";
  tfstream::Status s = PreScan(doc, &f);
  REQUIRE_FALSE(s.ok());
  CHECK(s.offset() == doc.find("\"maybe\""));
  CHECK(s.message().find("\"tfstream_quality\" must be one of \"errored\", \"no-changes\", \"none\"") !=
        std::string::npos);
  f = PlanFacts{};
  CHECK_FALSE(PreScan(R"({"tfstream_flavor":"tofu"})", &f).ok());
  f = PlanFacts{};
  CHECK_FALSE(PreScan(R"({"tfstream_flavor":1})", &f).ok());
}

TEST_CASE("pre-scan: sections only Terraform reads, as the flavour says", "[prescan][flavor]") {
  using tfstream::stream::TerraformOnlySections;
  const std::string doc = R"({"action_invocations":{"not":"an array"},"resource_changes":[)" +
                          Change("t.a", R"(["create"])") + R"(],"deferred_changes":7})";
  PlanFacts f;
  tfstream::Status s = PreScan(doc, &f, nullptr, nullptr, nullptr, TerraformOnlySections::kRead);
  CHECK(s.message() == R"(expected an array for "action_invocations", found '{')");
  f = PlanFacts{};
  REQUIRE(PreScan(doc, &f, nullptr, nullptr, nullptr, TerraformOnlySections::kIgnored).ok());
  CHECK(f.action_invocations_error.ok());
  CHECK_FALSE(f.action_invocations.present);
  CHECK(f.shown_changes == 1);
  f = PlanFacts{};
  REQUIRE(PreScan(doc, &f, nullptr, nullptr, nullptr, TerraformOnlySections::kUndecided).ok());
  CHECK(f.action_invocations_error.message() == R"(expected an array for "action_invocations", found '{')");
  CHECK(f.action_invocations_error.offset() == 22);
  CHECK(f.deferred_changes_error.message() == R"(expected an array for "deferred_changes", found '7')");
  CHECK_FALSE(f.action_invocations.present);
  CHECK_FALSE(f.deferred_changes.present);
  CHECK(f.actions.empty());
  CHECK(f.shown_changes == 1);
  // Still JSON: a broken value is an error whatever the flavour.
  const std::string broken = R"({"action_invocations":[1,],"resource_changes":[]})";
  for (TerraformOnlySections t : {TerraformOnlySections::kRead, TerraformOnlySections::kIgnored,
                                  TerraformOnlySections::kUndecided}) {
    f = PlanFacts{};
    CHECK_FALSE(PreScan(broken, &f, nullptr, nullptr, nullptr, t).ok());
  }
  // Undecided, a later error gives way to the recorded one.
  const std::string later = R"({"deferred_changes":{},"resource_changes":[{,]})";
  f = PlanFacts{};
  CHECK(PreScan(later, &f, nullptr, nullptr, nullptr, TerraformOnlySections::kUndecided).message() ==
        R"(expected an array for "deferred_changes", found '{')");
}

TEST_CASE("pre-scan: the first resource change of each flavour-only action list", "[prescan][flavor]") {
  std::string doc = R"({"resource_changes":[)" + Change("t.a", R"(["create"])") + "," +
                    Change("t.b", R"(["forget","create"])") + "," + Change("t.c", R"(["create","forget"])") + "," +
                    Change("t.d", R"(["forget","create"])") + "]}";
  PlanFacts f;
  REQUIRE(PreScan(doc, &f).ok());
  CHECK(f.first_forget_then_create.found);
  CHECK(f.first_forget_then_create.address == "t.b");
  CHECK(f.first_forget_then_create.offset == doc.find(R"({"address":"t.b")"));
  CHECK(f.first_create_then_forget.address == "t.c");
  CHECK(f.first_create_then_forget.offset == doc.find(R"({"address":"t.c")"));
  CHECK(f.opentofu_sign);
  CHECK(Count(f, PlanAction::kForgetThenCreate) == 2);
}

TEST_CASE("pre-scan reads terraform_version, whatever it holds, and notes applyable/complete", "[prescan][release]") {
  PlanFacts f;
  REQUIRE(PreScan(R"({"format_version":"1.2","terraform_version":"1.9.0-beta2","resource_changes":[]})", &f).ok());
  CHECK(f.has_terraform_version);
  CHECK(f.terraform_version_is_string);
  CHECK(f.terraform_version == "1.9.0-beta2");
  CHECK_FALSE(f.has_applyable_or_complete);
  PlanFacts n;
  REQUIRE(PreScan(R"({"terraform_version":{"major":1},"complete":false,"resource_changes":[]})", &n).ok());
  CHECK(n.has_terraform_version);
  CHECK_FALSE(n.terraform_version_is_string);
  CHECK(n.has_applyable_or_complete);
  PlanFacts null_version;
  REQUIRE(PreScan(R"({"terraform_version":null,"applyable":true,"resource_changes":[]})", &null_version).ok());
  CHECK_FALSE(null_version.has_terraform_version);
  CHECK(null_version.has_applyable_or_complete);
  PlanFacts broken;
  CHECK_FALSE(PreScan(R"({"terraform_version":[1,,2],"resource_changes":[]})", &broken).ok());
}

TEST_CASE("pre-scan: the first [\"forget\"], which releases before removed blocks refuse", "[prescan][flavor]") {
  std::string doc = R"({"resource_changes":[)" + Change("t.a", R"(["create"])") + "," + Change("t.b", R"(["forget"])") +
                    "," + Change("t.c", R"(["forget"])") + "]}";
  PlanFacts f;
  REQUIRE(PreScan(doc, &f).ok());
  CHECK(f.first_forget.address == "t.b");
  CHECK(f.first_forget.offset == doc.find(R"({"address":"t.b")"));
  CHECK(Count(f, PlanAction::kForget) == 2);
}

TEST_CASE("pre-scan: ephemeral resource changes are recorded, never counted or shown", "[prescan][flavor]") {
  auto ephemeral = [](const std::string& address, const std::string& actions) {
    std::string c = Change(address, actions);
    return c.replace(c.find(R"("mode":"managed")"), 16, R"("mode":"ephemeral")");
  };
  // OpenTofu 1.11 writes them with ["open"], a list known only there; any
  // list its UnmarshalActions knows is taken.
  std::string doc = R"({"resource_changes":[)" + Change("t.a", R"(["create"])") + "," + ephemeral("t.e", R"(["open"])") +
                    "," + ephemeral("t.f", R"(["create"])") + "]}";
  PlanFacts f;
  size_t shown = 0;
  tfstream::stream::ChangeHooks hooks;
  hooks.on_shown = [&](const tfstream::stream::ResourceFacts&, PlanAction) { ++shown; };
  REQUIRE(PreScan(doc, &f, nullptr, &hooks).ok());
  CHECK(f.first_ephemeral.found);
  CHECK(f.first_ephemeral.address == "t.e");
  CHECK(f.first_ephemeral.offset == doc.find(R"({"address":"t.e")"));
  CHECK(f.resource_change_count == 3);
  CHECK(f.shown_changes == 1);
  CHECK(shown == 1);
  CHECK(Count(f, PlanAction::kCreate) == 1);
  CHECK(f.needed_schemas.size() == 1);
  // ["open"] on any other mode, and an unknown list on this one, are errors.
  f = PlanFacts{};
  CHECK(PreScan(R"({"resource_changes":[)" + Change("t.o", R"(["open"])") + "]}", &f).message() ==
        R"(resource change "t.o" has an unrecognized action list [open])");
  f = PlanFacts{};
  CHECK(PreScan(R"({"resource_changes":[)" + ephemeral("t.x", R"(["open","x"])") + "]}", &f).message() ==
        R"(resource change "t.x" has an unrecognized action list [open, x])");
}
