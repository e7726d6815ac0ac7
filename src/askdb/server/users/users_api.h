// The users routes of `askdb serve` (issue 18): sign-in, accounts, the audit log.
//
//   POST   /api/v1/auth/login     {"name","password"} → {"token","expires_at","user"} and the
//                                 session cookie (public; rate-limited; failures audited)
//   POST   /api/v1/auth/logout    ends the request's session, clears the cookie
//   GET    /api/v1/auth/me        the request's principal (any credentials)
//   GET    /api/v1/users          list (admin)
//   POST   /api/v1/users          {"name","password"?,"role","attributes"?,"agents"?} (admin;
//                                 each agent must exist, else 400 naming the agents there are)
//   GET    /api/v1/users/{name}   (admin)
//   PUT    /api/v1/users/{name}   fields given replace; a new password ends their sessions
//   DELETE /api/v1/users/{name}   (admin; ends their sessions)
//   GET    /api/v1/audit          ?limit (≤1000, default 100) &offset, newest first (admin)
//
// The session cookie is `askdb_session`: HttpOnly (no script reads it), SameSite=Strict (a
// page of another site never sends it, so a cross-site form cannot act as the user — the
// web UI is served from the same origin, and the embeddable page signs in with a key, so
// nothing needs Lax), Path=/, Max-Age = the session's life, Secure when
// auth.cookie_secure is set (behind HTTPS).
//
// Every change is written to the audit log with who, what, when and from where.
// Thread-safe; borrows what UsersApiDeps names.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/server/http.h"
#include "askdb/server/users/principal.h"

namespace askdb::server::store {
class ManagementStore;
}

namespace askdb::server::users {

class UserAuth;

enum class RouteAccess { kPublic, kAuthenticated, kEditor, kAdmin };

// A handler given the principal the ApiServer resolved for the request (a kNoAuth admin for
// public routes and servers without authentication).
using PrincipalHandler = std::function<HttpResponse(const HttpRequest&, const Principal&)>;
using PrincipalRouteAdder = std::function<void(std::string_view method, std::string_view pattern,
                                               RouteAccess access, PrincipalHandler handler)>;

struct UsersApiDeps {
  UserAuth* auth = nullptr;  // required
  bool cookie_secure = false;
  // The agents a user may be granted; null: any name is stored (no management store).
  const store::ManagementStore* agents = nullptr;
};

// InvalidArgument naming the first of `names` that is not an agent of `store`, and the
// agents there are: a mistyped grant would otherwise leave the user with nothing to ask.
Status CheckAgentsExist(const store::ManagementStore& store, const std::vector<std::string>& names);

// The error answer for a Status, with Retry-After for a throttled client.
HttpResponse StatusResponse(const Status& status, std::chrono::seconds retry_after = {});

// The session token a request carries: the askdb_session cookie, or a bearer token that
// looks like a session token; empty when none.
std::string SessionTokenOf(const HttpRequest& request);

Status RegisterUserRoutes(const PrincipalRouteAdder& add, const UsersApiDeps& deps);

}  // namespace askdb::server::users
