// Go's UTF-8 and string primitives, byte for byte: how Go decodes, counts,
// trims and pads text decides the bytes Terraform prints, including for
// invalid UTF-8 (each bad byte is one U+FFFD rune of width 1).
//
// Functions taking std::string_view return views into their argument; those
// stay valid as long as the argument's bytes do.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tfstream::render::text {

inline constexpr char32_t kRuneError = 0xFFFD;

// Reproduces utf8.DecodeRuneInString(s[pos:]) (go1.26.4): sets *r to the rune
// at byte `pos` and returns its width in bytes. Invalid encodings (overlong
// forms, surrogates, > U+10FFFF, truncated sequences, stray bytes) give
// U+FFFD and width 1; pos >= s.size() gives U+FFFD and width 0.
size_t DecodeRune(std::string_view s, size_t pos, char32_t* r);

// Reproduces utf8.DecodeLastRuneInString(s[:end]) (go1.26.4): the rune that
// ends at byte `end`; returns its width (0 when end == 0).
// REQUIRES: end <= s.size().
size_t DecodeLastRune(std::string_view s, size_t end, char32_t* r);

// Reproduces utf8.AppendRune (go1.26.4): UTF-8 encodes r; surrogates and
// values above U+10FFFF are written as U+FFFD.
void AppendRune(std::string& out, char32_t r);

// Reproduces utf8.RuneCountInString (go1.26.4): each invalid byte counts one.
size_t GoRuneCount(std::string_view s);

// Reproduces unicode.IsSpace (go1.26.4): '\t' '\n' '\v' '\f' '\r' ' ' U+0085
// U+00A0 and the rest of Unicode's White_Space property.
bool IsGoSpace(char32_t r);

// Reproduces strings.TrimSpace (go1.26.4): strips leading and trailing runes
// for which unicode.IsSpace holds; invalid bytes are U+FFFD, not space.
std::string_view GoTrimSpace(std::string_view s);

// Reproduces fmt's `%-*s` with the given width: appends s, then spaces until
// `width` runes are filled. Go's fmt counts runes (utf8.RuneCountInString),
// not bytes or display columns, so "é" pads like "e". A width above 1e6
// gives "%!(BADWIDTH)" and no padding, as fmt gives.
void AppendPaddedRight(std::string& out, std::string_view s, size_t width);

}  // namespace tfstream::render::text
