#include "forms/html/block_address.h"

namespace tfstream::forms::html {

std::string StateBlockAddress(std::string_view line) {
  if (line.starts_with("# ")) line.remove_prefix(2);
  if (line.ends_with(":")) return std::string(line.substr(0, line.size() - 1));
  if (line.ends_with(": (tainted)")) return std::string(line.substr(0, line.size() - 11));
  size_t deposed = line.rfind(": (deposed object ");
  if (deposed != std::string_view::npos) {
    return std::string(line.substr(0, deposed)) + std::string(line.substr(deposed + 1));
  }
  return std::string(line);
}

}  // namespace tfstream::forms::html
