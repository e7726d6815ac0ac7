// The schema layer against real PostgreSQL and MariaDB servers: the SchemaManager's two
// levels and caches over each engine's connector, and the structure fingerprint (a catalog
// query per engine) — stable while nothing changes, different after a DDL statement, which
// then invalidates the cache. The DDL runs through the client libraries with the admin
// role, since every askdb connection is read-only.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <mysql.h>

#include <memory>
#include <string>

#include "askdb/catalog/schema_manager.h"
#include "askdb/catalog/schema_source.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/database_url.h"
#include "tests/servers/server_env.h"

namespace askdb::catalog {
namespace {

// Runs one writable statement as the admin role; returns "" or the server's error.
using AdminExec = std::string (*)(const std::string& admin_url, const std::string& sql);

std::string PgExec(const std::string& admin_url, const std::string& sql) {
  StatusOr<db::DatabaseUrl> u = db::ParseDatabaseUrl(admin_url);
  if (!u.ok()) return u.status().ToString();
  const std::string conninfo =
      "host=" + u->host + " port=" + std::to_string(u->port.value_or(5432)) + " user=" + u->user +
      " password=" + u->password + " dbname=" + u->database;
  PGconn* conn = PQconnectdb(conninfo.c_str());
  std::string error;
  if (PQstatus(conn) != CONNECTION_OK) {
    error = PQerrorMessage(conn);
  } else {
    PGresult* r = PQexec(conn, sql.c_str());
    if (PQresultStatus(r) != PGRES_COMMAND_OK) error = PQerrorMessage(conn);
    PQclear(r);
  }
  PQfinish(conn);
  return error;
}

std::string MysqlExec(const std::string& admin_url, const std::string& sql) {
  StatusOr<db::DatabaseUrl> u = db::ParseDatabaseUrl(admin_url);
  if (!u.ok()) return u.status().ToString();
  MYSQL* conn = mysql_init(nullptr);
  std::string error;
  if (mysql_real_connect(conn, u->host.c_str(), u->user.c_str(), u->password.c_str(),
                         u->database.c_str(), static_cast<unsigned>(u->port.value_or(3306)),
                         nullptr, 0) == nullptr ||
      mysql_query(conn, sql.c_str()) != 0) {
    error = mysql_error(conn);
  }
  mysql_close(conn);
  return error;
}

// `tables_after_create`: PostgreSQL lists only the tables the read-only role may SELECT
// from (the probe table is not granted to it); MariaDB's grant covers the whole database.
void CheckSchemaLayer(const std::string& url, const std::string& admin_url, AdminExec exec,
                      size_t tables_after_create) {
  StatusOr<std::unique_ptr<db::Connector>> connector = db::OpenConnector(url);
  ASSERT_TRUE(connector.ok()) << connector.status().ToString();
  auto source = std::make_unique<ConnectorSchemaSource>(**connector);
  ConnectorSchemaSource* probe = source.get();

  StatusOr<std::string> before = probe->Fingerprint();
  ASSERT_TRUE(before.ok()) << before.status().ToString();
  StatusOr<std::string> again = probe->Fingerprint();
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*before, *again) << "the fingerprint must be stable while nothing changes";

  SchemaManager manager;
  ASSERT_TRUE(manager.AddDatasource("chinook", std::move(source)).ok());
  StatusOr<SchemaResult> basic = manager.GetSchema({"chinook", SchemaLevel::kBasic, {}});
  ASSERT_TRUE(basic.ok()) << basic.status().ToString();
  EXPECT_FALSE(basic->from_cache);
  EXPECT_EQ(basic->schema.tables.size(), 11u);
  StatusOr<SchemaResult> cached = manager.GetSchema({"chinook", SchemaLevel::kBasic, {}});
  ASSERT_TRUE(cached.ok());
  EXPECT_TRUE(cached->from_cache);
  EXPECT_EQ(cached->text.rfind(kCachedSchemaMarker, 0), 0u) << cached->text.substr(0, 80);

  StatusOr<SchemaResult> detailed =
      manager.GetSchema({"chinook", SchemaLevel::kDetailed, {"invoice", "customer"}});
  ASSERT_TRUE(detailed.ok()) << detailed.status().ToString();
  ASSERT_EQ(detailed->schema.tables.size(), 2u);
  for (const db::TableInfo& t : detailed->schema.tables) EXPECT_FALSE(t.columns.empty());

  // A structure change shows in the fingerprint and empties the cache.
  ASSERT_EQ(exec(admin_url, "CREATE TABLE askdb_fingerprint_probe (id INTEGER)"), "");
  StatusOr<std::string> after = probe->Fingerprint();
  StatusOr<SchemaResult> refreshed = manager.GetSchema({"chinook", SchemaLevel::kBasic, {}});
  const std::string dropped = exec(admin_url, "DROP TABLE askdb_fingerprint_probe");
  EXPECT_EQ(dropped, "");
  ASSERT_TRUE(after.ok()) << after.status().ToString();
  EXPECT_NE(*before, *after) << "CREATE TABLE did not change the fingerprint";
  ASSERT_TRUE(refreshed.ok()) << refreshed.status().ToString();
  EXPECT_FALSE(refreshed->from_cache) << "a changed structure must not be served from cache";
  EXPECT_EQ(refreshed->schema.tables.size(), tables_after_create);
  StatusOr<std::string> restored = probe->Fingerprint();
  ASSERT_TRUE(restored.ok());
  EXPECT_EQ(*restored, *before) << "dropping the probe table should restore the fingerprint";
}

TEST(SchemaManagerServerTest, PostgresLevelsCachesAndFingerprint) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  ASKDB_REQUIRE_SERVER_URL(admin, "ASKDB_TEST_PG_ADMIN_URL");
  CheckSchemaLayer(url, admin, PgExec, 11);
}

TEST(SchemaManagerServerTest, MysqlLevelsCachesAndFingerprint) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  ASKDB_REQUIRE_SERVER_URL(admin, "ASKDB_TEST_MYSQL_ADMIN_URL");
  CheckSchemaLayer(url, admin, MysqlExec, 12);
}

}  // namespace
}  // namespace askdb::catalog
