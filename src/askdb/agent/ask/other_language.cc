#include "askdb/agent/ask/other_language.h"

#include <algorithm>
#include <cctype>
#include <vector>

#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

struct Script {
  char32_t first, last;
  const char* en;
  const char* zh;
};

// Scripts that are neither Chinese nor English. Kana decides Japanese even beside kanji.
constexpr Script kScripts[] = {
    {0x3040, 0x30FF, "Japanese", "日语"},   {0xAC00, 0xD7AF, "Korean", "韩语"},
    {0x1100, 0x11FF, "Korean", "韩语"},     {0x0400, 0x04FF, "Russian", "俄语"},
    {0x0600, 0x06FF, "Arabic", "阿拉伯语"}, {0x0590, 0x05FF, "Hebrew", "希伯来语"},
    {0x0E00, 0x0E7F, "Thai", "泰语"},       {0x0900, 0x097F, "Hindi", "印地语"},
    {0x0370, 0x03FF, "Greek", "希腊语"}};

// Function words of other Latin-script languages that English questions do not use.
constexpr std::string_view kForeignWords[] = {
    "der",  "die",     "das",     "und",     "ist",     "wie",     "viele",  "welche",  "welcher",
    "nach", "für",     "im",      "mit",     "von",     "den",     "dem",    "les",     "est",
    "quel", "quelle",  "quels",   "combien", "par",     "pour",    "avec",   "dans",    "sont",
    "el",   "los",     "las",     "es",      "cuántos", "cuántas", "cuál",   "qué",     "por",
    "para", "con",     "del",     "il",      "gli",     "sono",    "quanti", "quale",   "di",
    "não",  "quantos", "quantas", "qual",    "het",     "een",     "zijn",   "hoeveel", "welke"};

// Words split at spaces and ASCII punctuation, lower-cased, with Spanish ¿ ¡ dropped;
// letters with accents stay inside their word ("cuántos").
std::vector<std::string> Words(std::string_view s) {
  std::vector<std::string> out(1);
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    const bool inverted_mark = c == 0xC2 && i + 1 < s.size() &&
                               (static_cast<unsigned char>(s[i + 1]) == 0xBF ||
                                static_cast<unsigned char>(s[i + 1]) == 0xA1);
    if (inverted_mark) {
      ++i;
      if (!out.back().empty()) out.emplace_back();
    } else if (c < 0x80 && !std::isalnum(c)) {
      if (!out.back().empty()) out.emplace_back();
    } else {
      out.back() += text::AsciiLower(static_cast<char>(c));
    }
  }
  return out;
}

}  // namespace

std::string OtherLanguageName(std::string_view question, bool chinese) {
  for (char32_t cp : text::DecodeUtf8(question)) {
    for (const Script& s : kScripts) {
      if (cp >= s.first && cp <= s.last) return chinese ? s.zh : s.en;
    }
  }
  if (text::ContainsCjk(question)) return "";
  int hits = 0;
  for (const std::string& w : Words(question)) {
    if (std::find(std::begin(kForeignWords), std::end(kForeignWords), w) !=
        std::end(kForeignWords)) {
      ++hits;
    }
  }
  constexpr int kMinForeignWords = 2;  // one could be a name ("Del Monte")
  if (hits < kMinForeignWords) return "";
  return chinese ? "中文和英文以外的语言" : "a language other than Chinese or English";
}

}  // namespace askdb::agent
