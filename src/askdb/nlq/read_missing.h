// Rows where a column holds nothing: "customers with no company", "employees without a
// manager", "orders not yet shipped", 没填公司的客户 → column IS NULL. Internal to the engine.
#pragma once

#include <string>
#include <vector>

#include "askdb/nlq/reading.h"

namespace askdb::nlq {

class SchemaIndex;
struct IndexedColumn;

// Whether `word` (lower case) is the verb a date column's name starts with: "shipped" for
// ShippedDate or ShipDate, "hired" for HireDate, "required" for RequiredDate.
bool VerbNamesDateColumn(const std::string& word, const IndexedColumn& column);
// Whether `word` (lower case) is the past form of the verb a column's name starts with:
// "billed" for BillingCity, "shipped" for ShipCountry.
bool VerbNamesColumnPrefix(const std::string& word, const IndexedColumn& column);

// "no"/"not"/"without" (then "a", "an", "any", "yet", "been") before a column of a table the
// question names, or before the verb of one of its date columns: adds `column IS NULL` to `query`
// and marks the words used. Only when exactly one such column fits; a table after "no" ("with no
// invoices") is a count of related rows, read elsewhere.
void ReadMissingValues(std::vector<Item>& items, Query& query, const SchemaIndex& index);

// The Chinese twin: 没(有)/无 (填/写) + a column of a table the question names, then (past
// 信息 and 的) that table's word or nothing more: "没填公司的客户", "没有作曲者信息的曲目",
// "没有上级的员工", "哪些客户没有公司". A table's own word after 没有 is a count of related rows
// (read_comparisons.cc), not read here.
void ReadChineseMissingValues(std::vector<Item>& items, Query& query, const SchemaIndex& index);

}  // namespace askdb::nlq
