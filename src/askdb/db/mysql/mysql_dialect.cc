#include "askdb/db/mysql/mysql_dialect.h"

namespace askdb::db {
namespace {

std::string DateFormat(std::string_view format, std::string_view expr) {
  return "DATE_FORMAT(" + std::string(expr) + ", '" + std::string(format) + "')";
}

}  // namespace

const MysqlDialect& MysqlDialect::Instance() {
  static const MysqlDialect dialect;
  return dialect;
}

std::string MysqlDialect::QuoteIdentifier(std::string_view identifier) const {
  return QuoteByDoubling(identifier, '`');
}

std::string MysqlDialect::QuoteString(std::string_view text) const {
  std::string out = "'";
  for (char c : text) {
    switch (c) {
      case '\'':
        out += "''";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\0':
        out += "\\0";
        break;
      default:
        out += c;
    }
  }
  out += '\'';
  return out;
}

std::string MysqlDialect::QuarterOfYear(std::string_view expr) const {
  return "QUARTER(" + std::string(expr) + ")";
}

std::string MysqlDialect::MonthOfYear(std::string_view expr) const {
  return "MONTH(" + std::string(expr) + ")";
}

std::string MysqlDialect::DateBucket(DatePart part, std::string_view expr) const {
  switch (part) {
    case DatePart::kYear:
      return DateFormat("%Y", expr);
    case DatePart::kQuarter:
      return "CONCAT(" + DateFormat("%Y", expr) + ", '-Q', QUARTER(" + std::string(expr) + "))";
    case DatePart::kMonth:
      return DateFormat("%Y-%m", expr);
    case DatePart::kWeek:
      // %x-%v: ISO year and ISO week, like PostgreSQL's IYYY-IW.
      return DateFormat("%x-W%v", expr);
    case DatePart::kDay:
      return DateFormat("%Y-%m-%d", expr);
  }
  return DateFormat("%Y-%m-%d", expr);
}

std::string MysqlDialect::ExtractYear(std::string_view expr) const {
  return "YEAR(" + std::string(expr) + ")";
}

std::string MysqlDialect::DateLiteral(std::string_view iso_date) const {
  return "DATE " + QuoteString(iso_date);
}

std::string MysqlDialect::Concat(const std::vector<std::string>& exprs) const {
  if (exprs.empty()) return "''";
  if (exprs.size() == 1) return exprs.front();
  std::string out = "CONCAT(";
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i > 0) out += ", ";
    out += exprs[i];
  }
  out += ")";
  return out;
}

std::string MysqlDialect::CastToReal(std::string_view expr) const {
  return "CAST(" + std::string(expr) + " AS DOUBLE)";
}

}  // namespace askdb::db
