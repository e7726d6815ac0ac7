// askdb ask: answers one question. The classifier routes it to the quick path, to
// consultation, or to the deterministic question-to-SQL engine; the output says which
// route answered, how the words mapped to the schema, the SQL, the rows and a chart.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "askdb/agent/ask/ask.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/exit_codes.h"
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
};

Status WriteAskReport(const AskCommandOptions& options, const agent::AskResult& r) {
  analysis::Report report(options.question);
  AddAnswerToReport(report, r);
  return analysis::WriteReport(report, options.report);
}

Status RunAsk(const AskCommandOptions& options, CliContext& ctx) {
  Spinner spinner(ctx.interactive());
  std::optional<agent::PreparedDatasource> prepared;
  agent::DatasourceProvider provider = [&]() -> StatusOr<agent::PreparedDatasource*> {
    if (!prepared) {
      ASKDB_ASSIGN_OR_RETURN(std::string url, ResolveDatabaseUrl(options.db, ctx));
      spinner.SetStage("Reading the schema");
      ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(url));
      agent::PrepareOptions prepare;
      prepare.semantic_model = options.semantic_model;
      ASKDB_ASSIGN_OR_RETURN(agent::PreparedDatasource ds,
                             agent::PrepareDatasource(std::move(connector), url, prepare));
      prepared = std::move(ds);
      spinner.SetStage("Answering");
    }
    return &*prepared;
  };
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
  cmd->add_option("question", options->question, "The question")->required();
  cmd->add_option("--db", options->db, "Database URL (sqlite:PATH, a file path, ...)");
  cmd->add_option("--semantic-model", options->semantic_model,
                  "Semantic model JSON (default: NAME.semantic.json beside a SQLite file)");
  cmd->add_option("--report", options->report, "Also write a report: .html or .md");
  cmd->add_option("--tz", options->time_zone,
                  "Time zone for date/time questions (default: the system's)");
  cmd->footer(
      "Without a model askdb answers greetings, dates and times, arithmetic, unit\n"
      "conversions, analysis suggestions, and routine data questions (totals, counts,\n"
      "breakdowns, top N, trends, filters) with its deterministic engine. When it is not\n"
      "sure it says so and what it understood (exit code 8) instead of guessing.\n\n"
      "Examples:\n"
      "  askdb ask \"2024年各地区的销售额\"\n"
      "  askdb ask \"top 10 products by revenue\"\n"
      "  askdb ask \"对本数据源提出一些分析建议\"\n"
      "  askdb ask --db chinook.sqlite \"how many tracks per genre\" --report genres.html");
  return {cmd, [options](CliContext& ctx) { return RunAsk(*options, ctx); }};
}

}  // namespace askdb::cli
