// HtmlReport: the --format html writer, shaped as a sink of the run:
// Begin(title), then one Entry per piece of the text form's output in
// order (a resource block, or the text between blocks), then Finish(meta).
// It writes one self-contained HTML file as it goes (docs/html-report.md):
//
//   <!DOCTYPE html> ... <head> CSP, <title>, <style>CSS</style></head><body>
//   <script type="application/octet-stream" class="tfs-chunk" data-chunk="N"
//           data-index="B85(ZLIB(INDEX-JSON))">B85(ZLIB(TEXT))</script>
//   ... one per chunk of about kChunkBytes of text ...
//   <script type="application/json" id="tfs-meta">META-JSON</script>
//   <script>JS</script></body></html>
//
// A chunk's TEXT is its entries' texts concatenated, exactly as the text
// form writes them (SGR escapes included when coloured); its INDEX-JSON is
// an array of [kind, section, address, action, module, offset, length] per
// entry. Chunks are compressed by a DeflateChunks pool while later entries
// arrive, and written in order; only the open chunk and those in flight are
// held. Nothing taken from the plan is written outside the base-85 payloads
// (buffer/base85.h) but in META-JSON, escaped for a script element
// (html_escape.h).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/status.h"
#include "buffer/deflate_chunks.h"
#include "buffer/output_sink.h"

namespace tfstream::forms::html {

enum class EntryKind { kBlock, kText };

// What the index says of an entry; views valid during the call.
struct EntryInfo {
  EntryKind kind = EntryKind::kText;
  std::string_view section = "other";  // drift changes deferred actions outputs state other
  std::string_view address, action, module;
};

struct ReportMeta {
  std::string document = "plan";  // or "state"
  std::string title;
  std::string flavor, release, quality;
  bool color = false;
  std::vector<std::pair<std::string, size_t>> counts;  // action word, shown blocks
  size_t drift_count = 0, destroy_count = 0;
  std::string totals_line;
};

class HtmlReport {
 public:
  static constexpr size_t kChunkBytes = 256 * 1024;
  // libdeflate's level 4: with base-85 payloads (5/4 of the compressed
  // size) the lowest level whose file stays within 23.5 % of the text (a
  // margin under a quarter) on the benchmark plan and state; levels 1-3
  // leave the state's file at 24.2-25.3 %, level 6 compresses in 1.5x
  // level 4's CPU (docs/html-report.md, "The compressor").
  static constexpr int kDefaultLevel = 4;

  // `threads` compress (0: on the caller's thread); `out` gets the file.
  HtmlReport(buffer::OutputSink* out, int threads, int level = kDefaultLevel, size_t chunk_bytes = kChunkBytes);

  // The head: everything before the first chunk.
  Status Begin(std::string_view title);
  // An entry in pieces: Start, any number of Append, End. Entries never
  // nest; End closes the chunk once it holds chunk_bytes of text.
  void StartEntry(const EntryInfo& info);
  void AppendText(std::string_view text) { text_.append(text); }
  Status EndEntry();
  Status Entry(const EntryInfo& info, std::string_view text) {
    StartEntry(info);
    AppendText(text);
    return EndEntry();
  }
  // The last chunk, the metadata (its chunks and blocks are this writer's
  // counts) and the page script.
  Status Finish(const ReportMeta& meta);

  size_t blocks() const { return blocks_; }

  // The first part of the file, up to and including <body> (for tests).
  static std::string Head(std::string_view title);
  // META-JSON for `meta` with the given chunk and block numbers.
  static std::string MetaJson(const ReportMeta& meta, uint64_t chunks, size_t blocks);

 private:
  Status CloseChunk();

  buffer::OutputSink* out_;
  buffer::DeflateChunks chunks_;
  const size_t chunk_bytes_;
  std::string text_;   // the open chunk's text
  std::string index_;  // its index, "[" + entries
  size_t entry_start_ = 0;
  size_t blocks_ = 0;
};

}  // namespace tfstream::forms::html
