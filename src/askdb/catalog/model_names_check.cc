#include "askdb/catalog/model_names_check.h"

namespace askdb::catalog {

std::vector<std::string> ModelNamesTheSchemaLacks(const SemanticModel& model,
                                                  const db::DatabaseSchema& schema) {
  std::vector<std::string> missing;
  for (const TableSemantics& t : model.tables) {
    const db::TableInfo* table = schema.FindTable(t.name);
    if (table == nullptr) {
      missing.push_back(t.name);
      continue;
    }
    for (const ColumnSemantics& c : t.columns) {
      if (table->FindColumn(c.name) == nullptr) missing.push_back(t.name + "." + c.name);
    }
  }
  return missing;
}

}  // namespace askdb::catalog
