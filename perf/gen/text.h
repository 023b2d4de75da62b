// Leaf values for the generators: realistic-looking strings and numbers
// (ids, ARNs, CIDRs, JSON policy documents, multi-line scripts, PEM blocks),
// each a pure function of a seed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gen/out.h"
#include "gen/schema.h"

namespace tfgen {

// Per-resource facts that make leaves look like they belong together.
struct LeafCtx {
  char cloud = 'a';            // 'a' aws, 'z' azurerm, 'g' google
  std::string_view id_prefix;  // "i-" for aws_instance ids; may be empty
  std::string_view stem;       // e.g. "billing-api-eu": names derive from it
  std::string_view region;     // "us-east-1" / "westeurope" / "europe-west1"
  uint64_t account = 0;        // account / subscription / project number
};

// A small word list (lower-case letters only; none is a prefix of another
// in a way that breaks sorting, see plan_layout.cc).
extern const std::string_view kWords[];
extern const size_t kNumWords;

// Appends the text of a string leaf. mut != 0 asks for a value different
// from the one mut == 0 gives. Policy, JSON-document, script and PEM leaves
// come out already JSON-escaped (Go style: \n, \", \u003c ...), the rest
// need no escaping unless LeafNeedsEscape says so.
void LeafString(std::string& s, const Member& m, uint64_t seed, uint64_t mut, const LeafCtx& c);
// True when LeafString may produce bytes that need JSON escaping.
bool LeafNeedsEscape(const Member& m);
// Writes a JSON number leaf.
void LeafNumber(Out& out, const Member& m, uint64_t seed, uint64_t mut);

// Map keys for tag-like and env-like maps, sorted.
std::string_view MapKey(Hint h, size_t i, size_t* count);

// Multi-line / JSON bodies, JSON-escaped.
void AppendPolicyJson(std::string& s, uint64_t seed, const LeafCtx& c);
void AppendScript(std::string& s, uint64_t seed, const LeafCtx& c);
void AppendHex(std::string& s, uint64_t seed, int n);

}  // namespace tfgen
