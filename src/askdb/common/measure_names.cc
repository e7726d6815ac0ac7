#include "askdb/common/measure_names.h"

#include <algorithm>
#include <string>
#include <vector>

#include "askdb/common/text.h"

namespace askdb::measures {
namespace {

// Non-additive whatever else the name says ("average total", "unit cost").
constexpr std::string_view kStrongEn[] = {
    "avg",        "average",  "mean", "median", "rate",       "ratio",     "percent",
    "percentage", "pct",      "pctg", "share",  "proportion", "age",       "score",
    "rating",     "grade",    "rank", "min",    "max",        "minimum",   "maximum",
    "stddev",     "variance", "unit", "per",    "latitude",   "longitude", "temperature"};
constexpr std::string_view kStrongZh[] = {"平均", "均值",   "均价", "人均", "率",   "比例", "占比",
                                          "比重", "百分比", "年龄", "评分", "得分", "分数", "排名",
                                          "温度", "最高",   "最低", "最大", "最小", "系数", "指数"};
// Amounts and counts that add up.
constexpr std::string_view kAdditiveEn[] = {
    "amount", "total",  "subtotal", "sum",     "quantity", "quantities", "qty",
    "count",  "number", "sales",    "sale",    "revenue",  "volume",     "income",
    "profit", "orders", "freight",  "bytes",   "units",    "spend",      "spent",
    "paid",   "cost",   "costs",    "turnover"};
constexpr std::string_view kAdditiveZh[] = {"总", "合计", "金额", "额",   "数量", "数",
                                            "次", "量",   "收入", "利润", "营收"};
// A unit value or a fraction: non-additive unless the name also says amount ("total_price").
constexpr std::string_view kWeakEn[] = {"price", "unitprice", "discount", "margin"};
constexpr std::string_view kWeakZh[] = {"单价", "价格", "售价", "定价", "价", "折扣"};

// The one table of money words. Each reader keeps its own matching rule and its own rows:
//  names   — NamesMoney: does a name or a request speak of money (English words whole,
//            Chinese as substrings); broad, so 销售 and profit count.
//  ranks   — consultation: of two additive measures, the one in money heads a suggestion
//            (substrings of the lower-cased name); not 销售 alone ("销售数量" is a count),
//            but GDP (a country's money).
//  revenue — the engine: phrases that name the one money column when no semantic model does
//            (SchemaIndex::AddInferredMoneyWords); money taken in only, so not profit,
//            amount or 金额 (an order's total is revenue, its profit is not).
struct MoneyWord {
  std::string_view text;
  bool names, ranks, revenue;
};
// clang-format off
constexpr MoneyWord kMoneyWords[] = {
    //                  names  ranks  revenue
    {"revenue",        true,  true,  true},
    {"sales",          true,  true,  true},
    {"turnover",       true,  false, true},
    {"sales amount",   false, false, true},
    {"销售额",         true,  true,  true},
    {"营收",           true,  true,  true},
    {"收入",           true,  true,  true},
    {"营业额",         true,  false, true},
    {"销售金额",       true,  false, true},
    {"sale",           true,  false, false},
    {"revenues",       true,  false, false},
    {"income",         true,  true,  false},
    {"profit",         true,  true,  false},
    {"profits",        true,  false, false},
    {"gmv",            true,  false, false},
    {"amount",         true,  true,  false},
    {"amounts",        true,  false, false},
    {"spend",          true,  false, true},
    {"spending",       true,  false, true},
    {"spent",          false, false, true},
    {"money",          true,  false, false},
    {"gdp",            false, true,  false},
    {"销售",           true,  false, false},
    {"金额",           true,  true,  false},
    {"利润",           true,  true,  false},
    {"流水",           true,  false, false},
};
// clang-format on

bool IsAscii(std::string_view s) {
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// Counts of things (NamesQuantity).
constexpr std::string_view kQuantityEn[] = {"quantity", "quantities", "qty",   "count", "number",
                                            "units",    "volume",     "items", "num"};
constexpr std::string_view kQuantityZh[] = {"数量", "数", "次", "件", "量"};

template <size_t N>
bool AnyWord(const std::vector<std::string>& words, const std::string_view (&list)[N]) {
  return std::any_of(words.begin(), words.end(), [&](const std::string& w) {
    return std::find(std::begin(list), std::end(list), w) != std::end(list);
  });
}

template <size_t N>
bool AnySubstring(std::string_view s, const std::string_view (&list)[N]) {
  return std::any_of(std::begin(list), std::end(list),
                     [&](std::string_view w) { return s.find(w) != std::string_view::npos; });
}

}  // namespace

Additivity FromName(std::string_view name) {
  std::vector<std::string> words = text::SplitIdentifier(name);
  for (std::string& w : words) w = text::AsciiLower(w);
  if (AnyWord(words, kStrongEn) || AnySubstring(name, kStrongZh)) return Additivity::kNonAdditive;
  if (AnyWord(words, kAdditiveEn) || AnySubstring(name, kAdditiveZh)) return Additivity::kAdditive;
  if (AnyWord(words, kWeakEn) || AnySubstring(name, kWeakZh)) return Additivity::kNonAdditive;
  return Additivity::kUnknown;
}

bool NamesMoney(std::string_view text) {
  std::vector<std::string> words = text::SplitIdentifier(text);
  for (std::string& w : words) w = text::AsciiLower(w);
  return std::any_of(std::begin(kMoneyWords), std::end(kMoneyWords), [&](const MoneyWord& m) {
    if (!m.names) return false;
    if (!IsAscii(m.text)) return text.find(m.text) != std::string_view::npos;
    return std::find(words.begin(), words.end(), m.text) != words.end();
  });
}

bool RanksAsMoney(std::string_view lower_name) {
  return std::any_of(std::begin(kMoneyWords), std::end(kMoneyWords), [&](const MoneyWord& m) {
    return m.ranks && lower_name.find(m.text) != std::string_view::npos;
  });
}

const std::vector<std::string_view>& RevenuePhrases() {
  static const std::vector<std::string_view> phrases = [] {
    std::vector<std::string_view> out;
    for (const MoneyWord& m : kMoneyWords) {
      if (m.revenue) out.push_back(m.text);
    }
    return out;
  }();
  return phrases;
}

bool NamesQuantity(std::string_view name) {
  std::vector<std::string> words = text::SplitIdentifier(name);
  for (std::string& w : words) w = text::AsciiLower(w);
  return AnyWord(words, kQuantityEn) || AnySubstring(name, kQuantityZh);
}

}  // namespace askdb::measures
