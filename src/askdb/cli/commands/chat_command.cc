// askdb chat: an interactive conversation with the agent. Each line is a question; follow-ups
// ("那上海呢？", "now by month") resolve against the earlier turns; when askdb asks a
// clarifying question or shows an analysis plan for approval, the next line is the answer.
// Lines starting with "/" are commands (/help). Reads stdin to its end, so it also runs
// scripted: `printf '北京的销售额\n那上海呢？\n' | askdb chat`. With --json each turn prints
// one JSON object per line.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "askdb/agent/graph/event.h"
#include "askdb/cli/agent_setup.h"
#include "askdb/cli/answer_output.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/interrupt.h"
#include "askdb/cli/option_checks.h"
#include "askdb/cli/progress_sink.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/spinner.h"
#include "askdb/cli/user_session.h"

namespace askdb::cli {
namespace {

struct ChatOptions {
  AgentCliOptions agent;
  std::string thread;  // continue this conversation; empty: a new one
};

constexpr char kHelp[] =
    "Ask questions about your data in Chinese or English; follow-ups refer to earlier "
    "turns.\n"
    "When askdb asks something back or shows a plan, answer on the next line\n"
    "(a plan: \"approve\", or \"reject: <what to change>\").\n"
    "  /new       start a new conversation\n"
    "  /thread    show this conversation's id (askdb chat --thread ID continues it later)\n"
    "  /help      this text\n"
    "  /exit      leave (also /quit, or end of input)\n";

Status RunChat(const ChatOptions& options, CliContext& ctx) {
  AgentCliOptions agent_options = options.agent;
  ASKDB_ASSIGN_OR_RETURN(agent_options.user, SignInFromCli(ctx, agent_options.db));
  Spinner spinner(ctx.interactive());
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<CliAgent> agent,
                         CliAgent::Create(agent_options, ctx, spinner));
  spinner.Stop();
  const bool prompt = ::isatty(STDIN_FILENO) && !ctx.json;
  const Style style = ctx.style();
  std::string thread = options.thread.empty() ? NewThreadId("chat") : options.thread;
  bool waiting = false;  // the last run waits for the person's answer
  RunProgressSink progress(spinner, style);
  agent::EventSink* sink = ctx.interactive() ? &progress : nullptr;
  if (prompt) {
    std::cout << style.Dim(std::string("askdb chat · ") +
                           (agent->has_model() ? "model configured" : "no model") +
                           " · /help for commands")
              << "\n";
  }
  std::string line;
  while (true) {
    if (prompt) std::cout << (waiting ? "answer> " : "askdb> ") << std::flush;
    if (!std::getline(std::cin, line)) break;
    const size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string::npos) continue;
    line = line.substr(start);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line == "/exit" || line == "/quit") break;
    if (line == "/help") {
      std::cout << kHelp;
      continue;
    }
    if (line == "/new") {
      thread = NewThreadId("chat");
      waiting = false;
      if (!ctx.json) std::cout << style.Dim("new conversation " + thread) << "\n";
      continue;
    }
    if (line == "/thread") {
      std::cout << thread << "\n";
      continue;
    }
    if (line.front() == '/') {
      std::cout << "unknown command " << line << " (try /help)\n";
      continue;
    }
    if (!waiting && agent->RefreshIfSchemaChanged() && !ctx.json) {
      std::cout << style.Dim("the database's tables changed; askdb read them again") << "\n";
    }
    spinner.SetStage(waiting ? "Continuing" : "Answering");
    StatusOr<agent::pipeline::PipelineResult> result = [&] {
      InterruptScope interrupt;  // Ctrl-C stops this turn, not the conversation (interrupt.h)
      return waiting ? agent->pipeline().Resume(thread, line, sink, interrupt.token())
                     : agent->pipeline().Ask(thread, line, sink, interrupt.token());
    }();
    spinner.Stop();
    if (!result.ok() && result.status().code() == StatusCode::kCancelled) {
      std::cerr << "askdb: interrupted (Ctrl-C): that question stopped; ask another, or /exit\n";
      waiting = false;
      continue;
    }
    if (!result.ok()) {
      // One failed turn does not end the conversation; the person can rephrase.
      std::cerr << "askdb: " << result.status().ToString() << "\n";
      waiting = false;
      continue;
    }
    waiting = result->interrupted();
    if (ctx.json) {
      Json out = result->ToJson();
      out["thread"] = thread;
      out["input"] = line;
      if (const std::string note = agent->PermissionNote(); !note.empty()) {
        out["permissions"] = note;
      }
      PrintJson(ctx, out);
    } else {
      PrintPipelineAnswer(ctx, *result, "");
      PrintPermissionNote(ctx, agent->PermissionNote());
      std::cout << "\n";
    }
  }
  if (waiting && !ctx.json) {
    std::cout << style.Dim(
                     "askdb is still waiting for an answer; continue with: askdb ask "
                     "--thread " +
                     thread + " --resume \"...\"")
              << "\n";
  }
  return Status::Ok();
}

}  // namespace

Command AddChatCommand(CLI::App& app) {
  auto options = std::make_shared<ChatOptions>();
  CLI::App* cmd =
      app.add_subcommand("chat", "Talk with askdb about your data: follow-ups, plans, answers");
  cmd->add_option("--db", options->agent.db, "Database URL (sqlite:PATH, a file path, ...)");
  cmd->add_option("--semantic-model", options->agent.semantic_model,
                  "Semantic model JSON (default: NAME.semantic.json beside a SQLite file)");
  cmd->add_option("--tz", options->agent.time_zone, "Time zone for date/time questions")
      ->check(TimeZoneName());
  cmd->add_option("--llm", options->agent.llm_flag,
                  "Use a model: record:FILE, replay:FILE or scripted:FILE (default: [llm])");
  cmd->add_option("--thread", options->thread, "Continue this conversation (see /thread)");
  cmd->add_option("--agent", options->agent.profile,
                  "Agent profile JSON: instructions, examples, tables, language (default: "
                  "[agent] profile)");
  cmd->add_flag("--review-plan", options->agent.review_plan,
                "Show each analysis plan and wait for approval before running it");
  cmd->footer(std::string("\n") + kHelp +
              "\nExamples:\n"
              "  askdb chat\n"
              "  printf '2024年北京的销售额\\n那上海呢？\\n' | askdb chat --json");
  return {cmd, [options](CliContext& ctx) { return RunChat(*options, ctx); }};
}

}  // namespace askdb::cli
