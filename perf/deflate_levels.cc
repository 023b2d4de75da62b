// Compressor and level choice for the HTML report (--format html):
// compresses a text file in the report's chunks (256 KiB, each one zlib
// stream, as the report writes them) with zlib and with libdeflate at
// several levels, and prints per compressor and level the total compressed
// size, its share of the text, the size of the payload text it becomes in
// base64 (4/3) and in the report's base 85 (5/4, src/buffer/base85.h), each
// as a share of the text, and the CPU time of one thread compressing
// (CLOCK_THREAD_CPUTIME_ID: comparable on a busy machine). Then the CPU time
// of base-85 encoding what level 1 produced.
//
//   deflate_levels TEXT_FILE [CHUNK_BYTES [LEVELS]]
//
// LEVELS: libdeflate levels, comma-separated (default 1,2,3,4,5,6); zlib is
// measured at levels 1 and 6.
#include <libdeflate.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "buffer/base85.h"

namespace {

double ThreadSeconds() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

size_t Zlib(const std::string& in, int level, std::string* buf) {
  uLongf n = compressBound(static_cast<uLong>(in.size()));
  buf->resize(n);
  if (compress2(reinterpret_cast<Bytef*>(buf->data()), &n, reinterpret_cast<const Bytef*>(in.data()),
                static_cast<uLong>(in.size()), level) != Z_OK) {
    std::abort();
  }
  return n;
}

size_t Libdeflate(libdeflate_compressor* c, const std::string& in, std::string* buf) {
  size_t bound = libdeflate_zlib_compress_bound(c, in.size());
  buf->resize(bound);
  size_t n = libdeflate_zlib_compress(c, in.data(), in.size(), buf->data(), bound);
  if (n == 0) std::abort();
  buf->resize(n);
  return n;
}

// Sizes of one level's chunks: compressed, and as each payload encoding.
struct Sizes {
  size_t compressed = 0, base64 = 0, base85 = 0;
  void Add(size_t n) {
    compressed += n;
    base64 += (n + 2) / 3 * 4;
    base85 += tfstream::buffer::Base85Length(n);
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: deflate_levels TEXT_FILE [CHUNK_BYTES [LEVELS]]\n");
    return 2;
  }
  size_t chunk = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 256 * 1024;
  std::vector<int> levels;
  for (const char* p = argc > 3 ? argv[3] : "1,2,3,4,5,6"; *p != '\0';) {
    char* end;
    levels.push_back(static_cast<int>(std::strtol(p, &end, 10)));
    if (end == p || (*end != ',' && *end != '\0')) {
      std::fprintf(stderr, "deflate_levels: LEVELS is a comma-separated list of numbers\n");
      return 2;
    }
    p = *end == ',' ? end + 1 : end;
  }
  std::ifstream f(argv[1], std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string text = ss.str();
  if (text.empty()) {
    std::fprintf(stderr, "deflate_levels: %s is empty or unreadable\n", argv[1]);
    return 2;
  }
  std::vector<std::string> chunks;
  for (size_t p = 0; p < text.size(); p += chunk) chunks.push_back(text.substr(p, chunk));
  const double mb = static_cast<double>(text.size()) / 1e6;
  auto share = [&](size_t n) { return 100.0 * static_cast<double>(n) / static_cast<double>(text.size()); };
  std::printf("%s: %.2f MB of text, %zu chunks of %zu bytes\n\n", argv[1], mb, chunks.size(), chunk);
  std::printf("| compressor | level | compressed | of the text | base64 | base 85 | CPU (one thread) | MB/s |\n");
  std::printf("|---|---|---|---|---|---|---|---|\n");
  auto row = [&](const char* name, int level, const Sizes& s, double secs) {
    std::printf("| %s | %d | %.2f MB | %.1f %% | %.2f MB, %.2f %% | %.2f MB, %.2f %% | %.3f s | %.0f |\n", name, level,
                s.compressed / 1e6, share(s.compressed), s.base64 / 1e6, share(s.base64), s.base85 / 1e6,
                share(s.base85), secs, mb / secs);
  };
  std::string buf;
  for (int level : {1, 6}) {
    double t0 = ThreadSeconds();
    Sizes s;
    for (const std::string& c : chunks) s.Add(Zlib(c, level, &buf));
    row("zlib " ZLIB_VERSION, level, s, ThreadSeconds() - t0);
  }
  std::vector<std::string> level1;  // what level 1 makes, for the encoding's time
  for (int level : levels) {
    libdeflate_compressor* c = libdeflate_alloc_compressor(level);
    if (c == nullptr) {
      std::fprintf(stderr, "deflate_levels: libdeflate has no level %d\n", level);
      return 2;
    }
    double t0 = ThreadSeconds();
    Sizes s;
    for (const std::string& chunk_text : chunks) {
      s.Add(Libdeflate(c, chunk_text, &buf));
      if (level == levels.front()) level1.push_back(buf);
    }
    row("libdeflate", level, s, ThreadSeconds() - t0);
    libdeflate_free_compressor(c);
  }
  std::string encoded;
  size_t compressed = 0;
  double t0 = ThreadSeconds();
  for (const std::string& z : level1) {
    encoded.clear();
    tfstream::buffer::AppendBase85(z, &encoded);
    compressed += z.size();
  }
  double secs = ThreadSeconds() - t0;
  std::printf("\nbase-85 encoding of level %d's %.2f MB: %.3f s (%.0f MB/s of compressed bytes)\n", levels.front(),
              compressed / 1e6, secs, compressed / 1e6 / secs);
  return 0;
}
