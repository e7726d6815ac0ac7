// What the HTTP term routes (terms_api.h) and `askdb kb term --agent/--datasource` share:
// who owns a term scope, and saving a term only once it binds to the owner's catalog.
//
// A scope is "agent:<id>" (checked against the agent's datasource) or "datasource:<id>".
// An unknown owner is NotFound naming the ids that exist, so a caller can pick one.
#pragma once

#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/knowledge/terms/business_term.h"

namespace askdb::knowledge {
class TermStore;
}  // namespace askdb::knowledge
namespace askdb::server::store {
class ManagementStore;
}  // namespace askdb::server::store

namespace askdb::server::api {

class DatasourceCache;

struct TermOwner {
  bool agent = false;
  std::string scope;          // "agent:<id>" or "datasource:<id>"
  std::string datasource_id;  // the catalog its terms bind to
};

StatusOr<TermOwner> FindTermOwner(const store::ManagementStore& store, bool agent,
                                  std::string_view id);

// Binds `term` to the owner's datasource catalog (knowledge::ValidateTerm: InvalidArgument
// naming what does not bind, nothing stored), then adds it (empty id) or updates it, in the
// owner's scope. A datasource's prepared engine is dropped so the next question reads it.
StatusOr<knowledge::BusinessTerm> SaveBoundTerm(knowledge::TermStore& terms,
                                                DatasourceCache& datasources,
                                                const TermOwner& owner,
                                                knowledge::BusinessTerm term);

// Removes a term of the owner's scope (NotFound when it has no such id).
Status RemoveOwnedTerm(knowledge::TermStore& terms, DatasourceCache& datasources,
                       const TermOwner& owner, std::string_view id);

}  // namespace askdb::server::api
