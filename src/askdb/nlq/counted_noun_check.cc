#include "askdb/nlq/counted_noun_check.h"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/schema_words.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

// Words (singular, lower case) that count the same people of an event row: a question's
// noun in one group and a column's word in the same group name one amount.
constexpr std::string_view kDeaths[] = {"death", "fatality", "casualty", "killed", "dead"};
constexpr std::string_view kInjuries[] = {"injury", "injured", "wounded"};
constexpr std::string_view kAttendees[] = {"attendee", "attendance", "spectator"};

template <size_t N>
bool InGroup(const std::string_view (&group)[N], std::string_view word) {
  return std::find(std::begin(group), std::end(group), word) != std::end(group);
}

bool SameAmount(std::string_view noun, std::string_view column_word) {
  if (noun == column_word) return true;
  return (InGroup(kDeaths, noun) && InGroup(kDeaths, column_word)) ||
         (InGroup(kInjuries, noun) && InGroup(kInjuries, column_word)) ||
         (InGroup(kAttendees, noun) && InGroup(kAttendees, column_word));
}

// The one word a column's name counts, its count words taken off ("num_of_deaths",
// "death_count", "killed" → that word); "" when other words remain ("pet_age", "train_number").
std::string CountedWordOfColumn(const IndexedColumn& c) {
  std::vector<std::string> w = c.words;  // num, cnt spelled out
  while (!w.empty() && (w.front() == "number" || w.front() == "nbr" || w.front() == "no" ||
                        w.front() == "total" || w.front() == "of")) {
    w.erase(w.begin());
  }
  if (!w.empty() && w.back() == "count") w.pop_back();
  return w.size() == 1 ? SingularizeEnglish(w[0]) : "";
}

// The table's column, other than a key, that holds a number and counts `noun`; -1 if none.
int AmountColumnNaming(int table, std::string_view noun, const SchemaIndex& index) {
  for (int id : index.tables()[table].columns) {
    const IndexedColumn& c = index.columns()[id];
    if (!IsNumeric(c.type_class) || c.primary_key || c.foreign_key) continue;
    const std::string counted = CountedWordOfColumn(c);
    if (!counted.empty() && SameAmount(noun, counted)) return id;
  }
  return -1;
}

// The counted noun, singular: the last word of the words that named the counted table, when
// it is a plural ("deaths"); "" otherwise ("products booked", "student").
std::string CountedNoun(const Measure& m) {
  const std::string phrase = text::AsciiLower(m.table_phrase);
  if (phrase.empty() || text::ContainsCjk(phrase)) return "";
  const size_t space = phrase.find_last_of(' ');
  const std::string last = space == std::string::npos ? phrase : phrase.substr(space + 1);
  const std::string singular = SingularizeEnglish(last);
  return singular == last ? "" : singular;
}

// The singular noun a table's name ends with ("Student" → student, "dorm_amenity" → amenity).
std::string NounOfTable(int table, const SchemaIndex& index) {
  const std::vector<std::string> words = SchemaTableWords(index.tables()[table].name);
  return words.empty() ? "" : SingularizeEnglish(words.back());
}

// Words after a noun that make a column an amount of it ("student_capacity").
constexpr std::string_view kAmountOfWords[] = {"capacity", "size", "count", "total", "quantity"};

// Whether a column's name reads as an amount of `noun`: num_students, student_count,
// number_of_students, students, student_capacity. Not a name that only mentions it
// (manager_employee_id, avg_order_value, review_score, sort_order), nor a bare singular
// ("order" is more often a position than a count).
bool NamedAsAnAmountOf(const IndexedColumn& c, std::string_view noun) {
  const std::vector<std::string>& w = c.words;
  if (w.size() == 2 && SingularizeEnglish(w[0]) == noun && InGroup(kAmountOfWords, w[1])) {
    return true;
  }
  if (CountedWordOfColumn(c) != noun) return false;
  return w.size() > 1 || w[0] != noun;
}

// A number column of `table`, other than a key, named as an amount of `noun`; -1 if none.
int NumberColumnNaming(int table, std::string_view noun, const SchemaIndex& index) {
  for (int id : index.tables()[table].columns) {
    const IndexedColumn& c = index.columns()[id];
    if (!IsNumeric(c.type_class) || c.primary_key || c.foreign_key) continue;
    if (NamedAsAnAmountOf(c, noun)) return id;
  }
  return -1;
}

// The filter's comparison as said ("more than 200", "at least 1", "少于 5").
std::string ComparisonWords(const Filter& f, bool chinese) {
  std::string number = std::to_string(f.lo);
  if (f.lo == static_cast<double>(static_cast<long long>(f.lo))) {
    number = std::to_string(static_cast<long long>(f.lo));
  }
  switch (f.op) {
    case Op::kGt:
      return (chinese ? "超过 " : "more than ") + number;
    case Op::kGe:
      return (chinese ? "至少 " : "at least ") + number;
    case Op::kLt:
      return (chinese ? "少于 " : "fewer than ") + number;
    case Op::kLe:
      return (chinese ? "至多 " : "at most ") + number;
    default:
      return (chinese ? "等于 " : "exactly ") + number;
  }
}

}  // namespace

std::optional<ShapeProblem> RelatedCountBesideAColumnOfTheRows(const Query& query,
                                                               const SchemaIndex& index) {
  for (const Filter& f : query.filters) {
    if (f.related_edge < 0 || f.related_counted < 0 || f.lo <= 0) continue;
    const int rows = index.edges()[f.related_edge].to_table;
    const std::string noun = NounOfTable(f.related_counted, index);
    if (noun.empty() || f.related_counted == rows) continue;
    const int column = NumberColumnNaming(rows, noun, index);
    if (column < 0) continue;
    const std::string& name = index.columns()[column].name;
    const std::string& table = index.tables()[rows].name;
    const std::string& counted = index.tables()[f.related_counted].name;
    const std::string en = ComparisonWords(f, false), zh = ComparisonWords(f, true);
    // No wording is advised: neither "the Dorm with student_capacity more than 200" nor
    // "… with more than 200 Student rows" is read (the column's words meet the table's).
    return ShapeProblem{"the " + table + " rows may be compared by their number of " + counted +
                            " rows (" + en + ") or by their " + name +
                            " column, and the question does not say which.",
                        table + " 可能按其 " + counted + " 的行数比较（" + zh + "），也可能按其 " +
                            name + " 列比较，问题没有说明是哪一种。"};
  }
  return std::nullopt;
}

std::optional<ShapeProblem> CountedNounIsAColumnsAmount(const Query& query,
                                                        const SchemaIndex& index) {
  for (const Measure& m : query.measures) {
    if (m.agg != Agg::kCount || m.column >= 0 || m.distinct || m.business >= 0 || m.table < 0) {
      continue;
    }
    const std::string noun = CountedNoun(m);
    if (noun.empty()) continue;
    const int column = AmountColumnNaming(m.table, noun, index);
    if (column < 0) continue;
    const std::string& rows = index.tables()[m.table].name;
    const std::string& name = index.columns()[column].name;
    return ShapeProblem{"'" + m.table_phrase + "' may be the " + rows +
                            " rows or the total of their " + name + " column; ask for 'the total " +
                            name + "' or for 'the number of " + rows + " records'.",
                        "“" + m.table_phrase + "”可能指 " + rows + " 的行数，也可能指其 " + name +
                            " 列的合计；要合计请说“总" + name + "”，要行数请说“" + rows +
                            " 记录数”。"};
  }
  return std::nullopt;
}

}  // namespace askdb::nlq
