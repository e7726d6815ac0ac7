#include "askdb/server/api/permissions_api.h"

#include <memory>
#include <string_view>
#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/permissions/permission_store.h"
#include "askdb/permissions/rules.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/json_request.h"
#include "askdb/server/users/user_auth.h"

namespace askdb::server::api {
namespace {

// The fields a rule's body may hold: what RuleFromJson reads. The path's datasource and rule
// id win over a body's (a rule read with GET can be sent back as it is).
constexpr std::string_view kRuleFields[] = {"id",   "datasource_id", "grantee_kind", "grantee",
                                            "kind", "table",         "predicate",    "column",
                                            "mask", "mask_text",     "keep_first",   "keep_last",
                                            "note", "created_ms",    "updated_ms"};

using users::Principal;
using users::StatusResponse;

class PermissionsApi {
 public:
  explicit PermissionsApi(PermissionsApiDeps deps) : deps_(deps) {}

  HttpResponse List(const HttpRequest& http) const {
    StatusOr<std::vector<permissions::PermissionRule>> rules =
        deps_.rules->List(http.PathParam("id"));
    if (!rules.ok()) return StatusResponse(rules.status());
    Json out = Json::array();
    for (const auto& r : *rules) out.push_back(permissions::RuleToJson(r));
    return HttpResponse::JsonBody(Json{{"rules", std::move(out)}});
  }

  HttpResponse Get(const HttpRequest& http) const {
    StatusOr<permissions::PermissionRule> rule = Owned(http);
    if (!rule.ok()) return StatusResponse(rule.status());
    return HttpResponse::JsonBody(permissions::RuleToJson(*rule));
  }

  // POST (no rule id in the path) and PUT.
  HttpResponse Put(const HttpRequest& http, const Principal& who) const {
    const std::string datasource(http.PathParam("id"));
    const std::string rule_id(http.PathParam("rid"));
    if (!rule_id.empty()) {
      StatusOr<permissions::PermissionRule> existing = Owned(http);
      if (!existing.ok()) return StatusResponse(existing.status());
    }
    StatusOr<Json> body = ParseJsonBody(http, kRuleFields);
    if (!body.ok()) return StatusResponse(body.status());
    (*body)["datasource_id"] = datasource;
    if (!rule_id.empty()) (*body)["id"] = rule_id;
    StatusOr<permissions::PermissionRule> rule = permissions::RuleFromJson(*body);
    if (!rule.ok()) return StatusResponse(rule.status());
    Status grantee = users::CheckRuleGrantee(
        deps_.audit->store(), rule->grantee_kind == permissions::GranteeKind::kUser, rule->grantee);
    if (!grantee.ok()) return StatusResponse(grantee);
    StatusOr<std::shared_ptr<agent::PreparedDatasource>> prepared =
        deps_.datasources->Get(datasource);
    if (!prepared.ok()) return StatusResponse(prepared.status());
    Status valid = permissions::ValidateRule(*rule, (*prepared)->schema);
    if (!valid.ok()) return StatusResponse(valid);
    permissions::SpellColumnAsCatalog(*rule, (*prepared)->schema);
    StatusOr<permissions::PermissionRule> stored = deps_.rules->Put(*rule);
    if (!stored.ok()) return StatusResponse(stored.status());
    deps_.audit->Audit(who.Actor(), rule_id.empty() ? "permission_created" : "permission_updated",
                       "datasource:" + datasource + "/rule:" + stored->id,
                       permissions::RuleToJson(*stored).dump(), http.remote_address);
    return HttpResponse::JsonBody(permissions::RuleToJson(*stored), rule_id.empty() ? 201 : 200);
  }

  HttpResponse Delete(const HttpRequest& http, const Principal& who) const {
    StatusOr<permissions::PermissionRule> rule = Owned(http);
    if (!rule.ok()) return StatusResponse(rule.status());
    Status deleted = deps_.rules->Delete(rule->id);
    if (!deleted.ok()) return StatusResponse(deleted);
    deps_.audit->Audit(who.Actor(), "permission_deleted",
                       "datasource:" + rule->datasource_id + "/rule:" + rule->id,
                       permissions::RuleToJson(*rule).dump(), http.remote_address);
    return HttpResponse::JsonBody(Json{{"deleted", rule->id}});
  }

 private:
  // The rule of the path, which must belong to the path's datasource (NotFound otherwise).
  StatusOr<permissions::PermissionRule> Owned(const HttpRequest& http) const {
    const std::string rule_id(http.PathParam("rid"));
    ASKDB_ASSIGN_OR_RETURN(permissions::PermissionRule rule, deps_.rules->Get(rule_id));
    if (rule.datasource_id != http.PathParam("id")) {
      return NotFoundError("datasource '" + std::string(http.PathParam("id")) + "' has no rule '" +
                           rule_id + "'");
    }
    return rule;
  }

  PermissionsApiDeps deps_;
};

}  // namespace

Status RegisterPermissionRoutes(const users::PrincipalRouteAdder& add,
                                const PermissionsApiDeps& deps) {
  if (deps.rules == nullptr || deps.datasources == nullptr || deps.audit == nullptr) {
    return InvalidArgumentError("RegisterPermissionRoutes needs rules, datasources and audit");
  }
  auto api = std::make_shared<PermissionsApi>(deps);
  constexpr std::string_view kList = "/api/v1/datasources/{id}/permissions";
  constexpr std::string_view kOne = "/api/v1/datasources/{id}/permissions/{rid}";
  using users::RouteAccess;
  add("GET", kList, RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal&) { return api->List(r); });
  add("POST", kList, RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal& who) { return api->Put(r, who); });
  add("GET", kOne, RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal&) { return api->Get(r); });
  add("PUT", kOne, RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal& who) { return api->Put(r, who); });
  add("DELETE", kOne, RouteAccess::kAdmin,
      [api](const HttpRequest& r, const Principal& who) { return api->Delete(r, who); });
  return Status::Ok();
}

}  // namespace askdb::server::api
