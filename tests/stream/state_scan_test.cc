#include "stream/state_scan.h"

#include <catch2/catch.hpp>
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
