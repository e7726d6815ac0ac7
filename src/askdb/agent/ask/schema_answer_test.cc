#include "askdb/agent/ask/schema_answer.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

Json Listing() {
  return Json::parse(R"({"tables": [
    {"name": "customers", "business_name": {"zh": "客户"}, "row_count": 8000, "columns": [
      {"name": "customer_id", "type": "INTEGER", "primary_key": true}]},
    {"name": "orders", "business_name": {"zh": "订单", "en": "orders"}, "row_count": 60000,
     "columns": [
      {"name": "order_id", "type": "INTEGER", "primary_key": true},
      {"name": "customer_id", "type": "INTEGER", "references": "customers.customer_id",
       "business_name": {"zh": "下单客户编号", "en": "customer ID"}},
      {"name": "total_amount", "type": "REAL", "unit": "CNY",
       "business_name": {"zh": "订单金额", "en": "order amount"}}]},
    {"name": "sales_v", "view": true, "columns": []},
    {"name": "events", "row_count": 1200000, "row_count_estimate": true, "columns": []}]})");
}

TEST(SchemaAnswerTest, ListsTheTablesWithBusinessNamesAndRowCounts) {
  const std::string zh = WriteSchemaAnswer({}, Listing(), true);
  EXPECT_NE(zh.find("可以查询的表有 4 张"), std::string::npos) << zh;
  EXPECT_NE(zh.find("- customers（客户）：8,000 行"), std::string::npos) << zh;
  EXPECT_NE(zh.find("- orders（订单）：60,000 行"), std::string::npos) << zh;
  EXPECT_NE(zh.find("- sales_v（视图）"), std::string::npos) << zh;
  EXPECT_NE(zh.find("- events：≈1,200,000 行"), std::string::npos) << zh;
  const std::string en = WriteSchemaAnswer({}, Listing(), false);
  EXPECT_NE(en.find("There are 4 tables you can query"), std::string::npos) << en;
  // No English business name: the Chinese one, rather than none.
  EXPECT_NE(en.find("- customers (客户): 8,000 rows"), std::string::npos) << en;
  // The same word as the name says nothing more.
  EXPECT_NE(en.find("- orders: 60,000 rows"), std::string::npos) << en;
}

TEST(SchemaAnswerTest, ListsOneTablesColumnsWithTypeNameUnitKeyAndReference) {
  const SchemaQuestion q{
      .kind = SchemaQuestion::Kind::kColumns, .table = "orders", .named = "订单"};
  const std::string zh = WriteSchemaAnswer(q, Listing(), true);
  EXPECT_NE(zh.find("orders（订单）有 3 个字段（60,000 行）"), std::string::npos) << zh;
  EXPECT_NE(zh.find("- order_id  INTEGER  主键"), std::string::npos) << zh;
  EXPECT_NE(zh.find("- customer_id  INTEGER  下单客户编号  引用 customers.customer_id"),
            std::string::npos)
      << zh;
  EXPECT_NE(zh.find("- total_amount  REAL  订单金额（单位 CNY）"), std::string::npos) << zh;
  EXPECT_EQ(zh.find("customers（客户）"), std::string::npos) << zh;
  const std::string en = WriteSchemaAnswer(q, Listing(), false);
  EXPECT_NE(en.find("orders has 3 columns (60,000 rows):"), std::string::npos) << en;
  EXPECT_NE(en.find("- total_amount  REAL  order amount (in CNY)"), std::string::npos) << en;
  EXPECT_NE(en.find("refers to customers.customer_id"), std::string::npos) << en;
}

TEST(SchemaAnswerTest, AnUnknownTableIsNamedWithTheTablesThereAre) {
  const SchemaQuestion q{.kind = SchemaQuestion::Kind::kColumns, .table = "", .named = "salaries"};
  const std::string zh = WriteSchemaAnswer(q, Listing(), true);
  EXPECT_EQ(zh,
            "没有名为“salaries”的表。可以查询的表有：customers（客户）、orders（订单）、sales_"
            "v、events。");
  const std::string en = WriteSchemaAnswer(q, Listing(), false);
  EXPECT_EQ(en,
            "There is no table \"salaries\". The tables you can query are: customers (客户), "
            "orders, sales_v, events.");
  EXPECT_EQ(WriteSchemaAnswer(q, Json{{"tables", Json::array()}}, false),
            "There is no table \"salaries\", and no table you can query here.");
}

}  // namespace
}  // namespace askdb::agent
