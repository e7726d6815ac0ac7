#include "askdb/agent/ask/datasource.h"

#include <spdlog/spdlog.h>

#include <mutex>
#include <system_error>

#include "askdb/catalog/schema_source.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/database_url.h"
#include "askdb/knowledge/terms/term_file.h"

namespace askdb::agent {
namespace {

std::mutex& TimingMutex() {
  static std::mutex mu;
  return mu;
}
SchemaCacheSettings& TimingDefault() {
  static SchemaCacheSettings timing;
  return timing;
}

std::string StatsKey(std::string_view table, std::string_view column) {
  return std::string(table) + "." + std::string(column);  // as nlq::CollectColumnStats keys
}

// The schema manager over `connector` for ds (its model), with its persisted cache when
// `settings.dir` is set: one file per URL, named without the password.
Status CreateSchemaManager(PreparedDatasource& ds, db::Connector& connector, std::string_view url,
                           const SchemaCacheSettings& settings) {
  catalog::SchemaManagerOptions options;
  options.ttl = settings.ttl;
  options.fetch_timeout = settings.fetch_timeout;
  ds.schemas = std::make_shared<catalog::SchemaManager>(std::move(options));
  ASKDB_RETURN_IF_ERROR(ds.schemas->AddDatasource(
      std::string(kSchemaManagerId), std::make_unique<catalog::ConnectorSchemaSource>(connector),
      ds.model));
  if (settings.dir.empty()) return Status::Ok();
  StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
  const std::string name = catalog::HashHex(parsed.ok() ? parsed->Redacted() : "unparsed");
  return ds.schemas->AttachCacheFile(kSchemaManagerId, settings.dir / (name + ".json"));
}

// The structure the engine's index is built from, as the manager hands it out.
void SetStructureKey(PreparedDatasource& ds) {
  ds.structure_key = catalog::StructureFingerprint(
      catalog::WithoutDisabled(ds.schema, ds.model ? &*ds.model : nullptr));
}

// The whole detailed level, disabled parts included (the index applies the model itself):
// from the manager's cache when it holds it under the current fingerprint (a warm start from
// the persisted cache), else one introspection.
StatusOr<catalog::SchemaResult> ReadDetailed(catalog::SchemaManager& schemas) {
  return schemas.GetSchema({.datasource = std::string(kSchemaManagerId),
                            .level = catalog::SchemaLevel::kDetailed,
                            .tables = {},
                            .want_text = false,
                            .include_disabled = true});
}

// The engine's index over ds.schema and ds.stats, with ds.terms; and the fingerprint.
void BuildIndex(PreparedDatasource& ds) {
  ds.index = std::make_unique<nlq::SchemaIndex>(
      nlq::SchemaIndex::Build(ds.schema, ds.model ? &*ds.model : nullptr, *ds.stats));
  if (!ds.terms.empty()) {
    std::vector<std::string> errors;
    ds.index->AddBusinessTerms(knowledge::EngineDefinitions(ds.terms), &errors);
    for (const std::string& e : errors) spdlog::warn("business terms: {}", e);
  }
  ds.fingerprint = DatasourceFingerprint(ds.schema, ds.model, ds.terms);
}

// `current` rebuilt over `schema` (the manager's detailed level, read under
// `source_fingerprint`): only the columns `current` did not have, or had with another type,
// are measured.
StatusOr<PreparedDatasource> Rebuild(const PreparedDatasource& current, db::DatabaseSchema schema,
                                     const std::string& source_fingerprint) {
  ASKDB_ASSIGN_OR_RETURN(std::unique_ptr<db::Connector> connector, db::OpenConnector(current.url));
  PreparedDatasource ds;
  ds.model = current.model;
  ds.model_path = current.model_path;
  ds.terms = current.terms;
  ds.terms_path = current.terms_path;
  ds.file_terms = current.file_terms;
  ds.url = current.url;
  ds.prepare_options = current.prepare_options;
  ds.schema = std::move(schema);
  nlq::ColumnStatsMap stats;
  db::DatabaseSchema unmeasured;
  unmeasured.engine = ds.schema.engine;
  unmeasured.database = ds.schema.database;
  for (const db::TableInfo& t : ds.schema.tables) {
    const db::TableInfo* before = current.schema.FindTable(t.name);
    db::TableInfo fresh = t;
    fresh.columns.clear();
    for (const db::ColumnInfo& c : t.columns) {
      const db::ColumnInfo* old = before != nullptr ? before->FindColumn(c.name) : nullptr;
      auto it = current.stats != nullptr ? current.stats->find(StatsKey(t.name, c.name))
                                         : nlq::ColumnStatsMap::const_iterator{};
      if (old != nullptr && old->type == c.type && current.stats != nullptr &&
          it != current.stats->end()) {
        stats.emplace(it->first, it->second);
      } else {
        fresh.columns.push_back(c);
      }
    }
    if (!fresh.columns.empty()) unmeasured.tables.push_back(std::move(fresh));
  }
  size_t measured = 0;
  if (!unmeasured.tables.empty()) {
    ASKDB_ASSIGN_OR_RETURN(nlq::ColumnStatsMap more,
                           nlq::CollectColumnStats(*connector, unmeasured));
    measured = more.size();
    stats.merge(more);
  }
  spdlog::info(
      "datasource: engine index rebuilt from the schema manager's detailed level ({} "
      "column(s) measured, {} reused)",
      measured, stats.size() - measured);
  ds.stats = std::make_shared<const nlq::ColumnStatsMap>(std::move(stats));
  BuildIndex(ds);
  // The new connection's manager starts from what was just read (nothing fetched twice) and
  // keeps the same cache file.
  ASKDB_RETURN_IF_ERROR(
      CreateSchemaManager(ds, *connector, ds.url, ds.prepare_options.schema_cache));
  ASKDB_RETURN_IF_ERROR(ds.schemas->Seed(kSchemaManagerId, ds.schema, source_fingerprint));
  ds.source_fingerprint = source_fingerprint;
  SetStructureKey(ds);
  ds.connector = std::move(connector);
  return ds;
}

}  // namespace

void SetDefaultSchemaCacheSettings(SchemaCacheSettings timing) {
  std::lock_guard lock(TimingMutex());
  TimingDefault() = timing;
}

SchemaCacheSettings DefaultSchemaCacheSettings() {
  std::lock_guard lock(TimingMutex());
  return TimingDefault();
}

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
  // The structure comes through the schema manager: its persisted copy when the structure
  // fingerprint still matches and the TTL holds (a warm start), else one introspection.
  ASKDB_RETURN_IF_ERROR(CreateSchemaManager(ds, *connector, url, options.schema_cache));
  ASKDB_ASSIGN_OR_RETURN(catalog::SchemaResult detailed, ReadDetailed(*ds.schemas));
  ds.schema = std::move(detailed.schema);
  ds.source_fingerprint = std::move(detailed.fingerprint);
  SetStructureKey(ds);
  ASKDB_ASSIGN_OR_RETURN(nlq::ColumnStatsMap stats, nlq::CollectColumnStats(*connector, ds.schema));
  ds.stats = std::make_shared<const nlq::ColumnStatsMap>(std::move(stats));
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
  BuildIndex(ds);
  ds.url = std::string(url);
  ds.prepare_options = options;
  ds.connector = std::move(connector);
  return ds;
}

StatusOr<std::optional<PreparedDatasource>> PrepareAgainIfChanged(
    const PreparedDatasource& current) {
  if (current.schemas == nullptr || current.url.empty()) return std::optional<PreparedDatasource>();
  StatusOr<catalog::SchemaResult> detailed = ReadDetailed(*current.schemas);
  if (!detailed.ok()) {
    spdlog::warn("datasource: schema check failed, the prepared schema stays in use: {}",
                 detailed.status().message());
    return std::optional<PreparedDatasource>();
  }
  const bool fingerprint_changed =
      !detailed->fingerprint.empty() && detailed->fingerprint != current.source_fingerprint;
  // A cached copy under the same fingerprint is what the index was built from: no hashing.
  if (!fingerprint_changed && (detailed->from_cache || detailed->stale)) {
    return std::optional<PreparedDatasource>();
  }
  const std::string key = catalog::StructureFingerprint(
      catalog::WithoutDisabled(detailed->schema, current.model ? &*current.model : nullptr));
  if (!fingerprint_changed && key == current.structure_key) {
    return std::optional<PreparedDatasource>();
  }
  if (fingerprint_changed) {
    spdlog::info("datasource: the schema changed (fingerprint {} -> {}); rebuilding the index",
                 current.source_fingerprint, detailed->fingerprint);
  } else {
    spdlog::info(
        "datasource: the refetched schema differs from the indexed one ({} -> {}); "
        "rebuilding the index",
        current.structure_key, key);
  }
  ASKDB_ASSIGN_OR_RETURN(
      PreparedDatasource fresh,
      Rebuild(current, std::move(detailed->schema),
              detailed->fingerprint.empty() ? current.source_fingerprint : detailed->fingerprint));
  return std::optional<PreparedDatasource>(std::move(fresh));
}

}  // namespace askdb::agent
