// Parser for the schema DSL.
//
// Grammar, one item per line, '#' starts a comment:
//   provider LOCAL SOURCE           starts a provider
//   config {  ...members...  }      its provider block
//   resource NAME [v=N] [id=PFX]    a managed type, members until `end`
//   data NAME [v=N] [id=PFX]        a data source type
// Members:
//   NAME TYPE FLAGS [OPT...]                     attribute
//   obj NAME single|list|set|map FLAGS [OPT] {   object-typed attribute
//   nested NAME single|list|set|map FLAGS [OPT] {  nested attribute type
//   block NAME single|list|set|map|group MIN MAX [C] [OPT] {
//   }                                            closes obj/nested/block
// TYPE: s n b ls ss ms ln sn mn lls. FLAGS: letters of R O C S F
// (required, optional, computed, sensitive, forces replacement).
// OPT: k=HINT, enum=a,b,c, int=LO-HI, len=LO-HI, null=PCT.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "gen/hash.h"
#include "gen/schema.h"
#include "gen/text.h"

namespace tfgen {
namespace {

[[noreturn]] void Die(int line, const std::string& msg) {
  std::fprintf(stderr, "schema DSL line %d: %s\n", line, msg.c_str());
  std::abort();
}

const std::map<std::string, Hint, std::less<>>& HintNames() {
  static const std::map<std::string, Hint, std::less<>> kNames = {
      {"word", Hint::kWord},       {"id", Hint::kId},         {"arn", Hint::kArn},
      {"name", Hint::kName},       {"cidr", Hint::kCidr},     {"ip", Hint::kIp},
      {"zone", Hint::kZone},       {"region", Hint::kRegion}, {"text", Hint::kText},
      {"time", Hint::kTime},       {"dns", Hint::kDns},       {"url", Hint::kUrl},
      {"ref", Hint::kRefId},       {"kms", Hint::kKms},       {"hash", Hint::kHash},
      {"version", Hint::kVersion}, {"secret", Hint::kSecret}, {"policy", Hint::kPolicy},
      {"json", Hint::kJsonDoc},    {"script", Hint::kScript}, {"pem", Hint::kPem},
      {"enum", Hint::kEnum},       {"uuid", Hint::kUuid},     {"b64", Hint::kB64},
      {"path", Hint::kPath},       {"email", Hint::kEmail},   {"azureid", Hint::kAzureId},
      {"port", Hint::kPort},       {"int", Hint::kInt},       {"float", Hint::kFloat},
      {"size", Hint::kSize},       {"tags", Hint::kTags},     {"env", Hint::kEnvMap},
  };
  return kNames;
}

bool Has(std::string_view s, std::string_view sub) { return s.find(sub) != std::string_view::npos; }
bool Ends(std::string_view s, std::string_view suf) {
  return s.size() >= suf.size() && s.substr(s.size() - suf.size()) == suf;
}

// Picks a realistic leaf shape from the attribute name.
Hint DeriveHint(std::string_view n, const Type* t) {
  const Type* leaf = t;
  while (leaf && !leaf->primitive() && leaf->elem) leaf = leaf->elem;
  if (t && t->kind == Type::kMap) {
    if (Has(n, "tag") || Has(n, "label")) return Hint::kTags;
    return Hint::kEnvMap;
  }
  if (leaf && leaf->kind == Type::kNumber) {
    if (Has(n, "port")) return Hint::kPort;
    if (Has(n, "size") || Has(n, "storage") || Has(n, "_gb") || Has(n, "memory")) return Hint::kSize;
    if (Has(n, "ratio") || Has(n, "percent") || Has(n, "cpu")) return Hint::kFloat;
    return Hint::kInt;
  }
  if (leaf && leaf->kind != Type::kString) return Hint::kWord;
  if (n == "id") return Hint::kId;
  if (Has(n, "uuid") || Has(n, "tenant_id") || Has(n, "principal_id") || Has(n, "object_id") ||
      Has(n, "client_id") || Has(n, "subscription"))
    return Hint::kUuid;
  if (Has(n, "kms")) return Hint::kKms;
  if (Ends(n, "_id") || Ends(n, "_ids")) return Hint::kRefId;
  if (Has(n, "policy") || Has(n, "routing_rules")) return Hint::kPolicy;
  if (Has(n, "user_data") || Has(n, "custom_data") || Has(n, "script") || Has(n, "command"))
    return Hint::kScript;
  if (Has(n, "certificate") || Has(n, "pem") || Has(n, "public_key")) return Hint::kPem;
  if (Has(n, "json") || Has(n, "definition") || Has(n, "document") || Has(n, "_config_raw"))
    return Hint::kJsonDoc;
  if (Has(n, "kms")) return Hint::kKms;
  if (Ends(n, "arn") || Ends(n, "arns")) return Hint::kArn;
  if (Has(n, "cidr")) return Hint::kCidr;
  if (Ends(n, "_ip") || Has(n, "ip_address") || Ends(n, "_ips") || n == "ip" || Has(n, "ipv6_addresses") ||
      Has(n, "_ip_"))
    return Hint::kIp;
  if (Has(n, "zone")) return Hint::kZone;
  if (Has(n, "region") || Has(n, "location")) return Hint::kRegion;
  if (Has(n, "description") || Has(n, "message") || Has(n, "comment")) return Hint::kText;
  if (Has(n, "date") || Has(n, "time") || Has(n, "window")) return Hint::kTime;
  if (Has(n, "dns") || Has(n, "fqdn") || Has(n, "endpoint") || Has(n, "domain") || Has(n, "host"))
    return Hint::kDns;
  if (Has(n, "url") || Has(n, "self_link") || Ends(n, "uri") || Has(n, "_uri")) return Hint::kUrl;
  if (Has(n, "password") || Has(n, "secret") || Has(n, "token") || Has(n, "_key") || Has(n, "key_data"))
    return Hint::kSecret;
  if (Has(n, "etag") || Has(n, "hash") || Has(n, "fingerprint") || Has(n, "digest")) return Hint::kHash;
  if (Has(n, "version")) return Hint::kVersion;
  if (Has(n, "uuid") || Has(n, "tenant_id") || Has(n, "principal_id") || Has(n, "object_id") ||
      Has(n, "client_id") || Has(n, "subscription"))
    return Hint::kUuid;
  if (Has(n, "base64")) return Hint::kB64;
  if (Has(n, "email")) return Hint::kEmail;
  if (Has(n, "path") || Has(n, "directory")) return Hint::kPath;
  if (Ends(n, "_id") || Ends(n, "_ids") || Has(n, "groups") || Has(n, "subnet")) return Hint::kRefId;
  if (Has(n, "name") || Has(n, "bucket") || Has(n, "identifier") || Has(n, "family") || Has(n, "prefix"))
    return Hint::kName;
  return Hint::kWord;
}

class Parser {
 public:
  Parser(std::string_view text, Schema& s) : s_(s) {
    std::string cur;
    for (char c : text) {
      if (c == '\n') {
        lines_.push_back(cur);
        cur.clear();
      } else {
        cur.push_back(c);
      }
    }
    lines_.push_back(cur);
  }

  void Run() {
    for (i_ = 0; i_ < lines_.size(); ++i_) {
      auto tok = Tokens(i_);
      if (tok.empty()) continue;
      if (tok[0] == "provider") {
        if (tok.size() != 3) Die(Line(), "provider LOCAL SOURCE");
        Provider p;
        p.local_name = tok[1];
        p.source = tok[2];
        s_.providers.push_back(std::move(p));
      } else if (tok[0] == "config") {
        if (s_.providers.empty()) Die(Line(), "config before provider");
        ++i_;
        ParseBody(&s_.providers.back().config, "}");
      } else if (tok[0] == "resource" || tok[0] == "data") {
        if (s_.providers.empty()) Die(Line(), "type before provider");
        auto rt = std::make_unique<ResourceType>();
        rt->name = tok.at(1);
        rt->data = tok[0] == "data";
        rt->provider = static_cast<int>(s_.providers.size()) - 1;
        for (size_t k = 2; k < tok.size(); ++k) {
          if (tok[k].rfind("v=", 0) == 0)
            rt->schema_version = std::atoi(tok[k].c_str() + 2);
          else if (tok[k].rfind("id=", 0) == 0)
            rt->id_prefix = tok[k].substr(3);
          else
            Die(Line(), "bad type option " + tok[k]);
        }
        ++i_;
        ParseBody(&rt->body, "end");
        int idx = static_cast<int>(s_.types.size());
        auto& prov = s_.providers.back();
        (rt->data ? prov.data_sources : prov.resources).push_back(idx);
        s_.types.push_back(std::move(rt));
      } else {
        Die(Line(), "unexpected '" + tok[0] + "'");
      }
    }
    for (auto& p : s_.providers) {
      auto by_name = [&](int a, int b) { return s_.types[a]->name < s_.types[b]->name; };
      std::sort(p.resources.begin(), p.resources.end(), by_name);
      std::sort(p.data_sources.begin(), p.data_sources.end(), by_name);
    }
  }

 private:
  int Line() const { return static_cast<int>(i_) + 1; }

  std::vector<std::string> Tokens(size_t i) const {
    std::string l = lines_[i];
    if (auto h = l.find('#'); h != std::string::npos) l.resize(h);
    std::istringstream in(l);
    std::vector<std::string> out;
    for (std::string t; in >> t;) out.push_back(t);
    return out;
  }

  const Type* NewType(Type::Kind k, const Type* elem = nullptr, const Block* body = nullptr) {
    auto t = std::make_unique<Type>();
    t->kind = k;
    t->elem = elem;
    t->body = body;
    s_.type_pool.push_back(std::move(t));
    return s_.type_pool.back().get();
  }

  const Type* Prim(char c) {
    switch (c) {
      case 's':
        return NewType(Type::kString);
      case 'n':
        return NewType(Type::kNumber);
      case 'b':
        return NewType(Type::kBool);
    }
    Die(Line(), std::string("bad primitive ") + c);
  }

  const Type* ParseType(const std::string& t) {
    if (t.size() == 1) return Prim(t[0]);
    if (t == "lls") return NewType(Type::kList, NewType(Type::kList, Prim('s')));
    if (t.size() == 2) {
      const Type* e = Prim(t[1]);
      switch (t[0]) {
        case 'l':
          return NewType(Type::kList, e);
        case 's':
          return NewType(Type::kSet, e);
        case 'm':
          return NewType(Type::kMap, e);
      }
    }
    Die(Line(), "bad type " + t);
  }

  static Nesting ParseNesting(const std::string& m, int line) {
    if (m == "single") return Nesting::kSingle;
    if (m == "list") return Nesting::kList;
    if (m == "set") return Nesting::kSet;
    if (m == "map") return Nesting::kMap;
    if (m == "group") return Nesting::kGroup;
    Die(line, "bad nesting " + m);
  }

  void ParseFlags(Member& m, const std::string& f) {
    for (char c : f) {
      switch (c) {
        case 'R':
          m.required = true;
          break;
        case 'O':
          m.optional = true;
          break;
        case 'C':
          m.computed = true;
          break;
        case 'S':
          m.sensitive = true;
          break;
        case 'F':
          m.forces_new = true;
          break;
        default:
          Die(Line(), std::string("bad flag ") + c);
      }
    }
    if (!m.required && !m.optional && !m.computed) Die(Line(), "attribute needs R, O or C");
  }

  void ParseOpts(Member& m, const std::vector<std::string>& tok, size_t from, bool hint_set) {
    for (size_t k = from; k < tok.size(); ++k) {
      const std::string& o = tok[k];
      if (o == "{") continue;
      auto eq = o.find('=');
      if (eq == std::string::npos) Die(Line(), "bad option " + o);
      std::string key = o.substr(0, eq), val = o.substr(eq + 1);
      if (key == "k") {
        auto it = HintNames().find(val);
        if (it == HintNames().end()) Die(Line(), "bad hint " + val);
        m.hint = it->second;
        hint_set = true;
      } else if (key == "enum") {
        m.hint = Hint::kEnum;
        hint_set = true;
        size_t p = 0;
        while (p <= val.size()) {
          size_t c = val.find(',', p);
          if (c == std::string::npos) c = val.size();
          m.enum_values.push_back(val.substr(p, c - p));
          p = c + 1;
        }
      } else if (key == "int" || key == "len") {
        auto dash = val.find('-', 1);
        if (dash == std::string::npos) Die(Line(), "range LO-HI");
        int lo = std::atoi(val.substr(0, dash).c_str());
        int hi = std::atoi(val.substr(dash + 1).c_str());
        if (key == "len") {
          m.len_lo = lo;
          m.len_hi = hi;
          continue;
        }
        m.lo = lo;
        m.hi = hi;
        if (m.hint != Hint::kFloat) {
          m.hint = Hint::kInt;
          hint_set = true;
        }
      } else if (key == "null") {
        m.null_pct = std::atoi(val.c_str());
      } else {
        Die(Line(), "bad option " + o);
      }
    }
    if (!hint_set) m.hint = DeriveHint(m.name, m.type);
  }

  // Reads members until a line that is exactly `closer`.
  void ParseBody(Block* b, const char* closer) {
    for (; i_ < lines_.size(); ++i_) {
      auto tok = Tokens(i_);
      if (tok.empty()) continue;
      if (tok.size() == 1 && tok[0] == closer) break;
      Member m;
      if (tok[0] == "obj" || tok[0] == "nested") {
        if (tok.size() < 5 || tok.back() != "{") Die(Line(), tok[0] + " NAME MODE FLAGS ... {");
        m.name = tok[1];
        Nesting mode = ParseNesting(tok[2], Line());
        ParseFlags(m, tok[3]);
        auto body = std::make_unique<Block>();
        Block* bp = body.get();
        s_.blocks.push_back(std::move(body));
        ParseOpts(m, tok, 4, true);
        ++i_;
        ParseBody(bp, "}");
        if (tok[0] == "obj") {
          const Type* obj = NewType(Type::kObject, nullptr, bp);
          switch (mode) {
            case Nesting::kSingle:
              m.type = obj;
              break;
            case Nesting::kList:
              m.type = NewType(Type::kList, obj);
              break;
            case Nesting::kSet:
              m.type = NewType(Type::kSet, obj);
              break;
            case Nesting::kMap:
              m.type = NewType(Type::kMap, obj);
              break;
            default:
              Die(Line(), "obj cannot be group");
          }
        } else {
          m.kind = Member::kNestedAttr;
          m.nesting = mode;
          m.body = bp;
        }
      } else if (tok[0] == "block") {
        if (tok.size() < 6 || tok.back() != "{") Die(Line(), "block NAME MODE MIN MAX ... {");
        m.kind = Member::kBlock;
        m.name = tok[1];
        m.nesting = ParseNesting(tok[2], Line());
        m.min_items = std::atoi(tok[3].c_str());
        m.max_items = std::atoi(tok[4].c_str());
        size_t k = 5;
        if (tok[k] == "C") {
          m.unknown_on_create = true;
          ++k;
        }
        auto body = std::make_unique<Block>();
        Block* bp = body.get();
        s_.blocks.push_back(std::move(body));
        ParseOpts(m, tok, k, true);
        ++i_;
        ParseBody(bp, "}");
        m.body = bp;
      } else {
        if (tok.size() < 3) Die(Line(), "NAME TYPE FLAGS");
        m.name = tok[0];
        m.type = ParseType(tok[1]);
        ParseFlags(m, tok[2]);
        ParseOpts(m, tok, 3, false);
      }
      m.key = HashStr(m.name);
      m.kmix = PreMix(m.key);
      m.key_json = "\"" + m.name + "\":";
      m.escape = LeafNeedsEscape(m);
      b->members.push_back(std::move(m));
    }
    if (i_ >= lines_.size()) Die(Line(), std::string("missing ") + closer);
    Finish(b);
  }

  static void Finish(Block* b) {
    std::sort(b->members.begin(), b->members.end(),
              [](const Member& a, const Member& c) { return a.name < c.name; });
    for (size_t k = 0; k < b->members.size(); ++k) {
      const Member& m = b->members[k];
      if (m.settable()) b->settable.push_back(static_cast<int>(k));
      if (m.settable() && m.forces_new && m.kind != Member::kBlock) b->forcing.push_back(static_cast<int>(k));
      if (m.settable() && !m.forces_new) b->updatable.push_back(static_cast<int>(k));
      if (m.sensitive) b->has_sensitive = true;
      if (m.body && m.body->has_sensitive) b->has_sensitive = true;
      if (m.type) {
        const Type* t = m.type;
        while (t->elem) t = t->elem;
        if (t->body && t->body->has_sensitive) b->has_sensitive = true;
      }
    }
  }

  Schema& s_;
  std::vector<std::string> lines_;
  size_t i_ = 0;
};

}  // namespace

const ResourceType* Schema::Find(std::string_view name, bool data) const {
  for (const auto& t : types)
    if (t->name == name && t->data == data) return t.get();
  return nullptr;
}

std::unique_ptr<Schema> ParseSchema(std::string_view dsl) {
  auto s = std::make_unique<Schema>();
  Parser(dsl, *s).Run();
  return s;
}

}  // namespace tfgen
