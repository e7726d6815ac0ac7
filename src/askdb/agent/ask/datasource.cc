#include "askdb/agent/ask/datasource.h"

#include <spdlog/spdlog.h>

#include <mutex>
#include <system_error>

#include "askdb/catalog/schema_source.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/database_url.h"
#include "askdb/knowledge/terms/term_file.h"

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

std::string DatasourceFingerprint(const db::DatabaseSchema& schema,
                                  const std::optional<catalog::SemanticModel>& model,
                                  const std::vector<knowledge::BusinessTerm>& terms) {
  // Terms change answers as the model does: cached answers follow both.
  std::string out = catalog::StructureFingerprint(schema) + "-" +
                    (model ? catalog::HashHex(catalog::ToJson(*model).dump()) : "none");
  if (!terms.empty()) {
    Json all = Json::array();
    for (const knowledge::BusinessTerm& t : terms) all.push_back(knowledge::TermToJson(t));
    out += "-" + catalog::HashHex(all.dump());
  }
  return out;
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
  ds.stats = std::make_shared<const nlq::ColumnStatsMap>(std::move(stats));
  ds.index = std::make_unique<nlq::SchemaIndex>(
      nlq::SchemaIndex::Build(ds.schema, ds.model ? &*ds.model : nullptr, *ds.stats));
  if (StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
      parsed.ok() && parsed->is_sqlite()) {
    std::error_code ec;
    const std::filesystem::path terms_path = knowledge::TermsPathFor(parsed->database);
    if (std::filesystem::exists(terms_path, ec)) {
      ASKDB_ASSIGN_OR_RETURN(ds.file_terms, knowledge::LoadTermsFile(terms_path));
      ds.terms_path = terms_path;
    }
  }
  // The store's datasource terms win a word over the file's (an agent's win later, per run).
  ds.terms = knowledge::OverlayTerms(ds.file_terms, options.terms);
  if (!ds.terms.empty()) {
    std::vector<std::string> errors;
    ds.index->AddBusinessTerms(knowledge::EngineDefinitions(ds.terms), &errors);
    for (const std::string& e : errors) spdlog::warn("business terms: {}", e);
  }
  ds.fingerprint = DatasourceFingerprint(ds.schema, ds.model, ds.terms);
  auto source = std::make_unique<catalog::ConnectorSchemaSource>(*connector);
  StatusOr<std::string> source_fingerprint = source->Fingerprint();
  if (source_fingerprint.ok()) ds.source_fingerprint = *source_fingerprint;
  ds.schemas = std::make_shared<catalog::SchemaManager>();
  ASKDB_RETURN_IF_ERROR(
      ds.schemas->AddDatasource(std::string(kSchemaManagerId), std::move(source), ds.model));
  ASKDB_RETURN_IF_ERROR(ds.schemas->Seed(kSchemaManagerId, ds.schema, ds.source_fingerprint));
  ds.url = std::string(url);
  ds.prepare_options = options;
  ds.connector = std::move(connector);
  return ds;
}

StatusOr<std::optional<PreparedDatasource>> PrepareAgainIfChanged(
    const PreparedDatasource& current) {
  if (current.schemas == nullptr || current.url.empty()) return std::optional<PreparedDatasource>();
  StatusOr<catalog::SchemaResult> basic =
      current.schemas->GetSchema({.datasource = std::string(kSchemaManagerId),
                                  .level = catalog::SchemaLevel::kBasic,
                                  .tables = {}});
  if (!basic.ok()) {
    spdlog::warn("datasource: schema check failed, the prepared schema stays in use: {}",
                 basic.status().message());
    return std::optional<PreparedDatasource>();
  }
  if (basic->fingerprint.empty() || basic->fingerprint == current.source_fingerprint) {
    return std::optional<PreparedDatasource>();
  }
  spdlog::info("datasource: the schema changed (fingerprint {} -> {}); preparing it again",
               current.source_fingerprint, basic->fingerprint);
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(current.url));
  ASKDB_ASSIGN_OR_RETURN(
      PreparedDatasource fresh,
      PrepareDatasource(std::move(connector), current.url, current.prepare_options));
  return std::optional<PreparedDatasource>(std::move(fresh));
}

}  // namespace askdb::agent
