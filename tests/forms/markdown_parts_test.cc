#include "forms/markdown_parts.h"

#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <functional>
#include <memory>
#include <vector>
#include <fstream>
#include <sstream>
#include <string>

using tfstream::Status;
using tfstream::buffer::OutputSink;
using tfstream::forms::DetailsUnit;
using tfstream::forms::MarkdownParts;
using tfstream::forms::MarkdownUnit;
using tfstream::forms::TruncateUnit;

namespace {

MarkdownUnit Plain(const std::string& text) {
  MarkdownUnit u;
  u.head = text;
  return u;
}

std::string Lines(int n, size_t width) {
  std::string s;
  for (int i = 0; i < n; ++i) s += std::string(width - 1, 'x') + "\n";
  return s;
}

std::string Slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

bool Exists(const std::string& path) { return access(path.c_str(), F_OK) == 0; }

// "s<i>", appended rather than `"s" + std::to_string(i)`, which GCC 12 at
// -O2 warns about (a -Wrestrict false positive inside libstdc++).
std::string Summary(int i) {
  std::string s = "s";
  s += std::to_string(i);
  return s;
}

struct TempDir {
  std::string path;
  TempDir() {
    char tmpl[] = "/tmp/tfstream-parts-XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() { (void)std::system(("rm -rf '" + path + "'").c_str()); }
};

}  // namespace

TEST_CASE("to standard output without a limit, units stream straight through", "[markdown]") {
  OutputSink out;
  MarkdownParts parts(0, "", &out);
  REQUIRE(parts.Add(Plain("a\n")).ok());
  CHECK(*out.buffer() == "a\n");
  REQUIRE(parts.Add(DetailsUnit("s", "x\n")).ok());
  REQUIRE(parts.Finish().ok());
  CHECK(*out.buffer() == "a\n<details><summary>s</summary>\n\n```diff\nx\n```\n\n</details>\n\n");
}

TEST_CASE("to standard output with a limit, nothing is written when it would be exceeded", "[markdown]") {
  OutputSink out;
  MarkdownParts parts(1024, "", &out);
  REQUIRE(parts.Add(Plain(std::string(1000, 'a'))).ok());
  CHECK(out.buffer()->empty());  // held until the end
  Status s = parts.Add(Plain(std::string(25, 'b')));
  CHECK_FALSE(s.ok());
  CHECK(parts.too_large());
  CHECK(out.buffer()->empty());

  OutputSink out2;
  MarkdownParts exact(1024, "", &out2);
  REQUIRE(exact.Add(Plain(std::string(1024, 'a'))).ok());
  REQUIRE(exact.Finish().ok());
  CHECK(out2.buffer()->size() == 1024);
}

TEST_CASE("parts never cut a unit and each stays within the limit", "[markdown]") {
  TempDir dir;
  std::string prefix = dir.path + "/plan";
  OutputSink out;
  MarkdownParts parts(1024, prefix, &out);
  REQUIRE(parts.Add(Plain(std::string(600, 'h'))).ok());
  MarkdownUnit a = DetailsUnit("a", Lines(5, 60));  // ~350 bytes: fits after the head
  MarkdownUnit b = DetailsUnit("b", Lines(5, 60));  // does not: starts part 2
  REQUIRE(parts.Add(a).ok());
  REQUIRE(parts.Add(b).ok());
  REQUIRE(parts.Finish().ok());
  CHECK(*out.buffer() == prefix + ".1.md\n" + prefix + ".2.md\n");
  std::string p1 = Slurp(prefix + ".1.md"), p2 = Slurp(prefix + ".2.md");
  CHECK(p1 == std::string(600, 'h') + a.Text());
  CHECK(p2 == "_Plan continued (part 2)._\n\n" + b.Text());
  CHECK(p1.size() <= 1024);
  CHECK(p2.size() <= 1024);
}

TEST_CASE("a unit too large for any part is truncated alone in its own part", "[markdown]") {
  TempDir dir;
  std::string prefix = dir.path + "/plan";
  OutputSink out;
  MarkdownParts parts(1024, prefix, &out);
  REQUIRE(parts.Add(Plain("head\n")).ok());
  MarkdownUnit big = DetailsUnit("big", Lines(100, 40));  // 4000 bytes of body
  REQUIRE(parts.Add(big).ok());
  REQUIRE(parts.Add(Plain("tail\n")).ok());
  REQUIRE(parts.Finish().ok());
  CHECK(Slurp(prefix + ".1.md") == "head\n");
  std::string p2 = Slurp(prefix + ".2.md");
  CHECK(p2.size() <= 1024);
  CHECK(p2.rfind("_Plan continued (part 2)._\n\n<details><summary>big</summary>\n\n```diff\n", 0) == 0);
  CHECK(p2.find(" lines shown._\n\n</details>\n\n") != std::string::npos);
  CHECK(p2.find("```\n\n_Truncated by tfstream: this block is ") != std::string::npos);
  CHECK(Slurp(prefix + ".3.md") == "_Plan continued (part 3)._\n\ntail\n");
}

TEST_CASE("stale parts of an earlier longer run are removed", "[markdown]") {
  TempDir dir;
  std::string prefix = dir.path + "/plan";
  for (int i = 1; i <= 4; ++i) std::ofstream(prefix + "." + std::to_string(i) + ".md") << "old";
  std::ofstream(prefix + ".6.md") << "not consecutive: kept";
  OutputSink out;
  MarkdownParts parts(0, prefix, &out);
  REQUIRE(parts.Add(Plain("new\n")).ok());
  REQUIRE(parts.Finish().ok());
  CHECK(Slurp(prefix + ".1.md") == "new\n");
  CHECK_FALSE(Exists(prefix + ".2.md"));
  CHECK_FALSE(Exists(prefix + ".4.md"));
  CHECK(Exists(prefix + ".6.md"));
}

TEST_CASE("an unwritable prefix is an error", "[markdown]") {
  // Missing directories are created; one that cannot be (even as root: /proc
  // takes none) is named.
  OutputSink out;
  MarkdownParts parts(0, "/proc/tfstream-none/plan", &out);
  Status s = parts.Add(Plain("x"));
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("cannot create the directory /proc/tfstream-none for --output-prefix") != std::string::npos);
  MarkdownParts through_a_file(0, "/proc/version/plan", &out);
  s = through_a_file.Add(Plain("x"));
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("cannot write /proc/version/plan.1.md") != std::string::npos);
}

TEST_CASE("truncation keeps whole lines and reports how many", "[markdown]") {
  MarkdownUnit u = DetailsUnit("s", "aaaa\nbbbb\ncccc\n");
  std::string out;
  size_t fixed = u.head.size() + u.close.size() + u.after.size();
  CHECK_FALSE(TruncateUnit(u, fixed, 99, &out));  // no room for the note
  REQUIRE(TruncateUnit(u, u.size() + 200, 99, &out));
  CHECK(out.find("aaaa\nbbbb\ncccc\n```\n") != std::string::npos);
  CHECK(out.find("; 3 of 3 lines shown._") != std::string::npos);
  std::string one;
  REQUIRE(TruncateUnit(u, out.size() - 5, 99, &one));
  CHECK(one.size() <= out.size() - 5);
  CHECK(one.find("aaaa\nbbbb\n```\n") != std::string::npos);
  CHECK(one.find("; 2 of 3 lines shown._") != std::string::npos);
}

TEST_CASE("every truncation note links to --details-url when given", "[markdown][parts]") {
  MarkdownUnit u = DetailsUnit("s", "aaaa\nbbbb\ncccc\n");
  std::string cut;
  REQUIRE(TruncateUnit(u, u.size() + 200, 99, &cut, "https://ci.example/run/1"));
  CHECK(cut.find("; 3 of 3 lines shown._ [Full plan](https://ci.example/run/1)\n") != std::string::npos);
  // Within the budget, link included.
  std::string tight;
  REQUIRE(TruncateUnit(u, cut.size() - 5, 99, &tight, "https://ci.example/run/1"));
  CHECK(tight.size() <= cut.size() - 5);
  CHECK(tight.find("; 2 of 3 lines shown._ [Full plan](https://ci.example/run/1)\n") != std::string::npos);
  // Through MarkdownParts: a block too large for a part of its own.
  OutputSink out;
  MarkdownParts parts(1100, "", &out);
  parts.set_max_parts(1, "https://ci.example/run/2");
  REQUIRE(parts.Add(DetailsUnit(Summary(0), Lines(60, 50))).ok());
  REQUIRE(parts.Finish().ok());
  CHECK(out.buffer()->size() <= 1100);
  CHECK(out.buffer()->find("lines shown._ [Full plan](https://ci.example/run/2)\n") != std::string::npos);
}

TEST_CASE("MarkdownParts: --title heads every part, --max-parts leaves the rest out with a note",
          "[markdown][parts]") {
  TempDir dir;
  OutputSink listing;
  {
    MarkdownParts parts(1100, dir.path + "/p", &listing);
    parts.set_title("prod");
    parts.set_max_parts(2, "https://ci.example/run/1");
    for (int i = 0; i < 6; ++i) REQUIRE(parts.Add(DetailsUnit(Summary(i), Lines(8, 50))).ok());
    REQUIRE(parts.Finish().ok());
    CHECK(parts.left_out() > 0);
  }
  CHECK(*listing.buffer() == dir.path + "/p.1.md\n" + dir.path + "/p.2.md\n");
  std::string one = Slurp(dir.path + "/p.1.md"), two = Slurp(dir.path + "/p.2.md");
  CHECK(one.rfind("## prod\n\n", 0) == 0);
  CHECK(two.rfind("## prod\n\n_Plan continued (part 2)._\n\n", 0) == 0);
  CHECK(two.size() <= 1100);
  CHECK(two.find("more sections of this plan left out (--max-parts=2)._ [Full plan](https://ci.example/run/1)\n") !=
        std::string::npos);
  CHECK(!Exists(dir.path + "/p.3.md"));
}

TEST_CASE("MarkdownParts: --max-parts to standard output cuts instead of failing", "[markdown][parts]") {
  OutputSink out;
  MarkdownParts parts(1100, "", &out);
  parts.set_max_parts(1, "");
  for (int i = 0; i < 4; ++i) REQUIRE(parts.Add(DetailsUnit(Summary(i), Lines(8, 50))).ok());
  REQUIRE(parts.Finish().ok());
  CHECK(out.buffer()->size() <= 1100);
  CHECK(out.buffer()->find("more sections of this plan left out (--max-parts=1)._\n") != std::string::npos);
  CHECK(!parts.too_large());
}

TEST_CASE("TruncateUnit closes the nested sections it cuts", "[markdown][parts]") {
  MarkdownUnit u;
  u.head = "<details><summary>m</summary>\n\n";
  u.body = "<details><summary>a</summary>\n\n" + Lines(50, 40) + "\n</details>\n";
  u.after = "\n</details>\n\n";
  std::string cut;
  REQUIRE(TruncateUnit(u, 600, 600, &cut));
  CHECK(cut.size() <= 600);
  size_t opens = 0, closes = 0;
  for (size_t p = cut.find("<details>"); p != std::string::npos; p = cut.find("<details>", p + 1)) ++opens;
  for (size_t p = cut.find("</details>"); p != std::string::npos; p = cut.find("</details>", p + 1)) ++closes;
  CHECK(opens == closes);
}

namespace {

// A body read in small pieces, as a spilled one is.
class PiecewiseBody : public tfstream::buffer::TextSource {
 public:
  explicit PiecewiseBody(std::string text) : text_(std::move(text)) {}
  uint64_t size() const override { return text_.size(); }
  uint64_t lines() const override { return static_cast<uint64_t>(std::count(text_.begin(), text_.end(), '\n')); }
  Status Read(const std::function<bool(std::string_view)>& piece) const override {
    for (size_t at = 0; at < text_.size(); at += 7) {
      if (!piece(std::string_view(text_).substr(at, 7))) break;
    }
    return Status::Ok();
  }

 private:
  std::string text_;
};

// Everything a run wrote: standard output, then each part file.
std::string RunParts(size_t max_bytes, const std::string& prefix, size_t max_parts, bool long_bodies) {
  OutputSink out;
  std::vector<std::unique_ptr<PiecewiseBody>> bodies;
  {
    MarkdownParts parts(max_bytes, prefix, &out);
    parts.set_max_parts(max_parts, "");
    REQUIRE(parts.Add(Plain("head\n")).ok());
    for (int i = 0; i < 5; ++i) {
      MarkdownUnit u = DetailsUnit(Summary(i), Lines(i == 2 ? 60 : 4 + i, 30));  // the third too big for a part
      if (long_bodies) {
        bodies.push_back(std::make_unique<PiecewiseBody>(u.body));
        u.body.clear();
        u.long_body = bodies.back().get();
      }
      Status s = parts.Add(u);
      if (!s.ok()) return "error: " + s.message();
    }
    Status s = parts.Finish();
    if (!s.ok()) return "error: " + s.message();
  }
  std::string all = *out.buffer();
  for (int n = 1; !prefix.empty() && Exists(prefix + "." + std::to_string(n) + ".md"); ++n) {
    all += "--- part " + std::to_string(n) + "\n" + Slurp(prefix + "." + std::to_string(n) + ".md");
  }
  return all;
}

}  // namespace

TEST_CASE("a unit whose body is read in pieces is written exactly as one held in memory", "[markdown][parts]") {
  TempDir dir;
  struct Run {
    size_t max_bytes;
    bool to_files;
    size_t max_parts;
  };
  for (const Run& r : {Run{0, false, 0}, Run{0, true, 0}, Run{4000, false, 0}, Run{1000, false, 0},
                       Run{1000, false, 1}, Run{1000, true, 0}, Run{1000, true, 2}, Run{700, true, 0}}) {
    const std::string prefix = r.to_files ? dir.path + "/p" + std::to_string(r.max_bytes) : "";
    const std::string held = RunParts(r.max_bytes, prefix, r.max_parts, false);
    const std::string read = RunParts(r.max_bytes, prefix, r.max_parts, true);
    INFO("max_bytes " << r.max_bytes << " files " << r.to_files << " max_parts " << r.max_parts);
    CHECK(read == held);
    CHECK(!held.empty());
  }
}

TEST_CASE("the part marker escapes what could end or break the HTML comment", "[markdown]") {
  using tfstream::forms::PartMarker;
  CHECK(PartMarker("", 1) == "<!-- tfstream::part 1 -->\n");
  CHECK(PartMarker("prod eu", 12) == "<!-- tfstream:prod eu:part 12 -->\n");
  CHECK(PartMarker("my-app", 2) == "<!-- tfstream:my-app:part 2 -->\n");
  CHECK(PartMarker("a--b -->", 1) == "<!-- tfstream:a%2D%2Db %2D%2D%3E:part 1 -->\n");
  CHECK(PartMarker("100% <x>\t", 1) == "<!-- tfstream:100%25 %3Cx%3E%09:part 1 -->\n");
}

TEST_CASE("with the marker on, every part opens with its numbered marker and fits the limit", "[markdown]") {
  TempDir dir;
  OutputSink listing;
  {
    MarkdownParts parts(1100, dir.path + "/p", &listing);
    parts.set_title("prod");
    parts.set_marker(true);
    for (int i = 0; i < 3; ++i) REQUIRE(parts.Add(DetailsUnit(Summary(i), Lines(12, 50))).ok());
    REQUIRE(parts.Finish().ok());
  }
  CHECK(*listing.buffer() == dir.path + "/p.1.md\n" + dir.path + "/p.2.md\n" + dir.path + "/p.3.md\n");
  for (int n = 1; n <= 3; ++n) {
    std::string part = Slurp(dir.path + "/p." + std::to_string(n) + ".md");
    std::string opening = "<!-- tfstream:prod:part " + std::to_string(n) + " -->\n## prod\n\n";
    CHECK(part.rfind(opening, 0) == 0);
    CHECK(part.size() <= 1100);
  }
  OutputSink out;
  MarkdownParts one(0, "", &out);
  one.set_marker(true);
  REQUIRE(one.Add(Plain("a\n")).ok());
  REQUIRE(one.Finish().ok());
  CHECK(*out.buffer() == "<!-- tfstream::part 1 -->\na\n");
}
