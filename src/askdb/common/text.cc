#include "askdb/common/text.h"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>

#include <algorithm>
#include <numeric>

namespace askdb::text {
namespace {

constexpr char32_t kMaxCodePoint = 0x10FFFF;
constexpr char32_t kSurrogateFirst = 0xD800;
constexpr char32_t kSurrogateLast = 0xDFFF;
constexpr char32_t kEllipsis = 0x2026;
constexpr char32_t kSoftHyphen = 0x00AD;
// Hangul medial vowels and final consonants (conjoining jamo) render inside the preceding
// syllable block, so they take no column of their own.
constexpr char32_t kHangulJungseongFirst = 0x1160;
constexpr char32_t kHangulJongseongLast = 0x11FF;
// NFKC_Casefold is closed (applying it twice changes nothing), but collapsing white space
// can in theory put characters next to each other that compose; a second pass settles it.
constexpr int kMaxNormalizePasses = 3;

bool IsAsciiSpace(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

bool IsWhiteSpace(char32_t cp) {
  if (cp < 0x80) return IsAsciiSpace(static_cast<unsigned char>(cp));
  return u_isUWhiteSpace(static_cast<UChar32>(cp)) != 0;
}

bool IsValidScalar(char32_t cp) {
  return cp <= kMaxCodePoint && (cp < kSurrogateFirst || cp > kSurrogateLast);
}

// Replaces every run of white space with one space and drops leading and trailing white
// space. Input must be valid UTF-8 (callers sanitise first).
std::string CollapseWhiteSpace(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  size_t pos = 0;
  while (pos < s.size()) {
    char32_t cp;
    size_t len = DecodeUtf8At(s, pos, &cp);
    if (IsWhiteSpace(cp)) {
      pending_space = !out.empty();
    } else {
      if (pending_space) out.push_back(' ');
      pending_space = false;
      out.append(s.substr(pos, len));
    }
    pos += len;
  }
  return out;
}

std::string NormalizeAscii(std::string_view s) { return CollapseWhiteSpace(AsciiLower(s)); }

icu::UnicodeString ToUnicodeString(std::string_view s) {
  icu::UnicodeString out;
  size_t pos = 0;
  while (pos < s.size()) {
    char32_t cp;
    pos += DecodeUtf8At(s, pos, &cp);
    out.append(static_cast<UChar32>(cp));
  }
  return out;
}

bool IsAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// One pass of NFKC_Casefold followed by white-space collapsing. Falls back to ASCII-only
// folding when ICU's data cannot be loaded, so matching degrades instead of failing.
std::string NormalizeOnce(std::string_view s) {
  if (IsAscii(s)) return NormalizeAscii(s);
  UErrorCode status = U_ZERO_ERROR;
  const icu::Normalizer2* nfkc_cf = icu::Normalizer2::getNFKCCasefoldInstance(status);
  if (U_FAILURE(status) || nfkc_cf == nullptr) return NormalizeAscii(SanitizeUtf8(s));
  icu::UnicodeString normalized = nfkc_cf->normalize(ToUnicodeString(s), status);
  if (U_FAILURE(status)) return NormalizeAscii(SanitizeUtf8(s));
  std::string utf8;
  normalized.toUTF8String(utf8);
  return CollapseWhiteSpace(utf8);
}

// Character classes for SplitIdentifier.
enum class CharClass { kSeparator, kLower, kUpper, kDigit, kOther };

CharClass Classify(char32_t cp) {
  if (cp >= 'a' && cp <= 'z') return CharClass::kLower;
  if (cp >= 'A' && cp <= 'Z') return CharClass::kUpper;
  if (cp >= '0' && cp <= '9') return CharClass::kDigit;
  if (cp < 0x80 || cp == kReplacementChar) return CharClass::kSeparator;
  auto c = static_cast<UChar32>(cp);
  int8_t type = u_charType(c);
  if (u_isalnum(c) || type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK ||
      type == U_ENCLOSING_MARK) {
    return CharClass::kOther;
  }
  return CharClass::kSeparator;
}

// True when a new word starts at `i` (classes[i - 1] and classes[i] are both word characters).
bool StartsWord(const std::vector<CharClass>& classes, size_t i) {
  CharClass prev = classes[i - 1];
  CharClass cur = classes[i];
  if ((prev == CharClass::kOther) != (cur == CharClass::kOther)) return true;
  if (cur == CharClass::kUpper) {
    if (prev == CharClass::kLower || prev == CharClass::kDigit) return true;
    // End of an acronym: "HTTPServer" splits before the 'S' that starts "Server".
    if (prev == CharClass::kUpper && i + 1 < classes.size() &&
        classes[i + 1] == CharClass::kLower) {
      return true;
    }
  }
  return false;
}

}  // namespace

size_t DecodeUtf8At(std::string_view s, size_t pos, char32_t* cp) {
  if (pos >= s.size()) {
    *cp = kReplacementChar;
    return 0;
  }
  const auto* p = reinterpret_cast<const unsigned char*>(s.data()) + pos;
  const size_t avail = s.size() - pos;
  const unsigned char lead = p[0];
  if (lead < 0x80) {
    *cp = lead;
    return 1;
  }
  // Table 3-7 of the Unicode standard: the valid range of the second byte depends on the
  // lead byte (this rejects overlongs, surrogates and values past U+10FFFF).
  size_t trail;
  char32_t value;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    trail = 1;
    value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    trail = 2;
    value = lead & 0x0F;
    if (lead == 0xE0) lo = 0xA0;
    if (lead == 0xED) hi = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    trail = 3;
    value = lead & 0x07;
    if (lead == 0xF0) lo = 0x90;
    if (lead == 0xF4) hi = 0x8F;
  } else {
    *cp = kReplacementChar;
    return 1;
  }
  for (size_t i = 1; i <= trail; ++i) {
    if (i >= avail || p[i] < lo || p[i] > hi) {
      *cp = kReplacementChar;
      return i;  // the maximal subpart: the lead and the valid trail bytes seen so far
    }
    value = (value << 6) | (p[i] & 0x3F);
    lo = 0x80;
    hi = 0xBF;
  }
  *cp = value;
  return trail + 1;
}

std::vector<char32_t> DecodeUtf8(std::string_view s) {
  std::vector<char32_t> out;
  out.reserve(s.size());
  size_t pos = 0;
  while (pos < s.size()) {
    char32_t cp;
    pos += DecodeUtf8At(s, pos, &cp);
    out.push_back(cp);
  }
  return out;
}

bool IsValidUtf8(std::string_view s) {
  size_t pos = 0;
  while (pos < s.size()) {
    char32_t cp;
    size_t len = DecodeUtf8At(s, pos, &cp);
    // U+FFFD itself is valid when spelled out as its three bytes.
    if (cp == kReplacementChar && len != 3) return false;
    pos += len;
  }
  return true;
}

std::string SanitizeUtf8(std::string_view s) {
  if (IsValidUtf8(s)) return std::string(s);
  std::string out;
  out.reserve(s.size() + 2);
  size_t pos = 0;
  while (pos < s.size()) {
    char32_t cp;
    size_t len = DecodeUtf8At(s, pos, &cp);
    if (cp == kReplacementChar) {
      AppendUtf8(cp, out);
    } else {
      out.append(s.substr(pos, len));
    }
    pos += len;
  }
  return out;
}

void AppendUtf8(char32_t cp, std::string& out) {
  if (!IsValidScalar(cp)) cp = kReplacementChar;
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::string EncodeUtf8(const std::vector<char32_t>& code_points) {
  std::string out;
  out.reserve(code_points.size());
  for (char32_t cp : code_points) AppendUtf8(cp, out);
  return out;
}

std::string NormalizeForMatch(std::string_view s) {
  std::string current = NormalizeOnce(s);
  for (int pass = 1; pass < kMaxNormalizePasses; ++pass) {
    std::string next = NormalizeOnce(current);
    if (next == current) break;
    current = std::move(next);
  }
  return current;
}

int CodePointWidth(char32_t cp) {
  if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0)) return 0;  // C0 and C1 controls
  if (cp < 0x7F) return 1;
  if (!IsValidScalar(cp)) return 1;  // shown as U+FFFD
  auto c = static_cast<UChar32>(cp);
  int8_t type = u_charType(c);
  if (type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK) return 0;
  if (type == U_LINE_SEPARATOR || type == U_PARAGRAPH_SEPARATOR) return 0;
  // Format characters (zero-width space, joiners, BOM) are invisible; terminals draw the
  // soft hyphen as a hyphen, though.
  if (type == U_FORMAT_CHAR && cp != kSoftHyphen) return 0;
  if (cp >= kHangulJungseongFirst && cp <= kHangulJongseongLast) return 0;
  int eaw = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
  if (eaw == U_EA_WIDE || eaw == U_EA_FULLWIDTH) return 2;
  return 1;
}

int DisplayWidth(std::string_view s) {
  int width = 0;
  size_t pos = 0;
  while (pos < s.size()) {
    char32_t cp;
    pos += DecodeUtf8At(s, pos, &cp);
    width += CodePointWidth(cp);
  }
  return width;
}

std::string Utf8Prefix(std::string_view s, size_t max_bytes) {
  if (s.size() <= max_bytes) return std::string(s);
  size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
  return std::string(s.substr(0, end));
}

std::string TruncateToWidth(std::string_view s, int width) {
  if (width <= 0) return {};
  if (DisplayWidth(s) <= width) return SanitizeUtf8(s);
  const int budget = width - CodePointWidth(kEllipsis);
  std::string out;
  int used = 0;
  size_t pos = 0;
  while (pos < s.size()) {
    char32_t cp;
    size_t len = DecodeUtf8At(s, pos, &cp);
    int w = CodePointWidth(cp);
    if (used + w > budget) break;
    used += w;
    AppendUtf8(cp, out);
    pos += len;
  }
  AppendUtf8(kEllipsis, out);
  return out;
}

std::string PadRight(std::string_view s, int width) {
  std::string out = TruncateToWidth(s, width);
  int missing = width - DisplayWidth(out);
  if (missing > 0) out.append(static_cast<size_t>(missing), ' ');
  return out;
}

std::string PadLeft(std::string_view s, int width) {
  std::string cut = TruncateToWidth(s, width);
  int missing = width - DisplayWidth(cut);
  std::string out;
  if (missing > 0) out.assign(static_cast<size_t>(missing), ' ');
  out += cut;
  return out;
}

bool ContainsCjk(std::string_view s) {
  size_t pos = 0;
  while (pos < s.size()) {
    char32_t cp;
    pos += DecodeUtf8At(s, pos, &cp);
    if (cp < 0x2E80) continue;  // below the CJK radicals block nothing is Han
    UErrorCode status = U_ZERO_ERROR;
    if (uscript_getScript(static_cast<UChar32>(cp), &status) == USCRIPT_HAN && U_SUCCESS(status)) {
      return true;
    }
  }
  return false;
}

char AsciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = AsciiLower(c);
  return out;
}

bool EqualsIgnoreAsciiCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

std::vector<std::string> SplitIdentifier(std::string_view identifier) {
  std::vector<char32_t> cps = DecodeUtf8(identifier);
  std::vector<CharClass> classes(cps.size());
  std::transform(cps.begin(), cps.end(), classes.begin(), Classify);

  std::vector<std::string> words;
  std::string current;
  auto flush = [&] {
    if (!current.empty()) words.push_back(std::move(current));
    current.clear();
  };
  for (size_t i = 0; i < cps.size(); ++i) {
    if (classes[i] == CharClass::kSeparator) {
      flush();
      continue;
    }
    if (i > 0 && classes[i - 1] != CharClass::kSeparator && StartsWord(classes, i)) flush();
    char32_t cp = cps[i];
    if (classes[i] == CharClass::kUpper) cp = cp - 'A' + 'a';
    AppendUtf8(cp, current);
  }
  flush();
  return words;
}

int EditDistance(std::string_view a, std::string_view b) {
  std::vector<char32_t> x = DecodeUtf8(a);
  std::vector<char32_t> y = DecodeUtf8(b);
  // One row of the dynamic-programming table at a time.
  std::vector<int> row(y.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (size_t i = 1; i <= x.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= y.size(); ++j) {
      int above = row[j];
      int substitution = diagonal + (x[i - 1] == y[j - 1] ? 0 : 1);
      row[j] = std::min({above + 1, row[j - 1] + 1, substitution});
      diagonal = above;
    }
  }
  return row[y.size()];
}

}  // namespace askdb::text
