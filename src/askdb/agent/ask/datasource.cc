#include "askdb/agent/ask/datasource.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <mutex>
#include <system_error>

#include "askdb/catalog/model_names_check.h"
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

// Where a datasource's cache documents live: the shared store, else the data directory,
// else nowhere (null).
std::shared_ptr<catalog::SchemaCacheBackend> CacheBackend(const SchemaCacheSettings& settings) {
  if (settings.shared != nullptr) return settings.shared;
  if (settings.dir.empty()) return nullptr;
  return std::make_shared<catalog::FileSchemaCacheBackend>(settings.dir);
}

// The documents of one URL are named by its hash without the password.
std::string CacheName(std::string_view url) {
  StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
  return catalog::HashHex(parsed.ok() ? parsed->Redacted() : "unparsed");
}

// The schema manager over `connector` for ds (its model), with its persisted cache when there
// is a backend: one document per URL.
Status CreateSchemaManager(PreparedDatasource& ds, db::Connector& connector, std::string_view url,
                           const SchemaCacheSettings& settings) {
  catalog::SchemaManagerOptions options;
  options.ttl = settings.ttl;
  options.fetch_timeout = settings.fetch_timeout;
  options.refetch_backoff = settings.refetch_backoff;
  ds.schemas = std::make_shared<catalog::SchemaManager>(std::move(options));
  // The fingerprint query is bounded by the fetch timeout too (a locked source answers it no
  // sooner than the level).
  catalog::ConnectorSchemaSourceOptions source_options;
  if (settings.fetch_timeout.count() > 0) {
    source_options.fingerprint_timeout =
        std::min(source_options.fingerprint_timeout, settings.fetch_timeout);
  }
  ASKDB_RETURN_IF_ERROR(ds.schemas->AddDatasource(
      std::string(kSchemaManagerId),
      std::make_unique<catalog::ConnectorSchemaSource>(connector, source_options), ds.model));
  std::shared_ptr<catalog::SchemaCacheBackend> backend = CacheBackend(settings);
  if (backend == nullptr) return Status::Ok();
  return ds.schemas->AttachCache(kSchemaManagerId, std::move(backend), CacheName(url) + ".json");
}

// ds.stats and ds.measured for ds.schema: `prior`'s statistics of unchanged, unexpired
// columns reused, the rest measured through `connector`; saved beside the schema cache when
// anything was measured. `what` names the occasion in the log line.
Status MeasureStats(PreparedDatasource& ds, db::Connector& connector, const MeasuredStats& prior,
                    const SchemaCacheSettings& settings, std::string_view what) {
  ASKDB_ASSIGN_OR_RETURN(
      StatsMeasurement m,
      MeasureColumnStats(connector, ds.schema, prior, settings.ttl, Clock::System().Now()));
  spdlog::info("datasource: {} ({} column(s) measured, {} reused)", what, m.measured,
               m.stats.size() - m.measured);
  if (m.measured > 0) {
    if (std::shared_ptr<catalog::SchemaCacheBackend> backend = CacheBackend(settings)) {
      SaveColumnStats(*backend, CacheName(ds.url) + ".stats.json", m.stats);
    }
  }
  ds.stats = std::make_shared<const nlq::ColumnStatsMap>(StatsForIndex(m.stats));
  ds.measured = std::make_shared<const MeasuredStats>(std::move(m.stats));
  return Status::Ok();
}

// A table or column the model names but the database lacks is a typo whose business words
// would silently do nothing: said once, when the datasource is prepared.
void WarnOfNamesTheDatabaseLacks(const catalog::SemanticModel& model,
                                 const std::filesystem::path& path,
                                 const db::DatabaseSchema& schema) {
  const std::vector<std::string> missing = catalog::ModelNamesTheSchemaLacks(model, schema);
  if (missing.empty()) return;
  std::string names;
  for (const std::string& name : missing) names += (names.empty() ? "" : ", ") + name;
  spdlog::warn(
      "semantic model {}: the database has no {}; their business names and synonyms are not "
      "used (check the spelling against askdb schema)",
      path.string(), names);
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
  ASKDB_RETURN_IF_ERROR(MeasureStats(
      ds, *connector, current.measured != nullptr ? *current.measured : MeasuredStats{},
      ds.prepare_options.schema_cache,
      "engine index rebuilt from the schema manager's detailed level"));
  BuildIndex(ds);
  // The new connection's manager starts from what was just read (nothing fetched twice) and
  // keeps the same cache file.
  ASKDB_RETURN_IF_ERROR(
      CreateSchemaManager(ds, *connector, ds.url, ds.prepare_options.schema_cache));
  ASKDB_RETURN_IF_ERROR(ds.schemas->Seed(kSchemaManagerId, ds.schema, source_fingerprint));
  ds.source_fingerprint = source_fingerprint;
  ds.fingerprint_checked->store(true);  // read just now, by PrepareAgainIfChanged
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

namespace {

// The semantic model: the one the options name, else NAME.semantic.json beside a SQLite file.
Status LoadModel(std::string_view url, const PrepareOptions& options, PreparedDatasource& ds) {
  std::filesystem::path model_path = options.semantic_model;
  if (model_path.empty()) {
    StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
    std::error_code ec;
    if (parsed.ok() && parsed->is_sqlite()) {
      std::filesystem::path candidate = SemanticModelPathFor(parsed->database);
      if (std::filesystem::exists(candidate, ec)) model_path = candidate;
    }
  }
  if (model_path.empty()) return Status::Ok();
  // LoadSemanticModel names the file in its error already.
  ASKDB_ASSIGN_OR_RETURN(ds.model, catalog::LoadSemanticModel(model_path));
  ds.model_path = model_path;
  return Status::Ok();
}

// The business terms of NAME.terms.json beside a SQLite file, under the store's datasource
// terms, which win a word over the file's (an agent's win later, per run).
Status LoadTerms(std::string_view url, const PrepareOptions& options, PreparedDatasource& ds) {
  if (StatusOr<db::DatabaseUrl> parsed = db::ParseDatabaseUrl(url);
      parsed.ok() && parsed->is_sqlite()) {
    std::error_code ec;
    const std::filesystem::path terms_path = knowledge::TermsPathFor(parsed->database);
    if (std::filesystem::exists(terms_path, ec)) {
      ASKDB_ASSIGN_OR_RETURN(ds.file_terms, knowledge::LoadTermsFile(terms_path));
      ds.terms_path = terms_path;
    }
  }
  ds.terms = knowledge::OverlayTerms(ds.file_terms, options.terms);
  return Status::Ok();
}

}  // namespace

StatusOr<PreparedDatasource> PrepareDatasource(std::unique_ptr<db::Connector> connector,
                                               std::string_view url,
                                               const PrepareOptions& options) {
  PreparedDatasource ds;
  ASKDB_RETURN_IF_ERROR(LoadModel(url, options, ds));
  // The structure comes through the schema manager: its persisted copy when the structure
  // fingerprint still matches and the TTL holds (a warm start), else one introspection.
  ASKDB_RETURN_IF_ERROR(CreateSchemaManager(ds, *connector, url, options.schema_cache));
  ASKDB_ASSIGN_OR_RETURN(catalog::SchemaResult detailed, ReadDetailed(*ds.schemas));
  ds.schema = std::move(detailed.schema);
  ds.source_fingerprint = std::move(detailed.fingerprint);
  if (ds.model) WarnOfNamesTheDatabaseLacks(*ds.model, ds.model_path, ds.schema);
  SetStructureKey(ds);
  ds.url = std::string(url);
  // The statistics persisted by an earlier process cover the columns they still match.
  MeasuredStats prior;
  if (std::shared_ptr<catalog::SchemaCacheBackend> backend = CacheBackend(options.schema_cache)) {
    prior = LoadColumnStats(*backend, CacheName(url) + ".stats.json");
  }
  ASKDB_RETURN_IF_ERROR(
      MeasureStats(ds, *connector, prior, options.schema_cache, "column statistics ready"));
  ASKDB_RETURN_IF_ERROR(LoadTerms(url, options, ds));
  BuildIndex(ds);
  ds.prepare_options = options;
  ds.fingerprint_checked->store(true);  // ReadDetailed read it: the first run need not
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
    current.fingerprint_checked->store(true);  // the run that follows trusts this read
    return std::optional<PreparedDatasource>();
  }
  const std::string key = catalog::StructureFingerprint(
      catalog::WithoutDisabled(detailed->schema, current.model ? &*current.model : nullptr));
  if (!fingerprint_changed && key == current.structure_key) {
    current.fingerprint_checked->store(true);
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
