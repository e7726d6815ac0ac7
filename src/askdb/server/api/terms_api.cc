#include "askdb/server/api/terms_api.h"

#include <memory>
#include <utility>

#include "askdb/knowledge/terms/term_store.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/api/term_scope.h"
#include "askdb/server/json_request.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/sql_management_store.h"

namespace askdb::server::api {
namespace {

using knowledge::BusinessTerm;
using Owner = TermOwner;

class TermsApi {
 public:
  TermsApi(TermRouteDeps deps, bool agent) : deps_(deps), agent_(agent) {}

  StatusOr<Json> List(const HttpRequest& r) const {
    ASKDB_ASSIGN_OR_RETURN(Owner owner, OwnerOf(r));
    ASKDB_ASSIGN_OR_RETURN(std::vector<BusinessTerm> terms, deps_.terms->List(owner.scope));
    Json out = Json::array();
    for (const BusinessTerm& t : terms) out.push_back(knowledge::TermToJson(t));
    return Json{{"terms", std::move(out)}};
  }

  StatusOr<Json> Get(const HttpRequest& r) const {
    ASKDB_ASSIGN_OR_RETURN(Owner owner, OwnerOf(r));
    ASKDB_ASSIGN_OR_RETURN(BusinessTerm term, Owned(r, owner));
    return knowledge::TermToJson(term);
  }

  // POST (no term id in the path) and PUT: checked against the catalog before it is stored.
  StatusOr<Json> Put(const HttpRequest& r) const {
    ASKDB_ASSIGN_OR_RETURN(Owner owner, OwnerOf(r));
    const std::string id(r.PathParam("tid"));
    if (!id.empty()) {
      ASKDB_RETURN_IF_ERROR(Owned(r, owner).status());
    }
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r));
    if (!body.is_object()) return InvalidArgumentError("the body must be a term object");
    // The path names the term and its scope; the body may not move it elsewhere.
    for (const char* k : {"id", "scope", "created_at_ms", "updated_at_ms"}) body.erase(k);
    ASKDB_ASSIGN_OR_RETURN(BusinessTerm term, knowledge::TermFromJson(body));
    term.id = id;
    ASKDB_ASSIGN_OR_RETURN(BusinessTerm stored,
                           SaveBoundTerm(*deps_.terms, *deps_.datasources, owner, std::move(term)));
    return knowledge::TermToJson(stored);
  }

  StatusOr<Json> Recall(const HttpRequest& r) const {
    ASKDB_ASSIGN_OR_RETURN(Owner owner, OwnerOf(r));
    ASKDB_ASSIGN_OR_RETURN(BusinessTerm term, Owned(r, owner));
    ASKDB_ASSIGN_OR_RETURN(Json body, ParseJsonBody(r, {"is_recall"}));
    if (!body.is_object() || !body.contains("is_recall") || !body["is_recall"].is_boolean()) {
      return InvalidArgumentError("the body must be {\"is_recall\": true|false}");
    }
    ASKDB_RETURN_IF_ERROR(deps_.terms->SetRecall(term.id, body["is_recall"].get<bool>()));
    Changed(owner);
    ASKDB_ASSIGN_OR_RETURN(term, deps_.terms->Get(term.id));
    return knowledge::TermToJson(term);
  }

  StatusOr<Json> Delete(const HttpRequest& r) const {
    ASKDB_ASSIGN_OR_RETURN(Owner owner, OwnerOf(r));
    const std::string id(r.PathParam("tid"));
    ASKDB_RETURN_IF_ERROR(RemoveOwnedTerm(*deps_.terms, *deps_.datasources, owner, id));
    return Json{{"deleted", id}};
  }

 private:
  StatusOr<Owner> OwnerOf(const HttpRequest& r) const {
    return FindTermOwner(*deps_.store, agent_, r.PathParam("id"));
  }

  // The term of the path, which must belong to the path's scope (NotFound otherwise).
  StatusOr<BusinessTerm> Owned(const HttpRequest& r, const Owner& owner) const {
    const std::string id(r.PathParam("tid"));
    ASKDB_ASSIGN_OR_RETURN(BusinessTerm term, deps_.terms->Get(id));
    if (term.scope != owner.scope) {
      return NotFoundError(owner.scope + " has no term '" + id + "'");
    }
    return term;
  }

  // The engine reads a datasource's terms when it is prepared: prepare it again.
  void Changed(const Owner& owner) const {
    if (!owner.agent) deps_.datasources->Invalidate(owner.datasource_id);
  }

  TermRouteDeps deps_;
  bool agent_;
};

Handler JsonRoute(std::shared_ptr<const TermsApi> api,
                  StatusOr<Json> (TermsApi::*method)(const HttpRequest&) const, int success) {
  return [api = std::move(api), method, success](const HttpRequest& r) {
    StatusOr<Json> body = ((*api).*method)(r);
    if (!body.ok()) return HttpResponse::FromStatus(body.status());
    return HttpResponse::JsonBody(*body, success);
  };
}

}  // namespace

Status RegisterTermRoutes(const AdminRouteAdder& add, const TermRouteDeps& deps) {
  if (deps.terms == nullptr || deps.store == nullptr || deps.datasources == nullptr) {
    return InvalidArgumentError("the term routes need a term store, a store and datasources");
  }
  for (const bool agent : {false, true}) {
    auto api = std::make_shared<const TermsApi>(deps, agent);
    const std::string base =
        std::string(agent ? "/api/v1/agents" : "/api/v1/datasources") + "/{id}/terms";
    const std::string one = base + "/{tid}";
    add("GET", base, JsonRoute(api, &TermsApi::List, 200));
    add("POST", base, JsonRoute(api, &TermsApi::Put, 201));
    add("GET", one, JsonRoute(api, &TermsApi::Get, 200));
    add("PUT", one, JsonRoute(api, &TermsApi::Put, 200));
    add("DELETE", one, JsonRoute(api, &TermsApi::Delete, 200));
    add("POST", one + "/recall", JsonRoute(api, &TermsApi::Recall, 200));
  }
  return Status::Ok();
}

knowledge::TermProvider StoreTermProvider(const knowledge::TermStore& terms) {
  return [&terms](const knowledge::EvidenceQuery& query) -> StatusOr<std::vector<BusinessTerm>> {
    std::vector<BusinessTerm> out;
    for (const auto& [kind, id] :
         {std::pair<std::string_view, const std::string&>{"agent:", query.agent_id},
          {"datasource:", query.datasource_id}}) {
      if (id.empty()) continue;
      ASKDB_ASSIGN_OR_RETURN(std::vector<BusinessTerm> scoped, terms.List(std::string(kind) + id));
      out.insert(out.end(), scoped.begin(), scoped.end());
    }
    return out;
  };
}

StatusOr<std::unique_ptr<knowledge::TermStore>> OpenDatasourceTerms(store::ManagementStore& store,
                                                                    DatasourceCache& datasources) {
  auto* sql = dynamic_cast<store::SqlManagementStore*>(&store);
  if (sql == nullptr) {
    return FailedPreconditionError("business terms need the SQLite or PostgreSQL management store");
  }
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<knowledge::TermStore> terms,
                         knowledge::TermStore::Open(*sql));
  knowledge::TermStore* borrowed = terms.get();
  datasources.SetTermLoader(
      [borrowed](std::string_view id) { return borrowed->List("datasource:" + std::string(id)); });
  ASKDB_ASSIGN_OR_RETURN(std::vector<BusinessTerm> stored,
                         terms->List("datasource:" + std::string(store::kDefaultDatasourceId)));
  if (!stored.empty()) datasources.Invalidate(store::kDefaultDatasourceId);
  return terms;
}

}  // namespace askdb::server::api
