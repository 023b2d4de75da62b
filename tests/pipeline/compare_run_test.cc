// tfstream --compare (pipeline/compare_run.h, forms/compare_forms.h): each
// kind of difference, each --ignore rule, the forms, plans out of order.
#include "forms/compare_forms.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "pipeline/plan_doc.h"

namespace {

using tfstream::pipeline::CompareInput;
using tfstream::pipeline::Format;
using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;

struct Result {
  std::string text;
  bool differ = false;
  bool ok = true;
};

Result Compare(const std::string& old_doc, const std::string& new_doc, Options options = {},
               std::vector<std::string> ignore = {}) {
  CompareInput in;
  in.old_plan.plan = old_doc;
  in.old_plan.plan_label = "old.json";
  in.new_plan.plan = new_doc;
  in.new_plan.plan_label = "new.json";
  for (const std::string& p : ignore) {
    tfstream::stream::AttributeGlob g;
    REQUIRE(tfstream::stream::AttributeGlob::Parse(p, &g).ok());
    in.ignore.push_back(g);
  }
  options.jobs = 1;
  tfstream::buffer::OutputSink out;
  Result r;
  tfstream::Status s = tfstream::forms::RenderComparison(in, options, &out, nullptr, &r.differ);
  if (!s.ok()) {
    r.ok = false;
    r.text = "ERROR: " + s.message();
    return r;
  }
  r.text = *out.buffer();
  return r;
}

// A resource change of type "t" with a "triggers" map beside name.
std::string TriggerChange(const std::string& address, const std::string& sha, const std::string& name = "n") {
  return R"({"address":")" + address + R"(","mode":"managed","type":"t","name":"x","provider_name":"p",)"
         R"("change":{"actions":["update"],"before":{"id":"i","name":"o","triggers":{"git_sha":"0"}},)"
         R"("after":{"id":"i","name":")" + name + R"(","triggers":{"git_sha":")" + sha + R"("}},)"
         R"("after_unknown":{},"before_sensitive":false,"after_sensitive":false}})";
}

std::string TriggerDoc(const std::vector<std::string>& changes) {
  std::string doc = R"({"plan_format_version":"1.2","resource_changes":[)";
  for (size_t i = 0; i < changes.size(); ++i) doc += (i ? "," : "") + changes[i];
  doc +=
      R"(],"provider_schemas":{"p":{"provider":{"version":0,"block":{}},"resource_schemas":{"t":{"version":0,)"
      R"("block":{"attributes":{"id":{"type":"string","computed":true},"name":{"type":"string","optional":true},)"
      R"("triggers":{"type":["map","string"],"optional":true}}}}}}}})";
  return doc;
}

}  // namespace

TEST_CASE("a plan compared with itself is the same: one line, no difference", "[compare]") {
  std::string doc = PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y"), PlanChange("t.b", R"(["create"])", "null", "z")});
  Result r = Compare(doc, doc);
  REQUIRE(r.ok);
  CHECK_FALSE(r.differ);
  CHECK(r.text == "The plans are the same: 2 resource changes compared, none differs.\n");
}

TEST_CASE("formatting, key order and the timestamp do not count", "[compare]") {
  std::string a = PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y")});
  std::string b = R"({"timestamp":"2030-01-01T00:00:00Z",)" + a.substr(1);
  // The same change with its members in another order and spaces.
  std::string moved = R"({ "change": {"after_sensitive":false, "before_sensitive":false, "after_unknown":{}, )"
                      R"("after": {"name":"y","id":"i"}, "before": {"id":"i","name":"x"}, "actions": ["update"]}, )"
                      R"("provider_name":"p", "name":"a", "type":"t", "mode":"managed", "address":"t.a" })";
  std::string c = PlanDoc({moved});
  Result r = Compare(a, b);
  CHECK(r.ok);
  CHECK_FALSE(r.differ);
  r = Compare(a, c);
  CHECK(r.ok);
  CHECK_FALSE(r.differ);
}

TEST_CASE("an edited planned value shows as the old plan's result against the new one's", "[compare]") {
  Result r = Compare(PlanDoc({PlanChange("t.a", R"(["update"])", "x", "ami-1")}),
                     PlanDoc({PlanChange("t.a", R"(["update"])", "x", "ami-2")}));
  REQUIRE(r.ok);
  CHECK(r.differ);
  CHECK(r.text ==
        "\n"
        "  # t.a: the planned values differ\n"
        "  ~ resource \"t\" \"a\" {\n"
        "        id   = \"i\"\n"
        "      ~ name = \"ami-1\" -> \"ami-2\"\n"
        "    }\n"
        "\n"
        "The plans differ: 1 resource change (1 planned differently).\n");
}

TEST_CASE("a change only in the new plan, only in the old plan", "[compare]") {
  std::string a = PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y")});
  std::string both = PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y"), PlanChange("t.b", R"(["create"])", "null", "z")});
  Result r = Compare(a, both);
  REQUIRE(r.ok);
  CHECK(r.differ);
  CHECK(r.text.find("  # t.b: only in the new plan (create)\n  + resource \"t\" \"b\" {") != std::string::npos);
  CHECK(r.text.find("1 only in the new plan") != std::string::npos);
  r = Compare(both, a);
  REQUIRE(r.ok);
  CHECK(r.text.find("  # t.b: only in the old plan (create)\n") != std::string::npos);
  CHECK(r.text.find("1 only in the old plan") != std::string::npos);
}

TEST_CASE("an update turned into a replace or a delete names both actions", "[compare]") {
  std::string a = PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y")});
  Result r = Compare(a, PlanDoc({PlanChange("t.a", R"(["delete","create"])", "x", "y")}));
  REQUIRE(r.ok);
  CHECK(r.text.find("  # t.a: the action was update and is now replace\n") != std::string::npos);
  r = Compare(a, PlanDoc({PlanChange("t.a", R"(["delete"])", "x", "null")}));
  REQUIRE(r.ok);
  CHECK(r.text.find("  # t.a: the action was update and is now delete; the planned values differ\n"
                    "  - resource \"t\" \"a\" {") != std::string::npos);
}

TEST_CASE("prior values, reasons, moves, imports, replace paths and sensitivity", "[compare]") {
  std::string a = PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y")});
  Result r = Compare(a, PlanDoc({PlanChange("t.a", R"(["update"])", "w", "y")}));
  CHECK(r.text.find("# t.a: the prior values differ\n  ~ resource") != std::string::npos);
  CHECK(r.text.find("~ name = \"x\" -> \"w\"") != std::string::npos);
  r = Compare(a, PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y", R"("action_reason":"replace_by_request",)")}));
  CHECK(r.text.find("# t.a: the action reason was none and is now replace_by_request\n") != std::string::npos);
  r = Compare(a, PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y", R"("previous_address":"t.old",)")}));
  CHECK(r.text.find("# t.a: the previous address was none and is now t.old\n") != std::string::npos);
  std::string import = PlanChange("t.a", R"(["update"])", "x", "y");
  import.insert(import.find("\"after_unknown\""), R"("importing":{"id":"i-1"},)");
  r = Compare(a, PlanDoc({import}));
  CHECK(r.text.find("# t.a: the import differs\n") != std::string::npos);
  std::string replace = PlanChange("t.a", R"(["update"])", "x", "y");
  replace.insert(replace.find("\"after_unknown\""), R"("replace_paths":[["name"]],)");
  r = Compare(a, PlanDoc({replace}));
  CHECK(r.text.find("# t.a: the attributes forcing replacement differ\n") != std::string::npos);
  std::string sensitive = PlanChange("t.a", R"(["update"])", "x", "y");
  sensitive.replace(sensitive.find(R"("after_sensitive":false)"), 23, R"("after_sensitive":{"name":true})");
  r = Compare(a, PlanDoc({sensitive}));
  CHECK(r.text.find("# t.a: the sensitivity differs\n") != std::string::npos);
  CHECK(r.text.find("~ name = (sensitive value)") != std::string::npos);
}

TEST_CASE("a value now unknown shows as (known after apply); one unknown in both does not show", "[compare]") {
  std::string known = PlanChange("t.a", R"(["update"])", "x", "y");
  std::string unknown = R"({"address":"t.a","mode":"managed","type":"t","name":"a","provider_name":"p","change":)"
                        R"({"actions":["update"],"before":{"id":"i","name":"x"},"after":{"id":"i"},)"
                        R"("after_unknown":{"name":true},"before_sensitive":false,"after_sensitive":false}})";
  Result r = Compare(PlanDoc({known}), PlanDoc({unknown}));
  REQUIRE(r.ok);
  CHECK(r.text.find("~ name = \"y\" -> (known after apply)") != std::string::npos);
  std::string unknown_id = unknown;
  unknown_id.replace(unknown_id.find(R"({"id":"i"})"), 10, "{}");
  unknown_id.replace(unknown_id.find(R"({"name":true})"), 13, R"({"id":true,"name":true})");
  r = Compare(PlanDoc({unknown}), PlanDoc({unknown_id}));
  REQUIRE(r.ok);
  CHECK(r.text.find("~ id = \"i\" -> (known after apply)") != std::string::npos);
  CHECK(r.text.find("name") == std::string::npos);  // unknown in both plans: the same, not shown
}

TEST_CASE("--ignore leaves the named attributes out of both plans", "[compare][ignore]") {
  std::string a = TriggerDoc({TriggerChange("t.a", "1111")});
  std::string b = TriggerDoc({TriggerChange("t.a", "2222")});
  CHECK(Compare(a, b).differ);
  CHECK(Compare(a, b).text.find("~ \"git_sha\" = \"1111\" -> \"2222\"") != std::string::npos);
  CHECK_FALSE(Compare(a, b, {}, {"triggers.git_sha"}).differ);
  CHECK_FALSE(Compare(a, b, {}, {"**.git_sha"}).differ);
  CHECK_FALSE(Compare(a, b, {}, {"triggers.*"}).differ);
  CHECK_FALSE(Compare(a, b, {}, {"trig*"}).differ);
  CHECK(Compare(a, b, {}, {"git_sha"}).differ);          // not at the top
  CHECK(Compare(a, b, {}, {"triggers.other"}).differ);   // another key
  // Ignoring one attribute leaves another edit visible, and the block shows
  // only that one.
  Result r = Compare(a, TriggerDoc({TriggerChange("t.a", "2222", "m")}), {}, {"**.triggers.git_sha"});
  CHECK(r.differ);
  CHECK(r.text.find("~ name     = \"n\" -> \"m\"") != std::string::npos);
  CHECK(r.text.find("git_sha") == std::string::npos);
}

TEST_CASE("plans out of order are compared through the index, with the same result", "[compare]") {
  std::string c1 = PlanChange("t.a", R"(["update"])", "x", "y");
  std::string c2 = PlanChange("t.b", R"(["update"])", "x", "y");
  std::string c3 = PlanChange("t.c", R"(["update"])", "x", "y");
  std::string c3b = PlanChange("t.c", R"(["update"])", "x", "z");
  Result sorted = Compare(PlanDoc({c1, c2, c3}), PlanDoc({c1, c2, c3b}));
  Result shuffled = Compare(PlanDoc({c3, c1, c2}), PlanDoc({c2, c3b, c1}));
  REQUIRE(sorted.ok);
  REQUIRE(shuffled.ok);
  CHECK(shuffled.text == sorted.text);
  CHECK_FALSE(Compare(PlanDoc({c3, c1, c2}), PlanDoc({c2, c3, c1})).differ);
}

TEST_CASE("deposed objects are matched by their key", "[compare]") {
  std::string cur = PlanChange("t.a", R"(["update"])", "x", "y");
  std::string dep = PlanChange("t.a", R"(["delete"])", "x", "null", R"("deposed":"d1",)");
  std::string dep2 = PlanChange("t.a", R"(["delete"])", "x", "null", R"("deposed":"d2",)");
  CHECK_FALSE(Compare(PlanDoc({cur, dep}), PlanDoc({dep, cur})).differ);
  Result r = Compare(PlanDoc({cur, dep}), PlanDoc({cur, dep2}));
  CHECK(r.text.find("# t.a (deposed object d1): only in the old plan (delete)") != std::string::npos);
  CHECK(r.text.find("# t.a (deposed object d2): only in the new plan (delete)") != std::string::npos);
}

TEST_CASE("outputs are compared by name", "[compare]") {
  auto with_output = [](const std::string& value) {
    std::string doc = PlanDoc({});
    return R"({"output_changes":{"url":{"actions":["update"],"before":"a","after":)" + value +
           R"(,"after_unknown":false,"before_sensitive":false,"after_sensitive":false}},)" + doc.substr(1);
  };
  Result r = Compare(with_output("\"b\""), with_output("\"c\""));
  REQUIRE(r.ok);
  CHECK(r.differ);
  CHECK(r.text.find("Changes to Outputs:\n  # output url: the planned values differ\n  ~ url = \"b\" -> \"c\"\n") !=
        std::string::npos);
  CHECK(r.text.find("1 output.") != std::string::npos);
}

TEST_CASE("--format json lists what differs by address", "[compare]") {
  Options o;
  o.format = Format::kJson;
  Result r = Compare(PlanDoc({PlanChange("t.a", R"(["update"])", "x", "ami-1")}),
                     PlanDoc({PlanChange("t.a", R"(["update"])", "x", "ami-2")}), o);
  REQUIRE(r.ok);
  CHECK(r.text.find(R"("same": false)") != std::string::npos);
  CHECK(r.text.find(R"({"section":"resource_changes","address":"t.a","differs":["planned"],"old_action":"update",)"
                    R"("new_action":"update","attributes":["name"]})") != std::string::npos);
  std::string doc = PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y")});
  r = Compare(doc, doc, o);
  CHECK(r.text.find(R"("same": true)") != std::string::npos);
  CHECK(r.text.find(R"("differences": []})") == std::string::npos);
}

TEST_CASE("--format markdown is a comment saying what changed since the last plan", "[compare]") {
  Options o;
  o.format = Format::kMarkdown;
  Result r = Compare(PlanDoc({PlanChange("t.a", R"(["update"])", "x", "ami-1")}),
                     PlanDoc({PlanChange("t.a", R"(["update"])", "x", "ami-2")}), o);
  REQUIRE(r.ok);
  CHECK(r.text.find("### Changed since the last plan\n") != std::string::npos);
  CHECK(r.text.find("<summary><code>~</code> t.a: the planned values differ</summary>") != std::string::npos);
  CHECK(r.text.find("~       name = \"ami-1\" -> \"ami-2\"") != std::string::npos);
}

TEST_CASE("an invalid document is an error wherever it is", "[compare]") {
  std::string good = PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y")});
  std::string bad = good;
  bad.replace(bad.find("\"i\""), 3, "\"i\x01\"");
  Result r = Compare(good, bad);
  CHECK_FALSE(r.ok);
  CHECK(r.text.find("new.json: byte") != std::string::npos);
  // Equal bytes are validated too.
  r = Compare(bad, bad);
  CHECK_FALSE(r.ok);
}

TEST_CASE("other members of a resource change are named", "[compare]") {
  Result r = Compare(PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y")}),
                     PlanDoc({PlanChange("t.a", R"(["update"])", "x", "y", R"("module_address":"m",)")}));
  REQUIRE(r.ok);
  CHECK(r.differ);
  CHECK(r.text.find("# t.a: other fields differ (module_address)\n") != std::string::npos);
}

TEST_CASE("drift is compared unless --drift hide", "[compare]") {
  auto with_drift = [](const std::string& drift) {
    std::string doc = PlanDoc({});
    return R"({"resource_drift":[)" + drift + "]," + doc.substr(1);
  };
  std::string drifted = with_drift(PlanChange("t.a", R"(["update"])", "x", "y"));
  std::string none = with_drift("");
  Result r = Compare(drifted, none);
  REQUIRE(r.ok);
  CHECK(r.differ);
  CHECK(r.text.find("  # drift: t.a: only in the old plan (update)\n  ~ resource \"t\" \"a\" {") != std::string::npos);
  CHECK(r.text.find("1 drifted object.") != std::string::npos);
  r = Compare(drifted, with_drift(PlanChange("t.a", R"(["update"])", "x", "z")));
  CHECK(r.text.find("# drift: t.a: the drifted values differ") != std::string::npos);
  Options hide;
  hide.hide_drift = true;
  r = Compare(drifted, none, hide);
  REQUIRE(r.ok);
  CHECK_FALSE(r.differ);
}

TEST_CASE("deferred changes are compared by address", "[compare]") {
  auto with_deferred = [](const std::string& deferred) {
    std::string doc = PlanDoc({});
    return R"({"deferred_changes":[)" + deferred + "]," + doc.substr(1);
  };
  std::string one = R"({"reason":"instance_count_unknown","resource_change":)" +
                    PlanChange("t.a", R"(["create"])", "null", "y") + "}";
  std::string other = R"({"reason":"resource_config_unknown","resource_change":)" +
                      PlanChange("t.a", R"(["create"])", "null", "y") + "}";
  Options tf;
  tf.flavor = tfstream::pipeline::FlavorChoice::kTerraform;
  Result r = Compare(with_deferred(""), with_deferred(one), tf);
  REQUIRE(r.ok);
  CHECK(r.text.find("  # deferred: t.a: only in the new plan (create)\n") != std::string::npos);
  r = Compare(with_deferred(one), with_deferred(other), tf);
  CHECK(r.text.find("  # deferred: t.a: other fields differ (the deferred change)\n") != std::string::npos);
  CHECK_FALSE(Compare(with_deferred(one), with_deferred(one), tf).differ);
}
