// SchemaSource: where the schema manager gets a datasource's structure from, and how it
// notices that the structure changed. Introspect is the expensive call (one per cache
// miss); Fingerprint is a cheap catalog query whose result changes whenever a table,
// view or column is added, dropped or altered, and (ideally) not when only data changes.
//
// ConnectorSchemaSource adapts a db::Connector. Its fingerprint statement is chosen by the
// connector's engine from a table (kFingerprintQueries): SQLite reads sqlite_master,
// PostgreSQL aggregates pg_class/pg_attribute into one md5, MySQL sums CRC32s over
// information_schema.COLUMNS. The rows are hashed (FNV-1a 64) into a hex string. An engine
// without an entry falls back to hashing a column-only introspection (correct, slower).
//
// Thread-safety: as thread-safe as the connector (db::Connector serialises its calls).
// ConnectorSchemaSource borrows the connector; it must outlive the source.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "askdb/common/status.h"
#include "askdb/db/schema.h"

namespace askdb::db {
class Connector;
}  // namespace askdb::db

namespace askdb::catalog {

class SchemaSource {
 public:
  virtual ~SchemaSource() = default;

  // The structure; options.tables non-empty restricts it to those tables (NotFound when
  // one is missing). Errors as db::Connector::Introspect (DeadlineExceeded, Unavailable...).
  virtual StatusOr<db::DatabaseSchema> Introspect(const db::IntrospectOptions& options) = 0;

  // An opaque text that changes when the structure changes.
  virtual StatusOr<std::string> Fingerprint() = 0;
};

struct FingerprintQuery {
  std::string_view engine;  // db::Connector::engine()
  std::string_view sql;
};

// The statement each engine runs for its fingerprint (exposed for documentation and tests).
const FingerprintQuery* FindFingerprintQuery(std::string_view engine);

struct ConnectorSchemaSourceOptions {
  // Timeout of the fingerprint statement; it reads only the catalog and should be fast.
  std::chrono::milliseconds fingerprint_timeout{5'000};
};

class ConnectorSchemaSource final : public SchemaSource {
 public:
  explicit ConnectorSchemaSource(db::Connector& connector,
                                 ConnectorSchemaSourceOptions options = {});

  StatusOr<db::DatabaseSchema> Introspect(const db::IntrospectOptions& options) override;
  StatusOr<std::string> Fingerprint() override;

 private:
  db::Connector& connector_;
  ConnectorSchemaSourceOptions options_;
};

// FNV-1a 64 of `data` as 16 hex digits; stable across platforms and runs.
std::string HashHex(std::string_view data);

// A fingerprint of a schema's structure (tables, kinds, columns, types, keys) without row
// counts or samples; used by the fallback and by in-memory sources.
std::string StructureFingerprint(const db::DatabaseSchema& schema);

}  // namespace askdb::catalog
