// MCP run_sql's table-selection check (RefuseUnselectedTables) on a real SQLite database
// through the real PermissionedConnector: what decides is the parse tree's table references,
// not names in the text — a column, alias or CTE spelled like an unselected table is fine;
// the unselected table itself is refused wherever and however it is written.
#include "askdb/server/api/mcp_backend.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "askdb/db/connector_registry.h"
#include "askdb/permissions/permissioned_connector.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {
namespace {

namespace fs = std::filesystem;

class SelectedTablesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() / ("askdb_mcp_tables_" + std::to_string(::getpid()) + ".db");
    fs::remove(path_);
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    // orders has a column named like the unselected table customers.
    const char* ddl =
        "CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, name TEXT);"
        "CREATE TABLE stores (store_id INTEGER PRIMARY KEY, name TEXT);"
        "CREATE TABLE orders (order_id INTEGER PRIMARY KEY, store_id INTEGER, customers "
        "INTEGER);"
        "INSERT INTO customers VALUES (1, 'Ann'), (2, 'Bob');"
        "INSERT INTO stores VALUES (1, 'North'), (2, 'South');"
        "INSERT INTO orders VALUES (10, 1, 2), (11, 2, 1), (12, 1, 1);";
    ASSERT_EQ(sqlite3_exec(db, ddl, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
    StatusOr<std::unique_ptr<db::Connector>> opened = db::OpenConnector("sqlite:" + path_.string());
    ASSERT_TRUE(opened.ok()) << opened.status().ToString();
    raw_ = std::move(opened).value();
    StatusOr<db::DatabaseSchema> schema = raw_->Introspect({});
    ASSERT_TRUE(schema.ok()) << schema.status().ToString();
    schema_ = std::make_shared<const db::DatabaseSchema>(std::move(schema).value());
    store::AgentRecord agent;
    agent.id = "sales";
    agent.selected_tables = {"orders", "Stores"};
    permissions::EffectivePolicy policy;
    RefuseUnselectedTables(*schema_, agent, policy);
    connector_ = std::make_unique<permissions::PermissionedConnector>(raw_, policy, schema_);
  }
  void TearDown() override {
    connector_.reset();
    raw_.reset();
    fs::remove(path_);
  }

  StatusOr<db::ResultSet> Run(const std::string& sql) {
    db::QueryOptions options;
    options.max_rows = 100;
    return connector_->Execute(sql, options);
  }

  fs::path path_;
  std::shared_ptr<db::Connector> raw_;
  std::shared_ptr<const db::DatabaseSchema> schema_;
  std::unique_ptr<permissions::PermissionedConnector> connector_;
};

TEST_F(SelectedTablesTest, AColumnAliasOrCteNamedLikeAnUnselectedTableIsAccepted) {
  for (const std::string sql : {
           "SELECT customers FROM orders ORDER BY order_id",
           "SELECT o.customers AS customers FROM orders o ORDER BY o.order_id",
           "SELECT customers.customers FROM orders AS customers ORDER BY 1",
           "WITH customers AS (SELECT customers FROM orders) SELECT customers FROM customers "
           "ORDER BY 1",
       }) {
    StatusOr<db::ResultSet> result = Run(sql);
    ASSERT_TRUE(result.ok()) << sql << ": " << result.status().ToString();
    EXPECT_EQ(result->rows.size(), 3u) << sql;
  }
  StatusOr<db::ResultSet> joined =
      Run("SELECT s.name, COUNT(*) FROM orders o JOIN stores s ON s.store_id = o.store_id "
          "GROUP BY s.name ORDER BY s.name");
  ASSERT_TRUE(joined.ok()) << joined.status().ToString();
  EXPECT_EQ(joined->rows.size(), 2u);
}

TEST_F(SelectedTablesTest, TheUnselectedTableIsRefusedWhereverItIsReferenced) {
  for (const std::string sql : {
           "SELECT * FROM customers",
           "SELECT name FROM \"Customers\"",
           "SELECT name FROM `customers`",
           "SELECT name FROM [customers]",
           "SELECT name FROM main.customers",
           "SELECT o.order_id FROM orders o JOIN customers c ON c.customer_id = o.customers",
           "SELECT order_id FROM orders WHERE customers IN (SELECT customer_id FROM customers)",
           "SELECT (SELECT name FROM customers LIMIT 1) FROM orders",
           "WITH c AS (SELECT * FROM customers) SELECT * FROM c",
           "WITH orders AS (SELECT * FROM customers) SELECT * FROM orders",
           "SELECT name FROM stores UNION SELECT name FROM customers",
           "SELECT * FROM orders; SELECT * FROM customers",
           "SELECT sql FROM sqlite_master",
           "SELECT name FROM pragma_table_info('customers')",
       }) {
    StatusOr<db::ResultSet> result = Run(sql);
    ASSERT_FALSE(result.ok()) << "ran: " << sql;
    EXPECT_EQ(result.status().code(), StatusCode::kPermissionDenied)
        << sql << ": " << result.status().ToString();
  }
  const Status refused = Run("SELECT * FROM customers").status();
  EXPECT_NE(refused.message().find("agent 'sales' may read only its selected tables"),
            std::string::npos)
      << refused.ToString();
}

TEST_F(SelectedTablesTest, NoSelectionChangesNothing) {
  store::AgentRecord agent;
  agent.id = "default";
  permissions::EffectivePolicy policy;
  RefuseUnselectedTables(*schema_, agent, policy);
  EXPECT_TRUE(policy.empty());
}

}  // namespace
}  // namespace askdb::server::api
