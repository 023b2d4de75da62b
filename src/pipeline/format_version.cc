#include "pipeline/format_version.h"

#include "render/text/go_float.h"

namespace tfstream::pipeline {

bool IsNewerFormat(std::string_view ours, std::string_view theirs) {
  double o, t;
  if (!render::text::GoParseFloat(ours, &o) || !render::text::GoParseFloat(theirs, &t)) return false;
  return o < t;
}

}  // namespace tfstream::pipeline
