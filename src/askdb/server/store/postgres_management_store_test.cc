// PostgresManagementStore through the ManagementStore contract suite
// (management_store_contract_test.h) against the real PostgreSQL of scripts/db_servers.sh
// (ASKDB_TEST_STORE_URL; skips with a message without it, fails under
// ASKDB_REQUIRE_SERVERS=1), each test in a schema of its own (the URL's schema=), dropped
// afterwards.
#include "askdb/server/store/postgres_management_store.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>

#include "askdb/server/store/management_store_contract_test.h"
#include "tests/servers/server_env.h"

namespace askdb::server::store::testing {
namespace {

class PostgresBackend final : public StoreBackend {
 public:
  void SetUp() override {
    ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
    base_url_ = url;
    static std::atomic<int> counter{0};
    schema_ = "mstore_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    url_ = base_url_ + (base_url_.find('?') == std::string::npos ? "?" : "&") + "schema=" + schema_;
  }
  void TearDown() override {
    if (!schema_.empty()) Query("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE");
  }
  StatusOr<std::unique_ptr<ManagementStore>> Open() override {
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<PostgresManagementStore> store,
                           PostgresManagementStore::Open(url_));
    return std::unique_ptr<ManagementStore>(std::move(store));
  }
  void SetSchemaVersion(int version) override {
    Query("UPDATE " + schema_ + ".schema_versions SET version = " + std::to_string(version) +
          " WHERE component = 'management'");
  }

 private:
  // Runs one statement through a connection of its own, as another process would.
  void Query(const std::string& sql) {
    const std::string uri = "postgresql://" + base_url_.substr(base_url_.find("://") + 3);
    PGconn* conn = PQconnectdb(uri.c_str());
    ASSERT_EQ(PQstatus(conn), CONNECTION_OK) << PQerrorMessage(conn);
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
    PGresult* r = PQexec(conn, sql.c_str());
    EXPECT_EQ(PQresultStatus(r), PGRES_COMMAND_OK) << sql << ": " << PQresultErrorMessage(r);
    PQclear(r);
    PQfinish(conn);
  }

  std::string base_url_;
  std::string schema_;
  std::string url_;
};

std::unique_ptr<StoreBackend> MakePostgres() { return std::make_unique<PostgresBackend>(); }

INSTANTIATE_TEST_SUITE_P(Postgres, ManagementStoreContractTest,
                         ::testing::Values(StoreBackendParam{"postgres", &MakePostgres}),
                         StoreBackendParamName);

}  // namespace
}  // namespace askdb::server::store::testing
