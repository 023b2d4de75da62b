#include "gen/text.h"

#include <charconv>

#include "gen/hash.h"

namespace tfgen {

const std::string_view kWords[] = {
    "admin",    "alpha",    "analytics", "api",       "archive", "audit",    "auth",     "backend",
    "batch",    "billing",  "blue",      "cache",     "canary",  "catalog",  "checkout", "core",
    "data",     "delta",    "edge",      "events",    "feeds",   "frontend", "gamma",    "gateway",
    "green",    "identity", "ingest",    "inventory", "jobs",    "kafka",    "ledger",   "logs",
    "mail",     "media",    "metrics",   "mobile",    "notify",  "orders",   "partner",  "payments",
    "platform", "portal",   "primary",   "queue",     "replica", "reports",  "risk",     "search",
    "secure",   "shared",   "shipping",  "social",    "staging", "stream",   "support",  "sync",
    "tenant",   "tracing",  "users",     "vault",     "video",   "web",      "worker",   "zeta",
};
const size_t kNumWords = sizeof(kWords) / sizeof(kWords[0]);

namespace {

constexpr std::string_view kTagKeys[] = {
    "Application", "Backup",    "Compliance", "CostCenter", "DataClassification",
    "Environment", "ManagedBy", "Owner",      "Project",    "Team",
};
constexpr std::string_view kEnvKeys[] = {
    "API_BASE_URL",           "CACHE_TTL", "DB_HOST",   "DB_NAME", "FEATURE_FLAGS", "LOG_FORMAT", "LOG_LEVEL",
    "OTEL_EXPORTER_ENDPOINT", "PORT",      "QUEUE_URL", "REGION",  "WORKERS",
};
constexpr std::string_view kObjKeys[] = {
    "admin", "grpc", "http", "https", "internal", "metrics", "public", "web",
};

constexpr std::string_view kAwsRegions[] = {"eu-west-1", "us-east-1", "us-west-2", "ap-south-1"};
constexpr std::string_view kServices[] = {"ec2", "s3", "iam", "rds", "lambda", "sqs", "kms", "logs"};

constexpr char kHex[] = "0123456789abcdef";
constexpr char kB64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

std::string_view Word(uint64_t h) { return kWords[Below(h, kNumWords)]; }

void AppendInt(std::string& s, int64_t v) {
  char b[24];
  auto r = std::to_chars(b, b + sizeof b, v);
  s.append(b, r.ptr);
}

void AppendPad(std::string& s, uint64_t v, int width) {
  char b[24];
  int n = 0;
  do {
    b[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v && n < 24);
  for (int i = n; i < width; ++i) s.push_back('0');
  while (n) s.push_back(b[--n]);
}

void AppendB64(std::string& s, uint64_t seed, int n) {
  uint64_t h = seed;
  for (int i = 0; i < n; ++i) {
    if ((i & 7) == 0) h = Fmix(h + static_cast<uint64_t>(i));
    s.push_back(kB64[(h >> ((i & 7) * 6)) & 63]);
  }
}

void AppendUuid(std::string& s, uint64_t seed) {
  AppendHex(s, seed, 8);
  s.push_back('-');
  AppendHex(s, Mix(seed, 1), 4);
  s.push_back('-');
  AppendHex(s, Mix(seed, 2), 4);
  s.push_back('-');
  AppendHex(s, Mix(seed, 3), 4);
  s.push_back('-');
  AppendHex(s, Mix(seed, 4), 12);
}

void AppendName(std::string& s, uint64_t h, const LeafCtx& c) {
  s.append(c.stem);
  s.push_back('-');
  s.append(Word(h));
  if (Chance(Mix(h, 9), 50)) {
    s.push_back('-');
    AppendPad(s, Below(Mix(h, 10), 100), 2);
  }
}

void AppendRegion(std::string& s, const LeafCtx& c) { s.append(c.region); }

void AppendZone(std::string& s, uint64_t h, const LeafCtx& c) {
  if (c.cloud == 'z') {
    s.push_back(static_cast<char>('1' + Below(h, 3)));
    return;
  }
  s.append(c.region);
  if (c.cloud == 'g') s.push_back('-');
  s.push_back(static_cast<char>('a' + Below(h, 3)));
}

void AppendArn(std::string& s, uint64_t h, const LeafCtx& c) {
  std::string_view svc = kServices[Below(h, std::size(kServices))];
  s.append("arn:aws:");
  s.append(svc);
  s.push_back(':');
  if (svc != "iam" && svc != "s3") AppendRegion(s, c);
  s.push_back(':');
  if (svc != "s3") AppendPad(s, c.account % 1000000000000ULL, 12);
  s.push_back(':');
  s.append(svc == "iam" ? "role/" : svc == "lambda" ? "function:" : "");
  AppendName(s, Mix(h, 1), c);
}

void AppendAzureId(std::string& s, uint64_t h, const LeafCtx& c) {
  static constexpr std::string_view kKinds[] = {"Microsoft.Network/virtualNetworks/",
                                                "Microsoft.Network/networkInterfaces/",
                                                "Microsoft.ContainerService/managedClusters/",
                                                "Microsoft.Storage/storageAccounts/",
                                                "Microsoft.ManagedIdentity/userAssignedIdentities/",
                                                "Microsoft.OperationalInsights/workspaces/"};
  s.append("/subscriptions/");
  AppendUuid(s, c.account);
  s.append("/resourceGroups/rg-");
  s.append(c.stem);
  s.append("/providers/");
  s.append(kKinds[Below(h, std::size(kKinds))]);
  AppendName(s, Mix(h, 1), c);
}

void AppendGoogleUrl(std::string& s, uint64_t h, const LeafCtx& c) {
  s.append("https://www.googleapis.com/compute/v1/projects/");
  s.append(c.stem);
  s.append("-prj/zones/");
  AppendZone(s, h, c);
  s.append(Chance(Mix(h, 2), 50) ? "/instances/" : "/disks/");
  AppendName(s, Mix(h, 1), c);
}

void AppendRefId(std::string& s, std::string_view name, uint64_t h, const LeafCtx& c) {
  if (c.cloud == 'z') return AppendAzureId(s, h, c);
  if (c.cloud == 'g') return AppendName(s, h, c);
  // aws-style "<kind>-<17 hex>": kind from the attribute name's first word.
  size_t us = name.find('_');
  std::string_view kind = name.substr(0, us == std::string_view::npos ? name.size() : us);
  if (name.find("security") != std::string_view::npos) kind = "sg";
  if (kind.size() > 8) kind = kind.substr(0, 3);
  s.append(kind);
  s.push_back('-');
  AppendHex(s, h, 17);
}

void AppendText(std::string& s, uint64_t h) {
  int n = 4 + static_cast<int>(Below(h, 10));
  for (int i = 0; i < n; ++i) {
    std::string_view w = Word(Mix(h, static_cast<uint64_t>(i)));
    if (i == 0) {
      s.push_back(static_cast<char>(w[0] - 'a' + 'A'));
      s.append(w.substr(1));
    } else {
      s.push_back(' ');
      s.append(w);
    }
  }
  s.push_back('.');
}

void AppendTime(std::string& s, uint64_t h) {
  s.append("202");
  s.push_back(static_cast<char>('2' + Below(h, 4)));
  s.push_back('-');
  AppendPad(s, 1 + Below(Mix(h, 1), 12), 2);
  s.push_back('-');
  AppendPad(s, 1 + Below(Mix(h, 2), 28), 2);
  s.push_back('T');
  AppendPad(s, Below(Mix(h, 3), 24), 2);
  s.push_back(':');
  AppendPad(s, Below(Mix(h, 4), 60), 2);
  s.push_back(':');
  AppendPad(s, Below(Mix(h, 5), 60), 2);
  s.push_back('Z');
}

void AppendPem(std::string& s, uint64_t h) {
  // JSON-escaped: newlines are written as \n.
  s.append(R"(-----BEGIN CERTIFICATE-----\n)");
  int lines = 6 + static_cast<int>(Below(h, 10));
  for (int i = 0; i < lines; ++i) {
    AppendB64(s, Mix(h, static_cast<uint64_t>(i)), 64);
    s.append(R"(\n)");
  }
  s.append(R"(-----END CERTIFICATE-----\n)");
}

void AppendJsonDoc(std::string& s, uint64_t h, const LeafCtx& c) {
  // A kubeconfig-like JSON document, JSON-escaped.
  s.append(R"({\"apiVersion\":\"v1\",\"kind\":\"Config\",\"clusters\":[)");
  int n = 1 + static_cast<int>(Below(h, 3));
  for (int i = 0; i < n; ++i) {
    uint64_t e = Mix(h, static_cast<uint64_t>(i));
    if (i) s.push_back(',');
    s.append(R"({\"name\":\")");
    AppendName(s, e, c);
    s.append(R"(\",\"cluster\":{\"server\":\"https://)");
    AppendName(s, Mix(e, 1), c);
    s.append(".hcp.");
    s.append(c.region);
    s.append(R"(.example.io:443\",\"certificate-authority-data\":\")");
    AppendB64(s, Mix(e, 2), 96);
    s.append(R"(\"}})");
  }
  s.append(R"(],\"users\":[{\"name\":\"clusterUser\",\"user\":{\"token\":\")");
  AppendHex(s, Mix(h, 77), 64);
  s.append(R"(\"}}],\"current-context\":\")");
  s.append(c.stem);
  s.append(R"(\"})");
}

}  // namespace

void AppendHex(std::string& s, uint64_t seed, int n) {
  uint64_t h = seed;
  for (int i = 0; i < n; ++i) {
    if ((i & 15) == 0) h = Fmix(h + static_cast<uint64_t>(i));
    s.push_back(kHex[(h >> ((i & 15) * 4)) & 15]);
  }
}

void AppendPolicyJson(std::string& s, uint64_t h, const LeafCtx& c) {
  static constexpr std::string_view kActions[] = {
      "s3:GetObject",        "s3:PutObject",    "s3:ListBucket",      "kms:Decrypt",
      "kms:GenerateDataKey", "sqs:SendMessage", "sqs:ReceiveMessage", "logs:CreateLogStream",
      "logs:PutLogEvents",   "dynamodb:Query",  "sts:AssumeRole",     "ec2:DescribeInstances"};
  s.append(R"({\"Version\":\"2012-10-17\",\"Statement\":[)");
  int n = 1 + static_cast<int>(Below(h, 4));
  for (int i = 0; i < n; ++i) {
    uint64_t e = Mix(h, static_cast<uint64_t>(i));
    if (i) s.push_back(',');
    s.append(R"({\"Sid\":\")");
    std::string_view w = Word(e);
    s.push_back(static_cast<char>(w[0] - 'a' + 'A'));
    s.append(w.substr(1));
    AppendInt(s, static_cast<int64_t>(i));
    s.append(R"(\",\"Effect\":\")");
    s.append(Chance(Mix(e, 1), 90) ? "Allow" : "Deny");
    s.append(R"(\",\"Action\":[)");
    int na = 1 + static_cast<int>(Below(Mix(e, 2), 4));
    for (int a = 0; a < na; ++a) {
      if (a) s.push_back(',');
      s.append(R"(\")");
      s.append(kActions[Below(Mix(e, 100 + static_cast<uint64_t>(a)), std::size(kActions))]);
      s.append(R"(\")");
    }
    s.append(R"(],\"Resource\":[\")");
    AppendArn(s, Mix(e, 3), c);
    s.append(R"(\",\")");
    AppendArn(s, Mix(e, 4), c);
    s.append(R"(/*\"])");
    if (Chance(Mix(e, 5), 40)) {
      s.append(R"(,\"Condition\":{\"StringEquals\":{\"aws:PrincipalOrgID\":\"o-)");
      AppendHex(s, Mix(e, 6), 10);
      s.append(R"(\"},\"Bool\":{\"aws:SecureTransport\":\"true\"}})");
    }
    s.push_back('}');
  }
  s.append("]}");
}

void AppendScript(std::string& s, uint64_t h, const LeafCtx& c) {
  // JSON-escaped the way Go writes it: \n, \t, \" and \u003c \u003e \u0026
  // for < > &.
  s.append(R"(#!/bin/bash\nset -euo pipefail\n\nexport APP_NAME=\")");
  s.append(c.stem);
  s.append(R"(\"\nexport REGION=\")");
  s.append(c.region);
  s.append(R"(\"\n\n)");
  int n = 3 + static_cast<int>(Below(h, 8));
  for (int i = 0; i < n; ++i) {
    uint64_t e = Mix(h, static_cast<uint64_t>(i));
    switch (Below(e, 5)) {
      case 0:
        s.append(R"(apt-get update -y \u0026\u0026 apt-get install -y )");
        s.append(Word(Mix(e, 1)));
        s.append(R"(-agent\n)");
        break;
      case 1:
        s.append(R"(cat \u003c\u003c'EOF' \u003e /etc/)");
        s.append(Word(Mix(e, 1)));
        s.append(R"(.conf\nlisten = 0.0.0.0:)");
        AppendInt(s, 8000 + static_cast<int64_t>(Below(Mix(e, 2), 1000)));
        s.append(R"(\n\tworkers = )");
        AppendInt(s, 2 + static_cast<int64_t>(Below(Mix(e, 3), 14)));
        s.append(R"(\nEOF\n)");
        break;
      case 2:
        s.append("systemctl enable --now ");
        s.append(Word(Mix(e, 1)));
        s.append(R"(.service\n)");
        break;
      case 3:
        s.append(R"(echo \"bootstrapped $(date -u +%FT%TZ)\" \u003e\u003e /var/log/)");
        s.append(Word(Mix(e, 1)));
        s.append(R"(.log\n)");
        break;
      default:
        s.append("if [ -f /opt/");
        s.append(Word(Mix(e, 1)));
        s.append(R"(/run.sh ]; then\n  /opt/)");
        s.append(Word(Mix(e, 1)));
        s.append("/run.sh --token ");
        AppendHex(s, Mix(e, 2), 16);
        s.append(R"( \u003e /dev/null 2\u003e\u00261 \u0026\nfi\n)");
    }
  }
}

bool LeafNeedsEscape(const Member& m) {
  // kPolicy, kJsonDoc, kScript and kPem leaves are generated pre-escaped.
  if (m.hint != Hint::kEnum) return false;
  for (const auto& v : m.enum_values)
    for (char ch : v)
      if (ch == '"' || ch == '\\' || ch == '<' || ch == '>' || ch == '&') return true;
  return false;
}

void LeafString(std::string& s, const Member& m, uint64_t seed, uint64_t mut, const LeafCtx& c) {
  if (m.hint == Hint::kEnum && !m.enum_values.empty()) {
    size_t n = m.enum_values.size();
    size_t i = Below(seed, n);
    if (mut && n > 1) i = (i + 1 + Below(mut, n - 1)) % n;
    s.append(m.enum_values[i]);
    return;
  }
  uint64_t h = mut ? Mix(seed, mut) : seed;
  switch (m.hint) {
    case Hint::kId:
      if (!c.id_prefix.empty()) {
        s.append(c.id_prefix);
        AppendHex(s, h, 17);
      } else if (c.cloud == 'z') {
        AppendAzureId(s, h, c);
      } else if (c.cloud == 'g') {
        AppendGoogleUrl(s, h, c);
      } else {
        AppendName(s, h, c);
      }
      return;
    case Hint::kArn:
      return AppendArn(s, h, c);
    case Hint::kName:
      return AppendName(s, h, c);
    case Hint::kCidr:
      s.append("10.");
      AppendInt(s, static_cast<int64_t>(Below(h, 256)));
      s.push_back('.');
      AppendInt(s, static_cast<int64_t>(Below(Mix(h, 1), 16) * 16));
      s.append(".0/");
      AppendInt(s, 16 + 4 * static_cast<int64_t>(Below(Mix(h, 2), 3)));
      return;
    case Hint::kIp:
      s.append(Chance(h, 70) ? "10." : "54.");
      AppendInt(s, static_cast<int64_t>(Below(Mix(h, 1), 256)));
      s.push_back('.');
      AppendInt(s, static_cast<int64_t>(Below(Mix(h, 2), 256)));
      s.push_back('.');
      AppendInt(s, 1 + static_cast<int64_t>(Below(Mix(h, 3), 254)));
      return;
    case Hint::kZone:
      return AppendZone(s, h, c);
    case Hint::kRegion:
      if (c.cloud == 'a')
        s.append(kAwsRegions[Below(h, std::size(kAwsRegions))]);
      else
        AppendRegion(s, c);
      return;
    case Hint::kText:
      return AppendText(s, h);
    case Hint::kTime:
      return AppendTime(s, h);
    case Hint::kDns:
      AppendName(s, h, c);
      s.push_back('.');
      s.append(c.region);
      s.append(c.cloud == 'a'   ? ".compute.internal"
               : c.cloud == 'z' ? ".cloudapp.azure.com"
                                : ".c.example.internal");
      return;
    case Hint::kUrl:
      if (c.cloud == 'g') return AppendGoogleUrl(s, h, c);
      s.append("https://");
      s.append(Word(h));
      s.append(".example.com/");
      s.append(Word(Mix(h, 1)));
      s.push_back('/');
      s.append(Word(Mix(h, 2)));
      return;
    case Hint::kRefId:
      return AppendRefId(s, m.name, h, c);
    case Hint::kKms:
      s.append("arn:aws:kms:");
      s.append(c.region);
      s.push_back(':');
      AppendPad(s, c.account % 1000000000000ULL, 12);
      s.append(":key/");
      AppendUuid(s, h);
      return;
    case Hint::kHash:
      return AppendHex(s, h, Chance(Mix(h, 1), 50) ? 32 : 64);
    case Hint::kVersion:
      AppendInt(s, 1 + static_cast<int64_t>(Below(h, 16)));
      s.push_back('.');
      AppendInt(s, static_cast<int64_t>(Below(Mix(h, 1), 32)));
      s.push_back('.');
      AppendInt(s, static_cast<int64_t>(Below(Mix(h, 2), 10)));
      return;
    case Hint::kSecret:
      return AppendB64(s, h, 24 + static_cast<int>(Below(Mix(h, 1), 17)));
    case Hint::kPolicy:
      return AppendPolicyJson(s, h, c);
    case Hint::kJsonDoc:
      return AppendJsonDoc(s, h, c);
    case Hint::kScript:
      return AppendScript(s, h, c);
    case Hint::kPem:
      return AppendPem(s, h);
    case Hint::kUuid:
      return AppendUuid(s, h);
    case Hint::kB64:
      return AppendB64(s, h, 44);
    case Hint::kPath:
      s.append("/var/lib/");
      s.append(Word(h));
      s.push_back('/');
      s.append(Word(Mix(h, 1)));
      return;
    case Hint::kEmail:
      s.append(Word(h));
      s.append("-sa@");
      s.append(c.stem);
      s.append("-prj.iam.gserviceaccount.com");
      return;
    case Hint::kAzureId:
      return AppendAzureId(s, h, c);
    case Hint::kPort:
    case Hint::kInt:
    case Hint::kSize:
    case Hint::kFloat:
      AppendInt(s, m.hi > m.lo ? m.lo + static_cast<int64_t>(Below(h, static_cast<uint64_t>(m.hi - m.lo + 1)))
                               : static_cast<int64_t>(Below(h, 1000000)));
      return;
    default:
      s.append(Word(h));
      if (Chance(Mix(h, 1), 30)) {
        s.push_back('-');
        s.append(Word(Mix(h, 2)));
      }
      return;
  }
}

void LeafNumber(Out& out, const Member& m, uint64_t seed, uint64_t mut) {
  uint64_t h = mut ? Mix(seed, mut) : seed;
  switch (m.hint) {
    case Hint::kPort: {
      static constexpr int kPorts[] = {22, 80, 443, 3306, 5432, 6379, 8080, 8443, 9090, 9200};
      out.Int(kPorts[Below(h, std::size(kPorts))]);
      return;
    }
    case Hint::kSize: {
      static constexpr int kSizes[] = {8, 20, 30, 50, 100, 128, 256, 512, 1024, 2048};
      out.Int(kSizes[Below(h, std::size(kSizes))]);
      return;
    }
    case Hint::kFloat: {
      // Go prints float64 numbers in the shortest form: 0.25, 1.5, 12.
      static constexpr std::string_view kF[] = {"0.25", "0.5", "1", "1.5", "2", "2.5", "4", "0.75"};
      out.Put(kF[Below(h, std::size(kF))]);
      return;
    }
    default:
      if (m.hi > m.lo) {
        out.Int(m.lo + static_cast<int64_t>(Below(h, static_cast<uint64_t>(m.hi - m.lo + 1))));
      } else {
        out.Int(static_cast<int64_t>(Below(h, 100)));
      }
  }
}

std::string_view MapKey(Hint h, size_t i, size_t* count) {
  switch (h) {
    case Hint::kTags:
      *count = std::size(kTagKeys);
      return kTagKeys[i % std::size(kTagKeys)];
    case Hint::kEnvMap:
      *count = std::size(kEnvKeys);
      return kEnvKeys[i % std::size(kEnvKeys)];
    default:
      *count = std::size(kObjKeys);
      return kObjKeys[i % std::size(kObjKeys)];
  }
}

}  // namespace tfgen
