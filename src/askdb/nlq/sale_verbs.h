// Chinese verbs of a sale read as the measure they ask for (segment.cc calls it once the
// words are matched). A schema names what is sold and the money taken (销售额, 销量), rarely
// the verbs people say instead; each verb is read only in the shape written here, so that an
// unread verb still abstains and is named:
//   卖/售 (了/出/掉) (一共) 多少钱      → the money column the revenue words name (销售额)
//   花 (了/掉) (一共) 多少钱, 花钱     → the same money, when the question names a party the
//                                        money's table refers to (客户 of an invoice)
//   卖/售 出(去)/了 (一共) 多少 [unit] [the lines' item table] → the order lines' quantity
//   卖得/卖的 最多/最好/最少/最差 beside a measure the question names → that measure ranked
//   最畅销(的)                        → 销量最多(的): the order lines' quantity ranked
//   没(有)/未 (被) 卖出(去)/卖过/卖掉              → the order lines' table word, for the
//                                        rows with no related rows (没有发票明细的曲目)
//   买/买过/购买 right before a value, in a question read as one of the sales above → a
//                                        function word (the value is what was bought)
#pragma once

#include <vector>

#include "askdb/nlq/reading.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {

// A word naming only measures: measure columns, or business terms that mean a measure (销售额,
// 营收). Also what segment.cc reads 多少 and 平均每 after.
bool IsMeasureTerm(const SchemaIndex& index, const Item& it);

// The order lines' table: the table of the "units sold" quantity column, else of the lines'
// revenue (what a sale verb says a row has when it was sold); -1 when the schema has none.
int OrderLinesTable(const SchemaIndex& index);

// Rewrites the items of a Chinese question in place; returns how many verbs were read.
int ReadChineseSaleVerbs(const SchemaIndex& index, std::vector<Item>* items);

}  // namespace askdb::nlq
