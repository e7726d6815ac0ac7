#include "askdb/knowledge/document_parser.h"

#include <gtest/gtest.h>
#include <zip.h>

#include <fstream>
#include <sstream>

#include "askdb/common/file_util.h"

namespace askdb::knowledge {
namespace {

std::string Fixture(const std::string& name) {
  StatusOr<std::string> bytes =
      ReadFile(std::string(ASKDB_SOURCE_DIR) + "/tests/data/knowledge/" + name);
  EXPECT_TRUE(bytes.ok()) << bytes.status().ToString();
  return bytes.ok() ? *bytes : std::string();
}

// A DOCX as Word writes it, minus the parts askdb does not read: a zip holding
// word/document.xml with paragraphs of runs.
std::string MakeDocx(const std::string& document_xml) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  zip_source_keep(buffer);
  zip_t* archive = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  auto add = [&](const char* name, const std::string& content) {
    zip_source_t* s = zip_source_buffer(archive, content.data(), content.size(), 0);
    zip_file_add(archive, name, s, ZIP_FL_OVERWRITE);
  };
  const std::string types =
      R"(<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>)";
  add("[Content_Types].xml", types);
  add("word/document.xml", document_xml);
  zip_close(archive);
  zip_source_open(buffer);
  zip_source_seek(buffer, 0, SEEK_END);
  const zip_int64_t size = zip_source_tell(buffer);
  zip_source_seek(buffer, 0, SEEK_SET);
  std::string bytes(static_cast<size_t>(size), '\0');
  zip_source_read(buffer, bytes.data(), size);
  zip_source_close(buffer);
  zip_source_free(buffer);
  return bytes;
}

constexpr char kDocumentXml[] =
    R"(<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>
<w:p><w:r><w:t>财年从四月开始。</w:t></w:r></w:p>
<w:p><w:r><w:t xml:space="preserve">The fiscal year </w:t></w:r><w:r><w:t>starts in April.</w:t></w:r></w:p>
</w:body></w:document>)";

TEST(DocumentParserTest, FormatsFromFileNames) {
  EXPECT_EQ(*DocumentFormatFromFileName("Notes.MD"), DocumentFormat::kMarkdown);
  EXPECT_EQ(*DocumentFormatFromFileName("a/b/report.docx"), DocumentFormat::kDocx);
  EXPECT_EQ(*DocumentFormatFromFileName("page.htm"), DocumentFormat::kHtml);
  EXPECT_EQ(*ParseDocumentFormat("pdf"), DocumentFormat::kPdf);
  const Status unknown = DocumentFormatFromFileName("sheet.xlsx").status();
  EXPECT_EQ(unknown.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(unknown.message().find(".docx"), std::string::npos);
}

TEST(DocumentParserTest, PdfTextIncludingChinese) {
  StatusOr<std::string> text = ExtractDocumentText(
      "returns_policy.pdf", Fixture("returns_policy.pdf"), DocumentFormat::kPdf);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  EXPECT_NE(text->find("within 30 days of delivery"), std::string::npos) << *text;
  EXPECT_NE(text->find("三十天内可无理由退货"), std::string::npos) << *text;
}

TEST(DocumentParserTest, EncryptedPdfIsRefusedNamingThePassword) {
  const Status s = ExtractDocumentText("locked.pdf", Fixture("returns_policy_encrypted.pdf"),
                                       DocumentFormat::kPdf)
                       .status();
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("encrypted"), std::string::npos) << s.ToString();
  EXPECT_NE(s.message().find("locked.pdf"), std::string::npos);
}

TEST(DocumentParserTest, CorruptPdfIsRefused) {
  std::string pdf = Fixture("returns_policy.pdf");
  // Keep the header, destroy everything after it (objects, xref, trailer).
  for (size_t i = 16; i < pdf.size(); ++i) pdf[i] = static_cast<char>((i * 7919) & 0xFF);
  const Status s = ExtractDocumentText("broken.pdf", pdf, DocumentFormat::kPdf).status();
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("broken.pdf"), std::string::npos) << s.ToString();
  const Status not_pdf =
      ExtractDocumentText("fake.pdf", "hello, not a pdf", DocumentFormat::kPdf).status();
  EXPECT_NE(not_pdf.message().find("not a PDF"), std::string::npos) << not_pdf.ToString();
}

TEST(DocumentParserTest, DocxParagraphs) {
  StatusOr<std::string> text =
      ExtractDocumentText("fy.docx", MakeDocx(kDocumentXml), DocumentFormat::kDocx);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  EXPECT_NE(text->find("财年从四月开始。\n\n"), std::string::npos) << *text;
  EXPECT_NE(text->find("The fiscal year starts in April."), std::string::npos) << *text;
}

TEST(DocumentParserTest, DocxThatIsNotAZipOrLacksItsDocumentIsRefused) {
  const Status junk =
      ExtractDocumentText("x.docx", "PK not really", DocumentFormat::kDocx).status();
  EXPECT_EQ(junk.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(junk.message().find("not a readable DOCX"), std::string::npos) << junk.ToString();
  std::string no_document = MakeDocx(kDocumentXml);
  // Rename the member so the archive stays valid but has no word/document.xml.
  const size_t at = no_document.find("word/document.xml");
  ASSERT_NE(at, std::string::npos);
  for (size_t pos = at; pos != std::string::npos;
       pos = no_document.find("word/document.xml", pos)) {
    no_document.replace(pos, 4, "Word");
  }
  const Status missing = ExtractDocumentText("y.docx", no_document, DocumentFormat::kDocx).status();
  EXPECT_NE(missing.message().find("word/document.xml"), std::string::npos) << missing.ToString();
}

TEST(DocumentParserTest, HtmlTextDropsScriptsAndKeepsBlocks) {
  const std::string html =
      "<html><head><title>T</title><script>var x = 1;</script><style>p{}</style></head>"
      "<body><h1>活跃客户</h1><p>Active customer: ordered   in the last 90 days.</p>"
      "<ul><li>one</li><li>two</li></ul></body></html>";
  StatusOr<std::string> text = ExtractDocumentText("p.html", html, DocumentFormat::kHtml);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  EXPECT_EQ(text->find("var x"), std::string::npos) << *text;
  EXPECT_NE(text->find("活跃客户\n\n"), std::string::npos) << *text;
  EXPECT_NE(text->find("ordered in the last 90 days."), std::string::npos) << *text;
  EXPECT_NE(text->find("one\ntwo\n"), std::string::npos) << *text;
}

TEST(DocumentParserTest, CsvRowsNameTheirColumns) {
  StatusOr<std::string> text =
      ExtractDocumentText("regions.csv", "region,provinces\n华东,\"上海,江苏,浙江\"\n华南,广东\n",
                          DocumentFormat::kCsv);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  EXPECT_EQ(*text, "region: 华东; provinces: 上海,江苏,浙江\nregion: 华南; provinces: 广东\n");
}

TEST(DocumentParserTest, EmptyOversizedAndBinaryFilesAreRefused) {
  const Status empty = ExtractDocumentText("e.txt", "", DocumentFormat::kText).status();
  EXPECT_NE(empty.message().find("empty"), std::string::npos);
  const std::string big(50 * 1024 * 1024, 'a');
  const Status over =
      ExtractDocumentText("big.txt", big, DocumentFormat::kText, {.max_bytes = 20 * 1024 * 1024})
          .status();
  EXPECT_EQ(over.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(over.message().find("50.0 MB"), std::string::npos) << over.ToString();
  EXPECT_NE(over.message().find("20.0 MB (knowledge.max_file_mb)"), std::string::npos)
      << over.ToString();
  std::string binary =
      "\x7f"
      "ELF";
  binary += std::string("\0\x01\x02\xff\xfe", 5);
  const Status junk = ExtractDocumentText("junk.txt", binary, DocumentFormat::kText).status();
  EXPECT_NE(junk.message().find("not UTF-8 text"), std::string::npos) << junk.ToString();
  const Status latin1 =
      ExtractDocumentText("latin1.md", "caf\xe9 cr\xe8me", DocumentFormat::kMarkdown).status();
  EXPECT_EQ(latin1.code(), StatusCode::kInvalidArgument);
  const Status blank = ExtractDocumentText("b.md", " \n\n ", DocumentFormat::kMarkdown).status();
  EXPECT_NE(blank.message().find("no text"), std::string::npos);
}

TEST(DocumentParserTest, TextKeepsItsContentWithoutTheBom) {
  StatusOr<std::string> text =
      ExtractDocumentText("t.md", "\xEF\xBB\xBF# GMV\n\nGMV = 成交总额", DocumentFormat::kMarkdown);
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(*text, "# GMV\n\nGMV = 成交总额");
}

}  // namespace
}  // namespace askdb::knowledge
