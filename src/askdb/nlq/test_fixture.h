// Test-only: a small in-memory shop database (regions ← stores ← orders ← items) and its
// SchemaIndex, shared by the nlq unit tests.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq::testing {

inline constexpr const char* kShopSql = R"sql(
CREATE TABLE regions(region_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT, store_type TEXT,
                    region_id INTEGER REFERENCES regions(region_id));
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES stores(store_id),
                    order_date TEXT, amount REAL, channel TEXT);
CREATE TABLE items(item_id INTEGER PRIMARY KEY, order_id INTEGER REFERENCES orders(order_id),
                   qty INTEGER);
INSERT INTO regions VALUES (1,'North'),(2,'South'),(3,'华东');
INSERT INTO stores VALUES (1,'Alpha','flagship',1),(2,'Beta','outlet',2),(3,'Gamma','outlet',3);
INSERT INTO orders VALUES (1,1,'2024-01-05',100,'online'),(2,1,'2024-05-01',50,'store'),
  (3,2,'2025-02-01',70,'online'),(4,3,'2025-12-30',30,'store'),(5,3,'2023-07-01',10,'online');
INSERT INTO items VALUES (1,1,2),(2,1,1),(3,2,5),(4,3,1),(5,4,1),(6,5,3);
)sql";

struct Shop {
  std::unique_ptr<db::SqliteConnector> connector;
  std::unique_ptr<SchemaIndex> index;
};

inline Shop OpenShop() {
  Shop shop;
  auto conn = db::SqliteConnector::OpenInMemory(kShopSql);
  EXPECT_TRUE(conn.ok()) << conn.status().ToString();
  shop.connector = std::move(conn).value();
  auto index = BuildSchemaIndex(*shop.connector, nullptr);
  EXPECT_TRUE(index.ok()) << index.status().ToString();
  shop.index = std::make_unique<SchemaIndex>(std::move(index).value());
  return shop;
}

}  // namespace askdb::nlq::testing
