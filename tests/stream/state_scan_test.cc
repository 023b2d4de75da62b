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
