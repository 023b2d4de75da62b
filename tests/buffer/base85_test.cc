// The report's base-85 encoding (src/buffer/base85.h): round trips of every
// tail length and every byte value, vectors worked out independently
// (Python's base64.b85encode, whose RFC 1924 alphabet maps digit for digit
// onto ours), the alphabet's exclusions, and what the decoder refuses.
#include "buffer/base85.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <set>
#include <string>

namespace {

using tfstream::buffer::AppendBase85;
using tfstream::buffer::Base85Length;
using tfstream::buffer::DecodeBase85;
using tfstream::buffer::kBase85Alphabet;

std::string Encode(std::string_view data) {
  std::string out;
  AppendBase85(data, &out);
  return out;
}

}  // namespace

TEST_CASE("base 85: the alphabet is 85 printable ASCII characters that cannot end or escape an element", "[base85]") {
  std::set<char> seen(kBase85Alphabet.begin(), kBase85Alphabet.end());
  CHECK(seen.size() == 85);
  for (char c : kBase85Alphabet) {
    CHECK(c > ' ');
    CHECK(c < 0x7f);
  }
  for (char excluded : std::string("<>&\"'\\`-/ ")) {
    INFO("excluded: " << excluded);
    CHECK(seen.count(excluded) == 0);
  }
  // Digit values in order: 0-9, A-Z, a-z, then the punctuation.
  CHECK(kBase85Alphabet.substr(0, 10) == "0123456789");
  CHECK(kBase85Alphabet[10] == 'A');
  CHECK(kBase85Alphabet[36] == 'a');
  CHECK(kBase85Alphabet.substr(62) == "!#$%()*+,.:;=?@[]^_{|}~");
}

TEST_CASE("base 85: known vectors, big-endian groups, Ascii85's short final group", "[base85]") {
  CHECK(Encode("") == "");
  CHECK(Encode(std::string(1, '\0')) == "00");
  CHECK(Encode(std::string(4, '\0')) == "00000");
  CHECK(Encode("\xff\xff\xff\xff") == "|NsC0");
  CHECK(Encode("\xff") == "{{");
  CHECK(Encode("\xff\xff\xff") == "|Ns9");
  CHECK(Encode("Man ") == "O;_]z");
  CHECK(Encode("tfstream") == "bY]pOa%Ev{");
  CHECK(Encode("</script>") == "JTG%(a%pgMJ]");
}

TEST_CASE("base 85: round trips of every length 0-64 (every tail) and every byte value", "[base85]") {
  std::mt19937 rng(85);
  for (size_t n = 0; n <= 64; ++n) {
    for (int round = 0; round < 20; ++round) {
      std::string data(n, '\0');
      for (char& c : data) c = static_cast<char>(rng() & 255);
      if (round == 1) data.assign(n, '\xff');  // the largest groups
      if (round == 2) data.assign(n, '\0');
      std::string text = Encode(data);
      INFO("length " << n << " round " << round);
      CHECK(text.size() == Base85Length(n));
      CHECK(text.size() == n / 4 * 5 + (n % 4 ? n % 4 + 1 : 0));
      CHECK(text.find_first_not_of(kBase85Alphabet) == std::string::npos);
      std::string back;
      REQUIRE(DecodeBase85(text, &back));
      CHECK(back == data);
    }
  }
  std::string all;
  for (int i = 0; i < 256 * 4; ++i) all.push_back(static_cast<char>(i * 7 % 256));
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<char>(i));
  std::string text = Encode(all);
  CHECK(text.find_first_not_of(kBase85Alphabet) == std::string::npos);
  std::string back;
  REQUIRE(DecodeBase85(text, &back));
  CHECK(back == all);
  // Appends: what was in *out stays.
  std::string out = "x";
  AppendBase85("Man ", &out);
  CHECK(out == "xO;_]z");
}

TEST_CASE("base 85: the decoder refuses what the encoder never writes", "[base85]") {
  std::string out;
  CHECK_FALSE(DecodeBase85("0", &out));         // a final group of one character
  CHECK_FALSE(DecodeBase85("000000", &out));    // likewise after a full group
  CHECK_FALSE(DecodeBase85("0000<", &out));     // outside the alphabet
  CHECK_FALSE(DecodeBase85("0000 ", &out));
  CHECK_FALSE(DecodeBase85("~~~~~", &out));     // 85^5 - 1 passes 2^32 - 1
  CHECK_FALSE(DecodeBase85("|NsC1", &out));     // 2^32
  CHECK(DecodeBase85("|NsC0", &out));
  CHECK(out == "\xff\xff\xff\xff");
}
