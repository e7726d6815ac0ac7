// PDF text with poppler's C++ API (Debian libpoppler-cpp).
#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-page.h>

#include <memory>
#include <mutex>

#include "askdb/knowledge/document_parser.h"

namespace askdb::knowledge {
namespace {

// poppler reports parse errors on stderr by default; askdb says what went wrong itself.
void QuietPoppler() {
  static std::once_flag once;
  std::call_once(
      once, [] { poppler::set_debug_error_function([](const std::string&, void*) {}, nullptr); });
}

}  // namespace

StatusOr<std::string> PdfText(std::string_view file_name, std::string_view bytes) {
  QuietPoppler();
  const std::string name = "'" + std::string(file_name) + "'";
  if (!bytes.starts_with("%PDF-")) {
    return InvalidArgumentError(name + " is not a PDF (no %PDF- header); upload a valid PDF");
  }
  // load_from_raw_data keeps a pointer to the bytes; they outlive the document here.
  std::unique_ptr<poppler::document> doc(
      poppler::document::load_from_raw_data(bytes.data(), static_cast<int>(bytes.size())));
  if (doc == nullptr) {
    return InvalidArgumentError(name +
                                " is a corrupt PDF (poppler cannot read it); re-export or "
                                "repair it, or it may need a password: upload it unlocked");
  }
  if (doc->is_locked()) {
    return InvalidArgumentError(name +
                                " is encrypted with a password; remove the password (e.g. "
                                "qpdf --decrypt) and upload it again");
  }
  std::string out;
  for (int i = 0; i < doc->pages(); ++i) {
    std::unique_ptr<poppler::page> page(doc->create_page(i));
    if (page == nullptr) continue;
    const poppler::byte_array utf8 = page->text().to_utf8();
    out.append(utf8.begin(), utf8.end());
    out += "\n\n";
  }
  return out;
}

}  // namespace askdb::knowledge
