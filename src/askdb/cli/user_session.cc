#include "askdb/cli/user_session.h"

#include <chrono>
#include <iostream>
#include <memory>
#include <utility>
#include <vector>

#include "askdb/cli/commands/users_access.h"
#include "askdb/cli/database_resolver.h"
#include "askdb/common/clock.h"
#include "askdb/common/paths.h"
#include "askdb/db/connector.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/permissions/permissioned_connector.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/sqlite_management_store.h"
#include "askdb/server/users/user_auth.h"
#include "askdb/server/users/user_store.h"

namespace askdb::cli {
namespace {

namespace users = server::users;

constexpr std::string_view kClient = "cli";
constexpr std::chrono::seconds kThrottleWindow{60};

// Each CLI run is a new process, so the in-memory throttle of UserAuth never fills: the
// name's failures of the last minute are counted in the audit log instead.
Status CheckThrottle(const users::UserStore& store, std::string_view name, int64_t max_failures) {
  if (max_failures <= 0) return Status::Ok();
  ASKDB_ASSIGN_OR_RETURN(std::vector<users::AuditEntry> recent, store.ListAudit(1000));
  const Clock::TimePoint since = SystemClock().Now() - kThrottleWindow;
  const std::string target = "user:" + std::string(name);
  int64_t failures = 0;
  for (const users::AuditEntry& entry : recent) {
    if (entry.at < since) break;  // newest first
    if (entry.action == "sign_in_failed" && entry.target == target) ++failures;
  }
  if (failures < max_failures) return Status::Ok();
  return ResourceExhaustedError("too many failed sign-ins for '" + std::string(name) +
                                "' in the last minute: wait a minute and try again");
}

// The registered datasource with this URL, else "default" (askdb serve --db's).
StatusOr<std::string> DatasourceIdFor(const server::store::ManagementStore& db,
                                      std::string_view url) {
  ASKDB_ASSIGN_OR_RETURN(std::vector<server::store::DatasourceRecord> list, db.ListDatasources());
  for (const auto& ds : list) {
    if (ds.url == url) return ds.id;
  }
  return std::string(server::store::kDefaultDatasourceId);
}

}  // namespace

StatusOr<std::shared_ptr<const CliUser>> SignInFromCli(CliContext& ctx, std::string_view db_flag) {
  if (ctx.sign_in_user.empty() && ctx.sign_in_token.empty()) {
    return std::shared_ptr<const CliUser>();
  }
  if (!ctx.sign_in_user.empty() && !ctx.sign_in_token.empty()) {
    return InvalidArgumentError("give --user or --token, not both");
  }
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<server::store::ManagementStore> db,
                         OpenManagementDatabase(ctx));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<users::UserStore> store, users::UserStore::Open(*db));
  users::UserAuthOptions options;
  options.throttle.max_failures = static_cast<int>(ctx.config.auth.max_sign_in_failures);
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<users::UserAuth> auth,
                         users::UserAuth::Create(*store, options));

  users::Principal who;
  if (!ctx.sign_in_token.empty()) {
    ASKDB_ASSIGN_OR_RETURN(who, auth->FromToken(ctx.sign_in_token));
  } else {
    const std::string& name = ctx.sign_in_user;
    ASKDB_RETURN_IF_ERROR(CheckThrottle(*store, name, ctx.config.auth.max_sign_in_failures));
    ASKDB_ASSIGN_OR_RETURN(std::string password, ReadPassword("password for " + name));
    std::chrono::seconds retry_after{0};
    ASKDB_ASSIGN_OR_RETURN(users::SignedIn signed_in,
                           auth->SignIn(name, password, kClient, &retry_after));
    // The command is the session: nothing is left behind to be stolen.
    ASKDB_RETURN_IF_ERROR(auth->SignOut(signed_in.token, kClient));
    who = std::move(signed_in.principal);
  }

  ASKDB_ASSIGN_OR_RETURN(std::string db_url, ResolveDatabaseUrl(std::string(db_flag), ctx));
  CliUser out;
  out.user = *who.DataUser();  // signed in: never nobody
  out.principal = std::move(who);
  ASKDB_ASSIGN_OR_RETURN(out.datasource_id, DatasourceIdFor(*db, db_url));
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<permissions::PermissionStore> rules,
                         OpenPermissionRules(ctx));
  ASKDB_ASSIGN_OR_RETURN(std::vector<permissions::PermissionRule> list,
                         rules->List(out.datasource_id));
  out.policy = permissions::ResolvePolicy(out.user, list);
  out.note = out.policy.Describe();
  return std::make_shared<const CliUser>(std::move(out));
}

StatusOr<std::unique_ptr<db::Connector>> UserConnector(std::unique_ptr<db::Connector> connector,
                                                       const CliUser& user) {
  if (user.policy.empty()) return connector;
  // The rewrite reads the catalog to list a protected table's columns.
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, connector->Introspect({}));
  std::shared_ptr<db::Connector> inner = std::move(connector);
  return std::unique_ptr<db::Connector>(std::make_unique<permissions::PermissionedConnector>(
      std::move(inner), user.policy,
      std::make_shared<const db::DatabaseSchema>(std::move(schema))));
}

void PrintPermissionNote(const CliContext& ctx, std::string_view note) {
  if (note.empty()) return;
  std::cout << ctx.style().Dim("Data permissions: " + std::string(note)) << "\n";
}

}  // namespace askdb::cli
