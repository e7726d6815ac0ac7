// Test-only: a small in-memory sales database whose value index holds Chinese and English
// city and region names, for the slot and cache tests that need filter values.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::cache::testing {

inline constexpr const char* kSalesSql = R"sql(
CREATE TABLE regions(region_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, region_id INTEGER REFERENCES regions(region_id),
                    order_date TEXT, amount REAL);
INSERT INTO regions VALUES (1,'北京'),(2,'上海'),(3,'North'),(4,'South');
INSERT INTO orders VALUES (1,1,'2024-01-05',100),(2,2,'2024-05-01',50),(3,3,'2025-02-01',70);
)sql";

inline std::unique_ptr<nlq::SchemaIndex> SalesIndex() {
  auto conn = db::SqliteConnector::OpenInMemory(kSalesSql);
  EXPECT_TRUE(conn.ok()) << conn.status().ToString();
  if (!conn.ok()) return nullptr;
  auto index = nlq::BuildSchemaIndex(**conn, nullptr);
  EXPECT_TRUE(index.ok()) << index.status().ToString();
  if (!index.ok()) return nullptr;
  return std::make_unique<nlq::SchemaIndex>(std::move(index).value());
}

}  // namespace askdb::cache::testing
