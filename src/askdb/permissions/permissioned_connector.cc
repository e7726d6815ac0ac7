#include "askdb/permissions/permissioned_connector.h"

#include <algorithm>
#include <map>

#include "askdb/common/text.h"
#include "askdb/db/sqlite/sqlite_connector.h"

namespace askdb::permissions {
namespace {

bool AnyHidden(const std::vector<std::string>& columns, const TablePolicy* policy) {
  if (policy == nullptr) return false;
  return std::any_of(columns.begin(), columns.end(), [policy](const std::string& c) {
    auto it = policy->columns.find(text::AsciiLower(c));
    return it != policy->columns.end() && it->second.hidden;
  });
}

// A key into a table the user may not read, or onto a column hidden from them, would name
// what they may not see (describe_schema, the chat's Tables list, a prompt's keys).
bool PointsAtHidden(const db::ForeignKey& fk, const EffectivePolicy& policy) {
  const TablePolicy* target = policy.Find(fk.ref_table);
  return target != nullptr && (!target->refusal.empty() || AnyHidden(fk.ref_columns, target));
}

}  // namespace

db::DatabaseSchema FilterSchema(const db::DatabaseSchema& schema, const EffectivePolicy& policy,
                                const ViewVerdicts* views) {
  if (policy.empty()) return schema;
  db::DatabaseSchema out = schema;
  out.tables.clear();
  for (const db::TableInfo& source : schema.tables) {
    const TablePolicy* table_policy = policy.Find(source.name);
    // Refused views and tables are refused in every statement: the model should not see them.
    if (source.kind == db::TableInfo::Kind::kView) {
      auto verdict = views == nullptr ? ViewVerdicts::const_iterator()
                                      : views->find(text::AsciiLower(source.name));
      if (views == nullptr || verdict == views->end() || !verdict->second.empty()) continue;
    }
    if (table_policy != nullptr && !table_policy->refusal.empty()) continue;
    db::TableInfo table = source;
    if (table_policy == nullptr) {
      std::erase_if(table.foreign_keys,
                    [&policy](const db::ForeignKey& fk) { return PointsAtHidden(fk, policy); });
      out.tables.push_back(std::move(table));
      continue;
    }
    std::erase_if(table.columns,
                  [&](const db::ColumnInfo& c) { return AnyHidden({c.name}, table_policy); });
    for (db::ColumnInfo& column : table.columns) {
      auto it = table_policy->columns.find(text::AsciiLower(column.name));
      if (it != table_policy->columns.end() && it->second.masked) column.sample_values.clear();
    }
    if (AnyHidden(table.primary_key, table_policy)) table.primary_key.clear();
    std::erase_if(table.foreign_keys, [&](const db::ForeignKey& fk) {
      return AnyHidden(fk.columns, table_policy) || PointsAtHidden(fk, policy);
    });
    std::erase_if(table.indexes, [&](const db::IndexInfo& index) {
      return AnyHidden(index.columns, table_policy);
    });
    // The count of all rows would tell how many rows the user may not see.
    if (!table_policy->predicates.empty()) {
      table.row_count.reset();
      table.row_count_is_estimate = false;
      for (db::ColumnInfo& column : table.columns) column.sample_values.clear();
    }
    out.tables.push_back(std::move(table));
  }
  return out;
}

PermissionedConnector::PermissionedConnector(std::shared_ptr<db::Connector> inner,
                                             EffectivePolicy policy,
                                             std::shared_ptr<const db::DatabaseSchema> schema)
    : inner_(std::move(inner)), policy_(std::move(policy)), schema_(std::move(schema)) {
  if (schema_ != nullptr) {
    for (const db::TableInfo& table : schema_->tables) {
      if (table.kind == db::TableInfo::Kind::kView) views_.insert(text::AsciiLower(table.name));
    }
  }
  StatusOr<SqlEngine> engine = EngineFromName(inner_->engine());
  for (auto& [key, table] : policy_.tables) {
    if (!engine.ok()) {
      table.refusal = engine.status().message();
      continue;
    }
    // A predicate the rewrite cannot apply safely on this engine makes its table refused.
    for (const std::string& predicate : table.predicates) {
      Status shape = CheckPredicate(predicate, *engine);
      if (!shape.ok() && table.refusal.empty()) {
        table.refusal = "its row rule cannot be applied: " + shape.message();
      }
    }
    protected_tables_.insert(key);
    for (const auto& [column, column_policy] : table.columns) {
      if (column_policy.hidden) hidden_columns_.insert(key + "." + column);
    }
  }
}

namespace {

// The catalog query that reads every view's definition, per engine: name, definition and
// (PostgreSQL) whether it depends on a function that is not built in — built-in functions
// are pinned and have no pg_depend rows, so any pg_proc dependency is a user's function.
constexpr char kSqliteViews[] = "SELECT name, sql, 0 FROM sqlite_master WHERE type = 'view'";
constexpr char kPostgresViews[] =
    "SELECT c.relname, pg_get_viewdef(c.oid), CASE WHEN EXISTS (SELECT 1 FROM pg_depend d "
    "JOIN pg_rewrite r ON r.oid = d.objid WHERE r.ev_class = c.oid AND d.classid = "
    "'pg_rewrite'::regclass AND d.refclassid = 'pg_proc'::regclass) THEN 1 ELSE 0 END FROM "
    "pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('v', 'm') "
    "AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_%'";
constexpr char kMysqlViews[] =
    "SELECT TABLE_NAME, VIEW_DEFINITION, 0 FROM information_schema.VIEWS WHERE TABLE_SCHEMA = "
    "DATABASE()";

}  // namespace

const ViewVerdicts& PermissionedConnector::Views() const {
  std::call_once(views_judged_, [this] {
    StatusOr<SqlEngine> engine = EngineFromName(inner_->engine());
    if (views_.empty() || policy_.empty() || schema_ == nullptr || !engine.ok()) return;
    const char* query = *engine == SqlEngine::kSqlite     ? kSqliteViews
                        : *engine == SqlEngine::kPostgres ? kPostgresViews
                                                          : kMysqlViews;
    db::QueryOptions options;
    options.internal = true;  // a fixed catalog query, never a person's text
    StatusOr<db::ResultSet> rows = inner_->Execute(query, options);
    std::map<std::string, ViewDefinition> definitions;
    if (rows.ok()) {
      for (const auto& row : rows->rows) {
        if (row.size() < 3 || row[0].is_null()) continue;
        ViewDefinition& def = definitions[text::AsciiLower(row[0].ToDisplayString())];
        def.sql = row[1].is_null() ? "" : row[1].ToDisplayString();
        def.calls_user_functions = row[2].ToDisplayString() == "1";
      }
    }
    view_verdicts_ = JudgeViews(definitions, *engine, policy_, *schema_);
    if (!rows.ok()) {
      for (auto& [view, verdict] : view_verdicts_) {
        verdict = "askdb could not read the views' definitions: " + rows.status().message();
      }
    }
  });
  return view_verdicts_;
}

StatusOr<std::string> PermissionedConnector::Rewrite(std::string_view sql) const {
  if (policy_.empty()) return std::string(sql);
  ASKDB_ASSIGN_OR_RETURN(SqlEngine engine, EngineFromName(inner_->engine()));
  if (schema_ == nullptr) {
    return PermissionDeniedError(
        "refused under your data permissions: askdb has no catalog of this datasource to "
        "apply them with");
  }
  const ViewVerdicts* views = views_.empty() ? nullptr : &Views();
  ASKDB_ASSIGN_OR_RETURN(RewriteResult result,
                         RewriteStatement(sql, engine, policy_, *schema_, views));
  return std::move(result.sql);
}

namespace {

// The engine's binding error for a hidden column says "no such column"; say why.
Status Explain(Status status) {
  if (status.code() == StatusCode::kSqlError || status.code() == StatusCode::kInvalidArgument) {
    return Status(
        status.code(),
        status.message() + " (under your data permissions, hidden columns do not exist for you)");
  }
  return status;
}

}  // namespace

StatusOr<db::ResultSet> PermissionedConnector::Execute(std::string_view sql,
                                                       const db::QueryOptions& options) {
  // askdb's own fixed catalog queries (options.internal) never carry a person's text.
  if (policy_.empty() || options.internal) return inner_->Execute(sql, options);
  ASKDB_ASSIGN_OR_RETURN(std::string rewritten, Rewrite(sql));
  if (auto* sqlite = dynamic_cast<db::SqliteConnector*>(inner_.get())) {
    db::SqliteReadPolicy read{hidden_columns_, protected_tables_, views_};
    StatusOr<db::ResultSet> result = sqlite->ExecuteUnder(rewritten, options, read);
    if (!result.ok()) return Explain(result.status());
    return result;
  }
  StatusOr<db::ResultSet> result = inner_->Execute(rewritten, options);
  if (!result.ok()) return Explain(result.status());
  return result;
}

Status PermissionedConnector::Check(std::string_view sql, const db::QueryOptions& options) {
  if (policy_.empty() || options.internal) return inner_->Check(sql, options);
  ASKDB_ASSIGN_OR_RETURN(std::string rewritten, Rewrite(sql));
  if (auto* sqlite = dynamic_cast<db::SqliteConnector*>(inner_.get())) {
    db::SqliteReadPolicy read{hidden_columns_, protected_tables_, views_};
    return Explain(sqlite->CheckUnder(rewritten, options, read));
  }
  return Explain(inner_->Check(rewritten, options));
}

StatusOr<db::DatabaseSchema> PermissionedConnector::Introspect(
    const db::IntrospectOptions& options) {
  ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, inner_->Introspect(options));
  return FilterSchema(schema, policy_, &Views());
}

}  // namespace askdb::permissions
