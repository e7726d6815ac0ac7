#include "askdb/nlq/measure_additivity.h"

#include <string_view>

#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {

Additivity ColumnAdditivity(const IndexedColumn& column) {
  for (std::string_view name : {std::string_view(column.name), std::string_view(column.display_en),
                                std::string_view(column.display_zh)}) {
    if (name.empty()) continue;
    const Additivity a = measures::FromName(name);
    if (a != Additivity::kUnknown) return a;
  }
  return Additivity::kUnknown;
}

}  // namespace askdb::nlq
