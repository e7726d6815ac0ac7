// askdb ask: answers one question. The classifier routes it to the quick path, to
// consultation, or to the deterministic question-to-SQL engine; the output says which
// route answered, how the words mapped to the schema, the SQL, the rows and a chart.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <memory>

#include "askdb/agent/ask/ask.h"
#include "askdb/agent/graph/sqlite_checkpoint_store.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/exit_codes.h"
#include "askdb/cli/llm_setup.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/spinner.h"
#include "askdb/db/connector_registry.h"

namespace askdb::cli {
namespace {

struct AskCommandOptions {
  std::string question;
  std::string db;
  std::string semantic_model;
  std::string report;
  std::string time_zone;
  std::string llm_flag;  // "", record:FILE, replay:FILE, scripted:FILE
  std::string thread;    // conversation thread (model runs; needed with --resume)
  std::string resume;    // the answer to the clarifying question of --thread
};

// Prepares the datasource on first use (quick answers never open it), naming the stage on
// the spinner.
class LazyDatasource {
 public:
  LazyDatasource(const AskCommandOptions& options, const CliContext& ctx, Spinner& spinner)
      : options_(options), ctx_(ctx), spinner_(spinner) {}

  StatusOr<agent::PreparedDatasource*> Get() {
    if (!prepared_) {
      ASKDB_ASSIGN_OR_RETURN(std::string url, ResolveDatabaseUrl(options_.db, ctx_));
      spinner_.SetStage("Reading the schema");
      ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(url));
      agent::PrepareOptions prepare;
      prepare.semantic_model = options_.semantic_model;
      ASKDB_ASSIGN_OR_RETURN(agent::PreparedDatasource ds,
                             agent::PrepareDatasource(std::move(connector), url, prepare));
      prepared_ = std::move(ds);
      spinner_.SetStage("Answering");
    }
    return &*prepared_;
  }

 private:
  const AskCommandOptions& options_;
  const CliContext& ctx_;
  Spinner& spinner_;
  std::optional<agent::PreparedDatasource> prepared_;
};

std::string NewThreadId() {
  return "ask-" +
         std::to_string(std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count()) +
         "-" + std::to_string(::getpid());
}

// With a model: the agent pipeline (engine first, the model when the engine abstains, a
// fix loop on SQL errors, clarifying questions that a later --resume answers).
Status RunAskWithModel(const AskCommandOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<llm::LlmClient> client,
                         MakeCliLlmClient(options.llm_flag, ctx.config));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<agent::SqliteCheckpointStore> store,
                         agent::SqliteCheckpointStore::OpenDefault());
  Spinner spinner(ctx.interactive());
  LazyDatasource datasource(options, ctx, spinner);
  const agent::AskOptions ask = AskOptionsFromConfig(ctx);
  agent::pipeline::PipelineDeps deps;
  deps.datasource = [&datasource] { return datasource.Get(); };
  deps.llm = client.get();
  deps.checkpoints = store.get();
  deps.options.translate = ask.translate;
  deps.options.query = ask.query;
  deps.options.default_time_zone = options.time_zone;
  ASKDB_ASSIGN_OR_RETURN(agent::pipeline::Pipeline pipeline,
                         agent::pipeline::Pipeline::Create(std::move(deps)));

  const std::string thread = options.thread.empty() ? NewThreadId() : options.thread;
  spinner.SetStage("Answering");
  StatusOr<agent::pipeline::PipelineResult> result = options.resume.empty()
                                                         ? pipeline.Ask(thread, options.question)
                                                         : pipeline.Resume(thread, options.resume);
  spinner.Stop();
  if (!result.ok()) return result.status();
  if (!options.report.empty() && !result->interrupted()) {
    analysis::Report report(result->state.original_question.empty()
                                ? options.question
                                : result->state.original_question);
    AddAnswerToReport(report, *result);
    ASKDB_RETURN_IF_ERROR(analysis::WriteReport(report, options.report));
  }
  if (ctx.json) {
    Json out = result->ToJson();
    out["thread"] = thread;
    if (!options.report.empty() && !result->interrupted()) out["report"] = options.report;
    // The same shape as answers without a model: columns and rows at the top level.
    if (out.contains("result") && out["result"].is_object()) {
      for (auto& [key, value] : out["result"].items()) out[key] = value;
      out.erase("result");
    }
    PrintJson(ctx, out);
  } else {
    PrintPipelineAnswer(ctx, *result);
    if (!options.report.empty() && !result->interrupted()) {
      std::cout << "\nReport written to " << options.report << "\n";
    }
  }
  if (result->interrupted() || result->route == agent::pipeline::PipelineRoute::kNotAnswered) {
    ctx.exit_code = kExitNotAnswered;
  }
  return Status::Ok();
}

Status WriteAskReport(const AskCommandOptions& options, const agent::AskResult& r) {
  analysis::Report report(options.question);
  AddAnswerToReport(report, r);
  return analysis::WriteReport(report, options.report);
}

Status RunAsk(const AskCommandOptions& options, CliContext& ctx) {
  if (!options.resume.empty() && options.thread.empty()) {
    return InvalidArgumentError("--resume answers a clarifying question: give its --thread too");
  }
  if (options.resume.empty() && options.question.empty()) {
    return InvalidArgumentError("no question given: askdb ask \"<question>\"");
  }
  if (!options.resume.empty() || LlmRequested(options.llm_flag, ctx.config)) {
    return RunAskWithModel(options, ctx);
  }
  Spinner spinner(ctx.interactive());
  LazyDatasource datasource(options, ctx, spinner);
  agent::DatasourceProvider provider = [&datasource] { return datasource.Get(); };
  agent::AskOptions ask = AskOptionsFromConfig(ctx);
  ask.default_time_zone = options.time_zone;

  StatusOr<agent::AskResult> result = agent::Ask(options.question, provider, ask);
  spinner.Stop();
  if (!result.ok()) return result.status();
  if (!options.report.empty()) ASKDB_RETURN_IF_ERROR(WriteAskReport(options, *result));
  if (ctx.json) {
    Json out = result->ToJson();
    if (!options.report.empty()) out["report"] = options.report;
    PrintJson(ctx, out);
  } else {
    PrintAnswer(ctx, *result);
    if (!options.report.empty()) std::cout << "\nReport written to " << options.report << "\n";
  }
  if (result->route == agent::AnswerRoute::kNotAnswered) {
    // The answer already told the person why; the exit code tells scripts.
    ctx.exit_code = kExitNotAnswered;
  }
  return Status::Ok();
}

}  // namespace

Command AddAskCommand(CLI::App& app) {
  auto options = std::make_shared<AskCommandOptions>();
  CLI::App* cmd = app.add_subcommand("ask", "Ask a question in Chinese or English");
  cmd->add_option("question", options->question, "The question");
  cmd->add_option("--db", options->db, "Database URL (sqlite:PATH, a file path, ...)");
  cmd->add_option("--semantic-model", options->semantic_model,
                  "Semantic model JSON (default: NAME.semantic.json beside a SQLite file)");
  cmd->add_option("--report", options->report, "Also write a report: .html or .md");
  cmd->add_option("--tz", options->time_zone,
                  "Time zone for date/time questions (default: the system's)");
  cmd->add_option("--llm", options->llm_flag,
                  "Use a model: record:FILE, replay:FILE or scripted:FILE (default: the "
                  "[llm] configuration, when it names a model)");
  cmd->add_option("--thread", options->thread,
                  "Conversation thread id (printed when askdb asks a clarifying question)");
  cmd->add_option("--resume", options->resume,
                  "Answer to the clarifying question of --thread; the run continues");
  cmd->footer(
      "Without a model askdb answers greetings, dates and times, arithmetic, unit\n"
      "conversions, analysis suggestions, and routine data questions (totals, counts,\n"
      "breakdowns, top N, trends, filters) with its deterministic engine. When it is not\n"
      "sure it says so and what it understood (exit code 8) instead of guessing.\n"
      "With a model (--llm, or [llm] in askdb.toml) the engine still answers first; the\n"
      "model writes the SQL only when the engine abstains, fixes it on errors (at most 3\n"
      "times) and may ask a clarifying question: answer it with --thread ID --resume TEXT.\n\n"
      "Examples:\n"
      "  askdb ask \"2024年各地区的销售额\"\n"
      "  askdb ask \"top 10 products by revenue\"\n"
      "  askdb ask \"对本数据源提出一些分析建议\"\n"
      "  askdb ask --db chinook.sqlite \"how many tracks per genre\" --report genres.html\n"
      "  askdb ask --llm replay:run.jsonl \"which customers bought more than last year?\"");
  return {cmd, [options](CliContext& ctx) { return RunAsk(*options, ctx); }};
}

}  // namespace askdb::cli
