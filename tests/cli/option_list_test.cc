#include "cli/option_list.h"

#include <catch2/catch.hpp>

#include <sstream>
#include <string>

using tfstream::cli::FormatOptionList;
using tfstream::cli::OptionHelp;

TEST_CASE("option list: short aliases read '-j, --jobs N', descriptions share one column", "[cli]") {
  std::string out = FormatOptionList("Options", {{"--schemas", "FILE", "provider schemas"},
                                                 {"-j, --jobs", "N", "threads"},
                                                 {"--no-color", "", "never colour"}});
  CHECK(out ==
        "Options:\n"
        "  --schemas FILE  provider schemas\n"
        "  -j, --jobs N    threads\n"
        "  --no-color      never colour\n");
}

TEST_CASE("option list: wrapped descriptions stay in their column with no trailing spaces", "[cli]") {
  std::string words;
  for (int i = 0; i < 30; ++i) words += "word" + std::to_string(i) + " ";
  std::string out = FormatOptionList("Options", {{"--width", "N", words}}, 60);
  std::istringstream lines(out);
  std::string line;
  std::getline(lines, line);
  CHECK(line == "Options:");
  int count = 0;
  while (std::getline(lines, line)) {
    ++count;
    CHECK(line.size() <= 60);
    CHECK(line.back() != ' ');
    if (count > 1) CHECK(line.substr(0, 13) == std::string(13, ' '));
  }
  CHECK(count > 3);
}

TEST_CASE("option list: a name wider than the column puts its description on the next line", "[cli]") {
  std::string name(60, 'x');
  std::string out = FormatOptionList("Options", {{"--" + name, "", "what it does"}}, 80);
  CHECK(out == "Options:\n  --" + name + "\n" + std::string(40, ' ') + "what it does\n");
}
