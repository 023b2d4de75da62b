// colorstring finds markup with the Go regexp (?i)\[[a-z0-9_-]+\] (all
// non-overlapping matches, leftmost first) and rewrites each match. A match
// cannot contain '[' or ']' inside, so candidate matches never overlap and a
// left-to-right scan finds the same ones: at each '[', take the run of name
// bytes; if a ']' follows and the run is non-empty, that is a match, else move
// on by one byte ("[[red]" matches at the second '['). Under (?i) Go also
// folds U+017F and U+212A into the class, but no table name contains them,
// so such matches would be copied unchanged; the scanner need not see them.

#include "render/text/colorize.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

namespace tfstream::render::text {

namespace {

using Entry = std::pair<std::string_view, std::string_view>;

// colorstring.DefaultColors, sorted by name for binary search.
constexpr std::array<Entry, 43> kDefaultColors = {{
    {"_black_", "40"},
    {"_blue_", "44"},
    {"_cyan_", "46"},
    {"_dark_gray_", "100"},
    {"_default_", "49"},
    {"_green_", "42"},
    {"_light_blue_", "104"},
    {"_light_cyan_", "106"},
    {"_light_gray_", "47"},
    {"_light_green_", "102"},
    {"_light_magenta_", "105"},
    {"_light_red_", "101"},
    {"_light_yellow_", "103"},
    {"_magenta_", "45"},
    {"_red_", "41"},
    {"_white_", "107"},
    {"_yellow_", "43"},
    {"black", "30"},
    {"blink_fast", "6"},
    {"blink_slow", "5"},
    {"blue", "34"},
    {"bold", "1"},
    {"cyan", "36"},
    {"dark_gray", "90"},
    {"default", "39"},
    {"dim", "2"},
    {"green", "32"},
    {"hidden", "8"},
    {"invert", "7"},
    {"light_blue", "94"},
    {"light_cyan", "96"},
    {"light_gray", "37"},
    {"light_green", "92"},
    {"light_magenta", "95"},
    {"light_red", "91"},
    {"light_yellow", "93"},
    {"magenta", "35"},
    {"red", "31"},
    {"reset", "0"},
    {"reset_bold", "21"},
    {"underline", "4"},
    {"white", "97"},
    {"yellow", "33"},
}};

static_assert(std::is_sorted(kDefaultColors.begin(), kDefaultColors.end(),
                             [](const Entry& a, const Entry& b) { return a.first < b.first; }),
              "kDefaultColors must stay sorted for lower_bound");

bool IsNameByte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '-';
}

}  // namespace

std::string_view Colorize::Code(std::string_view name) const {
  const auto it = std::lower_bound(
      kDefaultColors.begin(), kDefaultColors.end(), name,
      [](const Entry& e, std::string_view n) { return e.first < n; });
  if (it != kDefaultColors.end() && it->first == name) return it->second;
  if (table_ == Table::kWithPurple && name == "purple") return "38;5;57";
  return {};
}

void Colorize::AppendColor(std::string& out, std::string_view v) const {
  bool colored = false;
  size_t copied = 0;  // v[copied, i) is pending plain text
  size_t i = 0;
  while (i < v.size()) {
    // Most of the text is plain: jump to the next '['.
    const void* bracket = std::memchr(v.data() + i, '[', v.size() - i);
    if (bracket == nullptr) break;
    i = static_cast<size_t>(static_cast<const char*>(bracket) - v.data());
    size_t end = i + 1;
    while (end < v.size() && IsNameByte(static_cast<unsigned char>(v[end]))) ++end;
    if (end == i + 1 || end >= v.size() || v[end] != ']') {
      ++i;
      continue;
    }
    const std::string_view code = Code(v.substr(i + 1, end - i - 1));
    if (!code.empty()) {
      colored = true;
      out.append(v.substr(copied, i - copied));
      if (enabled_) {
        out.append("\x1b[");
        out.append(code);
        out.push_back('m');
      }
      copied = end + 1;
    }
    i = end + 1;
  }
  out.append(v.substr(copied));
  if (colored && enabled_) out.append("\x1b[0m");
}

std::string Colorize::Color(std::string_view v) const {
  std::string out;
  out.reserve(v.size() + 16);
  AppendColor(out, v);
  return out;
}

}  // namespace tfstream::render::text
