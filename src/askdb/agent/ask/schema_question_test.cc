#include "askdb/agent/ask/schema_question.h"

#include <gtest/gtest.h>

namespace askdb::agent {
namespace {

// The demo's shape: real names, Chinese and English business names.
Json Listing() {
  return Json::parse(R"({"tables": [
    {"name": "customers", "business_name": {"zh": "客户"}, "row_count": 8000, "columns": []},
    {"name": "orders", "business_name": {"zh": "订单", "en": "orders"}, "columns": []},
    {"name": "order_items", "business_name": {"zh": "订单明细", "en": "order lines"},
     "columns": []}]})");
}

std::optional<SchemaQuestion> Read(std::string_view request) {
  return ReadSchemaQuestion(request, Listing());
}

TEST(SchemaQuestionTest, AsksForTheTables) {
  for (const char* request : {"有哪些表",
                              "有哪些表？",
                              "数据库里有哪些表",
                              "都有什么表",
                              "列出所有表",
                              "请问有哪些数据表",
                              "数据库里有什么数据",
                              "有什么数据",
                              "这个数据库里有什么",
                              "看一下所有的表",
                              "数据库结构",
                              "可以查哪些表",
                              "what tables are there",
                              "What tables are there?",
                              "which tables do we have",
                              "what's in this database",
                              "What’s in this database?",
                              "list the tables",
                              "show me all the tables",
                              "show tables",
                              "what tables are in the database",
                              "what data do you have",
                              "what does the database contain",
                              "describe the database",
                              "can you list all tables please"}) {
    const std::optional<SchemaQuestion> q = Read(request);
    ASSERT_TRUE(q.has_value()) << request;
    EXPECT_EQ(q->kind, SchemaQuestion::Kind::kTables) << request;
    EXPECT_TRUE(MayBeSchemaQuestion(request)) << request;
  }
}

TEST(SchemaQuestionTest, AsksForOneTablesColumnsByItsNameOrBusinessName) {
  const std::vector<std::pair<const char*, const char*>> cases = {
      {"orders表有哪些字段", "orders"},
      {"orders 表有哪些字段？", "orders"},
      {"订单表有哪些字段", "orders"},
      {"客户表的字段", "customers"},
      {"订单明细表结构", "order_items"},
      {"描述一下客户表", "customers"},
      {"customers有哪些列", "customers"},
      {"订单表里有什么数据", "orders"},
      {"what columns does the customers table have", "customers"},
      {"What columns does the Customers table have?", "customers"},
      {"describe the orders table", "orders"},
      {"describe orders", "orders"},
      {"what fields are in order_items", "order_items"},
      {"list the columns of the order items table", "order_items"},
      {"show me the columns in the order lines table", "order_items"},
      {"what's in the customer table", "customers"},
      {"orders table columns", "orders"},
  };
  for (const auto& [request, table] : cases) {
    const std::optional<SchemaQuestion> q = Read(request);
    ASSERT_TRUE(q.has_value()) << request;
    EXPECT_EQ(q->kind, SchemaQuestion::Kind::kColumns) << request;
    EXPECT_EQ(q->table, table) << request;
  }
}

// A table the listing lacks (missing, or hidden from this user) is named back as asked.
TEST(SchemaQuestionTest, ATableTheListingLacksIsUnknownNotAnotherQuestion) {
  std::optional<SchemaQuestion> q = Read("salaries表有哪些字段");
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->kind, SchemaQuestion::Kind::kColumns);
  EXPECT_EQ(q->table, "");
  EXPECT_EQ(q->named, "salaries");
  q = Read("what columns does the payroll table have");
  ASSERT_TRUE(q.has_value());
  EXPECT_EQ(q->table, "");
  EXPECT_EQ(q->named, "payroll");
}

TEST(SchemaQuestionTest, CountsComparisonsAndDataQuestionsAreNot) {
  for (const char* request : {"how many tables",
                              "how many tables are there",
                              "有多少张表",
                              "有几张表",
                              "which table has the most rows",
                              "哪个表的行数最多",
                              "哪张表数据最多",
                              "list the customers",
                              "list all customers",
                              "列出客户",
                              "列出所有客户",
                              "show me the orders",
                              "订单表有多少行",
                              "describe the sales trend in 2024",
                              "describe sales",
                              "what is the total order amount",
                              "各地区的销售额",
                              "客户有多少",
                              "销售额排名前十的系列",
                              "hello",
                              "what time is it",
                              "orders表",
                              "tables and chairs sold in 2024"}) {
    EXPECT_FALSE(Read(request).has_value()) << request;
  }
  EXPECT_FALSE(MayBeSchemaQuestion("how many tables"));
  EXPECT_FALSE(MayBeSchemaQuestion("list the customers"));
  EXPECT_FALSE(MayBeSchemaQuestion("你好"));
}

}  // namespace
}  // namespace askdb::agent
