// Deterministic mixing for the plan generators.
//
// Every generated value is a pure function of a 64-bit node seed, and a
// child's seed is Mix(parent, key). Nothing depends on how many values were
// drawn before, so the same node can be walked again later (planned_values,
// resource_changes, prior_state are written in separate passes over the same
// resources) and yields the same bytes, in constant memory.
#pragma once

#include <cstdint>
#include <string_view>

namespace tfgen {

// splitmix64 finaliser: a strong 64-bit bijection.
inline uint64_t Fmix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

inline uint64_t PreMix(uint64_t b) { return Fmix(b + 0x632be59bd9b4e019ULL); }
inline uint64_t Mix(uint64_t a, uint64_t b) { return Fmix(a ^ PreMix(b)); }
// Mix(a, b) when PreMix(b) is already known (member keys keep it).
inline uint64_t MixPre(uint64_t a, uint64_t pre) { return Fmix(a ^ pre); }

// FNV-1a, used once per name at startup (member keys are pre-hashed).
inline uint64_t HashStr(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ULL;
  return Fmix(h);
}

// Uniform integer in [0, n). REQUIRES: n > 0.
inline uint64_t Below(uint64_t h, uint64_t n) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(h) * n) >> 64);
}

// True with probability pct/100.
inline bool Chance(uint64_t h, unsigned pct) { return Below(h, 100) < pct; }

// Salts naming what a derived seed is for.
enum Salt : uint64_t {
  kSaltNull = 0x11,
  kSaltLen = 0x12,
  kSaltPick = 0x13,
  kSaltUnknown = 0x14,
  kSaltMutSel = 0x15,
  kSaltMutKind = 0x16,
  kSaltExpr = 0x17,
  kSaltAction = 0x18,
  kSaltDrift = 0x19,
  kSaltCount = 0x1a,
  kSaltMisc = 0x1b,
};

}  // namespace tfgen
