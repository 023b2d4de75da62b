// gen_large_collections: the large-collection scenario.
//
//   gen_large_collections --shape show|renderer [--elements 100000] [--json-mb 50]
//                         [--list-insert 0] [--seed 1] [--out FILE] [--schemas-out FILE]
//
// One resource, aws_appconfig_hosted_configuration_version.big, updated in
// place. Its before and after differ by a few elements of three big values:
//   allow_list  list of `elements` strings; 5 elements change in place (and
//               `--list-insert N` more are inserted, which turns the list diff
//               from position-by-position into a longest-common-subsequence)
//   deny_set    set of `elements` strings (sorted, as cty orders them);
//               5 are replaced by new ones
//   content     a JSON document of about `json-mb` MB (before escaping),
//               stored as a string attribute; 3 rules and the version change
// Every value is streamed; memory stays flat. "show" writes `terraform show
// -json` shape (planned_values, prior_state and configuration repeat the big
// values, as Terraform does); "renderer" writes one document with
// provider_schemas embedded.
#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "gen/hash.h"
#include "gen/out.h"
#include "gen/schema.h"

namespace {

using tfgen::Out;

constexpr std::string_view kDsl = R"DSL(
provider aws registry.terraform.io/hashicorp/aws
config {
  region s O
}
resource aws_appconfig_hosted_configuration_version
  allow_list ls O
  application_id s RF
  arn s C
  configuration_profile_id s RF
  content s R
  content_type s RF
  deny_set ss O
  description s OF
  id s C
  tags ms O
  version_number n C
end
)DSL";

struct Params {
  long elements = 100000;
  double json_mb = 50;
  long list_insert = 0;
  uint64_t seed = 1;
};

// Before (after == false) or after version of each big value.
class Big {
 public:
  Big(const Params& p) : p_(p) {
    rules_ = static_cast<long>(p.json_mb * 1e6 / 190);
    if (rules_ < 1) rules_ = 1;
  }

  bool ListChanged(long i) const {
    for (int k = 0; k < 5; ++k)
      if (i == Pick(k, p_.elements)) return true;
    return false;
  }

  void List(Out& o, bool after) const {
    o.Put('[');
    long insert_at = Pick(99, p_.elements);
    bool first = true;
    for (long i = 0; i < p_.elements; ++i) {
      if (after && i == insert_at) {
        for (long k = 0; k < p_.list_insert; ++k) {
          Comma(o, first);
          Element(o, "host", 900000000 + k, "inserted");
        }
      }
      Comma(o, first);
      Element(o, "host", i, after && ListChanged(i) ? "changed" : "internal");
    }
    o.Put(']');
  }

  // Sorted set: element i is "user/u-<i>"; after replaces 5 of them by
  // "user/u-<i>a", which sorts right after where "user/u-<i>" was.
  void Set(Out& o, bool after) const {
    o.Put('[');
    bool first = true;
    for (long i = 0; i < p_.elements; ++i) {
      bool replaced = false;
      for (int k = 0; k < 5; ++k) replaced |= after && i == Pick(10 + k, p_.elements);
      Comma(o, first);
      o.Put("\"arn:aws:iam::123456789012:user/u-");
      Pad(o, i, 7);
      if (replaced) o.Put('a');
      o.Put('"');
    }
    o.Put(']');
  }

  // The JSON document, escaped, including the surrounding quotes.
  void Content(Out& o, bool after) const {
    o.Put(R"("{\"schema_version\":)");
    o.Int(after ? 8 : 7);
    o.Put(R"(,\"generated\":\"2025-01-15T09:30:00Z\",\"rules\":[)");
    for (long i = 0; i < rules_; ++i) {
      if (i) o.Put(',');
      bool changed = false;
      for (int k = 0; k < 3; ++k) changed |= after && i == Pick(20 + k, rules_);
      uint64_t h = tfgen::Mix(p_.seed, static_cast<uint64_t>(i));
      o.Put(R"({\"id\":\"rule-)");
      Pad(o, i, 7);
      o.Put(R"(\",\"priority\":)");
      o.Int(i + 1);
      o.Put(R"(,\"enabled\":)");
      o.Put(tfgen::Chance(h, 90) ? "true" : "false");
      o.Put(R"(,\"action\":\")");
      bool allow = tfgen::Chance(tfgen::Mix(h, 1), 80);
      o.Put(allow != changed ? "allow" : "deny");
      o.Put(R"(\",\"source\":\"10.)");
      o.Int(static_cast<int64_t>(tfgen::Below(tfgen::Mix(h, 2), 256)));
      o.Put('.');
      o.Int(static_cast<int64_t>(tfgen::Below(tfgen::Mix(h, 3), 256)));
      o.Put(R"(.0/24\",\"ports\":[443,)");
      o.Int(8000 + static_cast<int64_t>(tfgen::Below(tfgen::Mix(h, 4), 1000)));
      o.Put(R"(],\"description\":\"Allow traffic for tenant )");
      o.Int(static_cast<int64_t>(tfgen::Below(tfgen::Mix(h, 5), 5000)));
      o.Put(R"( from the shared ingress tier\"})");
    }
    o.Put(R"(]}")");
  }

 private:
  long Pick(int k, long n) const {
    return static_cast<long>(
        tfgen::Below(tfgen::Mix(p_.seed ^ 0x1a7e, static_cast<uint64_t>(k)), static_cast<uint64_t>(n)));
  }
  static void Comma(Out& o, bool& first) {
    if (!first) o.Put(',');
    first = false;
  }
  static void Pad(Out& o, long v, int width) {
    char b[24];
    int n = 0;
    do {
      b[n++] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v > 0 && n < 24);
    for (int i = n; i < width; ++i) o.Put('0');
    while (n) o.Put(b[--n]);
  }
  static void Element(Out& o, const char* kind, long i, const char* zone) {
    o.Put('"');
    o.Put(kind);
    o.Put('-');
    Pad(o, i, 6);
    o.Put('.');
    o.Put(zone);
    o.Put(".example.com\"");
  }

  const Params& p_;
  long rules_;
};

void Value(Out& o, const Big& big, bool after) {
  o.Put("{\"allow_list\":");
  big.List(o, after);
  o.Put(
      ",\"application_id\":\"abc1234\",\"arn\":\"arn:aws:appconfig:us-east-1:123456789012:application/"
      "abc1234/configurationprofile/def5678/hostedconfigurationversion/");
  o.Int(after ? 8 : 7);
  o.Put("\",\"configuration_profile_id\":\"def5678\",\"content\":");
  big.Content(o, after);
  o.Put(",\"content_type\":\"application/json\",\"deny_set\":");
  big.Set(o, after);
  o.Put(",\"description\":\"Ingress rules for every tenant.\",\"id\":\"abc1234/def5678/");
  o.Int(after ? 8 : 7);
  o.Put("\",\"tags\":{\"Environment\":\"prod\",\"ManagedBy\":\"terraform\"},\"version_number\":");
  o.Int(after ? 8 : 7);
  o.Put('}');
}

constexpr std::string_view kAddress =
    "\"address\":\"aws_appconfig_hosted_configuration_version.big\",\"mode\":\"managed\","
    "\"type\":\"aws_appconfig_hosted_configuration_version\",\"name\":\"big\","
    "\"provider_name\":\"registry.terraform.io/hashicorp/aws\"";

// jsonplan's sensitivity mask of a value without sensitive parts: one false
// per list/set element, {} for maps.
void SensitiveMask(Out& o, long list_len, long set_len) {
  o.Put("{\"allow_list\":[");
  for (long i = 0; i < list_len; ++i) o.Put(i ? std::string_view(",false") : std::string_view("false"));
  o.Put("],\"deny_set\":[");
  for (long i = 0; i < set_len; ++i) o.Put(i ? std::string_view(",false") : std::string_view("false"));
  o.Put("],\"tags\":{}}");
}

void Change(Out& o, const Big& big, const Params& p) {
  o.Put('{');
  o.Put(kAddress);
  o.Put(",\"change\":{\"actions\":[\"update\"],\"before\":");
  Value(o, big, false);
  o.Put(",\"after\":");
  Value(o, big, true);
  o.Put(",\"after_unknown\":{},\"before_sensitive\":");
  SensitiveMask(o, p.elements, p.elements);
  o.Put(",\"after_sensitive\":");
  SensitiveMask(o, p.elements + p.list_insert, p.elements);
  o.Put("}}");
}

}  // namespace

int main(int argc, char** argv) {
  Params p;
  std::string shape, out_path, schemas_path;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "missing value for %s\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--shape")
      shape = value();
    else if (a == "--elements")
      p.elements = std::atol(value());
    else if (a == "--json-mb")
      p.json_mb = std::atof(value());
    else if (a == "--list-insert")
      p.list_insert = std::atol(value());
    else if (a == "--seed")
      p.seed = std::strtoull(value(), nullptr, 10);
    else if (a == "--out")
      out_path = value();
    else if (a == "--schemas-out")
      schemas_path = value();
    else {
      std::fprintf(
          stderr,
          "usage: gen_large_collections --shape show|renderer [--elements N] [--json-mb MB]\n"
          "                             [--list-insert N] [--seed N] [--out FILE] [--schemas-out FILE]\n");
      return 2;
    }
  }
  if (shape != "show" && shape != "renderer") {
    std::fprintf(stderr, "gen_large_collections: --shape must be show or renderer\n");
    return 2;
  }
  if (p.elements < 10) p.elements = 10;
  auto schema = tfgen::ParseSchema(kDsl);
  Big big(p);
  auto t0 = std::chrono::steady_clock::now();
  int fd = out_path.empty() || out_path == "-" ? STDOUT_FILENO
                                               : ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) {
    std::perror(out_path.c_str());
    return 1;
  }
  uint64_t written;
  {
    Out o(fd);
    if (shape == "show") {
      o.Put(
          "{\"format_version\":\"1.2\",\"terraform_version\":\"1.9.8\",\"variables\":{\"environment\":"
          "{\"value\":\"prod\"}},\"planned_values\":{\"root_module\":"
          "{\"resources\":[{");
      o.Put(kAddress);
      o.Put(",\"schema_version\":0,\"values\":");
      Value(o, big, true);
      o.Put(",\"sensitive_values\":");
      SensitiveMask(o, p.elements + p.list_insert, p.elements);
      o.Put("}]}},\"resource_changes\":[");
      Change(o, big, p);
      o.Put(
          "],\"prior_state\":{\"format_version\":\"1.0\",\"terraform_version\":\"1.9.8\",\"values\":"
          "{\"root_module\":{\"resources\":[{");
      o.Put(kAddress);
      o.Put(",\"schema_version\":0,\"values\":");
      Value(o, big, false);
      o.Put(",\"sensitive_values\":");
      SensitiveMask(o, p.elements, p.elements);
      o.Put(
          "}]}}},\"configuration\":"
          "{\"provider_config\":{\"aws\":{\"name\":\"aws\",\"full_name\":\"registry.terraform.io/hashicorp/"
          "aws\"}},"
          "\"root_module\":{\"resources\":[{\"address\":\"aws_appconfig_hosted_configuration_version.big\","
          "\"mode\":\"managed\",\"type\":\"aws_appconfig_hosted_configuration_version\",\"name\":\"big\","
          "\"provider_config_key\":\"aws\",\"expressions\":{\"allow_list\":{\"references\":[\"local.hosts\"]}"
          ","
          "\"application_id\":{\"constant_value\":\"abc1234\"},\"configuration_profile_id\":{\"constant_"
          "value\":"
          "\"def5678\"},\"content\":{\"references\":[\"local.rules_json\"]},\"content_type\":{\"constant_"
          "value\":"
          "\"application/"
          "json\"},\"deny_set\":{\"references\":[\"local.denied_users\"]}},\"schema_version\":0}]}},"
          "\"timestamp\":\"2025-01-15T09:30:00Z\",\"applyable\":true,\"complete\":true,\"errored\":false}\n");
    } else {
      o.Put("{\"plan_format_version\":\"1.2\",\"provider_format_version\":\"1.0\",\"resource_changes\":[");
      Change(o, big, p);
      o.Put("],\"resource_drift\":[],\"relevant_attributes\":[],\"output_changes\":{},\"provider_schemas\":");
      tfgen::WriteProviderSchemas(o, *schema);
      o.Put("}\n");
    }
    written = o.bytes();
    if (!o.Flush()) {
      std::perror("gen_large_collections: write");
      return 1;
    }
  }
  if (fd != STDOUT_FILENO) ::close(fd);
  if (!schemas_path.empty()) {
    int sfd = ::open(schemas_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (sfd < 0) {
      std::perror(schemas_path.c_str());
      return 1;
    }
    Out o(sfd);
    o.Put("{\"format_version\":\"1.0\",\"provider_schemas\":");
    tfgen::WriteProviderSchemas(o, *schema);
    o.Put("}\n");
    o.Flush();
    ::close(sfd);
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "gen_large_collections: %s shape: %llu bytes in %.2fs (%.0f MB/s)\n", shape.c_str(),
               static_cast<unsigned long long>(written), secs, static_cast<double>(written) / 1e6 / secs);
  return 0;
}
