#include "askdb/nlq/measure_additivity.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

// English words are compared whole (a name split into words: "unit_price" → unit, price),
// so "rate" does not match "operated" nor "age" "page"; Chinese ones as substrings, since a
// Chinese name is one run ("商品单价").
constexpr std::array<std::string_view, 17> kNonAdditiveWords = {
    "avg",   "average", "mean",  "rate",   "ratio",    "percent",   "percentage",  "pct", "age",
    "score", "rating",  "grade", "margin", "latitude", "longitude", "temperature", "pctg"};
constexpr std::array<std::string_view, 12> kNonAdditiveZh = {
    "平均", "均值", "率", "比例", "占比", "百分比", "年龄", "评分", "得分", "分数", "温度", "均价"};
constexpr std::array<std::string_view, 11> kAdditiveWords = {
    "amount", "total",   "sum",      "quantity", "qty",   "count",
    "sales",  "revenue", "subtotal", "volume",   "number"};
constexpr std::array<std::string_view, 8> kAdditiveZh = {"金额", "总额",   "总计", "合计",
                                                         "数量", "销售额", "收入", "总价"};
constexpr std::array<std::string_view, 3> kPerUnitWords = {"price", "unit", "per"};
constexpr std::array<std::string_view, 3> kPerUnitZh = {"单价", "价格", "售价"};

template <size_t N>
bool AnyWord(const std::vector<std::string>& words, const std::array<std::string_view, N>& set) {
  return std::any_of(words.begin(), words.end(), [&](const std::string& w) {
    return std::find(set.begin(), set.end(), w) != set.end();
  });
}

template <size_t N>
bool AnySubstring(std::string_view name, const std::array<std::string_view, N>& set) {
  return std::any_of(set.begin(), set.end(),
                     [&](std::string_view w) { return name.find(w) != std::string_view::npos; });
}

}  // namespace

Additivity NameAdditivity(std::string_view name) {
  std::vector<std::string> words = text::SplitIdentifier(name);
  for (std::string& w : words) w = text::AsciiLower(w);
  if (AnyWord(words, kNonAdditiveWords) || AnySubstring(name, kNonAdditiveZh)) {
    return Additivity::kNonAdditive;
  }
  if (AnyWord(words, kAdditiveWords) || AnySubstring(name, kAdditiveZh)) {
    return Additivity::kAdditive;
  }
  if (AnyWord(words, kPerUnitWords) || AnySubstring(name, kPerUnitZh)) {
    return Additivity::kNonAdditive;
  }
  return Additivity::kUnknown;
}

Additivity ColumnAdditivity(const IndexedColumn& column) {
  for (std::string_view name : {std::string_view(column.name), std::string_view(column.display_en),
                                std::string_view(column.display_zh)}) {
    if (name.empty()) continue;
    const Additivity a = NameAdditivity(name);
    if (a != Additivity::kUnknown) return a;
  }
  return Additivity::kUnknown;
}

}  // namespace askdb::nlq
