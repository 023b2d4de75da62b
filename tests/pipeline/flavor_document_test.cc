// The flavor.def entries read at the document and resource-header level,
// each pinned with both flavours on the smallest plan that shows it
// (plan.renderHuman, renderHumanDiff, resourceChangeComment, actionDescription
// and DiffActionSymbol of Terraform @883c722 and OpenTofu v1.12.6).
#include <catch2/catch.hpp>

#include "base/flavor.h"
#include "pipeline/plan_doc.h"

using tfstream::pipeline::FlavorChoice;
using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

namespace {

Options With(FlavorChoice flavor) {
  Options o;
  o.flavor = flavor;
  return o;
}
const Options kTerraform = With(FlavorChoice::kTerraform);
const Options kOpenTofu = With(FlavorChoice::kOpenTofu);

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// PlanDoc with `members` (each followed by a comma) before resource_changes.
std::string PlanDocWith(const std::string& members, const std::vector<std::string>& changes) {
  std::string doc = PlanDoc(changes);
  return doc.insert(1, members);
}

}  // namespace

TEST_CASE("Flavor::Wording substitutes the product and the command", "[flavor]") {
  const auto& tf = tfstream::TerraformFlavor();
  const auto& tofu = tfstream::OpenTofuFlavor();
  CHECK(tf.Wording("{product} ran `{cli} apply` {x} {") == "Terraform ran `terraform apply` {x} {");
  CHECK(tofu.Wording("{product} ran `{cli} apply` {x} {") == "OpenTofu ran `tofu apply` {x} {");
  CHECK(tofu.Wording("") == "");
}

TEST_CASE("product_name and cli_name: the sentences of the document", "[flavor][document]") {
  std::string doc = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a")});
  std::string tf = RenderDoc(doc, kTerraform), tofu = RenderDoc(doc, kOpenTofu);
  CHECK(Has(tf, "\nTerraform used the selected providers"));
  CHECK(Has(tf, "\nTerraform will perform the following actions:\n"));
  CHECK(Has(tofu, "\nOpenTofu used the selected providers"));
  CHECK(Has(tofu, "\nOpenTofu will perform the following actions:\n"));

  // The drift note, and the refresh-only suggestion of a no-changes plan
  // with drift.
  // (A deleted data source is no change shown, but keeps the plan from
  // being empty: the drift is shown.)
  std::string data = PlanChange("data.t.s", R"(["delete"])", "s", "null");
  data.replace(data.find(R"("mode":"managed")"), 16, R"("mode":"data")");
  std::string drift = PlanDocWith(R"("resource_drift":[)" + PlanChange("t.d", R"(["update"])", "d", "d2") +
                                      R"(],"relevant_attributes":[{"resource":"t.d","attribute":["name"]}],)",
                                  {data});
  drift.replace(drift.find(R"("resource_schemas")"), 0, R"("data_source_schemas":{"t":{"version":0,"block":{}}},)");
  Options tf_no_changes = kTerraform, tofu_no_changes = kOpenTofu;
  tf_no_changes.quality = tofu_no_changes.quality = tfstream::pipeline::Quality::kNoChanges;
  tf_no_changes.width = tofu_no_changes.width = 200;
  tf = RenderDoc(drift, tf_no_changes);
  tofu = RenderDoc(drift, tofu_no_changes);
  CHECK(Has(tf, "Note: Objects have changed outside of Terraform\n"));
  CHECK(Has(tf, "Terraform detected the following changes made outside of Terraform since the last \"terraform apply\""));
  CHECK(Has(tf, "update the Terraform state to match, create and apply a refresh-only plan:\n  terraform apply -refresh-only\n"));
  CHECK(Has(tofu, "Note: Objects have changed outside of OpenTofu\n"));
  CHECK(Has(tofu, "OpenTofu detected the following changes made outside of OpenTofu since the last \"tofu apply\""));
  CHECK(Has(tofu, "update the OpenTofu state to match, create and apply a refresh-only plan:\n  tofu apply -refresh-only\n"));
}

TEST_CASE("product_name: the no-changes texts and the version warning", "[flavor][document]") {
  std::string empty = PlanDoc({});
  CHECK(Has(RenderDoc(empty, kOpenTofu), "OpenTofu has compared your real infrastructure"));
  CHECK(Has(RenderDoc(empty, kTerraform), "Terraform has compared your real infrastructure"));
  Options errored = kOpenTofu;
  errored.quality = tfstream::pipeline::Quality::kErrored;
  CHECK(Has(RenderDoc(empty, errored), "Planning failed. OpenTofu encountered an error while generating this plan."));
  std::string newer = empty;
  newer.replace(newer.find("1.2"), 3, "9.0");
  Options wide_tofu = kOpenTofu, wide_tf = kTerraform;
  wide_tofu.width = wide_tf.width = 200;
  CHECK(Has(RenderDoc(newer, wide_tofu), "different version of OpenTofu, the diff"));
  CHECK(Has(RenderDoc(newer, wide_tf), "different version of Terraform, the diff"));
}

TEST_CASE("legend_update: the legend's update line", "[flavor][document]") {
  std::string doc = PlanDoc({PlanChange("t.u", R"(["update"])", "u", "u2")});
  CHECK(Has(RenderDoc(doc, kTerraform), "symbols:\n  ~ update in-place\n\nTerraform will"));
  CHECK(Has(RenderDoc(doc, kOpenTofu), "symbols:\n  ~ update in-place (current -> planned)\n\nOpenTofu will"));
}

TEST_CASE("forget_counted: the Plan: line and the legend count forgetting", "[flavor][document]") {
  std::string doc = PlanDoc({
      PlanChange("t.f", R"(["forget"])", "f", "null"),
      PlanChange("t.g", R"(["forget","create"])", "g", "g2"),
      PlanChange("t.c", R"(["create"])", "null", "c"),
  });
  std::string tofu = RenderDoc(doc, kOpenTofu);
  CHECK(Has(tofu,
            "symbols:\n"
            "  + create\n"
            "./+ forget and then create replacement\n"
            "  . forget\n\n"));
  CHECK(Has(tofu, "\nPlan: 2 to add, 0 to change, 0 to destroy, 2 to forget.\n"));
  // With an import the forget count still comes last; without any forget
  // there is none.
  std::string imported = PlanDoc({PlanChange("t.f", R"(["forget"])", "f", "null"),
                                   PlanChange("t.i", R"(["no-op"])", "i", "i")});
  imported.replace(imported.find(R"("after_unknown")", imported.find("t.i")), 0, R"("importing":{"id":"x"},)");
  CHECK(Has(RenderDoc(imported, kOpenTofu), "\nPlan: 1 to import, 0 to add, 0 to change, 0 to destroy, 1 to forget.\n"));
  CHECK(Has(RenderDoc(PlanDoc({PlanChange("t.c", R"(["create"])", "null", "c")}), kOpenTofu),
            "\nPlan: 1 to add, 0 to change, 0 to destroy.\n"));
  // Terraform counts neither and has no legend line for forget.
  std::string forget = PlanDoc({PlanChange("t.f", R"(["forget"])", "f", "null")});
  std::string tf = RenderDoc(forget, kTerraform);
  CHECK(Has(tf, "symbols:\n\nTerraform will"));
  CHECK(Has(tf, "\nPlan: 0 to add, 0 to change, 0 to destroy.\n"));
}

TEST_CASE("plan_line_coloured_whole: where the Plan: line's resets land", "[flavor][document]") {
  std::string doc = PlanDoc({PlanChange("t.c", R"(["create"])", "null", "c")});
  Options tf = kTerraform, tofu = kOpenTofu;
  tf.color = tofu.color = true;
  std::string t = RenderDoc(doc, tf), o = RenderDoc(doc, tofu);
  const std::string bold = "\x1b[1m", reset = "\x1b[0m";
  CHECK(t.ends_with("\n\n" + bold + "Plan:" + reset + " " + reset + "1 to add, 0 to change, 0 to destroy.\n"));
  CHECK(o.ends_with("\n\n" + bold + "Plan:" + reset + " 1 to add, 0 to change, 0 to destroy.\n" + reset));
}

TEST_CASE("reads_action_invocations: OpenTofu ignores action_invocations, whatever they hold",
          "[flavor][document]") {
  std::string actions =
      R"("action_invocations":[{"address":"action.a.b","type":"a","name":"b","provider_name":"p",)"
      R"("invoke_action_trigger":{}}],)";
  std::string doc = PlanDocWith(actions, {});
  CHECK(Has(RenderDoc(doc, kTerraform), "\n  # action.a.b will be invoked\n"));
  // Nor does it need the schemas Terraform would.
  std::string unknown_provider = doc;
  unknown_provider.replace(unknown_provider.find(R"("provider_name":"p")"), 19, R"("provider_name":"q")");
  CHECK(RenderDoc(unknown_provider, kTerraform).starts_with("ERROR: "));
  CHECK(Has(RenderDoc(unknown_provider, kOpenTofu), "No changes."));
  std::string tofu = RenderDoc(doc, kOpenTofu);
  CHECK(Has(tofu, "No changes. Your infrastructure matches the configuration."));
  CHECK_FALSE(Has(tofu, "action"));
  // Not even their shape: any JSON value, with the flavour given or chosen.
  std::string odd = PlanDocWith(R"("action_invocations":{"x":[1]},)", {PlanChange("t.c", R"(["create"])", "null", "c")});
  CHECK(Has(RenderDoc(odd, kTerraform), R"(expected an array for "action_invocations")"));
  CHECK(Has(RenderDoc(odd, kOpenTofu), "\nPlan: 1 to add, 0 to change, 0 to destroy.\n"));
  std::string odd_tofu = odd;
  odd_tofu.replace(odd_tofu.find(R"("provider_name":"p")"), 19, R"("provider_name":"registry.opentofu.org/x/p")");
  odd_tofu.replace(odd_tofu.find(R"("p":{"provider")"), 4, R"("registry.opentofu.org/x/p":)");
  CHECK(Has(RenderDoc(odd_tofu, Options{}), "\nOpenTofu will perform"));
  // With the flavour still to choose, a wrong shape waits for it: Terraform
  // reports it, even before a later error.
  CHECK(Has(RenderDoc(odd, Options{}), R"(expected an array for "action_invocations")"));
  std::string broken = odd;
  broken.replace(broken.find("\"resource_changes\":["), 20, "\"resource_changes\":[{,");
  CHECK(Has(RenderDoc(broken, Options{}), R"(expected an array for "action_invocations")"));
  CHECK_FALSE(Has(RenderDoc(broken, kOpenTofu), "action_invocations"));
  CHECK(RenderDoc(broken, kOpenTofu).starts_with("ERROR: "));
}

TEST_CASE("decodes_action_schemas: OpenTofu's provider has no action_schemas", "[flavor][document]") {
  std::string doc = PlanDoc({PlanChange("t.c", R"(["create"])", "null", "c")});
  doc.replace(doc.find(R"("resource_schemas")"), 0, R"("action_schemas":5,)");
  CHECK(Has(RenderDoc(doc, kTerraform), R"(expected an object for "action_schemas", found '5')"));
  CHECK(Has(RenderDoc(doc, Options{}), R"(expected an object for "action_schemas")"));
  CHECK(Has(RenderDoc(doc, kOpenTofu), "\nPlan: 1 to add, 0 to change, 0 to destroy.\n"));
}

TEST_CASE("reads_deferred_changes: OpenTofu has no deferred section", "[flavor][document]") {
  std::string deferred =
      R"("deferred_changes":[{"reason":"instance_count_unknown","resource_change":)" +
      PlanChange("t.d", R"(["create"])", "null", "d") + "}],";
  std::string doc = PlanDocWith(deferred, {});
  CHECK(Has(RenderDoc(doc, kTerraform), "No current changes. This plan requires another plan"));
  CHECK(Has(RenderDoc(doc, kTerraform), "t.d was deferred"));
  std::string tofu = RenderDoc(doc, kOpenTofu);
  CHECK(Has(tofu, "No changes. Your infrastructure matches the configuration."));
  CHECK_FALSE(Has(tofu, "deferred"));
  std::string odd = PlanDocWith(R"("deferred_changes":"later",)", {});
  CHECK(Has(RenderDoc(odd, kTerraform), R"(expected an array for "deferred_changes")"));
  CHECK(Has(RenderDoc(odd, kOpenTofu), "No changes."));
}

// decodes_unknown_flags: jsonplan.ResourceChange.IndexUnknown and
// Importing.Unknown exist in Terraform's structs only.
TEST_CASE("decodes_unknown_flags: OpenTofu ignores index_unknown and importing.unknown", "[flavor][document]") {
  const std::string bad_index = R"("index_unknown":"yes",)";
  const std::string good_index = R"("index_unknown":true,)";
  std::string doc = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a", bad_index)});
  CHECK(Has(RenderDoc(doc, kTerraform), R"(expected true or false for "index_unknown")"));
  CHECK(Has(RenderDoc(doc, Options{}), R"(expected true or false for "index_unknown")"));
  std::string good = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a", good_index)});
  CHECK(RenderDoc(doc, kOpenTofu) == RenderDoc(good, kOpenTofu));
  CHECK(Has(RenderDoc(doc, kOpenTofu), "\nPlan: 1 to add, 0 to change, 0 to destroy.\n"));

  // importing.unknown, in a shown change and in one nothing shows.
  std::string imp = PlanChange("t.i", R"(["no-op"])", "a", "a");
  imp.replace(imp.find(R"("before":)"), 0, R"("importing":{"id":"x","unknown":[1]},)");
  std::string noop = PlanChange("t.n", R"(["no-op"])", "a", "a", R"("index_unknown":{},)");
  doc = PlanDoc({imp, noop});
  CHECK(Has(RenderDoc(doc, kTerraform), R"(expected true or false for "unknown")"));
  std::string tofu = RenderDoc(doc, kOpenTofu);
  CHECK(Has(tofu, "  # t.i will be imported\n  # (imported from \"x\")\n"));
  CHECK(Has(tofu, "\nPlan: 1 to import, 0 to add, 0 to change, 0 to destroy.\n"));

  // In an output change, and in a drifted resource nothing shows (read by
  // the renderer, not the pre-scan).
  std::string out = PlanDocWith(R"("output_changes":{"o":{"actions":["create"],"after":"v","importing":{"unknown":"?"}}},)",
                                {});
  CHECK(Has(RenderDoc(out, kTerraform), R"(expected true or false for "unknown")"));
  CHECK(Has(RenderDoc(out, kOpenTofu), "  + o = \"v\"\n"));
  std::string drift = PlanDocWith(R"("resource_drift":[)" + PlanChange("t.d", R"(["update"])", "d", "d2", bad_index) +
                                      "],",
                                  {PlanChange("t.c", R"(["create"])", "null", "c")});
  CHECK(Has(RenderDoc(drift, kTerraform), R"(expected true or false for "index_unknown")"));
  CHECK(Has(RenderDoc(drift, kOpenTofu), "\nPlan: 1 to add, 0 to change, 0 to destroy.\n"));

  // With the flavour still to choose, Terraform's reading reports it before
  // a later error, as an explicit Terraform flavour does.
  std::string broken = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a", bad_index), "{,"});
  CHECK(Has(RenderDoc(broken, Options{}), R"(expected true or false for "index_unknown")"));
  CHECK(Has(RenderDoc(broken, kTerraform), R"(expected true or false for "index_unknown")"));
  CHECK_FALSE(Has(RenderDoc(broken, kOpenTofu), "index_unknown"));
  CHECK(RenderDoc(broken, kOpenTofu).starts_with("ERROR: "));
}

// action_create_then_forget, action_forget_then_create.
TEST_CASE("each flavour rejects the other's forget-and-create list", "[flavor][document]") {
  std::string cf = PlanDoc({PlanChange("t.a", R"(["create"])", "null", "a"),
                            PlanChange("t.cf", R"(["create","forget"])", "c", "c2")});
  std::string fc = PlanDoc({PlanChange("t.fc", R"(["forget","create"])", "c", "c2")});
  CHECK(Has(RenderDoc(cf, kTerraform), " # t.cf must be replaced, but the existing object will not be destroyed\n"));
  CHECK(Has(RenderDoc(cf, kOpenTofu), "ERROR: plan.json:"));
  CHECK(Has(RenderDoc(cf, kOpenTofu),
            "resource change \"t.cf\" has an unrecognized action list [create, forget] (OpenTofu has no such action)"));
  CHECK(Has(RenderDoc(fc, kTerraform),
            "resource change \"t.fc\" has an unrecognized action list [forget, create] (Terraform has no such action)"));
  CHECK(RenderDoc(fc, kOpenTofu) ==
        "\nOpenTofu used the selected providers to generate the following execution\n"
        "plan. Resource actions are indicated with the following symbols:\n"
        "./+ forget and then create replacement\n"
        "\nOpenTofu will perform the following actions:\n"
        "\n  # t.fc must be replaced - older instance will not be destroyed (lifecycle.destroy = false)\n"
        "  ./+ resource \"t\" \"fc\" {\n"
        "        id   = \"i\"\n"
        "      ~ name = \"c\" -> \"c2\"\n"
        "    }\n"
        "\nPlan: 1 to add, 0 to change, 0 to destroy, 1 to forget.\n");
  // --flavor auto: OpenTofu's list makes it OpenTofu, and then Terraform's
  // is unknown.
  std::string both = PlanDoc({PlanChange("t.fc", R"(["forget","create"])", "c", "c2"),
                              PlanChange("t.cf", R"(["create","forget"])", "c", "c2")});
  CHECK(Has(RenderDoc(both, Options{}), "\"t.cf\" has an unrecognized action list [create, forget]"));
  // In drift, where the list is read only for what is shown.
  std::string drift = PlanDocWith(R"("resource_drift":[)" + PlanChange("t.d", R"(["create","forget"])", "d", "d2") +
                                      "],",
                                  {PlanChange("t.c", R"(["create"])", "null", "c")});
  Options refresh = kOpenTofu;
  refresh.mode = tfstream::pipeline::PlanMode::kRefreshOnly;
  CHECK(Has(RenderDoc(drift, refresh), "\"t.d\" has an unrecognized action list"));
  refresh.flavor = FlavorChoice::kTerraform;
  CHECK(Has(RenderDoc(drift, refresh), "\n # t.d must be replaced, but the existing object will not be destroyed\n"));
}

// forget_comment_lifecycle, forget_body_as_state, forget_only_as_no_op,
// symbol_forget.
TEST_CASE("a forget block", "[flavor][document]") {
  std::string doc = PlanDoc({PlanChange("t.f", R"(["forget"])", "f", "null",
                                        R"("action_reason":"forgot_because_lifecycle_destroy_in_state",)")});
  CHECK(Has(RenderDoc(doc, kOpenTofu),
            "\n  # t.f will be removed from the OpenTofu state but will not be destroyed \n"
            " (because lifecycle.destroy = false was configured before this resource was removed from the "
            "configuration)\n"
            "  . resource \"t\" \"f\" {\n"
            "    id   = \"i\"\n"
            "    name = \"f\"\n"
            "}\n"));
  CHECK(Has(RenderDoc(doc, kTerraform),
            "\n # t.f will no longer be managed by Terraform, but will not be destroyed\n"
            " # (destroy = false is set in the configuration)\n"
            " . resource \"t\" \"f\" {\n"
            "        id   = \"i\"\n"
            "        name = \"f\"\n"
            "    }\n"));
  std::string in_config = PlanDoc({PlanChange("t.f", R"(["forget"])", "f", "null",
                                              R"("deposed":"d1","action_reason":"forgot_because_lifecycle_destroy_in_config",)")});
  CHECK(Has(RenderDoc(in_config, kOpenTofu),
            "\n  # t.f (deposed object d1) will be removed from the OpenTofu state but will not be destroyed \n"
            " (because lifecycle.destroy = false is set in the configuration)\n"
            "  # (left over from a partially-failed replacement of this instance)\n"
            "  . resource"));
  // The symbol, coloured.
  Options tofu = kOpenTofu, tf = kTerraform;
  tofu.color = tf.color = true;
  CHECK(Has(RenderDoc(doc, tofu), "\n\x1b[0m  \x1b[31m.\x1b[0m\x1b[0m resource"));
  CHECK(Has(RenderDoc(doc, tf), "\n\x1b[0m \x1b[31m.\x1b[0m\x1b[0m resource"));
}

// tainted_must_be, reason_delete_because_enabled_false.
TEST_CASE("replacement and deletion comments", "[flavor][document]") {
  std::string doc = PlanDoc({
      PlanChange("t.x", R"(["delete","create"])", "x", "x2", R"("action_reason":"replace_because_tainted",)"),
      PlanChange("t.y", R"(["forget","create"])", "y", "y2", R"("action_reason":"replace_because_tainted",)"),
      PlanChange("t.e", R"(["delete"])", "e", "null", R"("action_reason":"delete_because_enabled_false",)"),
  });
  std::string tofu = RenderDoc(doc, kOpenTofu);
  CHECK(Has(tofu, "\n  # t.x is tainted, so it must be replaced\n-/+ resource"));
  CHECK(Has(tofu,
            "\n  # t.y is tainted, so it must be replaced - older instance will not be destroyed "
            "(lifecycle.destroy = false)\n"));
  CHECK(Has(tofu, "\n  # t.e will be destroyed\n  # (because enabled is false)\n  - resource"));
  doc = PlanDoc({
      PlanChange("t.x", R"(["delete","create"])", "x", "x2", R"("action_reason":"replace_because_tainted",)"),
      PlanChange("t.e", R"(["delete"])", "e", "null", R"("action_reason":"delete_because_enabled_false",)"),
  });
  std::string tf = RenderDoc(doc, kTerraform);
  CHECK(Has(tf, "\n  # t.x is tainted, so must be replaced\n-/+ resource"));
  CHECK(Has(tf, "\n  # t.e will be destroyed\n  - resource"));
}

// import_source_after_import_header, import_identity_shown.
TEST_CASE("import comments", "[flavor][document]") {
  auto importing = [](std::string change, const std::string& importing_json) {
    return change.replace(change.find(R"("after_unknown")"), 0, R"("importing":)" + importing_json + ",");
  };
  std::string doc = PlanDoc({
      importing(PlanChange("t.i", R"(["no-op"])", "i", "i"), R"({"id":"abc"})"),
      importing(PlanChange("t.j", R"(["update"])", "j", "j2"),
                R"({"identity": {"name":"j" , "zone":{"a":[1, "[red]"],"e":[],"o":{}}}})"),
      importing(PlanChange("t.k", R"(["no-op"])", "k", "k"), R"({})"),
  });
  std::string tofu = RenderDoc(doc, kOpenTofu);
  CHECK(Has(tofu, "\n  # t.i will be imported\n  # (imported from \"abc\")\n    resource"));
  // json.Indent(identity, "  # ", "  "), then Color() like the rest of the
  // comment (so markup in it takes effect).
  CHECK(Has(tofu,
            "\n  # t.j will be updated in-place\n"
            "  # imported using resource identity: {\n"
            "  #   \"name\": \"j\",\n"
            "  #   \"zone\": {\n"
            "  #     \"a\": [\n"
            "  #       1,\n"
            "  #       \"\"\n"
            "  #     ],\n"
            "  #     \"e\": [],\n"
            "  #     \"o\": {}\n"
            "  #   }\n"
            "  # }\n"
            "  ~ resource"));
  CHECK(Has(tofu, "\n  # t.k will be imported\n  # (will be imported first)\n    resource"));
  std::string tf = RenderDoc(doc, kTerraform);
  CHECK(Has(tf, "\n  # t.i will be imported\n    resource"));
  CHECK(Has(tf, "\n  # t.j will be updated in-place\n  # (will be imported first)\n  ~ resource"));
  CHECK(Has(tf, "\n  # t.k will be imported\n    resource"));
}

TEST_CASE("--summary and Markdown use the flavour's symbols and words", "[flavor][document][summary]") {
  std::string doc = PlanDoc({
      PlanChange("t.f", R"(["forget"])", "f", "null"),
      PlanChange("t.fc", R"(["forget","create"])", "c", "c2"),
      PlanChange("t.u", R"(["update"])", "u", "u2"),
  });
  Options summary = kOpenTofu;
  summary.summary = true;
  CHECK(RenderDoc(doc, summary) ==
        "  ~ t.u\n"
        "  ./+ t.fc\n"
        "  . t.f\n"
        "\n"
        "Plan: 1 to add, 1 to change, 0 to destroy, 2 to forget.\n");
  summary.color = true;
  CHECK(Has(RenderDoc(doc, summary), "\x1b[1mPlan:\x1b[0m 1 to add, 1 to change, 0 to destroy, 2 to forget.\n\x1b[0m"));
  std::string forget = PlanDoc({PlanChange("t.f", R"(["forget"])", "f", "null")});
  summary = kTerraform;
  summary.summary = true;
  CHECK(RenderDoc(forget, summary) == " . t.f\n\nPlan: 0 to add, 0 to change, 0 to destroy.\n");

  Options md = kOpenTofu;
  md.format = tfstream::pipeline::Format::kMarkdown;
  std::string text = RenderDoc(doc, md);
  CHECK(Has(text, "**Plan:** 1 to add, 1 to change, 0 to destroy, 2 to forget.\n\n"));
  CHECK(Has(text,
            "| `~` update in-place (current -> planned) | 1 |\n"
            "| `./+` forget and then create replacement | 1 |\n"
            "| `.` forget | 1 |\n\n"));
  std::string outputs_only = PlanDocWith(
      R"("output_changes":{"o":{"actions":["create"],"before":null,"after":"x","after_unknown":false,)"
      R"("before_sensitive":false,"after_sensitive":false}},)",
      {});
  CHECK(Has(RenderDoc(outputs_only, md), "save these new output values to the OpenTofu state"));
}

TEST_CASE("--flavor auto: OpenTofu-only action reasons pick OpenTofu", "[flavor][document]") {
  const Options automatic;
  std::string plain = PlanDoc({PlanChange("t.e", R"(["delete"])", "e", "null", R"("action_reason":"delete_because_no_module",)")});
  CHECK(Has(RenderDoc(plain, automatic), "\nTerraform will perform"));
  for (const char* reason : {"delete_because_enabled_false", "forgot_because_lifecycle_destroy_in_config",
                             "forgot_because_lifecycle_destroy_in_state"}) {
    const bool forget = std::string(reason).starts_with("forgot");
    std::string doc = PlanDoc({PlanChange("t.c", R"(["create"])", "null", "c"),
                               PlanChange("t.e", forget ? R"(["forget"])" : R"(["delete"])", "e", "null",
                                          std::string(R"("action_reason":")") + reason + "\",")});
    INFO(reason);
    CHECK(Has(RenderDoc(doc, automatic), "\nOpenTofu will perform"));
    CHECK(Has(RenderDoc(doc, kTerraform), "\nTerraform will perform"));
  }
}
