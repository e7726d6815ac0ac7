// What `askdb users` and the `--user` option of the asking commands share: the management
// database as the CLI opens it, and how a password is read.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "askdb/cli/cli_context.h"
#include "askdb/common/status.h"

namespace CLI {
class App;
}
namespace askdb::server::store {
class ManagementStore;
}
namespace askdb::permissions {
class PermissionStore;
}

namespace askdb::cli {

// ASKDB_PASSWORD, else a prompt on the terminal (not echoed); InvalidArgument when neither.
StatusOr<std::string> ReadPassword(std::string_view prompt);

// The management database: server.store_url, else <data dir>/askdb_server.sqlite.
StatusOr<std::unique_ptr<server::store::ManagementStore>> OpenManagementDatabase(CliContext& ctx);

// The data-permission rules in the same database (users_rule_command.cc).
StatusOr<std::unique_ptr<permissions::PermissionStore>> OpenPermissionRules(const CliContext& ctx);

// Adds `askdb users rule add|list|remove` under `users`; `*run` is set to what runs when it
// was given. Returns the `rule` subcommand.
CLI::App* AddUsersRuleCommand(CLI::App& users, CommandHandler* run);

}  // namespace askdb::cli
