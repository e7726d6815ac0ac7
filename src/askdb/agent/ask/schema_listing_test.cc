#include "askdb/agent/ask/schema_listing.h"

#include <gtest/gtest.h>

#include "askdb/catalog/semantic_model.h"

namespace askdb::agent {
namespace {

db::DatabaseSchema OrdersAndCustomers() {
  db::DatabaseSchema schema;
  db::TableInfo orders;
  orders.name = "orders";
  orders.row_count = 60000;
  orders.columns = {{.name = "order_id", .type = "INTEGER", .primary_key = true},
                    {.name = "customer_id", .type = "INTEGER"},
                    {.name = "total_amount", .type = "REAL"},
                    {.name = "internal_note", .type = "TEXT"}};
  orders.foreign_keys = {
      {.columns = {"customer_id"}, .ref_table = "customers", .ref_columns = {"customer_id"}}};
  db::TableInfo audit;
  audit.name = "audit_log";
  audit.columns = {{.name = "id", .type = "INTEGER"}};
  schema.tables = {orders, audit};
  return schema;
}

TEST(SchemaListingTest, ListsColumnsWithTypesKeysAndReferences) {
  const Json listing = SchemaListing(OrdersAndCustomers(), nullptr);
  ASSERT_EQ(listing["tables"].size(), 2u);
  const Json& orders = listing["tables"][0];
  EXPECT_EQ(orders["name"], "orders");
  EXPECT_EQ(orders["row_count"], 60000);
  ASSERT_EQ(orders["columns"].size(), 4u);
  EXPECT_EQ(orders["columns"][0]["primary_key"], true);
  EXPECT_EQ(orders["columns"][1]["references"], "customers.customer_id");
  EXPECT_EQ(orders["columns"][2]["type"], "REAL");
  EXPECT_FALSE(orders["columns"][2].contains("references"));
  EXPECT_FALSE(listing["tables"][1].contains("row_count"));
}

// A person is shown the words a question can use, and nothing the model hides from questions.
TEST(SchemaListingTest, BusinessNamesAndUnitsFromTheModelWhatItHidesLeftOut) {
  catalog::SemanticModel model;
  catalog::TableSemantics orders;
  orders.name = "orders";
  orders.business_name = {.zh = "订单", .en = "orders"};
  catalog::ColumnSemantics amount;
  amount.name = "total_amount";
  amount.business_name = {.zh = "订单金额", .en = "order amount"};
  amount.unit = "CNY";
  catalog::ColumnSemantics note;
  note.name = "internal_note";
  note.enabled = false;
  orders.columns = {amount, note};
  catalog::TableSemantics audit;
  audit.name = "audit_log";
  audit.enabled = false;
  model.tables = {orders, audit};

  const Json listing = SchemaListing(OrdersAndCustomers(), &model);
  ASSERT_EQ(listing["tables"].size(), 1u) << listing.dump();
  const Json& table = listing["tables"][0];
  EXPECT_EQ(table["business_name"]["zh"], "订单");
  ASSERT_EQ(table["columns"].size(), 3u) << table.dump();
  EXPECT_EQ(table["columns"][2]["name"], "total_amount");
  EXPECT_EQ(table["columns"][2]["business_name"]["en"], "order amount");
  EXPECT_EQ(table["columns"][2]["unit"], "CNY");
}

}  // namespace
}  // namespace askdb::agent
