#include "askdb/agent/ask/money_columns.h"

#include <algorithm>
#include <map>
#include <set>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/text.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent {
namespace {

// Term::source of the engine's inferred money words (nlq/schema_index.cc).
constexpr std::string_view kInferredMoneySource = "inferred money";

}  // namespace

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
  // The engine's one money column (SchemaIndex::AddInferredMoneyWords: with no model naming
  // revenue, the only total/amount measure of a table with a date).
  std::set<int> inferred;
  for (const nlq::Term& t : index.terms()) {
    if (t.kind == nlq::TermKind::kColumn && t.source == kInferredMoneySource) {
      inferred.insert(t.column);
    }
  }
  // Per lower-case column name: is every column of that name money?
  std::map<std::string, bool> all_money;
  for (size_t i = 0; i < index.columns().size(); ++i) {
    const nlq::IndexedColumn& c = index.columns()[i];
    const catalog::ColumnSemantics* cs =
        model ? model->FindColumn(index.tables()[c.table].name, c.name) : nullptr;
    const bool money =
        (cs != nullptr && IsCurrencyUnit(cs->unit)) || inferred.count(static_cast<int>(i)) > 0;
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
