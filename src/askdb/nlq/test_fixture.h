// Test-only, shared by the nlq unit tests: an in-memory database and its SchemaIndex
// (OpenDb), a fixture that asks the engine about one (DbTest), and a small shop database
// (regions ← stores ← orders ← items, OpenShop).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
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

struct TestDb {
  std::unique_ptr<db::SqliteConnector> connector;
  std::unique_ptr<SchemaIndex> index;
};
using Shop = TestDb;

// The database `sql` builds in memory, indexed with `model` when one is given. A failure is
// a test failure and leaves both pointers empty.
inline TestDb OpenDb(const char* sql, const catalog::SemanticModel* model = nullptr) {
  TestDb out;
  auto conn = db::SqliteConnector::OpenInMemory(sql);
  EXPECT_TRUE(conn.ok()) << conn.status().ToString();
  if (!conn.ok()) return out;
  auto index = BuildSchemaIndex(**conn, model);
  EXPECT_TRUE(index.ok()) << index.status().ToString();
  if (!index.ok()) return out;
  out.connector = std::move(conn).value();
  out.index = std::make_unique<SchemaIndex>(std::move(index).value());
  return out;
}

inline Shop OpenShop() { return OpenDb(kShopSql); }

// A table and a column of a semantic model, with their Chinese and English names.
inline catalog::TableSemantics SemanticTable(std::string name, std::string zh, std::string en) {
  catalog::TableSemantics t;
  t.name = std::move(name);
  t.business_name = {std::move(zh), std::move(en)};
  return t;
}
inline catalog::ColumnSemantics SemanticColumn(
    std::string name, std::string zh, std::string en,
    catalog::ColumnRole role = catalog::ColumnRole::kUnspecified) {
  catalog::ColumnSemantics c;
  c.name = std::move(name);
  c.business_name = {std::move(zh), std::move(en)};
  c.role = role;
  return c;
}

// The rows `sql` returns on `conn`, each as its cells' text joined by '|'; none (and a test
// failure) when it does not run.
inline std::vector<std::string> ResultRows(db::SqliteConnector& conn, const std::string& sql) {
  std::vector<std::string> rows;
  auto rs = conn.Execute(sql, {});
  EXPECT_TRUE(rs.ok()) << sql << ": " << rs.status().ToString();
  if (!rs.ok()) return rows;
  for (const auto& row : rs->rows) {
    std::string line;
    for (size_t k = 0; k < row.size(); ++k) line += (k ? "|" : "") + row[k].ToDisplayString();
    rows.push_back(line);
  }
  return rows;
}

// A test of the engine on one in-memory database: Open it (in SetUp, or first in a test),
// then Ask questions with options_ and read the answers' Rows.
class DbTest : public ::testing::Test {
 protected:
  void Open(const char* sql, const catalog::SemanticModel* model = nullptr) {
    TestDb db = OpenDb(sql, model);
    ASSERT_TRUE(db.index) << "the test database did not open";
    conn_ = std::move(db.connector);
    index_ = std::move(db.index);
  }
  Translation Ask(std::string_view q) const {
    return Engine::Translate(q, *index_, conn_->dialect(), options_);
  }
  // The rows of the answer to `q`; none (and a test failure) when the engine abstains.
  std::vector<std::string> Rows(std::string_view q) const {
    const Translation t = Ask(q);
    EXPECT_TRUE(t.answered) << q << ": " << t.abstain_reason;
    if (!t.answered) return {};
    return ResultRows(*conn_, t.sql);
  }
  TranslateOptions options_;
  std::unique_ptr<db::SqliteConnector> conn_;
  std::unique_ptr<SchemaIndex> index_;
};

}  // namespace askdb::nlq::testing
