// The run service's dependencies as `askdb serve` and `askdb mcp` both build them: one
// datasource prepared at start, the management store, the model, the shared answer cache and
// the learned step durations (saved after every run that records some).
#pragma once

#include <memory>
#include <string>

#include "askdb/server/api/run_service.h"

namespace askdb::agent {
struct PreparedDatasource;
class CheckpointStore;
}  // namespace askdb::agent
namespace askdb::llm {
class LlmClient;
}  // namespace askdb::llm
namespace askdb::server::api {
struct Management;
}  // namespace askdb::server::api

namespace askdb::cli {

struct CliContext;
struct SharedAnswerCache;
struct StepDurations;

struct RunServiceParts {
  std::shared_ptr<agent::PreparedDatasource> datasource;
  server::api::Management* management = nullptr;
  llm::LlmClient* llm = nullptr;  // null: no model
  SharedAnswerCache* answer_cache = nullptr;
  StepDurations* durations = nullptr;  // must outlive the run service
  agent::CheckpointStore* checkpoints = nullptr;
  std::string time_zone;
  bool review_plan = false;
};

// The caller adds what only it has (metrics in serve) and creates the RunService.
server::api::RunServiceDeps MakeRunServiceDeps(const RunServiceParts& parts, const CliContext& ctx);

}  // namespace askdb::cli
