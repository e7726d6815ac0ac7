// PostgresDialect: SQL spelling for PostgreSQL — double-quoted identifiers, standard
// single-quoted strings (the connector turns standard_conforming_strings on), LIMIT,
// date buckets through to_char, || concatenation over text casts, double precision.
// Stateless and thread-safe.
#pragma once

#include "askdb/db/dialect.h"

namespace askdb::db {

class PostgresDialect final : public Dialect {
 public:
  std::string_view name() const override { return "postgres"; }
  std::string QuoteIdentifier(std::string_view identifier) const override;
  std::string QuoteString(std::string_view text) const override;
  std::string DateBucket(DatePart part, std::string_view expr) const override;
  std::string QuarterOfYear(std::string_view expr) const override;
  std::string MonthOfYear(std::string_view expr) const override;
  std::string ExtractYear(std::string_view expr) const override;
  std::string DateLiteral(std::string_view iso_date) const override;
  std::string Concat(const std::vector<std::string>& exprs) const override;
  std::string CastToReal(std::string_view expr) const override;
  std::string LeadingNumber(std::string_view expr) const override;

  static const PostgresDialect& Instance();
};

}  // namespace askdb::db
