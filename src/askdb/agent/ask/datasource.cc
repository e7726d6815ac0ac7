#include "askdb/agent/ask/datasource.h"

#include <mutex>
#include <system_error>

#include "askdb/catalog/schema_source.h"
#include "askdb/db/database_url.h"

namespace askdb::agent {

std::filesystem::path SemanticModelPathFor(const std::filesystem::path& database_file) {
  std::filesystem::path p = database_file;
  p.replace_extension(".semantic.json");
  return p;
}

const catalog::SchemaRecaller& PreparedDatasource::Recaller() const {
  std::call_once(recaller_->once, [this] {
    recaller_->recaller = catalog::SchemaRecaller::Build(schema, model ? &*model : nullptr);
  });
  return *recaller_->recaller;
}

StatusOr<PreparedDatasource> PrepareDatasource(std::unique_ptr<db::Connector> connector,
                                               std::string_view url,
                                               const PrepareOptions& options) {
  PreparedDatasource ds;
  std::filesystem::path model_path = options.semantic_model;
  if (model_path.empty()) {
    StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
    std::error_code ec;
    if (parsed.ok() && parsed->is_sqlite()) {
      std::filesystem::path candidate = SemanticModelPathFor(parsed->database);
      if (std::filesystem::exists(candidate, ec)) model_path = candidate;
    }
  }
  if (!model_path.empty()) {
    StatusOr<catalog::SemanticModel> model = catalog::LoadSemanticModel(model_path);
    if (!model.ok()) return model.status().WithContext("semantic model " + model_path.string());
    ds.model = std::move(model).value();
    ds.model_path = model_path;
  }
  ASKDB_ASSIGN_OR_RETURN(ds.schema, connector->Introspect(db::IntrospectOptions{}));
  ASKDB_ASSIGN_OR_RETURN(nlq::ColumnStatsMap stats, nlq::CollectColumnStats(*connector, ds.schema));
  ds.index = std::make_unique<nlq::SchemaIndex>(
      nlq::SchemaIndex::Build(ds.schema, ds.model ? &*ds.model : nullptr, stats));
  ds.fingerprint = catalog::StructureFingerprint(ds.schema) + "-" +
                   (ds.model ? catalog::HashHex(catalog::ToJson(*ds.model).dump()) : "none");
  ds.connector = std::move(connector);
  return ds;
}

}  // namespace askdb::agent
