#include "askdb/agent/consultation/consultation.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/measure_names.h"
#include "askdb/common/text.h"
#include "askdb/db/connector.h"
#include "askdb/db/schema.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/nlq/tokenizer.h"

namespace askdb::agent {
namespace {

using nlq::ColumnRole;
using nlq::IndexedColumn;
using nlq::SchemaIndex;
using nlq::TypeClass;

// Base scores that order the kinds of suggestion: the questions a business asks first
// (how is it going over time, where does it come from, what is its mix, who are the top
// performers) before the finer ones. A field's own score only breaks ties within a kind.
constexpr double kTrendBase = 100;
constexpr double kComparisonBase = 95;
constexpr double kShareBase = 90;
constexpr double kRankingBase = 85;
constexpr double kSecondaryBase = 80;
constexpr double kStatusBase = 70;
constexpr double kCrossTabBase = 65;
constexpr double kCohortBase = 60;
constexpr double kCorrelationBase = 55;
constexpr double kDistributionBase = 50;
constexpr double kVolumeBase = 10;
// Field scores stay well below the gaps between kinds.
constexpr double kFieldScoreWeight = 0.01;

// A table with more non-key attributes than this, or with a time column of its own, is an
// entity (customers, products: many rows, ranked by name) rather than a lookup table
// (regions, categories: few rows, grouped by name).
constexpr int kMaxLookupAttributes = 4;
// More known distinct values than this make a poor grouping axis.
constexpr long long kMaxComparisonParts = 100;

bool ContainsAny(std::string_view haystack, std::initializer_list<std::string_view> needles) {
  return std::any_of(needles.begin(), needles.end(), [&](std::string_view n) {
    return haystack.find(n) != std::string_view::npos;
  });
}

// While suggestions are drafted, an example question may be followed by other wordings of
// the same question, marked by this prefix; FinishExamples keeps one wording per question
// (the first the engine answers, or simply the first when nothing is verified).
constexpr char kAlternativeMark = '\x01';
std::string Alt(std::string question) { return kAlternativeMark + std::move(question); }

// "product categories" → "product category" (for "which ... has").
std::string Singular(const std::string& phrase) {
  const size_t space = phrase.rfind(' ');
  const std::string head = space == std::string::npos ? "" : phrase.substr(0, space + 1);
  const std::string last = space == std::string::npos ? phrase : phrase.substr(space + 1);
  const bool ascii_lower = !last.empty() && std::all_of(last.begin(), last.end(), [](char c) {
    return c >= 'a' && c <= 'z';
  });
  return ascii_lower ? head + nlq::SingularizeEnglish(last) : phrase;
}

// "customer" → "customers" (for "top 10 …"): a singular table name (Chinook's Customer) read
// as the rows it lists. A word the singular rules change is plural already.
std::string Plural(const std::string& phrase) {
  const std::string singular = Singular(phrase);
  if (singular != phrase || phrase.empty() || !(phrase.back() >= 'a' && phrase.back() <= 'z')) {
    return phrase;
  }
  const auto ends = [&](std::string_view tail) { return phrase.ends_with(tail); };
  if (ends("y") && phrase.size() > 1 &&
      std::string_view("aeiou").find(phrase[phrase.size() - 2]) == std::string_view::npos) {
    return phrase.substr(0, phrase.size() - 1) + "ies";
  }
  if (ends("s") || ends("x") || ends("z") || ends("ch") || ends("sh")) return phrase + "es";
  return phrase + "s";
}

std::string Join(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += sep;
    out += parts[i];
  }
  return out;
}

// Physical name as words: "InvoiceLine" → "invoice line", "人均GDP" → "人均 gdp".
std::string PhysicalPhrase(std::string_view name) {
  const bool ascii = std::all_of(name.begin(), name.end(),
                                 [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (!ascii) return std::string(name);  // "人均GDP" reads best as written
  std::vector<std::string> words = text::SplitIdentifier(name);
  if (words.empty()) return std::string(name);
  return Join(words, " ");
}

// Words that say a column holds money or a quantity that adds up.
bool LooksAdditive(std::string_view lower) {
  return ContainsAny(
      lower, {"amount", "total", "sales", "revenue", "income", "profit", "sum", "quantity", "qty",
              "count", "金额", "销售", "收入", "利润", "营收", "数量", "总", "额", "gdp"});
}

// Time columns that hold years only: a trend by month makes no sense over them.
bool LooksLikeYear(std::string_view lower) {
  return ContainsAny(lower, {"year", "年"}) && !ContainsAny(lower, {"date", "日期", "月"});
}

bool IsAsciiWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Concatenates Chinese sentence parts; two ASCII words that would touch get a space
// ("customer" + "total" → "customer total"), as physical names in Chinese text need.
std::string Cat(std::initializer_list<std::string_view> parts) {
  std::string out;
  for (std::string_view p : parts) {
    if (p.empty()) continue;
    if (!out.empty() && IsAsciiWordChar(out.back()) && IsAsciiWordChar(p.front())) out += ' ';
    out += p;
  }
  return out;
}

bool IsGeography(std::string_view words) {
  return ContainsAny(words, {"region", "country", "province", "continent", "city", "state", "大区",
                             "地区", "区域", "国家", "省", "城市"});
}

// Words that say a column is a rate or a unit value: averaged, not summed.
bool LooksNonAdditive(std::string_view lower, std::string_view unit) {
  return unit == "%" || unit == "ratio" ||
         ContainsAny(lower, {"price", "cost", "rate", "ratio", "percent", "pct", "avg", "average",
                             "discount", "单价", "价格", "率", "平均", "比例"});
}

// Columns that are free text per row, useless as a grouping axis.
bool LooksFreeText(std::string_view lower) {
  return ContainsAny(lower,
                     {"address", "phone",       "fax",     "email", "mail",   "postal",   "zip",
                      "url",     "description", "comment", "note",  "remark", "password", "地址",
                      "电话",    "邮箱",        "备注",    "描述",  "简介",   "网址",     "介绍"});
}

// Geography and classification words make good comparison axes; coarser ones rank higher.
double AxisWordBonus(std::string_view lower) {
  if (ContainsAny(lower, {"region", "country", "province", "continent", "大区", "地区", "区域",
                          "国家", "省"})) {
    return 2;
  }
  if (ContainsAny(lower, {"city", "state", "城市", "category", "genre", "type", "segment",
                          "channel", "level", "brand", "gender", "类型", "类别", "品类", "渠道",
                          "等级", "品牌", "性别", "分类"})) {
    return 1.5;
  }
  return 0;
}

bool LooksLikeStatus(std::string_view lower) {
  return ContainsAny(lower, {"status", "state_code", "stage", "状态", "阶段"}) &&
         !ContainsAny(lower, {"state_name"});
}

// Time columns whose table grows by people or things joining (a cohort axis).
bool LooksLikeJoinDate(std::string_view lower) {
  return ContainsAny(
      lower, {"signup", "sign_up", "register", "registration", "join", "created", "opened",
              "launch", "hire", "注册", "开户", "入会", "加入", "开业", "上市", "入职", "成立"});
}

// A candidate measure: a column, or the row count of a table (column == -1).
struct Measure {
  int table = -1;
  int column = -1;
  std::string display;
  double score = 0;
  bool additive = true;
  // The table records events (orders, invoices, returns) rather than describing things.
  bool fact_table = false;
};

// A candidate grouping axis reachable from a measure's table.
struct Axis {
  int column = -1;
  int table = -1;
  int depth = 0;
  std::string display;
  // The name after "by" in English: one of its values, "by region", where the display of a
  // table's label is the table's plural ("regions").
  std::string by;
  std::optional<long long> parts;  // known number of distinct values
  double comparison_score = 0;
  double share_score = 0;
  bool status = false;
};

class Consultant {
 public:
  Consultant(const ConsultationInput& input, const ConsultationOptions& options,
             const SchemaIndex& index)
      : input_(input), options_(options), index_(index), zh_(input.chinese) {}

  ConsultationResult Run();

 private:
  std::string L(std::string_view zh, std::string_view en) const {
    return std::string(zh_ ? zh : en);
  }
  const catalog::ColumnSemantics* ColumnModel(int column) const;
  const catalog::TableSemantics* TableModel(int table) const;
  std::string TableDisplay(int table) const;
  std::string ColumnDisplay(int column) const;
  // A Chinese run's display with no Chinese business name is a Latin phrase ("billing
  // country"): remembered with its physical name so that FinishWording quotes it in the
  // texts people read (“BillingCountry”) instead of gluing it to Chinese.
  std::string Remembered(std::string display, std::string_view physical) const;
  // Titles and explanations as people read them: English titles in sentence case; in a
  // Chinese run every remembered Latin display quoted. Example questions stay as the
  // engine reads them.
  void FinishWording(Suggestion& s) const;
  std::string Lower(int column) const { return text::AsciiLower(index_.columns()[column].name); }

  // Structure.
  std::vector<int> OutEdges(int table) const;
  int InDegree(int table) const;
  bool IsEntity(int table) const;
  bool IsLeaf(int table) const { return OutEdges(table).empty(); }
  bool IsFactTable(int table) const;
  bool IsYearColumn(int column) const { return LooksLikeYear(Lower(column)); }
  // Tables reachable from `table` along many-to-one edges with their hop counts.
  std::vector<std::pair<int, int>> Reachable(int table) const;

  // Candidates.
  std::vector<Measure> Measures() const;
  std::vector<Axis> Axes(int table) const;
  std::optional<long long> KnownParts(int column) const;
  std::vector<int> RankingEntities(int table) const;

  // Suggestions.
  void AddTrend(const Measure& m, double base);
  void AddComparison(const Measure& m, const Axis& a, double base);
  void AddShare(const Measure& m, const Axis& a, double base);
  void AddRanking(const Measure& m, int entity, int depth, double base);
  void AddStatus(int table, const Axis& a);
  void AddCrossTab(const Measure& m, const Axis& a, const Axis& b);
  void AddCohort();
  void AddCorrelation(const Measure& a, const Measure& b);
  void AddDistribution(const Measure& m);
  void AddVolume();
  // Resolves alternative wordings: the first the engine answers over the suggestion's
  // tables when a dialect is given (else the first); sets s.engine_answerable.
  void FinishExamples(Suggestion& s) const;

  // Run's steps.
  bool NothingToSuggest();  // no tables or columns: sets the empty reason
  // A table's axes as they are, best first for comparing, and those with a share score
  // best first for shares.
  struct RankedAxes {
    std::vector<Axis> all, by_comparison, by_share;
  };
  RankedAxes RankAxes(int table) const;
  void SuggestForPrimary(const Measure& m, const std::vector<Measure>& measures);
  void AddPrimaryRanking(const Measure& m);
  void AddStatusMix(const Measure& m, const std::vector<Axis>& axes);
  void AddSecondAxisCrossTab(const Measure& m, const Axis& comparison, const Axis* share,
                             const std::vector<Axis>& by_comparison);
  void AddSameRowsCorrelation(const Measure& m, const std::vector<Measure>& measures);
  int UnreachedEntity(int table, const Measure* primary) const;
  void SuggestForOtherFactTables(const std::vector<Measure>& measures, const Measure* primary,
                                 std::set<int>* covered_tables);
  void AddAnyRowCountComparison(const std::vector<Measure>& measures);
  void KeepBestSuggestions();

  // The overviews beside the suggestions: measures, dimensions, time columns, relationships.
  void Overviews(const std::vector<Measure>& measures);
  std::string QualifiedColumn(int column) const;
  void MeasuresOverview(const std::vector<Measure>& measures, size_t cap);
  void DimensionsOverview(size_t cap);
  void TimeOverview(size_t cap);
  void RelationshipPaths();
  void DimensionsFromSuggestions(size_t cap);

  std::string TimePhrase(int column) const;
  std::string YearPrefix() const;

  const ConsultationInput& input_;
  const ConsultationOptions& options_;
  const SchemaIndex& index_;
  const bool zh_;
  std::vector<Suggestion> out_;
  ConsultationResult result_;
  mutable std::map<std::string, std::string> latin_names_;  // display → physical name
};

const catalog::TableSemantics* Consultant::TableModel(int table) const {
  if (!input_.model) return nullptr;
  return input_.model->FindTable(index_.tables()[table].name);
}

const catalog::ColumnSemantics* Consultant::ColumnModel(int column) const {
  const IndexedColumn& c = index_.columns()[column];
  const catalog::TableSemantics* t = TableModel(c.table);
  return t ? t->FindColumn(c.name) : nullptr;
}

std::string Consultant::TableDisplay(int table) const {
  const nlq::IndexedTable& t = index_.tables()[table];
  const std::string& business = zh_ ? t.display_zh : t.display_en;
  return business.empty() ? Remembered(PhysicalPhrase(t.name), t.name) : business;
}

std::string Consultant::ColumnDisplay(int column) const {
  const IndexedColumn& c = index_.columns()[column];
  const std::string& business = zh_ ? c.display_zh : c.display_en;
  return business.empty() ? Remembered(PhysicalPhrase(c.name), c.name) : business;
}

std::string Consultant::Remembered(std::string display, std::string_view physical) const {
  if (zh_ && !text::ContainsCjk(display)) latin_names_.emplace(display, physical);
  return display;
}

// Replaces each whole-word occurrence of a name's display with “physical name”; `names` is
// longest display first, so "invoice date" wins over "invoice" where both start.
std::string QuoteNames(std::string_view text,
                       const std::vector<std::pair<std::string, std::string>>& names) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    const std::pair<std::string, std::string>* hit = nullptr;
    if (i == 0 || !IsAsciiWordChar(text[i - 1])) {
      for (const auto& name : names) {
        const size_t end = i + name.first.size();
        if (text.compare(i, name.first.size(), name.first) == 0 &&
            (end >= text.size() || !IsAsciiWordChar(text[end]))) {
          hit = &name;
          break;
        }
      }
    }
    if (hit == nullptr) {
      out += text[i++];
      continue;
    }
    out += "“" + hit->second + "”";
    i += hit->first.size();
  }
  return out;
}

void Consultant::FinishWording(Suggestion& s) const {
  if (!zh_) {
    if (!s.title.empty() && s.title.front() >= 'a' && s.title.front() <= 'z') {
      s.title.front() = static_cast<char>(s.title.front() - 'a' + 'A');
    }
    return;
  }
  if (latin_names_.empty()) return;
  std::vector<std::pair<std::string, std::string>> names(latin_names_.begin(), latin_names_.end());
  std::stable_sort(names.begin(), names.end(),
                   [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
  auto quote = [&](std::string& t) { t = QuoteNames(t, names); };
  quote(s.title);
  quote(s.rationale);
  quote(s.chart_reason);
  quote(s.time_axis);
  for (std::string& d : s.dimensions) quote(d);
  for (std::string& m : s.measures) quote(m);
}

std::vector<int> Consultant::OutEdges(int table) const {
  std::vector<int> out;
  for (const nlq::JoinEdge& e : index_.edges()) {
    if (e.from_table == table && e.to_table != table &&
        std::find(out.begin(), out.end(), e.to_table) == out.end()) {
      out.push_back(e.to_table);
    }
  }
  return out;
}

int Consultant::InDegree(int table) const {
  std::set<int> from;
  for (const nlq::JoinEdge& e : index_.edges()) {
    if (e.to_table == table && e.from_table != table) from.insert(e.from_table);
  }
  return static_cast<int>(from.size());
}

bool Consultant::IsEntity(int table) const {
  if (index_.TimeColumn(table) >= 0) return true;
  int attributes = 0;
  for (int c : index_.tables()[table].columns) {
    if (index_.columns()[c].role != ColumnRole::kIdentifier) ++attributes;
  }
  return attributes > kMaxLookupAttributes;
}

bool Consultant::IsFactTable(int table) const {
  const int time = index_.TimeColumn(table);
  if (time >= 0 && !LooksLikeJoinDate(Lower(time))) return true;
  return OutEdges(table).size() >= 2;
}

std::vector<std::pair<int, int>> Consultant::Reachable(int table) const {
  std::vector<std::pair<int, int>> out = {{table, 0}};
  std::set<int> seen = {table};
  for (size_t i = 0; i < out.size(); ++i) {
    const auto [t, depth] = out[i];
    if (depth >= options_.max_join_depth) continue;
    for (int next : OutEdges(t)) {
      if (seen.insert(next).second) out.emplace_back(next, depth + 1);
    }
  }
  return out;
}

std::optional<long long> Consultant::KnownParts(int column) const {
  if (const catalog::ColumnSemantics* cs = ColumnModel(column); cs && !cs->values.empty()) {
    return static_cast<long long>(cs->values.size());
  }
  return index_.columns()[column].stats.distinct_count;
}

std::vector<Measure> Consultant::Measures() const {
  std::vector<Measure> out;
  for (size_t t = 0; t < index_.tables().size(); ++t) {
    const int table = static_cast<int>(t);
    // A fact table has a time axis and points at the things it is about.
    const double fact = (index_.TimeColumn(table) >= 0 ? 2.0 : 0.0) +
                        std::min<double>(3, static_cast<double>(OutEdges(table).size()));
    bool has_attributes = false;
    for (int c : index_.tables()[table].columns) {
      const IndexedColumn& col = index_.columns()[c];
      if (col.role != ColumnRole::kIdentifier) has_attributes = true;
      if (col.role != ColumnRole::kMeasure) continue;
      const std::string lower = Lower(c);
      const std::string words =
          lower + " " + col.display_zh + " " + text::AsciiLower(col.display_en);
      const catalog::ColumnSemantics* cs = ColumnModel(c);
      const std::string unit = cs ? cs->unit : "";
      Measure m{table, c, ColumnDisplay(c), 3 + fact, true, IsFactTable(table)};
      if (!col.display_zh.empty() || !col.display_en.empty()) m.score += 1;
      if (LooksAdditive(words) && unit != "%" && unit != "ratio") {
        // Of two additive measures, the one in money is the headline.
        m.score += 2 + (measures::RanksAsMoney(words) ? 0.5 : 0);
      } else if (LooksNonAdditive(words, unit)) {
        m.score -= 1;
        m.additive = false;
      }
      if (ContainsAny(lower, {"total", "总"})) m.score += 1;
      out.push_back(std::move(m));
    }
    // Counting rows is a measure of every table that has something to group it by.
    if (has_attributes || fact > 0) {
      Measure count{table,      -1,   L("", "number of ") + TableDisplay(table) + L("数量", ""),
                    1.5 + fact, true, IsFactTable(table)};
      out.push_back(std::move(count));
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Measure& a, const Measure& b) { return a.score > b.score; });
  return out;
}

std::vector<Axis> Consultant::Axes(int table) const {
  std::vector<Axis> out;
  for (const auto& [t, depth] : Reachable(table)) {
    const bool entity = IsEntity(t);
    const int label = index_.LabelColumn(t, zh_);
    for (int c : index_.tables()[t].columns) {
      const IndexedColumn& col = index_.columns()[c];
      if (col.role != ColumnRole::kDimension) continue;
      if (!col.lang.empty() && col.lang != (zh_ ? "zh" : "en")) continue;
      const std::string lower = Lower(c);
      if (LooksFreeText(lower)) continue;
      const bool is_label = c == label;
      // An entity's name is what a ranking lists, not a grouping axis (nor its other names).
      if (entity && (is_label || ContainsAny(lower, {"name", "title", "名称", "姓名"}))) continue;
      Axis a;
      a.column = c;
      a.table = t;
      a.depth = depth;
      a.display = is_label ? TableDisplay(t) : ColumnDisplay(c);
      a.by = is_label && !zh_ ? Singular(a.display) : a.display;
      a.parts = KnownParts(c);
      a.status = LooksLikeStatus(lower);
      const std::string words = lower + " " + col.display_zh + " " +
                                text::AsciiLower(col.display_en) + " " +
                                text::AsciiLower(index_.tables()[t].name);
      const bool business = !col.display_zh.empty() || !col.display_en.empty();
      const bool coded = ColumnModel(c) && !ColumnModel(c)->values.empty();
      double comparison = 1 + (business ? 1 : 0) + (coded ? 1 : 0) + AxisWordBonus(words);
      if (is_label) comparison += 3 + (IsLeaf(t) ? 1 : 0);
      if (col.type_class != TypeClass::kText && col.type_class != TypeClass::kOther) {
        comparison -= 1;  // numbers (years, tiers) group less readably than names
      }
      if (a.parts && *a.parts > kMaxComparisonParts) comparison -= 3;
      if (a.status) comparison -= 1;
      comparison -= 0.1 * depth;
      a.comparison_score = comparison;
      if (a.parts && *a.parts >= 2 && *a.parts <= options_.max_pie_parts) {
        a.share_score = 1 + (coded ? 3 : 0) + (business ? 1 : 0) + AxisWordBonus(words) -
                        (a.status ? 2 : 0) - 0.1 * depth;
      }
      out.push_back(std::move(a));
    }
  }
  return out;
}

std::vector<int> Consultant::RankingEntities(int table) const {
  std::vector<int> out;
  for (const auto& [t, depth] : Reachable(table)) {
    if (depth == 0 || !IsEntity(t) || index_.LabelColumn(t, zh_) < 0) continue;
    out.push_back(t);
  }
  return out;
}

std::string Consultant::YearPrefix() const {
  const std::optional<nlq::CivilDate> latest = index_.LatestDate();
  if (!latest) return "";
  return zh_ ? std::to_string(latest->year) + "年" : std::to_string(latest->year);
}

std::string Consultant::TimePhrase(int column) const {
  const std::string name = ColumnDisplay(column);
  if (IsYearColumn(column)) return name + L("（按年）", " (by year)");
  return name + L("（按月/季度/年）", " (by month, quarter or year)");
}

void Consultant::AddTrend(const Measure& m, double base) {
  const int time = index_.TimeColumn(m.table);
  if (time < 0) return;
  Suggestion s;
  s.kind = AnalysisKind::kTrend;
  s.title = L("", "Trend of ") + m.display + L("趋势", " over time");
  s.time_axis = TimePhrase(time);
  s.dimensions = {s.time_axis};
  s.measures = {m.display};
  s.chart = ChartKind::kLine;
  s.chart_reason = L("折线图适合展示随时间的变化", "a line chart shows change over time");
  const std::string year = YearPrefix();
  if (zh_) {
    s.example_questions = {Cat({"每年的", m.display})};
    if (!IsYearColumn(time)) {
      s.example_questions.insert(s.example_questions.begin(), Cat({year, "每月的", m.display}));
    }
  } else {
    s.example_questions = {m.display + " per year"};
    if (!IsYearColumn(time)) {
      s.example_questions.insert(
          s.example_questions.begin(),
          year.empty() ? "monthly " + m.display : "monthly " + m.display + " in " + year);
    }
  }
  s.rationale = L("按" + ColumnDisplay(time) + "看" + m.display + "的走势、季节性和同比/环比变化",
                  "see how " + m.display + " moves by " + ColumnDisplay(time) +
                      ": seasonality, year-over-year and month-over-month change");
  s.tables = {index_.tables()[m.table].name};
  s.score = base + kFieldScoreWeight * m.score;
  out_.push_back(std::move(s));
}

void Consultant::AddComparison(const Measure& m, const Axis& a, double base) {
  Suggestion s;
  s.kind = AnalysisKind::kComparison;
  s.title = zh_ ? "各" + a.display + "的" + m.display + "对比" : m.display + " by " + a.by;
  s.dimensions = {a.display};
  s.measures = {m.display};
  s.chart = ChartKind::kBar;
  s.chart_reason = L("柱状图便于比较各组的大小", "a bar chart compares groups side by side");
  if (zh_) {
    s.example_questions = {"各" + a.display + "的" + m.display,
                           "哪个" + a.display + "的" + m.display + "最高"};
  } else {
    s.example_questions = {m.display + " by " + a.by, Alt(m.display + " per " + a.by),
                           "which " + Singular(a.display) + " has the highest " + m.display};
  }
  s.rationale =
      L("比较不同" + a.display + "之间" + m.display + "的差异，找出强项和短板",
        "compare " + m.display + " across " + a.display + " to find the strongest and weakest");
  s.tables = {index_.tables()[m.table].name};
  if (a.table != m.table) s.tables.push_back(index_.tables()[a.table].name);
  s.score = base + kFieldScoreWeight * (m.score + a.comparison_score);
  out_.push_back(std::move(s));
}

void Consultant::AddShare(const Measure& m, const Axis& a, double base) {
  Suggestion s;
  s.kind = AnalysisKind::kShare;
  s.title = zh_ ? m.display + "的" + a.display + "构成" : m.display + " share by " + a.by;
  s.dimensions = {a.display};
  s.measures = {m.display};
  s.chart = ChartKind::kPie;
  s.chart_reason = zh_ ? a.display + "只有" + std::to_string(*a.parts) + "类，饼图能直观看出占比"
                       : a.display + " has " + std::to_string(*a.parts) +
                             " values, few enough for a pie chart of shares";
  // The measure beside its share: "销售额占比" alone asks for the share only.
  if (zh_) {
    s.example_questions = {"各" + a.display + "的" + m.display + "和占比"};
  } else {
    s.example_questions = {m.display + " and share by " + a.by};
  }
  s.rationale = L("看" + m.display + "在各" + a.display + "之间如何分布",
                  "see how " + m.display + " splits across " + a.display);
  s.tables = {index_.tables()[m.table].name};
  if (a.table != m.table) s.tables.push_back(index_.tables()[a.table].name);
  s.score = base + kFieldScoreWeight * (m.score + a.share_score);
  out_.push_back(std::move(s));
}

void Consultant::AddRanking(const Measure& m, int entity, int depth, double base) {
  const std::string e = TableDisplay(entity);
  const std::string many = zh_ ? e : Plural(e);  // "top 10 customers", not "customer"
  const std::string n = std::to_string(options_.top_n);
  Suggestion s;
  s.kind = AnalysisKind::kRanking;
  s.title = zh_ ? Cat({e, m.display, "排行（Top ", n, "）"})
                : "Top " + n + " " + many + " by " + m.display;
  s.dimensions = {e};
  s.measures = {m.display};
  s.chart = ChartKind::kBar;
  s.chart_reason = L("条形图按大小排序，适合展示排名", "a sorted bar chart shows a ranking");
  if (zh_) {
    s.example_questions = {m.display + "最高的" + n + "个" + e};
  } else {
    s.example_questions = {"top " + n + " " + many + " by " + m.display};
  }
  // The entity's name column as a second wording ("客户姓名") for engines that read the
  // table word as its key.
  if (const int label = index_.LabelColumn(entity, zh_);
      label >= 0 && ColumnDisplay(label) != e &&
      !(zh_ ? index_.columns()[label].display_zh : index_.columns()[label].display_en).empty()) {
    s.example_questions.push_back(
        Alt(zh_ ? m.display + "最高的" + n + "个" + ColumnDisplay(label)
                : "top " + n + " " + ColumnDisplay(label) + " by " + m.display));
  }
  s.rationale = L("找出贡献最大的" + e + "，以及长尾",
                  "find the " + many + " that contribute most, and the long tail");
  s.tables = {index_.tables()[m.table].name, index_.tables()[entity].name};
  s.score = base + kFieldScoreWeight * (m.score - depth);
  out_.push_back(std::move(s));
}

void Consultant::AddStatus(int table, const Axis& a) {
  const std::string t = TableDisplay(table);
  Suggestion s;
  s.kind = AnalysisKind::kStatus;
  // "订单状态" already names the table: no "订单订单状态".
  const bool named = a.display.rfind(t, 0) == 0;
  s.title = zh_ ? Cat({named ? "" : t, a.display, "分布"}) : t + " by " + a.by;
  s.dimensions = {a.display};
  s.measures = {L("", "number of ") + t + L("数量", "")};
  const bool pie = a.parts && *a.parts <= options_.max_pie_parts;
  s.chart = pie ? ChartKind::kPie : ChartKind::kBar;
  s.chart_reason = pie ? L("状态种类少，饼图展示各状态占比", "few statuses: a pie shows the mix")
                       : L("柱状图比较各状态的数量", "a bar chart compares the statuses");
  if (zh_) {
    s.example_questions = {"按" + a.display + "统计" + t + "数量"};
  } else {
    s.example_questions = {"how many " + t + " per " + a.by, Alt("number of " + t + " by " + a.by)};
  }
  // A status value that marks a loss (refund, cancellation) makes a pointed second question.
  if (const catalog::ColumnSemantics* cs = ColumnModel(a.column)) {
    for (const catalog::ValueLabel& v : cs->values) {
      const std::string lower = text::AsciiLower(v.value);
      if (!ContainsAny(lower, {"refund", "cancel", "return", "fail", "reject", "退", "取消"}))
        continue;
      std::string label;
      for (const std::string& l : v.labels) {
        if (text::ContainsCjk(l) == zh_) {
          label = l;
          break;
        }
      }
      if (label.empty()) label = v.value;
      s.example_questions.push_back(zh_ ? label + "的" + t + "数量"
                                        : "how many " + label + " " + t);
      break;
    }
  }
  s.rationale = L("看各" + a.display + "的" + t + "占比，发现退款、取消等流失环节",
                  "see the mix of " + t + " by " + a.display +
                      " and where they drop out (refunds, cancellations)");
  s.tables = {index_.tables()[table].name};
  s.score = kStatusBase;
  out_.push_back(std::move(s));
}

void Consultant::AddCrossTab(const Measure& m, const Axis& a, const Axis& b) {
  Suggestion s;
  s.kind = AnalysisKind::kCrossTab;
  s.title = zh_ ? "按" + a.display + "和" + b.display + "交叉分析" + m.display
                : m.display + " by " + a.by + " and " + b.by;
  s.dimensions = {a.display, b.display};
  s.measures = {m.display};
  s.chart = ChartKind::kHeatmap;
  s.chart_reason = L("两个维度交叉时，热力图（或堆叠柱状图）能同时展示两者",
                     "two dimensions at once: a heatmap (or a stacked bar chart)");
  if (zh_) {
    s.example_questions = {"各" + a.display + "各" + b.display + "的" + m.display};
  } else {
    s.example_questions = {m.display + " by " + a.by + " by " + b.by,
                           Alt(m.display + " by " + a.by + " and " + b.by)};
  }
  const std::string year = YearPrefix();
  if (!year.empty()) {
    s.example_questions.push_back(zh_ ? year + "各" + b.display + "的" + m.display
                                      : m.display + " by " + b.by + " in " + year);
  }
  s.rationale =
      L("找出" + a.display + "与" + b.display + "组合中的亮点和问题",
        "find the combinations of " + a.display + " and " + b.display + " that stand out");
  s.tables = {index_.tables()[m.table].name};
  s.score = kCrossTabBase + kFieldScoreWeight * m.score;
  out_.push_back(std::move(s));
}

void Consultant::AddCohort() {
  int best = -1;
  double best_score = 0;
  for (size_t t = 0; t < index_.tables().size(); ++t) {
    const int table = static_cast<int>(t);
    const int time = index_.TimeColumn(table);
    if (time < 0 || InDegree(table) == 0) continue;  // nothing refers to it: not an entity
    const double score = 1 + (LooksLikeJoinDate(Lower(time)) ? 2 : 0) + InDegree(table);
    if (score > best_score) {
      best_score = score;
      best = table;
    }
  }
  if (best < 0) return;
  const int time = index_.TimeColumn(best);
  const std::string e = TableDisplay(best);
  const std::string count = L("", "number of ") + e + L("数量", "");
  Suggestion s;
  s.kind = AnalysisKind::kCohort;
  s.title =
      zh_ ? "按" + ColumnDisplay(time) + "看新增" + e : "New " + e + " by " + ColumnDisplay(time);
  s.time_axis = TimePhrase(time);
  s.dimensions = {s.time_axis};
  s.measures = {count};
  s.chart = ChartKind::kLine;
  s.chart_reason = L("折线图展示每期新增的走势", "a line chart shows arrivals per period");
  const std::string year = YearPrefix();
  const bool monthly = !year.empty() && !IsYearColumn(time);
  if (zh_) {
    s.example_questions = {Cat({"每年的", count})};
    if (monthly) s.example_questions.push_back(Cat({year, "每月的", count}));
  } else {
    s.example_questions = {count + " per year"};
    if (monthly) s.example_questions.push_back("monthly " + count + " in " + year);
  }
  s.rationale = L("按" + ColumnDisplay(time) + "分批（同期群）观察" + e + "的增长",
                  "follow " + e + " in cohorts by " + ColumnDisplay(time) + " to see growth");
  s.tables = {index_.tables()[best].name};
  s.score = kCohortBase;
  out_.push_back(std::move(s));
}

void Consultant::AddCorrelation(const Measure& a, const Measure& b) {
  const std::string rows = TableDisplay(a.table);
  Suggestion s;
  s.kind = AnalysisKind::kCorrelation;
  s.title = zh_ ? a.display + "与" + b.display + "的关系" : a.display + " versus " + b.display;
  s.dimensions = {rows};
  s.measures = {a.display, b.display};
  s.chart = ChartKind::kScatter;
  s.chart_reason =
      L("散点图展示两个指标之间的相关性", "a scatter plot shows how two measures relate");
  if (zh_) {
    s.example_questions = {"平均" + a.display, "平均" + b.display};
  } else {
    s.example_questions = {"average " + a.display, "average " + b.display};
  }
  s.rationale =
      L("每个" + rows + "一个点，看" + a.display + "和" + b.display + "是否同向变化",
        "one point per " + rows + ": do " + a.display + " and " + b.display + " move together?");
  s.tables = {index_.tables()[a.table].name};
  s.score = kCorrelationBase + kFieldScoreWeight * (a.score + b.score);
  out_.push_back(std::move(s));
}

void Consultant::AddDistribution(const Measure& m) {
  Suggestion s;
  s.kind = AnalysisKind::kDistribution;
  s.title = zh_ ? m.display + "分布" : "Distribution of " + m.display;
  s.dimensions = {m.display + L("区间", " bands")};
  s.measures = {L("", "number of ") + TableDisplay(m.table) + L("数量", "")};
  s.chart = ChartKind::kBar;
  s.chart_reason =
      L("直方图（按区间的柱状图）展示数值分布", "a histogram (bars per band) shows the spread");
  if (zh_) {
    s.example_questions = {"平均" + m.display, "最高" + m.display};
  } else {
    s.example_questions = {"average " + m.display, "maximum " + m.display};
  }
  s.rationale = L("了解" + m.display + "的典型值、离散程度和极端值",
                  "learn the typical " + m.display + ", its spread and its outliers");
  s.tables = {index_.tables()[m.table].name};
  s.score = kDistributionBase + kFieldScoreWeight * m.score;
  out_.push_back(std::move(s));
}

void Consultant::AddVolume() {
  if (index_.tables().empty()) return;
  const std::string first = TableDisplay(0);
  Suggestion s;
  s.kind = AnalysisKind::kVolume;
  s.title = L("数据量概览", "Data volume overview");
  s.dimensions = {L("数据表", "table")};
  s.measures = {L("记录数", "number of records")};
  s.chart = ChartKind::kBar;
  s.chart_reason = L("柱状图比较各表的记录数", "a bar chart compares the tables' sizes");
  s.example_questions = {zh_ ? first + "数量" : "how many " + first};
  if (index_.tables().size() > 1) {
    const std::string second = TableDisplay(1);
    s.example_questions.push_back(zh_ ? second + "数量" : "how many " + second);
  }
  s.rationale = L("这些表只有编号类字段，可以先看各表的规模和它们之间的关联",
                  "the tables hold mostly keys: start with their sizes and how they link");
  // Each example counts one table, so no single table is required of all of them.
  s.score = kVolumeBase;
  out_.push_back(std::move(s));
}

void Consultant::FinishExamples(Suggestion& s) const {
  const bool verify = input_.dialect != nullptr;
  // Group the drafts into questions, each a list of wordings.
  std::vector<std::vector<std::string>> questions;
  for (std::string& q : s.example_questions) {
    const bool alternative = !q.empty() && q.front() == kAlternativeMark;
    if (alternative) q.erase(0, 1);
    if (alternative && !questions.empty()) {
      questions.back().push_back(std::move(q));
    } else {
      questions.push_back({std::move(q)});
    }
  }
  // The engine must answer over every table the suggestion is about.
  auto answers = [&](const std::string& q) {
    const nlq::Translation t = nlq::Engine::Translate(q, index_, *input_.dialect);
    if (!t.answered) return false;
    const std::string sql = text::AsciiLower(t.sql);
    return std::all_of(s.tables.begin(), s.tables.end(), [&](const std::string& table) {
      return sql.find(text::AsciiLower(table)) != std::string::npos;
    });
  };
  std::vector<std::string> kept;
  s.engine_answerable = verify;
  for (const std::vector<std::string>& wordings : questions) {
    const auto answered =
        verify ? std::find_if(wordings.begin(), wordings.end(), answers) : wordings.end();
    if (answered != wordings.end()) {
      kept.push_back(*answered);
    } else {
      // Unanswered by the engine, the question still reads well and the LLM path takes it.
      kept.push_back(wordings.front());
      s.engine_answerable = false;
    }
  }
  s.example_questions = std::move(kept);
}

std::string Consultant::QualifiedColumn(int column) const {
  const IndexedColumn& c = index_.columns()[column];
  return ColumnDisplay(column) + " (" + index_.tables()[c.table].name + "." + c.name + ")";
}

void Consultant::MeasuresOverview(const std::vector<Measure>& measures, size_t cap) {
  for (const Measure& m : measures) {
    if (m.column < 0 || result_.measures_overview.size() >= cap) continue;
    result_.measures_overview.push_back(QualifiedColumn(m.column));
  }
}

// Dimensions of every table, best first, without repeating a display name.
void Consultant::DimensionsOverview(size_t cap) {
  std::vector<Axis> axes;
  for (size_t t = 0; t < index_.tables().size(); ++t) {
    for (Axis& a : Axes(static_cast<int>(t))) {
      if (a.depth == 0) axes.push_back(std::move(a));
    }
  }
  std::stable_sort(axes.begin(), axes.end(), [](const Axis& a, const Axis& b) {
    return a.comparison_score > b.comparison_score;
  });
  std::set<std::string> seen;
  for (const Axis& a : axes) {
    if (result_.dimensions_overview.size() >= cap) break;
    if (!seen.insert(a.display).second) continue;
    result_.dimensions_overview.push_back(a.display + " (" + index_.tables()[a.table].name + "." +
                                          index_.columns()[a.column].name + ")");
  }
}

// Event dates (orders, invoices) before join dates (sign-ups, openings).
void Consultant::TimeOverview(size_t cap) {
  std::vector<int> times;
  for (size_t t = 0; t < index_.tables().size(); ++t) {
    const int time = index_.TimeColumn(static_cast<int>(t));
    if (time >= 0) times.push_back(time);
  }
  std::stable_partition(times.begin(), times.end(),
                        [&](int c) { return !LooksLikeJoinDate(Lower(c)); });
  for (int time : times) {
    if (result_.time_overview.size() >= cap) break;
    result_.time_overview.push_back(
        QualifiedColumn(time) +
        L(" → 按月/季度/年趋势、同比/环比", " → monthly/quarterly/yearly trends, YoY and MoM"));
  }
}

// Relationship paths from the tables nothing refers to, followed to their ends.
void Consultant::RelationshipPaths() {
  const size_t path_cap = static_cast<size_t>(std::max(0, options_.max_relationship_paths));
  std::vector<std::vector<int>> stack;
  for (size_t t = 0; t < index_.tables().size(); ++t) {
    const int table = static_cast<int>(t);
    if (InDegree(table) == 0 && !OutEdges(table).empty()) stack.push_back({table});
  }
  std::reverse(stack.begin(), stack.end());
  while (!stack.empty() && result_.relationships.size() < path_cap) {
    std::vector<int> path = std::move(stack.back());
    stack.pop_back();
    std::vector<int> next;
    for (int n : OutEdges(path.back())) {
      if (std::find(path.begin(), path.end(), n) == path.end()) next.push_back(n);
    }
    if (next.empty()) {
      std::vector<std::string> names;
      for (int t : path) names.push_back(TableDisplay(t));
      result_.relationships.push_back(Join(names, " → "));
      continue;
    }
    for (auto it = next.rbegin(); it != next.rend(); ++it) {
      std::vector<int> longer = path;
      longer.push_back(*it);
      stack.push_back(std::move(longer));
    }
  }
}

// Keys-only schemas: the suggestions' axes (the tables themselves) are the dimensions.
void Consultant::DimensionsFromSuggestions(size_t cap) {
  for (const Suggestion& s : result_.suggestions) {
    for (const std::string& d : s.dimensions) {
      if (result_.dimensions_overview.size() < cap) result_.dimensions_overview.push_back(d);
    }
    if (!result_.dimensions_overview.empty()) break;
  }
}

void Consultant::Overviews(const std::vector<Measure>& measures) {
  const size_t cap = static_cast<size_t>(std::max(0, options_.max_overview_items));
  MeasuresOverview(measures, cap);
  DimensionsOverview(cap);
  TimeOverview(cap);
  RelationshipPaths();
  if (result_.dimensions_overview.empty()) DimensionsFromSuggestions(cap);
}

bool Consultant::NothingToSuggest() {
  if (!index_.tables().empty() && !index_.columns().empty()) return false;
  result_.empty_reason =
      L("数据源里没有可用的表或字段，无法给出分析建议；请检查数据源连接和权限，或在语义模型中启用"
        "表",
        "the datasource has no usable tables or columns, so there is "
        "nothing to suggest; check the connection and its permissions, "
        "or enable tables in the semantic model");
  return true;
}

// The best measure: Measures() lists them best first (a column's, or a row count when it
// scores higher). The loop this replaces looked for a column's measure but always took the
// first.
const Measure* PrimaryMeasure(const std::vector<Measure>& measures) {
  return measures.empty() ? nullptr : &measures.front();
}

Consultant::RankedAxes Consultant::RankAxes(int table) const {
  RankedAxes ranked;
  ranked.all = Axes(table);
  ranked.by_comparison = ranked.all;
  std::stable_sort(
      ranked.by_comparison.begin(), ranked.by_comparison.end(),
      [](const Axis& a, const Axis& b) { return a.comparison_score > b.comparison_score; });
  for (const Axis& a : ranked.all) {
    if (a.share_score > 0) ranked.by_share.push_back(a);
  }
  std::stable_sort(ranked.by_share.begin(), ranked.by_share.end(),
                   [](const Axis& a, const Axis& b) { return a.share_score > b.share_score; });
  return ranked;
}

// The best share axis that is not the comparison's column (a share beside the same
// comparison says nothing new).
const Axis* ShareAxis(const std::vector<Axis>& by_share, const Axis* comparison) {
  for (const Axis& a : by_share) {
    if (!comparison || a.column != comparison->column) return &a;
  }
  return nullptr;
}

// The primary measure ranked over its first ranking entity, at that entity's hop count.
void Consultant::AddPrimaryRanking(const Measure& m) {
  const std::vector<int> entities = RankingEntities(m.table);
  if (entities.empty()) return;
  int depth = 0;
  for (const auto& [t, d] : Reachable(m.table)) {
    if (t == entities.front()) depth = d;
  }
  AddRanking(m, entities.front(), depth, kRankingBase);
}

// Status mix of the primary table.
void Consultant::AddStatusMix(const Measure& m, const std::vector<Axis>& axes) {
  for (const Axis& a : axes) {
    if (a.status && a.table == m.table) {
      AddStatus(m.table, a);
      return;
    }
  }
}

// A second axis for a cross-tab: the best other axis, preferring the share axis.
void Consultant::AddSecondAxisCrossTab(const Measure& m, const Axis& comparison, const Axis* share,
                                       const std::vector<Axis>& by_comparison) {
  // Two geographies, or one axis inside the other ("billing country" and "country"),
  // make a redundant table.
  auto distinct = [&](const Axis& a) {
    const std::string x = text::AsciiLower(a.display);
    const std::string y = text::AsciiLower(comparison.display);
    return a.column != comparison.column && !a.status && x.find(y) == std::string::npos &&
           y.find(x) == std::string::npos && !(IsGeography(x) && IsGeography(y));
  };
  const Axis* second = share && distinct(*share) ? share : nullptr;
  if (!second) {
    for (const Axis& a : by_comparison) {
      if (distinct(a)) {
        second = &a;
        break;
      }
    }
  }
  if (second) AddCrossTab(m, comparison, *second);
}

// Two measures of the same rows.
void Consultant::AddSameRowsCorrelation(const Measure& m, const std::vector<Measure>& measures) {
  for (const Measure& other : measures) {
    if (other.column >= 0 && m.column >= 0 && other.table == m.table && other.column != m.column) {
      AddCorrelation(m, other);
      return;
    }
  }
}

// Every kind of suggestion the primary measure's table allows.
void Consultant::SuggestForPrimary(const Measure& m, const std::vector<Measure>& measures) {
  AddTrend(m, kTrendBase);
  const RankedAxes axes = RankAxes(m.table);
  const Axis* comparison = axes.by_comparison.empty() ? nullptr : &axes.by_comparison.front();
  if (comparison) AddComparison(m, *comparison, kComparisonBase);
  const Axis* share = ShareAxis(axes.by_share, comparison);
  if (share && m.additive) AddShare(m, *share, kShareBase);
  AddPrimaryRanking(m);
  AddStatusMix(m, axes.all);
  if (comparison) AddSecondAxisCrossTab(m, *comparison, share, axes.by_comparison);
  AddSameRowsCorrelation(m, measures);
  if (m.column >= 0) AddDistribution(m);
}

// The first ranking entity of `table` the primary table cannot reach (products from order
// lines); -1 when none.
int Consultant::UnreachedEntity(int table, const Measure* primary) const {
  const std::vector<std::pair<int, int>> primary_reach =
      primary ? Reachable(primary->table) : std::vector<std::pair<int, int>>{};
  for (int e : RankingEntities(table)) {
    if (std::none_of(primary_reach.begin(), primary_reach.end(),
                     [&](const auto& p) { return p.first == e; })) {
      return e;
    }
  }
  return -1;
}

// Other fact tables, each through its best measure: a ranking of what the primary table
// cannot reach, else a comparison, else a trend; each scored below the one before.
void Consultant::SuggestForOtherFactTables(const std::vector<Measure>& measures,
                                           const Measure* primary, std::set<int>* covered_tables) {
  double secondary = kSecondaryBase;
  for (const Measure& m : measures) {
    if (m.column < 0 || !m.fact_table || !m.additive || covered_tables->count(m.table)) continue;
    covered_tables->insert(m.table);
    std::vector<Axis> axes = Axes(m.table);
    std::stable_sort(axes.begin(), axes.end(), [](const Axis& a, const Axis& b) {
      return a.comparison_score > b.comparison_score;
    });
    const int entity = UnreachedEntity(m.table, primary);
    if (entity >= 0) {
      AddRanking(m, entity, 0, secondary);
    } else if (!axes.empty() && axes.front().depth == 0) {
      AddComparison(m, axes.front(), secondary);
    } else if (index_.TimeColumn(m.table) >= 0) {
      AddTrend(m, secondary);
    } else if (!axes.empty()) {
      AddComparison(m, axes.front(), secondary);
    } else {
      continue;
    }
    secondary -= 1;
  }
}

// Grouping a row count by any dimension of any table beats nothing.
void Consultant::AddAnyRowCountComparison(const std::vector<Measure>& measures) {
  for (const Measure& m : measures) {
    std::vector<Axis> axes = Axes(m.table);
    if (m.column < 0 && !axes.empty()) {
      AddComparison(m, axes.front(), kComparisonBase);
      return;
    }
  }
}

// The best suggestions up to max_suggestions, one per title (secondary tables can repeat a
// primary suggestion), each with its examples and wording finished.
void Consultant::KeepBestSuggestions() {
  std::stable_sort(out_.begin(), out_.end(),
                   [](const Suggestion& a, const Suggestion& b) { return a.score > b.score; });
  std::set<std::string> titles;
  for (Suggestion& s : out_) {
    if (result_.suggestions.size() >= static_cast<size_t>(std::max(1, options_.max_suggestions)))
      break;
    if (!titles.insert(s.title).second) continue;
    FinishExamples(s);
    FinishWording(s);
    if (s.example_questions.size() >
        static_cast<size_t>(std::max(1, options_.max_examples_per_suggestion))) {
      s.example_questions.resize(std::max(1, options_.max_examples_per_suggestion));
    }
    result_.suggestions.push_back(std::move(s));
  }
}

ConsultationResult Consultant::Run() {
  result_.chinese = zh_;
  if (NothingToSuggest()) return std::move(result_);
  const std::vector<Measure> measures = Measures();
  std::set<int> covered_tables;
  const Measure* primary = PrimaryMeasure(measures);
  if (primary) {
    covered_tables.insert(primary->table);
    SuggestForPrimary(*primary, measures);
  }
  SuggestForOtherFactTables(measures, primary, &covered_tables);
  AddCohort();
  if (out_.empty()) AddAnyRowCountComparison(measures);
  if (out_.empty()) AddVolume();
  result_.examples_verified = input_.dialect != nullptr;
  KeepBestSuggestions();
  Overviews(measures);
  return std::move(result_);
}

}  // namespace

std::string_view ChartKindName(ChartKind kind) {
  switch (kind) {
    case ChartKind::kLine:
      return "line";
    case ChartKind::kBar:
      return "bar";
    case ChartKind::kPie:
      return "pie";
    case ChartKind::kScatter:
      return "scatter";
    case ChartKind::kHeatmap:
      return "heatmap";
  }
  return "bar";
}

std::string_view AnalysisKindName(AnalysisKind kind) {
  switch (kind) {
    case AnalysisKind::kTrend:
      return "trend";
    case AnalysisKind::kComparison:
      return "comparison";
    case AnalysisKind::kShare:
      return "share";
    case AnalysisKind::kRanking:
      return "ranking";
    case AnalysisKind::kCrossTab:
      return "cross_tab";
    case AnalysisKind::kStatus:
      return "status";
    case AnalysisKind::kCohort:
      return "cohort";
    case AnalysisKind::kDistribution:
      return "distribution";
    case AnalysisKind::kCorrelation:
      return "correlation";
    case AnalysisKind::kVolume:
      return "volume";
  }
  return "comparison";
}

std::vector<std::string> ConsultationResult::ExampleQuestions() const {
  std::vector<std::string> out;
  for (const Suggestion& s : suggestions) {
    out.insert(out.end(), s.example_questions.begin(), s.example_questions.end());
  }
  return out;
}

ConsultationResult Consult(const ConsultationInput& input, const ConsultationOptions& options) {
  // Without a ready index, build one from the schema alone: the same role inference the
  // engine uses, with no statistics, so nothing touches the data.
  std::optional<SchemaIndex> own;
  const SchemaIndex* index = input.index;
  if (!index) {
    own = SchemaIndex::Build(input.basic_schema, input.model, {});
    index = &*own;
  }
  ConsultationResult result = Consultant(input, options, *index).Run();
  result.tool_calls = input.schema_from_cache ? 0 : 1;
  result.tool_trace.push_back(std::string(kBasicSchemaTool) +
                              "(level=" + std::string(kBasicSchemaLevel) + ")" +
                              (input.schema_from_cache ? " [cached]" : ""));
  result.sql_executed = 0;
  return result;
}

db::IntrospectOptions BasicSchemaIntrospectOptions() {
  db::IntrospectOptions options;
  options.sample_values_per_column = 0;
  options.row_counts = false;
  return options;
}

StatusOr<ConsultationResult> ConsultDataSource(db::Connector& connector,
                                               const catalog::SemanticModel* model, bool chinese,
                                               const ConsultationOptions& options) {
  StatusOr<db::DatabaseSchema> schema = connector.Introspect(BasicSchemaIntrospectOptions());
  if (!schema.ok()) {
    return Status(schema.status().code(), "consultation: fetching the basic schema of " +
                                              connector.display_name() +
                                              " failed: " + std::string(schema.status().message()));
  }
  ConsultationInput input{*schema, model, nullptr, chinese, false, &connector.dialect()};
  return Consult(input, options);
}

}  // namespace askdb::agent
