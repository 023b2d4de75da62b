// The split pre-scan (pre_scan_split.h) must find exactly what one thread
// finds: the same facts and the same first error, wherever the second
// thread's guess lands. Each document is scanned once on one thread, then
// split with the guess searched from every few bytes; the split must also
// really be taken somewhere, or these tests would prove nothing.
#include "stream/pre_scan.h"
#include "stream/pre_scan_split.h"

#include <catch2/catch.hpp>

#include <mutex>
#include <string>
#include <utility>
#include <vector>

using tfstream::Status;
using tfstream::stream::ChangeFilter;
using tfstream::stream::ChangeHooks;
using tfstream::stream::FindElementGuess;
using tfstream::stream::PlanFacts;
using tfstream::stream::PreScan;
using tfstream::stream::PreScanSplit;
using tfstream::stream::SkipMemo;

namespace {

std::string Change(int i, const std::string& actions, const std::string& extra = "") {
  std::string n = std::to_string(i);
  // Values hold objects with an "address" key in an array, as real
  // resources do (network interfaces): guesses land there too.
  return R"({"address":"t.r)" + n + R"(","mode":")" + (i % 7 == 3 ? "data" : "managed") +
         R"(","type":"t)" + std::to_string(i % 4) + R"(","name":"r)" + n + R"(","provider_name":"p)" +
         std::to_string(i % 3) + R"(",)" + extra + R"("change":{"actions":)" + actions +
         R"(,"before":{"nics":[{"address":"10.0.0.1","x":"}, {\"address\": 1"},{"address":"10.0.0.2"}]},)" +
         R"("after":{"s":"a \"quoted\" ],{ string"}}})";
}

const char* ActionsFor(int i) {
  static const char* kActions[] = {R"(["create"])", R"(["update"])", R"(["delete"])", R"(["no-op"])",
                                   R"(["delete","create"])", R"(["create","delete"])", R"(["read"])"};
  return kActions[i % 7];
}

std::string Changes(int n, int bad_at = -1) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    if (i > 0) out += i % 5 == 0 ? ",\n  " : ",";
    std::string extra;
    if (i % 11 == 4) extra = R"("previous_address":"t.old)" + std::to_string(i) + R"(",)";
    if (i % 13 == 6) extra += R"("change":{"importing":{"id":"x"}},)";
    out += Change(i, i == bad_at ? R"(["explode"])" : ActionsFor(i), extra);
  }
  return out + "]";
}

std::string StateResources(int n) {
  std::string out = "[";
  for (int i = 0; i < n; ++i) {
    if (i > 0) out += ",";
    out += R"({"address":"t.s)" + std::to_string(i) + R"(","mode":"managed","values":{"id":"}, {\"address\""}})";
  }
  return out + "]";
}

std::string ShowPlan(int changes, const std::string& tail = "", int bad_at = -1) {
  return R"({"format_version":"1.2","planned_values":{"root_module":{"resources":)" + StateResources(20) +
         R"(}},"resource_drift":)" + Changes(6) + R"(,"resource_changes":)" + Changes(changes, bad_at) +
         R"(,"output_changes":{"o":{"actions":["create"],"after":1}},"prior_state":{"values":{"root_module":{"resources":)" +
         StateResources(30) + R"(}}},"configuration":{"x":[1,2,{"address":"y"}]},)" + tail +
         R"("relevant_attributes":[{"resource":"t.r1","attribute":["s"]}],"errored":false,"applyable":true})";
}

struct ScanResult {
  Status status;
  PlanFacts facts;
};

ScanResult Scan(std::string_view doc, PreScanSplit* split, const ChangeHooks* hooks = nullptr) {
  ScanResult r;
  r.status = PreScan(doc, &r.facts, nullptr, hooks, split);
  return r;
}

void RequireSame(const ScanResult& one, const ScanResult& two) {
  REQUIRE(one.status.ok() == two.status.ok());
  REQUIRE(one.status.message() == two.status.message());
  REQUIRE(one.status.has_offset() == two.status.has_offset());
  if (one.status.has_offset()) REQUIRE(one.status.offset() == two.status.offset());
  if (one.status.ok()) REQUIRE(one.facts == two.facts);
}

// Splits `doc` with guesses from every `step` bytes; returns how often the
// split was taken.
int CompareEverywhere(const std::string& doc, size_t step, const ChangeHooks* hooks = nullptr) {
  ScanResult alone = Scan(doc, nullptr, hooks);
  int taken = 0;
  for (size_t from = 1; from < doc.size(); from += step) {
    CAPTURE(from);
    PreScanSplit split;
    split.min_bytes = 0;
    split.guess_from = from;
    split.wait_for_second_thread = true;
    ScanResult two = Scan(doc, &split, hooks);
    RequireSame(alone, two);
    if (split.taken_at != 0) {
      ++taken;
      REQUIRE(split.taken_at >= from);
    }
  }
  return taken;
}

// Splits `doc` into three or four stretches: a first guess and one or two
// later ones before it, drawn from `runs` pseudo-random positions. Returns
// how often more than one stretch was taken over.
int CompareWithLaterStretches(const std::string& doc, int runs, const ChangeHooks* hooks = nullptr) {
  ScanResult alone = Scan(doc, nullptr, hooks);
  uint64_t state = 0x9e3779b97f4a7c15ull ^ doc.size();
  auto next = [&state](size_t below) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<size_t>((state >> 33) % below);
  };
  int several = 0;
  for (int run = 0; run < runs; ++run) {
    PreScanSplit split;
    split.min_bytes = 0;
    split.guess_from = 1 + next(doc.size() - 1);
    split.steal_from.push_back(1 + next(split.guess_from));
    if (run % 2 == 1) split.steal_from.push_back(1 + next(split.steal_from[0]));
    split.wait_for_second_thread = true;
    CAPTURE(split.guess_from, split.steal_from);
    ScanResult two = Scan(doc, &split, hooks);
    RequireSame(alone, two);
    if (split.segments_taken > 1) ++several;
  }
  return several;
}

}  // namespace

TEST_CASE("element guesses: after '}' ',' and before '{' \"address\":", "[prescan][split]") {
  constexpr auto npos = std::string_view::npos;
  std::string_view compact = R"([{"address":"a"},{"address":"b"}])";
  CHECK(FindElementGuess(compact, 0, 100) == compact.find(R"(,{"address":"b")") + 1);
  std::string_view pretty = "[\n  {\"address\": \"a\"},\n  {\n    \"address\" : \"b\"}]";
  CHECK(FindElementGuess(pretty, 0, 100) == pretty.find(",\n  {\n") + 1);
  CHECK(FindElementGuess(R"([{"address":"a"}])", 0, 100) == npos);          // first element: no ','
  CHECK(FindElementGuess(R"([1,{"address":"a"}])", 0, 100) == npos);        // not after an object
  CHECK(FindElementGuess(R"([{},{"x":1,"address":"a"}])", 0, 100) == npos);  // not the first key
  CHECK(FindElementGuess(R"([{},{"address"}])", 0, 100) == npos);            // not a key
  std::string_view later = R"([{},{"a":1},{"address":"x"}])";
  CHECK(FindElementGuess(later, 0, 100) == later.find(R"(,{"address")") + 1);
  CHECK(FindElementGuess(later, 0, 10) == npos);  // beyond the window
  CHECK(FindElementGuess(later, later.size(), 100) == npos);
}

TEST_CASE("skip memo finds ends by position and kind", "[prescan][split]") {
  SkipMemo memo;
  CHECK(memo.Find(5, SkipMemo::Kind::kValidated) == 0);
  memo.Add(5, 9, SkipMemo::Kind::kStructural);
  memo.Add(12, 20, SkipMemo::Kind::kStructural);
  memo.Add(12, 20, SkipMemo::Kind::kValidated);
  CHECK(memo.Find(5, SkipMemo::Kind::kStructural) == 9);
  CHECK(memo.Find(5, SkipMemo::Kind::kValidated) == 0);
  CHECK(memo.Find(12, SkipMemo::Kind::kValidated) == 20);
  CHECK(memo.Find(6, SkipMemo::Kind::kStructural) == 0);
}

TEST_CASE("a split pre-scan finds what one thread finds, wherever it guesses", "[prescan][split]") {
  SECTION("a show plan") {
    std::string doc = ShowPlan(40);
    CHECK(CompareEverywhere(doc, 7) > 20);
  }
  SECTION("a renderer document, pretty-printed elements") {
    std::string doc = R"({"plan_format_version":"1.2","resource_changes":)" + Changes(60) +
                      R"(,"resource_drift":)" + Changes(3) +
                      R"(,"relevant_attributes":[],"output_changes":{},"provider_schemas":{"p0":{}}})";
    CHECK(CompareEverywhere(doc, 5) > 20);
  }
  SECTION("a second resource_changes after the first replaces it") {
    std::string doc = ShowPlan(30, R"("resource_changes":)" + Changes(4) + ",");
    CHECK(CompareEverywhere(doc, 11) > 10);
  }
  SECTION("unknown keys, action invocations and versions after the array") {
    std::string doc = ShowPlan(30, R"("checks":[{"a":"}"}],"timestamp":"t","variables":{},)"
                                   R"("action_invocations":[{"address":"a.b","type":"t","name":"n",)"
                                   R"("provider_name":"p","invoke_action_trigger":{}}],"format_version":"1.3",)");
    CHECK(CompareEverywhere(doc, 11) > 10);
  }
  SECTION("the first wrong-typed index_unknown or importing.unknown, from either half") {
    std::string doc = ShowPlan(40);
    for (const char* at : {R"("address":"t.r33",)", R"("address":"t.r12",)"}) {
      doc.replace(doc.find(at), 0, R"("index_unknown":"no",)");
    }
    doc.replace(doc.find(R"({"importing":{"id":"x"}})"), 0, R"({"importing":{"unknown":[]}},"change":)");
    const Status first = Scan(doc, nullptr).facts.unknown_flag_error;
    REQUIRE(first.message() == R"(expected true or false for "unknown", found '[')");
    REQUIRE(first.offset() == doc.find(R"([]}},"change":)"));
    CHECK(CompareEverywhere(doc, 7) > 20);
  }
  SECTION("a filter sees the elements of both halves") {
    ChangeFilter filter;
    REQUIRE(filter.AddAddress("t.r1*").ok());
    ChangeHooks hooks;
    hooks.filter = &filter;
    std::string doc = ShowPlan(40);
    CHECK(CompareEverywhere(doc, 13, &hooks) > 10);
  }
}

TEST_CASE("a split pre-scan reports the same first error", "[prescan][split]") {
  SECTION("an unknown action list in the second half") {
    // The first thread stops there before it reaches any later guess, and
    // an earlier guess fails there: nothing is taken over.
    std::string doc = ShowPlan(40, "", 33);
    CHECK(CompareEverywhere(doc, 9) == 0);
  }
  SECTION("broken JSON after the array") {
    std::string doc = ShowPlan(40, R"("checks":[1,},)");
    CHECK(CompareEverywhere(doc, 9) > 10);
  }
  SECTION("a wrong type after the array") {
    std::string doc = ShowPlan(40, R"("output_changes":[],)");
    CHECK(CompareEverywhere(doc, 9) > 10);
  }
  SECTION("truncated in the second half") {
    std::string doc = ShowPlan(40);
    doc.resize(doc.size() * 3 / 4);
    CHECK(CompareEverywhere(doc, 9) == 0);
  }
}

TEST_CASE("a split pre-scan gives back only bytes the second thread read", "[prescan][split]") {
  std::string doc = ShowPlan(200);
  std::mutex mu;
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  PreScanSplit split;
  split.min_bytes = 0;
  split.guess_from = doc.size() / 3;
  split.wait_for_second_thread = true;
  split.release_range = [&](uint64_t begin, uint64_t end) {
    std::lock_guard<std::mutex> lock(mu);
    ranges.emplace_back(begin, end);
  };
  ScanResult two = Scan(doc, &split);
  RequireSame(Scan(doc, nullptr), two);
  REQUIRE(split.taken_at != 0);
  REQUIRE(!ranges.empty());
  for (const auto& [begin, end] : ranges) {
    CHECK(begin >= split.guess_from);
    CHECK(begin < end);
    CHECK(end <= doc.size());
  }
}

TEST_CASE("no split below min_bytes, or with an on_shown hook", "[prescan][split]") {
  std::string doc = ShowPlan(40);
  PreScanSplit split;
  split.guess_from = doc.size() / 2;
  split.wait_for_second_thread = true;
  split.min_bytes = doc.size() + 1;
  Scan(doc, &split);
  CHECK(split.taken_at == 0);
  split.min_bytes = 0;
  Scan(doc, &split);
  CHECK(split.taken_at != 0);
  ChangeHooks hooks;
  int shown = 0;
  hooks.on_shown = [&](const auto&, auto) { ++shown; };
  ScanResult with_hook = Scan(doc, &split, &hooks);
  CHECK(split.taken_at == 0);
  int shown_alone = shown;
  shown = 0;
  ScanResult alone = Scan(doc, nullptr, &hooks);
  CHECK(shown == shown_alone);
  RequireSame(alone, with_hook);
}

TEST_CASE("later stretches taken by the second thread change nothing either", "[prescan][split]") {
  SECTION("a show plan") { CHECK(CompareWithLaterStretches(ShowPlan(40), 600) > 50); }
  SECTION("a renderer document, pretty-printed elements") {
    std::string doc = R"({"plan_format_version":"1.2","resource_changes":)" + Changes(60) +
                      R"(,"relevant_attributes":[],"output_changes":{},"provider_schemas":{"p0":{}}})";
    CHECK(CompareWithLaterStretches(doc, 600) > 50);
  }
  SECTION("a filter") {
    ChangeFilter filter;
    REQUIRE(filter.AddAddress("t.r2*").ok());
    ChangeHooks hooks;
    hooks.filter = &filter;
    CHECK(CompareWithLaterStretches(ShowPlan(40), 300, &hooks) > 20);
  }
  SECTION("an unknown action list: in whichever stretch, the first thread reports it") {
    // Stretches before it are still taken over; the one holding it is not.
    CHECK(CompareWithLaterStretches(ShowPlan(40, "", 21), 600) > 5);
  }
  SECTION("truncated") {
    std::string doc = ShowPlan(40);
    doc.resize(doc.size() * 3 / 4);
    // The stretch to the end fails; later ones before it are taken over.
    CHECK(CompareWithLaterStretches(doc, 300) > 5);
  }
}

TEST_CASE("the second thread keeps halving what the first has left", "[prescan][split]") {
  std::string doc = ShowPlan(200);
  PreScanSplit split;
  split.min_bytes = 0;
  split.steal_min_bytes = 1;  // the first thread waits at its first element: halve down to one element
  split.wait_for_second_thread = true;
  ScanResult two = Scan(doc, &split);
  RequireSame(Scan(doc, nullptr), two);
  // The first stretch, then one for each halving of about 200 elements
  // (fewer when a midpoint falls inside the last element).
  CHECK(split.segments_taken >= 6);
  split.steal_min_bytes = doc.size();
  two = Scan(doc, &split);
  RequireSame(Scan(doc, nullptr), two);
  CHECK(split.segments_taken == 1);
}

TEST_CASE("a split pre-scan finds what one thread finds, whatever the timing", "[prescan][split]") {
  // No waiting: the threads race, and stretches are taken over, passed or
  // cancelled as it happens to fall out.
  for (const std::string& doc : {ShowPlan(400), ShowPlan(400, "", 350), ShowPlan(400, R"("checks":[1,},)")}) {
    ScanResult alone = Scan(doc, nullptr);
    for (int run = 0; run < 100; ++run) {
      PreScanSplit split;
      split.min_bytes = 0;
      split.steal_min_bytes = 1;
      RequireSame(alone, Scan(doc, &split));
    }
  }
}
