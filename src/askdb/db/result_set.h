// ResultSet: the materialised result of one read statement, capped at a row limit.
// A plain value type; not synchronised.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "askdb/common/json.h"
#include "askdb/db/value.h"

namespace askdb::db {

struct ResultColumn {
  std::string name;
  std::string declared_type;  // as the engine reports it ("INTEGER", "numeric(10,2)", "")
};

struct ResultSet {
  std::vector<ResultColumn> columns;
  std::vector<std::vector<Value>> rows;
  bool truncated = false;  // the row cap was hit: more rows exist than `rows` holds
  std::chrono::microseconds elapsed{0};

  size_t column_count() const { return columns.size(); }
  size_t row_count() const { return rows.size(); }
  int ColumnIndex(std::string_view name) const;  // -1 when absent

  // {"columns":[...],"rows":[[...]],"truncated":false,"elapsed_ms":1.2}
  Json ToJson() const;
};

}  // namespace askdb::db
