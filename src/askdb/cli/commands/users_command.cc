// askdb users add|list|remove|passwd|set-attr: the accounts people sign in with on
// `askdb serve` (issue 18), kept in the management database — the SQLite file in the data
// directory, or server.store_url. Run on the server's machine by whoever runs askdb serve;
// every change goes to the audit log (actor "cli:<login>").
//
// Passwords come from ASKDB_PASSWORD, else a prompt on the terminal (not echoed); never from
// the command line, where other users of the machine could read them.
#include <termios.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <vector>

#include "askdb/cli/cli_context.h"
#include "askdb/cli/commands/users_access.h"
#include "askdb/cli/result_output.h"
#include "askdb/common/paths.h"
#include "askdb/server/store/postgres_management_store.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "askdb/server/users/user_auth.h"
#include "askdb/server/users/user_store.h"
#include "askdb/server/users/users_api.h"

namespace askdb::cli {
namespace {

namespace users = server::users;

struct UsersOptions {
  std::string name;
  std::string role = "analyst";
  std::vector<std::string> attributes;  // KEY=VALUE
  std::vector<std::string> unset;       // KEY
  std::vector<std::string> agents;
  bool no_password = false;
};

std::string Actor() {
  const char* login = std::getenv("USER");
  return "cli:" + std::string(login != nullptr ? login : "unknown");
}

StatusOr<std::map<std::string, std::string>> ParseAttributes(
    const std::vector<std::string>& pairs) {
  std::map<std::string, std::string> out;
  for (const std::string& pair : pairs) {
    const size_t eq = pair.find('=');
    if (eq == std::string::npos || eq == 0) {
      return InvalidArgumentError("attribute '" + pair + "' must be KEY=VALUE, e.g. region=华东");
    }
    out[pair.substr(0, eq)] = pair.substr(eq + 1);
  }
  ASKDB_RETURN_IF_ERROR(users::ValidateAttributes(out));
  return out;
}

StatusOr<std::string> NewPasswordHash(const users::UserAuth& auth, std::string_view name) {
  ASKDB_ASSIGN_OR_RETURN(std::string password, ReadPassword("password for " + std::string(name)));
  return auth.HashPassword(password);
}

struct Opened {
  std::unique_ptr<server::store::ManagementStore> db;
  std::unique_ptr<users::UserStore> store;
  std::unique_ptr<users::UserAuth> auth;
};

StatusOr<Opened> Open(CliContext& ctx) {
  Opened out;
  ASKDB_ASSIGN_OR_RETURN(out.db, OpenManagementDatabase(ctx));
  ASKDB_ASSIGN_OR_RETURN(out.store, users::UserStore::Open(*out.db));
  ASKDB_ASSIGN_OR_RETURN(out.auth, users::UserAuth::Create(*out.store, {}));
  return out;
}

void Audit(const Opened& o, std::string_view action, std::string_view name,
           std::string_view detail) {
  o.auth->Audit(Actor(), action, "user:" + std::string(name), detail, "cli");
}

Status PrintUser(CliContext& ctx, const users::UserRecord& user) {
  if (ctx.json) {
    PrintJson(ctx, users::UserToJson(user));
    return Status::Ok();
  }
  std::cout << user.name << "  " << users::RoleName(user.role);
  for (const auto& [k, v] : user.attributes) std::cout << "  " << k << "=" << v;
  if (!user.agents.empty()) {
    std::cout << "  agents:";
    for (const std::string& a : user.agents) std::cout << " " << a;
  }
  std::cout << "\n";
  return Status::Ok();
}

Status RunAdd(const UsersOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(Opened o, Open(ctx));
  users::UserRecord user;
  user.name = options.name;
  ASKDB_RETURN_IF_ERROR(users::ValidateUserName(user.name));
  ASKDB_ASSIGN_OR_RETURN(user.role, users::ParseRole(options.role));
  ASKDB_ASSIGN_OR_RETURN(user.attributes, ParseAttributes(options.attributes));
  user.agents = options.agents;
  // `default` is the agent every askdb serve has, and may be granted before it first starts.
  std::vector<std::string> to_check;
  for (const std::string& a : user.agents) {
    if (a != "default") to_check.push_back(a);
  }
  ASKDB_RETURN_IF_ERROR(users::CheckAgentsExist(*o.db, to_check));
  if (!options.no_password) {
    ASKDB_ASSIGN_OR_RETURN(user.password_hash, NewPasswordHash(*o.auth, user.name));
  }
  ASKDB_RETURN_IF_ERROR(o.store->CreateUser(user));
  Audit(o, "user_created", user.name, "role " + options.role);
  ASKDB_ASSIGN_OR_RETURN(users::UserRecord stored, o.store->GetUser(user.name));
  return PrintUser(ctx, stored);
}

Status RunList(CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(Opened o, Open(ctx));
  ASKDB_ASSIGN_OR_RETURN(std::vector<users::UserRecord> list, o.store->ListUsers());
  if (ctx.json) {
    Json out = Json::array();
    for (const auto& u : list) out.push_back(users::UserToJson(u));
    PrintJson(ctx, Json{{"users", std::move(out)}});
    return Status::Ok();
  }
  if (list.empty()) std::cout << "no users yet: askdb users add NAME --role analyst\n";
  for (const auto& u : list) ASKDB_RETURN_IF_ERROR(PrintUser(ctx, u));
  return Status::Ok();
}

Status RunRemove(const UsersOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(Opened o, Open(ctx));
  ASKDB_RETURN_IF_ERROR(o.store->DeleteUser(options.name));
  Audit(o, "user_deleted", options.name, "");
  if (ctx.json) {
    PrintJson(ctx, Json{{"deleted", options.name}});
  } else {
    std::cout << "removed " << options.name << " (their sessions ended)\n";
  }
  return Status::Ok();
}

Status RunPasswd(const UsersOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(Opened o, Open(ctx));
  ASKDB_ASSIGN_OR_RETURN(users::UserRecord user, o.store->GetUser(options.name));
  ASKDB_ASSIGN_OR_RETURN(user.password_hash, NewPasswordHash(*o.auth, user.name));
  ASKDB_RETURN_IF_ERROR(o.store->UpdateUser(user));
  ASKDB_RETURN_IF_ERROR(o.store->DeleteSessionsOf(user.name));
  Audit(o, "user_updated", user.name, "password changed; sessions ended");
  if (!ctx.json) std::cout << "password of " << user.name << " changed; their sessions ended\n";
  return Status::Ok();
}

Status RunSetAttr(const UsersOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(Opened o, Open(ctx));
  ASKDB_ASSIGN_OR_RETURN(users::UserRecord user, o.store->GetUser(options.name));
  ASKDB_ASSIGN_OR_RETURN(auto set, ParseAttributes(options.attributes));
  for (const auto& [k, v] : set) user.attributes[k] = v;
  for (const std::string& k : options.unset) user.attributes.erase(k);
  std::string detail;
  for (const auto& [k, v] : set) detail += (detail.empty() ? "" : ", ") + k + "=" + v;
  for (const std::string& k : options.unset) detail += (detail.empty() ? "-" : ", -") + k;
  ASKDB_RETURN_IF_ERROR(o.store->UpdateUser(user));
  Audit(o, "user_updated", user.name, "attributes " + detail);
  return PrintUser(ctx, user);
}

}  // namespace

StatusOr<std::string> ReadPassword(std::string_view prompt) {
  if (const char* env = std::getenv("ASKDB_PASSWORD"); env != nullptr && *env != '\0') {
    return std::string(env);
  }
  if (!::isatty(STDIN_FILENO)) {
    return InvalidArgumentError(
        "no password: set ASKDB_PASSWORD, or run in a terminal to be asked for it");
  }
  std::cerr << prompt << ": " << std::flush;
  termios old{};
  ::tcgetattr(STDIN_FILENO, &old);
  termios quiet = old;
  quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
  ::tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  std::string password;
  std::getline(std::cin, password);
  ::tcsetattr(STDIN_FILENO, TCSANOW, &old);
  std::cerr << "\n";
  return password;
}

StatusOr<std::unique_ptr<server::store::ManagementStore>> OpenManagementDatabase(CliContext& ctx) {
  if (!ctx.config.server.store_url.empty()) {
    ASKDB_ASSIGN_OR_RETURN(
        auto pg, server::store::PostgresManagementStore::Open(ctx.config.server.store_url));
    return std::unique_ptr<server::store::ManagementStore>(std::move(pg));
  }
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path dir, DataDir());
  ASKDB_RETURN_IF_ERROR(EnsureDir(dir).status());
  ASKDB_ASSIGN_OR_RETURN(auto lite,
                         server::store::SqliteManagementStore::Open(
                             dir / std::string(server::store::kDefaultManagementStoreFileName)));
  return std::unique_ptr<server::store::ManagementStore>(std::move(lite));
}

Command AddUsersCommand(CLI::App& app) {
  auto options = std::make_shared<UsersOptions>();
  CLI::App* cmd = app.add_subcommand("users", "Manage the accounts people sign in with");
  cmd->require_subcommand(1);
  CLI::App* add = cmd->add_subcommand("add",
                                      "Create an account (password from ASKDB_PASSWORD "
                                      "or a prompt)");
  add->add_option("name", options->name, "user name (A-Z a-z 0-9 _ . @ -)")->required();
  add->add_option("--role", options->role, "admin, editor or analyst (default analyst)");
  add->add_option("--attr", options->attributes, "an attribute KEY=VALUE, e.g. region=华东");
  add->add_option("--agent", options->agents, "an agent an analyst may ask (repeat)");
  add->add_flag("--no-password", options->no_password,
                "no password sign-in (single sign-on through auth.proxy_header only)");
  CLI::App* list = cmd->add_subcommand("list", "List the accounts");
  CLI::App* remove = cmd->add_subcommand("remove", "Delete an account and end its sessions");
  remove->add_option("name", options->name, "user name")->required();
  CLI::App* passwd = cmd->add_subcommand("passwd", "Set a new password; ends their sessions");
  passwd->add_option("name", options->name, "user name")->required();
  auto run_rule = std::make_shared<CommandHandler>();
  CLI::App* rule = AddUsersRuleCommand(*cmd, run_rule.get());
  CLI::App* set_attr = cmd->add_subcommand("set-attr", "Set or remove attributes");
  set_attr->add_option("name", options->name, "user name")->required();
  set_attr->add_option("attributes", options->attributes, "KEY=VALUE pairs");
  set_attr->add_option("--unset", options->unset, "an attribute to remove (repeat)");
  cmd->footer(
      "Accounts live in the management database (the data directory's askdb_server.sqlite,\n"
      "or server.store_url); askdb serve signs people in with them (docs/permissions.md).\n\n"
      "Examples:\n"
      "  ASKDB_PASSWORD=... askdb users add ann --role analyst --attr region=华东 --agent default\n"
      "  askdb users set-attr ann region=华南 --unset department\n"
      "  askdb users passwd ann\n"
      "  askdb users list --json");
  return {cmd, [=](CliContext& ctx) -> Status {
            if (add->parsed()) return RunAdd(*options, ctx);
            if (list->parsed()) return RunList(ctx);
            if (remove->parsed()) return RunRemove(*options, ctx);
            if (passwd->parsed()) return RunPasswd(*options, ctx);
            if (rule->parsed()) return (*run_rule)(ctx);
            return RunSetAttr(*options, ctx);
          }};
}

}  // namespace askdb::cli
