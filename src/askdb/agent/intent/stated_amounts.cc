#include "askdb/agent/intent/stated_amounts.h"

#include <string>
#include <vector>

#include "askdb/common/text.h"

namespace askdb::agent {
namespace {

bool IsAsciiDigit(char32_t c) { return c >= U'0' && c <= U'9'; }
bool IsAsciiAlnum(char32_t c) {
  return IsAsciiDigit(c) || (c >= U'a' && c <= U'z') || (c >= U'A' && c <= U'Z');
}
bool IsChineseDigit(char32_t c) {
  return std::u32string_view(U"一二两三四五六七八九十").find(c) != std::u32string_view::npos;
}
bool IsChineseNumeral(char32_t c) {
  return std::u32string_view(U"零〇一二两三四五六七八九十百千万亿").find(c) !=
         std::u32string_view::npos;
}

// Words right before a number that make it a filter, a rank, a range end or a period, not an
// input: "top 10", "前10", "第3", "more than 5", "超过50", "32 or 33", "last 30", "每100克".
constexpr std::u32string_view kFilterBefore[] = {
    U"top",       U"前",         U"第",   U"最近",  U"last",  U"past",   U"between",
    U"超过",      U"大于",       U"小于", U"低于",  U"高于",  U"不少于", U"不超过",
    U"more than", U"less than",  U"over", U"under", U"above", U"below",  U"at least",
    U"at most",   U"fewer than", U"or",   U"或",    U"~",     U">",      U"<",
    U"=",         U":",          U"#",    U"每",    U"per"};

// Units right after a number that make it a date, a time, an age or a period: "3月", "8:10",
// "16 hours", "5th", "2015年".
constexpr std::u32string_view kDateAfter[] = {
    U"月",   U"日",     U"号", U"点",   U"时",  U":",    U"年",    U"届",   U"季",   U"岁",
    U"个月", U"天",     U"周", U"分钟", U"day", U"week", U"month", U"year", U"赛季", U"yr",
    U"hour", U"minute", U"am", U"pm",   U"st",  U"nd",   U"rd",    U"th"};

bool EndsWithWord(const std::u32string& s, size_t end, std::u32string_view word) {
  if (end < word.size() || s.compare(end - word.size(), word.size(), word) != 0) return false;
  // An English word must start at a word boundary ("over", not "turnover").
  const size_t begin = end - word.size();
  return !IsAsciiAlnum(word.front()) || begin == 0 || !IsAsciiAlnum(s[begin - 1]);
}

bool FilterBefore(const std::u32string& s, size_t begin) {
  size_t end = begin;
  if (end > 0 && s[end - 1] == U' ') --end;
  for (std::u32string_view word : kFilterBefore) {
    if (EndsWithWord(s, end, word)) return true;
  }
  return false;
}

bool DateAfter(const std::u32string& s, size_t end) {
  const size_t at = end + (end < s.size() && s[end] == U' ' ? 1 : 0);
  for (std::u32string_view unit : kDateAfter) {
    if (s.compare(at, unit.size(), unit) != 0) continue;
    if (!IsAsciiAlnum(unit.front())) return true;
    // An English unit is a whole word, plural or not ("16 hours"; "5 stores" is no "st").
    size_t next = at + unit.size();
    if (next < s.size() && s[next] == U's') ++next;
    if (next >= s.size() || !IsAsciiAlnum(s[next])) return true;
  }
  return false;
}

// The end of an ASCII number at `i` ("3,400", "7.2"), or of a written-out Chinese one
// ("三百六十万", "十二万"; 一下, 千万 and 万一 are words); `i` itself when there is none.
size_t NumberEnd(const std::u32string& s, size_t i) {
  size_t end = i;
  if (IsAsciiDigit(s[i])) {
    while (end < s.size() &&
           (IsAsciiDigit(s[end]) || ((s[end] == U'.' || s[end] == U',') && end + 1 < s.size() &&
                                     IsAsciiDigit(s[end + 1])))) {
      ++end;
    }
    return end;
  }
  if (!IsChineseDigit(s[i])) return i;
  while (end < s.size() && IsChineseNumeral(s[end])) ++end;
  const std::u32string_view run(s.data() + i, end - i);
  return run.size() >= 2 && run.find_first_of(U"十百千万亿") != std::u32string_view::npos ? end : i;
}

// 19xx and 20xx: a year, whatever follows it.
bool IsYear(const std::u32string& s, size_t begin, size_t end) {
  if (end - begin != 4 || !IsAsciiDigit(s[begin])) return false;
  return (s[begin] == U'1' && s[begin + 1] == U'9') || (s[begin] == U'2' && s[begin + 1] == U'0');
}

// "products 3, 7 and 12", "stores 5": a number right after a plural noun with no unit or noun after
// it names things ("48 boxes", "visitors 52k" state amounts).
bool AfterPluralNoun(const std::u32string& s, size_t begin, size_t end) {
  if (begin < 2 || s[begin - 1] != U' ' || s[begin - 2] != U's') return false;
  size_t word = begin - 2;
  while (word > 0 && s[word - 1] >= U'a' && s[word - 1] <= U'z') --word;
  if (begin - 1 - word < 4) return false;  // "is", "was", "has", "its"
  const size_t after = end < s.size() && s[end] == U' ' ? end + 1 : end;
  return after >= s.size() || !IsAsciiAlnum(s[after]);
}

// A number that is not an input: a label ("q4", "line1"), a part of a date or a time
// ("1983/7/16", "8:10"), a year, a filter or rank, a period.
bool NotAnAmount(const std::u32string& s, size_t begin, size_t end) {
  const bool digits = IsAsciiDigit(s[begin]);
  if (digits && begin > 0 && (IsAsciiAlnum(s[begin - 1]) || s[begin - 1] == U'/')) return true;
  if (end + 1 < s.size() && s[end] == U'/' && IsAsciiDigit(s[end + 1])) return true;
  return IsYear(s, begin, end) || FilterBefore(s, begin) || DateAfter(s, end) ||
         (digits && AfterPluralNoun(s, begin, end));
}

// Whether [from, to) only joins two numbers of one list or range: "3, 7 and 12",
// "between 5000 and 10000", "从3到5".
bool JoinsAList(const std::u32string& s, size_t from, size_t to) {
  const std::u32string_view gap(s.data() + from, to - from);
  for (std::u32string_view joint :
       {U",", U", ", U" and ", U" or ", U" to ", U"、", U"和", U"与", U"到", U"至", U", and "}) {
    if (gap == joint) return true;
  }
  return false;
}

}  // namespace

int CountStatedAmounts(std::string_view normalized) {
  const std::vector<char32_t> decoded = text::DecodeUtf8(normalized);
  const std::u32string s(decoded.begin(), decoded.end());
  int count = 0;
  size_t i = 0;
  size_t not_amount_end = std::u32string::npos;  // where the last number that was none ended
  while (i < s.size()) {
    const size_t end = NumberEnd(s, i);
    if (end == i) {
      ++i;
      continue;
    }
    // "18-19", "3~5": a range, whose ends are bounds, not amounts.
    if (end + 1 < s.size() && (s[end] == U'-' || s[end] == U'~') && IsAsciiDigit(s[end + 1])) {
      i = NumberEnd(s, end + 1);
      not_amount_end = i;
      continue;
    }
    // The next number of a list or range whose first one was no amount is none either.
    const bool listed = not_amount_end != std::u32string::npos && not_amount_end <= i &&
                        JoinsAList(s, not_amount_end, i);
    if (listed || NotAnAmount(s, i, end)) {
      not_amount_end = end;
    } else {
      ++count;
    }
    i = end;
  }
  return count;
}

}  // namespace askdb::agent
