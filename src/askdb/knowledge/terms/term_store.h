// TermStore: business terms per agent or datasource in the management database, its own
// table beside the management store's, on the same connection (SqlManagementStore::ReadWith
// / WriteWith) — the SQLite file of the data directory, or for several server processes the
// PostgreSQL of server.store_url, where each process reads what another wrote.
//
//   business_terms(id PK, scope, term, body, is_recall, created_at_ms, updated_at_ms)
//   body: the term's JSON (business_term.h TermToJson).
//
// Every write checks, inside its transaction, that no other term of the same scope uses one
// of its words (CheckNoClash), so an add is all or nothing. The catalog check
// (ValidateTerm) needs the datasource's schema and is the caller's, before Add/Update.
// Thread-safe (the management store's lock).
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"
#include "askdb/knowledge/terms/business_term.h"

namespace askdb::server::store {
class SqlManagementStore;
}

namespace askdb::knowledge {

class TermStore {
 public:
  // Creates the table when missing. `db` is borrowed and must outlive the store.
  static StatusOr<std::unique_ptr<TermStore>> Open(server::store::SqlManagementStore& db);

  // Stores a new term (id "term_..." assigned, times set). InvalidArgument for a bad scope or
  // an empty name; AlreadyExists when a word is taken in its scope.
  StatusOr<BusinessTerm> Add(BusinessTerm term);
  // Replaces a term's fields (not its id, scope or creation time). NotFound when missing.
  StatusOr<BusinessTerm> Update(const BusinessTerm& term);
  Status SetRecall(std::string_view id, bool is_recall);
  Status Remove(std::string_view id);  // NotFound when missing

  StatusOr<BusinessTerm> Get(std::string_view id) const;
  // The terms of `scope` ("" = every scope), by name.
  StatusOr<std::vector<BusinessTerm>> List(std::string_view scope) const;

 private:
  explicit TermStore(server::store::SqlManagementStore& db) : db_(db) {}
  server::store::SqlManagementStore& db_;
};

}  // namespace askdb::knowledge
