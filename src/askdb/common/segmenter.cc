#include "askdb/common/segmenter.h"

#include <unicode/brkiter.h>
#include <unicode/locid.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>

#include <memory>
#include <mutex>

#include "askdb/common/text.h"

namespace askdb::text {
namespace {

// Code points at and above this need a surrogate pair in UTF-16.
constexpr char32_t kFirstSupplementary = 0x10000;

bool IsWhiteSpace(char32_t cp) { return u_isUWhiteSpace(static_cast<UChar32>(cp)) != 0; }

bool IsAllWhiteSpace(std::string_view piece) {
  size_t pos = 0;
  while (pos < piece.size()) {
    char32_t cp;
    pos += DecodeUtf8At(piece, pos, &cp);
    if (!IsWhiteSpace(cp)) return false;
  }
  return true;
}

// The word break iterator for Chinese: ICU uses its CJK dictionary for Han runs and the
// Unicode word rules (UAX #29) elsewhere, so English and mixed text split sensibly too.
// Created once, on first use (building it loads the dictionary, which is slow); null
// when ICU's data is unavailable.
const icu::BreakIterator* Prototype() {
  static const std::unique_ptr<icu::BreakIterator> prototype = [] {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<icu::BreakIterator> it(
        icu::BreakIterator::createWordInstance(icu::Locale("zh"), status));
    if (U_FAILURE(status)) it.reset();
    return it;
  }();
  return prototype.get();
}

// A private iterator for one call. ICU iterators are not thread-safe; cloning the shared
// prototype is serialised as well, because ICU documents clone() only as safe on objects
// that no other thread touches.
std::unique_ptr<icu::BreakIterator> NewIterator() {
  const icu::BreakIterator* prototype = Prototype();
  if (prototype == nullptr) return nullptr;
  static std::mutex mu;
  std::lock_guard lock(mu);
  return std::unique_ptr<icu::BreakIterator>(prototype->clone());
}

// When ICU fails: one token per code point, so callers still see every character.
std::vector<Token> SegmentByCodePoint(std::string_view text) {
  std::vector<Token> tokens;
  size_t pos = 0;
  while (pos < text.size()) {
    char32_t cp;
    size_t len = DecodeUtf8At(text, pos, &cp);
    if (!IsWhiteSpace(cp)) {
      bool is_word = cp != kReplacementChar && u_isalnum(static_cast<UChar32>(cp));
      tokens.push_back(Token{std::string(text.substr(pos, len)), pos, is_word});
    }
    pos += len;
  }
  return tokens;
}

}  // namespace

std::vector<Token> Segment(std::string_view text) {
  if (text.empty()) return {};

  // UTF-16 copy for ICU plus, for every UTF-16 unit, the byte offset it came from. The
  // copy is built from our own decoder so that invalid bytes map to U+FFFD exactly as in
  // the rest of askdb, and every token maps back to the original bytes.
  icu::UnicodeString utf16;
  std::vector<size_t> byte_offset_of_unit;
  byte_offset_of_unit.reserve(text.size() + 1);
  size_t pos = 0;
  while (pos < text.size()) {
    char32_t cp;
    size_t len = DecodeUtf8At(text, pos, &cp);
    utf16.append(static_cast<UChar32>(cp));
    byte_offset_of_unit.push_back(pos);
    if (cp >= kFirstSupplementary) byte_offset_of_unit.push_back(pos);
    pos += len;
  }
  byte_offset_of_unit.push_back(text.size());

  std::unique_ptr<icu::BreakIterator> it = NewIterator();
  if (it == nullptr) return SegmentByCodePoint(text);
  it->setText(utf16);

  std::vector<Token> tokens;
  const auto units = static_cast<int32_t>(byte_offset_of_unit.size() - 1);
  int32_t start = it->first();
  for (int32_t end = it->next(); end != icu::BreakIterator::DONE; start = end, end = it->next()) {
    if (start < 0 || end > units || end <= start) continue;
    size_t begin_byte = byte_offset_of_unit[static_cast<size_t>(start)];
    size_t end_byte = byte_offset_of_unit[static_cast<size_t>(end)];
    if (end_byte <= begin_byte) continue;  // a break inside a surrogate pair
    std::string_view piece = text.substr(begin_byte, end_byte - begin_byte);
    if (IsAllWhiteSpace(piece)) continue;
    // Rule status below UBRK_WORD_NONE_LIMIT marks spaces, punctuation and symbols;
    // numbers, letters, kana and ideographs are above it.
    bool is_word = it->getRuleStatus() >= UBRK_WORD_NONE_LIMIT;
    tokens.push_back(Token{std::string(piece), begin_byte, is_word});
  }
  return tokens;
}

}  // namespace askdb::text
