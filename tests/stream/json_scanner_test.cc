#include "stream/json_scanner.h"

#include <catch2/catch.hpp>
#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <random>
#include <string>

using tfstream::stream::JsonScanner;

namespace {

// Text that ends right before an inaccessible page, so a scanner reading
// one byte past the end of its view crashes the test.
class GuardedText {
 public:
  GuardedText() {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    base_ = static_cast<char*>(mmap(nullptr, 2 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
    REQUIRE(base_ != MAP_FAILED);
    REQUIRE(mprotect(base_ + page_, page_, PROT_NONE) == 0);
  }
  ~GuardedText() { munmap(base_, 2 * page_); }
  // REQUIRES: s.size() <= one page.
  std::string_view Place(const std::string& s) {
    char* at = base_ + page_ - s.size();
    std::memcpy(at, s.data(), s.size());
    return std::string_view(at, s.size());
  }

 private:
  size_t page_ = 0;
  char* base_ = nullptr;
};

struct Outcome {
  bool ok = false;
  size_t pos = 0;  // end of the value, or the error's offset
  std::string message;
  bool operator==(const Outcome& o) const { return ok == o.ok && pos == o.pos && message == o.message; }
};

std::ostream& operator<<(std::ostream& os, const Outcome& o) {
  return os << (o.ok ? "ok " : "error ") << o.pos << " " << o.message;
}

Outcome SkipOnce(std::string_view text) {
  JsonScanner s(text);
  Outcome o;
  o.ok = s.SkipValue();
  o.pos = o.ok ? s.pos() : s.status().offset();
  if (!o.ok) o.message = s.status().message();
  return o;
}

// SkipValue with its AVX2 build (where the CPU has AVX2) and with the SSE2
// one; a difference between them is reported as a failure of its own.
Outcome SkipOne(std::string_view text) {
  JsonScanner::AllowAvx2(false);
  Outcome sse2 = SkipOnce(text);
  JsonScanner::AllowAvx2(true);
  Outcome best = SkipOnce(text);
  CHECK(best == sse2);
  return best;
}

std::string Byte(unsigned char c) {
  char buf[16];
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  std::snprintf(buf, sizeof buf, "byte 0x%02x", c);
  return buf;
}

// '"' + body, and the closing quote when `closed`. (Built with append:
// GCC 12 warns wrongly about chains of operator+ here.)
std::string Quoted(const std::string& body, bool closed) {
  std::string t(1, '"');
  t.append(body);
  if (closed) t.push_back('"');
  return t;
}

bool Hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// The rules for a string token stated byte at a time: the outcome of
// skipping the string starting at t[0] == '"'.
Outcome ReferenceString(const std::string& t) {
  size_t n = t.size(), i = 1;
  auto fail = [](size_t at, std::string m) { return Outcome{false, at, std::move(m)}; };
  while (true) {
    if (i >= n) return fail(n, "unexpected end of input in string");
    unsigned char c = static_cast<unsigned char>(t[i]);
    if (c == '"') return Outcome{true, i + 1, ""};
    if (c == '\\') {
      if (i + 1 >= n) return fail(n, "unexpected end of input in string escape");
      char e = t[i + 1];
      if (std::strchr("\"\\/bfnrt", e) != nullptr && e != '\0') {
        i += 2;
        continue;
      }
      if (e != 'u') return fail(i + 1, "invalid escape in string: " + Byte(static_cast<unsigned char>(e)));
      for (size_t k = 2; k < 6; ++k) {
        if (i + k >= n) return fail(n, "unexpected end of input in \\u escape");
        if (!Hex(t[i + k])) return fail(i + k, "invalid character in \\u escape, expected a hex digit");
      }
      i += 6;
      continue;
    }
    if (c < 0x20) return fail(i, "invalid control character in string (" + Byte(c) + ")");
    ++i;
  }
}

}  // namespace

TEST_CASE("JsonScanner: strings of every length end where they end, at the very end of the text too") {
  GuardedText g;
  for (size_t len = 0; len <= 80; ++len) {
    for (const char* tail : {"", "]", " ", "                "}) {
      std::string t = Quoted(std::string(len, 'a'), true).append(tail);
      INFO("len " << len << " tail '" << tail << "'");
      CHECK(SkipOne(g.Place(t)) == (Outcome{true, len + 2, ""}));
    }
  }
}

TEST_CASE("JsonScanner: escapes, control bytes and high bytes at every offset, near 16-byte boundaries") {
  GuardedText g;
  const char* inserts[] = {"\\\"", "\\\\", "\\/", "\\n", "\\u00e9", "\\uD83D\\uDE00", "\xc3\xa9", "\xff", "\x80",
                           "\x01", "\x1f", "\x7f", "\\x", "\\u12g4", "\\", "\\u12", "\\\\\\\"", "\t"};
  for (const char* ins : inserts) {
    for (size_t before = 0; before <= 40; ++before) {
      for (size_t after : {size_t{0}, size_t{1}, size_t{15}, size_t{16}, size_t{17}, size_t{40}}) {
        for (bool closed : {true, false}) {
          std::string t = Quoted(std::string(before, 'a').append(ins).append(after, 'b'), closed);
          INFO("insert '" << ins << "' before " << before << " after " << after << " closed " << closed);
          CHECK(SkipOne(g.Place(t)) == ReferenceString(t));
          // The same string with the text going on after it.
          std::string u = t + (closed ? "  " : "");
          CHECK(SkipOne(g.Place(u)) == ReferenceString(u));
        }
      }
    }
  }
}

TEST_CASE("JsonScanner: random strings agree with the byte-at-a-time rules") {
  GuardedText g;
  std::mt19937 rng(42);
  // The literal's terminating NUL is part of the alphabet: a raw control byte.
  static const char kAlphabet[] = "aaaaaaaaaaaaaa\"\\\\\\u0fFxbn/\x01\x1f\xc3\xa9\xff ";
  const std::string alphabet(kAlphabet, sizeof kAlphabet);
  for (int round = 0; round < 20000; ++round) {
    size_t len = rng() % 100;
    std::string t = "\"";
    for (size_t i = 0; i < len; ++i) t += alphabet[rng() % alphabet.size()];
    INFO("round " << round);
    CHECK(SkipOne(g.Place(t)) == ReferenceString(t));
  }
}

TEST_CASE("JsonScanner: ReadString decodes as Go does, plain or not") {
  GuardedText g;
  struct Case {
    std::string json, decoded;
  } cases[] = {
      {"\"address\"", "address"},
      {"\"a\\u0062c\"", "abc"},
      {"\"caf\xc3\xa9\"", "caf\xc3\xa9"},
      {"\"bad \xff!\"", "bad \xef\xbf\xbd!"},
      {"\"" + std::string(40, 'x') + "\\n\"", std::string(40, 'x') + "\n"},
  };
  for (const Case& c : cases) {
    JsonScanner s(g.Place(c.json));
    std::string out = "old";
    REQUIRE(s.ReadString(&out));
    CHECK(out == c.decoded);
  }
}

TEST_CASE("JsonScanner: NextKey gives plain keys as views of the text and decodes the others") {
  GuardedText g;
  std::string_view text = g.Place("{\"address\":1, \"n\\u0061me\" :2,\"\xc5\xbf\":3,\"\xff\":4}");
  JsonScanner s(text);
  REQUIRE(s.BeginObject("'{'"));
  bool first = true;
  std::string_view key;
  REQUIRE(s.NextKey(&first, &key));
  CHECK(key == "address");
  CHECK(key.data() == text.data() + 2);
  REQUIRE(s.SkipValue());
  REQUIRE(s.NextKey(&first, &key));
  CHECK(key == "name");
  REQUIRE(s.SkipValue());
  REQUIRE(s.NextKey(&first, &key));
  CHECK(key == "\xc5\xbf");
  REQUIRE(s.SkipValue());
  REQUIRE(s.NextKey(&first, &key));
  CHECK(key == "\xef\xbf\xbd");
  REQUIRE(s.SkipValue());
  CHECK_FALSE(s.NextKey(&first, &key));
  CHECK(s.ok());
}

TEST_CASE("JsonScanner: literals and containers keep their errors and offsets") {
  GuardedText g;
  CHECK(SkipOne(g.Place("[true,false,null]")) == (Outcome{true, 17, ""}));
  CHECK(SkipOne(g.Place("[tru")) == (Outcome{false, 4, "invalid literal, expected 'true'"}));
  CHECK(SkipOne(g.Place("[fals]")) == (Outcome{false, 5, "invalid literal, expected 'false'"}));
  CHECK(SkipOne(g.Place("nul")) == (Outcome{false, 3, "invalid literal, expected 'null'"}));
  CHECK(SkipOne(g.Place("{\"a\" : [ 1 , 2 ] , \"b\":{}}")) == (Outcome{true, 26, ""}));
  CHECK(SkipOne(g.Place("{\"a\" 1}")) == (Outcome{false, 5, "expected ':' after object key, found '1'"}));
  CHECK(SkipOne(g.Place("{1:2}")) == (Outcome{false, 1, "expected a string object key, found '1'"}));
  CHECK(SkipOne(g.Place("[1 2]")) == (Outcome{false, 3, "expected ',' or ']', found '2'"}));
  CHECK(SkipOne(g.Place("[1,")) == (Outcome{false, 3, "unexpected end of input, expected a value"}));
}

TEST_CASE("JsonScanner: numbers, plain integers included, keep Go's grammar") {
  GuardedText g;
  CHECK(SkipOne(g.Place("[12,345,0,-7,1.5,2e3,6E-2,-0.0]")) == (Outcome{true, 31, ""}));
  CHECK(SkipOne(g.Place("123")) == (Outcome{true, 3, ""}));
  CHECK(SkipOne(g.Place("9")) == (Outcome{true, 1, ""}));
  CHECK(SkipOne(g.Place("12.")) == (Outcome{false, 3, "expected a digit after the decimal point, found end of input"}));
  CHECK(SkipOne(g.Place("[1.]")) == (Outcome{false, 3, "expected a digit after the decimal point, found ']'"}));
  CHECK(SkipOne(g.Place("[1e]")) == (Outcome{false, 3, "expected a digit in exponent, found ']'"}));
  CHECK(SkipOne(g.Place("[01]")) == (Outcome{false, 2, "expected ',' or ']', found '1'"}));
  CHECK(SkipOne(g.Place("[12a]")) == (Outcome{false, 3, "expected ',' or ']', found 'a'"}));
  CHECK(SkipOne(g.Place("-")) == (Outcome{false, 1, "expected a digit in number, found end of input"}));
  CHECK(SkipOne(g.Place("[+1]")) == (Outcome{false, 1, "expected a value, found '+'"}));
}
