#include "askdb/agent/quick_path/age_question.h"

#include <re2/re2.h>

#include "askdb/agent/quick_path/utf8_pattern.h"

namespace askdb::agent {
namespace {

// A whole date: 1990-05-20, 1990/5/20, 1990.5.20 or 1990年5月20日.
const std::string kDate =
    "([0-9]{4}[-/.][0-9]{1,2}[-/.][0-9]{1,2}|[0-9]{4}年[0-9]{1,2}月[0-9]{1,2}(?:日|号)?)";
const std::string kEnd = "\\s*[?.!？。！]*";

struct Day {
  int year = 0, month = 0, day = 0;
  bool operator<(const Day& o) const {
    if (year != o.year) return year < o.year;
    return month != o.month ? month < o.month : day < o.day;
  }
};

int DaysInMonth(int year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : kDays[month - 1];
}

// The date kDate captured, or nullopt when it is no real day (2026-02-30, month 13).
std::optional<Day> ReadDay(const std::string& text) {
  static const Utf8Pattern parts("([0-9]{4})[^0-9]+([0-9]{1,2})[^0-9]+([0-9]{1,2})\\D*");
  Day d;
  if (!parts.FullMatch(text, &d.year, &d.month, &d.day)) return std::nullopt;
  if (d.month < 1 || d.month > 12 || d.day < 1 || d.day > DaysInMonth(d.year, d.month)) {
    return std::nullopt;
  }
  return d;
}

}  // namespace

std::optional<std::string> AgeOnDateExpression(std::string_view s) {
  if (s.find("born") == std::string_view::npos && s.find("出生") == std::string_view::npos) {
    return std::nullopt;
  }
  static const Utf8Pattern en(
      "^(?:(?:someone|a person|i was|he was|she was|they were|my (?:son|daughter|kid|child|"
      "mother|father|mom|dad) was)\\s+)?born (?:on )?" +
      kDate +
      "\\s*,?\\s*how old (?:(?:am i|are they|is he|is she|will (?:i|they|he|she) be|would "
      "(?:i|they|he|she) be) )?(?:on|by|as of) " +
      kDate + kEnd + "$");
  static const Utf8Pattern en_asked_first(
      "^how old is (?:someone|a person|a child|a kid) born (?:on )?" + kDate + " (?:on|by|as of) " +
      kDate + kEnd + "$");
  static const Utf8Pattern zh(
      "^(?:我|他|她|某人|孩子|宝宝)?(?:是)?" + kDate + "出生\\s*[,，]?\\s*(?:到|在|截至|截止到?)" +
      kDate + "(?:时|那天)?\\s*(?:是|有)?(?:多大|几岁|多少岁|满几岁)了?" + kEnd + "$");
  std::string born_text, on_text;
  if (!en.FullMatch(s, &born_text, &on_text) &&
      !en_asked_first.FullMatch(s, &born_text, &on_text) &&
      !zh.FullMatch(s, &born_text, &on_text)) {
    return std::nullopt;
  }
  const auto born = ReadDay(born_text), on = ReadDay(on_text);
  if (!born || !on || *on < *born) return std::nullopt;
  // The birthday of that year not yet reached: one year fewer.
  const bool before_birthday = Day{born->year, on->month, on->day} < *born;
  return std::to_string(on->year) + "-" + std::to_string(born->year) +
         (before_birthday ? "-1" : "");
}

}  // namespace askdb::agent
