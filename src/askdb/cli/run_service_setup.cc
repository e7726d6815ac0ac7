#include "askdb/cli/run_service_setup.h"

#include <spdlog/spdlog.h>

#include <mutex>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/postgres_checkpoint_store.h"
#include "askdb/agent/pipeline/run_state.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/llm_setup.h"
#include "askdb/db/connector_registry.h"
#include "askdb/python/executor.h"
#include "askdb/server/api/management_setup.h"

namespace askdb::cli {

StatusOr<ServingState> OpenServingState(const ServingOptions& options, const CliContext& ctx) {
  ServingState state;
  ASKDB_ASSIGN_OR_RETURN(state.url, ResolveDatabaseUrl(options.db, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(state.url));
  agent::PrepareOptions prepare;
  prepare.semantic_model = options.semantic_model;
  ASKDB_ASSIGN_OR_RETURN(agent::PreparedDatasource datasource,
                         agent::PrepareDatasource(std::move(connector), state.url, prepare));
  state.datasource = std::make_shared<agent::PreparedDatasource>(std::move(datasource));
  ASKDB_ASSIGN_OR_RETURN(state.checkpoints,
                         agent::OpenCheckpointStore(ctx.config.server.store_url));
  if (LlmRequested(options.llm_flag, ctx.config)) {
    ASKDB_ASSIGN_OR_RETURN(state.llm, MakeCliLlmClient(options.llm_flag, ctx.config));
  }
  ASKDB_ASSIGN_OR_RETURN(state.answer_cache, OpenAnswerCache(ctx, state.llm.get()));
  state.durations = OpenStepDurations();
  return state;
}

server::api::RunServiceDeps MakeRunServiceDeps(ServingState& state,
                                               server::api::Management& management,
                                               const std::string& time_zone, bool review_plan,
                                               const CliContext& ctx) {
  server::api::RunServiceDeps deps;
  deps.datasource = [shared = state.datasource]() -> StatusOr<agent::PreparedDatasource*> {
    return shared.get();
  };
  deps.store = management.store.get();
  deps.datasources = management.datasources.get();
  deps.active_model = management.active_model.get();
  deps.llm = state.llm.get();
  AttachAnswerCacheStore(state.answer_cache, management.store.get(), ctx);
  deps.cache = state.answer_cache.cache.get();
  ShareStepDurations(state.durations, *management.store, ctx);
  deps.durations = state.durations.history.get();
  // Runs finish on several threads; the saves are serialised.
  auto save_mu = std::make_shared<std::mutex>();
  deps.on_durations_recorded = [durations = &state.durations, save_mu] {
    std::lock_guard lock(*save_mu);
    durations->Save();
  };
  deps.checkpoints = state.checkpoints.get();
  deps.pipeline_options = PipelineOptionsFromConfig(ctx);
  deps.pipeline_options.default_time_zone = time_zone;
  if (review_plan) deps.pipeline_options.plan_review = true;
  // A long-running server starts its warm Python sandboxes now ([python], like the CLI's
  // options), not on its first analysis.
  python::StartWarmPool(deps.pipeline_options.python);
  return deps;
}

}  // namespace askdb::cli
