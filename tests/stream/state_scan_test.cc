#include "stream/state_scan.h"

#include <catch2/catch.hpp>

#include "stream/json_tree_check.h"
#include <string>
#include <vector>

using tfstream::Status;
using tfstream::stream::ScanState;
using tfstream::stream::StateFacts;
using tfstream::stream::WalkStateResources;

namespace {

std::string Res(const std::string& address) {
  return R"({"address":")" + address + R"(","mode":"managed","type":"t","name":"n","provider_name":"p"})";
}

// The walk as "<address>/<blank lines>" items.
std::vector<std::string> Walk(const std::string& doc) {
  StateFacts facts;
  Status s = ScanState(doc, &facts);
  REQUIRE(s.ok());
  std::vector<std::string> seen;
  REQUIRE(WalkStateResources(doc, facts.root, [&](std::string_view raw, uint64_t, int blank_lines) {
            size_t at = raw.find("\"address\":\"") + 11;
            seen.push_back(std::string(raw.substr(at, raw.find('"', at) - at)) + "/" + std::to_string(blank_lines));
            return Status::Ok();
          }).ok());
  return seen;
}

}  // namespace

TEST_CASE("state walk: a root without resources glues its modules' first blocks", "[state]") {
  std::string doc = R"({"values":{"root_module":{"child_modules":[{"resources":[)" + Res("module.a.t.x") + "," +
                    Res("module.a.t.y") + R"(]},{"resources":[)" + Res("module.b.t.x") + R"(]}]}}})";
  CHECK(Walk(doc) == std::vector<std::string>{"module.a.t.x/0", "module.a.t.y/1", "module.b.t.x/0"});
}

TEST_CASE("state walk: a module below one that printed opens with two blank lines", "[state]") {
  std::string doc = R"({"values":{"root_module":{"resources":[)" + Res("t.r") +
                    R"(],"child_modules":[{"child_modules":[{"resources":[)" + Res("module.a.module.b.t.x") + "," +
                    Res("module.a.module.b.t.y") + R"(]}]}]}}})";
  CHECK(Walk(doc) == std::vector<std::string>{"t.r/0", "module.a.module.b.t.x/2", "module.a.module.b.t.y/1"});
}

TEST_CASE("state walk: the last of repeated resources keys counts", "[state]") {
  std::string doc = R"({"values":{"root_module":{"resources":[)" + Res("t.old") + R"(],"RESOURCES":[)" + Res("t.new") +
                    R"(]}}})";
  CHECK(Walk(doc) == std::vector<std::string>{"t.new/0"});
}

TEST_CASE("state scan: emptiness is State.Empty's, over the root only", "[state]") {
  auto empty = [](const std::string& doc) {
    StateFacts facts;
    REQUIRE(ScanState(doc, &facts).ok());
    return facts.Empty();
  };
  CHECK(empty(R"({"format_version":"1.0"})"));
  CHECK(empty(R"({})"));
  CHECK(empty(R"(null)"));
  CHECK(empty(R"({"values":{"outputs":{},"root_module":{"resources":[]}}})"));
  CHECK(empty(R"({"values":{"outputs":{"a":{"value":1}},"outputs":null}})"));
  CHECK_FALSE(empty(R"({"values":{"outputs":{"a":{"value":1}}}})"));
  CHECK_FALSE(empty(R"({"values":{"root_module":{"child_modules":[{}]}}})"));
}

TEST_CASE("state scan: wrong kinds are located errors", "[state]") {
  auto error = [](const std::string& doc) {
    StateFacts facts;
    Status s = ScanState(doc, &facts);
    return s.ok() ? std::string("ok") : s.message();
  };
  CHECK(error(R"({"values":[]})") == "expected an object for \"values\", found an array");
  CHECK(error(R"({"values":{"root_module":{"resources":{}}}})") ==
        "expected an array for \"resources\", found an object");
  CHECK(error(R"({"values":{"root_module":{"resources":[1]}}})") == "expected an object for a resource, found a number");
  CHECK(error(R"({"values":{"root_module":{"resources":[{"tainted":"yes"}]}}})") ==
        "expected a bool for \"tainted\", found a string");
  CHECK(error(R"({"format_version":1})") == "expected a string for \"format_version\", found a number");
  CHECK(error(R"({"values":{}} x)") == "unexpected data after the end of the document");
}

namespace {

using tfstream::stream::ScanStateAsItArrives;
using tfstream::stream::StateScanOptions;

// What a scan settled, as one string to compare.
std::string Describe(const StateFacts& f) {
  auto range = [](const tfstream::stream::ByteRange& r) {
    return r.present ? std::to_string(r.begin) + "-" + std::to_string(r.end) : std::string("-");
  };
  std::string out =
      f.format_version + "|" + std::to_string(f.has_format_version) + "|" + f.terraform_version + "|" +
      std::to_string(f.has_terraform_version) + std::to_string(f.terraform_version_is_string) + "|" +
      range(f.values) + std::to_string(f.values_repeated) + "|" + f.provider_format_version +
      std::to_string(f.has_provider_format_version) + "|" + f.tfstream_flavor + "|" +
      std::to_string(f.has_outputs) + std::to_string(f.tfstate_member) + std::to_string(f.opentofu_sign) +
      std::to_string(f.in_document_order) + std::to_string(f.members == tfstream::stream::DocumentMembers{}) +
      "|" + range(f.root.resources) + range(f.root.child_modules) + std::to_string(f.root.has_resources) +
      std::to_string(f.root.has_child_modules) + "|" + std::to_string(f.resource_count) + "/" +
      std::to_string(f.all_resource_count) + "|";
  for (const auto& r : f.outputs_objects) out += range(r) + ",";
  out += "|";
  for (const auto& r : f.provider_schemas_objects) out += range(r) + ",";
  out += "|";
  for (const auto& [key, use] : f.needed_schemas) {
    out += key.provider + "/" + std::to_string(key.data) + "/" + key.type + "@" + use.address + ":" +
           std::to_string(use.offset) + ",";
  }
  return out;
}

// The document arriving `piece` bytes at a time, whatever was asked for (a
// slow writer hands over less than a reader would like).
struct Trickle {
  std::string_view doc;
  size_t piece;
  size_t given = 0;
  int calls = 0;
  std::string_view operator()(uint64_t, bool* all) {
    ++calls;
    given = std::min(doc.size(), given + piece);
    *all = given == doc.size();
    return doc.substr(0, given);
  }
};

// Over every way of cutting the document into pieces, the scan as it arrives
// settles what the scan over the whole settles, or leaves it to that scan.
void CheckAsItArrives(const std::string& doc, bool settles) {
  StateScanOptions opts;
  opts.resources = StateScanOptions::Resources::kValidatedByRender;
  StateFacts whole;
  const Status want = ScanState(doc, &whole, opts);
  for (size_t piece : {size_t{1}, size_t{2}, size_t{3}, size_t{7}, size_t{64}, size_t{1} << 20}) {
    Trickle trickle{doc, piece};
    StateFacts arrived;
    const bool settled = ScanStateAsItArrives(std::ref(trickle), &arrived, opts);
    INFO("piece " << piece << ": " << doc.substr(0, 200));
    CHECK(settled == settles);
    if (settled) {
      CHECK(want.ok());
      CHECK(Describe(arrived) == Describe(whole));
      CHECK(trickle.given == doc.size());  // it read to the end
    }
  }
}

}  // namespace

TEST_CASE("state scan as it arrives: the facts of the scan over the whole, however the bytes come",
          "[state]") {
  const std::string two = Res("t.a") + "," + Res("module.m.t.b");
  CheckAsItArrives(
      R"({"format_version":"1.0","terraform_version":"1.9.0","values":{"outputs":{"o":{"value":12,)"
      R"("sensitive":false}},"root_module":{"resources":[)" +
          two + R"(],"child_modules":[{"address":"module.m","resources":[)" + Res("module.m.t.c") +
          R"(]}]}}})",
      true);
  // Whitespace everywhere, numbers and literals at every cut, a trailing newline.
  CheckAsItArrives(
      " \n{ \"serial\" : 12345 , \"values\" : { \"root_module\" : { \"resources\" : [ " + two +
          " ] , \"x\" : [ true , false , null , -1.5e3 ] } } , \"terraform_version\" : null }\n\n",
      true);
  CheckAsItArrives(R"({"values":null})", true);
  CheckAsItArrives("null", true);
  CheckAsItArrives(R"({"format_version":"1.0","provider_schemas":{"p":{}},"tfstream_flavor":"opentofu",)"
                   R"("values":{"root_module":{}}})",
                   true);
}

TEST_CASE("state scan as it arrives: what it cannot settle is left to the scan over the whole", "[state]") {
  const std::string r = Res("t.a");
  // Errors anywhere, data after the end, a number cut by the end.
  CheckAsItArrives(R"({"values":{"root_module":{"resources":[)" + r + R"(]}}} x)", false);
  CheckAsItArrives(R"({"values":{"root_module":{"resources":[)" + r + R"(]}})", false);
  CheckAsItArrives(R"({"values":{"root_module":{"resources":5}}})", false);
  CheckAsItArrives(R"({"values":{"root_module":{"resources":[)" + r + R"(]},"x":tru}})", false);
  CheckAsItArrives(R"({"serial":12)", false);
  CheckAsItArrives("", false);
  CheckAsItArrives("  ", false);
  CheckAsItArrives("[]", false);
  // A repeated key, a resource of another mode: RenderHumanState's order.
  CheckAsItArrives(R"({"values":{"root_module":{"resources":[)" + r + R"(],"resources":[]}}})", false);
  CheckAsItArrives(R"({"values":{"root_module":{"resources":[{"address":"x","mode":"odd"}]}}})", false);
  // A null element (its mode is none of the two).
  CheckAsItArrives(R"({"values":{"root_module":{"resources":[null,)" + r + R"(]}}})", false);
}

namespace {

// The walk after a scan in document order (which may let it read each
// module object once) and after one that records every array.
std::vector<std::string> WalkAfter(const std::string& doc, bool in_document_order, bool* children_in_order) {
  StateScanOptions opts;
  if (in_document_order) opts.resources = StateScanOptions::Resources::kValidatedByRender;
  StateFacts facts;
  REQUIRE(ScanState(doc, &facts, opts).ok());
  *children_in_order = facts.root.children_in_document_order;
  std::vector<std::string> seen;
  REQUIRE(WalkStateResources(doc, facts.root, [&](std::string_view raw, uint64_t offset, int blank_lines) {
            size_t at = raw.find("\"address\":\"") + 11;
            seen.push_back(std::string(raw.substr(at, raw.find('"', at) - at)) + "/" +
                           std::to_string(blank_lines) + "@" + std::to_string(offset));
            return Status::Ok();
          }).ok());
  return seen;
}

}  // namespace

TEST_CASE("state walk: modules read once in document order walk as the recorded arrays do", "[state]") {
  const std::string nested =
      R"({"values":{"root_module":{"child_modules":[{"resources":[)" + Res("module.a.t.x") + "," +
      Res("module.a.t.y") + R"(],"address":"module.a","child_modules":[{"resources":[)" +
      Res("module.a.module.b.t.x") + R"(]},null,{"resources":null,"child_modules":[{"resources":[)" +
      Res("module.a.module.c.module.d.t.x") +
      R"(]}]}]},{"x":[1,{"resources":[]}],"resources":[]},{"resources":[)" + Res("module.e.t.x") +
      R"(]}],"resources":[)" + Res("t.root") + R"(]}}})";
  const std::string no_root_resources = R"({"values":{"root_module":{"child_modules":[{"resources":[)" +
                                        Res("module.a.t.x") + R"(]},{"resources":[)" + Res("module.b.t.x") +
                                        R"(],"child_modules":[{"resources":[)" +
                                        Res("module.b.module.c.t.x") + R"(]}]}]}}})";
  for (const std::string& doc : {nested, no_root_resources}) {
    bool in_order = false, recorded_in_order = true;
    const std::vector<std::string> once = WalkAfter(doc, true, &in_order);
    CHECK(in_order);
    CHECK(once == WalkAfter(doc, false, &recorded_in_order));
    CHECK_FALSE(recorded_in_order);
    CHECK(once.size() >= 3);
  }
  // A module with its child modules first: RenderHumanState's order is not
  // the document's, and the walk records the arrays.
  const std::string children_first =
      R"({"values":{"root_module":{"child_modules":[{"child_modules":[{"resources":[)" +
      Res("module.a.module.b.t.x") + R"(]}],"resources":[)" + Res("module.a.t.x") + R"(]}]}}})";
  bool in_order = true, recorded = true;
  const std::vector<std::string> walked = WalkAfter(children_first, true, &in_order);
  CHECK_FALSE(in_order);
  CHECK(walked == WalkAfter(children_first, false, &recorded));
  REQUIRE(walked.size() == 2);
  CHECK(walked[0].starts_with("module.a.t.x/0@"));
}

namespace {

using tfstream::stream::StateScanSplit;

// A resource whose values hold what a guess may take for an element: arrays
// of objects whose first key is "address" or "resources", and strings that
// look like element boundaries.
std::string SplitRes(const std::string& address, int i, const std::string& provider = "registry.terraform.io/p/p") {
  return R"({"address":")" + address + R"(","mode":")" + (i % 5 == 2 ? "data" : "managed") + R"(","type":"t)" +
         std::to_string(i % 4) + R"(","name":"n)" + std::to_string(i) + R"(","provider_name":")" + provider +
         R"(","values":{"nics":[{"address":"10.0.0.1"},{"address":"10.0.0.2"}],)"
         R"("mods":[{"resources":[]},{"resources":[{"address":"x"}]}],"s":"}, {\"address\": 1, \"resources\":["},)"
         R"("sensitive_values":{}})";
}

std::string SplitResources(const std::string& prefix, int n, int first = 0) {
  std::string out = "[";
  for (int i = first; i < first + n; ++i) {
    if (i > first) out += i % 6 == 0 ? ",\n  " : ",";
    out += SplitRes(prefix + "t" + std::to_string(i % 4) + ".r" + std::to_string(i), i);
  }
  return out + "]";
}

// A state of `modules` child modules (each with resources, some with child
// modules of their own) after `root` resources of the root module.
std::string SplitState(int root, int modules, const std::string& module_extra = "") {
  std::string doc = R"({"format_version":"1.0","terraform_version":"1.9.0","values":{"outputs":{"o":{"value":1}},)"
                    R"("root_module":{"resources":)" + SplitResources("", root) + R"(,"child_modules":[)";
  for (int m = 0; m < modules; ++m) {
    const std::string name = "module.m" + std::to_string(m);
    if (m > 0) doc += ",";
    doc += R"({"resources":)" + SplitResources(name + ".", 3 + m % 3, m * 10) + R"(,"address":")" + name + "\"";
    if (m % 4 == 1) {
      doc += R"(,"child_modules":[{"resources":)" + SplitResources(name + ".module.c.", 2, m * 10 + 5) +
             R"(,"address":")" + name + R"(.module.c"}])";
    }
    if (m == modules - 2) doc += module_extra;
    doc += "}";
  }
  return doc + R"(]}},"x":{"y":[1,2]}})";
}

// The state without the objects in values that look like child modules.
std::string WithoutModuleDecoys(std::string doc) {
  const std::string decoy = R"("mods":[{"resources":[]},{"resources":[{"address":"x"}]}],)";
  for (size_t at = 0; (at = doc.find(decoy, at)) != std::string::npos;) doc.erase(at, decoy.size());
  return doc;
}

struct SplitScan {
  Status status;
  std::string facts;
};

SplitScan ScanSplit(const std::string& doc, StateScanSplit* split) {
  StateScanOptions opts;
  opts.resources = StateScanOptions::Resources::kValidatedByRender;
  opts.split = split;
  StateFacts facts;
  SplitScan r;
  r.status = ScanState(doc, &facts, opts);
  r.facts = Describe(facts);
  return r;
}

// Splits `doc` with guesses looked for from every `step` bytes: each gives
// what one thread gives (facts, or the same error at the same place).
// Returns how often the second thread's work was taken over.
int CompareSplitEverywhere(const std::string& doc, size_t step) {
  const SplitScan alone = ScanSplit(doc, nullptr);
  int taken = 0;
  for (size_t from = 1; from < doc.size(); from += step) {
    CAPTURE(from);
    StateScanSplit split;
    split.min_bytes = 0;
    split.guess_from = from;
    const SplitScan two = ScanSplit(doc, &split);
    REQUIRE(two.status.ok() == alone.status.ok());
    REQUIRE(two.status.message() == alone.status.message());
    if (!alone.status.ok()) REQUIRE(two.status.offset() == alone.status.offset());
    REQUIRE(two.facts == alone.facts);
    REQUIRE(split.started > 0);
    if (split.taken_at != 0) {
      ++taken;
      REQUIRE(split.taken_at >= from);
    }
  }
  return taken;
}

}  // namespace

TEST_CASE("state scan split: the facts one thread finds, wherever the second thread guesses", "[state][split]") {
  SECTION("the root's resources") {
    const std::string doc = R"({"format_version":"1.0","values":{"root_module":{"resources":)" +
                            SplitResources("", 40) + R"(}},"terraform_version":"1.9.0"})";
    CHECK(CompareSplitEverywhere(doc, 5) > 50);
  }
  SECTION("child modules, some with child modules of their own") {
    CHECK(CompareSplitEverywhere(SplitState(3, 12), 7) > 50);
    CHECK(CompareSplitEverywhere(WithoutModuleDecoys(SplitState(3, 12)), 7) > 200);
  }
  SECTION("a provider on OpenTofu's registry and a type only in the second half") {
    std::string doc = SplitState(3, 12);
    const std::string last = R"({"address":"module.m11.t9.late","mode":"managed","type":"t9","name":"late",)"
                             R"("provider_name":"registry.opentofu.org/p/p"},)";
    doc.insert(doc.find(R"({"address":"module.m11.)"), last);
    CHECK(CompareSplitEverywhere(doc, 7) > 50);
  }
  SECTION("a module with its resources after its child modules in the second half") {
    const std::string doc =
        SplitState(3, 12, R"(,"child_modules":[],"resources":[{"address":"module.m10.t.late","mode":"data"}])");
    CHECK(CompareSplitEverywhere(doc, 7) > 20);
  }
  SECTION("objects in values that look like resources: guessed again") {
    std::string doc = R"({"format_version":"1.0","values":{"root_module":{"resources":)" + SplitResources("", 40) +
                      R"(}}})";
    const std::string nics = R"("nics":[{"address":"10.0.0.1"},)";
    for (size_t at = 0; (at = doc.find(nics, at)) != std::string::npos; at += nics.size()) {
      doc.replace(at, nics.size(), R"("nics":[{"a":1},{"address":"10.0.0.1","mode":"fixed"},)");
    }
    CHECK(CompareSplitEverywhere(doc, 5) > 50);
  }
  SECTION("one child module of the root, its own child modules many") {
    std::string doc = R"({"values":{"root_module":{"resources":)" + SplitResources("", 3) +
                      R"(,"child_modules":[{"resources":)" + SplitResources("module.a.", 3) +
                      R"(,"address":"module.a","child_modules":[)";
    for (int m = 0; m < 8; ++m) {
      const std::string name = "module.a.module.m" + std::to_string(m);
      doc += (m > 0 ? "," : "") + std::string(R"({"resources":)") + SplitResources(name + ".", 3, m * 10) +
             R"(,"address":")" + name + "\"}";
    }
    doc = WithoutModuleDecoys(doc + "]}]}}}");
    CHECK(CompareSplitEverywhere(doc, 7) > 100);
  }
  SECTION("pretty-printed, null elements") {
    std::string doc = SplitState(2, 10);
    for (size_t at = 0; (at = doc.find("},{\"resources\"", at)) != std::string::npos; at += 8) {
      doc.replace(at, 2, "}\n ,\n  ");
    }
    doc.insert(doc.find("\"child_modules\":[") + 17, "null,");
    CHECK(CompareSplitEverywhere(doc, 7) > 20);
  }
}

TEST_CASE("state scan split: what the second half gets wrong is what one thread finds", "[state][split]") {
  const std::string base = SplitState(3, 12);
  const size_t late = base.find(R"({"address":"module.m10.)");
  REQUIRE(late != std::string::npos);
  SECTION("a wrong kind in a resource") {
    std::string doc = base;
    doc.insert(late + 1, R"("tainted":"yes",)");
    CompareSplitEverywhere(doc, 7);
    REQUIRE_FALSE(ScanSplit(doc, nullptr).status.ok());
  }
  SECTION("a syntax error in a module's members") {
    std::string doc = base;
    doc.insert(doc.find(R"("address":"module.m10")"), R"("x":tru,)");
    CompareSplitEverywhere(doc, 7);
    REQUIRE_FALSE(ScanSplit(doc, nullptr).status.ok());
  }
  SECTION("a resource of another mode, a repeated key: read again in RenderHumanState's order") {
    std::string odd = base;
    odd.insert(late, R"({"address":"module.m10.odd","mode":"odd"},)");
    CompareSplitEverywhere(odd, 7);
    std::string repeated = base;
    repeated.insert(repeated.find(R"("address":"module.m10")"), R"("resources":[],)");
    CompareSplitEverywhere(repeated, 7);
  }
  SECTION("a document cut short") {
    CompareSplitEverywhere(base.substr(0, base.size() - 40), 7);
  }
}

TEST_CASE("state scan split: guesses that are no element of the array are dropped, and made again", "[state][split]") {
  // The root's few resources first: a guess in a child module's resources
  // is not one of them; the split made again at the child modules lands.
  const std::string doc = WithoutModuleDecoys(SplitState(2, 12));
  StateScanSplit split;
  split.min_bytes = 0;
  split.guess_from = doc.find(R"({"address":"module.m8.)");
  const SplitScan two = ScanSplit(doc, &split);
  REQUIRE(two.status.ok());
  CHECK(two.facts == ScanSplit(doc, nullptr).facts);
  CHECK(split.started == 2);
  CHECK(split.taken_at == doc.find(R"({"resources":[{"address":"module.m9.)"));
  // Only nested modules after the guess: no element of the root's arrays
  // there, nor of module.a's child_modules; the resources of the module the
  // guess is in are split where the pass opens them.
  const std::string nested = R"({"values":{"root_module":{"child_modules":[{"address":"module.a","child_modules":)"
                             R"([{"resources":)" + SplitResources("module.a.module.b.", 10) + R"(},{"resources":)" +
                             SplitResources("module.a.module.c.", 10) + R"(}]}]}}})";
  StateScanSplit inner;
  inner.min_bytes = 0;
  inner.guess_from = nested.find("module.a.module.c.");
  const SplitScan nested_two = ScanSplit(nested, &inner);
  CHECK(nested_two.facts == ScanSplit(nested, nullptr).facts);
  CHECK(inner.started > 1);
  CHECK(inner.taken_at == nested.find(R"({"address":"module.a.module.c.t1.r1")"));
}

TEST_CASE("state scan split: small states are scanned on one thread", "[state][split]") {
  StateScanSplit split;  // the default threshold
  REQUIRE(ScanSplit(SplitState(3, 40), &split).status.ok());
  CHECK(split.started == 0);
  // Nor where nothing is read in document order.
  StateScanSplit walk;
  walk.min_bytes = 0;
  StateScanOptions opts;
  opts.split = &walk;
  StateFacts facts;
  REQUIRE(ScanState(SplitState(3, 12), &facts, opts).ok());
  CHECK(walk.started == 0);
}

TEST_CASE("state scan split: the cross-check passes on a split taken over", "[state][split]") {
  // TFSTREAM_CROSS_CHECK runs the pass on one thread as well and aborts on
  // any difference.
  tfstream::stream::SetTreeCrossCheck(true);
  const std::string doc = WithoutModuleDecoys(SplitState(3, 12));
  StateScanSplit split;
  split.min_bytes = 0;
  split.guess_from = doc.size() / 2;
  const SplitScan two = ScanSplit(doc, &split);
  tfstream::stream::SetTreeCrossCheck(false);
  CHECK(two.status.ok());
  CHECK(split.taken_at != 0);
}

// Runs of resources (stream::ResourceRuns): what a pass in document order
// records, and the walk that hands them on whole.
using tfstream::stream::ForEachRunElement;
using tfstream::stream::ResourceRun;
using tfstream::stream::ResourceRuns;
using tfstream::stream::StateRunVisitor;

namespace {

// `n` resources of about `size` bytes each, with whitespace of several kinds
// between some of them.
std::string RunResources(const std::string& prefix, int n, size_t size) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    if (i > 0) out += i % 5 == 0 ? " ,\n\t " : i % 7 == 0 ? "\r\n," : ",";
    out += R"({"address":")" + prefix + "t.r" + std::to_string(i) + R"(","mode":"managed","type":"t",)"
           R"("name":"r","provider_name":"p","values":{"pad":")" + std::string(size, 'a' + i % 26) +
           R"(","list":[1,{"x":[]}]}})";
  }
  return out + "]";
}

// Modules of many resources and of few, some nested, one with its child
// modules before its resources.
std::string RunsState() {
  std::string doc = R"({"format_version":"1.0","values":{"root_module":{"resources":)" +
                    RunResources("", 90, 700) + R"(,"child_modules":[)";
  for (int m = 0; m < 12; ++m) {
    const std::string name = "module.m" + std::to_string(m) + ".";
    if (m > 0) doc += ",";
    const int n = m % 3 == 0 ? 150 : m % 3 == 1 ? 3 : 12;
    if (m == 7) {
      doc += R"({"child_modules":[{"resources":)" + RunResources(name + "module.c.", 40, 300) +
             R"(}],"resources":)" + RunResources(name, n, 500) + "}";
      continue;
    }
    doc += R"({"resources":)" + RunResources(name, n, 40 + 90 * (m % 5)) + R"(,"address":")" + name + "\"";
    if (m % 4 == 1) doc += R"(,"child_modules":[{"resources":)" + RunResources(name + "module.c.", 60, 200) + "}]";
    doc += "}";
  }
  return doc + R"(]}}})";
}

struct Element {
  uint64_t offset;
  size_t size;
  int blank_lines;
  bool operator==(const Element&) const = default;
};

// The walk's elements, with the runs handed on whole and split again by
// structure (as a worker splits them by its parse), or without runs.
std::vector<Element> WalkElements(const std::string& doc, const StateFacts& facts, bool with_runs,
                                  size_t* runs_seen = nullptr) {
  std::vector<Element> seen;
  StateRunVisitor runs;
  runs.runs = &facts.resource_runs;
  runs.fn = [&](std::string_view run, uint64_t offset, int blank_lines, int depth) {
    if (runs_seen != nullptr) ++*runs_seen;
    return ForEachRunElement(run, offset, [&](size_t begin, size_t* end) -> Status {
      tfstream::stream::JsonScanner s(run.substr(begin), offset + begin);
      if (!s.SkipStructurally(depth)) return s.status();
      seen.push_back(Element{offset + begin, s.pos(), blank_lines});
      blank_lines = 1;
      *end = begin + s.pos();
      return Status::Ok();
    });
  };
  REQUIRE(WalkStateResources(
              doc, facts.root,
              [&](std::string_view raw, uint64_t offset, int blank_lines) {
                seen.push_back(Element{offset, raw.size(), blank_lines});
                return Status::Ok();
              },
              nullptr, nullptr, nullptr, with_runs ? &runs : nullptr)
              .ok());
  return seen;
}

// Every run starts at an element and ends at the end of one of the same
// array, the elements between neighbours: in document order, apart.
void CheckRuns(const std::string& doc, const StateFacts& facts) {
  const std::vector<Element> elements = WalkElements(doc, facts, false);
  const std::vector<ResourceRun>& runs = facts.resource_runs.runs();
  REQUIRE(runs.size() <= ResourceRuns::kMaxRuns);
  uint64_t after = 0;
  for (const ResourceRun& run : runs) {
    CAPTURE(run.array, run.begin, run.end);
    REQUIRE(run.begin >= after);
    REQUIRE(run.array < run.begin);
    REQUIRE(doc[run.array] == '[');
    after = run.end;
    // The elements from the run's start: each followed by a comma, up to
    // the one ending where the run does.
    auto it = std::find_if(elements.begin(), elements.end(), [&](const Element& e) { return e.offset == run.begin; });
    REQUIRE(it != elements.end());
    while (it->offset + it->size < run.end) {
      const size_t comma = doc.find_first_not_of(" \t\r\n", it->offset + it->size);
      REQUIRE(doc[comma] == ',');
      REQUIRE(++it != elements.end());
      REQUIRE(doc.find_first_not_of(" \t\r\n", comma + 1) == it->offset);
    }
    REQUIRE(it->offset + it->size == run.end);
  }
}

StateFacts ScanWithRuns(const std::string& doc, StateScanSplit* split) {
  StateScanOptions opts;
  opts.resources = StateScanOptions::Resources::kValidatedByRender;
  opts.record_runs = true;
  opts.split = split;
  StateFacts facts;
  REQUIRE(ScanState(doc, &facts, opts).ok());
  REQUIRE(facts.in_document_order);
  return facts;
}

}  // namespace

TEST_CASE("state scan runs: recorded at element bounds, walked as the elements are", "[state][runs]") {
  const std::string doc = RunsState();
  const StateFacts facts = ScanWithRuns(doc, nullptr);
  CheckRuns(doc, facts);
  // Long arrays make several runs, the first ones shorter; short arrays none.
  REQUIRE(facts.resource_runs.runs().size() >= 10);
  CHECK(facts.resource_runs.runs()[0].end - facts.resource_runs.runs()[0].begin < ResourceRuns::kRunBytes / 2);
  size_t runs_seen = 0;
  const std::vector<Element> with_runs = WalkElements(doc, facts, true, &runs_seen);
  CHECK(runs_seen == facts.resource_runs.runs().size());
  CHECK(with_runs == WalkElements(doc, facts, false));
  // Not asked for: none.
  StateScanOptions plain;
  plain.resources = StateScanOptions::Resources::kValidatedByRender;
  StateFacts none;
  REQUIRE(ScanState(doc, &none, plain).ok());
  CHECK(none.resource_runs.runs().empty());
}

TEST_CASE("state scan runs: the same walk with the pass split, wherever it guesses", "[state][runs][split]") {
  const std::string doc = RunsState();
  const std::vector<Element> want = WalkElements(doc, ScanWithRuns(doc, nullptr), false);
  int taken = 0;
  for (size_t from = 1; from < doc.size(); from += doc.size() / 37) {
    CAPTURE(from);
    StateScanSplit split;
    split.min_bytes = 0;
    split.guess_from = from;
    const StateFacts facts = ScanWithRuns(doc, &split);
    taken += split.taken_at != 0;
    CheckRuns(doc, facts);
    CHECK(WalkElements(doc, facts, true) == want);
  }
  CHECK(taken > 10);
}

TEST_CASE("state scan runs: the same runs read as the bytes arrive", "[state][runs]") {
  const std::string doc = RunsState();
  const StateFacts whole = ScanWithRuns(doc, nullptr);
  for (size_t piece : {size_t{1} << 10, size_t{4093}, size_t{1} << 16}) {
    CAPTURE(piece);
    size_t given = 0;
    const tfstream::stream::ArrivingText text = [&](uint64_t size, bool* all) {
      given = std::min(doc.size(), std::max<size_t>(given + piece, std::min<uint64_t>(size, given + 3 * piece)));
      *all = given == doc.size();
      return std::string_view(doc).substr(0, given);
    };
    StateScanOptions opts;
    opts.resources = StateScanOptions::Resources::kValidatedByRender;
    opts.record_runs = true;
    StateFacts facts;
    REQUIRE(ScanStateAsItArrives(text, &facts, opts));
    CHECK(facts.resource_runs.runs() == whole.resource_runs.runs());
  }
}

TEST_CASE("state scan runs: a full list merges neighbours of one array, and stays bounded", "[state][runs]") {
  ResourceRuns runs;
  // Array A's elements of kSize bytes ("," between), then array B's: each
  // element longer than a run, until runs grow.
  constexpr uint64_t kSize = 70000, kB = uint64_t{1} << 40;
  uint64_t at = 11;
  for (int i = 0; i < 3 * static_cast<int>(ResourceRuns::kMaxRuns); ++i) {
    const uint64_t array = i < 5000 ? 10 : kB;
    if (i == 5000) at = kB + 1;
    runs.Element(array, at, at + kSize);
    at += kSize + 1;
    REQUIRE(runs.runs().size() <= ResourceRuns::kMaxRuns);
  }
  runs.Close();
  const std::vector<ResourceRun>& list = runs.runs();
  REQUIRE(!list.empty());
  for (size_t i = 0; i < list.size(); ++i) {
    CAPTURE(i);
    // Within one array, from an element's start to an element's end.
    const uint64_t first = list[i].array + 1;
    CHECK((list[i].begin - first) % (kSize + 1) == 0);
    CHECK((list[i].end + 1 - first) % (kSize + 1) == 0);
    CHECK(list[i].begin > list[i].array);
    CHECK((list[i].array == 10) == (list[i].end <= 11 + 5000 * (kSize + 1)));
    if (i > 0) CHECK(list[i].begin > list[i - 1].end);
  }
  // Later runs are longer than the first ones.
  uint64_t longest = 0;
  for (const ResourceRun& run : list) longest = std::max(longest, run.end - run.begin);
  CHECK(longest > 2 * ResourceRuns::kRunBytes);
  CHECK(list.size() > ResourceRuns::kMaxRuns / 4);
}

TEST_CASE("state scan runs: runs stop growing at kMaxRunBytes, and the list stops there", "[state][runs]") {
  // Small elements, far more than kMaxRuns runs of kMaxRunBytes hold: the
  // runs grow to kMaxRunBytes and no further, and what comes after the
  // list is full at that length is left to the walk.
  ResourceRuns runs;
  constexpr uint64_t kSize = 1000;
  const uint64_t elements = 3 * ResourceRuns::kMaxRuns * ResourceRuns::kMaxRunBytes / kSize;
  uint64_t at = 1;
  for (uint64_t i = 0; i < elements; ++i) {
    runs.Element(0, at, at + kSize);
    at += kSize + 1;
  }
  runs.Close();
  const std::vector<ResourceRun>& list = runs.runs();
  REQUIRE(list.size() == ResourceRuns::kMaxRuns);
  uint64_t longest = 0;
  for (const ResourceRun& run : list) longest = std::max(longest, run.end - run.begin);
  CHECK(longest > ResourceRuns::kRunBytes);
  // A merged pair of runs, each of which may pass its target by an element.
  CHECK(longest <= ResourceRuns::kMaxRunBytes + 2 * (kSize + 1));
  CHECK(list.back().end < at / 2);  // the rest is not in any run
}

TEST_CASE("state scan runs: only commas and whitespace between a run's elements", "[state][runs]") {
  std::vector<uint64_t> begins;
  auto elements = [&](std::string_view run) {
    begins.clear();
    return ForEachRunElement(run, 100, [&](size_t begin, size_t* end) {
      begins.push_back(100 + begin);
      *end = run.find('}', begin) + 1;
      return Status::Ok();
    });
  };
  CHECK(elements("{} ,\n{}\t,{}").ok());
  CHECK(begins == std::vector<uint64_t>{100, 105, 109});
  Status bad = elements("{} {}");
  CHECK_FALSE(bad.ok());
  CHECK(bad.offset() == 103);
  CHECK_FALSE(elements("{},").ok());
}
