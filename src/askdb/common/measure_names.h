// What a measure's name says of its additivity — whether its values may be added up across
// rows. An amount, a total, a quantity or a count adds up; a price, a rate, a ratio, an
// average, a percentage, an age or a score is a per-row attribute, and a sum or share of it
// states a total that does not exist. One word table for every part that decides this (the
// answer's totals and shares, the chart's pie, the engine's default aggregate).
// Pure functions; thread-safe.
#pragma once

#include <string_view>
#include <vector>

namespace askdb::measures {

enum class Additivity { kAdditive, kNonAdditive, kUnknown };

// From one name ("unit_price", "UnitPrice", "单价", "Total", "avg_amount"): an average, rate,
// ratio, percentage, age, score, extreme or per-unit word makes it non-additive whatever
// else it says ("avg_amount", "unit_cost"); else an amount/total/quantity/count/sales word
// makes it additive ("total_price", "discount_amount", 总价); else a price, discount or
// margin word makes it non-additive; else unknown. English words are compared whole (the
// name split into words), so "rate" does not match "operated"; Chinese ones as substrings.
Additivity FromName(std::string_view name);

// The money words are one table (measure_names.cc, kMoneyWords); each of the three readers
// below keeps its own matching rule and marks its own rows there.
//
// Whether a name or a request speaks of money taken in or spent: sales, revenue, turnover,
// income, profit, GMV, amount, spend; 销售, 营收, 收入, 营业额, 金额, 利润, 流水. English words
// are compared whole ("sales report", "TotalSales"), Chinese ones as substrings.
bool NamesMoney(std::string_view text);

// Whether a lower-cased measure name holds a money word as a substring (amount, revenue,
// sales, income, profit, GDP, 金额, 收入, 营收, 利润, 销售额): consultation ranks such a measure
// first among additive ones.
bool RanksAsMoney(std::string_view lower_name);

// The phrases for the money a business takes in ("revenue", "sales", "销售额", "营业额", ...),
// which the engine reads as the one money column when no semantic model names them.
const std::vector<std::string_view>& RevenuePhrases();

// Whether a name counts things rather than money: quantity, count, number, units, volume;
// 数量, 数, 次, 件, 量 ("销售数量" is a quantity of sales, not an amount).
bool NamesQuantity(std::string_view name);

}  // namespace askdb::measures
