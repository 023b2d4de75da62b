#include "base/release.h"

namespace tfstream {
namespace {

// One decimal component, no sign, no leading '+'; false when empty or too big.
bool ReadNumber(std::string_view* text, uint32_t* out) {
  size_t n = 0;
  uint64_t value = 0;
  while (n < text->size() && (*text)[n] >= '0' && (*text)[n] <= '9') {
    value = value * 10 + static_cast<uint64_t>((*text)[n] - '0');
    if (value >= Release::kAnyPatch) return false;
    ++n;
  }
  if (n == 0) return false;
  *out = static_cast<uint32_t>(value);
  text->remove_prefix(n);
  return true;
}

}  // namespace

std::string Release::Name() const {
  std::string out = std::to_string(major) + "." + std::to_string(minor) + ".";
  out += patch == kAnyPatch ? std::string("x") : std::to_string(patch);
  return out;
}

std::optional<Release> ParseRelease(std::string_view text, bool* prerelease) {
  if (prerelease != nullptr) *prerelease = false;
  if (text.starts_with('v')) text.remove_prefix(1);
  // Build metadata first ("1.9.0-rc1+ent"), then the prerelease.
  if (size_t plus = text.find('+'); plus != std::string_view::npos) {
    if (plus + 1 == text.size()) return std::nullopt;
    text = text.substr(0, plus);
  }
  bool pre = false;
  if (size_t dash = text.find('-'); dash != std::string_view::npos) {
    if (dash + 1 == text.size()) return std::nullopt;
    text = text.substr(0, dash);
    pre = true;
  }
  Release r;
  if (!ReadNumber(&text, &r.major) || !text.starts_with('.')) return std::nullopt;
  text.remove_prefix(1);
  if (!ReadNumber(&text, &r.minor)) return std::nullopt;
  if (text.empty()) {
    if (pre) return std::nullopt;  // "1.9-beta": no release it precedes
    r.patch = Release::kAnyPatch;
  } else {
    if (!text.starts_with('.')) return std::nullopt;
    text.remove_prefix(1);
    if (!ReadNumber(&text, &r.patch) || !text.empty()) return std::nullopt;
  }
  if (prerelease != nullptr) *prerelease = pre;
  return r;
}

std::string Release::VersionText() const {
  std::string text = std::to_string(major);
  for (uint32_t part : {minor, patch}) {
    if (part == kAnyPatch) break;
    text.push_back('.');
    text.append(std::to_string(part));
  }
  return text;
}

}  // namespace tfstream
