// What `askdb serve` and `askdb mcp` both start with: one datasource prepared at start, the
// checkpoint store, the model, the shared answer cache and the learned step durations; and
// the run service's dependencies built from them and the management store.
#pragma once

#include <memory>
#include <string>

#include "askdb/agent/graph/checkpoint_store.h"
#include "askdb/cli/agent_setup.h"
#include "askdb/server/api/run_service.h"

namespace askdb::agent {
struct PreparedDatasource;
}  // namespace askdb::agent
namespace askdb::server::api {
struct Management;
}  // namespace askdb::server::api

namespace askdb::cli {

struct CliContext;

struct ServingState {
  std::string url;  // the --db datasource's URL
  // Prepared once and shared read-only by every run.
  std::shared_ptr<agent::PreparedDatasource> datasource;
  // server.store_url: SQLite under the data directory, or PostgreSQL shared with other
  // askdb processes (a run interrupted in one can be resumed by another replica).
  std::unique_ptr<agent::CheckpointStore> checkpoints;
  std::unique_ptr<llm::LlmClient> llm;  // null: no model
  // Persisted in the data directory, or in the shared store's tables when server.store_url
  // is set (MakeRunServiceDeps attaches one; docs/cache.md).
  SharedAnswerCache answer_cache;
  StepDurations durations;  // learned by every run (docs/plans.md)
};

struct ServingOptions {
  std::string db;              // --db; empty: the configured or demo database
  std::string semantic_model;  // --semantic-model
  std::string llm_flag;        // --llm
};

StatusOr<ServingState> OpenServingState(const ServingOptions& options, const CliContext& ctx);

// The caller adds what only it has (metrics in serve) and creates the RunService. `state`
// must outlive the run service (its durations are saved after every run that records some).
// With server.store_url set, the answer cache is attached to the management store's tables:
// no run may use the cache once `management` is closed.
server::api::RunServiceDeps MakeRunServiceDeps(ServingState& state,
                                               server::api::Management& management,
                                               const std::string& time_zone, bool review_plan,
                                               const CliContext& ctx);

}  // namespace askdb::cli
