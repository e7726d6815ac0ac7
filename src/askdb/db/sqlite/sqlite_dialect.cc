#include "askdb/db/sqlite/sqlite_dialect.h"

namespace askdb::db {
namespace {

std::string Strftime(std::string_view format, std::string_view expr) {
  return "strftime('" + std::string(format) + "', " + std::string(expr) + ")";
}

}  // namespace

const SqliteDialect& SqliteDialect::Instance() {
  static const SqliteDialect dialect;
  return dialect;
}

std::string SqliteDialect::QuoteIdentifier(std::string_view identifier) const {
  return QuoteByDoubling(identifier, '"');
}

std::string SqliteDialect::QuoteString(std::string_view text) const {
  return QuoteByDoubling(text, '\'');
}

std::string SqliteDialect::QuarterOfYear(std::string_view expr) const {
  return "((" + MonthOfYear(expr) + " + 2) / 3)";
}

std::string SqliteDialect::MonthOfYear(std::string_view expr) const {
  return "CAST(" + Strftime("%m", expr) + " AS INTEGER)";
}

std::string SqliteDialect::DateBucket(DatePart part, std::string_view expr) const {
  switch (part) {
    case DatePart::kYear:
      return Strftime("%Y", expr);
    case DatePart::kQuarter:
      // strftime has no quarter: months 1-3 → Q1 ... 10-12 → Q4.
      return "(" + Strftime("%Y", expr) + " || '-Q' || ((CAST(" + Strftime("%m", expr) +
             " AS INTEGER) + 2) / 3))";
    case DatePart::kMonth:
      return Strftime("%Y-%m", expr);
    case DatePart::kWeek:
      return Strftime("%Y-W%W", expr);
    case DatePart::kDay:
      return Strftime("%Y-%m-%d", expr);
  }
  return Strftime("%Y-%m-%d", expr);
}

std::string SqliteDialect::ExtractYear(std::string_view expr) const {
  return "CAST(" + Strftime("%Y", expr) + " AS INTEGER)";
}

std::string SqliteDialect::DateLiteral(std::string_view iso_date) const {
  // SQLite stores dates as ISO 8601 text, which compares correctly as a string.
  return QuoteString(iso_date);
}

std::string SqliteDialect::Concat(const std::vector<std::string>& exprs) const {
  if (exprs.empty()) return "''";
  if (exprs.size() == 1) return exprs.front();
  std::string out = "(";
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i > 0) out += " || ";
    out += exprs[i];
  }
  out += ")";
  return out;
}

std::string SqliteDialect::CastToReal(std::string_view expr) const {
  return "CAST(" + std::string(expr) + " AS REAL)";
}

}  // namespace askdb::db
