// Expected values follow colorstring.(*Colorize).Color (d06e56a500db) with
// Terraform's settings, and TERRAFORM-QUIRKS.md's observed output.
#include "render/text/colorize.h"

#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

using tfstream::render::text::Colorize;

namespace {

const Colorize kOn(true);
const Colorize kOff(false);

}  // namespace

TEST_CASE("Color turns known markup into escapes and appends one reset", "[colorize]") {
  CHECK(kOn.Color("[bold]  # a.b[reset] will be created") ==
        "\x1b[1m  # a.b\x1b[0m will be created\x1b[0m");
  CHECK(kOn.Color("[red]a[green]b") == "\x1b[31ma\x1b[32mb\x1b[0m");
  CHECK(kOn.Color("[reset]") == "\x1b[0m\x1b[0m");
  CHECK(kOn.Color("x[yellow]") == "x\x1b[33m\x1b[0m");
}

TEST_CASE("Color deletes known markup and adds no reset when disabled", "[colorize]") {
  CHECK(kOff.Color("[bold]  # a.b[reset] will be created") == "  # a.b will be created");
  CHECK(kOff.Color("[reset]") == "");
  CHECK(kOff.Color("[dark_gray]null[reset]") == "null");
}

TEST_CASE("Color leaves unknown and differently cased names alone", "[colorize]") {
  for (const Colorize* c : {&kOn, &kOff}) {
    CHECK(c->Color("[hi]world") == "[hi]world");
    CHECK(c->Color("[RED]x") == "[RED]x");
    CHECK(c->Color("[Bold]x") == "[Bold]x");
    CHECK(c->Color("[light-red]x") == "[light-red]x");
    CHECK(c->Color("[purple]x") == "[purple]x");
    CHECK(c->Color("[0]") == "[0]");
  }
  CHECK(kOn.Color("[foo][red]x") == "[foo]\x1b[31mx\x1b[0m");
  CHECK(kOff.Color("[foo][red]x") == "[foo]x");
}

TEST_CASE("Color only treats [name] with name in [A-Za-z0-9_-]+ as markup", "[colorize]") {
  for (const Colorize* c : {&kOn, &kOff}) {
    CHECK(c->Color("") == "");
    CHECK(c->Color("plain text") == "plain text");
    CHECK(c->Color("[red") == "[red");
    CHECK(c->Color("red]") == "red]");
    CHECK(c->Color("[]") == "[]");
    CHECK(c->Color("[ red]") == "[ red]");
    CHECK(c->Color("[re d]") == "[re d]");
    CHECK(c->Color("[red.x]") == "[red.x]");
    CHECK(c->Color("[r\xC3\xA9]") == "[r\xC3\xA9]");
    CHECK(c->Color("[\xC5\xBF]") == "[\xC5\xBF]");  // U+017F folds to 's' in Go, still unknown
    CHECK(c->Color("list[0]") == "list[0]");
  }
}

TEST_CASE("Color finds matches leftmost first like Go's regexp", "[colorize]") {
  CHECK(kOn.Color("[[red]") == "[\x1b[31m\x1b[0m");
  CHECK(kOn.Color("[red]]") == "\x1b[31m]\x1b[0m");
  CHECK(kOn.Color("[[red]]") == "[\x1b[31m]\x1b[0m");
  CHECK(kOn.Color("[x[red]") == "[x\x1b[31m\x1b[0m");
  CHECK(kOn.Color("[red][green]") == "\x1b[31m\x1b[32m\x1b[0m");
  CHECK(kOff.Color("[[red]]") == "[]");
  CHECK(kOff.Color("[re[red]d]") == "[red]");  // deletion does not create a new match
}

TEST_CASE("Color applies to user data formatted into markup", "[colorize]") {
  const std::string header = "  # null_resource.x[\"[red]\"] will be created";
  CHECK(kOff.Color(header) == "  # null_resource.x[\"\"] will be created");
  CHECK(kOn.Color(header) == "  # null_resource.x[\"\x1b[31m\"] will be created\x1b[0m");
}

TEST_CASE("Color knows exactly colorstring's DefaultColors", "[colorize]") {
  const std::vector<std::pair<const char*, const char*>> table = {
      {"default", "39"},        {"_default_", "49"},        {"black", "30"},
      {"red", "31"},            {"green", "32"},            {"yellow", "33"},
      {"blue", "34"},           {"magenta", "35"},          {"cyan", "36"},
      {"light_gray", "37"},     {"dark_gray", "90"},        {"light_red", "91"},
      {"light_green", "92"},    {"light_yellow", "93"},     {"light_blue", "94"},
      {"light_magenta", "95"},  {"light_cyan", "96"},       {"white", "97"},
      {"_black_", "40"},        {"_red_", "41"},            {"_green_", "42"},
      {"_yellow_", "43"},       {"_blue_", "44"},           {"_magenta_", "45"},
      {"_cyan_", "46"},         {"_light_gray_", "47"},     {"_dark_gray_", "100"},
      {"_light_red_", "101"},   {"_light_green_", "102"},   {"_light_yellow_", "103"},
      {"_light_blue_", "104"},  {"_light_magenta_", "105"}, {"_light_cyan_", "106"},
      {"_white_", "107"},       {"bold", "1"},              {"dim", "2"},
      {"underline", "4"},       {"blink_slow", "5"},        {"blink_fast", "6"},
      {"invert", "7"},          {"hidden", "8"},            {"reset", "0"},
      {"reset_bold", "21"},
  };
  CHECK(table.size() == 43);
  for (const auto& [name, code] : table) {
    INFO(name);
    CHECK(kOn.Code(name) == code);
    CHECK(kOn.Color(std::string("[") + name + "]x") ==
          std::string("\x1b[") + code + "mx\x1b[0m");
  }
  CHECK(kOn.Code("purple").empty());
  CHECK(kOn.Code("").empty());
  CHECK(kOn.Code("_").empty());
}

TEST_CASE("The Terraform Meta table adds purple", "[colorize]") {
  const Colorize meta(true, Colorize::Table::kWithPurple);
  CHECK(meta.Color("[purple]x") == "\x1b[38;5;57mx\x1b[0m");
  CHECK(meta.Color("[red]x") == "\x1b[31mx\x1b[0m");
  const Colorize meta_off(false, Colorize::Table::kWithPurple);
  CHECK(meta_off.Color("[purple]x") == "x");
}

TEST_CASE("AppendColor appends and enabled() reports the setting", "[colorize]") {
  std::string out = "> ";
  kOn.AppendColor(out, "[green]+[reset]");
  CHECK(out == "> \x1b[32m+\x1b[0m\x1b[0m");
  out = "> ";
  kOff.AppendColor(out, "[green]+[reset]");
  CHECK(out == "> +");
  CHECK(kOn.enabled());
  CHECK_FALSE(kOff.enabled());
}
