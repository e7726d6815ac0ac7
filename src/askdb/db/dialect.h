// Dialect: everything that differs between SQL engines for a SQL writer — identifier and
// string quoting, row limits, date bucketing, concatenation, casts. Every SQL builder in
// askdb goes through a Dialect; none writes engine-specific SQL itself. Implementations
// are stateless and thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace askdb::db {

enum class DatePart { kYear, kQuarter, kMonth, kWeek, kDay };

class Dialect {
 public:
  virtual ~Dialect() = default;

  virtual std::string_view name() const = 0;  // "sqlite", "postgres", "mysql"

  // Quotes always: "order" → "\"order\"" (SQLite/PG) or `order` (MySQL).
  virtual std::string QuoteIdentifier(std::string_view identifier) const = 0;
  // A string literal with embedded quotes escaped.
  virtual std::string QuoteString(std::string_view text) const = 0;
  // The clause that caps a SELECT at n rows, with a leading space: " LIMIT 10". LIMIT is
  // what SQLite, PostgreSQL and MySQL share; an engine with FETCH FIRST overrides it.
  virtual std::string LimitClause(long long n) const;
  // An expression that truncates a date/timestamp expression to a bucket label that sorts
  // in time order: year "2024", quarter "2024-Q1", month "2024-03", week, day "2024-03-01".
  virtual std::string DateBucket(DatePart part, std::string_view expr) const = 0;
  // The quarter of a date expression as an integer 1-4 (the label of a quarter inside one year).
  virtual std::string QuarterOfYear(std::string_view expr) const = 0;
  // The month of a date expression as an integer 1-12 (a month of every year: 每年12月).
  virtual std::string MonthOfYear(std::string_view expr) const = 0;
  // An expression giving the year of a date expression as an integer.
  virtual std::string ExtractYear(std::string_view expr) const = 0;
  // A date literal usable in comparisons against date columns: '2024-01-01'.
  virtual std::string DateLiteral(std::string_view iso_date) const = 0;
  // String concatenation of the given expressions.
  virtual std::string Concat(const std::vector<std::string>& exprs) const = 0;
  // Casts an expression to a floating-point type (for ratios and shares).
  virtual std::string CastToReal(std::string_view expr) const = 0;
  // The number a text value starts with, as a floating-point expression ('183cm' → 183):
  // SQLite and MySQL cast the leading digits; PostgreSQL overrides it with a pattern.
  virtual std::string LeadingNumber(std::string_view expr) const { return CastToReal(expr); }
};

// Wraps `text` in `quote`, doubling every `quote` inside it — the SQL standard escape for
// identifiers ("a""b") and string literals ('it''s').
std::string QuoteByDoubling(std::string_view text, char quote);

}  // namespace askdb::db
