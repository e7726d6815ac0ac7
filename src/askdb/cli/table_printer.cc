#include "askdb/cli/table_printer.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>
#include <vector>

#include "askdb/analysis/number_kind.h"
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

// Digits after the point that `text` ("263.5000", "99984.5799157") needs: trailing zeros
// do not count.
int FractionDigits(std::string_view text) {
  const size_t dot = text.find('.');
  if (dot == std::string_view::npos || text.find_first_of("eE") != std::string_view::npos) return 0;
  size_t end = text.size();
  while (end > dot + 1 && text[end - 1] == '0') --end;
  return static_cast<int>(end - dot - 1);
}

// One number of decimals for a plain number column (analysis::NumberKind::kNumber), so that
// float noise (267868.179744) and NUMERIC padding (263.5000) do not bury the figures and the
// points line up: what the values need, at most 2 once any value reaches 100 (amounts), else at
// most 4. -1 leaves the column as the database gave it (no fractional values, or a decimal
// with more digits than a double holds).
int ColumnDecimals(const db::ResultSet& result, size_t c, size_t shown) {
  constexpr int kAmountDecimals = 2, kSmallDecimals = 4;
  constexpr double kAmount = 100;
  constexpr size_t kExactDigits = 15;
  int needed = 0;
  bool fractional_kind = false, amount = false;
  for (size_t r = 0; r < shown; ++r) {
    if (c >= result.rows[r].size()) continue;
    const db::Value& v = result.rows[r][c];
    if (v.kind() != db::Value::Kind::kDouble && v.kind() != db::Value::Kind::kDecimal) continue;
    const std::optional<double> n = v.AsNumber();
    if (!n || !std::isfinite(*n)) return -1;
    const std::string shown_text = v.ToDisplayString();
    if (v.kind() == db::Value::Kind::kDecimal &&
        static_cast<size_t>(std::count_if(shown_text.begin(), shown_text.end(), ::isdigit)) >
            kExactDigits) {
      return -1;
    }
    fractional_kind = true;
    amount = amount || std::fabs(*n) >= kAmount;
    needed = std::max(needed, FractionDigits(shown_text));
  }
  if (!fractional_kind) return -1;
  // A percentage ("占比(%)", "share (%)": the engine leaves it unrounded) needs no more than
  // two: 43.60, not 43.5951.
  const bool percent = result.columns[c].name.find('%') != std::string::npos;
  return std::min(needed, amount || percent ? kAmountDecimals : kSmallDecimals);
}

// A ratio, money and a COUNT read as the answer, the report and the web UI show them
// (analysis::FormatCell: "3.84%", "2,328.60", "4,527"); other numbers keep their form, with
// the column's decimals so the points line up.
std::string Cell(const db::Value& v, analysis::NumberKind kind, int decimals,
                 const std::string& null_text) {
  if (v.is_null()) return null_text;
  if (kind == analysis::NumberKind::kRatio || kind == analysis::NumberKind::kMoney ||
      kind == analysis::NumberKind::kCount) {
    return analysis::FormatCell(v, kind);
  }
  if (decimals < 0 ||
      (v.kind() != db::Value::Kind::kDouble && v.kind() != db::Value::Kind::kDecimal)) {
    return v.ToDisplayString();
  }
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, *v.AsNumber());
  std::string out = buf;
  if (out.starts_with("-") && out.find_first_not_of("-0.") == std::string::npos) out.erase(0, 1);
  return out;
}

// Each column's width from its name, at most the widest a cell may be.
std::vector<int> HeaderWidths(const db::ResultSet& result, const TableFormat& format) {
  std::vector<int> widths(result.column_count());
  for (size_t c = 0; c < widths.size(); ++c) {
    widths[c] = std::min(text::DisplayWidth(result.columns[c].name), format.max_cell_width);
  }
  return widths;
}

// The shown rows' cells as text on one line each, widening `widths` to the widest cell
// (up to the cell limit).
std::vector<std::vector<std::string>> CellTexts(const db::ResultSet& result,
                                                const TableFormat& format, size_t shown,
                                                std::vector<int>& widths) {
  const size_t ncols = result.column_count();
  const std::vector<analysis::NumberKind> kinds =
      analysis::ColumnNumberKinds(result, format.sql, format.money_columns);
  std::vector<int> decimals(ncols);
  for (size_t c = 0; c < ncols; ++c) decimals[c] = ColumnDecimals(result, c, shown);
  std::vector<std::vector<std::string>> cells(shown);
  for (size_t r = 0; r < shown; ++r) {
    cells[r].resize(ncols);
    for (size_t c = 0; c < ncols && c < result.rows[r].size(); ++c) {
      std::string s = Cell(result.rows[r][c], kinds[c], decimals[c], format.null_text);
      std::replace(s.begin(), s.end(), '\n', ' ');
      widths[c] = std::max(widths[c], std::min(text::DisplayWidth(s), format.max_cell_width));
      cells[r][c] = std::move(s);
    }
  }
  return cells;
}

// One line of the table: each cell padded to its column (numbers to the right), no
// trailing blanks.
std::string Line(const std::vector<std::string>& row, const std::vector<bool>& right,
                 const std::vector<int>& widths) {
  std::string line;
  for (size_t c = 0; c < widths.size(); ++c) {
    if (c > 0) line += kColumnGap;
    line += right[c] ? text::PadLeft(row[c], widths[c]) : text::PadRight(row[c], widths[c]);
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line + '\n';
}

// The rule under the header, as wide as each column.
std::string Rule(const std::vector<int>& widths) {
  std::string rule;
  for (size_t c = 0; c < widths.size(); ++c) {
    if (c > 0) rule += kColumnGap;
    for (int i = 0; i < widths[c]; ++i) rule += "─";
  }
  return rule + "\n";
}

// Which of a row's cells are aligned to the right (its numbers).
std::vector<bool> RightAligned(const std::vector<db::Value>& row, size_t ncols) {
  std::vector<bool> right(ncols);
  for (size_t c = 0; c < ncols && c < row.size(); ++c) right[c] = IsRightAligned(row[c]);
  return right;
}

// "(N rows)": how many were shown when not all, and whether the row cap cut the result.
std::string Footer(const db::ResultSet& result, size_t shown, bool chinese) {
  const size_t hidden = result.row_count() - shown;
  const std::string rows = std::to_string(result.row_count());
  std::string footer =
      chinese ? "(共 " + rows + " 行" : "(" + rows + (result.row_count() == 1 ? " row" : " rows");
  if (hidden > 0) {
    footer += chinese ? "，显示 " + std::to_string(shown) + " 行"
                      : ", " + std::to_string(shown) + " shown";
  }
  if (result.truncated) {
    footer += chinese ? "；达到行数上限，还有更多行（--max-rows）"
                      : "; more rows exist beyond the row cap (--max-rows)";
  }
  return footer + ")\n";
}

}  // namespace

std::string FormatTable(const db::ResultSet& result, const TableFormat& format) {
  const size_t ncols = result.column_count();
  if (ncols == 0) return "(no columns)\n";
  const size_t shown =
      std::min(result.row_count(), static_cast<size_t>(std::max(0, format.max_rows)));
  std::vector<int> widths = HeaderWidths(result, format);
  const std::vector<std::vector<std::string>> cells = CellTexts(result, format, shown, widths);
  for (int& w : widths) w = std::max(w, kMinCellWidth);
  FitWidths(widths, format.max_width);
  std::vector<std::string> header(ncols);
  for (size_t c = 0; c < ncols; ++c) header[c] = result.columns[c].name;
  std::string out = Line(header, std::vector<bool>(ncols, false), widths);
  out += Rule(widths);
  for (size_t r = 0; r < shown; ++r) {
    out += Line(cells[r], RightAligned(result.rows[r], ncols), widths);
  }
  return out + Footer(result, shown, format.chinese);
}

}  // namespace askdb::cli
