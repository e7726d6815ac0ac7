#include "askdb/server/api/term_scope.h"

#include <memory>
#include <utility>

#include "askdb/agent/ask/datasource.h"
#include "askdb/knowledge/terms/term_store.h"
#include "askdb/server/api/datasource_cache.h"
#include "askdb/server/store/management_store.h"

namespace askdb::server::api {
namespace {

// "agents: default, ag_1" — what the caller may name instead of an unknown id.
template <typename Record>
std::string Existing(const StatusOr<std::vector<Record>>& records, std::string_view kind) {
  if (!records.ok()) return "";
  std::string out = "; " + std::string(kind) + "s: ";
  // askdb serve makes agent and datasource "default" (its --db) on the store it opens.
  if (records->empty()) return out + "none yet (askdb serve creates 'default')";
  for (size_t i = 0; i < records->size(); ++i) out += (i ? ", " : "") + (*records)[i].id;
  return out;
}

}  // namespace

StatusOr<TermOwner> FindTermOwner(const store::ManagementStore& store, bool agent,
                                  std::string_view id) {
  const std::string kind = agent ? "agent" : "datasource";
  if (agent) {
    StatusOr<store::AgentRecord> found = store.GetAgent(id);
    if (found.ok()) return TermOwner{true, "agent:" + std::string(id), found->datasource_id};
    if (found.status().code() != StatusCode::kNotFound) return found.status();
    return NotFoundError("no agent '" + std::string(id) + "'" + Existing(store.ListAgents(), kind));
  }
  StatusOr<store::DatasourceRecord> found = store.GetDatasource(id);
  if (found.ok()) return TermOwner{false, "datasource:" + std::string(id), std::string(id)};
  if (found.status().code() != StatusCode::kNotFound) return found.status();
  return NotFoundError("no datasource '" + std::string(id) + "'" +
                       Existing(store.ListDatasources(), kind));
}

StatusOr<knowledge::BusinessTerm> SaveBoundTerm(knowledge::TermStore& terms,
                                                DatasourceCache& datasources,
                                                const TermOwner& owner,
                                                knowledge::BusinessTerm term) {
  term.scope = owner.scope;
  ASKDB_ASSIGN_OR_RETURN(std::shared_ptr<agent::PreparedDatasource> prepared,
                         datasources.Get(owner.datasource_id));
  ASKDB_RETURN_IF_ERROR(knowledge::ValidateTerm(term, prepared->schema));
  ASKDB_ASSIGN_OR_RETURN(knowledge::BusinessTerm stored,
                         term.id.empty() ? terms.Add(std::move(term)) : terms.Update(term));
  if (!owner.agent) datasources.Invalidate(owner.datasource_id);
  return stored;
}

Status RemoveOwnedTerm(knowledge::TermStore& terms, DatasourceCache& datasources,
                       const TermOwner& owner, std::string_view id) {
  ASKDB_ASSIGN_OR_RETURN(knowledge::BusinessTerm term, terms.Get(id));
  if (term.scope != owner.scope) {
    return NotFoundError(owner.scope + " has no term '" + std::string(id) + "'");
  }
  ASKDB_RETURN_IF_ERROR(terms.Remove(id));
  if (!owner.agent) datasources.Invalidate(owner.datasource_id);
  return Status::Ok();
}

}  // namespace askdb::server::api
