// SqliteDialect: SQL spelling for SQLite — double-quoted identifiers, single-quoted strings,
// LIMIT, date buckets through strftime, || concatenation. Stateless and thread-safe.
#pragma once

#include "askdb/db/dialect.h"

namespace askdb::db {

class SqliteDialect final : public Dialect {
 public:
  std::string_view name() const override { return "sqlite"; }
  std::string QuoteIdentifier(std::string_view identifier) const override;
  std::string QuoteString(std::string_view text) const override;
  std::string DateBucket(DatePart part, std::string_view expr) const override;
  std::string QuarterOfYear(std::string_view expr) const override;
  std::string MonthOfYear(std::string_view expr) const override;
  std::string ExtractYear(std::string_view expr) const override;
  std::string DateLiteral(std::string_view iso_date) const override;
  std::string Concat(const std::vector<std::string>& exprs) const override;
  std::string CastToReal(std::string_view expr) const override;

  // A shared instance (the dialect has no state).
  static const SqliteDialect& Instance();
};

}  // namespace askdb::db
