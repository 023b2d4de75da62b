// Compressor choice for the HTML report (--format html): compresses a text
// file in the report's chunks (256 KiB, each one zlib stream, as the report
// writes them) with zlib and with libdeflate at several levels, and prints
// per compressor and level the total compressed size, its share of the
// text, the base64 size the file then carries, and the CPU time of one
// thread (CLOCK_THREAD_CPUTIME_ID: comparable on a busy machine).
//
//   deflate_levels TEXT_FILE [CHUNK_BYTES]
#include <libdeflate.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

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
  return n;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: deflate_levels TEXT_FILE [CHUNK_BYTES]\n");
    return 2;
  }
  size_t chunk = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 256 * 1024;
  std::ifstream f(argv[1], std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  std::string text = ss.str();
  std::vector<std::string> chunks;
  for (size_t p = 0; p < text.size(); p += chunk) chunks.push_back(text.substr(p, chunk));
  std::printf("| compressor | level | compressed | of the text | base64 | CPU (one thread) | MB/s |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  auto row = [&](const char* name, int level, size_t total, double secs) {
    std::printf("| %s | %d | %.2f MB | %.1f %% | %.2f MB | %.3f s | %.0f |\n", name, level, total / 1e6,
                100.0 * static_cast<double>(total) / static_cast<double>(text.size()), (total + 2) / 3 * 4 / 1e6,
                secs, static_cast<double>(text.size()) / 1e6 / secs);
  };
  std::string buf;
  for (int level : {1, 6, 9}) {
    double t0 = ThreadSeconds();
    size_t total = 0;
    for (const std::string& c : chunks) total += Zlib(c, level, &buf);
    row("zlib 1.2.13", level, total, ThreadSeconds() - t0);
  }
  for (int level : {1, 4, 5, 6, 7, 9, 12}) {
    libdeflate_compressor* c = libdeflate_alloc_compressor(level);
    double t0 = ThreadSeconds();
    size_t total = 0;
    for (const std::string& s : chunks) total += Libdeflate(c, s, &buf);
    row("libdeflate 1.14", level, total, ThreadSeconds() - t0);
    libdeflate_free_compressor(c);
  }
  return 0;
}
