// The data-permission routes of `askdb serve` (issue 18), admin only:
//
//   GET    /api/v1/datasources/{id}/permissions          the datasource's rules
//   POST   /api/v1/datasources/{id}/permissions          create a rule (rules.h JSON form)
//   GET    /api/v1/datasources/{id}/permissions/{rid}
//   PUT    /api/v1/datasources/{id}/permissions/{rid}    replace it
//   DELETE /api/v1/datasources/{id}/permissions/{rid}
//
// A rule is checked against the datasource's catalog before it is stored
// (permissions::ValidateRule: the table and column exist, the predicate parses and uses only
// the table's columns and {user.X}); 400 says what is wrong. Every change is written to the
// audit log (who, what, when, from where).
//
// Thread-safe; borrows what it is given.
#pragma once

#include "askdb/common/status.h"
#include "askdb/server/users/users_api.h"

namespace askdb::permissions {
class PermissionStore;
}
namespace askdb::server::users {
class UserAuth;
}

namespace askdb::server::api {

class DatasourceCache;

struct PermissionsApiDeps {
  permissions::PermissionStore* rules = nullptr;  // required
  DatasourceCache* datasources = nullptr;         // required
  const users::UserAuth* audit = nullptr;         // required (its audit log)
};

Status RegisterPermissionRoutes(const users::PrincipalRouteAdder& add,
                                const PermissionsApiDeps& deps);

}  // namespace askdb::server::api
