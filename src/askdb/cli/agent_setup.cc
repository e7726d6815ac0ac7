#include "askdb/cli/agent_setup.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <chrono>

#include "askdb/agent/ask/user_datasource.h"
#include "askdb/agent/graph/postgres_checkpoint_store.h"
#include "askdb/agent/pipeline/run_state.h"
#include "askdb/cache/provider_embedder.h"
#include "askdb/catalog/schema_source.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/error_language.h"
#include "askdb/cli/knowledge_options.h"
#include "askdb/cli/llm_setup.h"
#include "askdb/cli/user_session.h"
#include "askdb/common/build_revision.h"
#include "askdb/common/file_util.h"
#include "askdb/common/paths.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/database_url.h"
#include "askdb/knowledge/knowledge_setup.h"
#include "askdb/knowledge/terms/term_evidence.h"
#include "askdb/knowledge/terms/term_file.h"
#include "askdb/server/api/agent_table_policy.h"
#include "askdb/server/api/shared_answer_cache_store.h"
#include "askdb/server/api/shared_duration_store.h"
#include "askdb/server/store/postgres_management_store.h"
#include "askdb/server/store/sqlite_management_store.h"

namespace askdb::cli {

StatusOr<SharedAnswerCache> OpenAnswerCache(const CliContext& ctx, llm::LlmClient* client) {
  SharedAnswerCache shared;
  std::unique_ptr<cache::Embedder> embedder;
  if (client != nullptr) {
    StatusOr<llm::ProviderConfig> provider = ProviderFromConfig(ctx.config);
    if (provider.ok() && !provider->embedding_model.empty()) {
      embedder = std::make_unique<cache::ProviderEmbedder>(
          *client, cache::ProviderEmbedderOptions{.model = provider->embedding_model});
    }
  }
  cache::CacheOptions options;
  options.build = std::string(BuildRevision());
  shared.cache = std::make_unique<cache::AnswerCache>(std::move(options), Clock::System(),
                                                      std::move(embedder));
  return shared;
}

namespace {

void AttachDataDirStore(SharedAnswerCache& shared) {
  StatusOr<std::filesystem::path> dir = DataDir();
  if (dir.ok()) dir = EnsureDir(*dir);
  StatusOr<std::unique_ptr<cache::SqliteAnswerCacheStore>> store =
      dir.ok() ? cache::SqliteAnswerCacheStore::Open(*dir / cache::kAnswerCacheFileName)
               : StatusOr<std::unique_ptr<cache::SqliteAnswerCacheStore>>(dir.status());
  if (!store.ok()) {
    spdlog::warn("answer cache kept in memory only: {}", store.status().message());
    return;
  }
  shared.cache->AttachStore(store->get(), agent::pipeline::ResultSetFromJson);
  shared.store = std::move(store).value();
}

// The database a thread is bound to, as the person can name it again: a SQLite file by its
// absolute path (the same file from another folder is the same database), a server's URL
// with the password hidden.
std::string ThreadDatabaseName(const std::string& url) {
  StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
  if (!parsed.ok()) return url;
  if (!parsed->is_sqlite()) return parsed->Redacted();
  std::error_code ec;
  const std::filesystem::path file = std::filesystem::weakly_canonical(parsed->database, ec);
  return "sqlite:" + (ec ? parsed->database : file.string());
}

}  // namespace

void AttachAnswerCacheStore(SharedAnswerCache& shared, server::store::ManagementStore* store,
                            const CliContext& ctx) {
  if (shared.cache == nullptr) return;
  if (ctx.config.server.store_url.empty() || store == nullptr) {
    AttachDataDirStore(shared);
    return;
  }
  StatusOr<std::unique_ptr<server::api::SharedAnswerCacheStore>> opened =
      server::api::SharedAnswerCacheStore::Open(*store);
  if (!opened.ok()) {
    spdlog::warn(
        "answer cache not shared through server.store_url ({}); it stays in the data "
        "directory",
        opened.status().message());
    AttachDataDirStore(shared);
    return;
  }
  shared.cache->AttachStore(opened->get(), agent::pipeline::ResultSetFromJson);
  shared.store = std::move(opened).value();
}

StepDurations::StepDurations() = default;
StepDurations::~StepDurations() = default;
StepDurations::StepDurations(StepDurations&&) noexcept = default;
StepDurations& StepDurations::operator=(StepDurations&&) noexcept = default;

StepDurations OpenStepDurations() {
  StepDurations durations;
  durations.history = std::make_unique<agent::plan::DurationHistory>();
  StatusOr<std::filesystem::path> dir = DataDir();
  if (!dir.ok()) return durations;
  durations.file = *dir / "step_durations.json";
  std::error_code ec;
  if (!std::filesystem::exists(durations.file, ec)) return durations;
  StatusOr<std::string> text = ReadFile(durations.file);
  StatusOr<Json> json = text.ok() ? ParseJson(*text) : StatusOr<Json>(text.status());
  Status loaded = json.ok() ? durations.history->LoadJson(*json) : json.status();
  if (!loaded.ok()) {
    spdlog::warn(
        "step durations in {} not used ({}); plans estimate from the defaults until the "
        "next analysis rewrites the file",
        durations.file.string(), loaded.message());
  }
  return durations;
}

void ShareStepDurations(StepDurations& durations, server::store::ManagementStore& db,
                        const CliContext& ctx) {
  if (ctx.config.server.store_url.empty() || durations.history == nullptr) return;
  StatusOr<std::unique_ptr<server::api::SharedDurationStore>> opened =
      server::api::SharedDurationStore::Open(db);
  Status attached = opened.ok() ? durations.history->AttachStore(opened->get()) : opened.status();
  if (!attached.ok()) {
    spdlog::warn("step durations not shared through server.store_url ({}); they stay in {}",
                 attached.message(), durations.file.string());
    return;
  }
  durations.store = std::move(opened).value();
  durations.file.clear();
}

void StepDurations::Save() const {
  if (file.empty() || history == nullptr) return;
  Status written = EnsureDir(file.parent_path()).status();
  if (written.ok()) written = WriteFileAtomic(file, history->ToJson().dump());
  if (!written.ok()) spdlog::warn("step durations not saved: {}", written.message());
}

namespace {

// With server.store_url, step durations live in the management database, shared with the
// server; a database that cannot be opened leaves them in the data directory.
void OpenSharedStepDurations(StepDurations& durations, const CliContext& ctx) {
  if (ctx.config.server.store_url.empty()) return;
  StatusOr<std::unique_ptr<server::store::PostgresManagementStore>> db =
      server::store::PostgresManagementStore::Open(ctx.config.server.store_url);
  if (!db.ok()) {
    spdlog::warn("step durations kept in the data directory: {}", db.status().message());
    return;
  }
  durations.own_db = std::move(db).value();
  ShareStepDurations(durations, *durations.own_db, ctx);
}

// The pipeline's options for this run: the configuration, the signed-in user's datasource
// and data rules, the database, the time zone, the profile and the plan review flag.
StatusOr<agent::pipeline::PipelineOptions> CliPipelineOptions(const AgentCliOptions& options,
                                                              const CliContext& ctx) {
  agent::pipeline::PipelineOptions out = PipelineOptionsFromConfig(ctx);
  // The datasource whose rules the signed-in user has (else "default"); the cache keeps each
  // database's answers apart (the fingerprint guards the rest).
  if (options.user != nullptr) out.datasource_id = options.user->datasource_id;
  if (StatusOr<std::string> url = ResolveDatabaseUrl(options.db, ctx); url.ok()) {
    out.cache_partition = "db-" + catalog::HashHex(*url);
    out.database = ThreadDatabaseName(*url);  // a --thread stays on its database
  }
  // Answers computed under different data rules are never served across them.
  if (options.user != nullptr && !options.user->policy.empty()) {
    agent::pipeline::AddCachePartition(out, "perm", options.user->policy.Fingerprint());
  }
  out.default_time_zone = options.time_zone;
  const std::string profile = options.profile.empty() ? ctx.config.agent.profile : options.profile;
  if (!profile.empty()) {
    ASKDB_ASSIGN_OR_RETURN(out.profile, agent::pipeline::LoadAgentProfile(profile));
  }
  if (options.review_plan) {
    out.plan_review = true;
    out.profile.plan_review = true;  // the flag wins over the profile
  }
  return out;
}

}  // namespace

StatusOr<std::unique_ptr<CliAgent>> CliAgent::Create(const AgentCliOptions& options,
                                                     const CliContext& ctx, Spinner& spinner) {
  std::unique_ptr<CliAgent> agent(new CliAgent());
  agent->options_ = options;
  agent->ctx_ = &ctx;
  agent->spinner_ = &spinner;
  if (LlmRequested(options.llm_flag, ctx.config)) {
    ASKDB_ASSIGN_OR_RETURN(agent->client_, MakeCliLlmClient(options.llm_flag, ctx.config));
  }
  ASKDB_ASSIGN_OR_RETURN(agent->store_, agent::OpenCheckpointStore(ctx.config.server.store_url));
  agent::pipeline::PipelineDeps deps;
  CliAgent* self = agent.get();
  deps.datasource = [self] { return self->Datasource(); };
  deps.llm = agent->client_.get();
  deps.checkpoints = agent->store_.get();
  ASKDB_ASSIGN_OR_RETURN(agent->cache_, OpenAnswerCache(ctx, agent->client_.get()));
  deps.cache = agent->cache_.cache.get();
  agent->durations_ = OpenStepDurations();
  OpenSharedStepDurations(agent->durations_, ctx);
  AttachAnswerCacheStore(agent->cache_, agent->durations_.own_db.get(), ctx);
  deps.durations = agent->durations_.history.get();
  deps.on_durations_recorded = [self] { self->durations_.Save(); };
  ASKDB_ASSIGN_OR_RETURN(deps.options, CliPipelineOptions(options, ctx));
  agent->selected_tables_ = deps.options.profile.selected_tables;
  agent->chinese_profile_ = deps.options.profile.language == "zh";
  agent->OpenEvidence(deps);
  ASKDB_ASSIGN_OR_RETURN(agent::pipeline::Pipeline pipeline,
                         agent::pipeline::Pipeline::Create(std::move(deps)));
  agent->pipeline_.emplace(std::move(pipeline));
  return agent;
}

CliAgent::~CliAgent() = default;

void CliAgent::OpenEvidence(agent::pipeline::PipelineDeps& deps) {
  // Only a management database that exists and holds knowledge adds the evidence stage: a
  // run without any knowledge pays nothing and creates no file.
  const config::Config& config = ctx_->config;
  // Business terms beside a SQLite database: read once, recalled by their words.
  StatusOr<std::string> url = ResolveDatabaseUrl(options_.db, *ctx_);
  StatusOr<db::DatabaseUrl> parsed =
      url.ok() ? db::ParseDatabaseUrl(*url) : StatusOr<db::DatabaseUrl>(url.status());
  std::error_code ec;
  if (parsed.ok() && parsed->is_sqlite() &&
      std::filesystem::exists(knowledge::TermsPathFor(parsed->database), ec)) {
    StatusOr<std::vector<knowledge::BusinessTerm>> terms =
        knowledge::LoadTermsFile(knowledge::TermsPathFor(parsed->database));
    if (terms.ok()) {
      term_evidence_ = std::make_unique<knowledge::TermEvidenceSource>(
          [terms = *terms](const knowledge::EvidenceQuery&) { return terms; });
      deps.evidence.push_back(term_evidence_.get());
      deps.evidence_token_budget = static_cast<int>(config.knowledge.evidence_token_budget);
    }  // a broken file is reported when the datasource is prepared
  }
  StatusOr<std::filesystem::path> data_dir = DataDir();
  const bool have_store =
      !config.server.store_url.empty() ||
      (data_dir.ok() &&
       std::filesystem::exists(*data_dir /
                               std::string(server::store::kDefaultManagementStoreFileName)));
  if (!have_store) return;
  StatusOr<knowledge::KnowledgeBaseOptions> kb_options = CliKnowledgeOptions(config);
  StatusOr<knowledge::OpenedKnowledgeBase> opened =
      kb_options.ok() ? knowledge::OpenKnowledgeBase(data_dir.ok() ? *data_dir : "",
                                                     config.server.store_url, *kb_options)
                      : StatusOr<knowledge::OpenedKnowledgeBase>(kb_options.status());
  if (!opened.ok()) {
    spdlog::warn("knowledge base not used: {}", opened.status().ToString());
    return;
  }
  StatusOr<std::vector<knowledge::KnowledgeItem>> items = opened->kb->List({});
  if (!items.ok() || items->empty()) return;
  knowledge_ = std::make_unique<knowledge::OpenedKnowledgeBase>(std::move(*opened));
  evidence_ = std::make_unique<knowledge::KnowledgeEvidenceSource>(
      *knowledge_->kb, knowledge::EvidenceOptionsFromConfig(config));
  deps.evidence.push_back(evidence_.get());
  deps.evidence_token_budget = static_cast<int>(config.knowledge.evidence_token_budget);
}

StatusOr<agent::PreparedDatasource*> CliAgent::Datasource() {
  if (!prepared_) {
    ASKDB_ASSIGN_OR_RETURN(std::string url, ResolveDatabaseUrl(options_.db, *ctx_));
    spinner_->SetStage("Reading the schema");
    ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(url));
    agent::PrepareOptions prepare;
    prepare.semantic_model = options_.semantic_model;
    ASKDB_ASSIGN_OR_RETURN(agent::PreparedDatasource ds,
                           agent::PrepareDatasource(std::move(connector), url, prepare));
    prepared_ = std::move(ds);
    spinner_->SetStage("Answering");
  }
  if (user_view_ == nullptr) {
    // The user's rules and the agent profile's table selection, enforced as a server run
    // enforces them: the engine's and a model's statements on another table are refused.
    permissions::EffectivePolicy policy =
        options_.user != nullptr ? options_.user->policy : permissions::EffectivePolicy();
    server::store::AgentRecord profile;
    profile.id = "profile";
    profile.selected_tables = selected_tables_;
    server::api::RefuseUnselectedTables(prepared_->schema, profile, policy);
    if (policy.empty()) return &*prepared_;
    // Borrowed: prepared_ outlives the view (reset together in RefreshIfSchemaChanged).
    std::shared_ptr<agent::PreparedDatasource> base(&*prepared_, [](agent::PreparedDatasource*) {});
    ASKDB_ASSIGN_OR_RETURN(user_view_, agent::PrepareForUser(base, policy));
  }
  return user_view_.get();
}

Status CliAgent::OpenDatabase() {
  const Status opened = Datasource().status();
  if (opened.ok()) return opened;
  return Status(opened.code(), ErrorInLanguage(opened.message(), chinese_profile_));
}

std::string CliAgent::PermissionNote() const {
  return options_.user != nullptr ? options_.user->note : std::string();
}

bool CliAgent::RefreshIfSchemaChanged() {
  if (!prepared_) return false;  // not prepared yet: the next question reads it fresh
  StatusOr<std::optional<agent::PreparedDatasource>> again =
      agent::PrepareAgainIfChanged(*prepared_);
  if (!again.ok()) {
    spdlog::warn(
        "the schema changed but preparing the database again failed ({}); the "
        "previous schema stays in use",
        again.status().message());
    return false;
  }
  if (!*again) return false;
  user_view_.reset();  // built again from the new schema on the next question
  prepared_ = std::move(**again);
  return true;
}

std::string NewThreadId(std::string_view prefix) {
  return std::string(prefix) + "-" +
         std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count()) +
         "-" + std::to_string(::getpid());
}

}  // namespace askdb::cli
