// HTML to text with libxml2's HTML parser (tolerant of real-world markup): the body's text,
// a line break after each block element, scripts, styles and the head's metadata dropped.
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include <cstring>
#include <string>

#include "askdb/knowledge/document_parser.h"

namespace askdb::knowledge {
namespace {

bool NameIs(const xmlNode* node, std::initializer_list<const char*> names) {
  const char* name = reinterpret_cast<const char*>(node->name);
  for (const char* n : names) {
    if (strcasecmp(name, n) == 0) return true;
  }
  return false;
}

void AppendText(const xmlNode* node, std::string& out) {
  for (const xmlNode* n = node; n != nullptr; n = n->next) {
    if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
      // Runs of white space in HTML are one space.
      for (const char* p = reinterpret_cast<const char*>(n->content); p != nullptr && *p; ++p) {
        const bool space = *p == ' ' || *p == '\n' || *p == '\t' || *p == '\r';
        if (!space) {
          out += *p;
        } else if (!out.empty() && out.back() != ' ' && out.back() != '\n') {
          out += ' ';
        }
      }
      continue;
    }
    if (n->type != XML_ELEMENT_NODE) continue;
    if (NameIs(n, {"script", "style", "noscript", "template", "meta", "link", "head"})) continue;
    const bool block =
        NameIs(n, {"p",   "div",        "br",    "li",      "tr",      "h1",     "h2",    "h3",
                   "h4",  "h5",         "h6",    "section", "article", "table",  "ul",    "ol",
                   "pre", "blockquote", "title", "dt",      "dd",      "header", "footer"});
    if (NameIs(n, {"td", "th"})) out += '\t';
    AppendText(n->children, out);
    if (block) out += NameIs(n, {"br", "li", "tr", "dt", "dd"}) ? "\n" : "\n\n";
  }
}

}  // namespace

StatusOr<std::string> HtmlText(std::string_view bytes) {
  htmlDocPtr doc = htmlReadMemory(
      bytes.data(), static_cast<int>(bytes.size()), nullptr, "UTF-8",
      HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET);
  if (doc == nullptr) {
    return InvalidArgumentError("the HTML could not be parsed; save the page as UTF-8 HTML");
  }
  std::string out;
  AppendText(xmlDocGetRootElement(doc), out);
  xmlFreeDoc(doc);
  return out;
}

}  // namespace askdb::knowledge
