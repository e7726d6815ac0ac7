// CSV import and export of a semantic model, for people who maintain business names and
// synonyms in a spreadsheet (seed 004 §8.3 "batch import"). Two files:
//
//   entries:   table,column,enabled,business_name_zh,business_name_en,synonyms,
//              description_zh,description_en,role,unit
//              (an empty `column` makes the row describe the table; synonyms are
//              separated by '|'; enabled is true/false, empty = true)
//   relations: from,to,kind,description   ("orders.customer_id", "customers.id", "N:1")
//
// RFC 4180 quoting (fields with commas, quotes or line breaks are quoted, quotes doubled).
// Value labels are not carried by CSV: keep them in the JSON file. Import validates the
// result exactly as LoadSemanticModel does. Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/status.h"

namespace askdb::catalog {

// Separates synonyms inside the one `synonyms` cell.
inline constexpr char kCsvSynonymSeparator = '|';

struct SemanticModelCsv {
  std::string entries;
  std::string relations;
};

// InvalidArgument when a synonym contains kCsvSynonymSeparator (it could not be read back).
StatusOr<SemanticModelCsv> ExportSemanticModelCsv(const SemanticModel& model);

// `relations` may be empty. Errors name the file ("entries"/"relations") and the line.
StatusOr<SemanticModel> ImportSemanticModelCsv(std::string_view entries, std::string_view relations,
                                               std::string datasource = "");

// RFC 4180 rows (exposed for tests). InvalidArgument for an unterminated quoted field.
StatusOr<std::vector<std::vector<std::string>>> ParseCsv(std::string_view text);
std::string CsvRow(const std::vector<std::string>& fields);

}  // namespace askdb::catalog
