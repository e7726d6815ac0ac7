#include "askdb/cli/table_printer.h"

#include <algorithm>
#include <vector>

#include "askdb/common/text.h"

namespace askdb::cli {
namespace {

constexpr int kMinCellWidth = 3;
constexpr std::string_view kColumnGap = "  ";

bool IsRightAligned(const db::Value& v) { return v.is_numeric(); }

// Shrinks the widest columns first until the line fits.
void FitWidths(std::vector<int>& widths, int max_width) {
  auto total = [&] {
    int sum = 0;
    for (int w : widths) sum += w;
    return sum + static_cast<int>(kColumnGap.size()) * (static_cast<int>(widths.size()) - 1);
  };
  while (total() > max_width) {
    auto widest = std::max_element(widths.begin(), widths.end());
    if (*widest <= kMinCellWidth) break;
    --*widest;
  }
}

}  // namespace

std::string FormatTable(const db::ResultSet& result, const TableFormat& format) {
  const size_t ncols = result.column_count();
  if (ncols == 0) return "(no columns)\n";
  const size_t shown =
      std::min(result.row_count(), static_cast<size_t>(std::max(0, format.max_rows)));

  std::vector<std::vector<std::string>> cells(shown);
  std::vector<int> widths(ncols);
  for (size_t c = 0; c < ncols; ++c) {
    widths[c] = std::min(text::DisplayWidth(result.columns[c].name), format.max_cell_width);
  }
  for (size_t r = 0; r < shown; ++r) {
    cells[r].resize(ncols);
    for (size_t c = 0; c < ncols && c < result.rows[r].size(); ++c) {
      std::string s = result.rows[r][c].ToDisplayString();
      std::replace(s.begin(), s.end(), '\n', ' ');
      widths[c] = std::max(widths[c], std::min(text::DisplayWidth(s), format.max_cell_width));
      cells[r][c] = std::move(s);
    }
  }
  for (int& w : widths) w = std::max(w, kMinCellWidth);
  FitWidths(widths, format.max_width);

  std::string out;
  auto emit_line = [&](const std::vector<std::string>& row, const std::vector<bool>& right) {
    std::string line;
    for (size_t c = 0; c < ncols; ++c) {
      if (c > 0) line += kColumnGap;
      line += right[c] ? text::PadLeft(row[c], widths[c]) : text::PadRight(row[c], widths[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
  };

  std::vector<std::string> header(ncols);
  std::vector<bool> left(ncols, false);
  for (size_t c = 0; c < ncols; ++c) header[c] = result.columns[c].name;
  emit_line(header, left);
  std::string rule;
  for (size_t c = 0; c < ncols; ++c) {
    if (c > 0) rule += kColumnGap;
    for (int i = 0; i < widths[c]; ++i) rule += "─";
  }
  out += rule + "\n";
  for (size_t r = 0; r < shown; ++r) {
    std::vector<bool> right(ncols);
    for (size_t c = 0; c < ncols && c < result.rows[r].size(); ++c) {
      right[c] = IsRightAligned(result.rows[r][c]);
    }
    emit_line(cells[r], right);
  }

  const size_t hidden = result.row_count() - shown;
  std::string footer =
      "(" + std::to_string(result.row_count()) + (result.row_count() == 1 ? " row" : " rows");
  if (hidden > 0) footer += ", " + std::to_string(shown) + " shown";
  if (result.truncated) footer += "; more rows exist beyond the row cap (--max-rows)";
  footer += ")\n";
  out += footer;
  return out;
}

}  // namespace askdb::cli
