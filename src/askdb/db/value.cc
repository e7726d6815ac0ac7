#include "askdb/db/value.h"

#include <array>
#include <charconv>
#include <cmath>
#include <utility>

namespace askdb::db {
namespace {

// A double carries 15 significant decimal digits exactly; a decimal with more would lose
// digits as a JSON number, so it stays text.
constexpr int kMaxExactDecimalDigits = 15;

std::string FormatDouble(double d) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  std::array<char, 64> buf;
  // Shortest representation that round-trips: 0.1 prints as "0.1", not "0.1000000000000000055".
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), d);
  if (ec != std::errc()) return std::to_string(d);
  return std::string(buf.data(), end);
}

// Display form: 12 significant digits hide the noise that summing binary fractions leaves
// (23654541.19000023 → 23654541.19); JSON keeps the full value.
constexpr int kDisplaySignificantDigits = 12;

std::string FormatDoubleForDisplay(double d) {
  if (!std::isfinite(d)) return FormatDouble(d);
  std::array<char, 64> buf;
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::general,
                                 kDisplaySignificantDigits);
  if (ec != std::errc()) return FormatDouble(d);
  return std::string(buf.data(), end);
}

std::string_view TrimAscii(std::string_view s) {
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// Parses the whole of `s` (surrounding blanks allowed) as a finite number.
std::optional<double> ParseNumber(std::string_view s) {
  s = TrimAscii(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  double d = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(d)) return std::nullopt;
  return d;
}

int SignificantDigits(std::string_view digits) {
  int count = 0;
  bool leading = true;
  for (char c : digits) {
    if (c < '0' || c > '9') continue;
    if (leading && c == '0') continue;
    leading = false;
    ++count;
  }
  return count;
}

std::string Base64(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    uint32_t n = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8) | uint8_t(bytes[i + 2]);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += kAlphabet[(n >> 6) & 63];
    out += kAlphabet[n & 63];
  }
  if (i + 1 == bytes.size()) {
    uint32_t n = uint8_t(bytes[i]) << 16;
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += "==";
  } else if (i + 2 == bytes.size()) {
    uint32_t n = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8);
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += kAlphabet[(n >> 6) & 63];
    out += '=';
  }
  return out;
}

}  // namespace

Value Value::Bool(bool b) {
  Value v;
  v.kind_ = Kind::kBool;
  v.int_ = b ? 1 : 0;
  return v;
}

Value Value::Int(int64_t i) {
  Value v;
  v.kind_ = Kind::kInt;
  v.int_ = i;
  return v;
}

Value Value::Double(double d) {
  Value v;
  v.kind_ = Kind::kDouble;
  v.double_ = d;
  return v;
}

Value Value::WithText(Kind kind, std::string text) {
  Value v;
  v.kind_ = kind;
  v.text_ = std::move(text);
  return v;
}

Value Value::Decimal(std::string digits) { return WithText(Kind::kDecimal, std::move(digits)); }

Value Value::Text(std::string s) { return WithText(Kind::kText, std::move(s)); }

Value Value::Date(std::string iso) { return WithText(Kind::kDate, std::move(iso)); }

Value Value::Time(std::string iso) { return WithText(Kind::kTime, std::move(iso)); }

Value Value::Timestamp(std::string iso) { return WithText(Kind::kTimestamp, std::move(iso)); }

Value Value::Blob(std::string bytes) { return WithText(Kind::kBlob, std::move(bytes)); }

bool Value::is_numeric() const {
  return kind_ == Kind::kInt || kind_ == Kind::kDouble || kind_ == Kind::kDecimal;
}

std::optional<double> Value::AsNumber() const {
  switch (kind_) {
    case Kind::kInt:
      return static_cast<double>(int_);
    case Kind::kDouble:
      return double_;
    case Kind::kDecimal:
    case Kind::kText:
      return ParseNumber(text_);
    case Kind::kNull:
    case Kind::kBool:
    case Kind::kDate:
    case Kind::kTime:
    case Kind::kTimestamp:
    case Kind::kBlob:
      return std::nullopt;
  }
  return std::nullopt;
}

std::string Value::ToDisplayString() const {
  switch (kind_) {
    case Kind::kNull:
      return "NULL";
    case Kind::kBool:
      return int_ != 0 ? "true" : "false";
    case Kind::kInt:
      return std::to_string(int_);
    case Kind::kDouble:
      return FormatDoubleForDisplay(double_);
    case Kind::kDecimal:
    case Kind::kText:
    case Kind::kDate:
    case Kind::kTime:
    case Kind::kTimestamp:
      return text_;
    case Kind::kBlob:
      return "<blob " + std::to_string(text_.size()) + " bytes>";
  }
  return "";
}

Json Value::ToJson() const {
  switch (kind_) {
    case Kind::kNull:
      return nullptr;
    case Kind::kBool:
      return int_ != 0;
    case Kind::kInt:
      return int_;
    case Kind::kDouble:
      // JSON has no NaN or infinity; null is the honest rendering.
      if (!std::isfinite(double_)) return nullptr;
      return double_;
    case Kind::kDecimal: {
      std::optional<double> d = ParseNumber(text_);
      if (d && SignificantDigits(text_) <= kMaxExactDecimalDigits) return *d;
      return text_;
    }
    case Kind::kText:
    case Kind::kDate:
    case Kind::kTime:
    case Kind::kTimestamp:
      return text_;
    case Kind::kBlob:
      return Base64(text_);
  }
  return nullptr;
}

}  // namespace askdb::db
