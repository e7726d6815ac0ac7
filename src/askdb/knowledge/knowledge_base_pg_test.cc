// The knowledge base contract on the real PostgreSQL of scripts/db_servers.sh
// (ASKDB_TEST_STORE_URL; skips with a message without it, fails under
// ASKDB_REQUIRE_SERVERS=1), each test in a schema of its own, dropped afterwards.
#include <optional>

#include "askdb/knowledge/knowledge_base_test.h"
#include "askdb/server/store/postgres_management_store.h"
#include "tests/servers/pg_scratch_schema.h"
#include "tests/servers/server_env.h"

namespace askdb::knowledge::testing {
namespace {

class PostgresBackend final : public StoreBackend {
 public:
  void SetUp() override {
    ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_STORE_URL");
    schema_.emplace(url, "kb_test");
  }
  void TearDown() override { schema_.reset(); }
  StatusOr<std::unique_ptr<server::store::SqlManagementStore>> Open() override {
    if (!schema_) return UnavailableError("no test PostgreSQL");
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::store::PostgresManagementStore> store,
                           server::store::PostgresManagementStore::Open(schema_->url()));
    return std::unique_ptr<server::store::SqlManagementStore>(std::move(store));
  }

 private:
  std::optional<db::testing::PgScratchSchema> schema_;
};

std::unique_ptr<StoreBackend> MakePostgres() { return std::make_unique<PostgresBackend>(); }

INSTANTIATE_TEST_SUITE_P(Postgres, KnowledgeBaseContractTest,
                         ::testing::Values(BackendParam{"postgres", &MakePostgres}),
                         BackendParamName);

}  // namespace
}  // namespace askdb::knowledge::testing
