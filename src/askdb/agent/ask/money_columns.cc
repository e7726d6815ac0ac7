#include "askdb/agent/ask/money_columns.h"

#include <algorithm>
#include <map>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent {

bool IsCurrencyUnit(std::string_view unit) {
  static constexpr std::string_view kCurrencies[] = {
      "usd",  "cny",  "rmb", "eur", "gbp",  "jpy",    "hkd",  "twd",  "krw",  "inr",  "aud",
      "cad",  "chf",  "sgd", "元",  "美元", "人民币", "欧元", "英镑", "日元", "港元", "港币",
      "万元", "亿元", "$",   "¥",   "￥",   "€",      "£",    "us$",  "rmb¥"};
  const std::string lower = text::AsciiLower(unit);
  return std::find(std::begin(kCurrencies), std::end(kCurrencies), lower) != std::end(kCurrencies);
}

std::vector<std::string> KnownMoneyColumns(const catalog::SemanticModel* model,
                                           const nlq::SchemaIndex& index) {
  if (model == nullptr) return {};
  // Per lower-case column name: is every column of that name money?
  std::map<std::string, bool> all_money;
  for (const nlq::IndexedColumn& c : index.columns()) {
    const catalog::ColumnSemantics* cs = model->FindColumn(index.tables()[c.table].name, c.name);
    const bool money = cs != nullptr && IsCurrencyUnit(cs->unit);
    auto [it, inserted] = all_money.emplace(text::AsciiLower(c.name), money);
    if (!inserted) it->second = it->second && money;
  }
  std::vector<std::string> out;
  for (const auto& [name, money] : all_money) {
    if (money) out.push_back(name);
  }
  return out;
}

}  // namespace askdb::agent
