// askdb ask: answers one question through the agent pipeline. The output says which route
// answered, how the words mapped to the schema, the SQL, the rows and a chart — or the
// steps and summary of a multi-step analysis, or the question the run waits on.
#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>
#include <memory>

#include "askdb/agent/graph/event.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/analysis/report_builder.h"
#include "askdb/cli/agent_setup.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/error_language.h"
#include "askdb/cli/exit_codes.h"
#include "askdb/cli/interrupt.h"
#include "askdb/cli/llm_setup.h"
#include "askdb/cli/option_checks.h"
#include "askdb/cli/progress_sink.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/spinner.h"
#include "askdb/cli/user_session.h"
#include "askdb/db/connector_registry.h"

namespace askdb::cli {
namespace {

struct AskCommandOptions {
  std::string question;
  AgentCliOptions agent;
  std::string report;
  std::string thread;  // conversation thread (needed with --resume)
  std::string resume;  // the answer to the clarifying question / plan of --thread
};

// --resume continues a thread, so it needs one; without it there must be a question.
Status CheckAskOptions(const AskCommandOptions& options) {
  if (!options.resume.empty() && options.thread.empty()) {
    return InvalidArgumentError(
        "--resume answers a clarifying question or a plan approval: give its --thread too");
  }
  if (options.resume.empty() && options.question.empty()) {
    return InvalidArgumentError("no question given: askdb ask \"<question>\"");
  }
  return Status::Ok();
}

// The answer as one JSON object: the pipeline's result with the thread, the report written,
// the permission note, and the result's columns and rows at the top level as `askdb sql
// --json` prints them.
void PrintAskJson(CliContext& ctx, const agent::pipeline::PipelineResult& result,
                  const std::string& thread, const std::string& report,
                  const std::string& permission_note) {
  Json out = result.ToJson();
  out["thread"] = thread;
  if (!report.empty()) out["report"] = report;
  // What the user's data permissions let them see (--user/--token), as the server says it.
  if (!permission_note.empty()) out["permissions"] = permission_note;
  if (out.contains("result") && out["result"].is_object()) {
    // Moved out first: adding keys to `out` may move its elements.
    Json rows = std::move(out["result"]);
    out.erase("result");
    for (auto& [key, value] : rows.items()) out[key] = std::move(value);
  }
  PrintJson(ctx, out);
}

// The agent pipeline answers: classification, quick path, consultation, the engine, the
// model when one is configured (SQL when the engine abstains, fixes, clarifying questions),
// multi-step analyses with an optional plan approval; an interrupted run continues with
// --thread/--resume, in this process or a later one.
Status RunAskIn(const AskCommandOptions& options, CliContext& ctx) {
  ASKDB_RETURN_IF_ERROR(CheckAskOptions(options));
  AgentCliOptions agent_options = options.agent;
  ASKDB_ASSIGN_OR_RETURN(agent_options.user, SignInFromCli(ctx, agent_options.db));
  Spinner spinner(ctx.interactive());
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<CliAgent> agent,
                         CliAgent::Create(agent_options, ctx, spinner));
  agent::pipeline::Pipeline& pipeline = agent->pipeline();
  const std::string thread = options.thread.empty() ? NewThreadId("ask") : options.thread;
  spinner.SetStage("Answering");
  // Beside the spinner on a terminal; one plain line per step change when stderr is a pipe
  // or a log (not with --json on a terminal: the spinner is off and the JSON says it all).
  const bool plain = !ctx.terminal.stderr_is_tty;
  RunProgressSink progress(spinner, ctx.style(), plain);
  agent::EventSink* sink = ctx.interactive() || plain ? &progress : nullptr;
  InterruptScope interrupt;  // Ctrl-C stops the run cleanly (interrupt.h)
  StatusOr<agent::pipeline::PipelineResult> result =
      options.resume.empty() ? pipeline.Ask(thread, options.question, sink, interrupt.token())
                             : pipeline.Resume(thread, options.resume, sink, interrupt.token());
  spinner.Stop();
  if (!result.ok() && result.status().code() == StatusCode::kCancelled) {
    return CancelledError("interrupted (Ctrl-C): the run stopped before it finished" +
                          std::string(options.report.empty() ? "" : "; no report was written"));
  }
  if (!result.ok()) return result.status();
  const bool write_report = !options.report.empty() && !result->interrupted();
  if (write_report) {
    ASKDB_RETURN_IF_ERROR(analysis::WriteReport(ReportForAnswer(*result), options.report));
  }
  if (ctx.json) {
    PrintAskJson(ctx, *result, thread, write_report ? options.report : "", agent->PermissionNote());
  } else {
    PrintPipelineAnswer(ctx, *result, "askdb ask --thread " + thread + " --resume");
    PrintPermissionNote(ctx, agent->PermissionNote());
    if (write_report) std::cout << "\nReport written to " << options.report << "\n";
  }
  if (result->interrupted() || result->route == agent::pipeline::PipelineRoute::kNotAnswered) {
    // The answer already told the person why (or what it asks); the exit code tells scripts.
    ctx.exit_code = kExitNotAnswered;
  }
  return Status::Ok();
}

// A failure is said in the question's language (error_language.h).
Status RunAsk(const AskCommandOptions& options, CliContext& ctx) {
  return InQuestionLanguage(RunAskIn(options, ctx), options.question);
}

}  // namespace

Command AddAskCommand(CLI::App& app) {
  auto options = std::make_shared<AskCommandOptions>();
  CLI::App* cmd = app.add_subcommand("ask", "Ask a question in Chinese or English");
  cmd->add_option("question", options->question, "The question");
  cmd->add_option("--db", options->agent.db, kDatabaseFlagHelp);
  cmd->add_option("--semantic-model", options->agent.semantic_model,
                  "Semantic model JSON (default: NAME.semantic.json beside a SQLite file)");
  cmd->add_option("--report", options->report, "Also write a report: .html or .md");
  cmd->add_option("--tz", options->agent.time_zone,
                  "Time zone for date/time questions (default: the system's)")
      ->check(TimeZoneName());
  cmd->add_option("--llm", options->agent.llm_flag,
                  "Use a model: record:FILE, replay:FILE or scripted:FILE (default: the "
                  "[llm] configuration, when it names a model)");
  cmd->add_option("--thread", options->thread,
                  "Conversation thread id: earlier questions of the thread resolve follow-ups "
                  "(\"那上海呢？\"); printed when askdb waits for an answer");
  cmd->add_option("--resume", options->resume,
                  "Answer to the clarifying question of --thread, or approve / \"reject: "
                  "comment\" for its analysis plan; the run continues");
  cmd->add_option("--agent", options->agent.profile,
                  "Agent profile JSON: instructions, examples, tables, language (default: "
                  "[agent] profile)");
  cmd->add_flag("--review-plan", options->agent.review_plan,
                "Show a multi-step analysis plan and wait for approval before running it "
                "(also [agent] plan_review)");
  cmd->footer(
      "Without a model askdb answers greetings, dates and times, arithmetic, unit\n"
      "conversions, analysis suggestions, and routine data questions (totals, counts,\n"
      "breakdowns, top N, trends, filters) with its deterministic engine. When it is not\n"
      "sure it says so and what it understood (exit code 8) instead of guessing.\n"
      "With a model (--llm, or [llm] in askdb.toml) the engine still answers first; the\n"
      "model writes the SQL only when the engine abstains, fixes it on errors (at most 3\n"
      "times) and may ask a clarifying question: answer it with --thread ID --resume TEXT.\n"
      "A request for an analysis or report (\"做一份全面的销售分析报告\") is planned step by\n"
      "step, run, and written up; --report saves it. With --review-plan the plan waits for\n"
      "--resume approve, or --resume \"reject: focus on 2024\" to re-plan (at most 3 times).\n\n"
      "Examples:\n"
      "  askdb ask \"2024年各地区的销售额\"\n"
      "  askdb ask \"top 10 products by revenue\"\n"
      "  askdb ask \"对本数据源提出一些分析建议\"\n"
      "  askdb ask \"做一份全面的销售分析报告\" --report sales.html\n"
      "  askdb ask --db chinook.sqlite \"how many tracks per genre\" --report genres.html\n"
      "  askdb ask --llm replay:run.jsonl \"which customers bought more than last year?\"");
  return {cmd, [options](CliContext& ctx) { return RunAsk(*options, ctx); }};
}

}  // namespace askdb::cli
