#include "askdb/agent/ask/user_datasource.h"

#include "askdb/common/text.h"
#include "askdb/knowledge/terms/term_file.h"
#include "askdb/nlq/schema_index.h"
#include "askdb/permissions/permissioned_connector.h"

namespace askdb::agent {
namespace {

// Hidden columns switched off, value labels of masked columns dropped, tables the user
// cannot read switched off, relations over hidden columns removed.
catalog::SemanticModel FilterModel(catalog::SemanticModel model,
                                   const permissions::EffectivePolicy& policy) {
  auto hidden = [&policy](std::string_view table, std::string_view column) {
    const permissions::TablePolicy* t = policy.Find(table);
    if (t == nullptr) return false;
    auto it = t->columns.find(text::AsciiLower(column));
    return it != t->columns.end() && it->second.hidden;
  };
  for (catalog::TableSemantics& table : model.tables) {
    const permissions::TablePolicy* t = policy.Find(table.name);
    if (t == nullptr) continue;
    if (!t->refusal.empty()) table.enabled = false;
    for (catalog::ColumnSemantics& column : table.columns) {
      auto it = t->columns.find(text::AsciiLower(column.name));
      if (it == t->columns.end()) continue;
      if (it->second.hidden) column.enabled = false;
      column.values.clear();
    }
  }
  std::erase_if(model.relations, [&hidden](const catalog::LogicalRelation& r) {
    return hidden(r.from_table, r.from_column) || hidden(r.to_table, r.to_column);
  });
  return model;
}

}  // namespace

StatusOr<std::shared_ptr<PreparedDatasource>> PrepareForUser(
    std::shared_ptr<PreparedDatasource> base, const permissions::EffectivePolicy& policy) {
  if (policy.empty() || base == nullptr) return base;
  auto ds = std::make_shared<PreparedDatasource>();
  // Shares ownership of `base`: the user's connector wraps base's connection.
  std::shared_ptr<db::Connector> inner(base, base->connector.get());
  ds->connector = std::make_unique<permissions::PermissionedConnector>(
      inner, policy, std::make_shared<const db::DatabaseSchema>(base->schema));
  ds->schema = permissions::FilterSchema(base->schema, policy);
  if (base->model) ds->model = FilterModel(*base->model, policy);
  ds->model_path = base->model_path;
  ds->terms = base->terms;
  ds->terms_path = base->terms_path;
  // Statistics through the user's connector: only values of rows they may read.
  ASKDB_ASSIGN_OR_RETURN(nlq::ColumnStatsMap stats,
                         nlq::CollectColumnStats(*ds->connector, ds->schema));
  ds->index = std::make_unique<nlq::SchemaIndex>(
      nlq::SchemaIndex::Build(ds->schema, ds->model ? &*ds->model : nullptr, stats));
  if (!ds->terms.empty()) {
    std::vector<std::string> errors;
    ds->index->AddBusinessTerms(knowledge::EngineDefinitions(ds->terms), &errors);
  }
  ds->fingerprint = base->fingerprint + "-" + policy.Fingerprint();
  ds->source_fingerprint = base->source_fingerprint;
  // No schema manager and no URL: a user's view is rebuilt from a re-prepared base.
  return ds;
}

}  // namespace askdb::agent
