#include <gtest/gtest.h>

#include "askdb/permissions/permissioned_connector.h"

namespace askdb::permissions {
namespace {

// orders.customer_id → customers.customer_id, and orders.store_id → stores.store_id.
db::DatabaseSchema OrdersCustomersStores() {
  db::TableInfo orders;
  orders.name = "orders";
  orders.columns = {{.name = "order_id"}, {.name = "customer_id"}, {.name = "store_id"}};
  orders.foreign_keys = {
      {.columns = {"customer_id"}, .ref_table = "customers", .ref_columns = {"customer_id"}},
      {.columns = {"store_id"}, .ref_table = "stores", .ref_columns = {"store_id"}}};
  db::TableInfo customers;
  customers.name = "customers";
  customers.columns = {{.name = "customer_id"}};
  db::TableInfo stores;
  stores.name = "stores";
  stores.columns = {{.name = "store_id"}, {.name = "manager"}};
  db::DatabaseSchema schema;
  schema.tables = {orders, customers, stores};
  return schema;
}

// A refused table is named by no key of another table: describe_schema, the chat's Tables
// list and the prompts read this schema. (A key kept naming customers while the table was
// refused.)
TEST(FilterSchemaTest, AKeyIntoARefusedTableIsDropped) {
  EffectivePolicy policy;
  policy.tables["customers"] = TablePolicy{.table = "customers", .refusal = "no region"};
  const db::DatabaseSchema seen = FilterSchema(OrdersCustomersStores(), policy);
  ASSERT_EQ(seen.tables.size(), 2u);
  const db::TableInfo* orders = seen.FindTable("orders");
  ASSERT_NE(orders, nullptr);
  ASSERT_EQ(orders->foreign_keys.size(), 1u);
  EXPECT_EQ(orders->foreign_keys[0].ref_table, "stores");

  // The same when the table holding the key has rules of its own.
  policy.tables["orders"] = TablePolicy{.table = "orders", .predicates = {"order_id > 0"}};
  const db::DatabaseSchema filtered = FilterSchema(OrdersCustomersStores(), policy);
  ASSERT_NE(filtered.FindTable("orders"), nullptr);
  ASSERT_EQ(filtered.FindTable("orders")->foreign_keys.size(), 1u);
  EXPECT_EQ(filtered.FindTable("orders")->foreign_keys[0].ref_table, "stores");
}

}  // namespace
}  // namespace askdb::permissions
