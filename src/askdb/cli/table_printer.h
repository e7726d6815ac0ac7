// Renders a ResultSet as an aligned text table for a terminal: CJK-aware column widths,
// numbers right-aligned, long cells cut with "…", a row limit with a note of what was
// left out. Pure functions; thread-safe.
#pragma once

#include <string>
#include <vector>

#include "askdb/db/result_set.h"

namespace askdb::cli {

struct TableFormat {
  int max_rows = 50;        // rows shown; the rest are summarised in a footer line
  int max_width = 100;      // total width of a line in display columns
  int max_cell_width = 40;  // a single cell is cut beyond this
  // The statement and the source columns known to hold money (analysis::DescribeResult): a
  // column showing one of them keeps two decimals. Empty: the column names alone decide.
  std::string sql;
  std::vector<std::string> money_columns;
  // How a NULL cell reads: "NULL" for SQL (askdb sql), "—" / "(空)" in an answer (askdb ask).
  std::string null_text = "NULL";
  bool chinese = false;  // the footer's language: "(共 3 行)" / "(3 rows)"
};

std::string FormatTable(const db::ResultSet& result, const TableFormat& format);

}  // namespace askdb::cli
