#include "askdb/knowledge/document_parser.h"

#include <algorithm>
#include <cstdio>

#include "askdb/catalog/semantic_model_csv.h"
#include "askdb/common/text.h"

namespace askdb::knowledge {
namespace {

struct FormatName {
  DocumentFormat format;
  const char* name;
  std::vector<const char*> extensions;
};

const std::vector<FormatName>& Formats() {
  static const std::vector<FormatName> formats = {
      {DocumentFormat::kMarkdown, "markdown", {".md", ".markdown"}},
      {DocumentFormat::kText, "text", {".txt", ".text"}},
      {DocumentFormat::kPdf, "pdf", {".pdf"}},
      {DocumentFormat::kDocx, "docx", {".docx"}},
      {DocumentFormat::kHtml, "html", {".html", ".htm"}},
      {DocumentFormat::kCsv, "csv", {".csv"}},
  };
  return formats;
}

std::string Quoted(std::string_view file_name) { return "'" + std::string(file_name) + "'"; }

std::string Megabytes(int64_t bytes) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f MB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return buffer;
}

// Text formats must be UTF-8 without NULs: anything else is a binary file under a text name.
Status CheckText(std::string_view file_name, std::string_view bytes) {
  if (bytes.find('\0') != std::string_view::npos || !text::IsValidUtf8(bytes)) {
    return InvalidArgumentError(
        Quoted(file_name) +
        " is not UTF-8 text (it holds NUL bytes or invalid UTF-8): it looks like a binary "
        "file; convert it to UTF-8 text or upload it in its own format (PDF, DOCX, ...)");
  }
  return Status::Ok();
}

std::string_view StripBom(std::string_view s) {
  return s.starts_with("\xEF\xBB\xBF") ? s.substr(3) : s;
}

StatusOr<std::string> CsvText(std::string_view file_name, std::string_view bytes) {
  StatusOr<std::vector<std::vector<std::string>>> rows = catalog::ParseCsv(bytes);
  if (!rows.ok()) {
    return InvalidArgumentError(Quoted(file_name) + " is not valid CSV: " +
                                std::string(rows.status().message()) + "; fix the file");
  }
  if (rows->size() < 2) {
    return InvalidArgumentError(Quoted(file_name) +
                                " has no data rows under its header; add rows or upload text");
  }
  const std::vector<std::string>& header = rows->front();
  std::string out;
  for (size_t r = 1; r < rows->size(); ++r) {
    const std::vector<std::string>& row = (*rows)[r];
    std::string line;
    for (size_t c = 0; c < row.size(); ++c) {
      if (row[c].empty()) continue;
      if (!line.empty()) line += "; ";
      line += (c < header.size() && !header[c].empty() ? header[c]
                                                       : "column " + std::to_string(c + 1)) +
              ": " + row[c];
    }
    if (!line.empty()) out += line + "\n";
  }
  return out;
}

bool Blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f';
  });
}

}  // namespace

std::string_view DocumentFormatName(DocumentFormat format) {
  for (const FormatName& f : Formats()) {
    if (f.format == format) return f.name;
  }
  return "text";
}

StatusOr<DocumentFormat> DocumentFormatFromFileName(std::string_view file_name) {
  const std::string lowered = text::AsciiLower(file_name);
  for (const FormatName& f : Formats()) {
    for (const char* extension : f.extensions) {
      if (lowered.ends_with(extension)) return f.format;
    }
  }
  return InvalidArgumentError(
      "cannot tell the format of " + Quoted(file_name) +
      " from its name; use a file ending in .md, .txt, .pdf, .docx, .html, .htm or .csv");
}

StatusOr<DocumentFormat> ParseDocumentFormat(std::string_view name) {
  const std::string lowered = text::AsciiLower(name);
  for (const FormatName& f : Formats()) {
    if (lowered == f.name) return f.format;
  }
  return DocumentFormatFromFileName(lowered.starts_with(".") ? lowered : "x." + lowered);
}

Status CheckDocumentSize(std::string_view file_name, int64_t size, const ParseLimits& limits) {
  if (size <= limits.max_bytes) return Status::Ok();
  return InvalidArgumentError(Quoted(file_name) + " is " + Megabytes(size) +
                              ", over the limit of " + Megabytes(limits.max_bytes) + " (" +
                              limits.limit_name + "); split the file or raise the limit");
}

StatusOr<std::string> ExtractDocumentText(std::string_view file_name, std::string_view bytes,
                                          DocumentFormat format, const ParseLimits& limits) {
  if (bytes.empty()) {
    return InvalidArgumentError(Quoted(file_name) + " is empty; upload a file with content");
  }
  ASKDB_RETURN_IF_ERROR(CheckDocumentSize(file_name, static_cast<int64_t>(bytes.size()), limits));
  StatusOr<std::string> text = InternalError("unreachable");
  switch (format) {
    case DocumentFormat::kMarkdown:
    case DocumentFormat::kText:
      ASKDB_RETURN_IF_ERROR(CheckText(file_name, bytes));
      text = std::string(StripBom(bytes));
      break;
    case DocumentFormat::kCsv:
      ASKDB_RETURN_IF_ERROR(CheckText(file_name, bytes));
      text = CsvText(file_name, StripBom(bytes));
      break;
    case DocumentFormat::kHtml:
      ASKDB_RETURN_IF_ERROR(CheckText(file_name, bytes));
      text = HtmlText(StripBom(bytes));
      break;
    case DocumentFormat::kPdf:
      text = PdfText(file_name, bytes);
      break;
    case DocumentFormat::kDocx:
      text = DocxText(file_name, bytes);
      break;
  }
  if (!text.ok()) return text.status();
  // Extracted text is checked once more: a PDF's text layer can hold stray bytes.
  if (!text::IsValidUtf8(*text)) *text = text::SanitizeUtf8(*text);
  if (Blank(*text)) {
    return InvalidArgumentError(Quoted(file_name) +
                                " has no text to index (a scanned PDF or an empty document?); "
                                "upload a document with a text layer");
  }
  return text;
}

}  // namespace askdb::knowledge
