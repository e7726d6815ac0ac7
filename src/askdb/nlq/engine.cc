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
#include "askdb/nlq/chinese_reading_check.h"
#include "askdb/nlq/column_roles.h"
#include "askdb/nlq/distinct_count_note.h"
#include "askdb/nlq/fan_out_check.h"
#include "askdb/nlq/grounding.h"
#include "askdb/nlq/growth_cue.h"
#include "askdb/nlq/join_path.h"
#include "askdb/nlq/lexicon.h"
#include "askdb/nlq/measure_additivity.h"
#include "askdb/nlq/number_words.h"
#include "askdb/nlq/parser.h"
#include "askdb/nlq/partial_period_check.h"
#include "askdb/nlq/per_row_measure.h"
#include "askdb/nlq/period_comparison.h"
#include "askdb/nlq/query_shape_check.h"
#include "askdb/nlq/read_missing.h"
#include "askdb/nlq/reading.h"
#include "askdb/nlq/reading_check.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"
#include "askdb/nlq/unplaced_words.h"

namespace askdb::nlq {

// Relative periods count back from the given date, the data's latest date or today.
void Parser::SetAnchor() {
  today_ = options_.today.value_or(TodayUtc());
  const std::optional<CivilDate> latest = index_.LatestDate();
  if (options_.anchor_date) {
    anchor_ = *options_.anchor_date;
    anchor_source_ = chinese_ ? "以给定日期为基准" : "anchored to the given date";
  } else if (options_.anchor != TimeAnchor::kToday && latest) {
    anchor_ = *latest;
    anchor_source_ = (chinese_ ? "以数据最新日期 " : "anchored to the data's latest date ") +
                     FormatIsoDate(anchor_);
    const int age = DaysBetween(*latest, today_);
    if (options_.anchor == TimeAnchor::kDataWhileCurrent && age > options_.current_data_days) {
      data_age_days_ = age;
    }
  } else {
    anchor_ = today_;
    anchor_source_ = (chinese_ ? "以今天 " : "anchored to today ") + FormatIsoDate(anchor_);
  }
}

std::optional<Translation> Parser::RefuseRelativePeriodOnOldData() {
  if (data_age_days_ == 0 || relative_period_.empty()) return std::nullopt;
  const std::string latest = FormatIsoDate(anchor_), today = FormatIsoDate(today_);
  const std::string age = std::to_string(data_age_days_);
  const std::string from_data = FormatIsoDate(relative_range_.start) + " .. " +
                                FormatIsoDate(AddDays(relative_range_.end, -1));
  Translation refused = Abstain(
      "'" + relative_period_ + "' counts back from a date, and this data ends on " + latest + ", " +
          age + " days before today (" + today +
          "): it could mean the period before today or the one before the data's last date (" +
          from_data +
          "). Name the period you mean (its year, quarter or month), or set nlq.time_anchor to "
          "\"data\" or \"today\" to say where such periods count from.",
      "“" + relative_period_ + "”是相对时间，而这份数据截至 " + latest + "，比今天（" + today +
          "）早 " + age + " 天：它可以从今天往前算，也可以从数据的最新日期往前算（即 " + from_data +
          "）。请写明要看的时间段（年、季度或月），或把 nlq.time_anchor 设为 \"data\" 或 "
          "\"today\" 指定相对时间的起点。");
  refused.abstain_reason_says_what_to_do = true;
  return refused;
}

// The question's business terms, and the words no reading can use: none at all, or a
// statistic the engine does not compute.
std::optional<Translation> Parser::GroundTermsAndCheckWords() {
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
  return std::nullopt;
}

// What the question's words say before any reading: a which-question, a superlative, an age
// superlative; the tables its column and table words name.
void Parser::NoteQuestionWords() {
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
}

// "born in 2001" / "2001年出生": the period is when the rows were born.
void Parser::ReadBirthWord() {
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
}

// The reading passes, in order: each marks the words it used.
void Parser::ReadQuestion() {
  ParseTime();
  ReadBirthWord();
  ParseTrend();
  ReadMonthOfEveryYear();
  ReadLengthSuperlative();
  ParseNumbersMagnitude();
  if (!chinese_) ReadMissingValues(items_, q_, index_);        // before "no"/"not" is a negation
  if (chinese_) ReadChineseMissingValues(items_, q_, index_);  // before 没有 counts related rows
  ReadLookAfter();                                             // before "after" is a comparison
  ParseComparisons();
  ReadGroupTotals();  // before a count or a grouping reads the measure's words
  ReadBestSelling();
  ParseTopN();
  ParseValues();
  ParseRelatedCounts();
  ParsePassiveBy();
  ParseGrouping();
  ParseAggregates();
  ParseGrouping();  // "各X" after an aggregate bound its column
  ParseOrdering();
  ReadTheOneOfASuperlative();
  ParseLeftovers();
  ReadComparedValues();  // after the leftovers gave a bare measure its sum
  ReadRespectiveValues();
  ParseAgeWords();
  ResolveYearComparison();
  ReadRelationVerbs();  // once every table and value word is read
  ReadBoughtValue();
}

// Coverage: every content unit should be explained; function words do not count.
Parser::Coverage Parser::MeasureCoverage() const {
  Coverage c;
  for (const Item& it : items_) {
    if (it.kind == ItemKind::kPunct) continue;
    const size_t len = it.unit_end - it.unit_begin;
    if (it.kind == ItemKind::kKeyword && !it.used &&
        (it.kw &
         ~(Bit(Kw::kStop) | Bit(Kw::kRowUnit) | Bit(Kw::kAnd) | Bit(Kw::kConj) | Bit(Kw::kWhich) |
           Bit(Kw::kInTime) | Bit(Kw::kYearMarker) | Bit(Kw::kEq) | Bit(Kw::kBetween))) == 0) {
      continue;  // function words
    }
    if (it.kind == ItemKind::kKeyword && !it.used && it.Has(Kw::kWhich) && which_used_) continue;
    c.content_units += len;
    if (!it.used) {
      c.unknown_units += len;
      c.unknown_words.push_back(it.text);
    }
  }
  return c;
}

// The words a group word left unused was meant to group by: the next term, or the run of
// unknown words after it ("各国家": 国|家, 家 also a counting unit). Empty when the next word
// was read otherwise, or when "by" follows a past participle ("raised by female students":
// an agent, not a grouping, and "could not group by" would mislead).
std::string Parser::UngroupedWordsAfter(int k) const {
  if (text::AsciiLower(items_[k].text) == "by") {
    const int p = PrevMeaningful(k);
    const std::string before = p >= 0 ? text::AsciiLower(items_[p].text) : "";
    auto ends_with = [&](std::string_view tail) {
      return before.size() > tail.size() &&
             before.compare(before.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (ends_with("ed") || ends_with("en") || ends_with("wn")) return "";
  }
  const int j = NextMeaningful(k);
  if (j < 0 || items_[j].used) return "";
  if (items_[j].kind == ItemKind::kTerm) return items_[j].text;
  std::string words;
  for (int u = j; u < static_cast<int>(items_.size()) && !items_[u].used; ++u) {
    const Item& w = items_[u];
    const bool unit = w.kind == ItemKind::kKeyword && (w.kw & ~Bit(Kw::kRowUnit)) == 0;
    if (w.kind != ItemKind::kUnknown && !(chinese_ && unit && !words.empty())) break;
    if (!words.empty() && !chinese_) words += ' ';
    words += w.text;
  }
  return words;
}

std::optional<Translation> Parser::CheckCriticalWords() {
  // Words that change the answer's shape must all have been used: an "each" or "not" left
  // over means the SQL would answer a different question.
  constexpr KwSet kCritical = Bit(Kw::kGroup) | Bit(Kw::kNot) | Bit(Kw::kGt) | Bit(Kw::kGe) |
                              Bit(Kw::kLt) | Bit(Kw::kLe) | Bit(Kw::kTop) | Bit(Kw::kBottom) |
                              Bit(Kw::kOrder) | Bit(Kw::kShare) | Bit(Kw::kDesc) | Bit(Kw::kAsc) |
                              Bit(Kw::kAge) | Bit(Kw::kOldest) | Bit(Kw::kYoungest);
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    const Item& it = items_[k];
    if (it.kind != ItemKind::kKeyword || it.used || !(it.kw & kCritical) ||
        (it.kw & Bit(Kw::kStop))) {
      continue;
    }
    // "by customer country", "各国家": name what could not be grouped by, not only "by".
    if (const std::string after = it.Has(Kw::kGroup) ? UngroupedWordsAfter(k) : "";
        !after.empty()) {
      return Abstain("I could not group by '" + after + "' ('" + it.text +
                         "'): it is not a column or table I can group these rows by; name the "
                         "column to group by (`askdb schema` lists them).",
                     "无法按“" + after + "”分组（“" + it.text +
                         "”）：它不是能用来分组的列或表；请写出要分组的列名（`askdb schema` "
                         "可列出）。");
    }
    return Abstain("I could not apply '" + it.text + "' to anything in the question.",
                   "无法确定“" + it.text + "”作用于什么。");
  }
  return std::nullopt;
}

// "How many first shows?": a count word whose rows are named only by a yes/no flag counts
// the flag's table (a flag describes its own table's rows, unlike a value of a lookup
// table: "how many Rock" is not a count of genres). True when it did.
bool Parser::CountFlagRows() {
  if (!q_.measures.empty() || !q_.projections.empty() || !q_.group_columns.empty() ||
      q_.subject_table >= 0 || values_.empty()) {
    return false;
  }
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
    return true;
  }
  return false;
}

void Parser::RecountUnknown(Coverage* cov) const {
  cov->unknown_units = 0;
  cov->unknown_words.clear();
  for (const Item& u : items_) {
    if (u.kind == ItemKind::kPunct || u.used) continue;
    if (u.kind == ItemKind::kKeyword &&
        (u.kw &
         ~(Bit(Kw::kStop) | Bit(Kw::kRowUnit) | Bit(Kw::kAnd) | Bit(Kw::kConj) | Bit(Kw::kWhich) |
           Bit(Kw::kInTime) | Bit(Kw::kYearMarker) | Bit(Kw::kEq) | Bit(Kw::kBetween))) == 0) {
      continue;
    }
    cov->unknown_units += u.unit_end - u.unit_begin;
    cov->unknown_words.push_back(u.text);
  }
}

// 有药用价值的植物, 哪些购物网没有官网: in Chinese 有/没有/无 right before a column says which
// rows have it, a condition. The item of that word (unread), or -1.
int Parser::HaveWordBefore(int column) const {
  if (!chinese_) return -1;
  for (size_t k = 1; k < items_.size(); ++k) {
    const Item& it = items_[k];
    const Item& before = items_[k - 1];
    if (it.kind != ItemKind::kTerm || before.used ||
        (before.text != "有" && before.text != "没有" && before.text != "无")) {
      continue;
    }
    for (int id : it.terms) {
      if (TermOf(id).kind == TermKind::kColumn && TermOf(id).column == column) return int(k) - 1;
    }
  }
  return -1;
}

// The query completed from what was read: a bare table lists its label, the rows listed
// with their attributes are named, a group with no measure counts rows.
// "how many products are discontinued", "list the discontinued products": a yes/no column
// named beside its own table's rows picks the rows where it holds; listing the column for
// every row would answer another question. In Chinese the condition is said by 有/没有 before
// the column (有药用价值的植物); said so of a column holding no yes/no answers (有官网的购物网:
// not empty? above zero?) it is refused.
std::optional<Translation> Parser::ReadFlagColumnsAsConditions() {
  std::vector<int> kept;
  for (int p : q_.projections) {
    std::optional<std::string> yes = FlagYesValue(Col(p));
    const int table = Col(p).table;
    const bool counts_its_rows = q_.measures.size() == 1 && q_.measures[0].agg == Agg::kCount &&
                                 q_.measures[0].column < 0 && q_.measures[0].table == table;
    // "average unit price of discontinued products": a flag beside measures of its own table's
    // columns, nothing grouped, cannot be a column to list (a list mixed with a total).
    const bool measures_its_rows =
        !q_.measures.empty() && q_.group_columns.empty() && !q_.bucket &&
        std::all_of(q_.measures.begin(), q_.measures.end(), [&](const Measure& m) {
          return m.column >= 0 && m.per_key < 0 && Col(m.column).table == table;
        });
    const bool about_its_rows =
        counts_its_rows || measures_its_rows || (q_.measures.empty() && q_.subject_table == table);
    if (const int have = HaveWordBefore(p); have >= 0) {
      // 没|有 may be read as two words: 没 then negates the 有.
      const int no =
          have > 0 && items_[have - 1].text == "没" && !items_[have - 1].used ? have - 1 : -1;
      const bool has = items_[have].text == "有" && no < 0;
      std::optional<std::string> said = ChineseFlagValue(Col(p), has);
      if (!said && has) said = yes;
      if (!said || !about_its_rows) {
        const std::string words = items_[have].text + Col(p).name;
        return Abstain("'" + words + "' says which rows have '" + Col(p).name +
                           "', but I cannot tell which of its values that means; give the value.",
                       "“" + words + "”说的是哪些行有“" + Col(p).name +
                           "”，但无法确定这对应它的哪些取值，因此不作答；请写明取值，如“" +
                           Col(p).name + "为…”。");
      }
      items_[have].used = true;
      if (no >= 0) items_[no].used = true;
      yes = said;
    }
    if (!yes || !about_its_rows) {
      kept.push_back(p);
      continue;
    }
    Filter f;
    f.column = p;
    f.values = {*yes};
    q_.filters.push_back(f);
    out_.explanation.push_back({"", "value", ColName(p) + " = " + *yes + " (a yes/no column)"});
    Understood(ColName(p) + " = " + *yes, ColName(p) + " = " + *yes);
  }
  q_.projections = kept;
  return std::nullopt;
}

std::optional<Translation> Parser::CompleteQuery(double* confidence) {
  if (auto refused = ReadFlagColumnsAsConditions()) return refused;
  // Nothing asked: no measure, no column, no table.
  if (q_.measures.empty() && q_.projections.empty() && q_.group_columns.empty() &&
      q_.subject_table < 0) {
    out_.confidence = 0;
    return Abstain("I did not find anything in the database that the question asks for.",
                   "没有在数据库中找到问题所问的内容。");
  }
  CountRowsPerBucketOrShare();
  if (auto refused = ListBareTable(confidence)) return refused;
  NameListedRows();
  if (auto refused = CountEachGroup()) return refused;
  ListEachRowsOwnColumns();
  if (auto refused = AverageOverGroups()) return refused;
  return RefuseMixedShapes();
}

// "orders per year": a table's rows over a time bucket and nothing else asked are counted
// per bucket, as "customers per country" is counted per country (listing one label per year
// would show one arbitrary row's name). A share of a table's rows ("what percentage of
// invoices are from Germany") is a share of their count.
void Parser::CountRowsPerBucketOrShare() {
  if ((q_.bucket || (q_.share && q_.subject_table >= 0)) && q_.measures.empty() &&
      q_.projections.empty() && q_.group_columns.empty()) {
    Measure m;
    m.agg = Agg::kCount;
    m.table = q_.subject_table;
    q_.measures.push_back(m);
  }
}

// "the cities and their population", 员工名单及职位: the rows are named (their label first)
// beside what is listed about them.
void Parser::NameListedRows() {
  if (!q_.measures.empty() || !q_.group_columns.empty() || q_.projections.empty() ||
      q_.subject_table < 0 ||
      !(lists_rows_with_attributes_ || TableSaidAsAListItem(q_.subject_table) ||
        AsksWhichRows(q_.subject_table))) {
    return;
  }
  const int label = index_.LabelColumn(q_.subject_table, chinese_);
  if (label < 0 ||
      std::find(q_.projections.begin(), q_.projections.end(), label) != q_.projections.end()) {
    return;
  }
  std::vector<int> named{label};
  AddNameCompanion(&named, label);
  for (int c : q_.projections) {
    if (std::find(named.begin(), named.end(), c) == named.end()) named.push_back(c);
  }
  q_.projections = named;
  out_.explanation.push_back({"", "column", ColName(label) + " (names the rows listed)"});
}

// A bare table: list its label column (a dated document by its number), at a lower
// confidence since the question named no column; a refusal when it has neither.
std::optional<Translation> Parser::ListBareTable(double* confidence) {
  if (!q_.measures.empty() || !q_.projections.empty() || !q_.group_columns.empty()) {
    return std::nullopt;
  }
  int label = index_.LabelColumn(q_.subject_table, chinese_);
  if (label < 0) label = index_.DocumentKey(q_.subject_table);  // orders by their number
  if (label < 0) {
    return Abstain("I know the table but not which of its columns to show.",
                   "知道是哪张表，但不知道要显示哪些列。");
  }
  q_.projections.push_back(label);
  AddNameCompanion(&q_.projections, label);
  q_.rows_named_by_table = true;
  factor_ *= kLabelProjectionFactor;
  *confidence *= kLabelProjectionFactor;
  return std::nullopt;
}

// Groups without a measure: "how many per X" is handled; a bare "by X" counts the rows of
// each group, unless a list verb asked for the rows themselves.
std::optional<Translation> Parser::CountEachGroup() {
  if (q_.group_columns.empty() || !q_.measures.empty() || !q_.projections.empty()) {
    return std::nullopt;
  }
  if (auto refused = RefuseListOfEachGroup()) return refused;
  if (auto refused = RefuseUnaskedCountOfEachGroup()) return refused;
  if (auto refused = RefuseCountOfTheGroupsParent()) return refused;
  if (auto refused = RefuseCountPerOwnNumber()) return refused;
  if (q_.subject_table >= 0) {
    Measure m;
    m.agg = Agg::kCount;
    m.table = q_.subject_table;
    q_.measures.push_back(m);
  }
  return std::nullopt;
}

// "List the countries in each region", "show the employees of each department": a list verb
// asks for the rows of each group, which a count per group (what a bare "by X" gets) would not
// show. English only.
std::optional<Translation> Parser::RefuseListOfEachGroup() {
  if (chinese_ || q_.subject_table < 0 || q_.bucket || items_.empty() ||
      !IsRequestVerb(items_[0])) {
    return std::nullopt;
  }
  const std::string rows = TableWords(q_.subject_table);
  return Abstain("the question lists the " + rows +
                     " of each group, or asks how many there are? Ask 'how many " + rows +
                     " …' for the counts, or name the columns to list.",
                 "是列出每组的" + rows + "，还是问每组有多少？要数量请说“多少”。");
}

// "各经纪公司的明星": no count word (数, 多少, 几 would have made a measure) and no statistics
// verb (统计, 分布, 汇总): the stars of each company may be asked for as well as their number,
// so the count a bare group gets would be a guess. Chinese only (English: RefuseListOfEachGroup).
std::optional<Translation> Parser::RefuseUnaskedCountOfEachGroup() {
  if (!chinese_ || q_.subject_table < 0) return std::nullopt;
  for (std::string_view w : {"统计", "分布", "汇总", "计数", "分组", "数一下"}) {
    if (question_.find(w) != std::string_view::npos) return std::nullopt;
  }
  // An aggregate word left unbound (各地区学校的平均…) is the better reason, given later.
  for (const Item& it : items_) {
    if (it.kind == ItemKind::kKeyword &&
        (it.Has(Kw::kAvg) || it.Has(Kw::kSum) || it.Has(Kw::kMax) || it.Has(Kw::kMin))) {
      return std::nullopt;
    }
  }
  const std::string rows = TableWords(q_.subject_table);
  return Abstain(
      "the question names the " + rows +
          " of each group but no count: list them, or count them? Ask 'how many' "
          "for the counts.",
      "问的是每组的" + rows + "，但没有说数量：是列出它们，还是数一数？要数量请说“多少”或“数量”。");
}

// "region of each party": every party refers to one region, so a count of regions per party
// (what a bare group gets) is 1 for each; the question asks for the region of each party,
// which is not counted. Abstains naming the table.
std::optional<Translation> Parser::RefuseCountOfTheGroupsParent() {
  if (q_.subject_table < 0) return std::nullopt;
  for (int g : q_.group_columns) {
    const int t = Col(g).table;
    const bool refers =
        std::any_of(index_.edges().begin(), index_.edges().end(), [&](const JoinEdge& e) {
          return e.from_table == t && e.to_table == q_.subject_table && t != q_.subject_table;
        });
    if (!refers) continue;
    const std::string rows = TableWords(q_.subject_table);
    return Abstain("each group refers to a single " + rows + " row, so counting " + rows +
                       " per group gives 1; name the column of " + rows +
                       " to show, or ask 'how many' of something else.",
                   "每组只对应一个" + rows + "，按组计数都是1；请写明要显示的列。");
  }
  return std::nullopt;
}

// "counties by population", "events by attendance": no count word said, and the group is a
// number of the counted rows themselves — an integer of a small table, a dimension only because
// few rows hold it (column_roles.h), not by its name (year, rank, age). Counting the rows per
// value (one each, mostly) answers nothing asked; ranking or listing them by it is as likely.
// English only (Chinese: RefuseUnaskedCountOfEachGroup).
std::optional<Translation> Parser::RefuseCountPerOwnNumber() {
  if (chinese_ || q_.subject_table < 0) return std::nullopt;
  for (int g : q_.group_columns) {
    const IndexedColumn& c = Col(g);
    if (c.table != q_.subject_table || !IsNumericCol(g) || c.role == ColumnRole::kIdentifier ||
        LooksLikeDimensionNumberName(text::AsciiLower(c.name)) ||
        (c.stats.distinct_count && *c.stats.distinct_count <= 2)) {
      continue;
    }
    const std::string rows = TableWords(q_.subject_table), by = ColumnWords(g);
    return Abstain(
        "'" + by + "' is a number of each of the " + rows + ": count the " + rows + " per " + by +
            " value, or list them ordered by " + by + "? Ask 'how many " + rows + " per " + by +
            "' or '" + rows + " ordered by " + by + "'.",
        "“" + by + "”是每个" + rows + "自己的数值：是按它的取值计数，还是按它排序列出？");
  }
  return std::nullopt;
}

// "average number of tracks per album" = the tracks counted per album, averaged over the
// albums: COUNT(*) / COUNT(DISTINCT Track.AlbumId), the same number as AVG over the grouped
// counts (albums with no track are in neither). Only one count of rows, grouped by one table
// its rows refer to by one foreign key, with nothing else asked; anything else abstains
// naming the average word.
std::optional<Translation> Parser::AverageOverGroups() {
  if (average_of_groups_ < 0) {
    AverageOfGroupTotals();
    return std::nullopt;
  }
  const std::string word = items_[average_of_groups_].text;
  auto refuse = [&] {
    return Abstain("I could not read '" + word +
                       "' as an average per group: it needs one count of rows per group of "
                       "one table and nothing else asked; ask for the counts per group instead.",
                   "无法把“" + word + "”读成按组平均：需要对一张表的每组计数，且不问别的。");
  };
  if (!HasOneMeasureGroupedByOneTable()) return refuse();
  Measure& m = q_.measures[0];
  const bool counts_rows = m.agg == Agg::kCount && m.column < 0 && !m.distinct;
  if (!counts_rows || m.business >= 0 || m.table < 0) return refuse();
  if (!AverageOverTheGroupTable(m, m.table)) return refuse();
  return std::nullopt;
}

// One measure grouped by columns of one table, with nothing else asked: the shape an average
// over the groups can replace.
bool Parser::HasOneMeasureGroupedByOneTable() const {
  if (q_.measures.size() != 1 || q_.group_columns.empty() || q_.bucket || q_.share ||
      q_.superlative || q_.limit || !q_.projections.empty()) {
    return false;
  }
  const int per_table = Col(q_.group_columns[0]).table;
  for (int c : q_.group_columns) {
    if (Col(c).table != per_table) return false;
  }
  for (int c : q_.group_keys) {
    if (Col(c).table != per_table) return false;
  }
  return true;
}

// "平均每个订单有几件商品", "平均每家门店的销售额": 平均 right before 每 asks for the group totals
// averaged over the groups (the quantity per order, averaged over the orders), which the
// engine had read as each group's own average. An additive measure of a table that refers to
// the group's table by one foreign key becomes SUM / COUNT(DISTINCT key), as the counts above
// (groups without rows are in no average); anything else is left to AveragePerEachGrouped,
// which refuses it.
void Parser::AverageOfGroupTotals() {
  if (!chinese_ || !HasOneMeasureGroupedByOneTable()) return;
  const int avg = AverageBeforeEachWord(items_);
  Measure& m = q_.measures[0];
  // Only a column whose name says a total (amount, quantity, sales): 平均每个部门的工资 may be
  // the payroll per department or one employee's pay, and stays refused.
  if (avg < 0 || m.agg != Agg::kAvg || m.column < 0 || m.business >= 0 || m.distinct ||
      ColumnAdditivity(Col(m.column)) != Additivity::kAdditive) {
    return;
  }
  average_of_groups_ = avg;
  m.agg = Agg::kSum;
  if (!AverageOverTheGroupTable(m, Col(m.column).table)) {
    m.agg = Agg::kAvg;
    average_of_groups_ = -1;
  }
}

// Divides `m` (of `measured_table`'s rows) by the number of groups it has rows in and drops
// the grouping: false when that table does not refer to the group's table by one foreign key.
bool Parser::AverageOverTheGroupTable(Measure& m, int measured_table) {
  const int per_table = Col(q_.group_columns[0]).table;
  int per_key = -1, refs = 0;
  for (const JoinEdge& e : index_.edges()) {
    if (e.from_table == measured_table && e.to_table == per_table && e.from_table != e.to_table) {
      per_key = e.from_column;
      ++refs;
    }
  }
  if (refs != 1) return false;
  m.per_key = per_key;
  m.per_table = per_table;
  q_.group_columns.clear();
  q_.group_keys.clear();
  std::erase_if(out_.explanation, [](const Mapping& x) { return x.kind == "group"; });
  std::erase_if(out_.understood, [](const std::string& u) { return u.starts_with("by "); });
  Understood("average per " + TableWords(per_table), "按" + TableWords(per_table) + "平均");
  // Rows in no group (a track with no genre) are in no average per group.
  Filter grouped;
  grouped.column = per_key;
  grouped.is_null = true;
  grouped.op = Op::kNe;
  q_.filters.push_back(grouped);
  // The average word now says the division, not the AVG it was first read as.
  const Item& word = items_[average_of_groups_];
  std::erase_if(out_.explanation, [&](const Mapping& x) {
    return x.kind == "function" && x.target.starts_with("AVG(") && x.phrase == word.text;
  });
  const std::string total = m.column >= 0 ? "SUM(" + ColName(m.column) + ")" : "COUNT(*)";
  Map(word, "function", total + " ÷ COUNT(DISTINCT " + ColName(per_key) + ")");
  return true;
}

// "Who reports to Nancy Edwards?": the reference column (Employee.ReportsTo, a foreign key to
// its own table) named before the values of one row of that table asks for the rows that refer
// to it, not for the named row's own reference (which ListsAKeyOfAFilteredTable refuses). Only
// a plain list with value filters all on that table; the rows are shown by their label.
void Parser::ReadReferenceToANamedRow() {
  if (!q_.measures.empty() || !q_.group_columns.empty() || q_.bucket || q_.time || q_.limit ||
      q_.superlative || q_.filters.empty()) {
    return;
  }
  int ref = -1, table = -1;
  for (int c : q_.projections) {
    for (const JoinEdge& e : index_.edges()) {
      if (e.from_column == c && e.from_table == e.to_table) {
        if (ref >= 0 && ref != c) return;
        ref = c;
        table = e.from_table;
      }
    }
  }
  if (ref < 0) return;
  const int label = index_.LabelColumn(table, chinese_);
  for (int c : q_.projections) {
    if (c != ref && c != label && c != index_.NameCompanion(label)) return;
  }
  for (const Filter& f : q_.filters) {
    if (f.column < 0 || Col(f.column).table != table || f.CountsRows() || f.is_null ||
        f.business >= 0 || f.numeric || f.op != Op::kEq) {
      return;
    }
  }
  // The reference's word comes first ("reports to Nancy"); "Nancy reports to whom" asks for
  // the named row's own reference.
  int ref_item = -1, first_value = -1;
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    for (int id : items_[k].terms) {
      if (!items_[k].used || items_[k].kind != ItemKind::kTerm) continue;
      if (TermOf(id).kind == TermKind::kColumn && TermOf(id).column == ref && ref_item < 0) {
        ref_item = k;
      }
      if (TermOf(id).kind == TermKind::kValue && first_value < 0) first_value = k;
    }
  }
  if (label < 0 || ref_item < 0 || first_value < 0 || ref_item > first_value) return;
  q_.self_reference = ref;
  q_.referred_filters = std::move(q_.filters);
  q_.filters.clear();
  q_.projections = {label};
  AddNameCompanion(&q_.projections, label);
  out_.explanation.push_back(
      {items_[ref_item].text, "filter",
       ColName(ref) + " = the key of the " + TableWords(table) + " the values name"});
}

// "各将军的胜数", "每个期刊的出版刊数": each row of a table beside columns of its own is a list of
// the rows, named, with those columns (Chinese), not groups with nothing computed. Only when
// the groups are the table's own rows (its label, maybe with its key) and every listed column
// is a plain column of that table.
void Parser::ListEachRowsOwnColumns() {
  if (!chinese_ || !q_.measures.empty() || q_.bucket || q_.group_columns.empty() ||
      q_.projections.empty()) {
    return;
  }
  const int table = Col(q_.group_columns[0]).table;
  const int label = index_.LabelColumn(table, chinese_);
  if (label < 0) return;
  for (int c : q_.group_columns) {
    if (c != label && c != index_.NameCompanion(label)) return;
  }
  for (int c : q_.group_keys) {
    if (Col(c).table != table || !Col(c).primary_key) return;
  }
  for (int c : q_.projections) {
    if (Col(c).table != table || Col(c).primary_key || Col(c).foreign_key || c == label) return;
  }
  std::vector<int> listed = q_.group_columns;
  listed.insert(listed.end(), q_.projections.begin(), q_.projections.end());
  q_.projections = std::move(listed);
  q_.group_columns.clear();
  q_.group_keys.clear();
  out_.explanation.push_back({"", "column", ColName(label) + " (each row, named)"});
}

// "what share of revenue comes from beverages", "what percentage of invoices are from Germany":
// with nothing to split by, a share word right before "of" and one sum or count asks the share
// of the rows one stored value names (its only filter) in the total of the rest of the question
// (its period included): 100 * SUM(CASE WHEN value ...) / SUM(...). With a second filter
// either could be the part (or a condition on the total), and an average or a business term
// has no part to sum: those keep abstaining.
bool Parser::ReadShareOfOneValue() {
  // The part is one value, or in English one term's row condition ("what percentage of
  // orders shipped late").
  const bool one_value = values_.size() == 1 && q_.filters.empty();
  const bool one_term =
      !chinese_ && values_.empty() && q_.filters.size() == 1 && IsRowTermFilter(q_.filters[0]);
  if (q_.measures.size() != 1 || !(one_value || one_term) || !q_.projections.empty() ||
      q_.superlative || q_.limit > 0 || q_.self_reference >= 0) {
    return false;
  }
  // A price, rate or percentage summed has no share ("what percentage of the unit price …").
  const Measure& m = q_.measures[0];
  if ((m.business >= 0 && !IsOneSumTerm(m.business)) || m.per_key >= 0 || m.distinct ||
      (m.agg != Agg::kSum && m.agg != Agg::kCount) ||
      (m.column >= 0 && IsNonAdditive(Col(m.column)))) {
    return false;
  }
  if (chinese_) return SaysAPartOfTheWhole();
  // The share word opens the phrase: after a schema word it names a column ("the discount
  // percentage of Chai"), not the share of its rows.
  for (size_t k = 0; k + 1 < items_.size(); ++k) {
    if (items_[k].Has(Kw::kShare) && text::AsciiLower(items_[k].text) != "ratio" &&
        text::AsciiLower(items_[k + 1].text) == "of" && (k == 0 || items_[k - 1].terms.empty())) {
      share_of_one_value_ = true;
      return true;
    }
  }
  return false;
}

// 美国客户占全部客户的百分比, 摇滚乐销售额占比, Rock流派的曲目占全部曲目的比例: Chinese says the
// part, then 占 (alone or in 占比/所占比例), then the whole and the share word. The one value
// must stand before 占: after it (占美国的比例) it would name the whole, not the part.
bool Parser::SaysAPartOfTheWhole() {
  int value = -1, share = -1;
  for (int k = 0; k < static_cast<int>(items_.size()); ++k) {
    if (value < 0 && items_[k].text == values_[0].phrase && HasValue(items_[k])) value = k;
    if (items_[k].Has(Kw::kShare)) share = k;
  }
  if (value < 0 || share <= value) return false;
  const size_t from = units_[items_[value].unit_end - 1].end;
  const size_t to = units_[items_[share].unit_end - 1].end;
  const size_t zhan = question_.substr(0, to).find("占", from);
  if (zhan == std::string_view::npos) return false;
  // 摇滚乐销售额占2024年销售额的比例: a period said of the whole may not be the part's.
  for (const Mapping& m : out_.explanation) {
    if (m.kind == "time" && question_.find(m.phrase, zhan) != std::string_view::npos) return false;
  }
  share_of_one_value_ = true;
  return true;
}

namespace {

// Whether the measures hold a max or min beside a computation of another event.
bool MixesAnExtremeWithAnotherComputation(const std::vector<Measure>& measures) {
  std::set<int> events;
  bool extreme = false;
  for (const Measure& m : measures) {
    events.insert(m.event);
    extreme |= m.agg == Agg::kMax || m.agg == Agg::kMin;
  }
  return events.size() > 1 && extreme;
}

}  // namespace

// A total beside a list of rows: the refusal names the words read as the list ("90后" as
// customers.birth_year), since the person may not have asked for a list at all and those
// words are what to rephrase.
Translation Parser::RefuseTotalBesideAList() {
  std::vector<std::string> listed;
  for (int c : q_.projections) {
    for (const Mapping& m : out_.explanation) {
      if (m.kind == "column" && !m.phrase.empty() && m.target == ColName(c) &&
          std::find(listed.begin(), listed.end(), m.phrase) == listed.end()) {
        listed.push_back(m.phrase);
      }
    }
  }
  const std::string words = QuoteWords(listed, chinese_);
  if (!words.empty()) {
    return Abstain(
        "the question mixes a total with a list of rows: " + words +
            " read as a column to list; ask for one of them.",
        "问题同时要求汇总值和明细行：" + words + "被读成了要逐行列出的列；请只问其中一个。");
  }
  return Abstain("the question mixes a total with a list of rows; ask for one of them.",
                 "问题同时要求汇总值和明细行，请只问其中一个。");
}

// Shapes a query cannot take: a group with nothing computed, a share of nothing, a total
// beside rows, a highest value beside another computation, a group that was not found.
std::optional<Translation> Parser::RefuseMixedShapes() {
  if (!q_.group_columns.empty() && q_.measures.empty() && !q_.projections.empty()) {
    return Abstain("I found what to group by but not what to compute for each group.",
                   "找到了分组依据，但不知道每组要计算什么。");
  }
  const bool one_value =
      q_.share && q_.group_columns.empty() && !q_.bucket && ReadShareOfOneValue();
  if (q_.share && !one_value && (q_.measures.empty() || (q_.group_columns.empty() && !q_.bucket))) {
    return Abstain("a share needs a measure and something to split it by.",
                   "占比需要一个指标和一个分组维度。");
  }
  if (!q_.projections.empty() && !q_.measures.empty() && q_.group_columns.empty()) {
    return RefuseTotalBesideAList();
  }
  // Separate computations where one is a max/min usually mean "the X of the row with the
  // highest Y" (a nested question this engine does not write).
  if (MixesAnExtremeWithAnotherComputation(q_.measures)) {
    return Abstain(
        "the question combines a highest/lowest value with another computation; "
        "I do not write nested questions.",
        "问题把最高/最低值与另一项计算组合在一起，这类嵌套问题我不处理。");
  }
  if (!ungrouped_conjunct_.empty()) {
    return Abstain("I can group by the first item of the list but not by '" + ungrouped_conjunct_ +
                       "'; ask with groups I can find, e.g. one dimension at a time.",
                   "能按列表中前面的项分组，但无法按“" + ungrouped_conjunct_ +
                       "”分组；请换成可分组的维度，或一次按一个维度提问。");
  }
  return std::nullopt;
}

// A price, a rate or an age is shown per row, not added up (per_row_measure.h).
std::optional<Translation> Parser::ApplyPerRowMeasures(double confidence) {
  const int summed = q_.measures.size() == 1 ? q_.measures[0].column : -1;
  const std::string phrase = summed >= 0 ? q_.measures[0].column_phrase : "";
  std::optional<ShapeProblem> problem;
  if (ReadPerRowMeasures(q_, index_, &problem) == PerRowReading::kListed) {
    if (!phrase.empty()) NameColumn(summed, phrase);
    std::erase_if(out_.explanation,
                  [](const Mapping& m) { return m.target == "SUM (default for a measure)"; });
    out_.explanation.push_back(
        {"", "column", ColName(summed) + " (a value of each row: listed, not added up)"});
    NameListedRows();  // "Which restaurant has the highest rating?": named, not the rating alone
  }
  if (!problem) problem = ReadAggregatePerOwnRow(q_, index_);
  if (problem) {
    out_.confidence = confidence;
    return Abstain(problem->en, problem->zh);
  }
  return std::nullopt;
}

std::optional<Translation> Parser::Verify(const Coverage& cov, double* confidence) {
  ListEachColumnOnce(q_);
  if (auto refused = RefuseMisreading(*confidence)) return refused;
  const Grounding grounding = ScoreGrounding(cov, confidence);
  if (grounding.weakest < kWeakGrounding) {
    return Abstain(WeakGroundingMessage(grounding, false), WeakGroundingMessage(grounding, true));
  }
  AdjustListShape(q_, index_);
  ReadReferenceToANamedRow();
  if (unsold_list_too_long_ >= 0) return RefuseLongUnsoldList();
  if (const std::optional<ShapeProblem> shape = FindShapeProblem(q_, items_, index_)) {
    return Abstain(shape->en, shape->zh);
  }
  if (const std::optional<ShapeProblem> shape = LowestOfPartialPeriods(q_, index_, time_column_)) {
    return Abstain(shape->en, shape->zh);
  }
  ListRowsOnce();
  if (q_.superlative && q_.measures.empty() && q_.order_column < 0) {
    return Abstain("I understood 'the most/least' but not of what.",
                   "理解了“最多/最少”，但不知道是针对哪个指标。");
  }
  if (*confidence < options_.confidence_threshold) {
    return AbstainBelowThreshold(grounding, *confidence);
  }
  return std::nullopt;
}

// Verify before answering: a number, a computation or a data word left unused, tables that do
// not join, a column's value read otherwise, or a misreading the checks recognise means the
// SQL would answer another question (refused at `confidence`).
// The rows never sold are read, but there may be more of them than a list shows (Chinook: 1,519
// of 3,503 tracks; SoldVerbLines lists them only on a shorter table): say so, and what to ask.
std::optional<Translation> Parser::RefuseLongUnsoldList() {
  const std::string table = TableWords(unsold_list_too_long_);
  const std::string limit = std::to_string(options_.default_list_limit);
  return Abstain("the " + table + " never sold may be more than the " + limit +
                     " rows a list shows; ask how many " + table +
                     " were never sold, or narrow the list (by a group or a value).",
                 "从未卖出的" + table + "可能超过列表能显示的 " + limit +
                     " 行，因此不列出；请问有多少个，或加条件缩小范围。");
}

std::optional<Translation> Parser::RefuseMisreading(double confidence) {
  auto refuse = [&](const std::string& en, const std::string& zh) -> std::optional<Translation> {
    out_.confidence = confidence;
    return Abstain(en, zh);
  };
  if (const std::optional<UnplacedWord> word = FindUnplacedWord(items_, index_)) {
    return refuse(UnplacedWordMessage(*word, false), UnplacedWordMessage(*word, true));
  }
  std::string why_en, why_zh;
  if (!ResolveTables(&why_en, &why_zh)) return refuse(why_en, why_zh);
  if (const std::string phrase = TwoColumnsInOneNounPhrase(); !phrase.empty()) {
    return refuse("'" + phrase +
                      "' reads as two columns of the data, but it names one thing; "
                      "name the one column you mean.",
                  "“" + phrase + "”被读成了数据中的两列，但它说的是一样东西；请写出所指的那一列。");
  }
  if (const std::string phrase = ColumnOfOtherRows(); !phrase.empty()) {
    return refuse("'" + phrase +
                      "' shows a column of other rows than the ones it names; name "
                      "a column of those rows.",
                  "“" + phrase + "”显示的列不属于它所说的那些行；请写出那些行自己的列。");
  }
  if (const int subject = FilterSubjectUnfiltered(); subject >= 0) {
    const std::string& name = index_.columns()[subject].name;
    return refuse("'" + name + "' names a column to filter on, but its value was read otherwise.",
                  "“" + name + "”后面的取值没有用来筛选这一列，答案会漏掉这个条件，因此不作答。");
  }
  // Chinese unknown words are single characters the checks above do not see
  // (chinese_reading_check.h); the values are conditions on their columns only now.
  if (chinese_) {
    if (const std::optional<ShapeProblem> misread =
            FindChineseMisreading(items_, q_, index_, tree_->Tables(), time_column_)) {
      return refuse(misread->en, misread->zh);
    }
  } else if (const std::optional<ShapeProblem> per_row =
                 GroupAmountReadPerRow(items_, q_, index_, false)) {
    return refuse(per_row->en, per_row->zh);
  }
  return std::nullopt;
}

// The confidence scored again once the tables are resolved (which may place a word: "hired"
// picks HireDate as the time column), then bounded by how firmly the words were placed, not
// only how many (grounding.h): the weakest data word.
Grounding Parser::ScoreGrounding(const Coverage& cov, double* confidence) {
  Coverage placed = cov;
  RecountUnknown(&placed);
  if (placed.unknown_units > cov.unknown_units) placed = cov;
  *confidence = std::pow(std::max(placed.Ratio(), 0.0), kUnknownExponent) * factor_;
  const Grounding grounding = GroundReading(items_, index_, tree_->Tables());
  *confidence *= grounding.weakest;
  out_.confidence = *confidence;
  return grounding;
}

// Whether a list shows each row once: "distinct names of singers ..." and lists of attributes
// only are lists without repeats; a list the join repeats is each row once: grouped by the
// listed table's key, so two customers who share a name stay two (SELECT DISTINCT would merge
// them); DISTINCT only when the table has no single key. In English only when the question
// named the rows by their table ("customers with an invoice over 20"): columns asked for by
// name keep one row per match, as Spider's golds do ("names of singers in concerts after 2014").
void Parser::ListRowsOnce() {
  if (distinct_word_ && q_.measures.empty()) q_.distinct_rows = true;
  if (ListsOnlyAttributes(q_, items_, index_)) q_.distinct_rows = true;
  // "countries with more than 5 customers" (Filter::group_count): the groups, each once.
  for (const Filter& f : q_.filters) {
    if (f.group_count && q_.measures.empty() && q_.projections == std::vector<int>{f.column}) {
      q_.distinct_rows = true;
    }
  }
  // "which customers bought Chai" (ReadBoughtValue): the buyers, each once.
  if ((chinese_ || q_.rows_named_by_table || bought_value_) && !q_.distinct_rows &&
      ListedRowsRepeatedByJoin(q_, *tree_, index_)) {
    q_.row_key = index_.SingleKey(index_.columns()[q_.projections[0]].table);
    q_.distinct_rows = q_.row_key < 0;
  }
}

Translation Parser::AbstainBelowThreshold(const Grounding& grounding, double confidence) {
  // The words as a person would rephrase them: "新注册", not "新, 注, 册".
  // Words it does not know first; else the known words it could not apply ("多少" was
  // read, so "无法理解" would blame a word that was understood).
  std::string words =
      QuoteWords(UnplacedWords(question_, units_, items_, chinese_, false), chinese_);
  const bool unknown = !words.empty();
  if (!unknown) words = QuoteWords(UnplacedWords(question_, units_, items_, chinese_), chinese_);
  if (words.empty() && grounding.weakest < 1) {
    return Abstain(WeakGroundingMessage(grounding, false), WeakGroundingMessage(grounding, true));
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", confidence);
  const std::string en = unknown ? "; words I could not place: " : "; words I could not apply: ";
  const std::string zh = unknown ? "；无法理解的词：" : "；未能用上的词：";
  return Abstain(
      std::string("confidence ") + buf + " is below the threshold" +
          (words.empty() ? "." : en + words + "."),
      std::string("置信度 ") + buf + " 低于阈值" + (words.empty() ? "。" : zh + words + "。"));
}

Translation Parser::WriteAnswer() {
  std::string why_en, why_zh;
  std::optional<std::string> sql = BuildSql(&why_en, &why_zh);
  if (!sql) return Abstain(why_en, why_zh);
  out_.sql = std::move(*sql);
  out_.answered = true;
  out_.chart = q_.share                    ? ChartHint::kShare
               : q_.bucket                 ? ChartHint::kTimeSeries
               : !q_.group_columns.empty() ? ChartHint::kCategory
                                           : ChartHint::kNone;
  // "how many different states", 几种: the question asked for the distinct values itself.
  const bool asked_for_distinct = std::any_of(items_.begin(), items_.end(), [](const Item& it) {
    return it.used && it.Has(Kw::kDistinct);
  });
  NoteDistinctCounts(q_.measures, index_, chinese_, asked_for_distinct, &out_.explanation);
  if (!out_.anchor_note.empty()) out_.explanation.push_back({"", "anchor", out_.anchor_note});
  return out_;
}

void Parser::Begin() {
  chinese_ = text::ContainsCjk(question_);
  out_.chinese = chinese_;
  SetAnchor();
}

Translation Parser::Run() {
  Begin();
  if (question_.size() > options_.max_question_bytes) {
    return Abstain(
        "the question is too long (" + std::to_string(question_.size()) + " bytes; at most " +
            std::to_string(options_.max_question_bytes) + "): ask one short question at a time.",
        "问题太长（" + std::to_string(question_.size()) + " 字节，上限 " +
            std::to_string(options_.max_question_bytes) + "），请一次问一个简短的问题。");
  }
  Segment();
  if (auto refused = GroundTermsAndCheckWords()) return *refused;
  NoteQuestionWords();
  ReadQuestion();
  if (auto refused = RefuseRelativePeriodOnOldData()) return *refused;
  if (auto refused = RefuseNarrowedGroupTotal()) return *refused;
  Coverage cov = MeasureCoverage();
  if (auto refused = CheckCriticalWords()) return *refused;
  double confidence = std::pow(std::max(cov.Ratio(), 0.0), kUnknownExponent) * factor_;
  if (CountFlagRows()) {
    RecountUnknown(&cov);  // the count words are explained now
    confidence = std::pow(std::max(cov.Ratio(), 0.0), kUnknownExponent) * factor_;
  }
  if (auto refused = CompleteQuery(&confidence)) return *refused;
  if (auto refused = ApplyPerRowMeasures(confidence)) return *refused;
  if (auto refused = Verify(cov, &confidence)) return *refused;
  return WriteAnswer();
}

Translation Engine::Translate(std::string_view question, const SchemaIndex& index,
                              const db::Dialect& dialect, const TranslateOptions& options) {
  const auto read = [&](std::string_view q, const TranslateOptions& o) {
    Parser parser(q, index, dialect, o);
    return parser.Run();
  };
  // "2025年销售额同比增长多少": the question without its comparison words, read for both
  // periods (period_comparison.h).
  if (std::optional<ComparisonCue> cue = FindComparisonCue(question, index)) {
    return TranslateComparison(*cue, dialect, options, read);
  }
  // "哪个品类2024年销售额增长最快", "sales by category 2024 vs 2023" (growth_cue.h).
  if (std::optional<ComparisonCue> cue = FindGrowthCue(question, index)) {
    return TranslateGrowth(*cue, question, dialect, options, read);
  }
  return read(question, options);
}

}  // namespace askdb::nlq
