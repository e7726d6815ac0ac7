// `--user NAME` / `--token TOKEN` on askdb ask, chat and sql (issue 18): who the command
// runs as, and the data permissions that then apply to every statement it runs.
//
// Signs in against the accounts of the management database (the data directory's
// askdb_server.sqlite, or server.store_url), as `askdb users` opens it: a password from
// ASKDB_PASSWORD or a no-echo prompt (the session the sign-in creates is ended at once), or
// a session token from POST /api/v1/auth/login. Failures go to the audit log as on the
// server; since each askdb process is new, the sign-in throttle counts the name's recent
// failures in that log (auth.max_sign_in_failures per minute) instead of in memory.
//
// The rules are those of the datasource registered in the management store with the same
// URL as the command's database, else those of datasource "default" (askdb serve --db).
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "askdb/cli/cli_context.h"
#include "askdb/common/status.h"
#include "askdb/permissions/rules.h"
#include "askdb/server/users/principal.h"

namespace askdb::db {
class Connector;
}

namespace askdb::cli {

struct CliUser {
  server::users::Principal principal;  // who signed in (askdb mcp acts as them)
  permissions::UserContext user;
  std::string datasource_id;            // whose rules apply
  permissions::EffectivePolicy policy;  // empty: no rule applies (or an admin)
  std::string note;                     // policy.Describe(): "you see rows of ... where ..."
};

// Null without --user/--token (nothing changes). `db_flag` is the command's --db (resolved as
// the command resolves it). Unauthenticated for a wrong password or token; ResourceExhausted
// when the name has failed too often in the last minute.
StatusOr<std::shared_ptr<const CliUser>> SignInFromCli(CliContext& ctx, std::string_view db_flag);

// `connector` as `user` may use it (PermissionedConnector over its catalog); `connector`
// itself when no rule applies.
StatusOr<std::unique_ptr<db::Connector>> UserConnector(std::unique_ptr<db::Connector> connector,
                                                       const CliUser& user);

// The note under a human-readable answer; nothing when `note` is empty.
void PrintPermissionNote(const CliContext& ctx, std::string_view note);

}  // namespace askdb::cli
