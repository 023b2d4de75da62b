// AppendFloat64Text: a JSON number as Terraform <= 1.7.3 printed it, decoded
// into a float64 by encoding/json (strconv.ParseFloat: the nearest double)
// and printed by big.NewFloat(f).Text('f', -1): the fewest decimal digits
// that read back as the same double, written out without an exponent
// ("12345678901234567890" -> "12345678901234567000", "1e3" -> "1000",
// "0.50" -> "0.5").
#pragma once

#include <string>
#include <string_view>

#include "buffer/arena.h"
#include "stream/json_value.h"

namespace tfstream::render::text {

// REQUIRES: `number` is a JSON number. One that overflows a double (which
// encoding/json refuses) is appended as written and false returned.
bool AppendFloat64Text(std::string* out, std::string_view number);

// Rewrites every number of the tree at `root` (parsed into `arena`, which
// keeps the new texts) to its AppendFloat64Text, so that printing, equality
// and hashing all see the float64 value, as Terraform <= 1.7.3's
// reflect.DeepEqual over float64s did: "1" and "1.0" become equal, and so
// do "-0" and "0" (a negative zero keeps its text "-0", which big.Float
// prints, and is marked: JsonValue::IsFloatNegativeZero). Returns false when
// a number overflows a float64 (1e400): encoding/json fails the whole
// decode there; the number keeps its text.
bool NumbersAsFloat64(const stream::JsonValue* root, buffer::Arena* arena);

}  // namespace tfstream::render::text
