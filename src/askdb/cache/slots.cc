#include "askdb/cache/slots.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <utility>

#include "askdb/cache/question_items.h"
#include "askdb/common/text.h"
#include "askdb/nlq/business_terms.h"
#include "askdb/nlq/lexicon.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::cache {
namespace {

using nlq::Bit;
using nlq::Kw;

// Numbers in this range followed by a year marker (年, 年度) are years.
constexpr double kMinYear = 1000;
constexpr double kMaxYear = 9999;

struct KwName {
  Kw kw;
  const char* name;
};

constexpr KwName kAggregations[] = {{Kw::kSum, "sum"},     {Kw::kAvg, "avg"},
                                    {Kw::kCount, "count"}, {Kw::kMax, "max"},
                                    {Kw::kMin, "min"},     {Kw::kDistinct, "distinct"}};
constexpr KwName kComparisons[] = {{Kw::kGt, "gt"}, {Kw::kGe, "ge"}, {Kw::kLt, "lt"},
                                   {Kw::kLe, "le"}, {Kw::kEq, "eq"}, {Kw::kBetween, "between"}};
// Period words that are not relative to today: quarters, buckets, units, "last N".
constexpr KwName kPeriodWords[] = {{Kw::kQ1, "q1"},
                                   {Kw::kQ2, "q2"},
                                   {Kw::kQ3, "q3"},
                                   {Kw::kQ4, "q4"},
                                   {Kw::kYearBucket, "bucket year"},
                                   {Kw::kQuarterBucket, "bucket quarter"},
                                   {Kw::kMonthBucket, "bucket month"},
                                   {Kw::kWeekBucket, "bucket week"},
                                   {Kw::kDayBucket, "bucket day"},
                                   {Kw::kTrend, "trend"},
                                   {Kw::kLastDays, "last"},
                                   {Kw::kDayUnit, "unit day"},
                                   {Kw::kMonthUnit, "unit month"},
                                   {Kw::kYearUnit, "unit year"},
                                   {Kw::kQuarterUnit, "unit quarter"}};
struct RelName {
  Kw kw;
  nlq::RelativePeriod period;
  const char* name;
};
constexpr RelName kRelative[] = {
    {Kw::kThisYear, nlq::RelativePeriod::kThisYear, "this_year"},
    {Kw::kLastYear, nlq::RelativePeriod::kLastYear, "last_year"},
    {Kw::kThisQuarter, nlq::RelativePeriod::kThisQuarter, "this_quarter"},
    {Kw::kLastQuarter, nlq::RelativePeriod::kLastQuarter, "last_quarter"},
    {Kw::kThisMonth, nlq::RelativePeriod::kThisMonth, "this_month"},
    {Kw::kLastMonth, nlq::RelativePeriod::kLastMonth, "last_month"}};

bool Has(const QuestionItem& item, Kw kw) { return (item.kw & Bit(kw)) != 0; }

// "owners of a kitten or a puppy" vs "owners of both a kitten and a puppy": one word apart,
// different rows. Words the lexicon does not hold (且, 同时, both) are matched here.
constexpr std::string_view kOrWords[] = {"or", "或", "或者", "或是"};
constexpr std::string_view kAndWords[] = {"and",  "both", "&",    "和",   "与",  "及",
                                          "以及", "且",   "并且", "而且", "同时"};
// Negations the lexicon's "not" lacks: "customers without orders" vs "customers with orders".
constexpr std::string_view kNegationWords[] = {
    "without", "never", "neither", "nor", "none", "没有", "没", "从未", "从没", "未曾", "未", "无"};
// Words that start with a negation character but do not negate.
constexpr std::string_view kNotNegations[] = {"未来", "无论"};

template <size_t N>
bool OneOf(std::string_view word, const std::string_view (&words)[N]) {
  return std::find(std::begin(words), std::end(words), word) != std::end(words);
}

// Reads and/or and negation words from item i (with item i+1 when the two form one word,
// as 同+时 or 从+未); returns how many items it consumed (0: none of those words).
size_t AddWordSlots(const std::vector<QuestionItem>& items, size_t i, QuestionSlots& slots) {
  // A phrase's key joins its units with the tokenizer's separator (1F): 或者 is "或\x1f者".
  auto word_of = [](std::string key) {
    std::erase(key, '\x1f');
    return key;
  };
  const std::string key = word_of(items[i].key);
  const bool joinable = i + 1 < items.size() && (items[i + 1].kind == ItemKind::kCjk ||
                                                 items[i + 1].kind == ItemKind::kKeyword);
  const std::string pair = joinable ? key + word_of(items[i + 1].key) : "";
  if (!pair.empty() && OneOf(pair, kNotNegations)) return 2;
  for (const auto& [word, used] : {std::pair{pair, size_t{2}}, std::pair{key, size_t{1}}}) {
    if (word.empty()) continue;
    if (OneOf(word, kOrWords)) {
      slots.connectives.emplace_back("or");
    } else if (OneOf(word, kAndWords) || (used == 1 && Has(items[i], Kw::kConj))) {
      slots.connectives.emplace_back("and");
    } else if (OneOf(word, kNegationWords)) {
      slots.negated = true;
    } else {
      continue;
    }
    return used;
  }
  return 0;
}

std::string FormatNumber(double n) {
  char buf[64];
  if (std::floor(n) == n && std::fabs(n) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", n);
  } else {
    std::snprintf(buf, sizeof buf, "%.10g", n);
  }
  return buf;
}

// Index of the next item after i that carries meaning (not punctuation, not a filler).
int NextMeaningful(const std::vector<QuestionItem>& items, size_t i) {
  for (size_t j = i + 1; j < items.size(); ++j) {
    if (items[j].kind == ItemKind::kPunct) return -1;
    if (!IsFiller(items[j])) return static_cast<int>(j);
  }
  return -1;
}

void AddKeywordSlots(const std::vector<QuestionItem>& items, size_t i, const nlq::CivilDate& anchor,
                     QuestionSlots& slots) {
  const QuestionItem& item = items[i];
  for (const KwName& k : kAggregations) {
    if (Has(item, k.kw)) slots.aggregations.emplace_back(k.name);
  }
  for (const KwName& k : kComparisons) {
    if (Has(item, k.kw)) slots.comparisons.emplace_back(k.name);
  }
  for (const KwName& k : kPeriodWords) {
    if (Has(item, k.kw)) slots.periods.emplace_back(k.name);
  }
  for (const RelName& r : kRelative) {
    if (!Has(item, r.kw)) continue;
    const nlq::DateRange range = nlq::ResolveRelative(r.period, anchor);
    slots.periods.push_back(std::string(r.name) + " " + nlq::FormatIsoDate(range.start) + ".." +
                            nlq::FormatIsoDate(range.end));
  }
  if (Has(item, Kw::kMonthName)) {
    slots.periods.push_back("month " + std::to_string(nlq::Lexicon::Builtin().MonthOf(item.key)));
  }
  if (Has(item, Kw::kNot)) slots.negated = true;
  const bool top = Has(item, Kw::kTop) || Has(item, Kw::kDesc);
  const bool bottom = Has(item, Kw::kBottom) || Has(item, Kw::kAsc);
  if (top) slots.order.emplace_back("desc");
  if (bottom) slots.order.emplace_back("asc");
  // "the oldest pets" vs "the newest pets": opposite ends, the same words otherwise.
  if (Has(item, Kw::kOldest)) slots.order.emplace_back("oldest");
  if (Has(item, Kw::kYoungest)) slots.order.emplace_back("youngest");
  if ((Has(item, Kw::kTop) || Has(item, Kw::kBottom)) && !slots.top_n) {
    const int next = NextMeaningful(items, i);
    if (next >= 0 && items[next].kind == ItemKind::kNumber) slots.top_n = items[next].number;
  }
}

void AddTermSlots(const QuestionItem& item, const nlq::SchemaIndex& index, QuestionSlots& slots) {
  std::set<std::string> values, fields;
  for (int id : item.terms) {
    const nlq::Term& t = index.terms()[id];
    const std::string table = t.table >= 0 ? index.tables()[t.table].name : "";
    const std::string column = t.column >= 0 ? index.columns()[t.column].name : "";
    switch (t.kind) {
      case nlq::TermKind::kValue:
        values.insert(table + "." + column + "=" + t.value);
        break;
      case nlq::TermKind::kColumn:
        fields.insert("column " + table + "." + column);
        break;
      case nlq::TermKind::kTable:
        fields.insert("table " + table);
        break;
      case nlq::TermKind::kBusiness:  // "高价值客户" and "大单" must never share an answer
        fields.insert("term " + index.business_terms()[t.business].def.name);
        break;
    }
  }
  auto join = [](const std::set<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : "|") + p;
    return out;
  };
  // An ambiguous phrase stays one slot (all its readings), so it compares as written.
  if (!values.empty()) slots.values.push_back(join(values));
  if (!fields.empty()) slots.fields.push_back(join(fields));
}

template <typename T, typename F>
void DescribeList(std::string_view name, const std::vector<T>& list, F format, std::string& out) {
  if (list.empty()) return;
  if (!out.empty()) out += "; ";
  out += std::string(name) + " [";
  for (size_t i = 0; i < list.size(); ++i) out += (i ? ", " : "") + format(list[i]);
  out += "]";
}

}  // namespace

std::string QuestionSlots::Describe() const {
  std::string out;
  auto same = [](const std::string& s) { return s; };
  DescribeList("numbers", numbers, FormatNumber, out);
  DescribeList("periods", periods, same, out);
  DescribeList("values", values, same, out);
  DescribeList("fields", fields, same, out);
  if (top_n) out += std::string(out.empty() ? "" : "; ") + "top " + FormatNumber(*top_n);
  DescribeList("order", order, same, out);
  DescribeList("aggregations", aggregations, same, out);
  DescribeList("comparisons", comparisons, same, out);
  DescribeList("connectives", connectives, same, out);
  if (negated) out += std::string(out.empty() ? "" : "; ") + "negated";
  return out.empty() ? "no slots" : out;
}

Json SlotsToJson(const QuestionSlots& slots) {
  Json j;
  j["numbers"] = slots.numbers;
  j["periods"] = slots.periods;
  j["values"] = slots.values;
  j["fields"] = slots.fields;
  j["top_n"] = slots.top_n ? Json(*slots.top_n) : Json();
  j["order"] = slots.order;
  j["aggregations"] = slots.aggregations;
  j["comparisons"] = slots.comparisons;
  j["connectives"] = slots.connectives;
  j["negated"] = slots.negated;
  return j;
}

StatusOr<QuestionSlots> SlotsFromJson(const Json& json) {
  QuestionSlots slots;
  try {
    json.at("numbers").get_to(slots.numbers);
    json.at("periods").get_to(slots.periods);
    json.at("values").get_to(slots.values);
    json.at("fields").get_to(slots.fields);
    if (!json.at("top_n").is_null()) slots.top_n = json.at("top_n").get<double>();
    json.at("order").get_to(slots.order);
    json.at("aggregations").get_to(slots.aggregations);
    json.at("comparisons").get_to(slots.comparisons);
    // Entries stored before this slot existed lack it: they are skipped (re-stored on use).
    json.at("connectives").get_to(slots.connectives);
    slots.negated = json.at("negated").get<bool>();
  } catch (const std::exception& e) {
    return InvalidArgumentError(std::string("stored question slots are malformed (") + e.what() +
                                "); the entry is skipped");
  }
  return slots;
}

QuestionSlots ExtractSlots(std::string_view question, const nlq::CivilDate& anchor,
                           const nlq::SchemaIndex* index) {
  QuestionSlots slots;
  const std::vector<QuestionItem> items = SegmentQuestion(text::NormalizeForMatch(question), index);
  for (size_t i = 0; i < items.size(); ++i) {
    const QuestionItem& item = items[i];
    if (item.kind == ItemKind::kKeyword || item.kind == ItemKind::kWord ||
        item.kind == ItemKind::kCjk) {
      if (const size_t used = AddWordSlots(items, i, slots); used > 0) {
        i += used - 1;
        continue;
      }
    }
    switch (item.kind) {
      case ItemKind::kNumber: {
        slots.numbers.push_back(item.number);
        const int next = i + 1 < items.size() ? static_cast<int>(i + 1) : -1;
        if (next >= 0 && Has(items[next], Kw::kYearMarker) && item.number >= kMinYear &&
            item.number <= kMaxYear && std::floor(item.number) == item.number) {
          slots.periods.push_back("year " + FormatNumber(item.number));
        }
        break;
      }
      case ItemKind::kKeyword:
        if (!IsFiller(item)) AddKeywordSlots(items, i, anchor, slots);
        break;
      case ItemKind::kTerm:
        if (index != nullptr) AddTermSlots(item, *index, slots);
        break;
      case ItemKind::kWord:
      case ItemKind::kCjk:
      case ItemKind::kPunct:
        break;
    }
  }
  // Without an "or" the and-words only list things: "A and B" = "both A and B" = "A, B".
  if (std::find(slots.connectives.begin(), slots.connectives.end(), "or") ==
      slots.connectives.end()) {
    slots.connectives.clear();
  }
  return slots;
}

}  // namespace askdb::cache
