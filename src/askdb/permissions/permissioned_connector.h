// PermissionedConnector: a db::Connector for one user, wrapping the datasource's connector.
// Every Execute and Check is rewritten for the user's EffectivePolicy (rewrite.h) before the
// engine sees it; what cannot be rewritten is refused, never run unfiltered. On SQLite the
// statement also runs under a read policy (SqliteConnector::ExecuteUnder): the connector's
// authorizer refuses any read of a hidden column and any read of a protected table through one
// of the catalog's views, as a second check under the rewrite. Introspect
// returns the schema with hidden columns removed and sample values of hidden and masked
// columns dropped (FilterSchema), so prompts and schema recall never show them.
//
// With an empty policy (no rules for the user, or an admin) every call passes through
// unchanged.
//
// Thread-safety: as the wrapped connector; the policy and schema are immutable.
#pragma once

#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "askdb/db/connector.h"
#include "askdb/permissions/rewrite.h"
#include "askdb/permissions/rules.h"

namespace askdb::permissions {

// `schema` as the user may see it: hidden columns removed (with the keys and indexes that
// use them), refused tables and views removed (but the views `views` clears: they read no
// protected table), sample values of masked columns and of row-filtered tables dropped, and
// row counts of row-filtered tables unknown.
db::DatabaseSchema FilterSchema(const db::DatabaseSchema& schema, const EffectivePolicy& policy,
                                const ViewVerdicts* views = nullptr);

class PermissionedConnector final : public db::Connector {
 public:
  // `inner` is shared (one datasource connection serves every user); `schema` is its catalog
  // (the subquery lists a protected table's columns from it).
  PermissionedConnector(std::shared_ptr<db::Connector> inner, EffectivePolicy policy,
                        std::shared_ptr<const db::DatabaseSchema> schema);

  std::string_view engine() const override { return inner_->engine(); }
  const db::Dialect& dialect() const override { return inner_->dialect(); }
  std::string display_name() const override { return inner_->display_name(); }
  StatusOr<db::ResultSet> Execute(std::string_view sql, const db::QueryOptions& options) override;
  Status Check(std::string_view sql, const db::QueryOptions& options) override;
  StatusOr<db::DatabaseSchema> Introspect(const db::IntrospectOptions& options) override;
  void Cancel() override { inner_->Cancel(); }

  const EffectivePolicy& policy() const { return policy_; }
  // Which of the catalog's views this user may use as they are (JudgeViews over the
  // definitions read from the engine on first use, by an internal catalog query; when they
  // cannot be read, every view is refused, saying so).
  const ViewVerdicts& Views() const;
  // The statement as it would run for this user (for logs and tests).
  StatusOr<std::string> Rewrite(std::string_view sql) const;

 private:
  std::shared_ptr<db::Connector> inner_;
  EffectivePolicy policy_;
  std::shared_ptr<const db::DatabaseSchema> schema_;
  std::set<std::string> hidden_columns_;    // "table.column", lower case
  std::set<std::string> protected_tables_;  // lower case
  std::set<std::string> views_;             // the catalog's views, lower case
  mutable std::once_flag views_judged_;
  mutable ViewVerdicts view_verdicts_;
};

}  // namespace askdb::permissions
