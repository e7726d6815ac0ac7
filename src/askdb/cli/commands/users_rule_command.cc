// askdb users rule add|list|remove: the data-permission rules (docs/permissions.md) of a
// datasource, in the management database beside the accounts — the same store and JSON form
// as /api/v1/datasources/{id}/permissions, checked against the database's catalog the same
// way, and audited (actor "cli:<login>").
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>
#include <memory>

#include "askdb/cli/cli_context.h"
#include "askdb/cli/commands/users_access.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/cli/result_output.h"
#include "askdb/common/paths.h"
#include "askdb/db/connector.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "askdb/server/users/user_auth.h"
#include "askdb/server/users/user_store.h"

namespace askdb::cli {
namespace {

struct RuleOptions {
  std::string datasource = std::string(server::store::kDefaultDatasourceId);
  std::string db;    // whose catalog the rule is checked against
  std::string json;  // the rule
  std::string id;
};

void Audit(CliContext& ctx, std::string_view action, const permissions::PermissionRule& rule) {
  StatusOr<std::unique_ptr<server::store::ManagementStore>> db = OpenManagementDatabase(ctx);
  if (!db.ok()) return;
  StatusOr<std::unique_ptr<server::users::UserStore>> store = server::users::UserStore::Open(**db);
  if (!store.ok()) return;
  const char* login = std::getenv("USER");
  server::users::AuditEntry entry;
  entry.actor = "cli:" + std::string(login != nullptr ? login : "unknown");
  entry.action = std::string(action);
  entry.target = "datasource:" + rule.datasource_id + "/rule:" + rule.id;
  entry.detail = permissions::RuleToJson(rule).dump();
  entry.client = "cli";
  (void)(*store)->Append(std::move(entry));  // best effort, as UserAuth::Audit
}

Status RunAdd(const RuleOptions& options, CliContext& ctx) {
  Json body = Json::parse(options.json, nullptr, false);
  if (body.is_discarded() || !body.is_object()) {
    return InvalidArgumentError(
        "the rule must be a JSON object, e.g. '{\"grantee_kind\":\"user\",\"grantee\":\"ann\","
        "\"kind\":\"row\",\"table\":\"orders\",\"predicate\":\"region = {user.region}\"}'");
  }
  body["datasource_id"] = options.datasource;
  ASKDB_ASSIGN_OR_RETURN(permissions::PermissionRule rule, permissions::RuleFromJson(body));
  {
    ASKDB_ASSIGN_OR_RETURN(auto management, OpenManagementDatabase(ctx));
    ASKDB_ASSIGN_OR_RETURN(auto users, server::users::UserStore::Open(*management));
    ASKDB_RETURN_IF_ERROR(server::users::CheckRuleGrantee(
        *users, rule.grantee_kind == permissions::GranteeKind::kUser, rule.grantee));
  }
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, OpenDatabase(options.db, ctx));
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, connector->Introspect({}));
  ASKDB_RETURN_IF_ERROR(permissions::ValidateRule(rule, schema));
  permissions::SpellColumnAsCatalog(rule, schema);
  ASKDB_ASSIGN_OR_RETURN(auto rules, OpenPermissionRules(ctx));
  ASKDB_ASSIGN_OR_RETURN(permissions::PermissionRule stored, rules->Put(rule));
  Audit(ctx, "permission_created", stored);
  if (ctx.json) {
    PrintJson(ctx, permissions::RuleToJson(stored));
  } else {
    std::cout << "added rule " << stored.id << " to datasource " << stored.datasource_id << "\n";
  }
  return Status::Ok();
}

Status RunList(const RuleOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(auto rules, OpenPermissionRules(ctx));
  ASKDB_ASSIGN_OR_RETURN(std::vector<permissions::PermissionRule> list,
                         rules->List(options.datasource));
  Json out = Json::array();
  for (const auto& rule : list) out.push_back(permissions::RuleToJson(rule));
  if (ctx.json) {
    PrintJson(ctx, Json{{"rules", std::move(out)}});
  } else {
    if (list.empty()) std::cout << "no rules for datasource " << options.datasource << "\n";
    for (const Json& rule : out) std::cout << rule.dump() << "\n";
  }
  return Status::Ok();
}

Status RunRemove(const RuleOptions& options, CliContext& ctx) {
  ASKDB_ASSIGN_OR_RETURN(auto rules, OpenPermissionRules(ctx));
  ASKDB_ASSIGN_OR_RETURN(permissions::PermissionRule rule, rules->Get(options.id));
  ASKDB_RETURN_IF_ERROR(rules->Delete(options.id));
  Audit(ctx, "permission_deleted", rule);
  if (ctx.json) {
    PrintJson(ctx, Json{{"deleted", rule.id}});
  } else {
    std::cout << "removed rule " << rule.id << "\n";
  }
  return Status::Ok();
}

}  // namespace

StatusOr<std::unique_ptr<permissions::PermissionStore>> OpenPermissionRules(const CliContext& ctx) {
  if (!ctx.config.server.store_url.empty()) {
    return permissions::OpenPostgresPermissionStore(ctx.config.server.store_url);
  }
  ASKDB_ASSIGN_OR_RETURN(std::filesystem::path dir, DataDir());
  ASKDB_RETURN_IF_ERROR(EnsureDir(dir).status());
  return permissions::OpenSqlitePermissionStore(
      dir / std::string(server::store::kDefaultManagementStoreFileName));
}

CLI::App* AddUsersRuleCommand(CLI::App& users, CommandHandler* run) {
  auto options = std::make_shared<RuleOptions>();
  CLI::App* cmd = users.add_subcommand("rule", "Data-permission rules of a datasource");
  cmd->require_subcommand(1);
  CLI::App* add = cmd->add_subcommand("add", "Add a rule (JSON, as the HTTP API takes it)");
  add->add_option("rule", options->json, "the rule as JSON")->required();
  CLI::App* list = cmd->add_subcommand("list", "List the rules of a datasource");
  CLI::App* remove = cmd->add_subcommand("remove", "Delete a rule");
  remove->add_option("id", options->id, "the rule's id")->required();
  for (CLI::App* sub : {add, list}) {
    sub->add_option("--datasource", options->datasource,
                    "the datasource id (default: default, askdb serve --db's; askdb ask/sql "
                    "--user use the registered datasource with their --db URL, else default)");
  }
  add->add_option("--db", options->db,
                  "the database the rule is checked against (default: database.default_url, "
                  "else the demo database)");
  cmd->footer(
      "Examples:\n"
      "  askdb users rule add '{\"grantee_kind\":\"role\",\"grantee\":\"analyst\",\"kind\":"
      "\"row\",\"table\":\"regions\",\"predicate\":\"name_zh = {user.region}\"}'\n"
      "  askdb users rule list --json\n"
      "  askdb users rule remove RULE_ID");
  *run = [=](CliContext& ctx) -> Status {
    if (add->parsed()) return RunAdd(*options, ctx);
    if (list->parsed()) return RunList(*options, ctx);
    return RunRemove(*options, ctx);
  };
  return cmd;
}

}  // namespace askdb::cli
