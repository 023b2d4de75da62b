// --format html: the escaping of what sits outside the payloads, the
// chunk and index format (decompressed here with zlib, an implementation
// other than the writer's), and whole plans whose entries must put back the
// text form's output exactly.
#include "forms/html/html_report.h"

#include <catch2/catch.hpp>
#include <zlib.h>

#include <map>
#include <string>
#include <vector>

#include "buffer/base85.h"
#include "buffer/deflate_chunks.h"
#include "forms/html/html_escape.h"
#include "forms/html/block_address.h"
#include "pipeline/plan_doc.h"

namespace {

using tfstream::Status;
using tfstream::buffer::DecodeBase85;
using tfstream::buffer::kBase85Alphabet;
using tfstream::buffer::DeflateChunks;
using tfstream::buffer::OutputSink;
using tfstream::buffer::ZlibCompress;
using tfstream::forms::html::AppendHtmlText;
using tfstream::forms::html::AppendScriptJsonString;
using tfstream::forms::html::EntryInfo;
using tfstream::forms::html::EntryKind;
using tfstream::forms::html::HtmlReport;
using tfstream::forms::html::ReportMeta;
using tfstream::forms::html::StateBlockAddress;
using tfstream::pipeline::Format;
using tfstream::pipeline::Options;
using tfstream::testing::PlanChange;
using tfstream::testing::PlanDoc;
using tfstream::testing::RenderDoc;

std::string Inflate(const std::string& z) {
  std::string out(1 << 16, '\0');
  z_stream s{};
  REQUIRE(inflateInit(&s) == Z_OK);  // zlib wrapper expected, as DecompressionStream("deflate")
  s.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(z.data()));
  s.avail_in = static_cast<uInt>(z.size());
  std::string result;
  int rc;
  do {
    s.next_out = reinterpret_cast<Bytef*>(out.data());
    s.avail_out = static_cast<uInt>(out.size());
    rc = inflate(&s, Z_NO_FLUSH);
    REQUIRE((rc == Z_OK || rc == Z_STREAM_END));
    result.append(out.data(), out.size() - s.avail_out);
  } while (rc != Z_STREAM_END);
  CHECK(s.avail_in == 0);
  inflateEnd(&s);
  return result;
}

std::string InflateBase85(std::string_view b85) {
  // Payloads are the alphabet's characters only (base85_test.cc: none of
  // them can end the element or leave the attribute).
  CHECK(b85.find_first_not_of(kBase85Alphabet) == std::string_view::npos);
  std::string z;
  REQUIRE(DecodeBase85(b85, &z));
  return Inflate(z);
}

struct Entry {
  std::string kind, section, address, action, module, text;
};

// A minimal reader of the index JSON the writer produces: arrays of five
// strings and two numbers.
std::vector<Entry> ParseIndex(const std::string& index, const std::string& text) {
  std::vector<Entry> entries;
  size_t p = 1;
  auto str = [&]() {
    REQUIRE(index[p] == '"');
    ++p;
    std::string s;
    while (index[p] != '"') {
      if (index[p] == '\\') {
        ++p;
        if (index[p] == 'u') {
          s += "\\u" + index.substr(p + 1, 4);  // kept escaped: tests compare ASCII
          p += 5;
          continue;
        }
        s += index[p] == 'n' ? '\n' : index[p];
        ++p;
        continue;
      }
      s += index[p++];
    }
    ++p;
    return s;
  };
  auto num = [&]() {
    size_t n = 0;
    while (isdigit(static_cast<unsigned char>(index[p]))) n = n * 10 + static_cast<size_t>(index[p++] - '0');
    return n;
  };
  while (index[p] == '[') {
    ++p;
    Entry e;
    e.kind = str(), ++p;
    e.section = str(), ++p;
    e.address = str(), ++p;
    e.action = str(), ++p;
    e.module = str(), ++p;
    size_t offset = num();
    ++p;
    size_t length = num();
    REQUIRE(index[p] == ']');
    ++p;
    REQUIRE(offset + length <= text.size());
    e.text = text.substr(offset, length);
    entries.push_back(e);
    if (index[p] == ',') ++p;
  }
  REQUIRE(index[p] == ']');
  return entries;
}

struct Report {
  std::string head, meta, tail;
  std::vector<std::string> chunk_texts;
  std::vector<Entry> entries;
};

// Splits a report into its documented parts, checking the chunk elements'
// shape and numbering and that each index tiles its chunk's text.
Report ParseReport(const std::string& html) {
  Report r;
  const std::string open = "<script type=\"application/octet-stream\" class=\"tfs-chunk\" data-chunk=\"";
  const std::string meta_open = "<script type=\"application/json\" id=\"tfs-meta\">";
  size_t p = html.find(open);
  size_t meta = html.find(meta_open);
  REQUIRE(meta != std::string::npos);
  r.head = html.substr(0, std::min(p, meta));
  size_t n = 0;
  while (p < meta) {
    p += open.size();
    size_t q = html.find('"', p);
    CHECK(html.substr(p, q - p) == std::to_string(n));
    REQUIRE(html.compare(q, 14, "\" data-index=\"") == 0);
    size_t index_begin = q + 14, index_end = html.find('"', index_begin);
    REQUIRE(html[index_end + 1] == '>');
    size_t text_begin = index_end + 2, text_end = html.find("</script>\n", text_begin);
    std::string text = InflateBase85(std::string_view(html).substr(text_begin, text_end - text_begin));
    std::string index = InflateBase85(std::string_view(html).substr(index_begin, index_end - index_begin));
    size_t covered = 0;
    for (Entry& e : ParseIndex(index, text)) {
      covered += e.text.size();
      r.entries.push_back(std::move(e));
    }
    CHECK(covered == text.size());
    r.chunk_texts.push_back(text);
    p = text_end + 10;
    ++n;
    if (html.compare(p, open.size(), open) != 0) break;
  }
  REQUIRE(p == meta);
  size_t meta_end = html.find("</script>", meta);
  r.meta = html.substr(meta + meta_open.size(), meta_end - meta - meta_open.size());
  r.tail = html.substr(meta_end);
  return r;
}

std::string Joined(const Report& r) {
  std::string all;
  for (const Entry& e : r.entries) all += e.text;
  return all;
}

Options Html(bool color = false) {
  Options o;
  o.format = Format::kHtml;
  o.color = color;
  return o;
}

}  // namespace

TEST_CASE("HTML text escapes markup characters and replaces invalid UTF-8", "[html][escape]") {
  std::string out;
  AppendHtmlText("</title><script>alert('x')</script> & \"q\" \xc3\xa9 \xff", &out);
  CHECK(out == "&lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; \xc3\xa9 \xef\xbf\xbd");
}

TEST_CASE("JSON in a script element never holds '<', '>', '&' or a line separator", "[html][escape]") {
  std::string out;
  AppendScriptJsonString("</script><!--\"\\\n\x01 \xe2\x80\xa8\xe2\x80\xa9 \xc3\xa9 \xed\xa0\x80", &out);
  CHECK(out ==
        "\"\\u003c/script\\u003e\\u003c!--\\\"\\\\\\n\\u0001 \\u2028\\u2029 \xc3\xa9 \\ufffd\\ufffd\\ufffd\"");
}

TEST_CASE("a state block's first line gives its address", "[html]") {
  CHECK(StateBlockAddress("# aws_instance.a[\"x: y\"]:") == "aws_instance.a[\"x: y\"]");
  CHECK(StateBlockAddress("# aws_instance.a: (tainted)") == "aws_instance.a");
  CHECK(StateBlockAddress("# module.m.aws_instance.a: (deposed object 00ab)") ==
        "module.m.aws_instance.a (deposed object 00ab)");
}

TEST_CASE("chunks are compressed off the thread and written in submission order", "[html][deflate]") {
  for (int threads : {0, 1, 3}) {
    std::vector<std::string> written;
    DeflateChunks chunks(
        threads, 6,
        [](uint64_t number, const std::vector<std::string>& compressed, std::string* out) {
          *out = std::to_string(number) + ":" + compressed[0];
        },
        [&](std::string_view bytes) {
          written.emplace_back(bytes);
          return Status::Ok();
        });
    for (int i = 0; i < 50; ++i) {
      std::string text(static_cast<size_t>(1000 + i * 997), static_cast<char>('a' + i % 26));
      REQUIRE(chunks.Submit({text}).ok());
    }
    REQUIRE(chunks.Finish().ok());
    REQUIRE(written.size() == 50);
    for (int i = 0; i < 50; ++i) {
      std::string prefix = std::to_string(i) + ":";
      REQUIRE(written[static_cast<size_t>(i)].starts_with(prefix));
      CHECK(Inflate(written[static_cast<size_t>(i)].substr(prefix.size())) ==
            std::string(static_cast<size_t>(1000 + i * 997), static_cast<char>('a' + i % 26)));
    }
  }
  std::string z;
  ZlibCompress("", 6, &z);
  CHECK(Inflate(z).empty());
}

TEST_CASE("the report: escaped title, chunks of whole entries, an index that tiles each chunk", "[html]") {
  OutputSink out;  // collects
  {
    HtmlReport report(&out, 2, 6, /*chunk_bytes=*/100);
    REQUIRE(report.Begin("<b>t</b> & \"x\"").ok());
    for (int i = 0; i < 20; ++i) {
      std::string address = "t.a[\"" + std::to_string(i) + "\"]";
      report.StartEntry({EntryKind::kText, "other", {}, {}, {}});
      report.AppendText("\n");
      REQUIRE(report.EndEntry().ok());
      report.StartEntry({EntryKind::kBlock, "changes", address, "create", ""});
      report.AppendText("  # " + address + " will be created\n");
      report.AppendText("  + resource \"t\" \"a\" {}\n");
      REQUIRE(report.EndEntry().ok());
    }
    ReportMeta meta;
    meta.title = "</script><script>alert(1)</script>";
    meta.counts = {{"create", 20}};
    REQUIRE(report.Finish(meta).ok());
    CHECK(report.blocks() == 20);
  }
  const std::string& html = *out.buffer();
  Report r = ParseReport(html);
  CHECK(r.head.find("<title>&lt;b&gt;t&lt;/b&gt; &amp; &quot;x&quot;</title>") != std::string::npos);
  CHECK(r.head.find("Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-") !=
        std::string::npos);
  CHECK(r.entries.size() == 40);
  CHECK(r.chunk_texts.size() > 5);  // 100-byte chunks: each closes after the entry reaching it
  for (const std::string& t : r.chunk_texts) CHECK(t.size() < 100 + 60);
  CHECK(r.entries[1].kind == "block");
  CHECK(r.entries[1].address == "t.a[\"0\"]");
  CHECK(r.entries[1].text == "  # t.a[\"0\"] will be created\n  + resource \"t\" \"a\" {}\n");
  CHECK(r.meta.find("<") == std::string::npos);
  CHECK(r.meta.find("\"title\":\"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\"") !=
        std::string::npos);
  CHECK(r.meta.find("\"counts\":{\"create\":20}") != std::string::npos);
  CHECK(r.meta.find("\"chunks\":" + std::to_string(r.chunk_texts.size()) + ",\"blocks\":20}") != std::string::npos);
  CHECK(r.tail.ends_with("</script></body></html>\n"));
}

TEST_CASE("--format html holds exactly the text form's output, blocks indexed as --format json lists them",
          "[html]") {
  std::string doc = PlanDoc({
      PlanChange("t.c", R"(["create"])", "null", "</script><img src=x onerror=alert(1)>"),
      PlanChange("t.r", R"(["delete","create"])", "a", "b"),
      PlanChange("t.noop", R"(["no-op"])", "a", "a"),
      PlanChange(R"(module.m[\"k\"].t.u)", R"(["update"])", "a", "b", R"("module_address":"module.m[\"k\"]",)"),
      PlanChange("t.d", R"(["delete"])", "a", "null", R"("deposed":"00ff",)"),
  });
  for (bool color : {false, true}) {
    Options text_options;
    text_options.color = color;
    std::string text = RenderDoc(doc, text_options);
    REQUIRE(text.find("will be created") != std::string::npos);
    Report r = ParseReport(RenderDoc(doc, Html(color)));
    CHECK(Joined(r) == text);
    std::vector<std::pair<std::string, std::string>> blocks;
    for (const Entry& e : r.entries) {
      if (e.kind != "block") continue;
      CHECK(e.section == "changes");
      CHECK(e.text.find("# ") != std::string::npos);
      CHECK(e.text.back() == '\n');
      blocks.emplace_back(e.address, e.action);
      if (e.address.find("module.m") == 0) CHECK(e.module == "module.m[\"k\"]");
    }
    CHECK(blocks == std::vector<std::pair<std::string, std::string>>{{"t.c", "create"},
                                                                     {"t.r", "replace"},
                                                                     {"module.m[\"k\"].t.u", "update"},
                                                                     {"t.d (deposed object 00ff)", "delete"}});
    CHECK(r.meta.find("\"counts\":{\"create\":1,\"update\":1,\"replace\":1,\"delete\":1}") != std::string::npos);
    CHECK(r.meta.find(std::string("\"color\":") + (color ? "true" : "false")) != std::string::npos);
    CHECK(r.meta.find("\"destroy_count\":2") != std::string::npos);
    CHECK(r.meta.find("\"totals_line\":\"Plan: 2 to add, 1 to change, 2 to destroy.\"") != std::string::npos);
  }
}

TEST_CASE("--format html applies --action as the text does", "[html][filter]") {
  std::string doc = PlanDoc({PlanChange("t.c", R"(["create"])", "null", "b"),
                             PlanChange("t.d", R"(["delete"])", "a", "null")});
  Options text_options;
  REQUIRE(text_options.filter.AddActions("delete").ok());
  Options html_options = Html();
  REQUIRE(html_options.filter.AddActions("delete").ok());
  Report r = ParseReport(RenderDoc(doc, html_options));
  CHECK(Joined(r) == RenderDoc(doc, text_options));
  CHECK(r.meta.find("\"counts\":{\"delete\":1}") != std::string::npos);
}

TEST_CASE("--format html of an invalid plan writes nothing and fails as the text does", "[html]") {
  std::string got = RenderDoc("{\"resource_changes\": [", Html());
  CHECK(got.starts_with("ERROR: "));
  CHECK(got == RenderDoc("{\"resource_changes\": [", Options()));
}
