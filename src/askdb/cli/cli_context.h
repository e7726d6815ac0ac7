// State shared by every subcommand of one askdb invocation: the loaded configuration (flags
// already applied), what the terminal is, and whether output is JSON. Built once in main;
// commands read it. Not synchronised (one command runs per process).
#pragma once

#include <functional>
#include <string>

#include "askdb/cli/terminal.h"
#include "askdb/common/status.h"
#include "askdb/config/config.h"

namespace CLI {
class App;
}

namespace askdb::cli {

struct CliContext {
  config::Config config;
  TerminalInfo terminal;
  bool json = false;  // machine-readable output on stdout
  // --user / --token: ask, chat and sql run as this account under its data permissions
  // (user_session.h); both empty: as before, no rules.
  std::string sign_in_user;
  std::string sign_in_token;
  // Set by a command that ran fine but whose outcome scripts should see in the exit code
  // (a question askdb could not answer). Errors use Status instead.
  int exit_code = 0;

  Style style() const { return Style(terminal.color && !json); }
  // The spinner shows only for people: stderr is a terminal and output is not JSON.
  bool interactive() const { return terminal.stderr_is_tty && !json; }
};

// What a subcommand does once the command line is parsed.
using CommandHandler = std::function<Status(CliContext&)>;

// A subcommand as registered with the parser, and what runs when it was given.
struct Command {
  CLI::App* subcommand;
  CommandHandler run;
};

// Each command file adds its subcommand (options, help, examples) to `app`.
Command AddSchemaCommand(CLI::App& app);
Command AddSqlCommand(CLI::App& app);
Command AddDemoCommand(CLI::App& app);
Command AddConfigCommand(CLI::App& app);
Command AddAskCommand(CLI::App& app);
Command AddEvalCommand(CLI::App& app);
Command AddLlmCommand(CLI::App& app);
Command AddChatCommand(CLI::App& app);
Command AddServeCommand(CLI::App& app);
Command AddMcpCommand(CLI::App& app);
Command AddKbCommand(CLI::App& app);
Command AddUsersCommand(CLI::App& app);

}  // namespace askdb::cli
