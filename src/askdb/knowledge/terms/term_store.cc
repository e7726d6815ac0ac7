#include "askdb/knowledge/terms/term_store.h"

#include <algorithm>
#include <chrono>

#include "askdb/knowledge/knowledge_store.h"
#include "askdb/server/store/management_store.h"
#include "askdb/server/store/sql_management_store.h"

namespace askdb::knowledge {
namespace {

using server::store::SqlStatement;
using PrepareFn = server::store::SqlManagementStore::PrepareFn;

// One DDL both SQLite and PostgreSQL accept.
constexpr const char* kCreate[] = {
    "CREATE TABLE IF NOT EXISTS business_terms ("
    " id TEXT PRIMARY KEY, scope TEXT NOT NULL, term TEXT NOT NULL, body TEXT NOT NULL,"
    " is_recall BIGINT NOT NULL, created_at_ms BIGINT NOT NULL, updated_at_ms BIGINT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS business_terms_scope ON business_terms(scope)",
};

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Status Run(const PrepareFn& prepare, const char* sql, std::string_view what,
           const std::function<void(SqlStatement&)>& bind = {}) {
  std::unique_ptr<SqlStatement> s = prepare(sql);
  ASKDB_RETURN_IF_ERROR(s->prepared());
  if (bind) bind(*s);
  return s->Run(what);
}

StatusOr<std::vector<BusinessTerm>> Read(const PrepareFn& prepare, const char* sql,
                                         std::string_view param) {
  std::unique_ptr<SqlStatement> s = prepare(sql);
  ASKDB_RETURN_IF_ERROR(s->prepared());
  if (!param.empty()) s->Text(param);
  std::vector<BusinessTerm> out;
  for (;;) {
    const SqlStatement::StepResult r = s->Step();
    if (r == SqlStatement::StepResult::kDone) break;
    if (r == SqlStatement::StepResult::kError) return s->StepError("reading business terms");
    StatusOr<Json> body = ParseJson(s->ColText(3));
    if (!body.ok()) return body.status().WithContext("business term " + s->ColText(0));
    ASKDB_ASSIGN_OR_RETURN(BusinessTerm t, TermFromJson(*body));
    t.id = s->ColText(0);
    t.scope = s->ColText(1);
    t.is_recall = s->ColInt(4) != 0;
    t.created_at_ms = s->ColInt(5);
    t.updated_at_ms = s->ColInt(6);
    out.push_back(std::move(t));
  }
  return out;
}

constexpr const char* kSelect =
    "SELECT id, scope, term, body, is_recall, created_at_ms, updated_at_ms FROM business_terms";

// The term's words against the other terms of its scope, inside the write.
Status CheckScope(const PrepareFn& prepare, const BusinessTerm& t) {
  ASKDB_ASSIGN_OR_RETURN(
      std::vector<BusinessTerm> others,
      Read(prepare, (std::string(kSelect) + " WHERE scope = ?").c_str(), t.scope));
  std::erase_if(others, [&](const BusinessTerm& o) { return o.id == t.id; });
  for (const BusinessTerm& o : others) {
    if (o.term == t.term) {
      return AlreadyExistsError("term '" + t.term + "' already exists in " + t.scope + " (id " +
                                o.id + "); edit it instead");
    }
  }
  others.push_back(t);
  return CheckNoClash(others);
}

Status Write(const PrepareFn& prepare, const BusinessTerm& t, bool insert) {
  Json body = TermToJson(t);
  for (const char* k : {"id", "scope", "is_recall", "created_at_ms", "updated_at_ms"})
    body.erase(k);
  const char* sql = insert ? "INSERT INTO business_terms(scope, term, body, is_recall, "
                             "created_at_ms, updated_at_ms, id) VALUES (?,?,?,?,?,?,?)"
                           : "UPDATE business_terms SET scope = ?, term = ?, body = ?, "
                             "is_recall = ?, created_at_ms = ?, updated_at_ms = ? WHERE id = ?";
  return Run(prepare, sql, "writing a business term", [&](SqlStatement& s) {
    s.Text(t.scope)
        .Text(t.term)
        .Text(body.dump())
        .Int(t.is_recall ? 1 : 0)
        .Int(t.created_at_ms)
        .Int(t.updated_at_ms)
        .Text(t.id);
  });
}

}  // namespace

StatusOr<std::unique_ptr<TermStore>> TermStore::Open(server::store::SqlManagementStore& db) {
  ASKDB_RETURN_IF_ERROR(db.CreateTablesWith([](const PrepareFn& prepare) {
    for (const char* sql : kCreate) {
      ASKDB_RETURN_IF_ERROR(Run(prepare, sql, "creating the business_terms table"));
    }
    return Status::Ok();
  }));
  return std::unique_ptr<TermStore>(new TermStore(db));
}

StatusOr<BusinessTerm> TermStore::Add(BusinessTerm t) {
  ASKDB_RETURN_IF_ERROR(ValidateScope(t.scope));
  if (t.term.find_first_not_of(" \t\r\n") == std::string::npos) {
    return InvalidArgumentError("a term needs a name (term)");
  }
  t.id = server::store::NewRecordId("term");
  t.created_at_ms = t.updated_at_ms = NowMs();
  ASKDB_RETURN_IF_ERROR(db_.WriteWith([&](const PrepareFn& prepare) {
    ASKDB_RETURN_IF_ERROR(CheckScope(prepare, t));
    return Write(prepare, t, /*insert=*/true);
  }));
  return t;
}

StatusOr<BusinessTerm> TermStore::Update(const BusinessTerm& term) {
  ASKDB_ASSIGN_OR_RETURN(BusinessTerm old, Get(term.id));
  BusinessTerm t = term;
  t.scope = old.scope;
  t.created_at_ms = old.created_at_ms;
  t.updated_at_ms = NowMs();
  ASKDB_RETURN_IF_ERROR(db_.WriteWith([&](const PrepareFn& prepare) {
    ASKDB_RETURN_IF_ERROR(CheckScope(prepare, t));
    return Write(prepare, t, /*insert=*/false);
  }));
  return t;
}

Status TermStore::SetRecall(std::string_view id, bool is_recall) {
  ASKDB_ASSIGN_OR_RETURN(BusinessTerm t, Get(id));
  t.is_recall = is_recall;
  return Update(t).status();
}

Status TermStore::Remove(std::string_view id) {
  ASKDB_RETURN_IF_ERROR(Get(id).status());
  return db_.WriteWith([&](const PrepareFn& prepare) {
    return Run(prepare, "DELETE FROM business_terms WHERE id = ?", "removing a business term",
               [&](SqlStatement& s) { s.Text(id); });
  });
}

StatusOr<BusinessTerm> TermStore::Get(std::string_view id) const {
  std::vector<BusinessTerm> found;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    ASKDB_ASSIGN_OR_RETURN(found, Read(prepare, (std::string(kSelect) + " WHERE id = ?").c_str(),
                                       id.empty() ? std::string_view("\x01") : id));
    return Status::Ok();
  }));
  if (found.empty()) {
    return NotFoundError("no business term '" + std::string(id) + "'; list them to find its id");
  }
  return found.front();
}

StatusOr<std::vector<BusinessTerm>> TermStore::List(std::string_view scope) const {
  std::vector<BusinessTerm> out;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    const std::string sql =
        std::string(kSelect) + (scope.empty() ? "" : " WHERE scope = ?") + " ORDER BY scope, term";
    ASKDB_ASSIGN_OR_RETURN(out, Read(prepare, sql.c_str(), scope));
    return Status::Ok();
  }));
  return out;
}

}  // namespace askdb::knowledge
