#include "askdb/nlq/engine.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

#include "askdb/common/text.h"
#include "askdb/db/dialect.h"
#include "askdb/nlq/grounding.h"
#include "askdb/nlq/join_path.h"
#include "askdb/nlq/lexicon.h"
#include "askdb/nlq/measure_additivity.h"
#include "askdb/nlq/number_words.h"
#include "askdb/nlq/per_row_measure.h"
#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/reading.h"
#include "askdb/nlq/reading_check.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {
namespace {

// Dialects write a clause with a leading space (" LIMIT 10"); the engine puts each clause
// on its own line.
std::string OnItsOwnLine(std::string clause) {
  if (!clause.empty() && clause.front() == ' ') clause.front() = '\n';
  return clause;
}

using db::DatePart;

// Confidence factors. Each names a guess the engine made; the product must stay above the
// threshold for the engine to answer.
constexpr double kDefaultSumFactor = 0.95;      // a bare measure was summed
constexpr double kImplicitGroupFactor = 0.9;    // a bare dimension beside a measure grouped
constexpr double kLabelProjectionFactor = 0.9;  // "list the stores" → their name column
constexpr double kAmbiguousValueFactor = 0.75;  // a value found in several unrelated columns
constexpr double kAliasFactor = 0.97;           // matched through a derived alias
constexpr double kLineMeasureFactor = 0.95;     // a measure moved to the line-level table
constexpr double kUnknownExponent = 2.0;        // how hard unexplained words weigh
constexpr int kLookAhead = 3;                   // items searched after a keyword
constexpr int kYearMin = 1900;
constexpr int kYearMax = 2100;
// Result-column names: PostgreSQL truncates identifiers at 63 bytes (NAMEDATALEN - 1), so
// longer aliases would silently collide there.
constexpr size_t kMaxAliasBytes = 63;

std::string FormatNumber(double v) {
  char buf[64];
  if (std::floor(v) == v && std::fabs(v) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", v);
  } else {
    std::snprintf(buf, sizeof buf, "%.6g", v);
  }
  return buf;
}

std::string_view AggName(Agg a) {
  switch (a) {
    case Agg::kSum:
      return "SUM";
    case Agg::kAvg:
      return "AVG";
    case Agg::kCount:
      return "COUNT";
    case Agg::kMax:
      return "MAX";
    case Agg::kMin:
      return "MIN";
    case Agg::kNone:
      break;
  }
  return "";
}

class Parser {
 public:
  Parser(std::string_view question, const SchemaIndex& index, const db::Dialect& dialect,
         const TranslateOptions& options)
      : question_(question),
        index_(index),
        dialect_(dialect),
        options_(options),
        lex_(Lexicon::Builtin()) {}

  Translation Run();

 private:
  // --- helpers
  const Term& TermOf(int id) const { return index_.terms()[id]; }
  const IndexedColumn& Col(int c) const { return index_.columns()[c]; }
  bool IsNumericCol(int c) const {
    const TypeClass t = Col(c).type_class;
    return t == TypeClass::kInteger || t == TypeClass::kNumber;
  }
  // The best column candidate of an item, or -1.
  int ColumnOf(const Item& it, bool numeric_only = false) const;
  int TableOf(const Item& it) const;
  bool HasValue(const Item& it) const;
  bool OnlyValues(const Item& it) const;
  // Next item index after i that is not a stop word, punctuation or a used item; -1 if none.
  int NextMeaningful(int i, int limit = kLookAhead) const;
  int PrevMeaningful(int i, int limit = kLookAhead) const;
  bool IsFiller(const Item& it) const;
  std::string ColRef(int c) const;
  // Result-column names, in the question's language: the words the question used for the
  // column or table, else the semantic model's display name, else the name split into words.
  void NameColumn(int c, const std::string& words) { column_words_.emplace(c, words); }
  std::string ColumnWords(int c) const;     // what the column holds ("销售额", "order date")
  std::string ColumnAlias(int c) const;     // a grouped/listed column; labels by their table
  std::string TableWords(int table) const;  // "订单", "orders"
  std::string MeasureAlias(const Measure& m) const;
  std::string BucketAlias(DatePart part) const;
  // Quoted " AS <alias>" with the alias cleaned, capped and made unique within `taken`.
  // `shown` receives the alias as the result column is named (after cleaning and uniquing).
  std::string As(std::string alias, std::set<std::string>* taken,
                 std::string* shown = nullptr) const;
  void Map(const Item& it, std::string kind, std::string target) {
    out_.explanation.push_back({it.text, std::move(kind), std::move(target)});
  }
  std::string ColName(int c) const {
    return index_.tables()[Col(c).table].name + "." + Col(c).name;
  }
  void Understood(std::string en, std::string zh) {
    out_.understood.push_back(chinese_ ? std::move(zh) : std::move(en));
  }
  Translation Abstain(std::string en, std::string zh);

  void Segment();
  // Business terms (business_terms.h): a measure, a condition or a value alias the business
  // defined. Marks their words used; false (with why_en/why_zh) when one cannot be applied.
  bool ApplyBusinessTerms(std::string* why_en, std::string* why_zh);
  std::string BusinessSql(const Filter& f) const;
  // The question's period inside a filter over aggregates ("近一年的高价值客户"): false when
  // it does not apply there; with `why_*` set when it should but cannot.
  bool PeriodInsideTerm(int root, std::string* why_en, std::string* why_zh);
  // The WHERE conditions of the question's period on time column `column`.
  std::vector<std::string> PeriodConditions(int column) const;
  // `column` >= start AND `column` < end.
  std::vector<std::string> RangeConditions(int column, const DateRange& range) const;
  // The phrase key of units [i, end): a hyphen between two English words is left out
  // ("high-value" reads as "high value"), so hyphenated business terms match either way.
  std::string KeyAt(size_t i, size_t end) const;
  bool MatchAt(size_t i, size_t len) const;
  size_t LongestMatch(size_t i, size_t max_units) const;
  void ParseTime();
  void ParseTrend();
  // The label column of `table` can stand for its rows in a GROUP BY: its values are
  // unique, or the table has a single-column key to group beside it.
  bool CanGroupByLabel(int table, int label) const;
  bool LabelIsUnique(int table, int label) const;  // distinct values == rows, measured
  // Appends the last-name column after a first-name label (index_.NameCompanion).
  void AddNameCompanion(std::vector<int>* columns, int label) const {
    const int companion = index_.NameCompanion(label);
    if (companion >= 0 &&
        std::find(columns->begin(), columns->end(), companion) == columns->end()) {
      columns->push_back(companion);
    }
  }
  int SingleKey(int table) const;  // the single primary-key column, or -1
  // Whether item `item` is followed by "and"/"和"/"及"/"、" and another term: returns that
  // term's index and the dimension column to group by (-1 when it cannot be grouped), or
  // {-1, -1} when no such list follows (or it continues with a measure).
  std::pair<int, int> NextConjunctDimension(int item) const;
  // A sum over the root that a fan-out join would double: move it to the one measure of
  // the fanned-out table that the same words name ("revenue" → "item revenue").
  bool MoveMeasureAcrossFanOut(std::vector<int>* needed);
  void ParseNumbersMagnitude();
  void ParseComparisons();
  // A number that is the value of the measure column just before it ("unit price of 1.99").
  void ParseEquality(int number_item);
  void ParseTopN();
  void ParseAggregates();
  // Whether the superlative at item `superlative` ranks rows the question named before it
  // ("the 3 products with the highest price"); takes the number of rows when one is given.
  bool RanksNamedRows(int superlative);
  bool IsRequestVerb(const Item& it) const;  // "list", "show me", "what are" ...
  // "their"/"its"/"及其": the question lists the rows with their attributes.
  bool NamesTheRowsTheirOwn() const;
  // The one numeric column a keyword also names ("total" → Invoice.Total), or -1.
  int KeywordColumn(const Item& it) const;
  void ParseGrouping();
  void ParseValues();
  // "singers that have more than one song", "orchestras that do not have any performance":
  // a comparison or "not" before a table word that references the table named before it
  // compares the number of referencing rows (directly, or through the one link table).
  void ParseRelatedCounts();
  // The one edge by which rows of another table count `table`'s rows named by `counted`
  // (its own reference, else the one link table's), or -1.
  int RelatedCountEdge(int table, int counted) const;
  void ParseOrdering();
  void ParseLeftovers();
  // Age words: "ordered by age", "the youngest singer", "from the oldest to the youngest",
  // read on the age column, else a birth-date column (inverted), else the one founding-year
  // or date column of the table the words are about. Left unused (so the question abstains)
  // whenever the table or the column is not certain.
  void ParseAgeWords();
  // "pets owned by students", "the record company used by orchestras": a "by" after a past
  // participle links to the table that follows (a join), it does not group.
  void ParsePassiveBy();
  // A year compared with no column named ("concerts after or in 2014"): the one year or
  // founding-year column (not a date) of the table the question is about; otherwise the
  // comparison word is left unused and the question abstains.
  void ResolveYearComparison();
  // The table an age word is about: the nearest table, column or value word after it, else
  // before it; -1 when none.
  int AgeWordTable(int item) const;
  // The column that orders `table`'s rows by age and whether older rows have smaller values
  // (a birth date or founding year) rather than larger ones (an age); {-1, false} when no
  // single such column exists.
  std::pair<int, bool> AgeColumn(int table) const;
  bool ResolveTables(std::string* why_en, std::string* why_zh);
  // Whether the column word at `item` is followed (past fillers and "not") by a value of
  // `col`: "whose nationality is not Russia", "with Episode 'X'" — the word names the filter.
  bool NamesFollowingValue(int item, int col) const;
  // Writes the SQL; on a shape that would not be valid standard SQL or would be
  // meaningless (see the invariants), returns nullopt and sets why_en/why_zh.
  std::optional<std::string> BuildSql(std::string* why_en, std::string* why_zh);

  std::string_view question_;
  const SchemaIndex& index_;
  const db::Dialect& dialect_;
  const TranslateOptions& options_;
  const Lexicon& lex_;
  bool chinese_ = false;
  std::vector<Unit> units_;
  std::vector<Item> items_;
  Query q_;
  Translation out_;
  double factor_ = 1.0;
  CivilDate anchor_;
  std::string anchor_source_;
  bool which_ = false;
  bool which_used_ = false;
  bool distinct_word_ = false;             // "distinct"/"different" read; a list then drops repeats
  bool has_superlative_ = false;           // a highest/most/top word appears
  bool has_age_superlative_ = false;       // an oldest/youngest word appears
  bool born_ = false;                      // "born in 2001": the time is a birth date
  std::set<int> context_tables_;           // tables of the column words that name one table only
  std::pair<int, int> age_order_{-1, -1};  // the order word and the age word after it
  struct YearComparison {
    Op op;
    double year;
    int op_item, number_item, year_word;
    bool age = false;  // "older than 20": the age column, not a year
  };
  std::optional<YearComparison> year_cmp_;
  std::set<int> table_words_anywhere_;  // tables any word of the question may name
  // "the products with the highest price": rows ranked, not summed.
  int ranked_table_ = -1;
  bool lists_rows_with_attributes_ = false;  // NamesTheRowsTheirOwn(), read once
  std::set<int> mentioned_tables_;           // tables named by a table word in the question
  std::vector<int> which_items_;             // a which-question became a group or superlative
  std::string ungrouped_conjunct_;  // "by region and <this>" where <this> cannot be grouped
  std::optional<JoinTree> tree_;
  int time_column_ = -1;
  // The business term (filter over aggregates) whose aggregate takes the question's period,
  // and that aggregate's time column; -1 when the period applies to the outer query.
  int period_term_ = -1, period_term_column_ = -1;
  struct PendingValue {
    std::vector<int> terms;
    bool negated;
    std::string phrase;
  };
  std::vector<PendingValue> values_;
  std::map<int, std::string> column_words_;  // column → the words the question named it by
  std::map<int, std::string> table_words_;   // table → the words the question named it by
  std::set<int> filter_subjects_;            // columns named right before one of their values
  std::set<int> related_counted_;            // tables only counted in a related-count condition
};

bool Parser::IsFiller(const Item& it) const {
  if (it.kind == ItemKind::kPunct) return true;
  if (it.kind == ItemKind::kKeyword && (it.kw & ~(Bit(Kw::kStop) | Bit(Kw::kRowUnit))) == 0) {
    return true;
  }
  return false;
}

int Parser::NextMeaningful(int i, int limit) const {
  for (int j = i + 1; j < static_cast<int>(items_.size()) && limit > 0; ++j) {
    if (IsFiller(items_[j])) continue;
    --limit;
    return j;
  }
  return -1;
}

int Parser::PrevMeaningful(int i, int limit) const {
  for (int j = i - 1; j >= 0 && limit > 0; --j) {
    if (IsFiller(items_[j])) continue;
    return j;
  }
  return -1;
}

int Parser::ColumnOf(const Item& it, bool numeric_only) const {
  if (it.kind != ItemKind::kTerm) return -1;
  // Rank: a table the question names, then a column of the question's language (name_zh
  // for Chinese), then the column's own name over a synonym.
  int best = -1;
  int best_score = -1;
  bool tied = false;
  // A bare "id" is the key of the one table the question is otherwise about; with no such
  // single table it names nothing (the key of an arbitrary table would be a guess).
  bool bare_id = true;
  for (int id : it.terms) bare_id &= TermOf(id).source == "key";
  if (bare_id) {
    int found = -1;
    for (int id : it.terms) {
      const Term& t = TermOf(id);
      if (numeric_only && !IsNumericCol(t.column)) continue;
      if (!mentioned_tables_.count(t.table) && !context_tables_.count(t.table)) continue;
      if (found >= 0) return -1;
      found = t.column;
    }
    return found;
  }
  for (int id : it.terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kColumn) continue;
    if (numeric_only && !IsNumericCol(t.column)) continue;
    if (t.source == "short" && !mentioned_tables_.count(t.table)) continue;
    int score = 0;
    if (mentioned_tables_.count(t.table)) score += 8;
    const std::string& lang = Col(t.column).lang;
    if (!lang.empty() && lang == (chinese_ ? "zh" : "en")) score += 4;
    if (t.exact) score += 2;
    if (t.source == "name") score += 1;
    // A table some word of the question may name ("商品" is the products table and also a
    // column word) breaks a tie between same-named columns of two tables.
    if (table_words_anywhere_.count(t.table)) score += 1;
    if (score > best_score) {
      best_score = score;
      best = t.column;
      tied = false;
    } else if (score == best_score && Col(t.column).table != Col(best).table) {
      tied = true;
    }
  }
  // "unit price" of both products and order lines, with nothing in the question to choose:
  // either would be a guess.
  return tied ? -1 : best;
}

int Parser::TableOf(const Item& it) const {
  if (it.kind != ItemKind::kTerm) return -1;
  for (int id : it.terms) {
    if (TermOf(id).kind == TermKind::kTable) return TermOf(id).table;
  }
  return -1;
}

bool Parser::HasValue(const Item& it) const {
  return it.kind == ItemKind::kTerm && std::any_of(it.terms.begin(), it.terms.end(), [&](int id) {
           return TermOf(id).kind == TermKind::kValue;
         });
}

bool Parser::OnlyValues(const Item& it) const {
  return it.kind == ItemKind::kTerm && std::all_of(it.terms.begin(), it.terms.end(), [&](int id) {
           return TermOf(id).kind == TermKind::kValue;
         });
}

std::string Parser::ColRef(int c) const {
  return dialect_.QuoteIdentifier(index_.tables()[Col(c).table].name) + "." +
         dialect_.QuoteIdentifier(Col(c).name);
}

std::string Parser::ColumnWords(int c) const {
  if (auto it = column_words_.find(c); it != column_words_.end()) return it->second;
  const IndexedColumn& col = Col(c);
  const std::string& mine = chinese_ ? col.display_zh : col.display_en;
  if (!mine.empty()) return mine;
  const std::string& other = chinese_ ? col.display_en : col.display_zh;
  if (!other.empty()) return other;
  return IdentifierToPhrase(col.name);
}

std::string Parser::TableWords(int table) const {
  if (auto it = table_words_.find(table); it != table_words_.end()) return it->second;
  const IndexedTable& t = index_.tables()[table];
  const std::string& mine = chinese_ ? t.display_zh : t.display_en;
  if (!mine.empty()) return mine;
  const std::string& other = chinese_ ? t.display_en : t.display_zh;
  if (!other.empty()) return other;
  return IdentifierToPhrase(t.name);
}

std::string Parser::ColumnAlias(int c) const {
  const int t = Col(c).table;
  const bool label = index_.LabelColumn(t, chinese_) == c || index_.LabelColumn(t, !chinese_) == c;
  if (!label) return ColumnWords(c);
  // A table's label column stands for its rows: the region's name is shown as "地区".
  const IndexedTable& table = index_.tables()[t];
  std::string words;
  if (auto it = column_words_.find(c); it != column_words_.end()) {
    words = it->second;
  } else if (table_words_.count(t) || !table.display_zh.empty() || !table.display_en.empty()) {
    words = TableWords(t);
  } else if (const std::string& business = chinese_ ? Col(c).display_zh : Col(c).display_en;
             !business.empty()) {
    return business;
  } else {
    words = IdentifierToPhrase(table.name);  // "regions"."name" → "region", not "name"
  }
  if (chinese_) return words;
  // One row per entity: "top 5 products" shows a "product" column.
  const size_t last = words.rfind(' ') + 1;  // npos + 1 == 0
  const std::string tail = words.substr(last);
  if (text::AsciiLower(tail) == tail) words = words.substr(0, last) + SingularizeEnglish(tail);
  return words;
}

std::string Parser::MeasureAlias(const Measure& m) const {
  if (!m.label.empty()) return m.label;
  if (m.column < 0) {
    const std::string table = m.table_phrase.empty() ? TableWords(m.table) : m.table_phrase;
    return chinese_ ? table + "数" : "number of " + table;
  }
  const std::string name = m.column_phrase.empty() ? ColumnWords(m.column) : m.column_phrase;
  switch (m.agg) {
    case Agg::kAvg:
      return chinese_ ? "平均" + name : "average " + name;
    case Agg::kMax:
    case Agg::kMin: {
      // Chinese keeps the question's word: 最高订单金额, 最大容纳人数.
      static constexpr std::string_view kZhExtremes[] = {"最高", "最低", "最大", "最小"};
      for (std::string_view w : kZhExtremes) {
        if (chinese_ && m.phrase.rfind(w, 0) == 0) return std::string(w) + name;
      }
      if (m.agg == Agg::kMax) return chinese_ ? "最大" + name : "maximum " + name;
      return chinese_ ? "最小" + name : "minimum " + name;
    }
    case Agg::kCount:
      // "有多少个品牌" counts distinct brands; Chinese says 品牌数 all the same.
      if (m.distinct && !chinese_) return "number of distinct " + name;
      return chinese_ ? name + "数" : "number of " + name;
    case Agg::kSum:
    case Agg::kNone:
      break;
  }
  return name;  // a sum is named by what is summed: "销售额", "revenue"
}

std::string Parser::BucketAlias(DatePart part) const {
  switch (part) {
    case DatePart::kYear:
      return chinese_ ? "年份" : "year";
    case DatePart::kQuarter:
      return chinese_ ? "季度" : "quarter";
    case DatePart::kMonth:
      return chinese_ ? "月份" : "month";
    case DatePart::kWeek:
      return chinese_ ? "周" : "week";
    case DatePart::kDay:
      return chinese_ ? "日期" : "day";
  }
  return chinese_ ? "时间" : "period";
}

std::string Parser::As(std::string alias, std::set<std::string>* taken, std::string* shown) const {
  // Question words may carry odd spacing or control bytes: one space between words, valid
  // UTF-8 only (the dialect escapes quotes; nothing else may surprise a SQL engine).
  std::string clean;
  for (char ch : text::SanitizeUtf8(alias)) {
    const bool space = static_cast<unsigned char>(ch) < 0x20 || ch == ' ' || ch == 0x7f;
    if (space) {
      if (!clean.empty() && clean.back() != ' ') clean += ' ';
    } else {
      clean += ch;
    }
  }
  while (!clean.empty() && clean.back() == ' ') clean.pop_back();
  if (clean.empty()) clean = chinese_ ? "列" : "column";
  auto cap = [](std::string s, size_t max_bytes) {
    if (s.size() <= max_bytes) return s;
    size_t end = max_bytes;
    while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;
    return s.substr(0, end);
  };
  std::string name = cap(clean, kMaxAliasBytes);
  // Engines compare identifiers case-insensitively in places (MySQL aliases): so do we.
  for (int n = 2; taken->count(text::AsciiLower(name)); ++n) {
    const std::string suffix = " (" + std::to_string(n) + ")";
    name = cap(clean, kMaxAliasBytes - suffix.size()) + suffix;
  }
  taken->insert(text::AsciiLower(name));
  if (shown) *shown = name;
  return " AS " + dialect_.QuoteIdentifier(name);
}

Translation Parser::Abstain(std::string en, std::string zh) {
  out_.answered = false;
  out_.sql.clear();
  out_.non_additive_columns.clear();
  out_.abstain_reason = chinese_ ? std::move(zh) : std::move(en);
  return out_;
}

namespace {
bool IsHyphen(const std::vector<Unit>& units, size_t k) {
  return units[k].kind == UnitKind::kPunct && units[k].key == "-" && k > 0 &&
         k + 1 < units.size() && units[k - 1].kind == UnitKind::kWord &&
         units[k + 1].kind == UnitKind::kWord;
}
}  // namespace

std::string Parser::KeyAt(size_t i, size_t end) const {
  std::vector<Unit> kept;
  for (size_t k = i; k < end; ++k) {
    if (!(k > i && k + 1 < end && IsHyphen(units_, k))) kept.push_back(units_[k]);
  }
  return JoinUnitKeys(kept, 0, kept.size());
}

bool Parser::MatchAt(size_t i, size_t len) const {
  if (i + len > units_.size()) return false;
  bool hyphen = false;
  for (size_t k = i; k < i + len; ++k) {
    if (units_[k].kind != UnitKind::kPunct || len == 1) continue;
    // Never across punctuation, but a business term's word may be hyphenated.
    if (k > i && k + 1 < i + len && IsHyphen(units_, k)) {
      hyphen = true;
      continue;
    }
    return false;
  }
  if (hyphen) {
    const std::vector<int>* terms = index_.FindTerms(KeyAt(i, i + len));
    if (terms == nullptr) return false;
    for (int id : *terms) {
      if (index_.terms()[id].kind == TermKind::kBusiness) return true;
    }
    return false;
  }
  const std::string key = JoinUnitKeys(units_, i, i + len);
  if (index_.FindTerms(key) != nullptr) return true;
  const KwSet kw = lex_.Lookup(key);
  if (kw == 0) return false;
  // "orders by status" is the orders table and a group word, not the phrase "order by":
  // that phrase is never written with a plural noun.
  if (len > 1 && (kw & Bit(Kw::kOrder)) && units_[i].kind == UnitKind::kWord &&
      text::AsciiLower(units_[i].text) != units_[i].key) {
    return false;
  }
  return true;
}

size_t Parser::LongestMatch(size_t i, size_t max_units) const {
  if (i >= units_.size() || units_[i].kind == UnitKind::kPunct) return 0;
  for (size_t len = std::min(max_units, units_.size() - i); len >= 1; --len) {
    if (MatchAt(i, len)) return len;
  }
  return 0;
}

void Parser::Segment() {
  units_ = TokenizeUnits(question_);
  const size_t max_units = std::max(lex_.max_units(), index_.max_term_units());
  size_t i = 0;
  while (i < units_.size()) {
    Item item;
    item.unit_begin = i;
    if (units_[i].kind == UnitKind::kPunct) {
      item.kind = ItemKind::kPunct;
      item.unit_end = i + 1;
    } else {
      // Longest match first, but give way when the longest match would strand the next unit
      // while a shorter one lets the rest match ("订单|数量" rather than "订单数|量").
      size_t len = LongestMatch(i, max_units);
      // A business term's own word is never split ("大单|数", not "大|单数").
      bool business = false;
      if (const std::vector<int>* t = len > 1 ? index_.FindTerms(KeyAt(i, i + len)) : nullptr) {
        for (int id : *t) business |= index_.terms()[id].kind == TermKind::kBusiness;
      }
      if (len > 1 && !business && i + len < units_.size() &&
          units_[i + len].kind != UnitKind::kPunct && LongestMatch(i + len, max_units) == 0) {
        for (size_t shorter = len - 1; shorter >= 1; --shorter) {
          if (MatchAt(i, shorter) && LongestMatch(i + shorter, max_units) > len - shorter) {
            len = shorter;
            break;
          }
        }
      }
      if (len > 0) {
        const std::string key = KeyAt(i, i + len);
        const std::vector<int>* terms = index_.FindTerms(key);
        const KwSet kw = lex_.Lookup(key);
        item.kind = terms ? ItemKind::kTerm : ItemKind::kKeyword;
        item.age_word = (kw & Bit(Kw::kAge)) != 0;
        if (terms) item.terms = *terms;
        item.kw = kw;
        item.unit_end = i + len;
      }
      if (item.unit_end == 0) {
        const Unit& u = units_[i];
        item.unit_end = i + 1;
        if (u.kind == UnitKind::kNumber) {
          item.kind = ItemKind::kNumber;
          item.number = std::strtod(u.key.c_str(), nullptr);
        } else if (auto w = ParseEnglishNumberWord(u.key); w && u.kind == UnitKind::kWord) {
          item.kind = ItemKind::kNumber;
          item.number = *w;
        } else if (u.kind == UnitKind::kCjk) {
          // A run of Chinese numeral characters.
          size_t end = i;
          std::string run;
          while (end < units_.size() && units_[end].kind == UnitKind::kCjk) {
            const std::vector<char32_t> cps = {};
            std::string candidate = run + units_[end].key;
            if (!ParseChineseNumeral(candidate)) break;
            run = candidate;
            ++end;
          }
          if (end > i) {
            item.kind = ItemKind::kNumber;
            item.number = *ParseChineseNumeral(run);
            item.unit_end = end;
          }
        }
      }
    }
    item.text = std::string(
        question_.substr(units_[item.unit_begin].begin,
                         units_[item.unit_end - 1].end - units_[item.unit_begin].begin));
    i = item.unit_end;
    items_.push_back(std::move(item));
  }
  // A term that is also a keyword: keep the term only when the keyword reading is a stop
  // word (a column called "name" stays a column); keywords win otherwise ("average" in a
  // table with an Average column still means AVG).
  for (size_t k = 0; k < items_.size(); ++k) {
    Item& it = items_[k];
    if (it.kind == ItemKind::kTerm && it.kw != 0) {
      // The question's last word cannot be a function waiting for its argument ("the
      // highest total" names the Total column).
      bool last = true;
      for (size_t j = k + 1; j < items_.size(); ++j) last &= items_[j].kind == ItemKind::kPunct;
      // "age" is a keyword only where no column is called so (then it is that column).
      const bool weak_kw = (it.kw & ~(Bit(Kw::kStop) | Bit(Kw::kAge))) == 0 || (last && !chinese_);
      // "Show the ...", "Please list ...": an imperative opening the question is the verb,
      // not a table called "show" (a plural, "Shows with ...", stays the table).
      bool leading = !chinese_ && !last && (it.kw & Bit(Kw::kStop)) &&
                     text::AsciiLower(it.text) == JoinUnitKeys(units_, it.unit_begin, it.unit_end);
      for (size_t j = 0; j < k && leading; ++j) leading = IsFiller(items_[j]);
      if (leading) {
        it.kind = ItemKind::kKeyword;
        it.terms.clear();
        continue;
      }
      if (!weak_kw) {
        it.kind = ItemKind::kKeyword;
        it.keyword_terms = std::move(it.terms);
        it.terms.clear();
      } else {
        it.kw = 0;
      }
    }
  }
}

namespace {

// Chinese prefixes that change what a word means ("中高端", "超大单", "非高端", "准高价值"): before
// a business term the business did not define them, so the engine does not drop them.
bool IsChineseModifier(std::string_view text) {
  static constexpr std::string_view kModifiers[] = {"中", "超", "次", "准", "非", "亚",
                                                    "半", "特", "泛", "伪", "类", "极"};
  return std::find(std::begin(kModifiers), std::end(kModifiers), text) != std::end(kModifiers);
}

}  // namespace

bool Parser::ApplyBusinessTerms(std::string* why_en, std::string* why_zh) {
  for (size_t k = 0; k < items_.size(); ++k) {
    Item& it = items_[k];
    if (it.kind != ItemKind::kTerm) continue;
    int business = -1;
    for (int id : it.terms) {
      if (TermOf(id).kind == TermKind::kBusiness) business = TermOf(id).business;
    }
    if (business < 0) continue;  // the business's own words win over a column or value
    const BoundBusinessTerm& b = index_.business_terms()[business];
    if (!b.unusable_en.empty()) {
      *why_en = b.unusable_en;
      *why_zh = b.unusable_zh;
      return false;
    }
    // A prefix glued to the term at the start of the question or after a function word:
    // "中高端商品" is not "高端商品". (After a table word, "订单中大单" is "among orders".)
    if (k > 0 && IsChineseModifier(items_[k - 1].text) &&
        (k == 1 || items_[k - 2].kind != ItemKind::kTerm)) {
      const std::string phrase = items_[k - 1].text + it.text;
      *why_en = "'" + phrase + "' modifies the business term '" + b.def.name +
                "' in a way its definition does not say; define '" + phrase +
                "' as a term of its own, or ask without the modifier.";
      *why_zh = "“" + phrase + "”修饰了业务术语“" + b.def.name +
                "”，而术语的定义没有说明它的含义；请把“" + phrase +
                "”定义为单独的术语，或去掉修饰词再问。";
      return false;
    }
    // The count suffix: "大单数" / "年轻客户数" = how many of the term's rows.
    if (b.def.meaning == BusinessMeaning::kFilter && k + 1 < items_.size() &&
        items_[k + 1].text == "数" && items_[k + 1].kind != ItemKind::kTerm) {
      items_[k + 1].kind = ItemKind::kKeyword;
      items_[k + 1].kw = Bit(Kw::kCount);
      items_[k + 1].used = false;
    }
    Filter f;
    f.business = business;
    if (b.def.meaning == BusinessMeaning::kMeasure) {
      Measure m;
      m.agg = Agg::kSum;  // for the fan-out check: a sum a one-to-many join would double
      m.table = b.table;
      m.business = business;
      m.phrase = m.label = it.text;
      q_.measures.push_back(m);
      // "total revenue", "总销售额": a sum word just before a measure is the measure's own.
      if (k > 0 && items_[k - 1].kind == ItemKind::kKeyword && items_[k - 1].kw == Bit(Kw::kSum)) {
        items_[k - 1].used = true;
      }
      f.measure_filter = true;
      if (b.has_filter) q_.filters.push_back(f);
    } else {
      q_.filters.push_back(f);
    }
    // A filter that is its period alone has no expression: it reads as its period and column.
    const std::string meaning =
        b.period_only ? b.def.period + " (" + b.def.period_column + ")" : b.def.expression;
    Map(it, b.def.meaning == BusinessMeaning::kMeasure ? "measure" : "filter",
        b.def.name + " = " + meaning + (b.has_filter ? " WHERE " + b.def.filter : ""));
    Understood(b.def.name + " = " + meaning, b.def.name + " = " + meaning);
    if (b.has_period) {
      // The term's own period ("近一年"), resolved against the anchor like one in a question.
      const DateRange r = ResolveTermPeriod(b.period, anchor_);
      const std::string note = b.def.name + ": " + b.def.period + " = " + FormatIsoDate(r.start) +
                               " .. " + FormatIsoDate(AddDays(r.end, -1)) + " (" + anchor_source_ +
                               ")";
      Understood(note, note);
      if (out_.anchor_note.empty()) out_.anchor_note = note;
    }
    it.terms.clear();
    it.keyword_terms.clear();
    it.kw = 0;
    // A condition on one table's rows ("高价值客户", "一线城市") also names those rows: the word
    // stays as that table's word, for "how many" and for the join.
    if (b.def.meaning == BusinessMeaning::kFilter && b.tables.size() == 1) {
      for (int id = 0; id < static_cast<int>(index_.terms().size()); ++id) {
        if (TermOf(id).kind == TermKind::kTable && TermOf(id).table == b.table) {
          it.terms = {id};
          break;
        }
      }
    }
    if (it.terms.empty()) {
      it.kind = ItemKind::kKeyword;
      it.used = true;
    }
  }
  return true;
}

std::string Parser::BusinessSql(const Filter& f) const {
  const BoundBusinessTerm& b = index_.business_terms()[f.business];
  auto column = [this](int c) { return ColRef(c); };
  if (f.measure_filter) return RenderTermExpression(b.filter, dialect_, column);
  // A term's own period: the rows (or the aggregated rows) in it.
  std::vector<std::string> period;
  if (b.has_period) period = RangeConditions(b.period_column, ResolveTermPeriod(b.period, anchor_));
  if (b.period_only) return period[0] + " AND " + period[1];
  if (!b.aggregate_predicate) {
    std::string sql = RenderTermExpression(b.expr, dialect_, column);
    if (!period.empty()) sql = "(" + sql + ")";
    for (const std::string& c : period) sql += " AND " + c;
    return sql;
  }
  // The subject's rows whose aggregate over the fact table passes (one key, so each fact
  // row belongs to one subject row), over the question's period when it applies there.
  std::vector<std::string> rows;
  if (b.has_filter) rows.push_back(RenderTermExpression(b.filter, dialect_, column));
  // The question's period, when it goes inside the term, replaces the term's own.
  if (f.business == period_term_) period = PeriodConditions(period_term_column_);
  for (std::string& c : period) rows.push_back(std::move(c));
  std::string where;
  for (size_t k = 0; k < rows.size(); ++k) where += (k ? " AND " : " WHERE ") + rows[k];
  const std::string key = ColRef(b.fact_key);
  return ColRef(b.subject_key) + " IN (SELECT " + key + " FROM " +
         dialect_.QuoteIdentifier(index_.tables()[Col(b.fact_key).table].name) + where +
         " GROUP BY " + key + " HAVING " + RenderTermExpression(b.expr, dialect_, column) + ")";
}

std::vector<std::string> Parser::PeriodConditions(int column) const {
  const IndexedColumn& tc = Col(column);
  const bool date_like = tc.stats.min_date.has_value() || tc.type_class == TypeClass::kDate;
  if (q_.time->year_only && (!tc.stats.min_date || tc.type_class == TypeClass::kInteger)) {
    return {ColRef(column) + " = " + std::to_string(*q_.time->year_only)};
  }
  if (!date_like) return {};
  return RangeConditions(column, q_.time->range);
}

std::vector<std::string> Parser::RangeConditions(int column, const DateRange& range) const {
  return {ColRef(column) + " >= " + dialect_.DateLiteral(FormatIsoDate(range.start)),
          ColRef(column) + " < " + dialect_.DateLiteral(FormatIsoDate(range.end))};
}

bool Parser::PeriodInsideTerm(int root, std::string* why_en, std::string* why_zh) {
  // Only a period no word ties to a column ("近一年", "2025年"), over the rows a filter over
  // aggregates selects: "近一年的高价值客户" are those whose spending in that year passes.
  if ((!q_.time && !q_.bucket) || born_ || time_column_ >= 0) return false;
  std::vector<int> found;
  for (const Filter& f : q_.filters) {
    if (f.business < 0 || f.measure_filter) continue;
    const BoundBusinessTerm& b = index_.business_terms()[f.business];
    if (b.aggregate_predicate && b.table == root) found.push_back(f.business);
  }
  if (found.empty()) return false;
  if (q_.bucket) {
    // "按月的高价值客户数": the term would have to be evaluated again in every month.
    const std::string& name = index_.business_terms()[found.front()].def.name;
    *why_en = "'" + name +
              "' per period would need the term evaluated again in each period; "
              "ask for one period at a time.";
    *why_zh = "按时间段统计“" + name + "”需要在每个时间段重新计算该术语；请一次问一个时间段。";
    return false;
  }
  const BoundBusinessTerm& b = index_.business_terms()[found.front()];
  const int tc = index_.TimeColumn(Col(b.fact_key).table);
  if (found.size() > 1 || tc < 0) {
    *why_en =
        "the period could apply to more than one business term or to none of their "
        "rows; ask for one term at a time.";
    *why_zh = "时间条件无法确定作用于哪个业务术语的汇总；请一次只问一个术语。";
    return false;
  }
  period_term_ = found.front();
  period_term_column_ = tc;
  Understood(q_.time->phrase + " inside " + b.def.name,
             b.def.name + "按" + q_.time->phrase + "计算");
  return true;
}

void Parser::ParseTime() {
  auto set_range = [&](const Item& it, DateRange r, std::optional<int> year, std::string phrase) {
    q_.time = TimeRange{r, year, std::move(phrase)};
    Map(it, "time", FormatIsoDate(r.start) + " .. " + FormatIsoDate(r.end));
  };
  for (int i = 0; i < static_cast<int>(items_.size()); ++i) {
    Item& it = items_[i];
    if (it.used) continue;
    // Years: 2024 / 2024年 / in 2024.
    if (it.kind == ItemKind::kNumber && it.number >= kYearMin && it.number <= kYearMax &&
        std::floor(it.number) == it.number) {
      const int year = static_cast<int>(it.number);
      int next = i + 1 < static_cast<int>(items_.size()) ? i + 1 : -1;
      const bool marker = next >= 0 && items_[next].Has(Kw::kYearMarker);
      const int prev = i - 1;
      const bool in_prefix = prev >= 0 && items_[prev].Has(Kw::kInTime);
      // A comparison before the number makes it a plain number ("after 2014" stays numeric).
      const bool compared =
          prev >= 0 &&
          (items_[prev].kw & (Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe)));
      if (compared || (!marker && !in_prefix && !chinese_)) {
        if (!in_prefix && !marker) continue;
      }
      if (compared) continue;
      it.used = true;
      if (marker) items_[next].used = true;
      if (in_prefix) items_[prev].used = true;
      int after = marker ? next + 1 : i + 1;
      DateRange r = YearRange(year);
      std::string phrase = it.text;
      std::optional<int> year_only = year;
      if (after < static_cast<int>(items_.size())) {
        Item& a = items_[after];
        const int quarter = a.Has(Kw::kQ1)   ? 1
                            : a.Has(Kw::kQ2) ? 2
                            : a.Has(Kw::kQ3) ? 3
                            : a.Has(Kw::kQ4) ? 4
                                             : 0;
        if (quarter > 0) {
          r = QuarterRange(year, quarter);
          a.used = true;
          year_only.reset();
          phrase += a.text;
        } else if (a.kind == ItemKind::kNumber && a.number >= 1 && a.number <= 12 &&
                   after + 1 < static_cast<int>(items_.size()) &&
                   items_[after + 1].Has(Kw::kMonthUnit)) {
          r = MonthRange(year, static_cast<int>(a.number));
          a.used = true;
          items_[after + 1].used = true;
          year_only.reset();
          phrase += a.text + items_[after + 1].text;
        } else if (a.Has(Kw::kMonthName)) {
          r = MonthRange(year, lex_.MonthOf(units_[a.unit_begin].key));
          a.used = true;
          year_only.reset();
        }
      }
      set_range(it, r, year_only, phrase);
      Understood("time: " + phrase, "时间：" + phrase);
      continue;
    }
    if (it.kind != ItemKind::kKeyword) continue;
    struct Rel {
      Kw kw;
      RelativePeriod period;
    };
    static constexpr Rel kRel[] = {{Kw::kThisYear, RelativePeriod::kThisYear},
                                   {Kw::kLastYear, RelativePeriod::kLastYear},
                                   {Kw::kThisMonth, RelativePeriod::kThisMonth},
                                   {Kw::kLastMonth, RelativePeriod::kLastMonth},
                                   {Kw::kThisQuarter, RelativePeriod::kThisQuarter},
                                   {Kw::kLastQuarter, RelativePeriod::kLastQuarter}};
    bool done = false;
    for (const Rel& rel : kRel) {
      if (it.Has(rel.kw)) {
        it.used = true;
        const DateRange r = ResolveRelative(rel.period, anchor_);
        set_range(it, r, std::nullopt, it.text);
        std::optional<int> y;
        if (rel.period == RelativePeriod::kThisYear || rel.period == RelativePeriod::kLastYear) {
          q_.time->year_only = r.start.year;
        }
        out_.anchor_note = it.text + " = " + FormatIsoDate(r.start) + " .. " +
                           FormatIsoDate(AddDays(r.end, -1)) + " (" + anchor_source_ + ")";
        Understood("time: " + it.text, "时间：" + it.text);
        done = true;
        break;
      }
    }
    if (done) continue;
    // last N days / 最近N天 / past 3 months.
    if (it.Has(Kw::kLastDays) && i + 2 < static_cast<int>(items_.size()) + 1) {
      int n_idx = i + 1;
      if (n_idx < static_cast<int>(items_.size()) && items_[n_idx].kind == ItemKind::kNumber) {
        const int unit_idx = n_idx + 1;
        if (unit_idx < static_cast<int>(items_.size())) {
          Item& unit = items_[unit_idx];
          const int n = static_cast<int>(items_[n_idx].number);
          std::optional<DateRange> r;
          if (unit.Has(Kw::kDayUnit)) r = LastNDays(n, anchor_);
          if (unit.Has(Kw::kMonthUnit)) r = LastNMonths(n, anchor_);
          if (unit.Has(Kw::kYearUnit))
            r = DateRange{{anchor_.year - n + 1, 1, 1}, {anchor_.year + 1, 1, 1}};
          if (r && n > 0) {
            it.used = items_[n_idx].used = unit.used = true;
            const std::string phrase = it.text + items_[n_idx].text + unit.text;
            set_range(it, *r, std::nullopt, phrase);
            out_.anchor_note = phrase + " = " + FormatIsoDate(r->start) + " .. " +
                               FormatIsoDate(AddDays(r->end, -1)) + " (" + anchor_source_ + ")";
            Understood("time: " + phrase, "时间：" + phrase);
            continue;
          }
        }
      }
    }
    // Buckets: by month / 每月 / 按季度.
    std::optional<DatePart> part;
    if (it.Has(Kw::kYearBucket)) part = DatePart::kYear;
    if (it.Has(Kw::kQuarterBucket)) part = DatePart::kQuarter;
    if (it.Has(Kw::kMonthBucket)) part = DatePart::kMonth;
    if (it.Has(Kw::kWeekBucket)) part = DatePart::kWeek;
    if (it.Has(Kw::kDayBucket)) part = DatePart::kDay;
    if (part) {
      it.used = true;
      q_.bucket = part;
      Map(it, "group", "time bucket");
      Understood("by " + it.text, "按" + it.text);
      // "按月" is one phrase, but "按 月份" leaves a group word before it.
      const int prev = PrevMeaningful(i);
      if (prev >= 0 && items_[prev].Has(Kw::kGroup) && !items_[prev].used) items_[prev].used = true;
    }
  }
}

void Parser::ParseTrend() {
  // "每月销售额趋势", "sales trend", "revenue over time": a time series. The bucket named in
  // the question wins; otherwise months (ResolveTables abstains when there is no date).
  for (Item& it : items_) {
    if (it.used || it.kind != ItemKind::kKeyword || !it.Has(Kw::kTrend)) continue;
    it.used = true;
    Map(it, "group", "time series");
    if (!q_.bucket) {
      q_.bucket = DatePart::kMonth;
      Understood("by month (" + it.text + ")", "按月（" + it.text + "）");
    }
  }
}

int Parser::SingleKey(int table) const { return index_.SingleKey(table); }

bool Parser::LabelIsUnique(int table, int label) const {
  return index_.LabelIsUnique(table, label);
}

bool Parser::CanGroupByLabel(int table, int label) const {
  return LabelIsUnique(table, label) || SingleKey(table) >= 0;
}

std::pair<int, int> Parser::NextConjunctDimension(int item) const {
  const int n = static_cast<int>(items_.size());
  const int conj = item + 1;
  if (conj >= n || items_[conj].used) return {-1, -1};
  const bool is_conj = (items_[conj].kind == ItemKind::kKeyword && items_[conj].Has(Kw::kConj)) ||
                       (items_[conj].kind == ItemKind::kPunct && items_[conj].text == "、");
  if (!is_conj) return {-1, -1};
  const int j = NextMeaningful(conj, 1);
  if (j < 0 || items_[j].used || items_[j].kind != ItemKind::kTerm || OnlyValues(items_[j])) {
    return {-1, -1};
  }
  int col = ColumnOf(items_[j]);
  const int table = TableOf(items_[j]);
  if (col < 0 && table >= 0) {
    col = index_.LabelColumn(table, chinese_);
    if (col >= 0 && !LabelIsUnique(table, col)) col = -1;
  }
  if (col >= 0 && Col(col).role == ColumnRole::kMeasure) return {-1, -1};  // a second measure
  if (col < 0 || Col(col).role != ColumnRole::kDimension) return {j, -1};
  return {j, col};
}

void Parser::ParseNumbersMagnitude() {
  for (size_t i = 0; i + 1 < items_.size(); ++i) {
    Item& it = items_[i];
    if (it.kind != ItemKind::kNumber || it.used) continue;
    Item& next = items_[i + 1];
    if (next.kind == ItemKind::kNumber || next.kind == ItemKind::kUnknown) {
      if (auto m = MagnitudeMultiplier(units_[next.unit_begin].key);
          m && next.unit_end == next.unit_begin + 1) {
        it.number *= *m;
        next.used = true;
        next.kind = ItemKind::kPunct;
      }
    }
  }
}

void Parser::ParseComparisons() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used || it.kind != ItemKind::kNumber) continue;
    // Ranges: [between] a and b [之间].
    if (i + 2 < n && items_[i + 1].Has(Kw::kAnd) && items_[i + 2].kind == ItemKind::kNumber) {
      int col = -1;
      int c_idx = -1;
      for (int j = i - 1; j >= 0 && j >= i - 4; --j) {
        if (items_[j].used) continue;
        if (int c = ColumnOf(items_[j], true); c >= 0) {
          col = c;
          c_idx = j;
          break;
        }
      }
      if (col < 0) continue;
      Filter f;
      f.column = col;
      f.op = Op::kBetween;
      f.numeric = true;
      f.lo = std::min(it.number, items_[i + 2].number);
      f.hi = std::max(it.number, items_[i + 2].number);
      it.used = items_[i + 1].used = items_[i + 2].used = items_[c_idx].used = true;
      for (int j = std::max(0, i - 2); j < std::min(n, i + 5); ++j) {
        if (items_[j].Has(Kw::kBetween)) items_[j].used = true;
      }
      q_.filters.push_back(f);
      Map(items_[c_idx], "column", ColName(col));
      Map(it, "filter", "BETWEEN " + FormatNumber(f.lo) + " AND " + FormatNumber(f.hi));
      Understood(Col(col).name + " between " + FormatNumber(f.lo) + " and " + FormatNumber(f.hi),
                 Col(col).name + " 介于 " + FormatNumber(f.lo) + " 和 " + FormatNumber(f.hi));
      continue;
    }
    // Comparisons: column [is] > number, 单价大于100, 100以上.
    int op_idx = -1;
    int year_word = -1;  // "after or in year 2014"
    for (int j = i - 1; j >= 0 && j >= i - 2; --j) {
      if (items_[j].kw & (Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe))) {
        op_idx = j;
        break;
      }
      if (items_[j].kind == ItemKind::kKeyword && items_[j].Has(Kw::kYearUnit) && !items_[j].used) {
        year_word = j;
        continue;
      }
      if (!IsFiller(items_[j])) break;
    }
    bool postfix = false;
    if (op_idx < 0 && i + 1 < n &&
        (items_[i + 1].kw & (Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe)))) {
      op_idx = i + 1;  // "100以上"
      postfix = true;
    }
    if (op_idx < 0) {
      ParseEquality(i);
      continue;
    }
    if (items_[op_idx].used) continue;
    const Item& op_item = items_[op_idx];
    Op op = op_item.Has(Kw::kGe)   ? Op::kGe
            : op_item.Has(Kw::kLe) ? Op::kLe
            : op_item.Has(Kw::kGt) ? Op::kGt
                                   : Op::kLt;
    const int search_from = postfix ? i : op_idx;
    int col = -1, c_idx = -1;
    for (int j = search_from - 1; j >= 0 && j >= search_from - 4; --j) {
      if (items_[j].used && items_[j].kind != ItemKind::kTerm) continue;
      if (int c = ColumnOf(items_[j], true); c >= 0 && !items_[j].used) {
        col = c;
        c_idx = j;
        break;
      }
      // "invoices with a total above 20": the column's name is also a function word.
      if (int c = KeywordColumn(items_[j]);
          c >= 0 && !items_[j].used && items_[j].kind == ItemKind::kKeyword) {
        col = c;
        c_idx = j;
        break;
      }
      if (items_[j].kind == ItemKind::kTerm) break;  // a table or value: not our column
    }
    // "tracks longer than 300000 milliseconds": the measure named after the number, as a
    // unit. (A table there, "more than 5 albums", is a count of related rows: not this.)
    if (col < 0 && !postfix) {
      const int k = NextMeaningful(i, 1);
      const int c = k >= 0 && !items_[k].used ? ColumnOf(items_[k], true) : -1;
      if (c >= 0 && Col(c).role == ColumnRole::kMeasure) {
        col = c;
        c_idx = k;
      }
    }
    const std::string op_words = text::AsciiLower(items_[op_idx].text);
    const bool age_cmp = op_words.find("older") != std::string::npos ||
                         op_words.find("younger") != std::string::npos;
    if (col < 0 && age_cmp && !year_cmp_) {
      // "students who are older than 20": the table's age column, found once the table is
      // known (ResolveYearComparison); a birth date is not compared as an age.
      year_cmp_ = YearComparison{op, it.number, op_idx, i, -1, true};
      it.used = items_[op_idx].used = true;
      continue;
    }
    if (col < 0 && !age_cmp && it.number >= kYearMin && it.number <= kYearMax &&
        std::floor(it.number) == it.number && !year_cmp_) {
      // "concerts after or in 2014": a year compared with the table's year column, found
      // once the table is known (ResolveYearComparison).
      year_cmp_ = YearComparison{op, it.number, op_idx, i, year_word};
      it.used = items_[op_idx].used = true;
      if (year_word >= 0) items_[year_word].used = true;
      continue;
    }
    if (col < 0) continue;
    Filter f;
    f.column = col;
    f.op = op;
    f.numeric = true;
    f.lo = it.number;
    it.used = items_[op_idx].used = items_[c_idx].used = true;
    q_.filters.push_back(f);
    static constexpr std::string_view kOps[] = {"=", "<>", ">", ">=", "<", "<=", "BETWEEN"};
    Map(items_[c_idx], "column", ColName(col));
    Map(op_item, "filter", std::string(kOps[static_cast<int>(op)]) + " " + FormatNumber(f.lo));
    Understood(
        Col(col).name + " " + std::string(kOps[static_cast<int>(op)]) + " " + FormatNumber(f.lo),
        Col(col).name + " " + std::string(kOps[static_cast<int>(op)]) + " " + FormatNumber(f.lo));
  }
}

void Parser::ParseEquality(int number_item) {
  // "tracks with a unit price of 1.99", "单价为100的商品": a number right after a measure
  // column (fillers and "equal to"/"为" between) and ending the phrase is that column's value.
  // Anything after the number ("unit price of 5 tracks") makes it something else.
  const int n = static_cast<int>(items_.size());
  const int next = NextMeaningful(number_item, 1);
  if (next >= 0 && items_[next].kind == ItemKind::kTerm) return;
  int c_idx = -1;
  for (int j = number_item - 1; j >= 0 && j >= number_item - 3; --j) {
    const Item& prev = items_[j];
    if (prev.kind == ItemKind::kTerm) {
      c_idx = prev.used ? -1 : j;
      break;
    }
    const bool linking_word =
        prev.kind == ItemKind::kKeyword && (prev.Has(Kw::kStop) || prev.Has(Kw::kEq));
    if (!IsFiller(prev) && !linking_word) return;
  }
  if (c_idx < 0) return;
  const int col = ColumnOf(items_[c_idx], true);

  if (col < 0 || Col(col).role != ColumnRole::kMeasure) return;
  Item& number = items_[number_item];
  Filter f;
  f.column = col;
  f.op = Op::kEq;
  f.numeric = true;
  f.lo = number.number;
  number.used = items_[c_idx].used = true;
  for (int j = c_idx + 1; j < number_item && j < n; ++j) {
    if (items_[j].Has(Kw::kEq)) items_[j].used = true;
  }
  q_.filters.push_back(f);
  Map(items_[c_idx], "column", ColName(col));
  Map(number, "filter", "= " + FormatNumber(f.lo));
  Understood(Col(col).name + " = " + FormatNumber(f.lo),
             Col(col).name + " = " + FormatNumber(f.lo));
}

// The Chinese superlatives that rank what follows them ("订单最多的城市", "销售额最高的商品").
bool IsRankingSuperlative(std::string_view word) {
  static constexpr std::string_view kWords[] = {"最多的", "最少的", "最高的", "最低的"};
  return std::find(std::begin(kWords), std::end(kWords), word) != std::end(kWords);
}

void Parser::ParseTopN() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used || !(it.kw & (Bit(Kw::kTop) | Bit(Kw::kBottom)))) continue;
    int num = -1;
    if (i + 1 < n && items_[i + 1].kind == ItemKind::kNumber && !items_[i + 1].used) num = i + 1;
    // "最高的5个" → top then number after filler.
    if (num < 0) {
      int j = NextMeaningful(i, 1);
      if (j >= 0 && items_[j].kind == ItemKind::kNumber && !items_[j].used) num = j;
    }
    // "订单最多的城市": a Chinese superlative right before what is ranked, with no number,
    // asks for the first one — the same as "订单最多的1个城市".
    // Only between two terms: the measure before, what is ranked after ("最低的订单金额" with
    // nothing before is the lowest amount, an aggregate).
    const int before = PrevMeaningful(i);
    const int after = NextMeaningful(i);
    const bool implicit_one = num < 0 && chinese_ && IsRankingSuperlative(it.text) && before >= 0 &&
                              items_[before].kind == ItemKind::kTerm && after >= 0 &&
                              items_[after].kind == ItemKind::kTerm && !items_[after].used;
    if (num < 0 && !implicit_one) continue;
    const double v = implicit_one ? 1.0 : items_[num].number;
    if (v < 1 || v > options_.default_list_limit || std::floor(v) != v) continue;
    q_.limit = static_cast<long long>(v);
    q_.superlative = true;
    q_.superlative_desc = !it.Has(Kw::kBottom) || (it.Has(Kw::kTop) && !it.Has(Kw::kBottom));
    if (it.Has(Kw::kBottom) && !it.Has(Kw::kTop)) q_.superlative_desc = false;
    if (it.Has(Kw::kBottom) && it.Has(Kw::kMin)) q_.superlative_desc = false;
    it.used = true;
    if (num >= 0) {
      items_[num].used = true;
      if (num + 1 < n && items_[num + 1].Has(Kw::kRowUnit)) items_[num + 1].used = true;
    }
    Map(it, "limit", (q_.superlative_desc ? "top " : "bottom ") + FormatNumber(v));
    Understood((q_.superlative_desc ? "top " : "bottom ") + FormatNumber(v),
               (q_.superlative_desc ? "前" : "后") + FormatNumber(v));
  }
}

int Parser::KeywordColumn(const Item& it) const {
  int found = -1;
  for (int id : it.keyword_terms) {
    const Term& t = TermOf(id);
    if (t.kind != TermKind::kColumn || !IsNumericCol(t.column)) continue;
    if (found >= 0 && found != t.column) return -1;  // two columns of that name: a guess
    found = t.column;
  }
  return found;
}

bool Parser::NamesTheRowsTheirOwn() const {
  static constexpr std::string_view kPossessives[] = {"their", "its", "各自的", "及其", "和它们的"};
  return std::any_of(items_.begin(), items_.end(), [](const Item& it) {
    const std::string lower = text::AsciiLower(it.text);
    return std::find(std::begin(kPossessives), std::end(kPossessives), lower) !=
           std::end(kPossessives);
  });
}

bool Parser::IsRequestVerb(const Item& it) const {
  static constexpr std::string_view kVerbs[] = {"list", "show",     "show me",   "find", "give me",
                                                "get",  "what are", "which are", "name"};
  const std::string lower = text::AsciiLower(it.text);
  return std::find(std::begin(kVerbs), std::end(kVerbs), lower) != std::end(kVerbs);
}

bool Parser::RanksNamedRows(int superlative) {
  // "the product with the highest unit price", "the 3 tracks having the lowest price": rows
  // named first, then ranked — a list of N rows, not MAX over all of them.
  static constexpr std::string_view kLinks[] = {"with",      "having",    "that has",
                                                "which has", "that have", "whose"};
  bool linked = false;
  for (int j = superlative - 1; j >= 0; --j) {
    const Item& it = items_[j];
    const std::string lower = text::AsciiLower(it.text);
    if (std::find(std::begin(kLinks), std::end(kLinks), lower) != std::end(kLinks)) {
      linked = true;
      continue;
    }
    if (it.kind != ItemKind::kTerm) {
      if (IsFiller(it)) continue;
      return false;
    }
    if (!linked || TableOf(it) < 0 || ColumnOf(it) >= 0) return false;
    const int table = TableOf(it);
    // Only the rows the question asks for ("the products ..."), ranked by one of their own
    // numeric columns: "concerts in the stadium with the highest capacity" is a nested
    // question, "customers with the highest invoice total" an aggregate ranking.
    const int num_before = PrevMeaningful(j, 1);
    for (int k = 0; k < j; ++k) {
      if (k == num_before && items_[k].kind == ItemKind::kNumber) continue;
      if (!IsFiller(items_[k]) && !IsRequestVerb(items_[k])) return false;
    }
    const int next = NextMeaningful(superlative, 1);
    const int ranked_by = next >= 0 ? ColumnOf(items_[next], true) : -1;
    if (ranked_by < 0 || Col(ranked_by).table != table) return false;
    ranked_table_ = table;
    // "the 3 products with ...": the number before the rows is how many.
    const int num = PrevMeaningful(j, 1);
    if (num >= 0 && items_[num].kind == ItemKind::kNumber && !items_[num].used) {
      const double v = items_[num].number;
      if (v < 1 || v > options_.default_list_limit || std::floor(v) != v) return false;
      q_.limit = static_cast<long long>(v);
      items_[num].used = true;
      Map(items_[num], "limit", FormatNumber(v));
    }
    return true;
  }
  return false;
}

void Parser::ParseAggregates() {
  const int n = static_cast<int>(items_.size());
  std::vector<std::pair<Agg, int>> pending;  // (agg, keyword item)
  bool pending_distinct = false;
  auto agg_of = [](const Item& it) -> Agg {
    if (it.Has(Kw::kAvg)) return Agg::kAvg;
    if (it.Has(Kw::kCount)) return Agg::kCount;
    if (it.Has(Kw::kSum)) return Agg::kSum;
    if (it.Has(Kw::kMax)) return Agg::kMax;
    if (it.Has(Kw::kMin)) return Agg::kMin;
    return Agg::kNone;
  };
  int event = 0;
  auto bind = [&](Agg agg, int kw_idx, int col, int table, bool distinct, int term_idx) {
    Measure m;
    m.agg = agg;
    m.column = col;
    m.table = col >= 0 ? Col(col).table : table;
    m.distinct = distinct;
    m.phrase = items_[kw_idx].text;
    m.column_phrase = col >= 0 ? (term_idx >= 0 ? items_[term_idx].text : items_[kw_idx].text) : "";
    if (col < 0 && term_idx >= 0) m.table_phrase = items_[term_idx].text;
    m.event = event;
    q_.measures.push_back(m);
    items_[kw_idx].used = true;
    if (term_idx >= 0) items_[term_idx].used = true;
    const std::string target = std::string(AggName(agg)) + "(" + (distinct ? "DISTINCT " : "") +
                               (col >= 0 ? ColName(col) : "*") + ")";
    Map(items_[kw_idx], "function", target);
    if (term_idx >= 0) {
      Map(items_[term_idx], col >= 0 ? "column" : "table",
          col >= 0 ? ColName(col) : index_.tables()[table].name);
    }
    Understood(target, target);
  };
  // "订单最多的5个城市": a top-N "most/fewest" word right after a table word counts its rows
  // (the "most customers" reading, with the table before the word as Chinese puts it).
  static constexpr std::string_view kCountSuperlatives[] = {"最多的", "最少的"};
  for (int i = 0; i < n && chinese_ && q_.measures.empty(); ++i) {
    const Item& it = items_[i];
    if (!it.used || it.kind != ItemKind::kKeyword || !(it.kw & (Bit(Kw::kTop) | Bit(Kw::kBottom))))
      continue;
    if (std::find(std::begin(kCountSuperlatives), std::end(kCountSuperlatives), it.text) ==
        std::end(kCountSuperlatives)) {
      continue;
    }
    const int p = PrevMeaningful(i);
    if (p < 0 || items_[p].used || items_[p].kind != ItemKind::kTerm) continue;
    const int table = TableOf(items_[p]);
    // A word naming both a table and a text column of it ("门店": stores and its name) is
    // the table here: what is counted is rows.
    const int column = ColumnOf(items_[p]);
    if (table < 0 || (column >= 0 && (Col(column).table != table || IsNumericCol(column)))) {
      continue;
    }
    bind(Agg::kCount, i, -1, table, false, p);
  }
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used) continue;
    if (it.kind == ItemKind::kKeyword) {
      if (it.Has(Kw::kDistinct) && !it.Has(Kw::kGroup)) {
        pending_distinct = true;
        distinct_word_ = true;
        it.used = true;
        continue;
      }
      if (it.Has(Kw::kDistinct) && it.Has(Kw::kGroup) && !pending.empty()) {
        pending_distinct = true;  // "多少不同的" after a count word
        it.used = true;
        continue;
      }
      // "average invoice total": a function word that is also a numeric column's name
      // ("total" is Invoice.Total), right after another function, is that column.
      if (!pending.empty() && pending.back().first != Agg::kCount && it.Has(Kw::kSum)) {
        const int col = KeywordColumn(it);
        if (col >= 0) {
          ++event;
          for (const auto& [agg, kw_idx] : pending) bind(agg, kw_idx, col, -1, false, i);
          pending.clear();
          continue;
        }
      }
      const Agg agg = agg_of(it);
      if (agg == Agg::kNone) {
        if (!IsFiller(it) && !it.Has(Kw::kAnd)) {
          pending.clear();
          pending_distinct = false;
        }
        continue;
      }
      // Superlatives (highest/最多) beside a "which" or a top-N are ordering, handled later.
      if ((agg == Agg::kMax || agg == Agg::kMin) &&
          (which_ || q_.superlative || RanksNamedRows(i))) {
        const bool explicit_fn =
            units_[it.unit_begin].key == "max" || units_[it.unit_begin].key == "min" ||
            units_[it.unit_begin].key == "maximum" || units_[it.unit_begin].key == "minimum";
        if (!explicit_fn) {
          q_.superlative = true;
          q_.superlative_desc = agg == Agg::kMax;
          for (Item& w : items_) {
            if (w.Has(Kw::kWhich) && w.kind == ItemKind::kKeyword) w.used = true;
          }
          if (q_.limit == 0) q_.limit = 1;
          it.used = true;
          Map(it, "order", agg == Agg::kMax ? "DESC" : "ASC");
          // "most customers" → count of the following table.
          const int j = NextMeaningful(i);
          if (ranked_table_ < 0 && j >= 0 && TableOf(items_[j]) >= 0 && ColumnOf(items_[j]) < 0) {
            bind(Agg::kCount, i, -1, TableOf(items_[j]), false, j);
          }
          continue;
        }
      }
      // Chinese postfix: 销售额总和 / 价格的平均值: a column just before, nothing pending.
      const int prev = PrevMeaningful(i);
      const int next = NextMeaningful(i);
      const bool next_is_col = next >= 0 && ColumnOf(items_[next]) >= 0;
      const bool next_is_table = next >= 0 && TableOf(items_[next]) >= 0;
      if (pending.empty() && prev >= 0 && !items_[prev].used && !next_is_col &&
          !(agg == Agg::kCount && next_is_table)) {
        const int c = ColumnOf(items_[prev], agg != Agg::kCount);
        if (c >= 0 && (agg != Agg::kCount)) {
          bind(agg, i, c, -1, false, prev);
          continue;
        }
        // 订单数量 / 客户数 → count of the table before (商品 may also name the products'
        // label column; counting a table's label is counting the table).
        if (agg == Agg::kCount && TableOf(items_[prev]) >= 0 &&
            ColumnOf(items_[prev], /*numeric_only=*/true) < 0) {
          bind(agg, i, -1, TableOf(items_[prev]), false, prev);
          continue;
        }
      }
      pending.emplace_back(agg, i);
      continue;
    }
    if (it.kind == ItemKind::kTerm && !pending.empty()) {
      ++event;
      const int table = TableOf(it);
      const bool all_count = std::all_of(pending.begin(), pending.end(),
                                         [](const auto& p) { return p.first == Agg::kCount; });
      // "how many singers" → COUNT(*); "how many countries" → COUNT(DISTINCT country).
      if (all_count && table >= 0 && !pending_distinct) {
        bind(Agg::kCount, pending[0].second, -1, table, false, i);
        pending.clear();
        continue;
      }
      int col = ColumnOf(it, !all_count);
      if (col < 0 && table >= 0 && all_count && pending_distinct) {
        bind(Agg::kCount, pending[0].second, -1, table, false, i);
        pending.clear();
        pending_distinct = false;
        continue;
      }
      if (col < 0) continue;  // a value or a table between the function and its column
      // "number of discontinued products" counts the rows a yes/no column marks, not the
      // column's two distinct values: left unread, so the question abstains (verification).
      const bool yes_no = Col(col).stats.distinct_count && *Col(col).stats.distinct_count <= 2;
      if (all_count && !pending_distinct && yes_no) continue;
      ++event;
      for (const auto& [agg, kw_idx] : pending) {
        const bool distinct =
            agg == Agg::kCount && (pending_distinct || Col(col).role != ColumnRole::kIdentifier);
        bind(agg, kw_idx, col, -1, distinct, i);
      }
      pending.clear();
      pending_distinct = false;
    }
  }
  // "total of all invoices", "total invoice amount by billing country": a sum word that is
  // also the name of a numeric column of a table the question names, when no other measure
  // was found, is that column's sum.
  if (!q_.measures.empty()) return;
  for (int i = 0; i < n; ++i) {
    const Item& it = items_[i];
    if (it.used || it.kind != ItemKind::kKeyword || agg_of(it) != Agg::kSum) continue;
    Item as_term = it;
    as_term.kind = ItemKind::kTerm;
    as_term.terms = it.keyword_terms;
    const int c = ColumnOf(as_term, /*numeric_only=*/true);
    if (c < 0 || Col(c).role != ColumnRole::kMeasure || !mentioned_tables_.count(Col(c).table))
      continue;
    ++event;
    bind(Agg::kSum, i, c, -1, false, -1);
    return;
  }
}

void Parser::ParseGrouping() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used || it.kind != ItemKind::kKeyword) continue;
    const bool is_which = it.Has(Kw::kWhich);
    if (!it.Has(Kw::kGroup) && !is_which) continue;
    const int j = NextMeaningful(i, 1);
    // "top 5 cities by number of orders": "by" introduces the ranking count, bound by
    // ParseAggregates; the ranked entity is grouped by the top-N ranking pass.
    if (j >= 0 && !is_which && q_.superlative && items_[j].used &&
        items_[j].kind == ItemKind::kKeyword && items_[j].Has(Kw::kCount) &&
        text::AsciiLower(it.text) == "by") {
      it.used = true;
      continue;
    }
    if (j < 0 || items_[j].used || items_[j].kind != ItemKind::kTerm || OnlyValues(items_[j])) {
      continue;
    }
    int col = ColumnOf(items_[j]);
    const int table = TableOf(items_[j]);
    // "by sales" in a top-N question is the ordering measure, not a group.
    if (col >= 0 && Col(col).role == ColumnRole::kMeasure && !is_which && q_.superlative) {
      it.used = true;  // "top 3 regions by sales": "by" introduces the ranking measure
      continue;
    }
    if (col >= 0 && Col(col).role == ColumnRole::kMeasure) continue;
    // "top 5 cities by order count": a count synonym of a key ranks, like "by number of";
    // ParseLeftovers turns the term into COUNT(*). The key's own name ("by order id") does not.
    if (col >= 0 && Col(col).primary_key && !is_which && q_.superlative && q_.measures.empty() &&
        text::AsciiLower(it.text) == "by") {
      bool exact = false;   // the key's own name
      bool bare_id = true;  // "id" names the key itself
      for (int id : items_[j].terms) {
        exact |= TermOf(id).exact && TermOf(id).column == col && TermOf(id).source == "name";
        bare_id &= TermOf(id).source == "key";
      }
      if (!exact && !bare_id) {
        it.used = true;
        continue;
      }
    }
    if (col < 0 && table >= 0) {
      col = index_.LabelColumn(table, chinese_);
      if (col < 0) continue;
      // Grouping by a name merges rows that share it: only when names are unique. (A key
      // beside the name would be safe too, but "by"/"each" before a table is as often the
      // agent of a verb, "pets owned by students", as a grouping.) "per" is never an agent:
      // "average invoice total per customer" groups by the customer, its key beside its name.
      const bool per = text::AsciiLower(it.text) == "per";
      if (!LabelIsUnique(table, col) && !(per && CanGroupByLabel(table, col))) continue;
    }
    if (col < 0) continue;
    if (is_which && !q_.superlative && q_.measures.empty() && !has_superlative_) {
      // "which stores are in 北京" is a list, not a group.
      q_.projections.push_back(col);
      it.used = items_[j].used = true;
      NameColumn(col, items_[j].text);
      Map(items_[j], "column", ColName(col));
      continue;
    }
    q_.group_columns.push_back(col);
    AddNameCompanion(&q_.group_columns, col);
    it.used = items_[j].used = true;
    NameColumn(col, items_[j].text);
    Map(items_[j], "group", ColName(col));
    Understood("by " + items_[j].text, "按" + items_[j].text);
    // "by region and channel", "各地区和渠道": the group word covers the whole list.
    for (int last = j;;) {
      const auto [k, c] = NextConjunctDimension(last);
      if (k < 0) break;
      if (c < 0) {
        ungrouped_conjunct_ = items_[k].text;  // grouping by only part of the list is wrong
        break;
      }
      for (int f = last + 1; f <= k; ++f) items_[f].used = true;  // conjunction, fillers, term
      if (std::find(q_.group_columns.begin(), q_.group_columns.end(), c) ==
          q_.group_columns.end()) {
        q_.group_columns.push_back(c);
      }
      NameColumn(c, items_[k].text);
      Map(items_[k], "group", ColName(c));
      Understood("by " + items_[k].text, "按" + items_[k].text);
      last = k;
    }
  }
}

void Parser::ParseValues() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used || !HasValue(it)) continue;
    // A value that is also a column or table name is read as the name unless nothing else
    // can use it; the column/table reading is tried by the later passes.
    if (!OnlyValues(it)) continue;
    bool negated = false;
    for (int j = i - 1; j >= 0 && j >= i - 2; --j) {
      if (items_[j].Has(Kw::kNot)) {
        negated = true;
        items_[j].used = true;
      }
    }
    it.used = true;
    values_.push_back({it.terms, negated, it.text});
  }
}

int Parser::RelatedCountEdge(int table, int counted) const {
  const auto& edges = index_.edges();
  auto single = [&](int from, int to) {
    int found = -1;
    for (int k = 0; k < static_cast<int>(edges.size()); ++k) {
      if (edges[k].from_table != from || edges[k].to_table != to) continue;
      if (found >= 0) return -2;  // two references: which one counts is a guess
      found = k;
    }
    return found;
  };
  if (table == counted) return -1;
  if (const int e = single(counted, table); e != -1) return e < 0 ? -1 : e;
  if (single(table, counted) != -1) return -1;  // the table refers to it: not a count of rows
  // A link table (has_pet between student and pets): its rows pointing at the table.
  int found = -1;
  for (int link = 0; link < static_cast<int>(index_.tables().size()); ++link) {
    if (link == table || link == counted) continue;
    const int to_table = single(link, table);
    if (to_table == -1 || single(link, counted) == -1) continue;
    if (to_table < 0 || single(link, counted) < 0 || found >= 0) return -1;
    found = to_table;
  }
  return found;
}

void Parser::ParseRelatedCounts() {
  const int n = static_cast<int>(items_.size());
  constexpr KwSet kCompare = Bit(Kw::kGt) | Bit(Kw::kGe) | Bit(Kw::kLt) | Bit(Kw::kLe);
  for (int i = 0; i < n; ++i) {
    Item& trigger = items_[i];
    if (trigger.used || trigger.kind != ItemKind::kKeyword) continue;
    const bool negation = trigger.Has(Kw::kNot) && (trigger.kw & kCompare) == 0;
    if (!negation && (trigger.kw & kCompare) == 0) continue;
    // Comparison: the number right after it; then the counted table, maybe after "any".
    int k = NextMeaningful(i);
    int number = -1;
    if (!negation) {
      if (k < 0 || items_[k].kind != ItemKind::kNumber || items_[k].used) continue;
      number = k;
      k = NextMeaningful(k);
    } else if (k >= 0 && text::AsciiLower(items_[k].text) == "any") {
      k = NextMeaningful(k);
    }
    if (k < 0 || items_[k].used || items_[k].kind != ItemKind::kTerm) continue;
    const int counted = TableOf(items_[k]);
    if (counted < 0 || HasValue(items_[k])) continue;
    // The rows compared: the nearest table word before, past fillers and one verb.
    int table = -1, verbs = 0;
    for (int j = i - 1; j >= 0; --j) {
      if (IsFiller(items_[j])) continue;
      if (items_[j].kind == ItemKind::kUnknown && !items_[j].used && ++verbs <= 1) continue;
      if (items_[j].kind == ItemKind::kTerm) table = TableOf(items_[j]);
      break;
    }
    if (table < 0) continue;
    const int edge = RelatedCountEdge(table, counted);
    if (edge < 0) continue;
    Filter f;
    f.column = index_.edges()[edge].to_column;
    f.numeric = true;
    f.related_edge = edge;
    f.op = negation               ? Op::kEq
           : trigger.Has(Kw::kGe) ? Op::kGe
           : trigger.Has(Kw::kLe) ? Op::kLe
           : trigger.Has(Kw::kGt) ? Op::kGt
                                  : Op::kLt;
    f.lo = negation ? 0 : items_[number].number;
    q_.filters.push_back(f);
    related_counted_.insert(counted);
    related_counted_.insert(index_.edges()[edge].from_table);
    trigger.used = items_[k].used = true;
    if (number >= 0) items_[number].used = true;
    for (int j = i + 1; j < k; ++j) items_[j].used = true;  // "any"
    const std::string what = index_.tables()[index_.edges()[edge].from_table].name;
    static constexpr std::string_view kOps[] = {" = ", " <> ", " > ", " >= ", " < ", " <= "};
    const std::string cond =
        "COUNT(" + what + ")" + std::string(kOps[static_cast<int>(f.op)]) + FormatNumber(f.lo);
    Map(items_[k], "filter", cond + " per " + index_.tables()[table].name);
    Understood(index_.tables()[table].name + ": " + cond,
               index_.tables()[table].name + "：" + cond);
  }
}

void Parser::ParseOrdering() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used) continue;
    if (it.Has(Kw::kDesc) || it.Has(Kw::kAsc)) {
      q_.order_desc = it.Has(Kw::kDesc);
      q_.order_set = true;
      Map(it, "order", q_.order_desc ? "DESC" : "ASC");
      // "sorted ascending by age" is a direction and an ordering: it is used once the
      // ordering column is found below.
      if (!it.Has(Kw::kOrder)) {
        it.used = true;
        continue;
      }
    }
    if (it.Has(Kw::kOrder)) {
      const int j = NextMeaningful(i, 1);
      // "ordered by age" / "按年龄排序": the age of the listed rows' table, resolved by
      // ParseAgeWords.
      const int p = chinese_ ? PrevMeaningful(i) : -1;
      const int age = j >= 0 && items_[j].age_word ? j : p >= 0 && items_[p].age_word ? p : -1;
      if (age >= 0 && !items_[age].used) {
        age_order_ = {i, age};
        it.used = items_[age].used = true;
        if (age == p && p > 0 && items_[p - 1].Has(Kw::kGroup)) items_[p - 1].used = true;
        continue;
      }
      int col = j >= 0 ? ColumnOf(items_[j]) : -1;
      if (col >= 0 && !items_[j].used) {
        q_.order_column = col;
        it.used = items_[j].used = true;
        Map(items_[j], "order", ColName(col));
      } else {
        // "按销售额排序": the column came first (Chinese word order only).
        const int p = chinese_ ? PrevMeaningful(i) : -1;
        col = p >= 0 ? ColumnOf(items_[p]) : -1;
        if (col >= 0 && !items_[p].used) {
          q_.order_column = col;
          it.used = items_[p].used = true;
          if (p > 0 && items_[p - 1].Has(Kw::kGroup)) items_[p - 1].used = true;
          Map(items_[p], "order", ColName(col));
        }
      }
    }
    if (it.Has(Kw::kShare)) {
      q_.share = true;
      it.used = true;
      Map(it, "share", "percent of total");
      Understood("share of total", "占比");
    }
  }
}

int Parser::AgeWordTable(int item) const {
  auto table_of = [&](const Item& it) -> int {
    if (it.kind != ItemKind::kTerm) return -1;
    const int table = TableOf(it);
    if (table >= 0) return table;
    const int col = ColumnOf(it);
    if (col >= 0) return Col(col).table;
    if (!it.terms.empty() && TermOf(it.terms[0]).kind == TermKind::kValue) {
      const int t = TermOf(it.terms[0]).table;
      for (int id : it.terms) {
        if (TermOf(id).table != t) return -1;  // a value of several tables: not certain
      }
      return t;
    }
    return -1;
  };
  const int n = static_cast<int>(items_.size());
  for (int j = item + 1; j < n; ++j) {
    if (IsFiller(items_[j])) continue;
    if (items_[j].kind == ItemKind::kTerm) return table_of(items_[j]);
    break;
  }
  for (int j = item - 1; j >= 0; --j) {
    if (IsFiller(items_[j]) || items_[j].Has(Kw::kWhich)) continue;
    if (items_[j].kind == ItemKind::kTerm) return table_of(items_[j]);
    break;
  }
  return -1;
}

std::pair<int, bool> Parser::AgeColumn(int table) const {
  std::vector<int> births, years;
  for (int c : index_.tables()[table].columns) {
    const std::string name = text::AsciiLower(Col(c).name);
    auto has = [&](std::string_view part) { return name.find(part) != std::string::npos; };
    if ((name == "age" || name == "年龄") && IsNumericCol(c)) return {c, false};
    // 出生日期/出生年份/生日, not 出生地 (the birthplace).
    if (has("birth") || name == "dob" || has("出生日期") || has("出生年") || has("生日")) {
      births.push_back(c);
    } else if (Col(c).role == ColumnRole::kTime || name == "year" || has("found") ||
               has("establish") || has("成立")) {
      years.push_back(c);
    }
  }
  if (births.size() == 1) return {births[0], true};
  if (births.empty() && years.size() == 1) return {years[0], true};
  return {-1, false};
}

void Parser::ParseAgeWords() {
  const int n = static_cast<int>(items_.size());
  const auto [order_item, age_item] = age_order_;
  // Until resolved, the order and age words count as not applied (so the question abstains).
  if (age_item >= 0) items_[order_item].used = items_[age_item].used = false;
  std::vector<int> oldest, youngest;
  for (int i = 0; i < n; ++i) {
    const Item& it = items_[i];
    if (it.used || it.kind != ItemKind::kKeyword) continue;
    if (it.Has(Kw::kOldest)) oldest.push_back(i);
    if (it.Has(Kw::kYoungest)) youngest.push_back(i);
  }
  // Only list questions of one table: a computed or grouped answer "of the oldest" is a
  // nested question.
  if (!q_.measures.empty() || q_.bucket || q_.share || q_.superlative || q_.limit > 0) return;
  // "names for every singer" with nothing computed lists the singers: the "group" is the
  // table's own label, which goes back to the listed columns.
  bool ungroup = false;
  if (!q_.group_columns.empty()) {
    if (q_.group_columns.size() != 1) return;
    const int g = q_.group_columns[0];
    if (index_.LabelColumn(Col(g).table, chinese_) != g) return;
    ungroup = true;
  }
  // "from the oldest to the youngest": a direction for an ordering, not a superlative.
  const bool range = oldest.size() == 1 && youngest.size() == 1;
  const bool oldest_first_range = range && oldest[0] < youngest[0];
  int table = -1;
  int word = -1;  // the oldest/youngest word of a superlative
  // "ordered by age", or "from the oldest to the youngest" with no other ordering column.
  const bool by_age = age_item >= 0 || (range && q_.order_column < 0);
  if (by_age) {
    table = q_.subject_table >= 0     ? q_.subject_table
            : !q_.projections.empty() ? Col(q_.projections[0]).table
            : ungroup                 ? Col(q_.group_columns[0]).table
                                      : -1;
  } else if (range && q_.order_column >= 0) {
    table = Col(q_.order_column).table;
  } else if (!range && oldest.size() + youngest.size() == 1) {
    word = oldest.empty() ? youngest[0] : oldest[0];
    table = AgeWordTable(word);
  } else {
    return;
  }
  if (table < 0) return;
  // Everything else the question names must be of that table.
  if (q_.subject_table >= 0 && q_.subject_table != table) return;
  for (int c : q_.projections) {
    if (Col(c).table != table) return;
  }
  for (const PendingValue& v : values_) {
    if (TermOf(v.terms[0]).table != table) return;
  }
  if (!q_.filters.empty() || q_.time) return;
  if (ungroup && Col(q_.group_columns[0]).table != table) return;
  // The column, and whether older rows have smaller values (a birth date, a founding year).
  int col = -1;
  bool older_smaller = false;
  if (by_age || word >= 0) {
    std::tie(col, older_smaller) = AgeColumn(table);
  } else {
    // An explicit ordering column with "from oldest to latest": it must be the age column.
    col = q_.order_column;
    const std::pair<int, bool> age = AgeColumn(table);
    if (age.first != col) return;
    older_smaller = age.second;
  }
  if (col < 0) return;
  bool oldest_first;
  if (word >= 0) {
    oldest_first = items_[word].Has(Kw::kOldest);
  } else {
    // Ascending age is youngest first; "from the oldest to the youngest" is oldest first.
    const bool by_age_desc = q_.order_set && q_.order_desc;
    if (range && q_.order_set && by_age_desc != oldest_first_range) return;  // contradiction
    oldest_first = range ? oldest_first_range : by_age_desc;
  }
  const bool desc = oldest_first != older_smaller;
  if (ungroup) {
    const int g = q_.group_columns[0];
    if (std::find(q_.projections.begin(), q_.projections.end(), g) == q_.projections.end()) {
      q_.projections.insert(q_.projections.begin(), g);
    }
    q_.group_columns.clear();
    q_.group_keys.clear();
  }
  if (word >= 0) {
    // "shared by the oldest orchestras": a passive "by", not a grouping.
    const int p = PrevMeaningful(word, 1);
    if (p >= 0 && items_[p].Has(Kw::kGroup) && text::AsciiLower(items_[p].text) == "by") {
      items_[p].used = true;
    }
    q_.superlative = true;
    q_.superlative_desc = desc;
    q_.limit = 1;
    items_[word].used = true;
    Map(items_[word], "order", ColName(col) + (desc ? " DESC" : " ASC") + " LIMIT 1");
  } else {
    q_.order_set = true;
    q_.order_desc = desc;
    if (range) items_[oldest[0]].used = items_[youngest[0]].used = true;
    if (age_item >= 0) {
      items_[order_item].used = items_[age_item].used = true;
      Map(items_[age_item], "order", ColName(col) + (desc ? " DESC" : " ASC"));
    }
  }
  q_.order_column = col;
  if (q_.subject_table < 0) q_.subject_table = table;
  Understood(std::string(oldest_first ? "oldest" : "youngest") + " first by " + ColName(col),
             std::string(oldest_first ? "从年长到年轻" : "从年轻到年长") + "，按 " + ColName(col));
}

void Parser::ResolveYearComparison() {
  if (!year_cmp_) return;
  const YearComparison& y = *year_cmp_;
  auto give_up = [&] {
    items_[y.op_item].used = items_[y.number_item].used = false;
    if (y.year_word >= 0) items_[y.year_word].used = false;
  };
  int table = q_.subject_table;
  if (table < 0 && !q_.projections.empty()) table = Col(q_.projections[0]).table;
  if (table < 0 && !q_.measures.empty()) table = q_.measures[0].table;
  if (table < 0) return give_up();
  // The one year column of a table (its age column for "older than"): -1 when none, -2 when
  // several.
  auto year_column = [&](int t) {
    if (y.age) {
      const auto [c, older_smaller] = AgeColumn(t);
      return c >= 0 && !older_smaller ? c : -1;
    }
    int found = -1;
    for (int c : index_.tables()[t].columns) {
      const IndexedColumn& ic = Col(c);
      const std::string name = text::AsciiLower(ic.name);
      const bool yearish = name == "year" || name.find("found") != std::string::npos ||
                           name.find("establish") != std::string::npos ||
                           name.find("成立年") != std::string::npos;
      // Dates are compared as dates, not numbers: not handled here.
      if (!yearish || ic.role == ColumnRole::kTime || ic.stats.min_date) continue;
      if (found != -1) return -2;
      found = c;
    }
    return found;
  };
  // The table named nearest before the comparison ("clubs with events after 2020" → the
  // events' year), else the question's table, else the one other table it names that has a
  // year ("singer names in concerts after 2014" → concert.Year).
  int col = -1;
  for (int j = y.op_item - 1; j >= 0; --j) {
    if (items_[j].kind != ItemKind::kTerm) continue;
    const int t = TableOf(items_[j]);
    if (t < 0) continue;
    col = year_column(t);
    if (col == -2) return give_up();
    break;
  }
  if (col < 0) col = year_column(table);
  if (col == -1) {
    for (const auto& [t, words] : table_words_) {
      if (t == table) continue;
      const int c = year_column(t);
      if (c == -2 || (c >= 0 && col >= 0)) return give_up();
      if (c >= 0) col = c;
    }
  }
  if (col < 0) return give_up();
  Filter f;
  f.column = col;
  f.op = y.op;
  f.numeric = true;
  f.lo = y.year;
  f.text_literal = Col(col).type_class == TypeClass::kText;
  q_.filters.push_back(f);
  static constexpr std::string_view kOps[] = {"=", "<>", ">", ">=", "<", "<=", "BETWEEN"};
  const std::string cond =
      ColName(col) + " " + std::string(kOps[static_cast<int>(y.op)]) + " " + FormatNumber(y.year);
  Map(items_[y.op_item], "filter", cond);
  Understood(cond, cond);
}

void Parser::ParsePassiveBy() {
  if (chinese_) return;
  static constexpr std::string_view kIrregular[] = {"sold",  "made",  "written", "held", "won",
                                                    "built", "taken", "given",   "run",  "sung"};
  const int n = static_cast<int>(items_.size());
  for (int i = 1; i < n; ++i) {
    Item& by = items_[i];
    if (by.used || by.kind != ItemKind::kKeyword || text::AsciiLower(by.text) != "by") continue;
    const Item& verb = items_[i - 1];
    if (verb.kind != ItemKind::kUnknown) continue;
    const std::string v = text::AsciiLower(verb.text);
    const bool participle =
        (v.size() > 3 && v.compare(v.size() - 2, 2, "ed") == 0) ||
        std::find(std::begin(kIrregular), std::end(kIrregular), v) != std::end(kIrregular);
    // The table follows, maybe after a value of it ("by chess clubs").
    int next = NextMeaningful(i);
    if (next >= 0 && TableOf(items_[next]) < 0 && HasValue(items_[next])) {
      next = NextMeaningful(next);
    }
    if (!participle || next < 0 || TableOf(items_[next]) < 0) continue;
    by.used = true;
    Map(by, "join", "by " + index_.tables()[TableOf(items_[next])].name);
  }
}

bool Parser::NamesFollowingValue(int item, int col) const {
  bool of = false;
  for (int j = NextMeaningful(item); j >= 0; j = NextMeaningful(j)) {
    if (items_[j].kind == ItemKind::kKeyword && items_[j].Has(Kw::kNot)) continue;
    if (text::AsciiLower(items_[j].text) == "of") {
      of = true;  // "the continent of Europe" — but not "the channel of online orders"
      continue;
    }
    if (!HasValue(items_[j])) return false;
    const int after = NextMeaningful(j);
    if (of && after >= 0 && TableOf(items_[after]) >= 0) return false;
    return std::any_of(items_[j].terms.begin(), items_[j].terms.end(), [&](int id) {
      return TermOf(id).kind == TermKind::kValue && TermOf(id).column == col;
    });
  }
  return false;
}

void Parser::ParseLeftovers() {
  const int n = static_cast<int>(items_.size());
  for (int i = 0; i < n; ++i) {
    Item& it = items_[i];
    if (it.used || it.kind != ItemKind::kTerm) continue;
    const int col = ColumnOf(it);
    const int table = TableOf(it);
    // "record formats of orchestras": a word naming both a table and one of its columns
    // (orchestra.Orchestra) names the table when another column of it is already listed.
    bool table_word = false;
    if (col >= 0 && table == Col(col).table) {
      for (int p : q_.projections) table_word |= Col(p).table == table;
    }
    if (col >= 0 && !table_word) {
      const IndexedColumn& c = Col(col);
      bool exact = false;
      for (int id : it.terms) {
        exact |= TermOf(id).exact && TermOf(id).column == col && TermOf(id).source == "name";
      }
      bool alias = true;
      for (int id : it.terms) alias &= !TermOf(id).exact;
      if (alias) factor_ *= kAliasFactor;
      // "top 3 products by unit price": the rows named before "by", ranked by their own column.
      const int before = PrevMeaningful(i);
      const bool top_by_own = q_.superlative && q_.limit > 0 && q_.subject_table == c.table &&
                              q_.projections.empty() && q_.group_columns.empty() && before >= 0 &&
                              text::AsciiLower(items_[before].text) == "by";
      if (top_by_own) ranked_table_ = c.table;
      if (ranked_table_ >= 0 && c.table == ranked_table_ && IsNumericCol(col) &&
          q_.measures.empty() && q_.order_column < 0) {
        // "the 3 products with the highest unit price": the products, ordered by the price.
        const int label = index_.LabelColumn(ranked_table_, chinese_);
        if (label < 0) continue;  // rows with no name to show: left unread, so it abstains
        q_.projections.push_back(label);
        AddNameCompanion(&q_.projections, label);
        q_.projections.push_back(col);
        q_.order_column = col;
        q_.subject_table = ranked_table_;
        it.used = true;
        NameColumn(col, it.text);
        Map(it, "order", ColName(col));
        continue;
      }
      // A bare measure is summed, unless the rows are listed with it ("... and their salary").
      if (c.role == ColumnRole::kMeasure && IsNumericCol(col) && !has_age_superlative_ &&
          !lists_rows_with_attributes_ &&
          (!q_.group_columns.empty() || q_.bucket || q_.superlative || q_.share ||
           q_.projections.empty())) {
        Measure m;
        m.agg = Agg::kSum;
        m.column = col;
        m.table = c.table;
        m.phrase = it.text;
        m.column_phrase = it.text;
        m.implicit_sum = true;
        q_.measures.push_back(m);
        factor_ *= kDefaultSumFactor;
        it.used = true;
        Map(it, "column", ColName(col));
        Map(it, "function", "SUM (default for a measure)");
        Understood("SUM(" + ColName(col) + ")", "SUM(" + ColName(col) + ")");
        continue;
      }
      // "订单数" / "order count" is a synonym of the key: a count of the table's rows.
      bool bare_id = true;  // "id" names the key itself, not a count of rows
      for (int id : it.terms) bare_id &= TermOf(id).source == "key";
      if (c.primary_key && !exact && !bare_id && q_.measures.empty()) {
        Measure m;
        m.agg = Agg::kCount;
        m.table = c.table;
        m.phrase = it.text;
        m.label = it.text;
        q_.measures.push_back(m);
        it.used = true;
        Map(it, "function", "COUNT(*) " + index_.tables()[c.table].name);
        continue;
      }
      if (c.role == ColumnRole::kTime && (q_.time || q_.bucket)) {
        time_column_ = col;  // "订单日期在2024年" names the time column
        it.used = true;
        Map(it, "column", ColName(col));
        continue;
      }
      if (NamesFollowingValue(i, col)) {
        // The value's column, named so the value is read on it; showing it would only repeat
        // the condition (or add a column the question did not ask for).
        filter_subjects_.insert(col);
        it.used = true;
        NameColumn(col, it.text);
        Map(it, "column", ColName(col) + " (condition)");
        continue;
      }
      q_.projections.push_back(col);
      it.used = true;
      NameColumn(col, it.text);
      Map(it, "column", ColName(col));
      continue;
    }
    if (table >= 0) {
      if (q_.subject_table < 0) q_.subject_table = table;
      table_words_.emplace(table, it.text);
      it.used = true;
      Map(it, "table", index_.tables()[table].name);
      continue;
    }
    if (HasValue(it)) {
      it.used = true;
      values_.push_back({it.terms, false, it.text});
    }
  }
  // Projections that repeat a group column are the group itself ("countries ... each
  // country"); other attributes of the group's table are grouped too (name and theme of
  // each concert).
  std::vector<int> keep;
  for (int c : q_.projections) {
    if (std::find(q_.group_columns.begin(), q_.group_columns.end(), c) != q_.group_columns.end()) {
      continue;
    }
    if (!q_.group_columns.empty() && !q_.measures.empty() &&
        Col(c).table == Col(q_.group_columns[0]).table && Col(c).role == ColumnRole::kDimension) {
      q_.group_columns.push_back(c);
      continue;
    }
    keep.push_back(c);
  }
  q_.projections = keep;
  // A ranking over a dimension: "销售额最高的5个城市", "top 3 regions by sales".
  if (q_.superlative && !q_.measures.empty() && q_.group_columns.empty()) {
    if (q_.projections.size() == 1 && Col(q_.projections[0]).role == ColumnRole::kDimension) {
      q_.group_columns.push_back(q_.projections[0]);
      q_.projections.clear();
    } else if (q_.projections.empty() && q_.subject_table >= 0 &&
               q_.subject_table != q_.measures[0].table) {
      // "top 10 customers by order amount": rank the subject's rows, named by their label.
      const int label = index_.LabelColumn(q_.subject_table, chinese_);
      if (label >= 0 && CanGroupByLabel(q_.subject_table, label)) {
        q_.group_columns.push_back(label);
        AddNameCompanion(&q_.group_columns, label);
      }
    }
  }
  // A label column that is not known to be unique stands for its rows only together with
  // the key: two customers called 张伟 are two groups.
  for (int c : q_.group_columns) {
    const int t = Col(c).table;
    if (index_.LabelColumn(t, chinese_) != c && index_.LabelColumn(t, !chinese_) != c) continue;
    if (LabelIsUnique(t, c)) continue;
    const int key = SingleKey(t);
    if (key < 0 ||
        std::find(q_.group_columns.begin(), q_.group_columns.end(), key) !=
            q_.group_columns.end() ||
        std::find(q_.group_keys.begin(), q_.group_keys.end(), key) != q_.group_keys.end()) {
      continue;
    }
    q_.group_keys.push_back(key);
    out_.explanation.push_back({"", "group", ColName(key) + " (key beside the name)"});
  }
  // The same computation asked twice ("count the number of") is one.
  std::vector<Measure> unique;
  for (const Measure& m : q_.measures) {
    const bool dup = std::any_of(unique.begin(), unique.end(), [&](const Measure& u) {
      return u.agg == m.agg && u.column == m.column && u.table == m.table &&
             u.distinct == m.distinct;
    });
    if (!dup) unique.push_back(m);
  }
  q_.measures = unique;
}

bool Parser::MoveMeasureAcrossFanOut(std::vector<int>* needed) {
  // Only one plain sum named by words: "top 10 products by revenue" → the line amounts.
  if (q_.measures.size() != 1) return false;
  Measure& m = q_.measures[0];
  const int root = tree_->root;
  if (m.agg != Agg::kSum || m.column < 0 || m.table != root || m.column_phrase.empty()) {
    return false;
  }
  const std::string phrase_key = PhraseKey(m.column_phrase);
  // Candidates: measure columns of a table the join fans out to from the root, one of whose
  // names contains the question's words as a proper part ("item revenue", "商品销售额").
  std::set<int> candidates;
  for (const JoinStep& s : tree_->steps) {
    if (!s.fan_out || s.parent != root) continue;
    for (int id = 0; id < static_cast<int>(index_.terms().size()); ++id) {
      const Term& t = TermOf(id);
      if (t.kind != TermKind::kColumn || t.table != s.table) continue;
      if (Col(t.column).role != ColumnRole::kMeasure || !IsNumericCol(t.column)) continue;
      const std::string& key = index_.term_key(id);
      if (key != phrase_key && KeyContainsUnits(key, phrase_key)) candidates.insert(t.column);
    }
  }
  if (candidates.size() != 1) return false;  // none, or ambiguous: keep abstaining
  const int column = *candidates.begin();
  const int new_root = Col(column).table;
  std::vector<int> new_needed;
  bool dropped = false;  // the measure's own entry; other needs of the old root stay
  for (int t : *needed) {
    if (!dropped && t == root) {
      dropped = true;
      continue;
    }
    new_needed.push_back(t);
  }
  std::optional<JoinTree> tree = FindJoinTree(index_, new_root, new_needed);
  if (!tree || tree->HasFanOut()) return false;
  out_.explanation.push_back({m.column_phrase, "column",
                              ColName(column) + " (line level, instead of " + ColName(m.column) +
                                  ", which the join would count more than once)"});
  m.column = column;
  m.table = new_root;
  *needed = std::move(new_needed);
  tree_ = std::move(tree);
  factor_ *= kLineMeasureFactor;
  return true;
}

bool Parser::ResolveTables(std::string* why_en, std::string* why_zh) {
  // The fact table: where the measures live, else what is counted/listed/grouped.
  int root = -1;
  for (const Measure& m : q_.measures) {
    if (root < 0) root = m.table;
  }
  if (root < 0 && !q_.projections.empty()) root = Col(q_.projections[0]).table;
  if (root < 0 && q_.subject_table >= 0) root = q_.subject_table;
  if (root < 0 && !q_.group_columns.empty()) root = Col(q_.group_columns[0]).table;
  if (root < 0 && !values_.empty()) {
    root = TermOf(values_[0].terms[0]).table;
  }
  for (const Filter& f : q_.filters) {
    if (root < 0 && f.business >= 0) root = index_.business_terms()[f.business].table;
  }
  if (root < 0) {
    *why_en = "I could not tell which table the question is about.";
    *why_zh = "无法判断问题针对的是哪张表。";
    return false;
  }
  // A superlative over another table's rows: "which genre has the most tracks" groups the
  // subject's label; a top-N over rows of one table stays a row list.
  std::vector<int> needed;
  for (const Measure& m : q_.measures) needed.push_back(m.table);
  for (int c : q_.group_columns) needed.push_back(Col(c).table);
  for (int c : q_.projections) needed.push_back(Col(c).table);
  for (const Filter& f : q_.filters) {
    if (f.business < 0) needed.push_back(Col(f.column).table);
    if (f.business >= 0) {
      for (int t : index_.business_terms()[f.business].tables) needed.push_back(t);
    }
  }
  if (q_.order_column >= 0) needed.push_back(Col(q_.order_column).table);
  if (q_.subject_table >= 0 && q_.subject_table != root && q_.measures.empty() &&
      q_.projections.empty()) {
    needed.push_back(q_.subject_table);
  }
  // Values: choose the column per value, preferring tables already needed, then the one
  // nearest to the root.
  std::vector<int> value_columns;
  for (const PendingValue& v : values_) {
    int best = -1;
    int best_score = -1;
    int ties = 0;
    std::set<int> seen_cols;
    for (int id : v.terms) {
      const Term& t = TermOf(id);
      if (t.kind != TermKind::kValue || seen_cols.count(t.column)) continue;
      seen_cols.insert(t.column);
      int score = 0;
      if (filter_subjects_.count(t.column))
        score = 4;  // the question named the column just before the value
      else if (t.table == root)
        score = 3;
      else if (std::find(needed.begin(), needed.end(), t.table) != needed.end())
        score = 2;
      else {
        const auto tree = FindJoinTree(index_, root, {t.table});
        if (tree) score = tree->steps.size() == 1 ? 1 : 0;
        if (tree && tree->HasFanOut()) score = -1;  // a value in a child table changes counts
      }
      if (score > best_score) {
        best_score = score;
        best = t.column;
        ties = 1;
      } else if (score == best_score) {
        ++ties;
      }
    }
    if (best < 0 || best_score < 0) {
      *why_en = "'" + v.phrase + "' is a value I cannot link to what is asked.";
      *why_zh = "无法把“" + v.phrase + "”与所问的数据关联起来。";
      return false;
    }
    if (ties > 1) factor_ *= kAmbiguousValueFactor;
    value_columns.push_back(best);
    needed.push_back(Col(best).table);
  }
  // Merge values of one column into one filter (IN / NOT IN).
  for (size_t k = 0; k < values_.size(); ++k) {
    const int col = value_columns[k];
    std::string value;
    for (int id : values_[k].terms) {
      if (TermOf(id).kind == TermKind::kValue && TermOf(id).column == col) value = TermOf(id).value;
    }
    Filter* existing = nullptr;
    for (Filter& f : q_.filters) {
      if (!f.numeric && f.column == col && (f.op == Op::kNe) == values_[k].negated) existing = &f;
    }
    if (existing) {
      existing->values.push_back(value);
    } else {
      Filter f;
      f.column = col;
      f.op = values_[k].negated ? Op::kNe : Op::kEq;
      f.values = {value};
      q_.filters.push_back(f);
    }
    out_.explanation.push_back(
        {values_[k].phrase, "value", ColName(col) + (values_[k].negated ? " <> " : " = ") + value});
    Understood(ColName(col) + (values_[k].negated ? " ≠ " : " = ") + value,
               ColName(col) + (values_[k].negated ? " ≠ " : " = ") + value);
  }
  if (!PeriodInsideTerm(root, why_en, why_zh) && !why_en->empty()) return false;
  // Time: the named time column, else the root's, else the nearest one reachable by lookups.
  if ((q_.time || q_.bucket) && period_term_ < 0) {
    int tc = time_column_;
    if (born_ && tc < 0) {
      // "singers born in 2001": the one birth column of the table the question is about.
      const int table = q_.subject_table >= 0 ? q_.subject_table : root;
      const auto [col, older_smaller] = AgeColumn(table);
      const std::string name = col >= 0 ? text::AsciiLower(Col(col).name) : "";
      const bool birth =
          col >= 0 && older_smaller &&
          (name.find("birth") != std::string::npos || name.find("出生") != std::string::npos ||
           name.find("生日") != std::string::npos);
      const TypeClass type = birth ? Col(col).type_class : TypeClass::kOther;
      if (type == TypeClass::kInteger) {
        tc = col;  // a birth year: compared with the year itself
      } else if (birth && (type == TypeClass::kDate || Col(col).stats.min_date)) {
        tc = col;
        q_.time->year_only.reset();  // a date: compared with the year's range
      } else {
        *why_en =
            "the question asks when someone was born but I found no single birth date column.";
        *why_zh = "问题问到出生时间，但找不到唯一的出生日期列。";
        return false;
      }
    }
    if (tc < 0) tc = index_.TimeColumn(root);
    if (tc < 0) {
      for (const JoinEdge& e : index_.edges()) {
        if (e.from_table == root) {
          if (int c = index_.TimeColumn(e.to_table); c >= 0) {
            tc = c;
            break;
          }
        }
      }
    }
    if (tc < 0) {
      *why_en = "the question names a time period but I found no date column for it.";
      *why_zh = "问题里有时间条件，但找不到对应的日期列。";
      return false;
    }
    time_column_ = tc;
    needed.push_back(Col(tc).table);
    out_.explanation.push_back({"", "column", "time column " + ColName(tc)});
  }
  // A related count is over all referencing rows: anything else said of those rows (a
  // value, a period, a column) would belong inside the count, which is not written.
  for (const Filter& f : q_.filters) {
    // What is shown must be of the rows compared: "names of orchestras that have no
    // performance" read "names" on the conductor (orchestras have no name column).
    if (f.related_edge < 0) continue;
    const int compared = index_.edges()[f.related_edge].to_table;
    auto other = [&](int c) { return Col(c).table != compared; };
    if (std::any_of(q_.projections.begin(), q_.projections.end(), other) ||
        std::any_of(q_.group_columns.begin(), q_.group_columns.end(), other) ||
        std::any_of(q_.measures.begin(), q_.measures.end(),
                    [&](const Measure& m) { return m.table != compared; })) {
      *why_en = "what the question shows is not of the " + index_.tables()[compared].name +
                " it compares by their number of related rows.";
      *why_zh = "问题要显示的内容不属于按关联记录数比较的" + index_.tables()[compared].name + "。";
      return false;
    }
    // Names shared by several rows: counted per row or per name? Only unique names are sure.
    const int label = index_.LabelColumn(compared, chinese_);
    if (label >= 0 && !LabelIsUnique(compared, label) &&
        std::find(q_.projections.begin(), q_.projections.end(), label) != q_.projections.end()) {
      *why_en = "several " + index_.tables()[compared].name + " share a " + Col(label).name +
                ": I could not tell whether to count related rows per " +
                index_.tables()[compared].name + " or per " + Col(label).name + ".";
      *why_zh = "多个" + index_.tables()[compared].name + "的" + Col(label).name +
                "相同：无法判断关联记录是按每条记录还是按名称计数。";
      return false;
    }
  }
  for (int t : related_counted_) {
    if (q_.time || q_.bucket || std::find(needed.begin(), needed.end(), t) != needed.end()) {
      *why_en = "the question says more about the " + index_.tables()[t].name +
                " it counts than I can apply to that count.";
      *why_zh =
          "问题对所计数的" + index_.tables()[t].name + "还有别的条件，我无法套用到这个计数上。";
      return false;
    }
  }
  tree_ = FindJoinTree(index_, root, needed);
  if (!tree_) {
    *why_en = "the tables the question needs are not connected by foreign keys.";
    *why_zh = "问题涉及的表之间没有外键关联。";
    return false;
  }
  // A table the question names but the SQL leaves out ("average age of artists" when only
  // students have an age) means the words were read on the wrong table.
  {
    const std::vector<int> joined = tree_->Tables();
    for (const auto& [table, words] : table_words_) {
      if (std::find(joined.begin(), joined.end(), table) == joined.end()) {
        *why_en = "the question names '" + words + "' but what it asks for is not in that table.";
        *why_zh = "问题提到了“" + words + "”，但所问的内容不在这张表里。";
        return false;
      }
    }
  }
  // A fan-out join multiplies the root's rows: sums and averages over them would be wrong.
  if (tree_->HasFanOut()) {
    const bool doubled = std::any_of(q_.measures.begin(), q_.measures.end(), [&](const Measure& m) {
      return m.table == root && m.agg != Agg::kCount && m.agg != Agg::kMax && m.agg != Agg::kMin;
    });
    if (doubled && !MoveMeasureAcrossFanOut(&needed)) {
      *why_en = "answering would join " + index_.tables()[root].name +
                " to a table with several rows per " + index_.tables()[root].name +
                " row, which would count its values more than once.";
      *why_zh = "需要把" + index_.tables()[root].name + "连接到一对多的表，会重复计算其数值。";
      return false;
    }
  }
  for (const JoinStep& s : tree_->steps) {
    const JoinEdge& e = index_.edges()[s.edge];
    out_.explanation.push_back({"", "join",
                                index_.tables()[e.from_table].name + "." + Col(e.from_column).name +
                                    " = " + index_.tables()[e.to_table].name + "." +
                                    Col(e.to_column).name});
  }
  return true;
}

std::optional<std::string> Parser::BuildSql(std::string* why_en, std::string* why_zh) {
  const int root = tree_->root;
  std::vector<std::string> select;
  std::vector<std::string> group_by;
  // Selected expressions that are not aggregates, with the column they show (-1: the time
  // bucket), for the grouping invariant below.
  std::vector<std::pair<std::string, int>> plain;
  // Every selected expression gets a readable alias; GROUP BY and ORDER BY keep repeating
  // the expressions, which SQLite, PostgreSQL and MySQL all accept alike.
  std::set<std::string> taken;
  std::string bucket_expr;
  if (q_.bucket) {
    bucket_expr = dialect_.DateBucket(*q_.bucket, ColRef(time_column_));
    select.push_back(bucket_expr + As(BucketAlias(*q_.bucket), &taken));
    plain.emplace_back(bucket_expr, -1);
    group_by.push_back(bucket_expr);
  }
  for (int c : q_.group_columns) {
    select.push_back(ColRef(c) + As(ColumnAlias(c), &taken));
    plain.emplace_back(ColRef(c), c);
    group_by.push_back(ColRef(c));
  }
  for (int c : q_.group_keys) group_by.push_back(ColRef(c));
  const bool fan_out = tree_->HasFanOut();
  std::vector<std::string> measure_exprs;
  for (const Measure& m : q_.measures) {
    std::string expr;
    if (m.business >= 0) {
      expr = RenderTermExpression(index_.business_terms()[m.business].expr, dialect_,
                                  [this](int c) { return ColRef(c); });
    } else if (m.column < 0) {
      const IndexedTable& t = index_.tables()[m.table];
      int pk = -1;
      for (int c : t.columns) {
        if (Col(c).primary_key) pk = pk < 0 ? c : -2;
      }
      if ((fan_out && m.table == root) && pk >= 0) {
        expr = "COUNT(DISTINCT " + ColRef(pk) + ")";
      } else {
        expr = "COUNT(*)";
      }
    } else {
      expr = std::string(AggName(m.agg)) + "(" + (m.distinct ? "DISTINCT " : "") +
             ColRef(m.column) + ")";
    }
    measure_exprs.push_back(expr);
    std::string shown;
    select.push_back(expr + As(MeasureAlias(m), &taken, &shown));
    const bool per_row_stat = m.agg == Agg::kAvg || m.agg == Agg::kMax || m.agg == Agg::kMin;
    if (m.column >= 0 && (per_row_stat || IsNonAdditive(Col(m.column)))) {
      out_.non_additive_columns.push_back(shown);
    }
  }
  // Not rounded: ROUND(double precision, int) does not exist in PostgreSQL and db::Dialect
  // has no portable rounding; the report formats the number.
  if (q_.share && !measure_exprs.empty()) {
    std::string shown;
    select.push_back(dialect_.CastToReal(measure_exprs[0]) + " * 100 / SUM(" + measure_exprs[0] +
                     ") OVER ()" + As(chinese_ ? "占比(%)" : "share (%)", &taken, &shown));
    out_.non_additive_columns.push_back(shown);
  }
  for (int c : q_.projections) {
    std::string shown;
    select.push_back(ColRef(c) + As(ColumnAlias(c), &taken, &shown));
    plain.emplace_back(ColRef(c), c);
    if (IsNonAdditive(Col(c))) out_.non_additive_columns.push_back(shown);
  }
  // Invariants, a safety net under the parser for the whole class of shape errors: beside
  // an aggregate, every plain column must be grouped (SQLite would otherwise show one
  // arbitrary row's value next to the total), and a LIMIT above one on the single row of
  // an ungrouped aggregate ranks nothing (the "top N" lost its entity).
  if (!measure_exprs.empty()) {
    for (const auto& [expr, col] : plain) {
      if (std::find(group_by.begin(), group_by.end(), expr) != group_by.end()) continue;
      const std::string name = col >= 0 ? ColName(col) : "period";
      *why_en = "the answer would show " + name +
                " beside a total without grouping by it; ask for it with 'by', e.g. '... by " +
                Col(std::max(col, 0)).name + "'.";
      *why_zh = "结果会在汇总值旁显示" + name + "却不按它分组；请用“按……”明确分组。";
      return std::nullopt;
    }
    if (group_by.empty() && q_.limit > 1) {
      *why_en = "a top " + std::to_string(q_.limit) +
                " needs something to rank (e.g. 'top 10 customers by order amount'), but I "
                "found only a single total.";
      *why_zh = "前" + std::to_string(q_.limit) +
                "名需要一个排名对象（例如“订单金额最高的10个客户”），但只找到一个汇总值。";
      return std::nullopt;
    }
  }
  for (const Filter& f : q_.filters) {
    if (f.measure_filter && q_.measures.size() > 1) {
      const std::string& name = index_.business_terms()[f.business].def.name;
      *why_en = "'" + name +
                "' counts only the rows of its own filter, which would also apply "
                "to the other measures; ask for it on its own.";
      *why_zh =
          "“" + name + "”只统计其定义中筛选的行，这个条件也会作用到其他指标上；请单独询问它。";
      return std::nullopt;
    }
  }
  std::string sql = "SELECT ";
  if (q_.distinct_rows) sql += "DISTINCT ";
  for (size_t k = 0; k < select.size(); ++k) sql += (k ? ", " : "") + select[k];
  // One clause per line: the SQL is shown to people (CLI, reports) as well as run.
  sql += "\nFROM " + dialect_.QuoteIdentifier(index_.tables()[root].name);
  for (const JoinStep& s : tree_->steps) {
    const JoinEdge& e = index_.edges()[s.edge];
    sql += "\nJOIN " + dialect_.QuoteIdentifier(index_.tables()[s.table].name) + " ON " +
           ColRef(e.from_column) + " = " + ColRef(e.to_column);
  }
  std::vector<std::string> where;
  for (const Filter& f : q_.filters) {
    if (f.business >= 0) {
      where.push_back(BusinessSql(f));
      continue;
    }
    std::string c = ColRef(f.column);
    if (f.related_edge >= 0) {
      const JoinEdge& e = index_.edges()[f.related_edge];
      c = "(SELECT COUNT(*) FROM " + dialect_.QuoteIdentifier(index_.tables()[e.from_table].name) +
          " WHERE " + ColRef(e.from_column) + " = " + ColRef(e.to_column) + ")";
    }
    if (f.numeric) {
      static constexpr std::string_view kOps[] = {" = ", " <> ", " > ", " >= ", " < ", " <= "};
      if (f.op == Op::kBetween) {
        where.push_back(c + " BETWEEN " + FormatNumber(f.lo) + " AND " + FormatNumber(f.hi));
      } else {
        where.push_back(
            c + std::string(kOps[static_cast<int>(f.op)]) +
            (f.text_literal ? dialect_.QuoteString(FormatNumber(f.lo)) : FormatNumber(f.lo)));
      }
      continue;
    }
    if (f.values.size() == 1) {
      where.push_back(c + (f.op == Op::kNe ? " <> " : " = ") + dialect_.QuoteString(f.values[0]));
    } else {
      std::string list;
      for (size_t k = 0; k < f.values.size(); ++k) {
        list += (k ? ", " : "") + dialect_.QuoteString(f.values[k]);
      }
      where.push_back(c + (f.op == Op::kNe ? " NOT IN (" : " IN (") + list + ")");
    }
  }
  if (q_.time && period_term_ < 0) {
    for (std::string& c : PeriodConditions(time_column_)) where.push_back(std::move(c));
  }
  for (size_t k = 0; k < where.size(); ++k) sql += (k ? "\n  AND " : "\nWHERE ") + where[k];
  if (!group_by.empty()) {
    sql += "\nGROUP BY ";
    for (size_t k = 0; k < group_by.size(); ++k) sql += (k ? ", " : "") + group_by[k];
  }
  // Ordering: superlatives by the first measure; time series by period; explicit columns.
  std::string order;
  if (q_.superlative && !measure_exprs.empty()) {
    order = measure_exprs[0] + (q_.superlative_desc ? " DESC" : " ASC");
  } else if (q_.superlative && q_.order_column >= 0) {
    order = ColRef(q_.order_column) + (q_.superlative_desc ? " DESC" : " ASC");
  } else if (q_.order_column >= 0) {
    order = ColRef(q_.order_column) + (q_.order_desc && q_.order_set ? " DESC" : " ASC");
  } else if (q_.bucket) {
    order = bucket_expr;
  } else if (!group_by.empty() && !measure_exprs.empty()) {
    order = measure_exprs[0] + " DESC";
  }
  if (!order.empty()) sql += "\nORDER BY " + order;
  if (q_.limit > 0) {
    sql += OnItsOwnLine(dialect_.LimitClause(q_.limit));
  } else if (q_.measures.empty() || !group_by.empty()) {
    sql += OnItsOwnLine(dialect_.LimitClause(options_.default_list_limit));
  }
  return sql;
}

Translation Parser::Run() {
  chinese_ = text::ContainsCjk(question_);
  out_.chinese = chinese_;
  if (options_.anchor_date) {
    anchor_ = *options_.anchor_date;
    anchor_source_ = chinese_ ? "以给定日期为基准" : "anchored to the given date";
  } else if (options_.anchor == TimeAnchor::kData && index_.LatestDate()) {
    anchor_ = *index_.LatestDate();
    anchor_source_ = (chinese_ ? "以数据最新日期 " : "anchored to the data's latest date ") +
                     FormatIsoDate(anchor_);
  } else {
    anchor_ = TodayUtc();
    anchor_source_ = (chinese_ ? "以今天 " : "anchored to today ") + FormatIsoDate(anchor_);
  }
  if (question_.size() > options_.max_question_bytes) {
    return Abstain(
        "the question is too long (" + std::to_string(question_.size()) + " bytes; at most " +
            std::to_string(options_.max_question_bytes) + "): ask one short question at a time.",
        "问题太长（" + std::to_string(question_.size()) + " 字节，上限 " +
            std::to_string(options_.max_question_bytes) + "），请一次问一个简短的问题。");
  }
  Segment();
  {
    std::string why_en, why_zh;
    if (!ApplyBusinessTerms(&why_en, &why_zh)) return Abstain(why_en, why_zh);
  }
  int content = 0;
  for (const Item& it : items_) content += it.kind != ItemKind::kPunct;
  if (content == 0) {
    return Abstain("the question has no words to work with.", "问题里没有可理解的文字。");
  }
  for (const Item& it : items_) {
    if (it.Has(Kw::kUnsupported)) {
      return Abstain("'" + it.text + "' asks for a statistic this engine does not compute yet.",
                     "“" + it.text + "”是引擎目前还不会计算的统计量。");
    }
  }
  for (Item& it : items_) {
    if (it.kind == ItemKind::kKeyword && it.Has(Kw::kWhich)) which_ = true;
    if (it.kind == ItemKind::kKeyword &&
        (it.kw & (Bit(Kw::kMax) | Bit(Kw::kMin) | Bit(Kw::kTop)))) {
      has_superlative_ = true;
    }
    if (it.kind == ItemKind::kKeyword && (it.kw & (Bit(Kw::kOldest) | Bit(Kw::kYoungest)))) {
      has_age_superlative_ = true;
    }
    if (it.kind == ItemKind::kTerm) {
      std::set<int> column_tables;
      for (int id : it.terms) {
        if (TermOf(id).kind == TermKind::kColumn && TermOf(id).source != "key") {
          column_tables.insert(TermOf(id).table);
        }
      }
      if (column_tables.size() == 1) context_tables_.insert(*column_tables.begin());
    }
    if (it.kind == ItemKind::kTerm) {
      bool only_tables = true;
      for (int id : it.terms) only_tables &= TermOf(id).kind == TermKind::kTable;
      for (int id : it.terms) {
        if (TermOf(id).kind != TermKind::kTable) continue;
        table_words_anywhere_.insert(TermOf(id).table);
        if (only_tables) mentioned_tables_.insert(TermOf(id).table);
      }
    }
  }
  lists_rows_with_attributes_ = NamesTheRowsTheirOwn();
  ParseTime();
  // "born in 2001" / "2001年出生": the period is when the rows were born.
  for (size_t k = 0; k < items_.size() && q_.time; ++k) {
    Item& it = items_[k];
    if (it.used || it.kind == ItemKind::kPunct || it.kind == ItemKind::kTerm) continue;
    // Unknown Chinese characters are one item each: 出|生.
    const bool chinese_born = it.text == "出" && k + 1 < items_.size() &&
                              items_[k + 1].text == "生" && !items_[k + 1].used;
    if (text::AsciiLower(it.text) == "born" || it.text == "出生" || chinese_born) {
      born_ = true;
      it.used = true;
      if (chinese_born) items_[k + 1].used = true;
      Map(it, "column", "birth date");
    }
  }
  ParseTrend();
  ParseNumbersMagnitude();
  ParseComparisons();
  ParseTopN();
  ParseValues();
  ParseRelatedCounts();
  ParsePassiveBy();
  ParseGrouping();
  ParseAggregates();
  ParseGrouping();  // "各X" after an aggregate bound its column
  ParseOrdering();
  ParseLeftovers();
  ParseAgeWords();
  ResolveYearComparison();
  // Bottom-N / ascending superlatives signalled by "least"/"最少" without which.
  // Confidence from coverage: every content unit should be explained.
  size_t content_units = 0, unknown_units = 0;
  std::vector<std::string> unknown_words;
  for (Item& it : items_) {
    if (it.kind == ItemKind::kPunct) continue;
    const size_t len = it.unit_end - it.unit_begin;
    if (it.kind == ItemKind::kKeyword && !it.used &&
        (it.kw &
         ~(Bit(Kw::kStop) | Bit(Kw::kRowUnit) | Bit(Kw::kAnd) | Bit(Kw::kConj) | Bit(Kw::kWhich) |
           Bit(Kw::kInTime) | Bit(Kw::kYearMarker) | Bit(Kw::kEq) | Bit(Kw::kBetween))) == 0) {
      continue;  // function words
    }
    if (it.kind == ItemKind::kKeyword && !it.used && it.Has(Kw::kWhich) && which_used_) continue;
    content_units += len;
    if (!it.used) {
      unknown_units += len;
      unknown_words.push_back(it.text);
    }
  }
  // Words that change the answer's shape must all have been used: an "each" or "not" left
  // over means the SQL would answer a different question.
  constexpr KwSet kCritical = Bit(Kw::kGroup) | Bit(Kw::kNot) | Bit(Kw::kGt) | Bit(Kw::kGe) |
                              Bit(Kw::kLt) | Bit(Kw::kLe) | Bit(Kw::kTop) | Bit(Kw::kBottom) |
                              Bit(Kw::kOrder) | Bit(Kw::kShare) | Bit(Kw::kDesc) | Bit(Kw::kAsc) |
                              Bit(Kw::kAge) | Bit(Kw::kOldest) | Bit(Kw::kYoungest);
  for (const Item& it : items_) {
    if (it.kind == ItemKind::kKeyword && !it.used && (it.kw & kCritical) &&
        !(it.kw & Bit(Kw::kStop))) {
      return Abstain("I could not apply '" + it.text + "' to anything in the question.",
                     "无法确定“" + it.text + "”作用于什么。");
    }
  }
  double coverage = content_units == 0 ? 0 : 1.0 - double(unknown_units) / double(content_units);
  double confidence = std::pow(std::max(coverage, 0.0), kUnknownExponent) * factor_;
  // "How many first shows?": a count word whose rows are named only by a yes/no flag counts
  // the flag's table (a flag describes its own table's rows, unlike a value of a lookup
  // table: "how many Rock" is not a count of genres).
  if (q_.measures.empty() && q_.projections.empty() && q_.group_columns.empty() &&
      q_.subject_table < 0 && !values_.empty()) {
    // Every value of one table ("first shows in Glebe Park"), one of them a flag.
    int flag_table = -1;
    bool one_table = true, any_flag = false;
    for (const PendingValue& v : values_) {
      bool flag = true;
      for (int id : v.terms) {
        one_table &= flag_table < 0 || TermOf(id).table == flag_table;
        flag_table = TermOf(id).table;
        flag &= TermOf(id).source == "flag";
      }
      any_flag |= flag;
    }
    const bool all_flags = one_table && any_flag && flag_table >= 0;
    for (Item& it : items_) {
      if (!all_flags || it.used || it.kind != ItemKind::kKeyword || !it.Has(Kw::kCount)) continue;
      Measure m;
      m.agg = Agg::kCount;
      m.table = flag_table;
      m.phrase = it.text;
      q_.measures.push_back(m);
      q_.subject_table = flag_table;
      it.used = true;
      Map(it, "function", "COUNT(*) " + index_.tables()[flag_table].name);
      // "the number of" and "count" in one question are one count.
      for (Item& other : items_) {
        if (!other.used && other.kind == ItemKind::kKeyword && other.Has(Kw::kCount)) {
          other.used = true;
        }
      }
      // Recount the coverage: the count words are explained now.
      unknown_units = 0;
      unknown_words.clear();
      for (const Item& u : items_) {
        if (u.kind == ItemKind::kPunct || u.used) continue;
        if (u.kind == ItemKind::kKeyword &&
            (u.kw & ~(Bit(Kw::kStop) | Bit(Kw::kRowUnit) | Bit(Kw::kAnd) | Bit(Kw::kConj) |
                      Bit(Kw::kWhich) | Bit(Kw::kInTime) | Bit(Kw::kYearMarker) | Bit(Kw::kEq) |
                      Bit(Kw::kBetween))) == 0) {
          continue;
        }
        unknown_units += u.unit_end - u.unit_begin;
        unknown_words.push_back(u.text);
      }
      coverage = content_units == 0 ? 0 : 1.0 - double(unknown_units) / double(content_units);
      confidence = std::pow(std::max(coverage, 0.0), kUnknownExponent) * factor_;
      break;
    }
  }
  // Nothing asked: no measure, no column, no table.
  if (q_.measures.empty() && q_.projections.empty() && q_.group_columns.empty() &&
      q_.subject_table < 0) {
    out_.confidence = 0;
    return Abstain("I did not find anything in the database that the question asks for.",
                   "没有在数据库中找到问题所问的内容。");
  }
  // A bare table: list its label column.
  if (q_.measures.empty() && q_.projections.empty() && q_.group_columns.empty()) {
    const int label = index_.LabelColumn(q_.subject_table, chinese_);
    if (label < 0) {
      return Abstain("I know the table but not which of its columns to show.",
                     "知道是哪张表，但不知道要显示哪些列。");
    }
    q_.projections.push_back(label);
    AddNameCompanion(&q_.projections, label);
    factor_ *= kLabelProjectionFactor;
    confidence *= kLabelProjectionFactor;
  }
  // "the cities and their population": the rows are named beside what is listed about them.
  if (q_.measures.empty() && q_.group_columns.empty() && !q_.projections.empty() &&
      q_.subject_table >= 0 && lists_rows_with_attributes_) {
    const int label = index_.LabelColumn(q_.subject_table, chinese_);
    if (label >= 0 &&
        std::find(q_.projections.begin(), q_.projections.end(), label) == q_.projections.end()) {
      std::vector<int> named{label};
      AddNameCompanion(&named, label);
      for (int c : q_.projections) {
        if (std::find(named.begin(), named.end(), c) == named.end()) named.push_back(c);
      }
      q_.projections = named;
      out_.explanation.push_back({"", "column", ColName(label) + " (names the rows listed)"});
    }
  }
  // Group without a measure: "how many per X" is handled; a bare "by X" lists counts.
  if (!q_.group_columns.empty() && q_.measures.empty() && q_.projections.empty()) {
    if (q_.subject_table >= 0) {
      Measure m;
      m.agg = Agg::kCount;
      m.table = q_.subject_table;
      q_.measures.push_back(m);
    }
  }
  if (!q_.group_columns.empty() && q_.measures.empty() && !q_.projections.empty()) {
    return Abstain("I found what to group by but not what to compute for each group.",
                   "找到了分组依据，但不知道每组要计算什么。");
  }
  if (q_.share && (q_.measures.empty() || (q_.group_columns.empty() && !q_.bucket))) {
    return Abstain("a share needs a measure and something to split it by.",
                   "占比需要一个指标和一个分组维度。");
  }
  if (!q_.projections.empty() && !q_.measures.empty() && q_.group_columns.empty()) {
    return Abstain("the question mixes a total with a list of rows; ask for one of them.",
                   "问题同时要求汇总值和明细行，请只问其中一个。");
  }
  // Separate computations where one is a max/min usually mean "the X of the row with the
  // highest Y" (a nested question this engine does not write).
  {
    std::set<int> events;
    bool extreme = false;
    for (const Measure& m : q_.measures) {
      events.insert(m.event);
      extreme |= m.agg == Agg::kMax || m.agg == Agg::kMin;
    }
    if (events.size() > 1 && extreme) {
      return Abstain(
          "the question combines a highest/lowest value with another computation; "
          "I do not write nested questions.",
          "问题把最高/最低值与另一项计算组合在一起，这类嵌套问题我不处理。");
    }
  }
  if (!ungrouped_conjunct_.empty()) {
    return Abstain("I can group by the first item of the list but not by '" + ungrouped_conjunct_ +
                       "'; ask with groups I can find, e.g. one dimension at a time.",
                   "能按列表中前面的项分组，但无法按“" + ungrouped_conjunct_ +
                       "”分组；请换成可分组的维度，或一次按一个维度提问。");
  }
  // A price, a rate or an age is shown per row, not added up (per_row_measure.h).
  {
    const int summed = q_.measures.size() == 1 ? q_.measures[0].column : -1;
    const std::string phrase = summed >= 0 ? q_.measures[0].column_phrase : "";
    std::optional<ShapeProblem> problem;
    if (ReadPerRowMeasures(q_, index_, &problem) == PerRowReading::kListed) {
      if (!phrase.empty()) NameColumn(summed, phrase);
      std::erase_if(out_.explanation,
                    [](const Mapping& m) { return m.target == "SUM (default for a measure)"; });
      out_.explanation.push_back(
          {"", "column", ColName(summed) + " (a value of each row: listed, not added up)"});
    }
    if (problem) {
      out_.confidence = confidence;
      return Abstain(problem->en, problem->zh);
    }
  }
  // Verify before answering: a number, a computation or a data word left unused means the
  // SQL would answer another question.
  if (const std::optional<UnplacedWord> word = FindUnplacedWord(items_, index_)) {
    out_.confidence = confidence;
    return Abstain(UnplacedWordMessage(*word, false), UnplacedWordMessage(*word, true));
  }
  std::string why_en, why_zh;
  if (!ResolveTables(&why_en, &why_zh)) {
    out_.confidence = confidence;
    return Abstain(why_en, why_zh);
  }
  confidence = std::pow(std::max(coverage, 0.0), kUnknownExponent) * factor_;
  // How firmly the words were placed, not only how many (grounding.h): the weakest data
  // word bounds the confidence, and one placed only loosely is not answered on.
  const Grounding grounding = GroundReading(items_, index_, tree_->Tables());
  confidence *= grounding.weakest;
  out_.confidence = confidence;
  if (grounding.weakest < kWeakGrounding) {
    return Abstain(WeakGroundingMessage(grounding, false), WeakGroundingMessage(grounding, true));
  }
  AdjustListShape(q_, index_);
  if (const std::optional<ShapeProblem> shape = FindShapeProblem(q_, items_, index_)) {
    return Abstain(shape->en, shape->zh);
  }
  // "distinct names of singers ...": a list without repeats.
  if (distinct_word_ && q_.measures.empty()) q_.distinct_rows = true;
  if (q_.superlative && q_.measures.empty() && q_.order_column < 0) {
    return Abstain("I understood 'the most/least' but not of what.",
                   "理解了“最多/最少”，但不知道是针对哪个指标。");
  }
  if (confidence < options_.confidence_threshold) {
    std::string words;
    for (const std::string& w : unknown_words) words += (words.empty() ? "" : ", ") + w;
    if (words.empty() && grounding.weakest < 1) {
      return Abstain(WeakGroundingMessage(grounding, false), WeakGroundingMessage(grounding, true));
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", confidence);
    return Abstain(std::string("confidence ") + buf + " is below the threshold" +
                       (words.empty() ? "." : "; words I could not place: " + words + "."),
                   std::string("置信度 ") + buf + " 低于阈值" +
                       (words.empty() ? "。" : "；无法理解的词：" + words + "。"));
  }
  std::optional<std::string> sql = BuildSql(&why_en, &why_zh);
  if (!sql) return Abstain(why_en, why_zh);
  out_.sql = std::move(*sql);
  out_.answered = true;
  out_.chart = q_.share                    ? ChartHint::kShare
               : q_.bucket                 ? ChartHint::kTimeSeries
               : !q_.group_columns.empty() ? ChartHint::kCategory
                                           : ChartHint::kNone;
  if (!out_.anchor_note.empty()) out_.explanation.push_back({"", "anchor", out_.anchor_note});
  return out_;
}

}  // namespace

std::string_view ChartHintName(ChartHint hint) {
  switch (hint) {
    case ChartHint::kNone:
      return "none";
    case ChartHint::kTimeSeries:
      return "time_series";
    case ChartHint::kCategory:
      return "category";
    case ChartHint::kShare:
      return "share";
  }
  return "none";
}

std::string RenderExplanation(const Translation& t, bool chinese) {
  std::string out;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", t.confidence);
  if (t.answered) {
    out += (chinese ? "置信度 " : "confidence ") + std::string(buf) + "\n";
  } else {
    out += (chinese ? "未回答：" : "not answered: ") + t.abstain_reason + "\n";
    if (!t.understood.empty()) {
      out += chinese ? "已理解：" : "understood: ";
      for (size_t k = 0; k < t.understood.size(); ++k) out += (k ? "; " : "") + t.understood[k];
      out += "\n";
    }
  }
  for (const Mapping& m : t.explanation) {
    if (m.phrase.empty()) {
      out += "  " + m.kind + ": " + m.target + "\n";
    } else {
      out += "  \"" + m.phrase + "\" → " + m.kind + " " + m.target + "\n";
    }
  }
  return out;
}

Translation Engine::Translate(std::string_view question, const SchemaIndex& index,
                              const db::Dialect& dialect, const TranslateOptions& options) {
  Parser parser(question, index, dialect, options);
  return parser.Run();
}

}  // namespace askdb::nlq
