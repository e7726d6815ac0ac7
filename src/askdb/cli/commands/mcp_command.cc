// askdb mcp: an MCP server on stdin/stdout for desktop clients and IDEs (docs/mcp.md).
// Prepares the same parts as `askdb serve` — the --db datasource as agent "default", the
// management store, checkpoints and answer cache in the data directory, the model client —
// and serves askdb's tools (mcp/tools.h) through McpBackend, so a run here is a run like the
// server's (same store: its threads and history are the server's too). stdout carries only
// protocol messages; logs go to stderr. The local user is the administrator; --agent limits
// the session to one agent as an agent-scoped key would; --user/--token (the global sign-in
// options, cli/user_session.h) make it that user's session: their agents, their data
// permissions on every statement, as /mcp on `askdb serve` for the same user.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "askdb/agent/ask/datasource.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/commands/users_access.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/knowledge_options.h"
#include "askdb/cli/option_checks.h"
#include "askdb/cli/run_service_setup.h"
#include "askdb/cli/user_session.h"
#include "askdb/common/build_revision.h"
#include "askdb/common/paths.h"
#include "askdb/knowledge/knowledge_setup.h"
#include "askdb/knowledge/terms/term_store.h"
#include "askdb/mcp/stdio_transport.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/server/api/management_setup.h"
#include "askdb/server/api/mcp_backend.h"
#include "askdb/server/api/run_service.h"
#include "askdb/server/api/terms_api.h"
#include "askdb/server/store/management_store.h"

namespace askdb::cli {
namespace {

struct McpOptions {
  std::string db;
  std::string semantic_model;
  std::string llm_flag;
  std::string time_zone;
  std::string agent;
  bool review_plan = false;
};

// Who the session acts as: the signed-in user, else the local administrator (no data
// permissions), limited to --agent when given.
StatusOr<server::users::Principal> LocalCaller(const McpOptions& options, const CliUser* signed_in,
                                               const server::store::ManagementStore& store) {
  if (signed_in != nullptr) {
    if (!options.agent.empty()) {
      return InvalidArgumentError(
          "give --agent or --user/--token, not both: a signed-in user's session has the "
          "agents granted to them");
    }
    return signed_in->principal;
  }
  server::users::Principal local;
  local.name = "local";
  local.via = "none";
  if (!options.agent.empty()) {
    ASKDB_RETURN_IF_ERROR(store.GetAgent(options.agent).status());
    local.role = server::users::Role::kAnalyst;
    local.agents = {options.agent};
  }
  return local;
}

// The management store in the data directory (or server.store_url) over the --db
// datasource; stdio needs no admin key.
StatusOr<server::api::Management> OpenMcpManagement(const ServingState& state,
                                                    const CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path data_dir, DataDir());
  ASKDB_RETURN_IF_ERROR(EnsureDir(data_dir).status());
  server::api::ManagementOptions management_options;
  management_options.data_dir = data_dir;
  management_options.store_url = ctx.config.server.store_url;
  management_options.db_url = state.url;
  management_options.prepared = state.datasource;
  management_options.issue_admin_key = false;  // stdio needs no key
  return server::api::OpenManagement(management_options);
}

// What the session's runs read besides the data, kept as long as the run service. The
// members are in the order they are made, so they go in the reverse order as before.
struct McpKnowledge {
  std::unique_ptr<knowledge::KnowledgeBase> kb;
  std::unique_ptr<knowledge::KnowledgeEvidenceSource> kb_evidence;
  std::unique_ptr<knowledge::TermStore> terms;
  std::unique_ptr<knowledge::TermEvidenceSource> term_evidence;
};

// The knowledge base on the same management database answers search_knowledge and is
// the evidence stage's documents/Q&A channel (so generate_sql's prompt has it); without
// one (a store it cannot open) the tool is not listed and the rest still serves.
std::unique_ptr<knowledge::KnowledgeBase> OpenMcpKnowledgeBase(
    server::store::ManagementStore& store, const CliContext& ctx) {
  StatusOr<knowledge::KnowledgeBaseOptions> kb_options = CliKnowledgeOptions(ctx.config);
  StatusOr<std::unique_ptr<knowledge::KnowledgeBase>> opened =
      kb_options.ok() ? knowledge::OpenKnowledgeBaseOn(store, *kb_options)
                      : StatusOr<std::unique_ptr<knowledge::KnowledgeBase>>(kb_options.status());
  if (opened.ok()) return std::move(opened).value();
  std::cerr << "askdb mcp: no search_knowledge: " << opened.status().ToString() << std::endl;
  return nullptr;
}

// The runs' evidence: the business terms first, then the knowledge base's documents and
// Q&A. The terms are the same store's as askdb serve's: the engine reads the run's agent
// and datasource terms at every question, and they are evidence for the model.
Status AddMcpEvidence(McpKnowledge& k, const server::api::Management& management,
                      const CliContext& ctx, server::api::RunServiceDeps& deps) {
  if (k.kb != nullptr) {
    k.kb_evidence = std::make_unique<knowledge::KnowledgeEvidenceSource>(
        *k.kb, knowledge::EvidenceOptionsFromConfig(ctx.config));
    deps.evidence.push_back(k.kb_evidence.get());
    deps.evidence_token_budget = static_cast<int>(ctx.config.knowledge.evidence_token_budget);
  }
  ASKDB_ASSIGN_OR_RETURN(
      k.terms, server::api::OpenDatasourceTerms(*management.store, *management.datasources));
  k.term_evidence =
      std::make_unique<knowledge::TermEvidenceSource>(server::api::StoreTermProvider(*k.terms));
  deps.evidence.insert(deps.evidence.begin(), k.term_evidence.get());
  deps.evidence_token_budget = static_cast<int>(ctx.config.knowledge.evidence_token_budget);
  deps.engine_terms = server::api::StoreTermProvider(*k.terms);
  return Status::Ok();
}

// What the tools reach: the runs, the store, the datasources, the knowledge base and the
// statement limits of run_sql.
server::api::McpBackendDeps McpBackendDepsFor(server::api::RunService& runs,
                                              const server::api::Management& management,
                                              knowledge::KnowledgeBase* kb,
                                              const agent::pipeline::PipelineOptions& pipeline) {
  server::api::McpBackendDeps backend_deps;
  backend_deps.runs = &runs;
  backend_deps.store = management.store.get();
  backend_deps.datasources = management.datasources.get();
  backend_deps.knowledge = kb;
  backend_deps.query = pipeline.query;
  return backend_deps;
}

Status RunMcp(const McpOptions& options, CliContext& ctx) {
  // Signed in first: a wrong password fails before anything is prepared.
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<const CliUser> signed_in, SignInFromCli(ctx, options.db));
  ASKDB_ASSIGN_OR_RETURN(
      ServingState state,
      OpenServingState({options.db, options.semantic_model, options.llm_flag}, ctx));
  ASKDB_ASSIGN_OR_RETURN(server::api::Management management, OpenMcpManagement(state, ctx));
  McpKnowledge knowledge;
  knowledge.kb = OpenMcpKnowledgeBase(*management.store, ctx);
  server::api::RunServiceDeps deps =
      MakeRunServiceDeps(state, management, options.time_zone, options.review_plan, ctx);
  ASKDB_RETURN_IF_ERROR(AddMcpEvidence(knowledge, management, ctx, deps));
  // The signed-in user's rules (the same database), applied by every run and tool call.
  std::unique_ptr<permissions::PermissionStore> rules;
  if (signed_in != nullptr) {
    ASKDB_ASSIGN_OR_RETURN(rules, OpenPermissionRules(ctx));
    deps.permissions = rules.get();
  }
  const agent::pipeline::PipelineOptions pipeline = deps.pipeline_options;
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::api::RunService> runs,
                         server::api::RunService::Create(std::move(deps)));
  ASKDB_ASSIGN_OR_RETURN(server::users::Principal who,
                         LocalCaller(options, signed_in.get(), *management.store));
  const server::api::McpBackendDeps backend_deps =
      McpBackendDepsFor(*runs, management, knowledge.kb.get(), pipeline);
  ASKDB_RETURN_IF_ERROR(server::api::ValidateMcpBackendDeps(backend_deps));
  server::api::McpBackend backend(backend_deps, who);
  mcp::AskdbTools tools(backend, server::api::McpToolLimits());
  mcp::McpSession session(tools, mcp::AskdbServerInfo(BuildRevision()));
  std::cerr << "askdb mcp: serving MCP on stdin/stdout"
            << (options.agent.empty() ? "" : " (agent " + options.agent + ")")
            << (signed_in == nullptr ? "" : " as " + who.Actor()) << std::endl;
  mcp::ServeStdio(session, std::cin, std::cout);
  // The client closed stdin: runs still going were cancelled by ServeStdio.
  return runs->Shutdown(std::chrono::steady_clock::now() + std::chrono::seconds(5));
}

}  // namespace

Command AddMcpCommand(CLI::App& app) {
  auto options = std::make_shared<McpOptions>();
  CLI::App* cmd =
      app.add_subcommand("mcp", "Serve askdb's tools over the Model Context Protocol (stdio)");
  cmd->add_option("--db", options->db, kDatabaseFlagHelp);
  cmd->add_option("--semantic-model", options->semantic_model,
                  "Semantic model JSON (default: NAME.semantic.json beside a SQLite file)");
  cmd->add_option("--llm", options->llm_flag,
                  "Use a model: record:FILE, replay:FILE or scripted:FILE (default: the "
                  "[llm] configuration, when it names a model)");
  cmd->add_option("--tz", options->time_zone, "Time zone for date/time questions")
      ->check(TimeZoneName());
  cmd->add_option("--agent", options->agent,
                  "Serve only this agent (as an agent-scoped API key would)");
  cmd->add_flag("--review-plan", options->review_plan,
                "Multi-step analysis plans wait for approval (answer through ask)");
  cmd->footer(
      "Reads JSON-RPC messages on stdin and writes replies on stdout, one per line; logs go\n"
      "to stderr. Configure it in Claude Desktop, Cursor or VS Code (docs/mcp.md), e.g.\n"
      "  {\"mcpServers\": {\"askdb\": {\"command\": \"askdb\", \"args\": [\"mcp\", \"--db\", "
      "\"/data/shop.sqlite\"]}}}\n"
      "As a user (their agents and data permissions): askdb mcp --user NAME (password from\n"
      "ASKDB_PASSWORD) or askdb mcp --token TOKEN (a session token from POST /api/v1/auth/login).");
  return {cmd, [options](CliContext& ctx) { return RunMcp(*options, ctx); }};
}

}  // namespace askdb::cli
