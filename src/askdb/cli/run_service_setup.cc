#include "askdb/cli/run_service_setup.h"

#include <mutex>

#include "askdb/agent/ask/datasource.h"
#include "askdb/cli/agent_setup.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/server/api/management_setup.h"

namespace askdb::cli {

server::api::RunServiceDeps MakeRunServiceDeps(const RunServiceParts& parts,
                                               const CliContext& ctx) {
  server::api::RunServiceDeps deps;
  deps.datasource = [shared = parts.datasource]() -> StatusOr<agent::PreparedDatasource*> {
    return shared.get();
  };
  deps.store = parts.management->store.get();
  deps.datasources = parts.management->datasources.get();
  deps.active_model = parts.management->active_model.get();
  deps.llm = parts.llm;
  deps.cache = parts.answer_cache->cache.get();
  deps.durations = parts.durations->history.get();
  // Runs finish on several threads; the saves are serialised.
  auto save_mu = std::make_shared<std::mutex>();
  deps.on_durations_recorded = [durations = parts.durations, save_mu] {
    std::lock_guard lock(*save_mu);
    durations->Save();
  };
  deps.checkpoints = parts.checkpoints;
  deps.pipeline_options = PipelineOptionsFromConfig(ctx);
  deps.pipeline_options.default_time_zone = parts.time_zone;
  if (parts.review_plan) deps.pipeline_options.plan_review = true;
  return deps;
}

}  // namespace askdb::cli
