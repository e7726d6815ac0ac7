#include "askdb/server/users/users_api.h"

#include <span>
#include <string_view>
#include <utility>

#include "askdb/server/json_request.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/users/user_auth.h"

namespace askdb::server::users {
namespace {

constexpr int64_t kDefaultAuditPage = 100;

std::string Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return std::string(s);
}

// The value of cookie `name` in a Cookie header ("a=1; b=2").
std::string CookieValue(std::string_view header, std::string_view name) {
  while (!header.empty()) {
    const size_t end = header.find(';');
    std::string pair = Trim(header.substr(0, end));
    const size_t eq = pair.find('=');
    if (eq != std::string::npos && pair.substr(0, eq) == name) return pair.substr(eq + 1);
    if (end == std::string_view::npos) break;
    header.remove_prefix(end + 1);
  }
  return "";
}

std::string SessionCookie(std::string_view token, std::chrono::seconds max_age, bool secure) {
  return std::string(kSessionCookieName) + "=" + std::string(token) +
         "; Path=/; HttpOnly; SameSite=Strict; Max-Age=" + std::to_string(max_age.count()) +
         (secure ? "; Secure" : "");
}

// {"attributes": {string: string}} into `out` when present.
Status ReadAttributes(const Json& body, std::map<std::string, std::string>* out) {
  if (!body.contains("attributes")) return Status::Ok();
  const Json& a = body["attributes"];
  if (!a.is_object()) {
    return InvalidArgumentError("field 'attributes' must be an object of strings");
  }
  std::map<std::string, std::string> attributes;
  for (const auto& [k, v] : a.items()) {
    if (!v.is_string()) {
      return InvalidArgumentError("attribute '" + k + "' must be a string");
    }
    attributes[k] = v.get<std::string>();
  }
  ASKDB_RETURN_IF_ERROR(ValidateAttributes(attributes));
  *out = std::move(attributes);
  return Status::Ok();
}

// The fields a user's create body may hold.
constexpr std::string_view kUserCreateFields[] = {"name", "role", "password", "attributes",
                                                  "agents"};
// An update body's: the path names the user, and the read-only fields GET returns (name,
// has_password, created_at, updated_at) are taken and ignored, so a user read with GET can be
// sent back as it is.
constexpr std::string_view kUserUpdateFields[] = {
    "role", "password", "attributes", "agents", "name", "has_password", "created_at", "updated_at"};

// Applies the fields of `body` that are present to `user` (name excluded).
Status ApplyUserFields(const UserAuth& auth, const store::ManagementStore* agent_store,
                       const Json& body, UserRecord* user, bool* password_changed) {
  std::string role;
  ASKDB_RETURN_IF_ERROR(OptionalString(body, "role", &role));
  if (!role.empty()) {
    ASKDB_ASSIGN_OR_RETURN(user->role, ParseRole(role));
  }
  if (body.contains("password")) {
    std::string password;
    ASKDB_RETURN_IF_ERROR(OptionalString(body, "password", &password));
    ASKDB_ASSIGN_OR_RETURN(user->password_hash, auth.HashPassword(password));
    *password_changed = true;
  }
  ASKDB_RETURN_IF_ERROR(ReadAttributes(body, &user->attributes));
  if (body.contains("agents")) {
    std::vector<std::string> agents;
    ASKDB_RETURN_IF_ERROR(OptionalStringArray(body, "agents", &agents));
    if (agent_store != nullptr) ASKDB_RETURN_IF_ERROR(CheckAgentsExist(*agent_store, agents));
    user->agents = std::move(agents);
  }
  return Status::Ok();
}

class UsersApi {
 public:
  explicit UsersApi(UsersApiDeps deps) : deps_(deps) {}

  HttpResponse Login(const HttpRequest& http) const {
    StatusOr<Json> body = ParseJsonBody(http, {"name", "password"});
    if (!body.ok()) return StatusResponse(body.status());
    StatusOr<std::string> name = RequireString(*body, "name");
    if (!name.ok()) return StatusResponse(name.status());
    StatusOr<std::string> password = RequireString(*body, "password");
    if (!password.ok()) return StatusResponse(password.status());
    std::chrono::seconds retry_after{0};
    StatusOr<SignedIn> signed_in =
        deps_.auth->SignIn(*name, *password, http.remote_address, &retry_after);
    if (!signed_in.ok()) return StatusResponse(signed_in.status(), retry_after);
    HttpResponse response =
        HttpResponse::JsonBody(Json{{"token", signed_in->token},
                                    {"expires_at", store::FormatTime(signed_in->expires_at)},
                                    {"user", signed_in->principal.ToJson()}});
    response.headers.Add(
        "Set-Cookie",
        SessionCookie(signed_in->token, deps_.auth->options().session_ttl, deps_.cookie_secure));
    response.headers.Set("Cache-Control", "no-store");
    return response;
  }

  HttpResponse Logout(const HttpRequest& http) const {
    const std::string token = SessionTokenOf(http);
    if (!token.empty()) {
      Status ended = deps_.auth->SignOut(token, http.remote_address);
      if (!ended.ok()) return StatusResponse(ended);
    }
    HttpResponse response = HttpResponse::JsonBody(Json{{"signed_out", !token.empty()}});
    response.headers.Add("Set-Cookie",
                         SessionCookie("", std::chrono::seconds(0), deps_.cookie_secure));
    return response;
  }

  HttpResponse Create(const HttpRequest& http, const Principal& who) const {
    StatusOr<Json> body = ParseJsonBody(http, kUserCreateFields);
    if (!body.ok()) return StatusResponse(body.status());
    StatusOr<std::string> name = RequireString(*body, "name");
    if (!name.ok()) return StatusResponse(name.status());
    UserRecord user;
    user.name = *name;
    bool password_changed = false;
    Status applied = ApplyUserFields(*deps_.auth, deps_.agents, *body, &user, &password_changed);
    if (!applied.ok()) return StatusResponse(applied);
    Status created = deps_.auth->store().CreateUser(user);
    if (!created.ok()) return StatusResponse(created);
    deps_.auth->Audit(who.Actor(), "user_created", "user:" + user.name,
                      "role " + std::string(RoleName(user.role)), http.remote_address);
    return Get(user.name, 201);
  }

  HttpResponse Get(std::string_view name, int status = 200) const {
    StatusOr<UserRecord> user = deps_.auth->store().GetUser(name);
    if (!user.ok()) return StatusResponse(user.status());
    return HttpResponse::JsonBody(UserToJson(*user), status);
  }

  HttpResponse Update(const HttpRequest& http, const Principal& who) const {
    StatusOr<Json> body = ParseJsonBody(http, kUserUpdateFields);
    if (!body.ok()) return StatusResponse(body.status());
    const std::string name(http.PathParam("name"));
    // The name is read-only: the user's own (as GET returns it) is ignored, another one is
    // refused rather than ignored, so that a rename is not reported as done.
    if (auto n = body->find("name"); n != body->end() && !(n->is_string() && *n == name)) {
      return StatusResponse(InvalidArgumentError(
          "field 'name' is read-only: an account cannot be renamed (send its own name, or "
          "leave the field out)"));
    }
    StatusOr<UserRecord> user = deps_.auth->store().GetUser(name);
    if (!user.ok()) return StatusResponse(user.status());
    bool password_changed = false;
    Status applied = ApplyUserFields(*deps_.auth, deps_.agents, *body, &*user, &password_changed);
    if (!applied.ok()) return StatusResponse(applied);
    Status updated = deps_.auth->store().UpdateUser(*user);
    if (!updated.ok()) return StatusResponse(updated);
    if (password_changed) {
      Status ended = deps_.auth->store().DeleteSessionsOf(name);
      if (!ended.ok()) return StatusResponse(ended);
    }
    std::string fields;
    for (const auto& [k, v] : body->items()) {
      if (k == "role" || k == "password" || k == "attributes" || k == "agents") {
        fields += (fields.empty() ? "" : ",") + k;
      }
    }
    deps_.auth->Audit(who.Actor(), "user_updated", "user:" + name, "fields " + fields,
                      http.remote_address);
    return Get(name);
  }

  HttpResponse Delete(const HttpRequest& http, const Principal& who) const {
    const std::string name(http.PathParam("name"));
    if (who.kind == Principal::Kind::kUser && who.name == name) {
      return StatusResponse(FailedPreconditionError(
          "you cannot delete your own account; sign in as another admin to do it"));
    }
    Status deleted = deps_.auth->store().DeleteUser(name);
    if (!deleted.ok()) return StatusResponse(deleted);
    deps_.auth->Audit(who.Actor(), "user_deleted", "user:" + name, "", http.remote_address);
    return HttpResponse::JsonBody(Json{{"deleted", name}});
  }

  HttpResponse List() const {
    StatusOr<std::vector<UserRecord>> users = deps_.auth->store().ListUsers();
    if (!users.ok()) return StatusResponse(users.status());
    Json out = Json::array();
    for (const UserRecord& u : *users) out.push_back(UserToJson(u));
    return HttpResponse::JsonBody(Json{{"users", std::move(out)}});
  }

  HttpResponse Audit(const HttpRequest& http) const {
    int64_t limit = kDefaultAuditPage;
    int64_t offset = 0;
    for (auto [name, out] : {std::pair{"limit", &limit}, std::pair{"offset", &offset}}) {
      std::optional<std::string> text = http.Query(name);
      if (!text) continue;
      try {
        size_t used = 0;
        *out = std::stoll(*text, &used);
        if (used != text->size()) throw std::invalid_argument(name);
      } catch (const std::exception&) {
        return StatusResponse(InvalidArgumentError("query parameter '" + std::string(name) +
                                                   "' must be an integer, got '" + *text + "'"));
      }
    }
    StatusOr<std::vector<AuditEntry>> entries = deps_.auth->store().ListAudit(limit, offset);
    if (!entries.ok()) return StatusResponse(entries.status());
    Json out = Json::array();
    for (const AuditEntry& e : *entries) out.push_back(AuditToJson(e));
    return HttpResponse::JsonBody(Json{{"entries", std::move(out)}});
  }

 private:
  UsersApiDeps deps_;
};

}  // namespace

HttpResponse StatusResponse(const Status& status, std::chrono::seconds retry_after) {
  HttpResponse response = HttpResponse::FromStatus(status);
  if (status.code() == StatusCode::kResourceExhausted && retry_after.count() > 0) {
    response.headers.Set("Retry-After", std::to_string(retry_after.count()));
  }
  if (status.code() == StatusCode::kUnauthenticated) {
    response.headers.Set("WWW-Authenticate", "Bearer realm=\"askdb\"");
  }
  return response;
}

std::string SessionTokenOf(const HttpRequest& request) {
  if (std::optional<std::string> auth = request.Header("Authorization")) {
    constexpr std::string_view kBearer = "Bearer ";
    if (auth->size() > kBearer.size() && EqualsIgnoreCase(auth->substr(0, 7), kBearer)) {
      std::string token = Trim(std::string_view(*auth).substr(kBearer.size()));
      if (UserAuth::LooksLikeSessionToken(token)) return token;
    }
  }
  if (std::optional<std::string> cookie = request.Header("Cookie")) {
    std::string token = CookieValue(*cookie, kSessionCookieName);
    if (UserAuth::LooksLikeSessionToken(token)) return token;
  }
  return "";
}

Status CheckAgentsExist(const store::ManagementStore& store,
                        const std::vector<std::string>& names) {
  ASKDB_ASSIGN_OR_RETURN(std::vector<store::AgentRecord> agents, store.ListAgents());
  for (const std::string& name : names) {
    bool found = false;
    std::string known;
    for (const store::AgentRecord& a : agents) {
      found = found || a.id == name;
      known += (known.empty() ? "" : ", ") + a.id;
    }
    if (!found) {
      return InvalidArgumentError("there is no agent '" + name + "'; " +
                                  (known.empty() ? "there are no agents yet (askdb serve creates "
                                                   "'default'; add others with /api/v1/agents)"
                                                 : "the agents are: " + known));
    }
  }
  return Status::Ok();
}

Status RegisterUserRoutes(const PrincipalRouteAdder& add, const UsersApiDeps& deps) {
  if (deps.auth == nullptr) return InvalidArgumentError("RegisterUserRoutes needs a UserAuth");
  auto api = std::make_shared<UsersApi>(deps);
  add("POST", "/api/v1/auth/login", RouteAccess::kPublic,
      [api](const HttpRequest& r, const Principal&) { return api->Login(r); });
  add("POST", "/api/v1/auth/logout", RouteAccess::kPublic,
      [api](const HttpRequest& r, const Principal&) { return api->Logout(r); });
  add("GET", "/api/v1/auth/me", RouteAccess::kAuthenticated,
      [](const HttpRequest&, const Principal& who) {
        return HttpResponse::JsonBody(who.ToJson());
      });
  add("GET", "/api/v1/users", RouteAccess::kAdmin,
      [api](const HttpRequest&, const Principal&) { return api->List(); });
  add("POST", "/api/v1/users", RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal& who) { return api->Create(r, who); });
  add("GET", "/api/v1/users/{name}", RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal&) { return api->Get(r.PathParam("name")); });
  add("PUT", "/api/v1/users/{name}", RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal& who) { return api->Update(r, who); });
  add("DELETE", "/api/v1/users/{name}", RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal& who) { return api->Delete(r, who); });
  add("GET", "/api/v1/audit", RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal&) { return api->Audit(r); });
  return Status::Ok();
}

}  // namespace askdb::server::users
