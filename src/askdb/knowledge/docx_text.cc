// DOCX text: the zip's word/document.xml (libzip), its w:t runs joined per w:p paragraph
// (libxml2, no network, no entity expansion).
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <zip.h>

#include <cstring>
#include <memory>

#include "askdb/knowledge/document_parser.h"

namespace askdb::knowledge {
namespace {

// A document.xml larger than this is a zip bomb, not a document.
constexpr zip_uint64_t kMaxXmlBytes = 200ull * 1024 * 1024;

bool IsWord(const xmlNode* node, const char* name) {
  return node->type == XML_ELEMENT_NODE &&
         std::strcmp(reinterpret_cast<const char*>(node->name), name) == 0;
}

void CollectText(const xmlNode* node, std::string& out) {
  for (const xmlNode* n = node; n != nullptr; n = n->next) {
    if (IsWord(n, "t")) {
      if (xmlChar* content = xmlNodeGetContent(n)) {
        out += reinterpret_cast<const char*>(content);
        xmlFree(content);
      }
      continue;
    }
    if (IsWord(n, "tab")) out += '\t';
    if (IsWord(n, "br") || IsWord(n, "cr")) out += '\n';
    CollectText(n->children, out);
    if (IsWord(n, "p")) out += "\n\n";
    if (IsWord(n, "tc")) out += '\t';
  }
}

}  // namespace

StatusOr<std::string> DocxText(std::string_view file_name, std::string_view bytes) {
  const std::string name = "'" + std::string(file_name) + "'";
  auto not_docx = [&](const std::string& why) {
    return InvalidArgumentError(name + " is not a readable DOCX (" + why +
                                "); save it again as .docx from Word or LibreOffice (an "
                                "encrypted document must be saved without its password)");
  };
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  if (source == nullptr) return not_docx(zip_error_strerror(&error));
  zip_t* archive = zip_open_from_source(source, ZIP_RDONLY, &error);
  if (archive == nullptr) {
    zip_source_free(source);
    std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    return not_docx("not a zip archive: " + why);
  }
  std::unique_ptr<zip_t, decltype(&zip_discard)> closer(archive, zip_discard);
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat(archive, "word/document.xml", 0, &stat) != 0) {
    return not_docx("no word/document.xml in the archive");
  }
  if ((stat.valid & ZIP_STAT_SIZE) == 0 || stat.size > kMaxXmlBytes) {
    return not_docx("word/document.xml is too large to be a document");
  }
  zip_file_t* file = zip_fopen(archive, "word/document.xml", 0);
  if (file == nullptr) return not_docx(zip_strerror(archive));
  std::string xml(stat.size, '\0');
  const zip_int64_t read = zip_fread(file, xml.data(), stat.size);
  zip_fclose(file);
  if (read < 0 || static_cast<zip_uint64_t>(read) != stat.size) {
    return not_docx("word/document.xml could not be read whole");
  }
  xmlDoc* doc = xmlReadMemory(xml.data(), static_cast<int>(xml.size()), "document.xml", nullptr,
                              XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
  if (doc == nullptr) return not_docx("word/document.xml is not well-formed XML");
  std::string out;
  CollectText(xmlDocGetRootElement(doc), out);
  xmlFreeDoc(doc);
  return out;
}

}  // namespace askdb::knowledge
