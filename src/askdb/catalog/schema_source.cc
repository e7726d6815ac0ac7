#include "askdb/catalog/schema_source.h"

#include <array>
#include <cstdint>
#include <limits>

#include "askdb/db/connector.h"
#include "askdb/db/result_set.h"

namespace askdb::catalog {
namespace {

// Each statement is a read of the engine's own catalog, allowed by the connectors'
// read-only guards (SQLite's authorizer allows SELECT on sqlite_master).
constexpr std::array<FingerprintQuery, 3> kFingerprintQueries = {{
    {"sqlite",
     "SELECT type, name, tbl_name, sql FROM sqlite_master "
     "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY type, name"},
    // One md5 over every user relation's columns and types: a single row, whatever the
    // size of the catalog.
    {"postgres",
     "SELECT count(*), md5(coalesce(string_agg(n.nspname || '.' || c.relname || '.' || "
     "c.relkind::text || '.' || a.attname || ':' || a.atttypid::text || ':' || a.atttypmod::text, "
     "',' ORDER BY n.nspname, c.relname, a.attnum), '')) "
     "FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
     "JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid "
     "WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND a.attnum > 0 AND NOT a.attisdropped "
     "AND n.nspname NOT IN ('pg_catalog', 'information_schema') "
     "AND n.nspname NOT LIKE 'pg\\_toast%'"},
    // GROUP_CONCAT truncates at group_concat_max_len, so sum CRC32s instead of hashing a
    // concatenation; CREATE_TIME moves when ALTER TABLE rebuilds a table.
    {"mysql",
     "SELECT (SELECT COUNT(*) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()), "
     "(SELECT SUM(CRC32(CONCAT_WS('.', TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, ORDINAL_POSITION, "
     "IS_NULLABLE))) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()), "
     "(SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()), "
     "(SELECT MAX(CREATE_TIME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE())"},
}};

// Separates fields in hashed text so that ("ab","c") and ("a","bc") differ.
constexpr char kFieldSeparator = '\x1f';
constexpr char kRowSeparator = '\x1e';

constexpr uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr uint64_t kFnvPrime = 1099511628211ULL;

}  // namespace

const FingerprintQuery* FindFingerprintQuery(std::string_view engine) {
  for (const FingerprintQuery& q : kFingerprintQueries) {
    if (q.engine == engine) return &q;
  }
  return nullptr;
}

std::string HashHex(std::string_view data) {
  uint64_t h = kFnvOffset;
  for (unsigned char c : data) {
    h ^= c;
    h *= kFnvPrime;
  }
  constexpr char kHex[] = "0123456789abcdef";
  constexpr int kHexDigits = 16;
  std::string out(kHexDigits, '0');
  for (int i = kHexDigits - 1; i >= 0; --i) {
    out[i] = kHex[h & 0xF];
    h >>= 4;
  }
  return out;
}

std::string StructureFingerprint(const db::DatabaseSchema& schema) {
  std::string text;
  for (const db::TableInfo& t : schema.tables) {
    text += t.schema + kFieldSeparator + t.name + kFieldSeparator +
            (t.kind == db::TableInfo::Kind::kView ? "v" : "t") + kFieldSeparator + t.comment;
    for (const db::ColumnInfo& c : t.columns) {
      text += kFieldSeparator + c.name + ':' + c.type + (c.nullable ? "?" : "!") +
              (c.primary_key ? "#" : "") + c.comment;
    }
    for (const db::ForeignKey& fk : t.foreign_keys) {
      text += kFieldSeparator + std::string("fk>") + fk.ref_table;
      for (const std::string& c : fk.columns) text += "," + c;
      for (const std::string& c : fk.ref_columns) text += "," + c;
    }
    text += kRowSeparator;
  }
  return HashHex(text);
}

ConnectorSchemaSource::ConnectorSchemaSource(db::Connector& connector,
                                             ConnectorSchemaSourceOptions options)
    : connector_(connector), options_(options) {}

StatusOr<db::DatabaseSchema> ConnectorSchemaSource::Introspect(
    const db::IntrospectOptions& options) {
  return connector_.Introspect(options);
}

StatusOr<std::string> ConnectorSchemaSource::Fingerprint() {
  const FingerprintQuery* query = FindFingerprintQuery(connector_.engine());
  if (query == nullptr) {
    db::IntrospectOptions columns_only;
    columns_only.sample_values_per_column = 0;
    columns_only.row_counts = false;
    ASKDB_ASSIGN_OR_RETURN(db::DatabaseSchema schema, connector_.Introspect(columns_only));
    return StructureFingerprint(schema);
  }
  db::QueryOptions options;
  options.max_rows = std::numeric_limits<long long>::max();
  options.timeout = options_.fingerprint_timeout;
  options.internal = true;  // a fixed catalog query, not a person's or a model's
  StatusOr<db::ResultSet> rows = connector_.Execute(query->sql, options);
  if (!rows.ok()) {
    return rows.status().WithContext("reading the structure fingerprint of " +
                                     connector_.display_name());
  }
  std::string text;
  for (const std::vector<db::Value>& row : rows->rows) {
    for (const db::Value& v : row) text += v.ToDisplayString() + kFieldSeparator;
    text += kRowSeparator;
  }
  return std::string(query->engine) + ":" + HashHex(text);
}

}  // namespace askdb::catalog
