// The business-term routes (issue 15 items 1 and 6), registered with the management routes
// (editors and admins: ManagementAccess in api_server.cc). A term belongs to a datasource or
// to an agent (then it is checked against the agent's datasource):
//
//   /api/v1/{datasources|agents}/{id}/terms                GET list, POST create
//   /api/v1/{datasources|agents}/{id}/terms/{tid}          GET, PUT (the whole term), DELETE
//   /api/v1/{datasources|agents}/{id}/terms/{tid}/recall   POST {"is_recall": bool}
//
// The body is a term's JSON form (knowledge/terms/business_term.h). Every create and update
// binds the definition to the datasource's catalog first (knowledge::ValidateTerm): a 400
// names what does not bind and nothing is stored; a word another term of the scope uses is a
// 409. A change to a datasource's terms drops its prepared datasource (DatasourceCache::
// Invalidate), so the next question is answered with them and under a new answer-cache
// fingerprint. Thread-safe (TermStore and DatasourceCache are).
#pragma once

#include <memory>

#include "askdb/knowledge/terms/term_evidence.h"
#include "askdb/server/api/management_api.h"

namespace askdb::knowledge {
class TermStore;
}  // namespace askdb::knowledge

namespace askdb::server::api {

struct TermRouteDeps {
  knowledge::TermStore* terms = nullptr;    // required
  store::ManagementStore* store = nullptr;  // required (an agent's datasource)
  DatasourceCache* datasources = nullptr;   // required (the catalog, invalidation)
};

// Borrows what `deps` points at; it must outlive the server.
Status RegisterTermRoutes(const AdminRouteAdder& add, const TermRouteDeps& deps);

// Opens the term store on the management database (SQLite or PostgreSQL) and makes
// `datasources` prepare each datasource with its "datasource:<id>" terms; a datasource
// already prepared (the pinned serve --db one) is dropped when it has stored terms, so the
// next question reads them. Both must outlive the returned store's use by the cache.
StatusOr<std::unique_ptr<knowledge::TermStore>> OpenDatasourceTerms(store::ManagementStore& store,
                                                                    DatasourceCache& datasources);

// The terms of an evidence query's agent and datasource ("agent:<id>", "datasource:<id>"),
// read from the store at each recall, so an edit (by this or another process) counts from
// the next question. For TermEvidenceSource in askdb serve's runs.
knowledge::TermProvider StoreTermProvider(const knowledge::TermStore& terms);

}  // namespace askdb::server::api
