// askdb serve: the run API over HTTP (docs/server.md). Prepares the datasource once,
// opens the checkpoint store and the model client, loads (or on first start creates) the
// admin key, serves the routes of server/api/api_server.h, and on SIGINT/SIGTERM stops
// accepting and lets runs finish up to --shutdown-timeout.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <iostream>
#include <memory>
#include <optional>

#include "askdb/agent/ask/datasource.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/knowledge_options.h"
#include "askdb/cli/run_service_setup.h"
#include "askdb/common/paths.h"
#include "askdb/knowledge/knowledge_setup.h"
#include "askdb/knowledge/terms/term_store.h"
#include "askdb/mcp/tools.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/server/api/api_server.h"
#include "askdb/server/api/key_file_store.h"
#include "askdb/server/api/knowledge_api.h"
#include "askdb/server/api/management_setup.h"
#include "askdb/server/api/mcp_endpoint.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/api/terms_api.h"
#include "askdb/server/httplib_server.h"
#include "askdb/server/metrics/askdb_metrics.h"
#include "askdb/server/metrics/metrics.h"
#include "askdb/server/security/api_keys.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "askdb/server/users/user_auth.h"
#include "askdb/server/web/web_assets.h"

namespace askdb::cli {
namespace {

constexpr int kDefaultPort = 8765;
constexpr int kDefaultShutdownSeconds = 30;
constexpr int kDefaultHeartbeatSeconds = 15;
// Runs mostly wait on the model, and worker threads start on demand (RunExecutor), so
// thousands of concurrent runs are affordable (issue #7 measures 2,000); the cap only
// guards against a typo exhausting the process's threads.
constexpr std::size_t kMaxWorkers = 16384;
constexpr std::size_t kMaxQueue = 100000;
// Connection threads beyond --workers: streams of queued runs, /metrics, /healthz, ...
constexpr std::size_t kSpareConnections = 256;

struct ServeOptions {
  std::string db;
  std::string semantic_model;
  std::string llm_flag;
  std::string time_zone;
  std::string host = "127.0.0.1";
  int port = kDefaultPort;
  bool no_auth = false;
  bool review_plan = false;
  std::size_t workers = server::RunExecutorOptions{}.workers;
  std::size_t queue = server::RunExecutorOptions{}.queue_capacity;
  int shutdown_seconds = kDefaultShutdownSeconds;
  int heartbeat_seconds = kDefaultHeartbeatSeconds;
  std::vector<std::string> cors_origins;  // browser origins allowed to call the API
  std::size_t max_body_bytes = server::HttpServerOptions{}.max_body_bytes;
  // Connection bounds (0: derived defaults, see docs/server.md).
  std::size_t max_connections = 0;
  std::size_t max_connections_per_client = 0;
  int request_deadline_seconds = 30;
  int idle_timeout_seconds = 5;
  int auth_max_failures = 10;
  // What datasources may point at (server/api/datasource_policy.h).
  std::vector<std::string> datasource_folders;
  std::vector<std::string> datasource_hosts;
};

// Sign-in for people (auth.* keys, docs/configuration.md).
server::users::UserAuthOptions UserAuthOptionsFromConfig(const config::AuthConfig& auth) {
  server::users::UserAuthOptions options;
  options.session_ttl = std::chrono::hours(auth.session_hours);
  options.proxy_header = auth.proxy_header;
  std::string entry;
  for (char c : auth.trusted_proxies + ",") {
    if (c == ',' || c == ' ' || c == '\t') {
      if (!entry.empty()) options.trusted_proxies.push_back(entry);
      entry.clear();
    } else {
      entry.push_back(c);
    }
  }
  options.throttle.max_failures = static_cast<int>(auth.max_sign_in_failures);
  return options;
}

Status RunServe(const ServeOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(server::security::AuthPolicy policy,
                         server::security::AuthPolicy::Make(!options.no_auth, options.host));
  if (options.port < 0 || options.port > 65535) {
    return InvalidArgumentError("--port must be 0..65535 (0 picks a free port), got " +
                                std::to_string(options.port));
  }
  // Block the stop signals before any thread starts, so every thread inherits the mask and
  // only sigwait below receives them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  ASKDB_ASSIGN_OR_RETURN(
      ServingState state,
      OpenServingState({options.db, options.semantic_model, options.llm_flag}, ctx));

  server::metrics::Registry registry;
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::metrics::AskdbMetrics> metrics,
                         server::metrics::AskdbMetrics::Create(registry, {.answer_cache = true}));

  // The management store (agents, datasources, sessions, run history, API keys) in the
  // data directory; the prepared --db datasource is agent "default"'s.
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path data_dir, DataDir());
  ASKDB_RETURN_IF_ERROR(EnsureDir(data_dir).status());
  server::api::DatasourcePolicyOptions policy_options;
  policy_options.protected_dirs.push_back(data_dir);
  for (auto dir : {ConfigDir(), CacheDir()}) {
    if (dir.ok()) policy_options.protected_dirs.push_back(*dir);
  }
  policy_options.exempt_dirs.push_back(data_dir / "demo");  // askdb demo's database
  for (const std::string& folder : options.datasource_folders) {
    policy_options.allowed_folders.emplace_back(folder);
  }
  policy_options.allowed_hosts = options.datasource_hosts;
  policy_options.store_url = ctx.config.server.store_url;
  server::api::ManagementOptions management_options;
  management_options.data_dir = data_dir;
  management_options.store_url = ctx.config.server.store_url;
  management_options.db_url = state.url;
  management_options.prepared = state.datasource;
  management_options.issue_admin_key = policy.auth_required();
  ASKDB_ASSIGN_OR_RETURN(server::api::Management management,
                         server::api::OpenManagement(management_options));
  std::unique_ptr<server::security::ApiKeyAuthenticator> authenticator;
  if (policy.auth_required()) {
    if (management.new_admin_key) {
      std::cerr << "askdb serve: created the admin API key (shown only now; its hash is in "
                << (data_dir / std::string(server::store::kDefaultManagementStoreFileName)).string()
                << "):\n  " << *management.new_admin_key
                << "\nSend it as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'.\n";
    }
    ASKDB_ASSIGN_OR_RETURN(authenticator,
                           server::security::ApiKeyAuthenticator::Create(*management.keys));
  }

  // People sign in with the accounts of the management database (askdb users add).
  std::unique_ptr<server::users::UserStore> user_store;
  std::unique_ptr<server::users::UserAuth> user_auth;
  // Data permissions (docs/permissions.md): their rules live in the same database.
  std::unique_ptr<permissions::PermissionStore> rules;
  if (policy.auth_required()) {
    if (ctx.config.server.store_url.empty()) {
      ASKDB_ASSIGN_OR_RETURN(
          rules, permissions::OpenSqlitePermissionStore(
                     data_dir / std::string(server::store::kDefaultManagementStoreFileName)));
    } else {
      ASKDB_ASSIGN_OR_RETURN(rules,
                             permissions::OpenPostgresPermissionStore(ctx.config.server.store_url));
    }
    ASKDB_ASSIGN_OR_RETURN(user_store, server::users::UserStore::Open(*management.store));
    ASKDB_ASSIGN_OR_RETURN(user_auth, server::users::UserAuth::Create(
                                          *user_store, UserAuthOptionsFromConfig(ctx.config.auth)));
  }

  // The knowledge base on the same management database (/api/v1/knowledge, docs/knowledge.md):
  // its documents and Q&A are the evidence stage's other channel. Declared before the run
  // service and the server so that it outlives both.
  ASKDB_ASSIGN_OR_RETURN(const knowledge::KnowledgeBaseOptions kb_options,
                         CliKnowledgeOptions(ctx.config));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<knowledge::KnowledgeBase> kb,
                         knowledge::OpenKnowledgeBaseOn(*management.store, kb_options));
  const knowledge::KnowledgeEvidenceSource kb_evidence(
      *kb, knowledge::EvidenceOptionsFromConfig(ctx.config));

  // Business terms in the management database: the engine of each datasource reads its own,
  // and runs recall their agent's and datasource's as evidence (docs/knowledge.md).
  ASKDB_ASSIGN_OR_RETURN(
      std::unique_ptr<knowledge::TermStore> terms,
      server::api::OpenDatasourceTerms(*management.store, *management.datasources));
  const knowledge::TermEvidenceSource term_evidence(server::api::StoreTermProvider(*terms));
  server::api::RunServiceDeps deps =
      MakeRunServiceDeps(state, management, options.time_zone, options.review_plan, ctx);
  deps.evidence.push_back(&term_evidence);
  deps.evidence.push_back(&kb_evidence);
  deps.evidence_token_budget = static_cast<int>(ctx.config.knowledge.evidence_token_budget);
  deps.engine_terms = server::api::StoreTermProvider(*terms);
  deps.metrics = metrics.get();
  deps.permissions = rules.get();
  server::api::RunServiceOptions run_options;
  run_options.executor.workers = options.workers;
  run_options.executor.queue_capacity = options.queue;
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::api::RunService> runs,
                         server::api::RunService::Create(std::move(deps), run_options));

  // Every open stream holds a connection thread (httplib_server.h), so the HTTP server
  // must take at least as many connections as runs may execute at once.
  server::HttpServerOptions http_options;
  http_options.max_worker_threads =
      std::max(http_options.max_worker_threads, options.workers + kSpareConnections);
  http_options.cors_allowed_origins = options.cors_origins;
  http_options.max_body_bytes = options.max_body_bytes;
  http_options.max_connections =
      options.max_connections > 0 ? options.max_connections : http_options.max_worker_threads;
  http_options.max_worker_threads = std::max(http_options.max_worker_threads,
                                             std::min(http_options.max_connections, kMaxWorkers));
  // A single address may hold half the connections unless told otherwise.
  http_options.max_connections_per_client =
      options.max_connections_per_client > 0
          ? options.max_connections_per_client
          : std::max<std::size_t>(1, http_options.max_connections / 2);
  http_options.request_deadline = std::chrono::seconds(options.request_deadline_seconds);
  http_options.keep_alive_timeout = std::chrono::seconds(options.idle_timeout_seconds);
  http_options.on_connection_event = [m = metrics.get()](std::string_view event) {
    m->RecordConnectionEvent(event);
  };
  server::api::SetKnowledgeUploadLimit(http_options, kb_options.max_file_bytes);
  std::unique_ptr<server::HttpServer> http = server::MakeHttplibServer(http_options);
  server::api::SetKnowledgeUploadTooLargeResponse(*http, kb_options.max_file_bytes);
  server::api::ApiServerDeps api_deps;
  api_deps.runs = runs.get();
  api_deps.authenticator = authenticator.get();
  api_deps.users = user_auth.get();
  api_deps.cookie_secure = ctx.config.auth.cookie_secure;
  api_deps.permissions = rules.get();
  api_deps.registry = &registry;
  api_deps.metrics = metrics.get();
  api_deps.management.store = management.store.get();
  api_deps.management.datasources = management.datasources.get();
  api_deps.management.secrets = management.secrets.get();
  api_deps.management.keys = policy.auth_required() ? management.keys.get() : nullptr;
  if (user_store != nullptr) {  // keys tied to a user (/api/v1/users/{name}/keys)
    api_deps.management.user_exists = [store = user_store.get()](std::string_view name) {
      return store->GetUser(name).status();
    };
  }
  api_deps.management.datasource_policy = server::api::DatasourcePolicy(policy_options);
  api_deps.management.knowledge = kb.get();
  api_deps.management.terms = terms.get();
  server::api::ApiServerOptions api_options;
  api_options.auth_throttle.max_failures = options.auth_max_failures;
  api_options.stream.heartbeat_interval = std::chrono::seconds(options.heartbeat_seconds);
  // MCP over Streamable HTTP at /mcp (docs/mcp.md): the same runs, store and keys.
  server::api::McpEndpointOptions mcp_options;
  mcp_options.backend.runs = runs.get();
  mcp_options.backend.store = management.store.get();
  mcp_options.backend.datasources = management.datasources.get();
  mcp_options.backend.knowledge = kb.get();  // search_knowledge
  mcp_options.backend.query = PipelineOptionsFromConfig(ctx).query;
  mcp_options.info = mcp::AskdbServerInfo();
  api_deps.mcp = &mcp_options;
  ASKDB_RETURN_IF_ERROR(server::api::RegisterApiRoutes(*http, api_deps, api_options));
  // The web UI at "/" (docs/web.md); the API's routes stay more specific.
  ASKDB_RETURN_IF_ERROR(server::web::RegisterWebRoutes(
      *http, server::web::WebOptionsFromConfig(ctx.config.server.frame_ancestors)));
  ASKDB_RETURN_IF_ERROR(http->Start(options.host, options.port));
  const bool v6 = options.host.find(':') != std::string::npos && options.host.front() != '[';
  std::cerr << "listening on http://" << (v6 ? "[" + options.host + "]" : options.host) << ":"
            << http->port() << (policy.auth_required() ? "" : " (no authentication)") << std::endl;

  int received = 0;
  sigwait(&stop_signals, &received);
  std::cerr << "askdb serve: " << (received == SIGINT ? "SIGINT" : "SIGTERM")
            << ": stopping; runs may finish for " << options.shutdown_seconds << " s" << std::endl;
  Status drained = server::api::GracefulShutdown(
      *http, *runs,
      std::chrono::steady_clock::now() + std::chrono::seconds(options.shutdown_seconds));
  if (!drained.ok()) std::cerr << "askdb serve: " << drained.ToString() << std::endl;
  return Status::Ok();
}

}  // namespace

Command AddServeCommand(CLI::App& app) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "Serve the agent over HTTP (run API, SSE)");
  cmd->add_option("--db", options->db, "Database URL (sqlite:PATH, a file path, ...)");
  cmd->add_option("--semantic-model", options->semantic_model,
                  "Semantic model JSON (default: NAME.semantic.json beside a SQLite file)");
  cmd->add_option("--llm", options->llm_flag,
                  "Use a model: record:FILE, replay:FILE or scripted:FILE (default: the "
                  "[llm] configuration, when it names a model)");
  cmd->add_option("--tz", options->time_zone, "Time zone for date/time questions");
  cmd->add_option("--host", options->host, "Address to listen on")->capture_default_str();
  cmd->add_option("--port", options->port, "Port; 0 picks a free one (printed)")
      ->capture_default_str();
  cmd->add_flag("--no-auth", options->no_auth,
                "Accept requests without an API key (only when --host is loopback)");
  cmd->add_flag("--review-plan", options->review_plan,
                "Multi-step analysis plans wait for approval (humanFeedback)");
  cmd->add_option("--workers", options->workers, "Runs executed at once")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, kMaxWorkers));
  cmd->add_option("--queue", options->queue, "Runs waiting beyond --workers before 429")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{0}, kMaxQueue));
  cmd->add_option("--shutdown-timeout", options->shutdown_seconds,
                  "Seconds runs may go on after SIGINT/SIGTERM")
      ->capture_default_str();
  cmd->add_option("--cors-origin", options->cors_origins,
                  "Browser origin allowed to call the API (repeat; \"*\" for any)");
  cmd->add_option("--max-body", options->max_body_bytes,
                  "Largest request body in bytes; larger ones answer 413")
      ->capture_default_str();
  cmd->add_option("--max-connections", options->max_connections,
                  "Open connections at once; more answer 503 + Retry-After (0: 4096, or "
                  "--workers + 256 when larger)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000}));
  cmd->add_option("--max-connections-per-client", options->max_connections_per_client,
                  "Open connections per client address (0: half of --max-connections)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000}));
  cmd->add_option("--request-deadline", options->request_deadline_seconds,
                  "Seconds a request's headers and body may take to arrive (then 408)")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->add_option("--idle-timeout", options->idle_timeout_seconds,
                  "Seconds a connection may stay open without a request")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->add_option("--auth-max-failures", options->auth_max_failures,
                  "Failed key checks per client address per minute before 429 for a minute "
                  "(0: no throttling)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--datasource-folder", options->datasource_folders,
                  "Folder SQLite datasources may use (repeat; default: any but askdb's own "
                  "data, config and cache directories)");
  cmd->add_option("--datasource-host", options->datasource_hosts,
                  "Server host datasources may use (repeat; \"*\" any; default: any but "
                  "loopback and link-local addresses)");
  cmd->add_option("--heartbeat", options->heartbeat_seconds,
                  "Seconds between SSE heartbeat comments")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->footer(
      "On first start askdb creates an admin API key, prints it once to stderr and keeps\n"
      "only its Argon2id hash in <data dir>/askdb_server.sqlite (the management store).\n\n"
      "Examples:\n"
      "  askdb serve --db shop.sqlite\n"
      "  askdb serve --port 0 --no-auth\n"
      "  curl -H 'Authorization: Bearer KEY' -d '{\"query\":\"2024年各地区的销售额\"}' \\\n"
      "       -H 'Content-Type: application/json' http://127.0.0.1:8765/api/v1/ask");
  return {cmd, [options](CliContext& ctx) { return RunServe(*options, ctx); }};
}

}  // namespace askdb::cli
