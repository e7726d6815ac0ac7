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
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/error_language.h"
#include "askdb/cli/interrupt.h"
#include "askdb/cli/option_checks.h"
#include "askdb/cli/progress_sink.h"
#include "askdb/cli/result_output.h"
#include "askdb/cli/spinner.h"
#include "askdb/cli/user_session.h"
#include "askdb/common/text.h"

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

// A line as typed, without the blanks and carriage returns around it.
std::string TrimmedLine(const std::string& line) {
  const size_t start = line.find_first_not_of(" \t\r");
  if (start == std::string::npos) return "";
  std::string trimmed = line.substr(start);
  while (!trimmed.empty() && (trimmed.back() == '\r' || trimmed.back() == ' ')) trimmed.pop_back();
  return trimmed;
}

// One conversation on the terminal (or a script on stdin): the thread, whether its last
// run waits for the person's answer, and how each turn is asked and printed.
class ChatSession {
 public:
  ChatSession(CliContext& ctx, CliAgent& agent, Spinner& spinner, std::string thread)
      : ctx_(ctx),
        agent_(agent),
        spinner_(spinner),
        style_(ctx.style()),
        prompt_(::isatty(STDIN_FILENO) && !ctx.json),
        progress_(spinner, style_),
        sink_(ctx.interactive() ? &progress_ : nullptr),
        thread_(std::move(thread)) {}

  // Reads lines to the end of input or /exit: a command, or a turn of the conversation.
  void Run() {
    Greet();
    std::string line;
    while (ReadLine(line)) {
      if (line.empty()) continue;
      if (line == "/exit" || line == "/quit") break;
      if (line.front() == '/') {
        RunCommand(line);
        continue;
      }
      Turn(line);
    }
    SayWhatWaits();
  }

 private:
  // The prompt's banner, only for a person at a terminal.
  void Greet() const {
    if (!prompt_) return;
    std::cout << style_.Dim(std::string("askdb chat · ") +
                            (agent_.has_model() ? "model configured" : "no model") +
                            " · /help for commands")
              << "\n";
  }

  // The next line, trimmed; false at the end of input.
  bool ReadLine(std::string& line) const {
    if (prompt_) std::cout << (waiting_ ? "answer> " : "askdb> ") << std::flush;
    if (!std::getline(std::cin, line)) return false;
    line = TrimmedLine(line);
    return true;
  }

  // A line starting with "/" other than /exit: /help, /new, /thread, or an unknown one.
  void RunCommand(const std::string& line) {
    if (line == "/help") {
      std::cout << kHelp;
    } else if (line == "/new") {
      thread_ = NewThreadId("chat");
      waiting_ = false;
      if (!ctx_.json) std::cout << style_.Dim("new conversation " + thread_) << "\n";
    } else if (line == "/thread") {
      std::cout << thread_ << "\n";
    } else {
      std::cout << "unknown command " << line << " (try /help)\n";
    }
  }

  // One question (or the answer to the run that waits): asked, then printed; a failed or
  // interrupted turn does not end the conversation, the person can rephrase.
  void Turn(const std::string& line) {
    if (!waiting_ && agent_.RefreshIfSchemaChanged() && !ctx_.json) {
      std::cout << style_.Dim("the database's tables changed; askdb read them again") << "\n";
    }
    spinner_.SetStage(waiting_ ? "Continuing" : "Answering");
    StatusOr<agent::pipeline::PipelineResult> result = AskOrResume(line);
    spinner_.Stop();
    const bool chinese = text::ContainsCjk(line);
    if (!result.ok() && result.status().code() == StatusCode::kCancelled) {
      std::cerr << (chinese
                        ? "askdb: 已中断（Ctrl-C）：这个问题停止了；可以再问一个，或输入 /exit\n"
                        : "askdb: interrupted (Ctrl-C): that question stopped; ask another, "
                          "or /exit\n");
      waiting_ = false;
      return;
    }
    if (!result.ok()) {
      std::cerr << "askdb: " << InQuestionLanguage(result.status(), line).ToString() << "\n";
      waiting_ = false;
      return;
    }
    waiting_ = result->interrupted();
    PrintTurn(*result, line);
  }

  StatusOr<agent::pipeline::PipelineResult> AskOrResume(const std::string& line) {
    InterruptScope interrupt;  // Ctrl-C stops this turn, not the conversation (interrupt.h)
    return waiting_ ? agent_.pipeline().Resume(thread_, line, sink_, interrupt.token())
                    : agent_.pipeline().Ask(thread_, line, sink_, interrupt.token());
  }

  // The turn's answer: one JSON object a line with --json, else as `askdb ask` prints it.
  void PrintTurn(const agent::pipeline::PipelineResult& result, const std::string& line) {
    if (ctx_.json) {
      Json out = result.ToJson();
      out["thread"] = thread_;
      out["input"] = line;
      if (const std::string note = agent_.PermissionNote(); !note.empty()) {
        out["permissions"] = note;
      }
      PrintJson(ctx_, out);
      return;
    }
    PrintPipelineAnswer(ctx_, result, "");
    PrintPermissionNote(ctx_, agent_.PermissionNote());
    std::cout << "\n";
  }

  // At the end of input with a question or plan still open: how to answer it later.
  void SayWhatWaits() const {
    if (!waiting_ || ctx_.json) return;
    std::cout << style_.Dim(
                     "askdb is still waiting for an answer; continue with: askdb ask "
                     "--thread " +
                     thread_ + " --resume \"...\"")
              << "\n";
  }

  CliContext& ctx_;
  CliAgent& agent_;
  Spinner& spinner_;
  const Style style_;
  const bool prompt_;
  RunProgressSink progress_;
  agent::EventSink* sink_;
  std::string thread_;
  bool waiting_ = false;  // the last run waits for the person's answer
};

Status RunChat(const ChatOptions& options, CliContext& ctx) {
  AgentCliOptions agent_options = options.agent;
  ASKDB_ASSIGN_OR_RETURN(agent_options.user, SignInFromCli(ctx, agent_options.db));
  Spinner spinner(ctx.interactive());
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<CliAgent> agent,
                         CliAgent::Create(agent_options, ctx, spinner));
  const Status opened = agent->OpenDatabase();
  spinner.Stop();
  ASKDB_RETURN_IF_ERROR(opened);
  ChatSession session(ctx, *agent, spinner,
                      options.thread.empty() ? NewThreadId("chat") : options.thread);
  session.Run();
  return Status::Ok();
}

}  // namespace

Command AddChatCommand(CLI::App& app) {
  auto options = std::make_shared<ChatOptions>();
  CLI::App* cmd =
      app.add_subcommand("chat", "Talk with askdb about your data: follow-ups, plans, answers");
  cmd->add_option("--db", options->agent.db, kDatabaseFlagHelp);
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
