#include "buffer/bucketed_text.h"

#include <catch2/catch.hpp>

#include "buffer/unnamed_file.h"
#include <map>
#include <random>
#include <string>
#include <vector>

using tfstream::buffer::BucketedText;

namespace {

std::string ReadAll(const BucketedText& t, size_t bucket, size_t stop_after = SIZE_MAX) {
  std::string got;
  size_t pieces = 0;
  REQUIRE(t.Read(bucket, [&](std::string_view p) {
              got.append(p);
              return ++pieces < stop_after;
            }).ok());
  return got;
}

}  // namespace

TEST_CASE("BucketedText gives each bucket its text back in append order, in any reading order",
          "[buffer][bucketed]") {
  // memory and window far below the text's size: spilled, many passes,
  // records crossing windows and read chunks.
  const size_t memory = GENERATE(size_t{7}, size_t{64}, size_t{1} << 20);
  const size_t window = GENERATE(size_t{5}, size_t{33}, size_t{1} << 20);
  BucketedText t(memory, window);
  std::mt19937 rng(42);
  std::map<size_t, std::string> want;
  for (int i = 0; i < 500; ++i) {
    size_t bucket = rng() % 23;
    std::string line(rng() % 40, static_cast<char>('a' + bucket));
    line += std::to_string(i) + "\n";
    t.Append(bucket, line);
    want[bucket] += line;
  }
  REQUIRE(t.status().ok());
  std::vector<size_t> order;
  for (size_t b = 23; b-- > 0;) order.push_back(b);  // not the order of the numbers
  order.push_back(99);                               // never appended to: empty
  t.Arrange(order);
  for (size_t b : order) {
    CHECK(t.size(b) == want[b].size());
    CHECK(ReadAll(t, b) == want[b]);
  }
  // Out of order, and again: the same text.
  for (size_t b = 0; b < 23; ++b) CHECK(ReadAll(t, b) == want[b]);
  // A reader that stops gets no more pieces.
  if (window < 100) CHECK(ReadAll(t, 3, 1).size() <= window);
}

TEST_CASE("BucketedText: a bucket left out of the arrangement reads empty; Clear starts over",
          "[buffer][bucketed]") {
  BucketedText t(8, 8);
  t.Append(0, "zero\n");
  t.Append(1, "one\n");
  t.Append(0, "nought\n");
  t.Arrange({1});
  CHECK(ReadAll(t, 1) == "one\n");
  CHECK(ReadAll(t, 0).empty());
  t.Clear();
  CHECK(t.size(0) == 0);
  t.Append(2, "two\n");
  t.Arrange({0, 1, 2});
  CHECK(ReadAll(t, 2) == "two\n");
  CHECK(ReadAll(t, 0).empty());
}

TEST_CASE("BucketedText reports a log it cannot spill", "[buffer][bucketed]") {
  tfstream::buffer::SetTemporaryDirectory("/nonexistent-tfstream-dir");
  BucketedText t(4, 4);
  t.Append(0, "more than four bytes\n");
  tfstream::buffer::SetTemporaryDirectory("");
  CHECK_FALSE(t.status().ok());
  t.Arrange({0});
  std::string got;
  CHECK_FALSE(t.Read(0, [&](std::string_view p) { return got.append(p), true; }).ok());
}
