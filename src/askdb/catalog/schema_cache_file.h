// The schema manager's cache of one datasource on disk (seed 000: a restarted askdb starts
// warm; seed 000 E6: "cache corruption: invalidate and refetch"). One JSON file per
// datasource; every entry — the basic level, or one table of the detailed level — carries
// the FNV-1a checksum of its own content and fetch time. An entry whose checksum does not
// match, or that does not parse, is left out of what is read and named in `corrupt`, so the
// manager fetches it again; a file that is not JSON at all is reported as a whole.
//
// Written to a temporary file and renamed, so a crash never leaves half a file. Not
// synchronised: the manager writes a datasource's file under that datasource's lock.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "askdb/common/clock.h"
#include "askdb/common/status.h"
#include "askdb/db/schema.h"

namespace askdb::catalog {

struct SchemaCacheSnapshot {
  std::string fingerprint;  // the structure fingerprint the entries were fetched under
  std::string engine, database;
  std::optional<db::DatabaseSchema> basic;
  Clock::TimePoint basic_fetched_at{};
  struct Table {
    db::TableInfo table;
    Clock::TimePoint fetched_at{};
  };
  std::vector<Table> tables;
  // Every table's name, in order, when the whole detailed level was fetched at once.
  std::vector<std::string> all_tables;
  std::optional<Clock::TimePoint> all_fetched_at;
};

struct LoadedSchemaCache {
  SchemaCacheSnapshot snapshot;
  std::vector<std::string> corrupt;  // "basic" or "table <name>" for each entry dropped
};

// Where a datasource's cache documents live: named text documents (the schema cache, the
// column statistics), in files of a directory or in a shared store (server.store_url) so
// that replicas share them. Thread-safe implementations only.
class SchemaCacheBackend {
 public:
  virtual ~SchemaCacheBackend() = default;
  // NotFound when there is no document of that name.
  virtual StatusOr<std::string> Read(std::string_view name) = 0;
  // Replaces the document whole (never half written).
  virtual Status Write(std::string_view name, std::string_view text) = 0;
  // "file /x/y.json", "shared store document y.json": for log lines.
  virtual std::string Describe(std::string_view name) const = 0;
};

// Documents as files of `dir` (written to a temporary file and renamed).
class FileSchemaCacheBackend final : public SchemaCacheBackend {
 public:
  explicit FileSchemaCacheBackend(std::filesystem::path dir) : dir_(std::move(dir)) {}
  StatusOr<std::string> Read(std::string_view name) override;
  Status Write(std::string_view name, std::string_view text) override;
  std::string Describe(std::string_view name) const override;

 private:
  std::filesystem::path dir_;
};

// FailedPrecondition naming `where` when `text` is not a cache document at all (not JSON,
// another format version).
StatusOr<LoadedSchemaCache> ParseSchemaCache(std::string_view text, std::string_view where);
std::string SerializeSchemaCache(const SchemaCacheSnapshot& snapshot);

// NotFound when there is no file; FailedPrecondition naming the file when it is not a cache
// file at all (not JSON, another format version).
StatusOr<LoadedSchemaCache> ReadSchemaCacheFile(const std::filesystem::path& file);
Status WriteSchemaCacheFile(const std::filesystem::path& file, const SchemaCacheSnapshot& snapshot);

// A table as db::DatabaseSchema::ToJson writes it, read back; InvalidArgument naming the
// field that is missing or of the wrong type.
StatusOr<db::TableInfo> TableInfoFromJson(const Json& j);

}  // namespace askdb::catalog
