// The knowledge base contract on the real PostgreSQL of scripts/db_servers.sh
// (ASKDB_TEST_STORE_URL; skips with a message without it, fails under
// ASKDB_REQUIRE_SERVERS=1), each test in a schema of its own, dropped afterwards.
#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>

#include "askdb/knowledge/knowledge_base_test.h"
#include "askdb/server/store/postgres_management_store.h"
#include "tests/servers/server_env.h"

namespace askdb::knowledge::testing {
namespace {

class PostgresBackend final : public StoreBackend {
 public:
  void SetUp() override {
    ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
    base_url_ = url;
    static std::atomic<int> counter{0};
    schema_ = "kb_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
    url_ = base_url_ + (base_url_.find('?') == std::string::npos ? "?" : "&") + "schema=" + schema_;
  }
  void TearDown() override {
    if (schema_.empty()) return;
    const std::string uri = "postgresql://" + base_url_.substr(base_url_.find("://") + 3);
    PGconn* conn = PQconnectdb(uri.c_str());
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
    PQclear(PQexec(conn, ("DROP SCHEMA IF EXISTS " + schema_ + " CASCADE").c_str()));
    PQfinish(conn);
  }
  StatusOr<std::unique_ptr<server::store::SqlManagementStore>> Open() override {
    if (url_.empty()) return UnavailableError("no test PostgreSQL");
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::store::PostgresManagementStore> store,
                           server::store::PostgresManagementStore::Open(url_));
    return std::unique_ptr<server::store::SqlManagementStore>(std::move(store));
  }

 private:
  std::string base_url_;
  std::string schema_;
  std::string url_;
};

std::unique_ptr<StoreBackend> MakePostgres() { return std::make_unique<PostgresBackend>(); }

INSTANTIATE_TEST_SUITE_P(Postgres, KnowledgeBaseContractTest,
                         ::testing::Values(BackendParam{"postgres", &MakePostgres}),
                         BackendParamName);

}  // namespace
}  // namespace askdb::knowledge::testing
