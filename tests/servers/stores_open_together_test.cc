// Processes starting together on one fresh PostgreSQL store (scale-out: several `askdb serve`
// started by one deployment) each create the same schema and tables at the same moment.
// PostgreSQL's CREATE ... IF NOT EXISTS fails against a concurrent one, so every store takes
// one shared advisory lock first (agent::kPgLockStoreSchema); without it one process in a few
// died at start with a duplicate-key error. Here each thread is one process: its own
// connections, every store `askdb serve` opens, in the order serve opens them.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "askdb/agent/graph/postgres_checkpoint_store.h"
#include "askdb/knowledge/knowledge_store.h"
#include "askdb/knowledge/terms/term_store.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/server/api/shared_answer_cache_store.h"
#include "askdb/server/api/shared_duration_store.h"
#include "askdb/server/store/postgres_management_store.h"
#include "askdb/server/users/user_store.h"
#include "tests/servers/pg_scratch_schema.h"
#include "tests/servers/server_env.h"

namespace askdb {
namespace {

// Opens every store of one process on `url`; the first failure.
Status OpenEveryStore(const std::string& url) {
  ASKDB_ASSIGN_OR_RETURN(auto management, server::store::PostgresManagementStore::Open(url));
  ASKDB_ASSIGN_OR_RETURN(auto checkpoints, agent::PostgresCheckpointStore::Open(url));
  ASKDB_ASSIGN_OR_RETURN(auto permissions, permissions::OpenPostgresPermissionStore(url));
  ASKDB_ASSIGN_OR_RETURN(auto users, server::users::UserStore::Open(*management));
  ASKDB_ASSIGN_OR_RETURN(auto answers, server::api::SharedAnswerCacheStore::Open(*management));
  ASKDB_ASSIGN_OR_RETURN(auto durations, server::api::SharedDurationStore::Open(*management));
  ASKDB_ASSIGN_OR_RETURN(auto knowledge, knowledge::KnowledgeStore::Open(*management));
  ASKDB_ASSIGN_OR_RETURN(auto terms, knowledge::TermStore::Open(*management));
  return Status::Ok();
}

TEST(StoresOpenTogetherTest, ProcessesStartingAtOnceOnAFreshStoreAllOpenIt) {
  ASKDB_REQUIRE_SERVER_URL(base_url, "ASKDB_TEST_STORE_URL");
  constexpr int kRounds = 3;  // a fresh schema each round: the race is on first creation
  constexpr int kProcesses = 4;
  for (int round = 0; round < kRounds; ++round) {
    db::testing::PgScratchSchema schema(base_url, "together");
    std::vector<Status> results(kProcesses);
    std::vector<std::thread> processes;
    for (int i = 0; i < kProcesses; ++i) {
      processes.emplace_back([&, i] { results[i] = OpenEveryStore(schema.url()); });
    }
    for (std::thread& t : processes) t.join();
    for (int i = 0; i < kProcesses; ++i) {
      EXPECT_TRUE(results[i].ok())
          << "round " << round << ", process " << i << ": " << results[i].ToString();
    }
  }
}

}  // namespace
}  // namespace askdb
