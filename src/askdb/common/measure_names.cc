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

// Money taken in or spent (NamesMoney).
constexpr std::string_view kMoneyEn[] = {"sales",   "sale",   "revenue",  "revenues", "turnover",
                                         "income",  "profit", "profits",  "gmv",      "amount",
                                         "amounts", "spend",  "spending", "money"};
constexpr std::string_view kMoneyZh[] = {"销售", "营收", "收入", "营业额", "金额", "利润", "流水"};

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
  return AnyWord(words, kMoneyEn) || AnySubstring(text, kMoneyZh);
}

}  // namespace askdb::measures
