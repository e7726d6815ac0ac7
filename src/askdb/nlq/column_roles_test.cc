#include "askdb/nlq/column_roles.h"

#include <gtest/gtest.h>

namespace askdb::nlq {
namespace {

ColumnFacts F(std::string_view name, std::string_view type, bool pk = false, bool fk = false,
              std::optional<long long> distinct = std::nullopt,
              ColumnRole hint = ColumnRole::kUnspecified) {
  ColumnFacts f;
  f.name = name;
  f.declared_type = type;
  f.primary_key = pk;
  f.foreign_key = fk;
  f.distinct_count = distinct;
  f.hint = hint;
  return f;
}

TEST(ColumnRoles, InfersFromTypeNameAndCardinality) {
  EXPECT_EQ(InferColumnRole(F("total_amount", "REAL")), ColumnRole::kMeasure);
  EXPECT_EQ(InferColumnRole(F("Total", "NUMERIC(10,2)")), ColumnRole::kMeasure);
  EXPECT_EQ(InferColumnRole(F("order_id", "INTEGER", true)), ColumnRole::kIdentifier);
  EXPECT_EQ(InferColumnRole(F("store_id", "INTEGER", false, true)), ColumnRole::kIdentifier);
  EXPECT_EQ(InferColumnRole(F("InvoiceDate", "DATETIME")), ColumnRole::kTime);
  EXPECT_EQ(InferColumnRole(F("order_date", "TEXT")), ColumnRole::kTime);
  EXPECT_EQ(InferColumnRole(F("channel", "TEXT")), ColumnRole::kDimension);
  EXPECT_EQ(InferColumnRole(F("tier", "INTEGER")), ColumnRole::kDimension);
  EXPECT_EQ(InferColumnRole(F("stars", "INTEGER", false, false, 5)), ColumnRole::kDimension);
  EXPECT_EQ(InferColumnRole(F("quantity", "INTEGER", false, false, 500)), ColumnRole::kMeasure);
}

// A name ending in the letters "id" is a key (custid, StuID), unless its last word is an
// English word in "id": price_paid was a key, so the money a row was paid was never summed.
TEST(ColumnRoles, AWordEndingInIdIsNoKey) {
  EXPECT_EQ(InferColumnRole(F("price_paid", "REAL")), ColumnRole::kMeasure);
  EXPECT_EQ(InferColumnRole(F("AmountPaid", "REAL")), ColumnRole::kMeasure);
  EXPECT_EQ(InferColumnRole(F("is_valid", "INTEGER", false, false, 2)), ColumnRole::kDimension);
  EXPECT_EQ(InferColumnRole(F("custid", "INTEGER")), ColumnRole::kIdentifier);
  EXPECT_EQ(InferColumnRole(F("StuID", "INTEGER")), ColumnRole::kIdentifier);
  // By shape, not a list of words: void, is_void, prepaid, amount_paid, is_solid are no keys;
  // CustomerId, empid, pid, ORDERID are.
  EXPECT_EQ(InferColumnRole(F("void", "INTEGER", false, false, 2)), ColumnRole::kDimension);
  EXPECT_EQ(InferColumnRole(F("is_void", "INTEGER", false, false, 2)), ColumnRole::kDimension);
  EXPECT_EQ(InferColumnRole(F("prepaid", "INTEGER", false, false, 2)), ColumnRole::kDimension);
  EXPECT_EQ(InferColumnRole(F("amount_paid", "REAL")), ColumnRole::kMeasure);
  EXPECT_EQ(InferColumnRole(F("is_solid", "INTEGER", false, false, 2)), ColumnRole::kDimension);
  EXPECT_EQ(InferColumnRole(F("CustomerId", "INTEGER")), ColumnRole::kIdentifier);
  EXPECT_EQ(InferColumnRole(F("empid", "INTEGER")), ColumnRole::kIdentifier);
  EXPECT_EQ(InferColumnRole(F("pid", "INTEGER")), ColumnRole::kIdentifier);
  EXPECT_EQ(InferColumnRole(F("ORDERID", "INTEGER")), ColumnRole::kIdentifier);
  EXPECT_EQ(InferColumnRole(F("cust_id", "INTEGER")), ColumnRole::kIdentifier);
}

TEST(ColumnRoles, IntegersAndOtherNumbersAreNumeric) {
  EXPECT_TRUE(IsNumeric(ClassifyType("int")));
  EXPECT_TRUE(IsNumeric(ClassifyType("NUMERIC(10,2)")));
  EXPECT_FALSE(IsNumeric(ClassifyType("TEXT")));
  EXPECT_FALSE(IsNumeric(ClassifyType("date")));
}

TEST(ColumnRoles, HintWins) {
  EXPECT_EQ(InferColumnRole(F("tier", "INTEGER", false, false, 3, ColumnRole::kMeasure)),
            ColumnRole::kMeasure);
  // No hint: inferred, never left unspecified.
  EXPECT_EQ(InferColumnRole(F("tier", "INTEGER", false, false, 3, ColumnRole::kUnspecified)),
            ColumnRole::kDimension);
  EXPECT_EQ(ColumnRoleName(InferColumnRole(F("notes", "BLOB"))), "dimension");
}

}  // namespace
}  // namespace askdb::nlq
