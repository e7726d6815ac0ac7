// askdb serve: the run API over HTTP (docs/server.md). Prepares the datasource once,
// opens the checkpoint store and the model client, loads (or on first start creates) the
// admin key, serves the routes of server/api/api_server.h, and on SIGINT/SIGTERM stops
// accepting and lets runs finish up to --shutdown-timeout.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/knowledge_options.h"
#include "askdb/cli/option_checks.h"
#include "askdb/cli/run_service_setup.h"
#include "askdb/common/build_revision.h"
#include "askdb/common/paths.h"
#include "askdb/db/database_url.h"
#include "askdb/knowledge/evidence.h"
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

Status CheckPort(int port) {
  if (port < 0 || port > 65535) {
    return InvalidArgumentError("--port must be 0..65535 (0 picks a free port), got " +
                                std::to_string(port));
  }
  return Status::Ok();
}

// Blocks SIGINT and SIGTERM; called before any thread starts, so every thread inherits the
// mask and only WaitForStopThenDrain's sigwait receives them.
sigset_t BlockStopSignals() {
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  return stop_signals;
}

std::filesystem::path ManagementStorePath(const std::filesystem::path& data_dir) {
  return data_dir / std::string(server::store::kDefaultManagementStoreFileName);
}

// The management store (agents, datasources, sessions, run history, API keys) in the data
// directory; the prepared --db datasource is agent "default"'s.
StatusOr<server::api::Management> OpenServeManagement(const ServingState& state,
                                                      const server::security::AuthPolicy& policy,
                                                      const std::filesystem::path& data_dir,
                                                      const CliContext& ctx) {
  server::api::ManagementOptions management_options;
  management_options.data_dir = data_dir;
  management_options.store_url = ctx.config.server.store_url;
  management_options.db_url = state.url;
  management_options.prepared = state.datasource;
  management_options.issue_admin_key = policy.auth_required();
  return server::api::OpenManagement(management_options);
}

// The API key check (none without authentication); the admin key created on the first start
// is printed here, the only time it is shown.
StatusOr<std::unique_ptr<server::security::ApiKeyAuthenticator>> MakeAuthenticator(
    const server::security::AuthPolicy& policy, const server::api::Management& management,
    const std::filesystem::path& data_dir) {
  if (!policy.auth_required()) return std::unique_ptr<server::security::ApiKeyAuthenticator>();
  if (management.new_admin_key) {
    // The key soon after the starting line (README "The web UI"); warnings while the datasource
    // loads can come between.
    std::cerr << "askdb serve: admin API key, created now and shown only this once: "
              << *management.new_admin_key
              << "\n  Send it as 'Authorization: Bearer <key>' or 'X-API-Key: <key>'; only its "
                 "hash is kept, in "
              << ManagementStorePath(data_dir).string() << "." << std::endl;
  }
  return server::security::ApiKeyAuthenticator::Create(*management.keys);
}

// People's sign-in (the accounts of the management database, askdb users add) and their
// data permissions (docs/permissions.md), whose rules live in the same database. All null
// without authentication. The rules are closed first, the user store last.
struct PeopleAccess {
  std::unique_ptr<server::users::UserStore> user_store;
  std::unique_ptr<server::users::UserAuth> user_auth;
  std::unique_ptr<permissions::PermissionStore> rules;
};

StatusOr<std::unique_ptr<permissions::PermissionStore>> OpenPermissionRules(
    const std::filesystem::path& data_dir, const CliContext& ctx) {
  if (ctx.config.server.store_url.empty()) {
    return permissions::OpenSqlitePermissionStore(ManagementStorePath(data_dir));
  }
  return permissions::OpenPostgresPermissionStore(ctx.config.server.store_url);
}

StatusOr<PeopleAccess> OpenPeopleAccess(const server::security::AuthPolicy& policy,
                                        const server::api::Management& management,
                                        const std::filesystem::path& data_dir,
                                        const CliContext& ctx) {
  PeopleAccess people;
  if (!policy.auth_required()) return people;
  ASKDB_ASSIGN_OR_RETURN(people.rules, OpenPermissionRules(data_dir, ctx));
  ASKDB_ASSIGN_OR_RETURN(people.user_store, server::users::UserStore::Open(*management.store));
  ASKDB_ASSIGN_OR_RETURN(people.user_auth,
                         server::users::UserAuth::Create(
                             *people.user_store, UserAuthOptionsFromConfig(ctx.config.auth)));
  return people;
}

// The knowledge base (/api/v1/knowledge, docs/knowledge.md) and business terms on the same
// management database: the evidence stage's other channels; each datasource's engine reads
// its own terms. Members in the order they are opened, closed in reverse.
struct ServeKnowledge {
  knowledge::KnowledgeBaseOptions options;
  std::unique_ptr<knowledge::KnowledgeBase> kb;
  std::unique_ptr<knowledge::KnowledgeEvidenceSource> kb_evidence;
  std::unique_ptr<knowledge::TermStore> terms;
  std::unique_ptr<knowledge::TermEvidenceSource> term_evidence;
};

StatusOr<ServeKnowledge> OpenServeKnowledge(const server::api::Management& management,
                                            const CliContext& ctx) {
  ServeKnowledge k;
  ASKDB_ASSIGN_OR_RETURN(k.options, CliKnowledgeOptions(ctx.config));
  ASKDB_ASSIGN_OR_RETURN(k.kb, knowledge::OpenKnowledgeBaseOn(*management.store, k.options));
  k.kb_evidence = std::make_unique<knowledge::KnowledgeEvidenceSource>(
      *k.kb, knowledge::EvidenceOptionsFromConfig(ctx.config));
  ASKDB_ASSIGN_OR_RETURN(
      k.terms, server::api::OpenDatasourceTerms(*management.store, *management.datasources));
  k.term_evidence =
      std::make_unique<knowledge::TermEvidenceSource>(server::api::StoreTermProvider(*k.terms));
  return k;
}

// The runs: the pipeline of the prepared datasource, with business terms and the knowledge
// base as evidence, metrics and data permissions.
StatusOr<std::unique_ptr<server::api::RunService>> CreateRunService(
    const ServeOptions& options, CliContext& ctx, ServingState& state,
    server::api::Management& management, std::vector<const knowledge::EvidenceSource*> evidence,
    const knowledge::TermStore& terms, server::metrics::AskdbMetrics* metrics,
    permissions::PermissionStore* rules) {
  server::api::RunServiceDeps deps =
      MakeRunServiceDeps(state, management, options.time_zone, options.review_plan, ctx);
  deps.evidence.insert(deps.evidence.end(), evidence.begin(), evidence.end());
  deps.evidence_token_budget = static_cast<int>(ctx.config.knowledge.evidence_token_budget);
  deps.engine_terms = server::api::StoreTermProvider(terms);
  deps.metrics = metrics;
  deps.permissions = rules;
  server::api::RunServiceOptions run_options;
  run_options.executor.workers = options.workers;
  run_options.executor.queue_capacity = options.queue;
  return server::api::RunService::Create(std::move(deps), run_options);
}

// Connection bounds and limits from the flags. Every open stream holds a connection thread
// (httplib_server.h), so the HTTP server must take at least as many connections as runs may
// execute at once.
server::HttpServerOptions HttpOptionsFor(const ServeOptions& options,
                                         server::metrics::AskdbMetrics* metrics,
                                         std::size_t max_upload_bytes) {
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
  http_options.on_connection_event = [metrics](std::string_view event) {
    metrics->RecordConnectionEvent(event);
  };
  server::api::SetKnowledgeUploadLimit(http_options, max_upload_bytes);
  return http_options;
}

// What datasources may point at: not askdb's own data, config and cache directories (but
// askdb demo's database), within the --datasource-folder and --datasource-host flags.
server::api::DatasourcePolicyOptions DatasourcePolicyOptionsFor(
    const ServeOptions& options, const std::filesystem::path& data_dir, const CliContext& ctx) {
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
  return policy_options;
}

// The management routes' store, keys, policies, knowledge base and terms.
server::api::ManagementDeps ManagementDepsFor(const ServeOptions& options,
                                              const server::security::AuthPolicy& policy,
                                              const server::api::Management& management,
                                              const PeopleAccess& people,
                                              const std::filesystem::path& data_dir,
                                              knowledge::KnowledgeBase* kb,
                                              knowledge::TermStore* terms, const CliContext& ctx) {
  server::api::ManagementDeps deps;
  deps.store = management.store.get();
  deps.datasources = management.datasources.get();
  deps.secrets = management.secrets.get();
  deps.keys = policy.auth_required() ? management.keys.get() : nullptr;
  if (people.user_store != nullptr) {  // keys tied to a user (/api/v1/users/{name}/keys)
    deps.user_exists = [store = people.user_store.get()](std::string_view name) {
      return store->GetUser(name).status();
    };
  }
  deps.datasource_policy =
      server::api::DatasourcePolicy(DatasourcePolicyOptionsFor(options, data_dir, ctx));
  deps.knowledge = kb;
  deps.terms = terms;
  return deps;
}

// MCP over Streamable HTTP at /mcp (docs/mcp.md): the same runs, store and keys.
server::api::McpEndpointOptions McpOptionsFor(server::api::RunService* runs,
                                              const server::api::Management& management,
                                              knowledge::KnowledgeBase* kb, CliContext& ctx) {
  server::api::McpEndpointOptions mcp_options;
  mcp_options.backend.runs = runs;
  mcp_options.backend.store = management.store.get();
  mcp_options.backend.datasources = management.datasources.get();
  mcp_options.backend.knowledge = kb;  // search_knowledge
  mcp_options.backend.query = PipelineOptionsFromConfig(ctx).query;
  mcp_options.info = mcp::AskdbServerInfo(BuildRevision());
  return mcp_options;
}

server::api::ApiServerOptions ApiOptionsFor(const ServeOptions& options) {
  server::api::ApiServerOptions api_options;
  api_options.auth_throttle.max_failures = options.auth_max_failures;
  api_options.stream.heartbeat_interval = std::chrono::seconds(options.heartbeat_seconds);
  return api_options;
}

// The API's routes, then the web UI at "/" (docs/web.md): the API's routes stay more specific.
Status RegisterRoutes(server::HttpServer& http, const server::api::ApiServerDeps& api_deps,
                      const ServeOptions& options, const CliContext& ctx) {
  ASKDB_RETURN_IF_ERROR(server::api::RegisterApiRoutes(http, api_deps, ApiOptionsFor(options)));
  return server::web::RegisterWebRoutes(
      http, server::web::WebOptionsFromConfig(ctx.config.server.frame_ancestors));
}

// "http://HOST:PORT", an IPv6 host in brackets.
std::string ServerUrl(const std::string& host, int port) {
  const bool v6 = host.find(':') != std::string::npos && host.front() != '[';
  return "http://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

// The first line, at once: preparing the datasource reads its whole schema and statistics,
// seconds on a large one, and a silent terminal looked hung. A server URL's password is not
// shown; a URL that does not parse is not shown at all (its password could not be found to
// hide), the error that follows names it masked.
void PrintStarting(const ServeOptions& options, const std::string& url) {
  const StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
  std::cerr << "askdb serve: starting on "
            << (options.port == 0 ? options.host + " (a free port)"
                                  : ServerUrl(options.host, options.port))
            << "; loading the schema of "
            << (parsed.ok() ? parsed->Redacted() : "the database (its URL does not parse)")
            << " ..." << std::endl;
}

void PrintListening(const ServeOptions& options, int port, bool auth_required) {
  std::cerr << "listening on " << ServerUrl(options.host, port)
            << (auth_required ? "" : " (no authentication)") << std::endl;
}

// Waits for SIGINT/SIGTERM, then stops accepting and lets runs finish up to
// --shutdown-timeout.
void WaitForStopThenDrain(const sigset_t& stop_signals, server::HttpServer& http,
                          server::api::RunService& runs, int shutdown_seconds) {
  int received = 0;
  sigwait(&stop_signals, &received);
  std::cerr << "askdb serve: " << (received == SIGINT ? "SIGINT" : "SIGTERM")
            << ": stopping; runs may finish for " << shutdown_seconds << " s" << std::endl;
  Status drained = server::api::GracefulShutdown(
      http, runs, std::chrono::steady_clock::now() + std::chrono::seconds(shutdown_seconds));
  if (!drained.ok()) std::cerr << "askdb serve: " << drained.ToString() << std::endl;
}

// The objects are declared in the order they must outlive each other: the knowledge base
// and terms before the run service, the run service before the HTTP server.
// Steps in this order: flags, stop signals, datasource, stores, runs, routes, serve, drain.
Status RunServe(const ServeOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(server::security::AuthPolicy policy,
                         server::security::AuthPolicy::Make(!options.no_auth, options.host));
  ASKDB_RETURN_IF_ERROR(CheckPort(options.port));
  const sigset_t stop_signals = BlockStopSignals();
  ASKDB_ASSIGN_OR_RETURN(const std::string url, ResolveDatabaseUrl(options.db, ctx));
  PrintStarting(options, url);
  ASKDB_ASSIGN_OR_RETURN(ServingState state,
                         OpenServingState({url, options.semantic_model, options.llm_flag}, ctx));
  server::metrics::Registry registry;
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::metrics::AskdbMetrics> metrics,
                         server::metrics::AskdbMetrics::Create(registry, {.answer_cache = true}));
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path data_dir, DataDir());
  ASKDB_RETURN_IF_ERROR(EnsureDir(data_dir).status());
  ASKDB_ASSIGN_OR_RETURN(server::api::Management management,
                         OpenServeManagement(state, policy, data_dir, ctx));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::security::ApiKeyAuthenticator> authenticator,
                         MakeAuthenticator(policy, management, data_dir));
  ASKDB_ASSIGN_OR_RETURN(PeopleAccess people, OpenPeopleAccess(policy, management, data_dir, ctx));
  ASKDB_ASSIGN_OR_RETURN(ServeKnowledge knowledge, OpenServeKnowledge(management, ctx));
  ASKDB_ASSIGN_OR_RETURN(
      std::unique_ptr<server::api::RunService> runs,
      CreateRunService(options, ctx, state, management,
                       {knowledge.term_evidence.get(), knowledge.kb_evidence.get()},
                       *knowledge.terms, metrics.get(), people.rules.get()));
  const std::size_t max_upload = knowledge.options.max_file_bytes;
  std::unique_ptr<server::HttpServer> http =
      server::MakeHttplibServer(HttpOptionsFor(options, metrics.get(), max_upload));
  server::api::SetKnowledgeUploadTooLargeResponse(*http, max_upload);
  const server::api::McpEndpointOptions mcp_options =
      McpOptionsFor(runs.get(), management, knowledge.kb.get(), ctx);
  server::api::ApiServerDeps api_deps{
      .runs = runs.get(),
      .authenticator = authenticator.get(),
      .registry = &registry,
      .metrics = metrics.get(),
      .management = ManagementDepsFor(options, policy, management, people, data_dir,
                                      knowledge.kb.get(), knowledge.terms.get(), ctx),
      .mcp = &mcp_options,
      .users = people.user_auth.get(),
      .cookie_secure = ctx.config.auth.cookie_secure,
      .permissions = people.rules.get()};
  ASKDB_RETURN_IF_ERROR(RegisterRoutes(*http, api_deps, options, ctx));
  ASKDB_RETURN_IF_ERROR(http->Start(options.host, options.port));
  PrintListening(options, http->port(), policy.auth_required());
  WaitForStopThenDrain(stop_signals, *http, *runs, options.shutdown_seconds);
  return Status::Ok();
}

// What is served: the database, its semantic model, the model and the time zone.
void AddServedSourceOptions(CLI::App* cmd, ServeOptions& options) {
  cmd->add_option("--db", options.db, kDatabaseFlagHelp);
  cmd->add_option("--semantic-model", options.semantic_model,
                  "Semantic model JSON (default: NAME.semantic.json beside a SQLite file)");
  cmd->add_option("--llm", options.llm_flag,
                  "Use a model: record:FILE, replay:FILE or scripted:FILE (default: the "
                  "[llm] configuration, when it names a model)");
  cmd->add_option("--tz", options.time_zone, "Time zone for date/time questions")
      ->check(TimeZoneName());
}

// Where it listens and who may call: address, port, API keys, plan review.
void AddListenOptions(CLI::App* cmd, ServeOptions& options) {
  cmd->add_option("--host", options.host, "Address to listen on")->capture_default_str();
  cmd->add_option("--port", options.port, "Port; 0 picks a free one (printed)")
      ->capture_default_str();
  cmd->add_flag("--no-auth", options.no_auth,
                "Accept requests without an API key (only when --host is loopback)");
  cmd->add_flag("--review-plan", options.review_plan,
                "Multi-step analysis plans wait for approval (humanFeedback)");
}

// How many runs it takes at once and how long they may go on at shutdown.
void AddRunCapacityOptions(CLI::App* cmd, ServeOptions& options) {
  cmd->add_option("--workers", options.workers, "Runs executed at once")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1}, kMaxWorkers));
  cmd->add_option("--queue", options.queue, "Runs waiting beyond --workers before 429")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{0}, kMaxQueue));
  cmd->add_option("--shutdown-timeout", options.shutdown_seconds,
                  "Seconds runs may go on after SIGINT/SIGTERM")
      ->capture_default_str();
}

// What one connection or client may send and hold: origins, body size, connections,
// deadlines and failed key checks.
void AddConnectionLimitOptions(CLI::App* cmd, ServeOptions& options) {
  cmd->add_option("--cors-origin", options.cors_origins,
                  "Browser origin allowed to call the API (repeat; \"*\" for any)");
  cmd->add_option("--max-body", options.max_body_bytes,
                  "Largest request body in bytes; larger ones answer 413")
      ->capture_default_str();
  cmd->add_option("--max-connections", options.max_connections,
                  "Open connections at once; more answer 503 + Retry-After (0: 4096, or "
                  "--workers + 256 when larger)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000}));
  cmd->add_option("--max-connections-per-client", options.max_connections_per_client,
                  "Open connections per client address (0: half of --max-connections)")
      ->check(CLI::Range(std::size_t{0}, std::size_t{100000}));
  cmd->add_option("--request-deadline", options.request_deadline_seconds,
                  "Seconds a request's headers and body may take to arrive (then 408)")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->add_option("--idle-timeout", options.idle_timeout_seconds,
                  "Seconds a connection may stay open without a request")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->add_option("--auth-max-failures", options.auth_max_failures,
                  "Failed key checks per client address per minute before 429 for a minute "
                  "(0: no throttling)")
      ->capture_default_str()
      ->check(CLI::Range(0, 1000000));
}

// Which databases an admin may add as datasources.
void AddDatasourcePolicyOptions(CLI::App* cmd, ServeOptions& options) {
  cmd->add_option("--datasource-folder", options.datasource_folders,
                  "Folder SQLite datasources may use (repeat; default: any but askdb's own "
                  "data, config and cache directories)");
  cmd->add_option("--datasource-host", options.datasource_hosts,
                  "Server host datasources may use (repeat; \"*\" any; default: any but "
                  "loopback and link-local addresses)");
}

}  // namespace

// The options are added in the order --help lists them.
Command AddServeCommand(CLI::App& app) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "Serve the agent over HTTP (run API, SSE)");
  AddServedSourceOptions(cmd, *options);
  AddListenOptions(cmd, *options);
  AddRunCapacityOptions(cmd, *options);
  AddConnectionLimitOptions(cmd, *options);
  AddDatasourcePolicyOptions(cmd, *options);
  cmd->add_option("--heartbeat", options->heartbeat_seconds,
                  "Seconds between SSE heartbeat comments")
      ->capture_default_str()
      ->check(CLI::Range(1, 3600));
  cmd->footer(
      "On first start askdb creates an admin API key, prints it once to stderr and keeps\n"
      "only its Argon2id hash in <data dir>/askdb_server.sqlite (the management store).\n\n"
      "Examples:\n"
      "  askdb serve                      # the demo database, after askdb demo\n"
      "  askdb serve --db shop.sqlite\n"
      "  askdb serve --port 0 --no-auth\n"
      "  curl -H 'Authorization: Bearer KEY' -d '{\"query\":\"2024年各地区的销售额\"}' \\\n"
      "       -H 'Content-Type: application/json' http://127.0.0.1:8765/api/v1/ask");
  return {cmd, [options](CliContext& ctx) { return RunServe(*options, ctx); }};
}

}  // namespace askdb::cli
