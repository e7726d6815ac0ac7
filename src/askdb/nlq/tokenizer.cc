#include "askdb/nlq/tokenizer.h"

#include "askdb/common/text.h"

namespace askdb::nlq {
namespace {

constexpr char kKeySeparator = '\x1f';

// Decodes the code point at `i` and advances past it (always by at least one byte, so
// scanning loops terminate on invalid input, which decodes to U+FFFD).
char32_t Decode(std::string_view s, size_t& i) {
  char32_t cp = text::kReplacementChar;
  i += text::DecodeUtf8At(s, i, &cp);
  return cp;
}

bool IsCjkIdeograph(char32_t cp) {
  return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0x20000 && cp <= 0x2FFFF) || cp == 0x3007;
}

// Full-width ASCII forms and the ideographic space fold to ASCII.
char32_t FoldWidth(char32_t cp) {
  if (cp >= 0xFF01 && cp <= 0xFF5E) return cp - 0xFF01 + 0x21;
  if (cp == 0x3000) return ' ';
  return cp;
}

bool IsAsciiAlpha(char32_t cp) { return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z'); }
bool IsAsciiDigit(char32_t cp) { return cp >= '0' && cp <= '9'; }
// Latin letters with diacritics (é, ü, ß) stay inside words: "Théodor", "Straße".
bool IsLatinExtended(char32_t cp) { return cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7; }

}  // namespace

std::string SingularizeEnglish(std::string_view w) {
  std::string s(w);
  const size_t n = s.size();
  if (n <= 3) return s;
  auto ends = [&](std::string_view suf) {
    return n >= suf.size() && std::string_view(s).substr(n - suf.size()) == suf;
  };
  // "series" and "species" are their own singular; "movies", "cookies" drop only the s
  // ("movy" matched no table named movie, and every question about movies went unread).
  if (ends("series") || ends("species")) return s;
  if (ends("ies") && n > 4) {
    static constexpr std::string_view kIeNouns[] = {
        "movies",   "cookies", "calories", "rookies",   "zombies",   "prairies", "hippies",
        "genies",   "goalies", "selfies",  "brownies",  "smoothies", "aunties",  "pixies",
        "freebies", "newbies", "budgies",  "lingeries", "boogies",   "hoagies",  "collies"};
    for (std::string_view ie : kIeNouns) {
      if (std::string_view(s).ends_with(ie) &&
          (n == ie.size() || s[n - ie.size() - 1] == ' ' || s[n - ie.size() - 1] == '_')) {
        return s.substr(0, n - 1);
      }
    }
    return s.substr(0, n - 3) + "y";
  }
  if (ends("sses") || ends("shes") || ends("ches") || ends("xes")) return s.substr(0, n - 2);
  if (ends("ss") || ends("us") || ends("is") || ends("ous")) return s;
  if (ends("s")) return s.substr(0, n - 1);
  return s;
}

namespace {

// A Latin word (diacritics inside): the letters from `first` on; keyed by its lower-case
// singular so that "Customers" finds the customer table. Advances `*i` past it.
Unit ReadWordUnit(std::string_view text, size_t start, char32_t first, size_t* i) {
  std::string word;
  text::AppendUtf8(first, word);
  size_t end = *i;
  while (end < text.size()) {
    size_t next = end;
    const char32_t c2 = FoldWidth(Decode(text, next));
    if (!(IsAsciiAlpha(c2) || IsLatinExtended(c2))) break;
    text::AppendUtf8(c2, word);
    end = next;
  }
  *i = end;
  return {SingularizeEnglish(text::AsciiLower(word)), word, start, end, UnitKind::kWord};
}

// `c2`, ending before `next`, goes on a number: a digit, a decimal point before a digit, or
// a thousands comma before three digits (1,234.5).
bool ContinuesNumber(std::string_view text, char32_t c2, size_t next) {
  return IsAsciiDigit(c2) ||
         (c2 == '.' && next < text.size() && IsAsciiDigit(FoldWidth(text[next]))) ||
         (c2 == ',' && next + 2 < text.size() && IsAsciiDigit(text[next]) &&
          IsAsciiDigit(text[next + 1]) && IsAsciiDigit(text[next + 2]));
}

// A number from the digit `first` on, its thousands commas dropped. Advances `*i` past it.
Unit ReadNumberUnit(std::string_view text, size_t start, char32_t first, size_t* i) {
  std::string digits(1, static_cast<char>(first));
  size_t end = *i;
  while (end < text.size()) {
    size_t next = end;
    const char32_t c2 = FoldWidth(Decode(text, next));
    if (!ContinuesNumber(text, c2, next)) break;
    if (c2 != ',') digits += static_cast<char>(c2);
    end = next;
  }
  *i = end;
  return {digits, digits, start, end, UnitKind::kNumber};
}

// One code point as its own unit: an ideograph (Chinese is segmented later) or a mark.
Unit CodePointUnit(char32_t cp, size_t start, size_t end, UnitKind kind) {
  std::string s;
  text::AppendUtf8(cp, s);
  return {s, s, start, end, kind};
}

// White space and apostrophes separate units and are not units themselves.
bool SeparatesUnits(char32_t cp) {
  return cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r' || cp == '\'' || cp == 0x2019;
}

}  // namespace

std::vector<Unit> TokenizeUnits(std::string_view text) {
  std::vector<Unit> units;
  size_t i = 0;
  while (i < text.size()) {
    const size_t start = i;
    const char32_t cp = FoldWidth(Decode(text, i));
    if (IsAsciiAlpha(cp) || IsLatinExtended(cp)) {
      units.push_back(ReadWordUnit(text, start, cp, &i));
    } else if (IsAsciiDigit(cp)) {
      units.push_back(ReadNumberUnit(text, start, cp, &i));
    } else if (IsCjkIdeograph(cp)) {
      units.push_back(CodePointUnit(cp, start, i, UnitKind::kCjk));
    } else if (!SeparatesUnits(cp)) {
      units.push_back(CodePointUnit(cp, start, i, UnitKind::kPunct));
    }
  }
  return units;
}

std::string IdentifierToPhrase(std::string_view identifier) {
  std::string out;
  for (const std::string& word : text::SplitIdentifier(identifier)) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  return out;
}

std::string JoinUnitKeys(const std::vector<Unit>& units, size_t begin, size_t end) {
  std::string key;
  for (size_t k = begin; k < end; ++k) {
    if (k > begin) key += kKeySeparator;
    key += units[k].key;
  }
  return key;
}

bool KeyContainsUnits(std::string_view whole, std::string_view part) {
  if (part.empty() || part.size() > whole.size()) return false;
  for (size_t at = whole.find(part); at != std::string_view::npos; at = whole.find(part, at + 1)) {
    const size_t end = at + part.size();
    const bool starts = at == 0 || whole[at - 1] == kKeySeparator;
    const bool ends = end == whole.size() || whole[end] == kKeySeparator;
    if (starts && ends) return true;
  }
  return false;
}

std::string PhraseKey(std::string_view phrase, size_t* unit_count) {
  const std::vector<Unit> units = TokenizeUnits(phrase);
  if (unit_count) *unit_count = units.size();
  return JoinUnitKeys(units, 0, units.size());
}

}  // namespace askdb::nlq
