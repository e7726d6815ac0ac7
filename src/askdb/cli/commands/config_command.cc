// askdb config: shows the configuration in effect (defaults, file, environment, flags).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "askdb/cli/cli_context.h"
#include "askdb/cli/result_output.h"

namespace askdb::cli {

Command AddConfigCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("config", "Show configuration");
  cmd->require_subcommand(1);
  CLI::App* show = cmd->add_subcommand("show", "Print the configuration in effect as JSON");
  show->footer("Example:\n  ASKDB_LOG_LEVEL=debug askdb config show");
  cmd->footer(
      "Examples:\n"
      "  askdb config show\n"
      "  askdb --config ./askdb.toml config show --json");
  return {cmd, [](CliContext& ctx) {
            Json out = config::ToJson(ctx.config);
            out["source_file"] = ctx.config.source_file.string();
            PrintJson(ctx, out);
            return Status::Ok();
          }};
}

}  // namespace askdb::cli
