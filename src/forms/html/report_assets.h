// The page's script and style sheet (assets/report/report.js and
// report.css), embedded verbatim at build time by assets/report/embed.py
// with the base64 SHA-256 of each for the report's Content-Security-Policy.
#pragma once

#include <string_view>

namespace tfstream::forms::html {

extern const std::string_view kReportJs;
extern const std::string_view kReportCss;
extern const std::string_view kReportJsSha256;   // base64 of the digest
extern const std::string_view kReportCssSha256;

}  // namespace tfstream::forms::html
