// Pipeline: the agent's question flow as a graph on the graph engine (DESIGN.md §1):
//
//   classify ─┬─ (the tables, a table's columns: the schema listing, route schema) ─► END
//             ├─ quick_path ─────────────────────────────────────────────► END
//             ├─ consultation ───────────────────────────────────────────► END
//             ├─ plan ─┬─ (plan review on) review_plan ─┬─ approve ─► run_steps
//             │        │        interrupt ◄─────────────┤  reject ─► plan (≤ 3 re-plans)
//             │        └─ run_steps ─► report ─► END   (multi-step analysis)
//             ├─ (web search, calculation: "not available yet") ─────────► END
//             └─ cache_lookup ─┬─ L1 hit ───────────────────────► chart ─► answer ─► END
//                              ├─ L2 hit ─► execute (fails: drop the entry, go on ↓)
//                              └─ engine ─┬─ confident ─► execute
//                                         └─ llm_sql ─┬─ {"sql"} ─► validate ─► execute
//                                                     ├─ {"needs_clarification"} ─► interrupt
//                                                     └─ {"not_answerable"} ─► END
//   (sql_only: classify ─► engine ─► validate ─► execute returns the SQL unrun ─► END)
//   execute ─┬─ rows ─► chart ─► answer (stored in the answer cache) ─► END
//            └─ error ─► llm_fix (at most max_fixes; stops when a fix repeats itself)
//                        ─► validate ─► execute
//
// Classification is by rules; when they are unsure and a model is configured, one model call
// decides. A multi-step analysis is planned (one model call with the SQL in the plan, or the
// deterministic plan from the consultation's suggestions), optionally approved by a person,
// run step by step (analysis_steps.h: fixes and sufficiency rounds with a model) and
// written up (analysis_report.h; one model call, or the deterministic narrative).
// A routine question costs 0 LLM calls (engine) or 1 (llm_sql); each fix adds one. A
// clarification saves a checkpoint and ends the call with an interrupt; Resume — in this
// Pipeline or a new one over the same CheckpointStore, e.g. after a restart — appends the
// answer to the question and tries the engine, then the model, again.
//
// Events (through the EventSink of each call): classification, sql, rows (count and
// columns), chart, text_delta (the answer), usage (after each LLM call), error, plus the
// engine's stage/interrupt/done events.
//
// Ownership: the Pipeline borrows the LLM client, the answer cache and the checkpoint store
// (they must outlive it) and owns the datasource provider. The datasource is prepared on
// first need, once. Ask/Resume on one Pipeline are serialised by the caller (the schema
// recaller is built lazily); different Pipelines may share the store, cache and client.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/agent/ask/answer_view.h"
#include "askdb/agent/ask/answer_writer.h"
#include "askdb/agent/graph/checkpoint_store.h"
#include "askdb/agent/graph/event.h"
#include "askdb/agent/pipeline/agent_profile.h"
#include "askdb/agent/pipeline/run_state.h"
#include "askdb/common/json.h"
#include "askdb/common/status.h"
#include "askdb/db/connector.h"
#include "askdb/llm/json_output.h"
#include "askdb/llm/prompts.h"
#include "askdb/nlq/engine.h"
#include "askdb/python/executor.h"

namespace askdb {
class CancellationToken;
}  // namespace askdb
namespace askdb::llm {
class LlmClient;
}  // namespace askdb::llm
namespace askdb::knowledge {
class EvidenceSource;
}
namespace askdb::cache {
class AnswerCache;
}  // namespace askdb::cache

namespace askdb::agent {
struct PreparedDatasource;
}  // namespace askdb::agent
namespace askdb::agent::plan {
class DurationHistory;
}  // namespace askdb::agent::plan

namespace askdb::agent::pipeline {

inline constexpr int kDefaultMaxFixes = 3;
inline constexpr int kDefaultMaxClarifications = 2;
inline constexpr int kDefaultSchemaTokenBudget = 3000;
// Nodes per Ask/Resume call: a full fix loop is about 17, so this only stops a cycle bug.
inline constexpr int kDefaultPipelineMaxSteps = 100;
inline constexpr int kDefaultMaxPlanRejections = 3;

struct PipelineOptions {
  // The run's datasource: its management-store id (serve, mcp) or "default". Only ever the
  // real id; the answer cache's key is `cache_partition`.
  std::string datasource_id = "default";
  // The answer cache's partition for this run ("" : `datasource_id`). Callers add what must
  // keep answers apart on one datasource (an agent's own terms, a user's data rules).
  std::string cache_partition;
  nlq::TranslateOptions translate;
  db::QueryOptions query;
  std::string default_time_zone;  // for the quick path's "what time is it"
  int max_fixes = kDefaultMaxFixes;
  // Clarifications asked in one run before giving up (each costs the person a turn).
  int max_clarifications = kDefaultMaxClarifications;
  int schema_token_budget = kDefaultSchemaTokenBudget;  // schema recall for prompts
  int64_t prompt_token_budget = llm::kDefaultPromptTokenBudget;
  llm::JsonMode json_mode = llm::JsonMode::kJsonObject;
  std::optional<std::filesystem::path> prompt_override_dir;
  int max_steps = kDefaultPipelineMaxSteps;
  // Multi-step analysis.
  bool plan_review = false;  // stop for the person's approval before running a plan
  int max_plan_rejections = kDefaultMaxPlanRejections;  // re-plans; one more rejection ends
  int analysis_sql_steps = 4;                           // SQL steps the planner aims for
  int max_sufficiency_rounds = 3;                       // extra query rounds (seed 003)
  python::ExecutorOptions python;  // python_executor steps ([python], docs/python.md)
  int python_max_tries = 3;        // runs of a model's code per step before the fallback
  // Write the SQL, do not run it (seed 004's nl2sqlOnly; MCP generate_sql): every request is
  // one data question (no quick path, plan or cache); the engine, else the model, writes the
  // SQL, which is checked like any other (one read statement, bound by Connector::Check,
  // fixed by the model when refused) and returned unexecuted with route engine or llm.
  bool sql_only = false;
  // Multi-turn: turns of a thread remembered for follow-ups and prompts.
  int session_turns = 5;
  // The agent this pipeline is (instructions, examples, tables, language, plan review).
  AgentProfile profile;
  // Where the answer is read (CLI, server, MCP): an abstention's advice names what the person
  // can do there (WriteAbstention). Its datasource_id is set from `datasource_id` per run.
  AnswerFace::Kind face = AnswerFace::kCli;
  // The database the run reads, as the person named it (the CLI's --db, password hidden); ""
  // when the datasource id says it (serve, MCP). A thread stays on its database: a question
  // or resume of a thread begun on another one is refused (Ask, Resume), since its
  // follow-ups would read that database's earlier questions against this one.
  std::string database;
};

// Keeps a run's cached answers apart from others on the same datasource: appends
// "#<what>-<key>" to `options.cache_partition` (which starts as `options.datasource_id`).
void AddCachePartition(PipelineOptions& options, std::string_view what, std::string_view key);

// Opens and prepares the datasource; called at most once per Pipeline. The pointer must
// stay valid for the Pipeline's life.
using PipelineDatasourceProvider = std::function<StatusOr<PreparedDatasource*>()>;

struct PipelineDeps {
  PipelineDatasourceProvider datasource;   // required
  llm::LlmClient* llm = nullptr;           // null: engine only (abstentions end unanswered)
  cache::AnswerCache* cache = nullptr;     // null: no answer cache
  CheckpointStore* checkpoints = nullptr;  // required
  PipelineOptions options;
  // Step durations shared by the process's runs, so a plan estimates from earlier analyses
  // (seed 001 Requirement 6.4); null: this pipeline keeps its own. Borrowed.
  plan::DurationHistory* durations = nullptr;
  // Called after an analysis recorded its steps' durations (the CLI and serve save them).
  std::function<void()> on_durations_recorded;
  // Knowledge channels asked by the evidence stage, before schema recall (documents, Q&A;
  // business terms): borrowed. None: no evidence stage.
  std::vector<const knowledge::EvidenceSource*> evidence;
  std::string evidence_agent_id;       // the run's agent ("" : default)
  std::string evidence_datasource_id;  // the run's datasource ("" : unknown)
  int evidence_token_budget = 800;     // prompt tokens the evidence may take
};

struct PipelineResult {
  std::string thread_id;
  PipelineRoute route = PipelineRoute::kNone;
  std::string request_type;
  bool chinese = false;
  std::string answer;  // what a person reads first, in the question's language
  std::string sql;     // the statement that produced `result`; empty when none ran
  std::optional<db::ResultSet> result;
  Json chart;  // analysis::ChartSpec::ToJson, null when none
  // Source columns known to hold money (agent/ask/money_columns.h), for showing `result`.
  std::vector<std::string> money_columns;
  // `result` as a person reads it (agent/ask/answer_view.h: units, value labels) and its
  // chart; unset when no query ran.
  std::optional<AnswerView> view;
  // One per state.steps: a step's result as the answer shows it; unset for a step without rows.
  std::vector<std::optional<AnswerView>> step_views;
  std::vector<SqlAttempt> attempts;
  int llm_calls = 0;
  bool cache_hit = false;
  std::string error;  // set when the run could not answer (fix loop exhausted, refused...)
  std::optional<Interrupt> interrupt;  // set when the run waits for a person
  // The engine's translation when this call consulted it (word → schema mappings for the
  // CLI); not kept across a resume in another process (the state's summary is).
  std::optional<nlq::Translation> translation;
  RunState state;  // everything, for callers that want more

  bool interrupted() const { return interrupt.has_value(); }
  // `result` as JSON with each column's kind (analysis/number_kind.h: "ratio", "money",
  // "count", "number", "text"), so the web UI shows a ratio in percent and money with two
  // decimals as the CLI and the HTML report do, by the same facts; null without a result.
  Json ResultJson() const;
  Json ToJson() const;
};

class Pipeline {
 public:
  // InvalidArgument when the datasource provider or the checkpoint store is missing;
  // errors loading prompt templates or classifier rules otherwise.
  static StatusOr<Pipeline> Create(PipelineDeps deps);

  Pipeline(Pipeline&&) noexcept;
  Pipeline& operator=(Pipeline&&) noexcept;
  ~Pipeline();

  // Runs `question` as a new run of `thread_id` (replacing a pending one). The thread is a
  // conversation: its earlier turns (kept in its checkpoint, so they survive restarts and
  // are shared by every process on the store) resolve a follow-up such as "那上海呢？" and
  // go into the model's prompts. Errors are
  // those of the datasource, the checkpoint store, the LLM transport, or cancellation; a
  // question that cannot be answered is an OK result with route kNotAnswered.
  // `cancel` (may be null) stops the run between nodes and inside database and model calls.
  StatusOr<PipelineResult> Ask(std::string_view thread_id, std::string_view question,
                               EventSink* sink = nullptr,
                               std::shared_ptr<const CancellationToken> cancel = nullptr);
  // Continues an interrupted run with the person's answer. NotFound when the thread has no
  // checkpoint; FailedPrecondition when it already finished.
  StatusOr<PipelineResult> Resume(std::string_view thread_id, std::string_view answer,
                                  EventSink* sink = nullptr,
                                  std::shared_ptr<const CancellationToken> cancel = nullptr);

 private:
  struct Impl;
  explicit Pipeline(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace askdb::agent::pipeline
