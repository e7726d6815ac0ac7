// MysqlDialect: SQL spelling for MySQL and MariaDB — back-quoted identifiers, single-quoted
// strings with quotes doubled and backslashes escaped (the connector keeps
// NO_BACKSLASH_ESCAPES off so that this reading holds), LIMIT, date buckets through
// DATE_FORMAT, CONCAT, CAST(... AS DOUBLE). Stateless and thread-safe.
#pragma once

#include "askdb/db/dialect.h"

namespace askdb::db {

class MysqlDialect final : public Dialect {
 public:
  std::string_view name() const override { return "mysql"; }
  std::string QuoteIdentifier(std::string_view identifier) const override;
  std::string QuoteString(std::string_view text) const override;
  std::string DateBucket(DatePart part, std::string_view expr) const override;
  std::string QuarterOfYear(std::string_view expr) const override;
  std::string MonthOfYear(std::string_view expr) const override;
  std::string ExtractYear(std::string_view expr) const override;
  std::string DateLiteral(std::string_view iso_date) const override;
  std::string Concat(const std::vector<std::string>& exprs) const override;
  std::string CastToReal(std::string_view expr) const override;

  static const MysqlDialect& Instance();
};

}  // namespace askdb::db
