#include "askdb/nlq/period_check.h"

#include <algorithm>
#include <string>
#include <string_view>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/schema_words.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

bool HoldsDates(const IndexedColumn& c) {
  return c.type_class == TypeClass::kDate || c.stats.min_date.has_value();
}

// A column whose every collected value is a bare year (DuSQL's 年份 typed time: 2014, 2015):
// whole years, not dates; strftime reads 2014 as a Julian day number (year -4707).
bool HoldsBareYears(const IndexedColumn& c) {
  if (c.stats.min_date || c.stats.values.empty()) return false;
  return std::all_of(c.stats.values.begin(), c.stats.values.end(), [](const std::string& v) {
    return v.size() == 4 &&
           std::all_of(v.begin(), v.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
  });
}

bool NamedAsAYear(const IndexedColumn& c) {
  const std::string lower = text::AsciiLower(c.name);
  const std::vector<std::string>& words = c.words;  // yr: spelled out
  return lower.find("year") != std::string::npos ||
         std::find(words.begin(), words.end(), "year") != words.end() ||
         c.name.find("年份") != std::string::npos || c.name.find("年度") != std::string::npos;
}

// The event a date column is named after: the first word of its name that is not a date word
// ("launched" of launched_on, "hire" of HireDate, "signup" of signup_date); "" for a bare date
// ("date", "created_at" keeps "created") or the table's own name (OrderDate of Orders).
std::string EventOfDateColumn(const IndexedColumn& c, const std::string& table_name) {
  static constexpr std::string_view kDateWords[] = {
      "date", "on", "at", "time", "day", "ts", "of", "year", "month", "the", "when", "stamp"};
  const std::string table = SingularizeEnglish(SchemaTablePhrase(table_name));
  for (const std::string& part : c.words) {  // inv_dt: "invoice date"
    const std::string lower = text::AsciiLower(part);
    if (std::find(std::begin(kDateWords), std::end(kDateWords), lower) != std::end(kDateWords)) {
      continue;
    }
    const std::string stem = SingularizeEnglish(lower);
    return table.ends_with(stem) || stem.ends_with(table) ? "" : lower;
  }
  return "";
}

// A past form the question did not place: "sold", "shipped", "registered". Words in -eed
// ("need", "speed") are no past forms.
bool IsUnplacedPastForm(const Item& it) {
  static constexpr std::string_view kIrregular[] = {"sold", "bought", "paid",  "spent", "made",
                                                    "sent", "built",  "won",   "held",  "brought",
                                                    "born", "begun",  "began", "left"};
  if (it.used || it.kind != ItemKind::kUnknown) return false;
  const std::string w = text::AsciiLower(it.text);
  if (std::find(std::begin(kIrregular), std::end(kIrregular), w) != std::end(kIrregular)) {
    return true;
  }
  return w.size() >= 5 && w.ends_with("ed") && !w.ends_with("eed") &&
         std::all_of(w.begin(), w.end(), [](char ch) { return ch >= 'a' && ch <= 'z'; });
}

// "signed" names signup_date, "hired" HireDate, "launched" launched_on: the verb and the
// event share their first four letters (all of a shorter stem).
bool VerbNamesEvent(const std::string& verb, const std::string& event) {
  const size_t n = std::min<size_t>(4, event.size());
  return verb.size() >= n && verb.compare(0, n, event, 0, n) == 0;
}

// "orders placed in Q1 1998", "invoices issued in 2024", "tickets raised last month": the
// column is its table's own date, when its rows were made, and a verb of making a record
// says no more than that: marked used. (Verbs of other events, "shipped", "paid", are not.)
void ReadMakingVerbs(std::vector<Item>& items) {
  static constexpr std::string_view kMaking[] = {
      "placed", "made", "created", "issued", "raised", "logged", "recorded", "submitted", "booked"};
  for (Item& it : items) {
    const std::string w = text::AsciiLower(it.text);
    if (IsUnplacedPastForm(it) &&
        std::find(std::begin(kMaking), std::end(kMaking), w) != std::end(kMaking)) {
      it.used = true;
    }
  }
}

// memberships(start_date, end_date): the period went to start_date, but nothing in the
// question names its event, and an unplaced word ("How many memberships expire in December?")
// may name the other one. That word, or "" when the event is named, the word is absent or the
// table dates no other event.
std::string UnplacedWordBesideARivalEvent(const std::vector<Item>& items, const SchemaIndex& index,
                                          int column, const std::string& event) {
  const IndexedColumn& c = index.columns()[column];
  const std::string& table = index.tables()[c.table].name;
  const bool rival = std::any_of(
      index.tables()[c.table].columns.begin(), index.tables()[c.table].columns.end(), [&](int o) {
        const IndexedColumn& other = index.columns()[o];
        if (o == column || other.role != ColumnRole::kTime || !HoldsDates(other)) return false;
        const std::string its = EventOfDateColumn(other, table);
        return !its.empty() && its != event;
      });
  if (!rival) return "";
  std::string unplaced;
  for (const Item& it : items) {
    const std::string w = text::AsciiLower(it.text);
    if (VerbNamesEvent(w, event)) return "";
    const bool word = w.size() >= 4 && std::all_of(w.begin(), w.end(),
                                                   [](char ch) { return ch >= 'a' && ch <= 'z'; });
    if (unplaced.empty() && !it.used && it.kind == ItemKind::kUnknown && word) unplaced = it.text;
  }
  return unplaced;
}

}  // namespace

std::string PlaceVerbOfTheEvent(std::vector<Item>& items, const SchemaIndex& index, int column) {
  const IndexedColumn& c = index.columns()[column];
  const std::string event = EventOfDateColumn(c, index.tables()[c.table].name);
  if (event.empty()) {
    ReadMakingVerbs(items);
    return "";
  }
  std::string other;
  for (Item& it : items) {
    if (!IsUnplacedPastForm(it)) continue;
    if (VerbNamesEvent(text::AsciiLower(it.text), event)) {
      it.used = true;  // "launched in 2024": the verb is what the period is of
    } else if (other.empty()) {
      other = it.text;
    }
  }
  return other.empty() ? UnplacedWordBesideARivalEvent(items, index, column, event) : other;
}

bool PeriodFits(const IndexedColumn& column, const std::optional<TimeRange>& time,
                const std::optional<DatePart>& bucket) {
  // Bare years take a whole year (年份 = 2015), not a bucket or a part of a year.
  if (HoldsBareYears(column)) return !bucket && (!time || time->year_only.has_value());
  if (HoldsDates(column)) return true;
  if (bucket) return false;
  if (!time) return true;
  return time->year_only && (column.type_class == TypeClass::kInteger || NamedAsAYear(column));
}

int ColumnForPeriod(const SchemaIndex& index, int column, const std::optional<TimeRange>& time,
                    const std::optional<DatePart>& bucket) {
  const IndexedColumn& chosen = index.columns()[column];
  if (PeriodFits(chosen, time, bucket)) return column;
  int found = -1;
  for (int c : index.tables()[chosen.table].columns) {
    const IndexedColumn& other = index.columns()[c];
    const bool timely = other.role == ColumnRole::kTime || NamedAsAYear(other);
    if (c == column || !timely || !PeriodFits(other, time, bucket)) {
      continue;
    }
    if (found >= 0) return -1;
    found = c;
  }
  return found;
}

}  // namespace askdb::nlq
