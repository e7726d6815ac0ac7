#include "askdb/db/result_set.h"

#include <gtest/gtest.h>

namespace askdb::db {
namespace {

ResultSet Sample() {
  ResultSet rs;
  rs.columns = {{"Name", "NVARCHAR(120)"}, {"name", ""}, {"Total", "NUMERIC(10,2)"}};
  rs.rows = {{Value::Text("Rock"), Value::Null(), Value::Double(1.5)},
             {Value::Text("Jazz"), Value::Int(2), Value::Decimal("3.25")}};
  rs.truncated = true;
  rs.elapsed = std::chrono::microseconds(1500);
  return rs;
}

TEST(ResultSetTest, ColumnIndexPrefersExactSpelling) {
  ResultSet rs = Sample();
  EXPECT_EQ(rs.ColumnIndex("Name"), 0);
  EXPECT_EQ(rs.ColumnIndex("name"), 1);
  EXPECT_EQ(rs.ColumnIndex("TOTAL"), 2);
  EXPECT_EQ(rs.ColumnIndex("missing"), -1);
  EXPECT_EQ(rs.column_count(), 3u);
  EXPECT_EQ(rs.row_count(), 2u);
}

TEST(ResultSetTest, ToJsonShape) {
  Json j = Sample().ToJson();
  ASSERT_EQ(j["columns"].size(), 3u);
  EXPECT_EQ(j["columns"][0]["name"], "Name");
  EXPECT_EQ(j["columns"][2]["type"], "NUMERIC(10,2)");
  ASSERT_EQ(j["rows"].size(), 2u);
  EXPECT_EQ(j["rows"][0][0], "Rock");
  EXPECT_TRUE(j["rows"][0][1].is_null());
  EXPECT_EQ(j["rows"][1][2], 3.25);
  EXPECT_EQ(j["truncated"], true);
  EXPECT_DOUBLE_EQ(j["elapsed_ms"].get<double>(), 1.5);
}

}  // namespace
}  // namespace askdb::db
