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
  db::TableInfo customers;
  customers.name = "customers";
  customers.row_count = 800;
  customers.row_count_is_estimate = true;
  customers.columns = {{.name = "customer_id", .type = "INTEGER", .primary_key = true}};
  db::TableInfo audit;
  audit.name = "audit_log";
  audit.columns = {{.name = "id", .type = "INTEGER"}};
  schema.tables = {orders, customers, audit};
  return schema;
}

TEST(SchemaListingTest, ListsColumnsWithTypesKeysAndReferences) {
  const Json listing = SchemaListing(OrdersAndCustomers(), nullptr);
  ASSERT_EQ(listing["tables"].size(), 3u);
  const Json& orders = listing["tables"][0];
  EXPECT_EQ(orders["name"], "orders");
  EXPECT_EQ(orders["row_count"], 60000);
  EXPECT_FALSE(orders.contains("row_count_estimate"));
  EXPECT_EQ(listing["tables"][1]["row_count_estimate"], true);
  ASSERT_EQ(orders["columns"].size(), 4u);
  EXPECT_EQ(orders["columns"][0]["primary_key"], true);
  EXPECT_EQ(orders["columns"][1]["references"], "customers.customer_id");
  EXPECT_EQ(orders["columns"][2]["type"], "REAL");
  EXPECT_FALSE(orders["columns"][2].contains("references"));
  EXPECT_FALSE(listing["tables"][2].contains("row_count"));
}

// A key never names a table the person may not see: one left out of the listing (refused to
// them, outside the agent's selection) or hidden by the semantic model.
TEST(SchemaListingTest, AReferenceToATableNotListedIsLeftOut) {
  db::DatabaseSchema without_customers = OrdersAndCustomers();
  std::erase_if(without_customers.tables,
                [](const db::TableInfo& t) { return t.name == "customers"; });
  const Json listing = SchemaListing(without_customers, nullptr);
  EXPECT_FALSE(listing["tables"][0]["columns"][1].contains("references")) << listing.dump();

  catalog::SemanticModel model;
  catalog::TableSemantics customers;
  customers.name = "customers";
  customers.enabled = false;
  model.tables = {customers};
  const Json hidden = SchemaListing(OrdersAndCustomers(), &model);
  ASSERT_EQ(hidden["tables"].size(), 2u) << hidden.dump();
  EXPECT_FALSE(hidden["tables"][0]["columns"][1].contains("references")) << hidden.dump();

  catalog::TableSemantics hidden_key;
  hidden_key.name = "customers";
  catalog::ColumnSemantics id;
  id.name = "customer_id";
  id.enabled = false;
  hidden_key.columns = {id};
  model.tables = {hidden_key};
  const Json no_key = SchemaListing(OrdersAndCustomers(), &model);
  EXPECT_FALSE(no_key["tables"][0]["columns"][1].contains("references")) << no_key.dump();
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
  ASSERT_EQ(listing["tables"].size(), 2u) << listing.dump();
  const Json& table = listing["tables"][0];
  EXPECT_EQ(table["business_name"]["zh"], "订单");
  ASSERT_EQ(table["columns"].size(), 3u) << table.dump();
  EXPECT_EQ(table["columns"][2]["name"], "total_amount");
  EXPECT_EQ(table["columns"][2]["business_name"]["en"], "order amount");
  EXPECT_EQ(table["columns"][2]["unit"], "CNY");
}

}  // namespace
}  // namespace askdb::agent
