// askdb llm ping: checks that the configured model answers, and prints its name and the
// round-trip latency. The first thing to run after configuring [llm] in askdb.toml.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <memory>

#include "askdb/cli/cli_context.h"
#include "askdb/cli/llm_setup.h"
#include "askdb/cli/result_output.h"
#include "askdb/llm/ping.h"

namespace askdb::cli {
namespace {

struct LlmOptions {
  std::string llm_flag;  // "", record:FILE, replay:FILE, scripted:FILE
};

Status RunPing(const LlmOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<llm::LlmClient> client,
                         MakeCliLlmClient(options.llm_flag, ctx.config));
  ASKDB_ASSIGN_OR_RETURN(llm::PingResult ping, llm::Ping(*client));
  if (ctx.json) {
    PrintJson(ctx, Json{{"model", ping.model},
                        {"latency_ms", ping.latency_ms},
                        {"reply", ping.reply},
                        {"prompt_tokens", ping.usage.prompt_tokens},
                        {"completion_tokens", ping.usage.completion_tokens}});
    return Status::Ok();
  }
  char latency[32];
  std::snprintf(latency, sizeof latency, "%.0f ms", ping.latency_ms);
  std::cout << "model " << ctx.style().Bold(ping.model) << " answered in " << latency << "\n";
  return Status::Ok();
}

}  // namespace

Command AddLlmCommand(CLI::App& app) {
  auto options = std::make_shared<LlmOptions>();
  CLI::App* cmd = app.add_subcommand("llm", "Check the language model configuration");
  cmd->require_subcommand(1);
  CLI::App* ping = cmd->add_subcommand("ping", "Send one tiny request to the configured model");
  ping->add_option("--llm", options->llm_flag,
                   "record:FILE (record the call to a cassette), replay:FILE (answer from a "
                   "cassette, no network) or scripted:FILE (JSON rules)");
  ping->footer(
      "Configure the model in askdb.toml [llm] (base_url, model, api_key_env; see\n"
      "docs/llm.md) or with OPENAI_BASE_URL / OPENAI_API_KEY / OPENAI_MODEL.\n\n"
      "Examples:\n"
      "  OPENAI_BASE_URL=http://127.0.0.1:11434/v1 OPENAI_MODEL=qwen2.5 askdb llm ping\n"
      "  askdb llm ping --llm record:ping.jsonl");
  cmd->footer(
      "Examples:\n"
      "  askdb llm ping\n"
      "  askdb llm ping --llm replay:ping.jsonl");
  return {cmd, [options](CliContext& ctx) { return RunPing(*options, ctx); }};
}

}  // namespace askdb::cli
