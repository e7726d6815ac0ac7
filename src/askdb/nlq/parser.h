// The engine's parse state and its stages, internal to nlq/ (engine.h is the public API).
// One Parser reads one question; its stages live in their own files:
//   segment.cc          words → schema terms and keywords (items_)
//   ground_terms.cc     business terms; ground_time.cc  periods, trends
//   read_*.cc           the readings by theme: comparisons & filters, measures & aggregates,
//                       grouping & ordering, age/year words, leftovers
//   resolve_joins.cc    the tables and the join tree (tree_)
//   write_sql.cc        the SELECT through the dialect, and the result-column names
//   engine.cc           Run(): the order of the stages and the checks between them
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/nlq/engine.h"
#include "askdb/nlq/join_path.h"
#include "askdb/nlq/lexicon.h"
#include "askdb/nlq/measure_units.h"
#include "askdb/nlq/reading.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::nlq {

// Confidence factors. Each names a guess the engine made; the product must stay above the
// threshold for the engine to answer.
constexpr double kDefaultSumFactor = 0.95;      // a bare measure was summed
constexpr double kImplicitGroupFactor = 0.9;    // a bare dimension beside a measure grouped
constexpr double kLabelProjectionFactor = 0.9;  // "list the stores" → their name column
constexpr double kAliasFactor = 0.97;           // matched through a derived alias
constexpr double kLineMeasureFactor = 0.95;     // a measure moved to the line-level table
constexpr double kAbbreviationFactor = 0.9;     // one character read as the word (店 → 门店)
constexpr double kUnknownExponent = 2.0;        // how hard unexplained words weigh
constexpr int kYearMin = 1900;
constexpr int kYearMax = 2100;

// A number as the question would write it: "3", "2.5".
std::string FormatNumber(double v);
std::string_view AggName(Agg a);      // "SUM", "AVG", ...; "" for kNone
std::string_view OpSymbol(Op op);     // "=", "<>", ">", ">=", "<", "<=", "BETWEEN"
bool IsCurrencySign(const Item& it);  // $ € £ ¥ (read_comparisons.cc)
Op ComparisonOpOf(const Item& it);    // >=, <=, > or < of a comparison word (read_comparisons.cc)
bool IsCurrencyWord(const Item& it);  // "dollars", "usd", "euros" ... (read_comparisons.cc)
bool NamesBuyers(std::string_view table_name);  // "Customers", "client" (resolve_joins.cc)

struct Grounding;  // grounding.h

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

  // Run()'s steps (engine.cc).
  struct Coverage {
    size_t content_units = 0, unknown_units = 0;
    std::vector<std::string> unknown_words;
    double Ratio() const {
      return content_units == 0 ? 0 : 1.0 - double(unknown_units) / double(content_units);
    }
  };
  void SetAnchor();
  // A relative period on data that is not current abstains: which date it counts from is
  // not clear (TimeAnchor::kDataWhileCurrent).
  std::optional<Translation> RefuseRelativePeriodOnOldData();
  std::optional<Translation> GroundTermsAndCheckWords();
  void NoteQuestionWords();
  void ReadBirthWord();
  void ReadQuestion();  // the reading passes (read_*.cc, ground_time.cc) in order
  Coverage MeasureCoverage() const;
  std::optional<Translation> CheckCriticalWords();
  std::string UngroupedWordsAfter(int k) const;
  bool CountFlagRows();
  void RecountUnknown(Coverage* cov) const;
  std::optional<Translation> CompleteQuery(double* confidence);
  void CountRowsPerBucketOrShare();  // CompleteQuery's steps (engine.cc)
  std::optional<Translation> ListBareTable(double* confidence);
  void NameListedRows();
  std::optional<Translation> CountEachGroup();
  std::optional<Translation> ReadFlagColumnsAsConditions();
  int HaveWordBefore(int column) const;  // 有药用价值的植物: 有/没有/无 before a column
  void ListEachRowsOwnColumns();  // 各将军的胜数: the rows listed with their own columns
  std::optional<Translation> RefuseMixedShapes();
  // RefuseMixedShapes' step (engine.cc).
  Translation RefuseTotalBesideAList();
  bool ReadShareOfOneValue();  // "what share of revenue comes from beverages" (engine.cc)
  bool SaysAPartOfTheWhole();  // its Chinese form: 美国客户占全部客户的百分比
  // "average number of tracks per album", "on average, how many invoices does each customer
  // have": the count per group averaged over the groups (engine.cc).
  std::optional<Translation> AverageOverGroups();
  bool HasOneMeasureGroupedByOneTable() const;
  void AverageOfGroupTotals();
  bool AverageOverTheGroupTable(Measure& m, int measured_table);
  // "List the countries in each region": the rows of each group, not a count per group
  // (engine.cc, CompleteQuery).
  std::optional<Translation> RefuseListOfEachGroup();
  std::optional<Translation> RefuseUnaskedCountOfEachGroup();  // "各经纪公司的明星"
  std::optional<Translation> RefuseCountOfTheGroupsParent();   // "region of each party"
  std::optional<Translation> RefuseCountPerOwnNumber();        // "counties by population"
  // "Who reports to Nancy Edwards?": the rows whose reference to their own table is the named
  // row (Query::self_reference), read before the shape checks (engine.cc).
  void ReadReferenceToANamedRow();
  std::optional<Translation> ApplyPerRowMeasures(double confidence);
  std::optional<Translation> Verify(const Coverage& cov, double* confidence);
  std::optional<Translation> RefuseMisreading(double confidence);  // Verify's steps (engine.cc)
  Grounding ScoreGrounding(const Coverage& cov, double* confidence);
  void ListRowsOnce();
  // Verify's last step: the decline of a reading below the threshold, naming the words it
  // did not know (else those it could not apply), else the weakest grounding.
  Translation AbstainBelowThreshold(const Grounding& grounding, double confidence);
  Translation WriteAnswer();

  // --- the stages, in the order Run() calls them (each its own file)
  void Begin();    // the question's language and the time anchor
  void Segment();  // segment.cc
  // ground_terms.cc: business terms (business_terms.h): a measure, a condition or a value
  // alias the business defined. Marks their words used; false (with why_en/why_zh) when one
  // cannot be applied.
  bool ApplyBusinessTerms(std::string* why_en, std::string* why_zh);
  bool BusinessTermUsable(size_t k, int business, std::string* why_en, std::string* why_zh) const;
  void ApplyBusinessTerm(size_t k, int business);
  void AddBusinessTermReading(size_t k, int business);  // ApplyBusinessTerm's steps
  void ExplainBusinessTerm(const Item& it, const BoundBusinessTerm& b);
  void KeepTermAsTableWord(Item& it, const BoundBusinessTerm& b);
  bool ResolveTables(std::string* why_en, std::string* why_zh);  // resolve_joins.cc
  // write_sql.cc: on a shape that would not be valid standard SQL or would be meaningless
  // (see the invariants), returns nullopt and sets why_en/why_zh.
  std::optional<std::string> BuildSql(std::string* why_en, std::string* why_zh);

  // BuildSql's steps (write_sql.cc).
  struct SelectList {
    std::vector<std::string> select;    // expressions with their aliases
    std::vector<std::string> group_by;  // the bucket, grouped columns and keys
    std::vector<std::string> measure_exprs;
    // Selected expressions that are not aggregates, with the column they show (-1: the
    // time bucket), for the grouping invariant.
    std::vector<std::pair<std::string, int>> plain;
    std::set<std::string> taken;  // aliases used so far
    std::string bucket_expr;
  };
  // `when`: the measure of the rows a condition holds for (a share's part, CASE WHEN inside).
  std::string MeasureExpr(const Measure& m, const std::string& when = "") const;
  const Filter* SharePart() const;
  // A business term's own row condition ("shipped late"), which may be a share's part.
  bool IsRowTermFilter(const Filter& f) const;
  // A business term that is one plain SUM (revenue), whose rows a share's part can split.
  bool IsOneSumTerm(int business) const;
  SelectList BuildSelect();
  void SelectTimeBucket(SelectList* out);
  void SelectGroupColumns(SelectList* out);
  void SelectShareOfPart(const Filter& part, SelectList* out);
  void SelectMeasures(SelectList* out);
  void SelectShareOfTotal(SelectList* out);
  void SelectListedColumns(SelectList* out);
  void GroupByListedRowKey(SelectList* out) const;
  std::string TopValueCondition(const SelectList& list, const std::string& from,
                                const std::vector<std::string>& where) const;
  bool CheckSelectShape(const SelectList& list, std::string* why_en, std::string* why_zh) const;
  // CheckSelectShape's invariants, each true (with why) when the select breaks it.
  bool AveragesAKeyNamedAsACount(std::string* why_en, std::string* why_zh) const;
  bool EveryJoinedRowReferenced() const;
  bool FewestLeavesOutRowsWithNone(std::string* why_en, std::string* why_zh) const;
  bool ShowsAnUngroupedColumn(const SelectList& list, std::string* why_en,
                              std::string* why_zh) const;
  bool RanksASingleTotal(const SelectList& list, std::string* why_en, std::string* why_zh) const;
  bool MeasureFilterClashes(std::string* why_en, std::string* why_zh) const;
  std::string FilterCondition(const Filter& f) const;
  std::string OrderBy(const SelectList& list) const;
  bool GroupsSaidBeforeTheBucket() const;
  std::string OrderColumnExpr(const SelectList& list) const;
  std::vector<std::string> RankedGroupsNotNull(const SelectList& list) const;
  std::string TieCheckSql(const std::string& from_to_group_by, const std::string& order) const;
  std::string SelectClause(const SelectList& list) const;
  std::string FromClause() const;
  std::vector<std::string> WhereConditions(const SelectList& list) const;
  std::string ReferredRowCondition() const;

  // What the stages read and built, for the stages' tests.
  const std::vector<Item>& items() const { return items_; }
  const Query& query() const { return q_; }
  const std::optional<JoinTree>& join_tree() const { return tree_; }

 private:
  // --- helpers (parser.cc)
  const Term& TermOf(int id) const { return index_.terms()[id]; }
  const IndexedColumn& Col(int c) const { return index_.columns()[c]; }
  bool IsNumericCol(int c) const { return IsNumeric(Col(c).type_class); }
  // The best column candidate of an item, or -1.
  int ColumnOf(const Item& it, bool numeric_only = false) const;
  // ColumnOf's steps. A bare "id" is the key of the one table the question is otherwise
  // about (named or in context); with no such single table it names nothing (the key of an
  // arbitrary table would be a guess).
  int BareIdColumn(const Item& it, bool numeric_only) const;
  // The item's column candidates as (rank, column), in term order. Rank: a table the
  // question names, then a column of the question's language (name_zh for Chinese), then
  // the term's exactness and the column's own name over a synonym, then a table some word
  // may name.
  std::vector<std::pair<int, int>> RankedColumns(const Item& it, bool numeric_only) const;
  // "每个国家的销售额", "销售额最高的三个国家": a dimension word several tables hold, beside a
  // measure read on one of them, is that table's (the invoice's own country, no join); -1
  // unless exactly one such column and every measure on that table. Chinese only: English
  // questions written for Spider/BIRD mean the entity's column as often.
  int ColumnOnMeasureTable(const Item& it, bool numeric_only) const;
  int ColumnOnFilteredTable(const std::vector<int>& candidates) const;  // 高温超过40度的城市
  // The one candidate column whose table is the fewest joins (none fanning out) from the
  // grouped tables; -1 when none or several are nearest.
  int NearestToGroups(const std::vector<int>& candidates) const;
  int TableOf(const Item& it) const;
  bool HasValue(const Item& it) const;
  bool HadNoThingsOfAValue(int i) const;  // "have no flats" beside a stored Flat
  bool OnlyValues(const Item& it) const;
  // The nearest item after i (PrevMeaningful: before it) that is not filler (IsFiller:
  // punctuation, a stop word, a row unit such as 个), used or not, however far away; -1 if
  // none.
  int NextMeaningful(int i) const;
  bool OrderWordAfter(int j) const;        // 按X排序: X is ordered by (read_grouping.cc)
  bool ListJoinerBefore(int share) const;  // 销售额和占比: the measure is asked too
  void ReadComparedValues();               // 对比/比较 (read_grouping.cc)
  void ReadRespectiveValues();             // A和B…分别是多少 (read_grouping.cc)
  bool RanksTheGroupsBy(int order_word, int p, int col);  // 各流派销售额排名 (read_grouping.cc)
  bool RankWord(const Item& it) const;                    // 排名/排行 (read_grouping.cc)
  bool GroupByComparedValues(std::string* why_en, std::string* why_zh);
  int PrevMeaningful(int i) const;
  bool IsFiller(const Item& it) const;
  std::string ColRef(int c) const;
  // A column compared or ranked by its numbers: its leading number when (Chinese) it holds
  // numbers with one unit throughout ('183cm'; unit_numbers.h), else ColRef; and what one of
  // those numbers counts (1e4 for a column in 万), which a compared number is divided by.
  std::string NumberRef(int c) const;
  double NumberScale(int c) const;
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
  // The explanation names the words as the user typed them: an item a reading rewrote (最畅销
  // read as 销量 + 最多的, 卖了多少钱 as 销售额) keeps the span of the question it came from.
  void Map(const Item& it, std::string kind, std::string target) {
    std::string said = it.text;
    if (it.unit_begin < it.unit_end && it.unit_end <= units_.size()) {
      const size_t from = units_[it.unit_begin].begin;
      said = std::string(question_.substr(from, units_[it.unit_end - 1].end - from));
    }
    out_.explanation.push_back({std::move(said), std::move(kind), std::move(target)});
  }
  std::string ColName(int c) const {
    return index_.tables()[Col(c).table].name + "." + Col(c).name;
  }
  void Understood(std::string en, std::string zh) {
    out_.understood.push_back(chinese_ ? std::move(zh) : std::move(en));
  }
  Translation Abstain(std::string en, std::string zh);

  std::string BusinessSql(const Filter& f) const;
  // The question's period inside a filter over aggregates ("近一年的高价值客户"): false when
  // it does not apply there; with `why_*` set when it should but cannot.
  bool PeriodInsideTerm(int root, std::string* why_en, std::string* why_zh);
  // The WHERE conditions of the question's period on time column `column`.
  std::vector<std::string> PeriodConditions(int column) const;
  // `column` >= start AND `column` < end.
  std::vector<std::string> RangeConditions(int column, const DateRange& range) const;
  // The phrase key of units [i, end): a hyphen between two English words is left out
  // ("high-value" reads as "high value"), so hyphenated business terms match either way;
  // units that spell a stored value exactly ("AC/DC", "R&B", "TV-14") keep all of theirs.
  std::string KeyAt(size_t i, size_t end) const;
  // Whether units [i, end), across punctuation, are written exactly as one stored value
  // (ASCII case aside): the value is then one item, not words split at its punctuation.
  bool SpellsStoredValue(size_t i, size_t end) const;
  bool MatchAt(size_t i, size_t len) const;
  size_t LongestMatch(size_t i, size_t max_units) const;
  // Segment's steps (segment.cc).
  size_t MatchLength(size_t i, size_t max_units) const;
  const std::vector<int>* SeparatedWordAt(size_t i, size_t max_units) const;
  std::vector<int> OrderVerbAt(size_t i, size_t max_units, size_t* end) const;
  void ReadUnmatchedUnit(size_t i, Item* item) const;
  void SettleTermsThatAreKeywords();
  void ParseTime();
  // ParseTime's steps (ground_time.cc).
  void SetTimeRange(const Item& it, DateRange r, std::optional<int> year, std::string phrase);
  // The anchor note of a relative period ("去年 = 2024-01-01 .. 2024-12-31 (以…)").
  void NoteRelativePeriod(const std::string& phrase, const DateRange& r);
  void ReadYear(int i);
  bool ReadBestPeriod(int i);           // "best month ever for sales" (ground_time.cc)
  bool ReadChineseYearBoundary(int i);  // 2008年以后开业的, 成立时间早于1990年 (ground_time.cc)
  int ColumnBeforeYearBoundary(int first, int* item) const;
  int DateColumnOfVerb(int verb, int* len) const;
  int DateColumnNamed(const std::string& verb) const;  // 注册 -> the model's 注册日期 column
  void ReadVerbOfThePeriod(int i);                     // 2008年开业的酒店 (ground_time.cc)
  void ReadVerbsOfDateValues();  // 2018年出现的网红食品 (read_comparisons.cc)
  bool NamesTableOf(int col) const;
  void ReadComparedYears(int i, int marker);  // 对比2022年和2023年的销售额 (ground_time.cc)
  DateRange NarrowYear(int year, int lead, int after, std::string* phrase,
                       std::optional<int>* year_only);
  bool BareYearInData(int i) const;
  bool ReadRelativePeriod(int i);
  bool ReadLastN(int i);
  void ReadTimeBucket(int i);
  bool ReadWhichPeriod(int i);  // 哪一年的营收最高 (ground_time.cc)
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
  // ... or, for a money word's column with nothing named like it in the lines, to the
  // lines' price × quantity ("top 5 artists by sales": SchemaIndex::line_revenue_term()).
  bool MoveMoneyToLineRevenue(std::vector<int>* needed);
  void ReadVerbsOfValueColumns();
  // ResolveTables' steps: the fact table; the tables the reading uses; each value's column
  // (merged into filters); the period's time column; the related counts' limits; the join
  // tree's checks (every named table joined, no sum doubled by a fan-out).
  int RootTable() const;
  std::vector<int> NeededTables(int root) const;
  bool PlaceValues(int root, std::vector<int>* needed, std::string* why_en, std::string* why_zh);
  int FirstNameOfAPair(size_t k) const;  // values_[k], [k + 1]: one person's full name
  std::vector<int> FullNameColumns() const;
  int ChooseValueColumn(size_t k, int root, const std::vector<int>& needed, bool one_sum,
                        std::string* why_en, std::string* why_zh) const;
  int ValueColumnScore(const Term& t, int root, const std::vector<int>& needed, bool one_sum) const;
  bool RepeatsRowsToReach(int root, int table) const;
  // Verbs naming the link of two tables (read_relation_verbs.cc).
  void ReadLookAfter();
  void ReadRelationVerbs();
  void ReadBoughtValue();  // "customers who bought Chai" (read_relation_verbs.cc)
  size_t ChineseBuyingVerbEnd(size_t k) const;  // 买过/购买过 (read_relation_verbs.cc)
  std::set<int> NamedTables() const;
  bool LinkedOneWay(int a, int b) const;
  bool OnlyListsRows() const;
  bool OnlyCountsRows() const;  // one COUNT(*) of the rows, no value negated
  bool NegatesAValue() const;
  std::vector<int> TablesOfBuying() const;
  void AddValueFilter(size_t k, int col);
  bool PlaceTimeColumn(int root, std::vector<int>* needed, std::string* why_en,
                       std::string* why_zh);
  int BorrowedTimeColumn(int root, std::string* why_en, std::string* why_zh) const;
  int BirthColumn(int root);
  int UnnamedTimeColumn(int root, std::string* why_en, std::string* why_zh);
  int DateOfPurchase(int root);  // "customers who ordered in 1998" (resolve_joins.cc)
  int ColumnTakingThePeriod(int tc, std::string* why_en, std::string* why_zh) const;
  bool PeriodFitsTheVerb(int tc, std::string* why_en, std::string* why_zh);
  bool CheckRelatedCounts(const std::vector<int>& needed, std::string* why_en,
                          std::string* why_zh) const;
  int TableOfVerb(std::string_view word) const;  // "ordered" → orders (read_comparisons.cc)
  // Whether a word of the question names `column` itself ("names of singers"), not only its
  // table's rows ("albums", which the label then names).
  bool NamesAColumnOf(int column, int table) const;
  bool CheckJoinTree(int root, std::vector<int>* needed, std::string* why_en, std::string* why_zh);
  bool JoinsEveryNamedTable(std::string* why_en, std::string* why_zh) const;
  void ExplainFanOutMeasure(int root, std::string* why_en, std::string* why_zh) const;
  void ParseNumbersMagnitude();
  void ParseComparisons();
  // ParseComparisons' steps (read_comparisons.cc).
  bool ReadRange(int i);
  void ReadComparison(int i);
  // ReadComparison's steps: the items of a comparison word, the number's unit after it, a
  // year word before it (-1: none; no comparison word, an equality), and whether the
  // comparison word follows the number ("100以上").
  struct ComparisonWords {
    int op = -1, unit = -1, year_word = -1;
    bool postfix = false;
    // "10美元以上", "150平以上": a measure unit before the postfix comparison, its last item.
    int measure_last = -1;
    MeasureKind measure = MeasureKind::kNone;
  };
  void FindMeasureUnitBeforeComparison(int i, ComparisonWords* w) const;
  bool MeasureUnitFits(int col, const ComparisonWords& w) const;
  ComparisonWords FindComparisonWords(int i) const;
  void DeferYearComparison(int i, const ComparisonWords& w, Op op);
  bool ComparedValue(int i, int col, const ComparisonWords& w, bool own_unit, double* value);
  void AddComparisonFilter(int i, int col, int c_idx, int op_idx, Op op, double value);
  int ChineseUnitAfter(int i) const;
  bool ReadVerbCountColumn(int i);  // 能容纳7000人的场馆 (read_comparisons.cc)
  int VerbCountColumn(const std::string& verb, const std::string& unit) const;
  void ReadValueWithUnit(int number_item, int unit, int described_table);
  int ComparedColumn(int i, int op_idx, bool postfix, int* c_idx) const;
  std::string TwoColumnsInOneNounPhrase() const;  // "phone numbers" (read_comparisons.cc)
  std::string ColumnOfOtherRows() const;          // "names of devices" (read_comparisons.cc)
  int DurationColumnBefore(int i, int op_idx, int* c_idx) const;
  int MoneyColumnBefore(int i, int op_idx, int* c_idx) const;
  // A number that is the value of the measure column just before it ("unit price of 1.99").
  void ParseEquality(int number_item);
  int DescribedTable(int next) const;          // ParseEquality's steps (read_comparisons.cc)
  bool ReadStoredNumberText(int number_item);  // 票房10亿的明星: the stored text '10亿'
  bool FindEqualityColumn(int number_item, int* c_idx, int* ordinal, int* keyword_rank) const;
  void AddEqualityFilter(int number_item, int c_idx, int col);
  void ParseTopN();
  void RankByColumnBeforeTop(int top, int num);  // "教职工人数前三的学校" (read_measures.cc)
  bool NamesRowsByTheirKey(int k, int table) const;
  int TextKeyColumn(int table) const;
  int LengthColumn(int table) const;
  void ReadLengthSuperlative();      // "the 5 longest tracks" (read_measures.cc)
  void ReadChineseRowSuperlative();  // "时长最长的5首歌", "哪首歌最长" (read_measures.cc)
  // Its steps: the superlative's item `at`, the number of rows (-1: none), the ranked table
  // and its item, the item naming the ranked column (-1: none).
  struct ValueSuperlative {
    int at = -1, num = -1, table_item = -1, column_item = -1, table = -1;
    bool Holds(int k) const { return k == at || k == num || k == table_item || k == column_item; }
  };
  std::optional<ValueSuperlative> FindValueSuperlative(int i) const;
  int RankedColumn(const ValueSuperlative& s) const;
  bool AsksOnlyTheRowRanking(const ValueSuperlative& s) const;
  void RankByRowSuperlative(const ValueSuperlative& s, int col, int label, long long rows);
  void ReadChineseDateSuperlative();  // "最早入职的员工", "哪位员工入职最早" (read_measures.cc)
  // Its steps: the items of a 最早 at `at` (two items), the ranked table's, the number of rows
  // (-1: none) and the words naming the date [from, to).
  struct DateSuperlative {
    int at = -1, table_item = -1, num = -1, from = -1, to = -1;
    bool Holds(int k) const {
      return k == at || k == at + 1 || k == num || k == table_item || (k >= from && k < to);
    }
  };
  std::optional<DateSuperlative> FindDateSuperlative(int i) const;
  bool AsksOnlyTheDateRanking(const DateSuperlative& s) const;
  void RankByDate(const DateSuperlative& s, int dir, int table, int col, int label, long long rows);
  void ReadTheOneOfASuperlative();  // "最大的一笔订单金额" (read_measures.cc)
  // The time column of `table` that items [from, to) name (入职 → HireDate, 注册 → 注册日期);
  // with no items, the table's only time column; -1 when none or several.
  int TimeColumnNamedBy(int table, int from, int to) const;
  // The superlatives' shared steps (read_measures.cc): the table a term names as rows, the
  // rows a number asks for, the words that ask nothing beside them, the ranking itself.
  int RowTableAt(int k) const;
  long long RowsAsked(int num) const;
  bool AsksNothingBesideTheRanking(const Item& it) const;
  void RankRows(int table, int label, int col, bool desc, long long limit);
  void ParseAggregates();
  // ParseAggregates' steps: functions waiting for their column, the event that binds several
  // functions to one column ("average, min and max id").
  struct AggregateScan {
    std::vector<std::pair<Agg, int>> pending;  // (agg, keyword item)
    bool pending_distinct = false;
    int event = 0;
  };
  void BindMeasure(Agg agg, int kw_idx, int col, int table, bool distinct, int term_idx, int event);
  void BindCountSuperlatives();
  void CountTheTopicTable(AggregateScan* scan);  // 员工按职位统计人数 (read_measures.cc)
  int CountedTableOf(const Item& it) const;
  bool ReadSuperlativeAsOrder(int i, Agg agg, int event);
  void ReadAggregateKeyword(int i, AggregateScan* scan);
  bool ReadDistinctWord(int i, AggregateScan* scan);
  bool ReadFunctionWordAsColumn(int i, AggregateScan* scan);
  bool BindPostfixFunction(int i, Agg agg, int event);
  void CountKinds(int i, AggregateScan* scan);  // 几种/多少种 (read_measures.cc)
  void BindPendingToTerm(int i, AggregateScan* scan);
  // "how many grade A apple harvests": the noun a column word modifies (read_measures.cc).
  int ModifiedRowsNoun(int i) const;
  void ReadSumWordAsColumn(int event);
  void ReadBestSelling();          // "the 3 best-selling products by units" (read_measures.cc)
  void ReadAverageOfGroupsWord();  // marks average_of_groups_
  void ReadChineseAverageOfGroupsWord();  // 平均每个客户有几张发票 (read_measures.cc)
  // ReadBestSelling's steps (read_measures.cc).
  int SellingAfter(int i) const;
  bool RankedByAMeasure(int selling);
  bool NamesAMeasure(const Item& it) const;
  bool ReadAsBusinessMeasure(int k) const;
  void RankTopRows(int i, int number);
  // Whether the superlative at item `superlative` ranks rows the question named before it
  // ("the 3 products with the highest price"); takes the number of rows when one is given.
  bool RanksNamedRows(int superlative);
  bool IsRequestVerb(const Item& it) const;  // "list", "show me", "what are" ...
  // "their"/"its"/"及其": the question lists the rows with their attributes.
  bool NamesTheRowsTheirOwn() const;
  bool TableSaidAsAListItem(int table) const;  // "员工名单及职位": the rows are listed too
  bool AsksWhichRows(int table) const;         // "Which restaurant has ...": its rows are asked for
  // The one numeric column a keyword also names ("total" → Invoice.Total), or -1.
  int KeywordColumn(const Item& it) const;
  void ParseGrouping();
  // ParseGrouping's steps (read_grouping.cc).
  void ReadGroupWord(int i);
  // Its steps (read_grouping.cc): "by" before the ranking measure of a top-N; the column
  // grouping by a named table; the column a which-word lists; the group column added.
  bool ByIntroducesTheRanking(int i, int j, bool is_which) const;
  bool ByNamesTheRowsMaker(int i) const;
  bool RanksTheNamedRowsBy(int i, int col) const;  // "top 3 events by attendance"
  int TableGroupColumn(int i, int table) const;
  void ListWhichColumn(int i, int j, int col, int table, int qualifier);
  void AddGroupColumn(int i, int j, int col, int qualifier);
  bool BucketsTheGroupedDate(int i, int j, int col, int qualifier);
  bool KeyCountRanks(int i, int j, int col, bool is_which);
  int OwnColumnRightAfter(int j, int table) const;
  bool ReferredToByName(int table) const;
  bool CountsChildRowsOf(int table) const;
  int MeasureTablesColumnEnding(const Item& word) const;
  void GroupConjuncts(int j);
  bool ConjunctTimeBucket(int item);
  void ParseValues();
  // "singers that have more than one song", "orchestras that do not have any performance":
  // a comparison or "not" before a table word that references the table named before it
  // compares the number of referencing rows (directly, or through the one link table).
  void ParseRelatedCounts();
  void ReadRelatedCount(int i);  // ParseRelatedCounts' steps (read_comparisons.cc)
  int RelatedCountedTable(int i, bool negation, int* k, int* number) const;
  int SoldVerbLines(int i, int k) const;              // "never sold": the order lines' table, or -1
  std::optional<Translation> RefuseLongUnsoldList();  // engine.cc
  int TableComparedBefore(int i) const;
  int GroupComparedBefore(int i, int counted) const;
  void ReadGroupCount(int i, int counted, int k, int number);
  int GroupColumnOf(const Item& it, int counted) const;
  void AddGroupCount(int column, int i, int k, int number);
  // Group totals compared: "customers who spent more than $45 in total" (read_group_totals.cc).
  void ReadGroupTotals();
  void ReadTermTotalComparison(int op);
  void ReadColumnTotalFilter(Filter* f);
  int TermMeasureAt(int k) const;  // q_.measures' one-sum business measure said at item k, or -1
  std::optional<Measure> MoneyMeasureAt(int k, int* measure_index) const;
  int MoneySaidAfter(int i) const;
  bool SaysATotal(const Item& money);
  bool SpentByBuyers(std::initializer_list<int> items, int subject) const;
  int GroupTotalSubject(int fact) const;
  bool ListsAnotherThanTheSubjectsRows(int subject) const;  // read_group_totals.cc
  int GroupTotalTimeColumn(const Filter& f) const;
  std::optional<Translation> RefuseNarrowedGroupTotal();
  void MakeGroupTotal(Filter* f, const Measure& m, int subject);
  std::string GroupTotalCondition(const Filter& f) const;  // write_sql.cc
  // `outer` IN (SELECT `key` FROM `from_where` GROUP BY `key` HAVING `having`) (write_sql.cc).
  std::string InGroupsHaving(const std::string& outer, const std::string& key,
                             const std::string& from_where, const std::string& having) const;
  // The one edge by which rows of another table count `table`'s rows named by `counted`
  // (its own reference, else the one link table's), or -1.
  int RelatedCountEdge(int table, int counted) const;
  // The related-count condition on `table`'s rows, read from the table word at item `k`.
  void AddRelatedCount(int table, int counted, int edge, Op op, double value, int k);
  void ReadChineseNoRelated(int i);  // "没有专辑的艺人" (read_comparisons.cc)
  int AbsenceWordEnd(int i) const;   // 没有 / 没 / 未 / 不 at i: its last item, else -1
  int CountedAfterAbsence(int* k, int* records) const;  // 没有转播体育赛事, 没有出版记录
  // "哪些艺人没有专辑", "哪些艺人一张专辑都没有": the rows named before 没有 (i .. last).
  void ReadChineseRowsWithNoRelated(int i, int last);
  // The words of ReadChineseRowsWithNoRelated: the rows' and the counted table's items, the link
  // table said as the verb, the table whose records are counted, and the items read with 没有.
  struct NoRelatedWords {
    int rows_at = -1, counted_at = -1, link = -1, records_table = -1;
    std::vector<int> read;
  };
  bool NotEvenOneBefore(int i, int last, NoRelatedWords* w) const;        // 一张专辑都没有
  bool RowsNamedBeforeNo(int before, int last, NoRelatedWords* w) const;  // 哪些艺人没有专辑
  std::string NegatedVerbAt(int k, int* end) const;  // 没赞助过节目 (read_comparisons.cc)
  bool NoRelatedVerbFits(int edge) const;
  void ReadNeverWordBefore(int i);
  int AnyWordEnd(int k) const;     // 任何 at k: its last item, else -1
  int RecordWordEnd(int k) const;  // 记录 at k: its last item, else -1
  bool DeBetween(int a, int b) const;
  int RecordsOfColumnTable(int k, int rows_table, int* end) const;  // 没有产地记录
  int LinkSaidAsVerb(int k, int rows_table) const;  // 没有转播体育赛事 (read_comparisons.cc)
  void ReadChineseRelatedCount(int i);  // "下单超过20次的客户" (read_comparisons.cc)
  void ReadChineseHavingCount(int i);   // "有2个及以上客户的城市" (read_comparisons.cc)
  void ReadVerbOfValueColumn(int i);    // "1990年首版的作品" (read_comparisons.cc)
  void ReadTableBeforeValue(int i);     // "customers in France" (read_comparisons.cc)
  void ReadOneCharacterValues();        // "女运动员有哪些" (read_comparisons.cc)
  void ParseOrdering();
  bool ReadAgeOrder(int i);  // ParseOrdering's steps (read_grouping.cc)
  bool ReadOrderColumnAfter(int i);
  void ReadOrderColumnBefore(int i);
  bool OrdersByTheGroupedMeasure(int p);
  void ParseLeftovers();
  // ParseLeftovers' steps (read_leftovers.cc).
  void ReadLeftoverTerm(int i);
  void ReadLeftoverColumn(int i, int col);
  bool RankRowsByOwnColumn(int i, int col);
  bool SumBareMeasure(int i, int col);
  bool MeasureListedUnderOtherNames(int col) const;
  void FoldProjectionsIntoGroups();
  void GroupOnTheMeasuredTable();  // "average campus fee in each year": csu_fees.Year
  bool MeasuresRowsOf(int table) const;
  bool SaidOnlyByItsTableWord(int c) const;
  void GroupRankedDimension();
  void AddKeysBesideLabels();
  void DropRepeatedMeasures();
  void ReadMonthOfEveryYear();   // 每年12月的销售额 (ground_time.cc)
  void ReadWhoWord();            // "鸟人的导演是谁" (read_leftovers.cc)
  bool IsNameText(int c) const;  // a text column naming something (read_leftovers.cc)
  bool RanksNamedRows() const;  // 消费最多的客户: a table's names ranked (read_leftovers.cc)
  void ReadWhoAsTheNamesListed();  // 谁 read as the names listed (read_leftovers.cc)
  void ReadPersonValueAsRows();  // "列出所有销售支持专员", "总经理是谁" (read_leftovers.cc)
  void ReadNewRowsVerb();  // "每月新增多少客户": counted by their own date (read_leftovers.cc)
  void ReadConditionRowsCounted();  // "发票金额超过20的有几张" (read_leftovers.cc)
  // Age words: "ordered by age", "the youngest singer", "from the oldest to the youngest",
  // read on the age column, else a birth-date column (inverted), else the one founding-year
  // or date column of the table the words are about. Left unused (so the question abstains)
  // whenever the table or the column is not certain.
  void ParseAgeWords();
  // ParseAgeWords' steps (read_age.cc).
  struct AgeWords {
    std::vector<int> oldest, youngest;  // the items of those words
    int word = -1;                      // the one word of a superlative ("the oldest")
    int table = -1;                     // the table they order
    bool range = false;                 // "from the oldest to the youngest"
    bool oldest_first_range = false;
    bool by_age = false;   // "ordered by age", or a range with no other ordering column
    bool ungroup = false;  // "for every singer": the group is the listed rows' label
  };
  bool FindAgeWords(AgeWords* a);
  bool AllOfAgeTable(const AgeWords& a) const;
  int AgeOrderColumn(const AgeWords& a, bool* older_smaller) const;
  void ApplyAgeOrder(const AgeWords& a, int col, bool desc);
  // "pets owned by students", "the record company used by orchestras": a "by" after a past
  // participle links to the table that follows (a join), it does not group.
  void ParsePassiveBy();
  // A year compared with no column named ("concerts after or in 2014"): the one year or
  // founding-year column (not a date) of the table the question is about; otherwise the
  // comparison word is left unused and the question abstains.
  void ResolveYearComparison();
  int YearColumnOf(int table, bool age) const;
  int ComparedYearColumn(int op_item, bool age, int table) const;
  bool ReadYearComparisonAsPeriod();
  // The table an age word is about: the nearest table, column or value word after it, else
  // before it; -1 when none.
  int AgeWordTable(int item) const;
  // The column that orders `table`'s rows by age and whether older rows have smaller values
  // (a birth date or founding year) rather than larger ones (an age); {-1, false} when no
  // single such column exists.
  std::pair<int, bool> AgeColumn(int table) const;
  // Whether the column word at `item` is followed (past fillers and "not") by a value of
  // `col`: "whose nationality is not Russia", "with Episode 'X'" — the word names the filter.
  bool NamesFollowingValue(int item, int col) const;
  bool NamesPrecedingValue(int item, int col) const;  // Chinese: APP渠道 (read_leftovers.cc)
  // A column named before its value whose value was not read on it (职业是导演 with 导演 read
  // as another table's column): the first such column, else -1 (read_leftovers.cc).
  int FilterSubjectUnfiltered() const;
  bool ValueOfNamedSubject(const Item& it) const;  // 职业是导演: 导演 is a 职业

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
  CivilDate today_;
  int data_age_days_ = 0;        // > 0: the data ended that long before today and is not current
  std::string relative_period_;  // the question's "last quarter", "最近3个月", once read
  DateRange relative_range_;     // ... counted from the anchor
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
  // The verb read with 没有 (没有赞助过节目的品牌), ReadChineseNoRelated.
  std::string negated_verb_;
  std::set<int> table_words_anywhere_;  // tables any word of the question may name
  // "the products with the highest price": rows ranked, not summed.
  int ranked_table_ = -1;
  // The average word of "average number of X per Y" / "on average ... each Y": the counts or
  // sums per Y are averaged (AverageOverGroups); -1 when none.
  int average_of_groups_ = -1;
  // "which tracks were never sold" on a table longer than the list limit: the table, read but
  // not listed (SoldVerbLines), so the refusal can say why; -1 when none.
  mutable int unsold_list_too_long_ = -1;
  bool lists_rows_with_attributes_ = false;  // NamesTheRowsTheirOwn(), read once
  std::set<int> mentioned_tables_;           // tables named by a table word in the question
  std::vector<int> which_items_;             // a which-question became a group or superlative
  std::string ungrouped_conjunct_;  // "by region and <this>" where <this> cannot be grouped
  std::optional<JoinTree> tree_;
  int time_column_ = -1;
  // The business term (filter over aggregates) whose aggregate takes the question's period,
  // and that aggregate's time column; -1 when the period applies to the outer query.
  int period_term_ = -1, period_term_column_ = -1;
  // The date column inside a group total that takes the question's period ("customers who
  // spent more than $40 in 2023": Invoice.InvoiceDate, read_group_totals.cc); -1: none.
  int group_total_time_column_ = -1;
  struct PendingValue {
    std::vector<int> terms;
    bool negated;
    std::string phrase;
  };
  std::vector<PendingValue> values_;
  // "what share of revenue comes from beverages": the one value filter names the share's part
  // (ReadShareOfOneValue; SharePart() finds it once the value has its column).
  bool share_of_one_value_ = false;
  bool bought_value_ = false;  // the value sits on the order lines' side (ReadBoughtValue)
  bool compare_values_ = false;  // 对比一下加拿大和法国的销售额: a row per value (read_grouping.cc)
  std::string compare_word_;   // the word that asked it: 对比, compare, 分别 …
  bool ranks_groups_ = false;  // 每年的销售额排名: the groups ordered by their measure
  bool bucket_listed_last_ = false;  // 按国家和年份: ordered as listed (ConjunctTimeBucket)
  std::map<int, std::string> column_words_;  // column → the words the question named it by
  std::map<int, std::string> table_words_;   // table → the words the question named it by
  std::set<int> filter_subjects_;            // columns named right before one of their values
  std::set<int> table_subjects_;             // of those, said by their table's word
  std::set<int> related_counted_;            // tables only counted in a related-count condition
};

}  // namespace askdb::nlq
