// The askdb command: parses the command line, loads the configuration, and runs one
// subcommand. Failures print one line on stderr ("askdb: error: ...") and exit with a code
// from exit_codes.h; with --json the error is also a JSON object on stdout.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/cli/cli_context.h"
#include "askdb/cli/exit_codes.h"
#include "askdb/cli/llm_setup.h"
#include "askdb/cli/result_output.h"
#include "askdb/common/build_revision.h"
#include "askdb/common/logging.h"
#include "askdb/common/paths.h"
#include "askdb/config/config.h"
#include "askdb/server/api/shared_schema_cache_store.h"

namespace askdb::cli {
namespace {

struct GlobalOptions {
  std::string config_file;
  std::string log_format;
  std::string log_level;
  std::string color;
  bool json = false;
  std::string user;   // --user
  std::string token;  // --token
};

int ReportError(const Status& status, bool json) {
  std::cerr << "askdb: error: " << status.message() << "\n";
  if (json) {
    Json error = {
        {"error", {{"code", StatusCodeName(status.code())}, {"message", status.message()}}}};
    std::cout << error.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
  }
  return ExitCodeFor(status);
}

// Configuration from file and environment, then the global flags on top.
StatusOr<config::Config> LoadEffectiveConfig(const GlobalOptions& global) {
  config::LoadOptions load;
  if (!global.config_file.empty()) load.config_file = global.config_file;
  ASKDB_ASSIGN_OR_RETURN(config::Config cfg, config::LoadConfig(load));
  struct FlagOverride {
    const char* key;
    const char* flag;
    const std::string* value;
  };
  const FlagOverride flags[] = {
      {"log.format", "--log-format", &global.log_format},
      {"log.level", "--log-level", &global.log_level},
      {"output.color", "--color", &global.color},
  };
  for (const FlagOverride& f : flags) {
    if (!f.value->empty()) {
      ASKDB_RETURN_IF_ERROR(config::SetConfigValue(cfg, f.key, *f.value, f.flag));
    }
  }
  if (global.json) cfg.output.format = config::OutputFormat::kJson;
  return cfg;
}

// The options every subcommand takes, and the help's footer.
void AddGlobalOptions(CLI::App& app, GlobalOptions& global) {
  app.add_option("--config", global.config_file,
                 "Config file (default: ./askdb.toml, then <config dir>/askdb.toml)");
  app.add_flag("--json", global.json, "Machine-readable JSON on stdout");
  app.add_option("--color", global.color, "Colour: auto, always or never");
  app.add_option("--log-format", global.log_format, "Log lines on stderr: text or json");
  app.add_option("--log-level", global.log_level,
                 "trace, debug, info, warn (default), error or off");
  app.add_option("--user", global.user,
                 "ask, chat, sql, mcp: run as this account under its data permissions (password "
                 "from ASKDB_PASSWORD or a prompt)");
  app.add_option(
      "--token", global.token,
      "ask, chat, sql, mcp: run as the user of this session token (POST /api/v1/auth/login)");
  app.footer(
      "Examples:\n"
      "  askdb demo                                  create the demo database and answer "
      "its showcase questions\n"
      "  askdb ask \"2024年各地区的销售额\"            a question, answered with no model\n"
      "  askdb schema --db chinook.sqlite            list tables, columns and keys\n"
      "  askdb sql \"SELECT COUNT(*) FROM orders\"     run one read-only statement\n"
      "  askdb sql --db x.db \"SELECT ...\" --report r.html\n\n"
      "Exit codes: 0 ok, 2 usage, 3 bad input, 4 SQL error, 5 refused (not read-only),\n"
      "6 timeout, 7 unavailable, 8 not answered, 1 internal error. See docs/cli.md.");
}

// A subcommand takes its parent's footer when it is made, mostly before the parent sets its
// own: `askdb kb add --help` and `askdb users add --help` ended with askdb's examples (demo,
// sql). One still showing an ancestor's gets its parent's, the examples of its command.
void FootersFromParents(CLI::App& app, std::vector<std::string> above) {
  const auto all = [](CLI::App*) { return true; };
  for (CLI::App* sub : app.get_subcommands(all)) {
    const std::string footer = sub->get_footer();
    if (footer != app.get_footer() &&
        std::find(above.begin(), above.end(), footer) != above.end()) {
      sub->footer(app.get_footer());
    }
    std::vector<std::string> with_app = above;
    with_app.push_back(app.get_footer());
    FootersFromParents(*sub, std::move(with_app));
  }
}

// The deepest command the line named ("askdb kb term"): a usage error is about it, so its help
// is the one to read.
CLI::App& DeepestCommand(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands()) return DeepestCommand(*sub);  // the parsed ones
  return app;
}

std::string CommandPath(const CLI::App& app) {
  const CLI::App* parent = app.get_parent();
  return parent == nullptr ? "askdb" : CommandPath(*parent) + " " + app.get_name();
}

// "A subcommand is required (see askdb --help)" for "askdb config set": which command, which
// subcommands it has, and its own help.
std::string UsageError(CLI::App& app, const CLI::ParseError& e) {
  CLI::App& at = DeepestCommand(app);
  const std::string path = CommandPath(at);
  std::string message = e.what();
  if (const std::vector<CLI::App*> subs = at.get_subcommands({});
      !subs.empty() && at.get_require_subcommand_min() > 0 && at.get_subcommands().empty()) {
    message = path + " needs one of its subcommands:";
    for (const CLI::App* sub : subs) message += " " + sub->get_name();
  }
  return message + " (see " + path + " --help)";
}

// Parses the command line; the exit code when that already ends the run (help, version, a
// usage error), none when a subcommand is to run.
std::optional<int> Parse(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "askdb: error: " << UsageError(app, e) << "\n";
    return kExitUsage;
  }
  return std::nullopt;
}

// Logging on stderr as the configuration says.
Status StartLogging(const config::Config& config) {
  LogOptions log;
  ASKDB_ASSIGN_OR_RETURN(log.format, ParseLogFormat(config.log.format));
  log.level = config.log.level;
  return InitLogging(log);
}

// Every datasource this process prepares keeps its schema levels as configured, persisted
// under the data directory so that the next process starts warm.
// With server.store_url the documents live in that store, shared by every replica.
void SetSchemaCacheDefaults(const config::Config& config) {
  StatusOr<std::filesystem::path> data_dir = DataDir();
  agent::SchemaCacheSettings schema_cache{
      .ttl = std::chrono::seconds(config.database.schema_cache_ttl_seconds),
      .fetch_timeout = std::chrono::milliseconds(config.database.schema_fetch_timeout_ms),
      .refetch_backoff = std::chrono::seconds(config.database.schema_refetch_backoff_seconds),
      .dir = data_dir.ok() ? *data_dir / "schema_cache" : std::filesystem::path(),
      .shared = nullptr};
  if (!config.server.store_url.empty()) {
    schema_cache.shared = server::api::SharedSchemaCacheStore::Lazy(
        config.server.store_url,
        schema_cache.dir.empty()
            ? nullptr
            : std::make_shared<catalog::FileSchemaCacheBackend>(schema_cache.dir));
  }
  agent::SetDefaultSchemaCacheSettings(std::move(schema_cache));
}

// --user and --token change only the commands that run statements as the user; anywhere else
// they were ignored without a word (`askdb --user ann schema` listed the columns ann may not
// see, as if it were ann's view).
Status CheckSignInApplies(const CLI::App& app, const GlobalOptions& global) {
  if (global.user.empty() && global.token.empty()) return Status::Ok();
  for (const char* name : {"ask", "chat", "sql", "mcp"}) {
    if (app.get_subcommand(name)->parsed()) return Status::Ok();
  }
  return InvalidArgumentError(
      "--user and --token apply to ask, chat, sql and mcp only: this command would ignore them; "
      "leave them out");
}

// Runs the subcommand the command line named; an exception that escapes it is a bug, said as
// an internal error.
int RunParsedCommand(const std::vector<Command>& commands, CliContext& ctx) {
  for (const Command& command : commands) {
    if (!command.subcommand->parsed()) continue;
    Status status;
    try {
      status = command.run(ctx);
    } catch (const std::exception& e) {
      status = InternalError(std::string("an exception escaped: ") + e.what() +
                             " (a bug in askdb; please report it)");
    }
    return status.ok() ? ctx.exit_code : ReportError(status, ctx.json);
  }
  return kExitUsage;
}

int Main(int argc, char** argv) {
  CLI::App app("askdb — ask your database questions; get SQL, tables, charts and reports.",
               "askdb");
  app.set_version_flag("--version", "askdb " + std::string(BuildRevision()));
  app.require_subcommand(1);
  app.fallthrough();
  GlobalOptions global;
  AddGlobalOptions(app, global);
  const std::vector<Command> commands = {
      AddDemoCommand(app),  AddAskCommand(app),  AddChatCommand(app), AddSchemaCommand(app),
      AddSqlCommand(app),   AddEvalCommand(app), AddLlmCommand(app),  AddConfigCommand(app),
      AddServeCommand(app), AddMcpCommand(app),  AddKbCommand(app),   AddUsersCommand(app),
  };
  FootersFromParents(app, {});
  if (std::optional<int> exit_code = Parse(app, argc, argv)) return *exit_code;
  if (Status s = CheckSignInApplies(app, global); !s.ok()) return ReportError(s, global.json);

  StatusOr<config::Config> cfg = LoadEffectiveConfig(global);
  if (!cfg.ok()) return ReportError(cfg.status(), global.json);
  CliContext ctx;
  ctx.config = std::move(cfg).value();
  ctx.json = ctx.config.output.format == config::OutputFormat::kJson;
  ctx.terminal = DetectTerminal(ctx.config.output.color);
  ctx.sign_in_user = global.user;
  ctx.sign_in_token = global.token;
  if (Status s = StartLogging(ctx.config); !s.ok()) return ReportError(s, ctx.json);
  SetSchemaCacheDefaults(ctx.config);
  return RunParsedCommand(commands, ctx);
}

}  // namespace
}  // namespace askdb::cli

// Nothing escapes as an abort: an exception that reaches here is a bug in askdb, reported as
// one line and the internal-error exit code.
int main(int argc, char** argv) {
  try {
    return askdb::cli::Main(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "askdb: internal error: " << e.what()
              << " (a bug in askdb; please report it with the command that caused it)\n";
  } catch (...) {
    std::cerr << "askdb: internal error: an unknown exception (a bug in askdb; please report it "
                 "with the command that caused it)\n";
  }
  return askdb::cli::kExitInternal;
}
