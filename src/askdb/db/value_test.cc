#include "askdb/db/value.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <limits>

namespace askdb::db {
namespace {

TEST(ValueTest, DefaultIsNull) {
  Value v;
  EXPECT_TRUE(v.is_null());
  EXPECT_EQ(v.kind(), Value::Kind::kNull);
  EXPECT_EQ(v.ToDisplayString(), "NULL");
  EXPECT_TRUE(v.ToJson().is_null());
  EXPECT_FALSE(v.AsNumber().has_value());
}

TEST(ValueTest, NumericKinds) {
  EXPECT_TRUE(Value::Int(3).is_numeric());
  EXPECT_TRUE(Value::Double(1.5).is_numeric());
  EXPECT_TRUE(Value::Decimal("12.50").is_numeric());
  EXPECT_FALSE(Value::Bool(true).is_numeric());
  EXPECT_FALSE(Value::Text("12").is_numeric());
  EXPECT_EQ(*Value::Int(-7).AsNumber(), -7.0);
  EXPECT_EQ(*Value::Decimal("12.50").AsNumber(), 12.5);
  EXPECT_EQ(*Value::Text(" 42 ").AsNumber(), 42.0);
  EXPECT_FALSE(Value::Text("42abc").AsNumber().has_value());
  EXPECT_FALSE(Value::Text("").AsNumber().has_value());
  EXPECT_FALSE(Value::Date("2024-03-01").AsNumber().has_value());
}

TEST(ValueTest, DisplayStrings) {
  EXPECT_EQ(Value::Int(12).ToDisplayString(), "12");
  EXPECT_EQ(Value::Double(3.5).ToDisplayString(), "3.5");
  EXPECT_EQ(Value::Double(0.1).ToDisplayString(), "0.1");
  EXPECT_EQ(Value::Bool(false).ToDisplayString(), "false");
  EXPECT_EQ(Value::Text("北京").ToDisplayString(), "北京");
  EXPECT_EQ(Value::Blob(std::string(12, '\0')).ToDisplayString(), "<blob 12 bytes>");
  EXPECT_EQ(Value::Timestamp("2024-03-01T13:45:00+08:00").ToDisplayString(),
            "2024-03-01T13:45:00+08:00");
}

TEST(ValueTest, JsonRendering) {
  EXPECT_EQ(Value::Int(12).ToJson(), Json(12));
  EXPECT_EQ(Value::Bool(true).ToJson(), Json(true));
  EXPECT_EQ(Value::Double(3.5).ToJson(), Json(3.5));
  EXPECT_TRUE(Value::Double(std::nan("")).ToJson().is_null());
  EXPECT_TRUE(Value::Double(std::numeric_limits<double>::infinity()).ToJson().is_null());
  EXPECT_EQ(Value::Decimal("1234.50").ToJson(), Json(1234.5));
  // 20 significant digits do not fit a double: kept as text so no digit is lost.
  EXPECT_EQ(Value::Decimal("12345678901234567890").ToJson(), Json("12345678901234567890"));
  EXPECT_EQ(Value::Date("2024-03-01").ToJson(), Json("2024-03-01"));
  EXPECT_EQ(Value::Blob("hi!").ToJson(), Json("aGkh"));
  EXPECT_EQ(Value::Blob("hi").ToJson(), Json("aGk="));
  EXPECT_EQ(Value::Blob("h").ToJson(), Json("aA=="));
  EXPECT_EQ(Value::Blob("").ToJson(), Json(""));
}

TEST(ValueTest, EqualityComparesKindAndContent) {
  EXPECT_EQ(Value::Text("a"), Value::Text("a"));
  EXPECT_NE(Value::Text("a"), Value::Blob("a"));
  EXPECT_NE(Value::Int(1), Value::Bool(true));
}

RC_GTEST_PROP(ValueProperty, IntRoundTripsThroughDisplayAndJson, (int64_t i)) {
  Value v = Value::Int(i);
  RC_ASSERT(v.ToDisplayString() == std::to_string(i));
  RC_ASSERT(v.ToJson().get<int64_t>() == i);
}

RC_GTEST_PROP(ValueProperty, FiniteDoubleDisplayParsesBack, (double d)) {
  RC_PRE(std::isfinite(d));
  Value v = Value::Double(d);
  std::optional<double> back = Value::Text(v.ToDisplayString()).AsNumber();
  RC_ASSERT(back.has_value());
  // The display keeps 12 significant digits (float noise hidden); JSON keeps every digit.
  RC_ASSERT(std::fabs(*back - d) <= std::fabs(d) * 1e-11);
  RC_ASSERT(v.ToJson().get<double>() == d);
}

}  // namespace
}  // namespace askdb::db
