// Releases on inputs the corpora rarely hold (issue 35): the float64
// releases' numbers beyond range and -0, Terraform 1.9.0-1.9.5's unknown
// nested blocks, Go 1.20's %q tables, the crash rule (the text the crashing
// renderer evidently intends, one note) and schemas with an unknown nesting
// mode. Each flavor.def switch is shown on its own: the release before its
// bound against the same release with only that switch flipped
// (Options::adjust_profile), and the releases on both sides of the bound.
#include <catch2/catch.hpp>

#include <functional>
#include <string>

#include "base/flavor.h"
#include "pipeline/plan_doc.h"

using tfstream::Flavor;
using tfstream::pipeline::FlavorChoice;
using tfstream::pipeline::Options;
using tfstream::pipeline::Report;
using tfstream::pipeline::RendererVersion;
using tfstream::testing::RenderDoc;

namespace {

Options At(FlavorChoice flavour, const std::string& release, std::function<void(Flavor*)> adjust = {}) {
  Options o;
  o.flavor = flavour;
  o.renderer_version = release == "latest" ? RendererVersion{RendererVersion::Kind::kLatest, ""}
                                            : RendererVersion{RendererVersion::Kind::kGiven, release};
  o.adjust_profile = std::move(adjust);
  return o;
}
Options Tf(const std::string& release, std::function<void(Flavor*)> adjust = {}) {
  return At(FlavorChoice::kTerraform, release, std::move(adjust));
}
Options Tofu(const std::string& release) { return At(FlavorChoice::kOpenTofu, release); }

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A renderer-shaped plan of one change of resource type "t" with `schema`
// as its block.
std::string Doc(const std::string& schema, const std::string& actions, const std::string& before,
                const std::string& after, const std::string& after_unknown = "{}") {
  return R"({"plan_format_version":"1.2","resource_changes":[{"address":"t.a","mode":"managed","type":"t",)"
         R"("name":"a","provider_name":"p","change":{"actions":)" +
         actions + R"(,"before":)" + before + R"(,"after":)" + after + R"(,"after_unknown":)" + after_unknown +
         R"(,"before_sensitive":false,"after_sensitive":false}}],"provider_schemas":{"p":{"provider":)"
         R"({"version":0,"block":{}},"resource_schemas":{"t":{"version":0,"block":)" +
         schema + "}}}}}";
}

const char* const kStrings = R"({"attributes":{"id":{"type":"string"},"s":{"type":"string"}}})";
const char* const kNumbers = R"({"attributes":{"id":{"type":"string"},"n":{"type":"number"}}})";

std::string Notes(const Report& r) {
  std::string out;
  for (const std::string& n : r.notes) out += n + "\n";
  return out;
}

}  // namespace

TEST_CASE("quote_unicode_15: Terraform 1.5 (Go 1.20) escapes runes of Unicode 14 and 15", "[release][issue35]") {
  // U+1FAE0 (Unicode 14) inside a value and a map key that needs quoting.
  const std::string doc =
      Doc(R"({"attributes":{"id":{"type":"string"},"s":{"type":"string"},"m":{"type":["map","string"]}}})",
          R"(["create"])", "null", "{\"id\":\"i\",\"s\":\"a\xf0\x9f\xab\xa0" "b\",\"m\":{\"k\xf0\x9f\xab\xa0\":\"v\",\"kk\":\"w\"}}");
  const std::string escaped = R"(+ s  = "a\U0001fae0b")";
  const std::string raw = "+ s  = \"a\xf0\x9f\xab\xa0" "b\"";
  const std::string v15 = RenderDoc(doc, Tf("1.5.7")), v16 = RenderDoc(doc, Tf("1.6.0"));
  CHECK(Has(v15, escaped));
  CHECK(Has(v15, R"(+ "k\U0001fae0" = "v")"));
  CHECK(Has(v16, raw));
  CHECK_FALSE(Has(v16, "\\U0001fae0"));
  // The switch alone: 1.6.0 with Go 1.20's tables prints 1.5.7's text.
  CHECK(RenderDoc(doc, Tf("1.6.0", [](Flavor* f) { f->quote_unicode_15 = false; })) == v15);
  // A rune of Unicode 13 (U+1F97A) stays raw in 1.5.
  const std::string old = Doc(kStrings, R"(["create"])", "null", "{\"id\":\"i\",\"s\":\"\xf0\x9f\xa5\xba\"}");
  CHECK(Has(RenderDoc(old, Tf("1.5.7")), "\"\xf0\x9f\xa5\xba\""));
}

TEST_CASE("numbers_as_float64: a JSON string with a number beyond float64 is a plain string", "[release][issue35]") {
  const std::string doc = Doc(kStrings, R"(["update"])", R"({"id":"i","s":"{\"a\":1e400, \"b\":1}"})",
                              R"({"id":"i","s":"{\"a\":1e400, \"b\":2}"})");
  const std::string plain = R"(~ s  = "{\"a\":1e400, \"b\":1}" -> "{\"a\":1e400, \"b\":2}")";
  const std::string v173 = RenderDoc(doc, Tf("1.7.3"));
  CHECK(Has(v173, plain));
  CHECK(Has(RenderDoc(doc, Tofu("1.6.3")), plain));
  const std::string v174 = RenderDoc(doc, Tf("1.7.4"));
  CHECK(Has(v174, "jsonencode("));
  CHECK(Has(v174, "~ b = 1 -> 2"));
  // The switch alone.
  CHECK(Has(RenderDoc(doc, Tf("1.7.4", [](Flavor* f) { f->numbers_as_float64 = true; })), plain));
  // Within range, the string is still JSON to those releases.
  const std::string in_range = Doc(kStrings, R"(["update"])", R"({"id":"i","s":"{\"a\":1e300, \"b\":1}"})",
                                   R"({"id":"i","s":"{\"a\":1e300, \"b\":2}"})");
  CHECK(Has(RenderDoc(in_range, Tf("1.7.3")), "~ b = 1 -> 2"));
}

TEST_CASE("numbers_as_float64: -0 equals 0", "[release][issue35]") {
  const std::string doc =
      Doc(kNumbers, R"(["update"])", R"({"id":"i","n":-0})", R"({"id":"j","n":0})");
  const std::string v173 = RenderDoc(doc, Tf("1.7.3")), v174 = RenderDoc(doc, Tf("1.7.4"));
  CHECK_FALSE(Has(v173, "~ n"));
  CHECK(Has(v174, "~ n  = -0 -> 0"));
  CHECK_FALSE(Has(RenderDoc(doc, Tofu("1.6.3")), "~ n"));
  CHECK(RenderDoc(doc, Tf("1.7.4", [](Flavor* f) { f->numbers_as_float64 = true; })).find("~ n") ==
        std::string::npos);
  // -0 still prints as -0 where it is shown.
  const std::string create = Doc(kNumbers, R"(["create"])", "null", R"({"id":"i","n":-0.0})");
  CHECK(Has(RenderDoc(create, Tf("1.7.3")), "+ n  = -0"));
  // Inside a JSON string, -0 against 0 is only a whitespace change.
  const std::string json = Doc(kStrings, R"(["update"])", R"({"id":"i","s":"{\"a\":-0}"})",
                               R"({"id":"i","s":"{\"a\":0}"})");
  CHECK(Has(RenderDoc(json, Tf("1.7.3")), "# whitespace changes"));
  CHECK(Has(RenderDoc(json, Tf("1.7.4")), "~ a = -0 -> 0"));
  // Elements of lists and sets.
  const char* lists = R"({"attributes":{"id":{"type":"string"},"l":{"type":["list","number"]},)"
                      R"("t":{"type":["set","number"]}}})";
  const std::string coll = Doc(lists, R"(["update"])", R"({"id":"i","l":[1,-0],"t":[-0]})",
                               R"({"id":"j","l":[1,0],"t":[0]})");
  const std::string c173 = RenderDoc(coll, Tf("1.7.3"));
  CHECK_FALSE(Has(c173, "~ l"));
  CHECK_FALSE(Has(c173, "~ t"));
  CHECK(Has(RenderDoc(coll, Tf("1.7.4")), "~ l"));
}

TEST_CASE("unknown_single_block_noop_skipped: Terraform 1.9.0-1.9.5 count a null -> unknown block as hidden",
          "[release][issue35]") {
  const char* schema = R"({"attributes":{"id":{"type":"string"}},"block_types":{"b":{"nesting_mode":"list",)"
                       R"("block":{"attributes":{"x":{"type":"string"}}}}}})";
  const std::string doc = Doc(schema, R"(["update"])", R"({"id":"i","b":null})", R"({"id":"j","b":null})",
                              R"({"b":true})");
  const std::string hidden = "# (1 unchanged block hidden)";
  const std::string v195 = RenderDoc(doc, Tf("1.9.5"));
  CHECK(Has(v195, hidden));
  CHECK_FALSE(Has(RenderDoc(doc, Tf("1.9.5", [](Flavor* f) { f->unknown_single_block_noop_skipped = true; })),
                  hidden));
  CHECK_FALSE(Has(RenderDoc(doc, Tf("1.9.6")), hidden));
  CHECK_FALSE(Has(RenderDoc(doc, Tofu("1.9.4")), hidden));
  // On create the block is created, in every release.
  const std::string create = Doc(schema, R"(["create"])", "null", R"({"id":"j","b":null})", R"({"b":true})");
  CHECK_FALSE(Has(RenderDoc(create, Tf("1.9.5")), hidden));
}

TEST_CASE("crash rule A: a number beyond float64 renders as written, with one note", "[release][issue35]") {
  const std::string doc = Doc(kNumbers, R"(["create"])", "null", R"({"id":"i","n":1e400})");
  Report r173, r174, rtofu;
  const std::string v173 = RenderDoc(doc, Tf("1.7.3"), &r173);
  CHECK(Has(v173, "+ n  = 1e400"));
  CHECK(v173 == RenderDoc(doc, Tf("1.7.4"), &r174));
  REQUIRE(r173.notes.size() == 1);
  CHECK(Has(r173.notes[0], "Terraform 1.7.3's own renderer crashes on this plan (a number outside float64's "
                           "range, at t.a)"));
  CHECK(r174.notes.empty());
  RenderDoc(doc, Tofu("1.6.3"), &rtofu);
  CHECK(Has(Notes(rtofu), "OpenTofu 1.6.3's own renderer crashes"));
  // Two crashing places, one note: the first in the document.
  std::string two = doc;
  two.replace(two.find(R"(],"provider_schemas")"), 0,
              R"(,{"address":"t.b","mode":"managed","type":"t","name":"b","provider_name":"p","change":)"
              R"({"actions":["create"],"before":null,"after":{"n":-1e999},"after_unknown":{},)"
              R"("before_sensitive":false,"after_sensitive":false}})");
  Report rtwo;
  RenderDoc(two, Tf("1.6.0"), &rtwo);
  REQUIRE(rtwo.notes.size() == 1);
  CHECK(Has(rtwo.notes[0], "at t.a)"));
}

TEST_CASE("crash rule E: an unknown list element without a before value", "[release][issue35]") {
  const char* schema = R"({"attributes":{"id":{"type":"string"},"l":{"type":["list","bool"]}}})";
  const std::string doc = Doc(schema, R"(["update"])", R"({"id":"i","l":[null]})", R"({"id":"i","l":[true,null]})",
                              R"({"l":[false,true]})");
  Report r195, r196, r1966, rtofu;
  const std::string v195 = RenderDoc(doc, Tf("1.9.5"), &r195);
  const std::string v196 = RenderDoc(doc, Tf("1.9.6"), &r196);
  CHECK(Has(v196, "(known after apply)"));
  CHECK(r196.notes.empty());
  REQUIRE(r195.notes.size() == 1);
  CHECK(Has(r195.notes[0], "Terraform 1.9.5's own renderer crashes on this plan (a value going from null to "
                           "unknown where it is not created, at t.a)"));
  // The switch alone: 1.9.6's text, 1.9.5's note.
  RenderDoc(doc, Tf("1.9.6", [](Flavor* f) { f->unknown_without_before_rendered = false; }), &r1966);
  CHECK(r1966.notes.size() == 1);
  RenderDoc(doc, Tofu("1.12.6"), &rtofu);
  CHECK(Has(Notes(rtofu), "OpenTofu 1.12.6's own renderer crashes"));
}

TEST_CASE("rule F: an unknown nesting mode in any change's schema is an error, shown or not", "[release][issue35]") {
  const char* schema = R"({"attributes":{"id":{"type":"string"}},"block_types":{"b":{"nesting_mode":"list",)"
                       R"("block":{"block_types":{"c":{"nesting_mode":"bogus","block":{}}}}}}})";
  // A managed no-op is never shown.
  const std::string doc = Doc(schema, R"(["no-op"])", R"({"id":"i"})", R"({"id":"i"})");
  for (const Options& o : {Tf("latest"), Tf("1.5.7"), Tf("1.9.5"), Tofu("latest"), Tofu("1.6.3")}) {
    const std::string out = RenderDoc(doc, o);
    INFO(out);
    CHECK(Has(out, R"(ERROR: plan.json: byte )"));
    CHECK(Has(out, R"(t.a: the schema of resource type "t" has an unrecognized nesting mode "bogus" at "b.c")"));
  }
  const char* nested_attribute = R"({"attributes":{"id":{"type":"string"},"o":{"nested_type":{)"
                                 R"("nesting_mode":"tuple","attributes":{"x":{"type":"string"}}}}}})";
  CHECK(Has(RenderDoc(Doc(nested_attribute, R"(["no-op"])", R"({"id":"i"})", R"({"id":"i"})"), Tf("latest")),
            R"(unrecognized nesting mode "tuple" at "o")"));
}
