#include "pipeline/reference_crash.h"

namespace tfstream::pipeline {

void ReferenceCrash::Add(uint64_t offset, std::string_view where, std::string_view what) {
  std::lock_guard<std::mutex> lock(mu_);
  if (found_ && offset_ <= offset) return;
  found_ = true;
  offset_ = offset;
  where_ = where;
  what_ = what;
}

std::string ReferenceCrash::Note(const Flavor& flavor) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (!found_) return "";
  std::string note = std::string(flavor.product_name) + " " + flavor.release.Name() +
                     "'s own renderer crashes on this plan (" + what_;
  if (!where_.empty()) note += ", at " + where_;
  note += "); printed the text it evidently intends, that of the nearest release that does not crash";
  return note;
}

}  // namespace tfstream::pipeline
