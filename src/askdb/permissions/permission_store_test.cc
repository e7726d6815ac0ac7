// PermissionStore on SQLite (a scratch file) and on the test PostgreSQL's store database
// (ASKDB_TEST_STORE_URL, scripts/db_servers.sh; skips when unset).
#include "askdb/permissions/permission_store.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <filesystem>

#include "tests/servers/server_env.h"

namespace askdb::permissions {
namespace {

PermissionRule Rule(std::string datasource, std::string predicate) {
  PermissionRule r;
  r.datasource_id = std::move(datasource);
  r.grantee_kind = GranteeKind::kRole;
  r.grantee = "analyst";
  r.kind = RuleKind::kRow;
  r.table = "staff";
  r.predicate = std::move(predicate);
  return r;
}

void Contract(PermissionStore& store) {
  StatusOr<PermissionRule> a = store.Put(Rule("ds1", "region = {user.region}"));
  ASSERT_TRUE(a.ok()) << a.status().ToString();
  EXPECT_FALSE(a->id.empty());
  EXPECT_GT(a->created_ms, 0);
  StatusOr<PermissionRule> b = store.Put(Rule("ds2", "dept = 'hr'"));
  ASSERT_TRUE(b.ok());
  PermissionRule hide = Rule("ds1", "");
  hide.kind = RuleKind::kHideColumn;
  hide.column = "ssn";
  ASSERT_TRUE(store.Put(hide).ok());

  StatusOr<std::vector<PermissionRule>> ds1 = store.List("ds1");
  ASSERT_TRUE(ds1.ok());
  EXPECT_EQ(ds1->size(), 2u);
  EXPECT_EQ(store.List("")->size(), 3u);

  PermissionRule changed = *a;
  changed.predicate = "region = {user.area}";
  StatusOr<PermissionRule> replaced = store.Put(changed);
  ASSERT_TRUE(replaced.ok());
  EXPECT_EQ(replaced->created_ms, a->created_ms);
  EXPECT_EQ(store.Get(a->id)->predicate, "region = {user.area}");

  PermissionRule incomplete = Rule("ds1", "");
  StatusOr<PermissionRule> refused = store.Put(incomplete);
  EXPECT_EQ(refused.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(store.List("")->size(), 3u);  // nothing written

  EXPECT_TRUE(store.Delete(b->id).ok());
  EXPECT_EQ(store.Delete(b->id).code(), StatusCode::kNotFound);
  EXPECT_EQ(store.Get(b->id).status().code(), StatusCode::kNotFound);
}

TEST(PermissionStoreTest, SqliteFileKeepsRulesAcrossReopen) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("askdb_perm_store_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path file = dir / "askdb_server.sqlite";
  {
    StatusOr<std::unique_ptr<PermissionStore>> store = OpenSqlitePermissionStore(file);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    Contract(**store);
  }
  StatusOr<std::unique_ptr<PermissionStore>> again = OpenSqlitePermissionStore(file);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ((*again)->List("")->size(), 2u);
  std::filesystem::remove_all(dir);
}

TEST(PermissionStoreTest, SqliteMissingDirectoryIsAClearError) {
  StatusOr<std::unique_ptr<PermissionStore>> store =
      OpenSqlitePermissionStore("/nonexistent-dir/askdb_server.sqlite");
  ASSERT_FALSE(store.ok());
  EXPECT_NE(store.status().message().find("directory"), std::string::npos);
}

TEST(PermissionStoreTest, Postgres) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
  const std::string schema = "perm_store_test_" + std::to_string(::getpid());
  PGconn* conn = PQconnectdb(url.c_str());
  ASSERT_EQ(PQstatus(conn), CONNECTION_OK) << PQerrorMessage(conn);
  PQclear(PQexec(conn, ("CREATE SCHEMA " + schema).c_str()));
  const std::string scoped =
      url + (url.find('?') == std::string::npos ? "?" : "&") + "schema=" + schema;
  {
    StatusOr<std::unique_ptr<PermissionStore>> store = OpenPostgresPermissionStore(scoped);
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    Contract(**store);
    // A second process opening the same database sees the same rules.
    StatusOr<std::unique_ptr<PermissionStore>> other = OpenPostgresPermissionStore(scoped);
    ASSERT_TRUE(other.ok());
    EXPECT_EQ((*other)->List("")->size(), 2u);
  }
  PQclear(PQexec(conn, ("DROP SCHEMA " + schema + " CASCADE").c_str()));
  PQfinish(conn);
}

}  // namespace
}  // namespace askdb::permissions
