// The source columns whose values are certainly money, so that a result column showing one of
// them (SUM(Total) AS Total on SQLite, a plain REAL under a name that says nothing of money)
// gets two decimals (analysis::DescribeResult's money_columns).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace askdb::catalog {
struct SemanticModel;
}
namespace askdb::nlq {
class SchemaIndex;
}

namespace askdb::agent {

// "USD", "美元", "元", "¥", ...: a unit that is a currency (case-insensitive).
bool IsCurrencyUnit(std::string_view unit);

// Lower-case physical names of the columns the semantic model gives a currency unit or the
// engine took as the data's one money column (no model naming revenue), kept only when every
// column of that name in the schema is money (the result's item names the column without its
// table, so a name shared with a non-money column is not certain).
std::vector<std::string> KnownMoneyColumns(const catalog::SemanticModel* model,
                                           const nlq::SchemaIndex& index);

}  // namespace askdb::agent
