// Document text extraction for the knowledge base: Markdown, plain text, PDF (poppler),
// DOCX (libzip + libxml2), HTML (libxml2's HTML parser) and CSV (one line per row, each
// value named by its header).
//
// Bad input is refused with InvalidArgument saying what was wrong and what to do: an empty
// file, a file over the size limit (naming it), bytes that are not UTF-8 text or hold NULs
// under a text name, a corrupt or password-protected PDF, a DOCX that is not a zip with
// word/document.xml, a document with no extractable text (a scanned PDF). Thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "askdb/common/status.h"

namespace askdb::knowledge {

enum class DocumentFormat { kMarkdown, kText, kPdf, kDocx, kHtml, kCsv };

std::string_view DocumentFormatName(DocumentFormat format);  // "markdown", "pdf", ...
// From the file name's extension (.md .markdown .txt .text .pdf .docx .html .htm .csv);
// InvalidArgument listing them otherwise.
StatusOr<DocumentFormat> DocumentFormatFromFileName(std::string_view file_name);
// By name ("pdf") or extension; for explicit choices.
StatusOr<DocumentFormat> ParseDocumentFormat(std::string_view name);

struct ParseLimits {
  int64_t max_bytes = 20 * 1024 * 1024;
  std::string limit_name = "knowledge.max_file_mb";  // named in the refusal
};

// InvalidArgument naming the limit when a file of `size` bytes is over it; so a caller with
// a file on disk refuses it before reading it.
Status CheckDocumentSize(std::string_view file_name, int64_t size, const ParseLimits& limits);

// The document's text (UTF-8, newlines between paragraphs and rows). `file_name` is only
// for messages.
StatusOr<std::string> ExtractDocumentText(std::string_view file_name, std::string_view bytes,
                                          DocumentFormat format, const ParseLimits& limits = {});

// The extractors, each for its format; called by ExtractDocumentText after the size check.
StatusOr<std::string> PdfText(std::string_view file_name, std::string_view bytes);
StatusOr<std::string> DocxText(std::string_view file_name, std::string_view bytes);
StatusOr<std::string> HtmlText(std::string_view bytes);

}  // namespace askdb::knowledge
