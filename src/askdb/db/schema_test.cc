#include "askdb/db/schema.h"

#include <gtest/gtest.h>

namespace askdb::db {
namespace {

DatabaseSchema Sample() {
  DatabaseSchema s;
  s.engine = "sqlite";
  s.database = "shop.sqlite";
  TableInfo orders;
  orders.name = "Orders";
  ColumnInfo id;
  id.name = "OrderId";
  id.type = "INTEGER";
  id.nullable = false;
  id.primary_key = true;
  ColumnInfo customer;
  customer.name = "customer_id";
  customer.type = "INTEGER";
  ColumnInfo status;
  status.name = "Status";
  status.type = "TEXT";
  status.default_value = "'new'";
  status.sample_values = {"new", "paid"};
  orders.columns = {id, customer, status};
  orders.primary_key = {"OrderId"};
  ForeignKey fk;
  fk.columns = {"customer_id"};
  fk.ref_table = "customers";
  fk.ref_columns = {"id"};
  orders.foreign_keys = {fk};
  IndexInfo index;
  index.name = "idx_orders_customer";
  index.columns = {"customer_id"};
  orders.indexes = {index};
  orders.row_count = 42;
  TableInfo view;
  view.name = "paid_orders";
  view.kind = TableInfo::Kind::kView;
  s.tables = {orders, view};
  return s;
}

TEST(SchemaTest, FindTableAndColumnIgnoreCase) {
  DatabaseSchema s = Sample();
  const TableInfo* t = s.FindTable("orders");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->name, "Orders");
  EXPECT_EQ(s.FindTable("nope"), nullptr);
  const ColumnInfo* c = t->FindColumn("STATUS");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->name, "Status");
  EXPECT_EQ(t->FindColumn("missing"), nullptr);
}

TEST(SchemaTest, ToJsonCarriesKeysAndCounts) {
  Json j = Sample().ToJson();
  EXPECT_EQ(j["engine"], "sqlite");
  ASSERT_EQ(j["tables"].size(), 2u);
  const Json& t = j["tables"][0];
  EXPECT_EQ(t["kind"], "table");
  EXPECT_EQ(t["primary_key"], Json::array({"OrderId"}));
  EXPECT_EQ(t["foreign_keys"][0]["ref_table"], "customers");
  EXPECT_EQ(t["indexes"][0]["name"], "idx_orders_customer");
  EXPECT_EQ(t["row_count"], 42);
  EXPECT_EQ(t["columns"][2]["default"], "'new'");
  EXPECT_TRUE(t["columns"][1]["default"].is_null());
  EXPECT_EQ(t["columns"][2]["sample_values"], Json::array({"new", "paid"}));
  EXPECT_EQ(j["tables"][1]["kind"], "view");
  EXPECT_TRUE(j["tables"][1]["row_count"].is_null());
}

}  // namespace
}  // namespace askdb::db
