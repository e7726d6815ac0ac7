#include "askdb/db/postgres/postgres_dialect.h"

namespace askdb::db {
namespace {

// to_char needs a timestamp; the cast also accepts dates and ISO text columns.
std::string ToChar(std::string_view format, std::string_view expr) {
  return "to_char(CAST(" + std::string(expr) + " AS timestamp), '" + std::string(format) + "')";
}

}  // namespace

const PostgresDialect& PostgresDialect::Instance() {
  static const PostgresDialect dialect;
  return dialect;
}

std::string PostgresDialect::QuoteIdentifier(std::string_view identifier) const {
  return QuoteByDoubling(identifier, '"');
}

std::string PostgresDialect::QuoteString(std::string_view text) const {
  // Backslashes are ordinary characters in standard strings; only quotes are doubled.
  return QuoteByDoubling(text, '\'');
}

std::string PostgresDialect::QuarterOfYear(std::string_view expr) const {
  return "CAST(EXTRACT(QUARTER FROM CAST(" + std::string(expr) + " AS timestamp)) AS INTEGER)";
}

std::string PostgresDialect::MonthOfYear(std::string_view expr) const {
  return "CAST(EXTRACT(MONTH FROM CAST(" + std::string(expr) + " AS timestamp)) AS INTEGER)";
}

std::string PostgresDialect::DateBucket(DatePart part, std::string_view expr) const {
  switch (part) {
    case DatePart::kYear:
      return ToChar("YYYY", expr);
    case DatePart::kQuarter:
      return ToChar("YYYY-\"Q\"Q", expr);
    case DatePart::kMonth:
      return ToChar("YYYY-MM", expr);
    case DatePart::kWeek:
      // ISO year and week, so that the first days of January sort with their week.
      return ToChar("IYYY-\"W\"IW", expr);
    case DatePart::kDay:
      return ToChar("YYYY-MM-DD", expr);
  }
  return ToChar("YYYY-MM-DD", expr);
}

std::string PostgresDialect::ExtractYear(std::string_view expr) const {
  return "CAST(EXTRACT(YEAR FROM CAST(" + std::string(expr) + " AS timestamp)) AS integer)";
}

std::string PostgresDialect::DateLiteral(std::string_view iso_date) const {
  return "DATE " + QuoteString(iso_date);
}

std::string PostgresDialect::Concat(const std::vector<std::string>& exprs) const {
  if (exprs.empty()) return "''";
  // Casting each operand keeps || valid for numbers and dates; NULL propagates like in
  // SQLite and MySQL's CONCAT.
  std::string out = "(";
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i > 0) out += " || ";
    out += "CAST(" + exprs[i] + " AS text)";
  }
  out += ")";
  return out;
}

std::string PostgresDialect::CastToReal(std::string_view expr) const {
  return "CAST(" + std::string(expr) + " AS double precision)";
}

std::string PostgresDialect::LeadingNumber(std::string_view expr) const {
  return "CAST(substring(CAST(" + std::string(expr) +
         " AS text) from '^-?[0-9]+(?:\\.[0-9]+)?') AS double precision)";
}

}  // namespace askdb::db
