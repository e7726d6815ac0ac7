// The agent as the CLI runs it (`askdb ask`, `askdb chat`): the model client when one is
// configured (--llm or [llm]), the checkpoint store (so a run waiting for a person, and a
// conversation's turns, survive the process: SQLite under the data directory, or the
// PostgreSQL database of server.store_url shared with other askdb processes), the datasource
// opened lazily (quick answers never touch a database), and the pipeline over them with the
// configuration's options.
// Owns everything it builds; one CliAgent per command invocation, used from one thread.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/checkpoint_store.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/agent/plan/duration_history.h"
#include "askdb/cache/answer_cache.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/spinner.h"
#include "askdb/llm/llm_client.h"

namespace askdb::server::store {
class ManagementStore;
}  // namespace askdb::server::store
namespace askdb::knowledge {
struct OpenedKnowledgeBase;
class KnowledgeEvidenceSource;
class TermEvidenceSource;
}  // namespace askdb::knowledge

namespace askdb::cli {

struct CliUser;

struct AgentCliOptions {
  std::string db;              // --db; empty: database.default_url, else the demo database
  std::string semantic_model;  // --semantic-model
  std::string time_zone;       // --tz
  std::string llm_flag;        // --llm: "", record:FILE, replay:FILE, scripted:FILE
  bool review_plan = false;    // --review-plan (or [agent] plan_review)
  std::string profile;         // --agent FILE (or [agent] profile)
  // --user/--token (SignInFromCli): every statement runs through this user's view of the
  // datasource (PrepareForUser); null: no data rules.
  std::shared_ptr<const CliUser> user;
};

// The answer cache of `askdb ask`, `chat` and `serve` (docs/cache.md): one per process;
// its semantic level embeds with the provider's embeddings endpoint when [llm]
// embedding_model is set and a model client exists, with the built-in embedder otherwise.
// OpenAnswerCache makes the cache alone; AttachAnswerCacheStore then gives it one store.
struct SharedAnswerCache {
  std::unique_ptr<cache::AnswerCacheStore> store;  // declared first: the cache borrows it
  std::unique_ptr<cache::AnswerCache> cache;
};
StatusOr<SharedAnswerCache> OpenAnswerCache(const CliContext& ctx, llm::LlmClient* client);
// With a shared store (server.store_url and `store`, the opened management database), every
// process over it shares one answer cache in its tables and no file is opened. Otherwise —
// or when the store cannot hold them — the entries persist in `<data dir>/answer_cache.sqlite`
// so that later processes and restarts find earlier answers; a file that cannot be opened is
// a warning and the cache lives in memory only.
void AttachAnswerCacheStore(SharedAnswerCache& shared, server::store::ManagementStore* store,
                            const CliContext& ctx);

// Plan step durations learned from earlier analyses (seed 001 Requirement 6.4), shared by
// the runs of a process so that the second `askdb ask` of a kind of plan estimates from the
// first. Without server.store_url they are kept in `<data dir>/step_durations.json` (an
// unreadable file is a warning and the built-in defaults apply; processes that save at the
// same time keep the last one's). With it, in the management database
// (server/api/shared_duration_store.h), where every `askdb ask` and `askdb serve` over it
// pools its samples and reads the others' before each plan.
struct StepDurations {
  StepDurations();
  ~StepDurations();  // out of line: ManagementStore is only declared here
  StepDurations(StepDurations&&) noexcept;
  StepDurations& operator=(StepDurations&&) noexcept;

  std::unique_ptr<server::store::ManagementStore> own_db;  // the CLI's connection to the store
  std::unique_ptr<agent::plan::DurationStore> store;       // null: the file
  std::unique_ptr<agent::plan::DurationHistory> history;
  std::filesystem::path file;  // empty: not persisted in a file (no data directory, or a store)
  void Save() const;           // warns when the file cannot be written
};
StepDurations OpenStepDurations();
// With server.store_url set: moves `durations` onto `db`'s tables (the file is no longer
// written). A store that cannot hold them is a warning; the file stays in use.
void ShareStepDurations(StepDurations& durations, server::store::ManagementStore& db,
                        const CliContext& ctx);

class CliAgent {
 public:
  // `spinner` names the stage while the datasource is prepared; it must outlive the agent.
  static StatusOr<std::unique_ptr<CliAgent>> Create(const AgentCliOptions& options,
                                                    const CliContext& ctx, Spinner& spinner);
  ~CliAgent();

  agent::pipeline::Pipeline& pipeline() { return *pipeline_; }
  bool has_model() const { return client_ != nullptr; }
  // "you see rows of ... where ..." under --user/--token; empty when no rule applies.
  std::string PermissionNote() const;

  // Opens and reads the database now (the first question would): a chat fails at its start
  // on a database it cannot open, in the agent profile's language, not at every turn.
  Status OpenDatabase();

  // Between the turns of a conversation: when a table or column was added, dropped or
  // changed since the datasource was prepared (one catalog query), prepares it again so the
  // next question sees it. True when it did; a failure keeps the old one (and is logged).
  bool RefreshIfSchemaChanged();

 private:
  CliAgent() = default;
  StatusOr<agent::PreparedDatasource*> Datasource();
  // Adds the knowledge base's evidence source to `deps` when there is knowledge.
  void OpenEvidence(agent::pipeline::PipelineDeps& deps);

  AgentCliOptions options_;
  const CliContext* ctx_ = nullptr;
  Spinner* spinner_ = nullptr;
  std::unique_ptr<llm::LlmClient> client_;
  std::unique_ptr<agent::CheckpointStore> store_;  // server.store_url: SQLite or PostgreSQL
  // Before the cache: with server.store_url its store borrows durations_.own_db.
  StepDurations durations_;
  SharedAnswerCache cache_;
  std::optional<agent::PreparedDatasource> prepared_;
  // prepared_ as options_.user and the profile's table selection let it be seen; rebuilt when
  // prepared_ is; null when neither restricts it.
  std::shared_ptr<agent::PreparedDatasource> user_view_;
  std::vector<std::string> selected_tables_;  // the agent profile's (--agent) selection
  bool chinese_profile_ = false;              // the agent profile's language is "zh"
  // The knowledge base the evidence stage reads; null when there is none (docs/knowledge.md).
  std::unique_ptr<knowledge::OpenedKnowledgeBase> knowledge_;
  std::unique_ptr<knowledge::KnowledgeEvidenceSource> evidence_;
  // The business terms beside a SQLite database (NAME.terms.json), as evidence.
  std::unique_ptr<knowledge::TermEvidenceSource> term_evidence_;
  std::optional<agent::pipeline::Pipeline> pipeline_;
};

// A fresh thread (conversation) id: "<prefix>-<milliseconds>-<pid>".
std::string NewThreadId(std::string_view prefix);

}  // namespace askdb::cli
