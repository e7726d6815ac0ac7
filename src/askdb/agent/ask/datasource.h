// PreparedDatasource: a user database made ready for answering questions — the read-only
// connection, its semantic model (given, or found beside a SQLite file as
// NAME.semantic.json), the introspected schema, and the question-to-SQL engine's index.
// Preparing costs one introspection plus one bounded statement per text/time column, so a
// caller prepares once and asks many questions. Not synchronised beyond what Connector
// guarantees; the index and schema are read-only after Prepare.
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "askdb/agent/ask/column_stats_cache.h"
#include "askdb/agent/ask/server_rows_stamp.h"
#include "askdb/catalog/schema_manager.h"
#include "askdb/catalog/schema_recall.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/common/status.h"
#include "askdb/db/connector.h"
#include "askdb/db/schema.h"
#include "askdb/knowledge/terms/business_term.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent {

// How long the schema manager keeps a level ([database] schema_cache_ttl_seconds), how long
// one fetch may take before the expired copy is served (schema_fetch_timeout_ms; zero: the
// connector's introspection timeout), how long that copy is then served without trying again
// (schema_refetch_backoff_seconds), and where its caches are persisted.
struct SchemaCacheSettings {
  std::chrono::milliseconds ttl{std::chrono::minutes(30)};
  std::chrono::milliseconds fetch_timeout{0};
  std::chrono::milliseconds refetch_backoff{0};
  // One checksummed file per datasource (catalog/schema_cache_file.h), named by a hash of
  // its URL without the password, and its column statistics beside it; empty: the caches
  // live in memory only.
  std::filesystem::path dir;
  // When set (server.store_url), the documents live there instead of in `dir`, so that every
  // replica over that store starts warm.
  std::shared_ptr<catalog::SchemaCacheBackend> shared;
};
// The process-wide default of PrepareOptions::schema_cache: the CLI sets it once from the
// configuration before preparing anything, so every datasource (ask, chat, serve's store
// datasources, mcp) gets the configured timing without passing it through each caller.
void SetDefaultSchemaCacheSettings(SchemaCacheSettings timing);
SchemaCacheSettings DefaultSchemaCacheSettings();

struct PrepareOptions {
  // Explicit semantic model file; empty: look beside a SQLite file for NAME.semantic.json.
  std::filesystem::path semantic_model;
  // Business terms from the server's store, read by the engine beside the file's.
  std::vector<knowledge::BusinessTerm> terms;
  SchemaCacheSettings schema_cache = DefaultSchemaCacheSettings();
};

// The id of a prepared datasource inside its own schema manager.
inline constexpr std::string_view kSchemaManagerId = "datasource";

struct PreparedDatasource {
  std::unique_ptr<db::Connector> connector;
  std::optional<catalog::SemanticModel> model;
  std::filesystem::path model_path;  // where the model came from; empty when none
  // The business terms read by the engine: those found beside a SQLite file
  // (NAME.terms.json), then PrepareOptions::terms.
  std::vector<knowledge::BusinessTerm> terms;
  std::filesystem::path terms_path;  // empty when none
  // The terms file's own terms, before the store's laid over them (term_datasource.h lays a
  // run's stored terms over these again at every question).
  std::vector<knowledge::BusinessTerm> file_terms;
  db::DatabaseSchema schema;
  std::unique_ptr<nlq::SchemaIndex> index;
  // The column statistics the index was built from, so that an index with other business
  // terms (term_datasource.h) is built without querying the database again.
  std::shared_ptr<const nlq::ColumnStatsMap> stats;
  // The same with each column's type and measuring time: persisted with the schema cache and
  // reused by a rebuild, so only new, retyped or expired columns are measured again.
  std::shared_ptr<const MeasuredStats> measured;
  // The schema's structure and the semantic model, hashed ("<schema>-<model>"): the answer
  // cache keeps a datasource's entries only while it stays the same.
  std::string fingerprint;
  // The schema manager over this connector (seed 000/001: levels, 30-minute caches, the
  // structure fingerprint), seeded with `schema` at preparation. Declared after `connector`,
  // which its source borrows, so that it is destroyed first.
  std::shared_ptr<catalog::SchemaManager> schemas;
  std::string source_fingerprint;  // the connector's structure fingerprint at preparation
  // Set when preparation or PrepareAgainIfChanged has just read the structure fingerprint;
  // the run that follows takes it (TakeFingerprintChecked) and trusts that read, so a run
  // reads the fingerprint once. Shared with the views over this datasource (term_datasource.h).
  std::shared_ptr<std::atomic<bool>> fingerprint_checked = std::make_shared<std::atomic<bool>>();
  // True once after a check (and then false until the next one).
  bool TakeFingerprintChecked() const {
    return fingerprint_checked != nullptr && fingerprint_checked->exchange(false);
  }
  // catalog::StructureFingerprint of the schema the engine's index was built from (as the
  // schema manager hands it out): a refetched detailed level that differs — a foreign key
  // or a column the catalog fingerprint does not cover — rebuilds the index.
  std::string structure_key;
  // What it was prepared from, to prepare it again (PrepareAgainIfChanged).
  std::string url;
  PrepareOptions prepare_options;
  // The answer cache's row stamp of a server database, with what this connection's settings
  // said (read once); shared with the views over this datasource, which use its connection.
  std::shared_ptr<ServerRowsStamper> rows_stamper = std::make_shared<ServerRowsStamper>();

  // The schema recaller over the whole schema, built on first use and then shared by every
  // run on this datasource (a server's runs would otherwise each build one). Thread-safe.
  const catalog::SchemaRecaller& Recaller() const;

 private:
  struct RecallerSlot {
    std::once_flag once;
    std::unique_ptr<catalog::SchemaRecaller> recaller;
  };
  // Behind a pointer so that PreparedDatasource stays movable.
  std::shared_ptr<RecallerSlot> recaller_ = std::make_shared<RecallerSlot>();
};

// The fingerprint of a datasource prepared over `schema`, `model` and `terms` (see
// PreparedDatasource::fingerprint).
std::string DatasourceFingerprint(const db::DatabaseSchema& schema,
                                  const std::optional<catalog::SemanticModel>& model,
                                  const std::vector<knowledge::BusinessTerm>& terms);

// The conventional semantic model path for a SQLite file: shop.sqlite → shop.semantic.json.
std::filesystem::path SemanticModelPathFor(const std::filesystem::path& database_file);

StatusOr<PreparedDatasource> PrepareDatasource(std::unique_ptr<db::Connector> connector,
                                               std::string_view url,
                                               const PrepareOptions& options = {});

// Reads the detailed level through `current.schemas` (the structure fingerprint, one catalog
// query, then the 30-minute cache) and, when the fingerprint changed or a refetched level's
// structure differs from the one the engine's index was built from, rebuilds the datasource
// from that level: a new connection from the same URL, the column statistics of unchanged
// columns reused and only new or retyped columns measured, the engine's index, terms and
// fingerprints made again. Nothing is introspected twice. nullopt when nothing changed or the
// schema cannot be read (the current one stays in use); the connector's error when opening
// or measuring fails.
StatusOr<std::optional<PreparedDatasource>> PrepareAgainIfChanged(
    const PreparedDatasource& current);

}  // namespace askdb::agent
