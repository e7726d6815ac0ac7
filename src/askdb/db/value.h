// Value: one cell of a result, engine-neutral. Exact types are kept exact: a DECIMAL keeps
// its digits as text, dates and timestamps keep their ISO 8601 text, binary keeps bytes.
// A plain value type; not synchronised.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "askdb/common/json.h"

namespace askdb::db {

class Value {
 public:
  enum class Kind { kNull, kBool, kInt, kDouble, kDecimal, kText, kDate, kTime, kTimestamp, kBlob };

  Value() = default;
  static Value Null() { return Value(); }
  static Value Bool(bool b);
  static Value Int(int64_t i);
  static Value Double(double d);
  static Value Decimal(std::string digits);  // "1234.50"
  static Value Text(std::string s);
  static Value Date(std::string iso);       // "2024-03-01"
  static Value Time(std::string iso);       // "13:45:00"
  static Value Timestamp(std::string iso);  // "2024-03-01T13:45:00+08:00"
  static Value Blob(std::string bytes);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool is_numeric() const;  // kBool excluded; kInt, kDouble, kDecimal

  int64_t int_value() const { return int_; }
  double double_value() const { return double_; }
  bool bool_value() const { return int_ != 0; }
  // Text, decimal digits, ISO date/time text or raw bytes, by kind.
  const std::string& text() const { return text_; }

  // The value as a number when it is one (or numeric text); nullopt otherwise.
  std::optional<double> AsNumber() const;
  // Human-readable rendering: NULL, 12, 3.5 (doubles to 12 significant digits), text as is,
  // blobs as "<blob 12 bytes>".
  std::string ToDisplayString() const;
  // JSON: null, true, 12, 3.5; decimals as numbers when they fit a double exactly enough,
  // blobs as base64 text.
  Json ToJson() const;

  bool operator==(const Value& other) const = default;

 private:
  // The kinds whose payload is text (decimal digits, ISO dates, bytes, ...).
  static Value WithText(Kind kind, std::string text);

  Kind kind_ = Kind::kNull;
  int64_t int_ = 0;
  double double_ = 0;
  std::string text_;
};

}  // namespace askdb::db
