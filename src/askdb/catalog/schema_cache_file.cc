#include "askdb/catalog/schema_cache_file.h"

#include <system_error>

#include "askdb/catalog/schema_source.h"
#include "askdb/common/epoch_millis.h"
#include "askdb/common/file_util.h"

namespace askdb::catalog {
namespace {

constexpr int kFormat = 1;

// What an entry's checksum covers: its kind, its fetch time and its content.
std::string Checksum(std::string_view kind, int64_t fetched_at_ms, const Json& value) {
  return HashHex(std::string(kind) + "|" + std::to_string(fetched_at_ms) + "|" + value.dump());
}

Json Entry(std::string_view kind, Clock::TimePoint fetched_at, Json value) {
  const int64_t ms = ToEpochMillis(fetched_at);
  std::string sum = Checksum(kind, ms, value);
  return Json{
      {"kind", kind}, {"fetched_at_ms", ms}, {"value", std::move(value)}, {"checksum", sum}};
}

Json TableJson(const db::TableInfo& t) {
  db::DatabaseSchema one;
  one.tables.push_back(t);
  return std::move(one.ToJson()["tables"][0]);
}

Status Need(const Json& j, std::string_view field, bool (Json::*is)() const noexcept) {
  if (!j.is_object() || !j.contains(field) || !(j[std::string(field)].*is)()) {
    return InvalidArgumentError("field '" + std::string(field) + "' is missing or mistyped");
  }
  return Status::Ok();
}

std::vector<std::string> Strings(const Json& j) {
  std::vector<std::string> out;
  if (!j.is_array()) return out;
  for (const Json& s : j) {
    if (s.is_string()) out.push_back(s.get<std::string>());
  }
  return out;
}

}  // namespace

StatusOr<db::TableInfo> TableInfoFromJson(const Json& j) {
  ASKDB_RETURN_IF_ERROR(Need(j, "name", &Json::is_string));
  ASKDB_RETURN_IF_ERROR(Need(j, "columns", &Json::is_array));
  db::TableInfo t;
  t.schema = j.value("schema", "");
  t.name = j["name"].get<std::string>();
  t.kind =
      j.value("kind", "table") == "view" ? db::TableInfo::Kind::kView : db::TableInfo::Kind::kTable;
  t.comment = j.value("comment", "");
  for (const Json& c : j["columns"]) {
    ASKDB_RETURN_IF_ERROR(Need(c, "name", &Json::is_string));
    ASKDB_RETURN_IF_ERROR(Need(c, "type", &Json::is_string));
    db::ColumnInfo col;
    col.name = c["name"].get<std::string>();
    col.type = c["type"].get<std::string>();
    col.nullable = c.value("nullable", true);
    if (c.contains("default") && c["default"].is_string()) {
      col.default_value = c["default"].get<std::string>();
    }
    col.comment = c.value("comment", "");
    col.primary_key = c.value("primary_key", false);
    col.sample_values = Strings(c.value("sample_values", Json::array()));
    t.columns.push_back(std::move(col));
  }
  t.primary_key = Strings(j.value("primary_key", Json::array()));
  for (const Json& f : j.value("foreign_keys", Json::array())) {
    ASKDB_RETURN_IF_ERROR(Need(f, "ref_table", &Json::is_string));
    db::ForeignKey fk;
    fk.columns = Strings(f.value("columns", Json::array()));
    fk.ref_schema = f.value("ref_schema", "");
    fk.ref_table = f["ref_table"].get<std::string>();
    fk.ref_columns = Strings(f.value("ref_columns", Json::array()));
    t.foreign_keys.push_back(std::move(fk));
  }
  for (const Json& i : j.value("indexes", Json::array())) {
    ASKDB_RETURN_IF_ERROR(Need(i, "name", &Json::is_string));
    t.indexes.push_back(db::IndexInfo{i["name"].get<std::string>(),
                                      Strings(i.value("columns", Json::array())),
                                      i.value("unique", false)});
  }
  if (j.contains("row_count") && j["row_count"].is_number_integer()) {
    t.row_count = j["row_count"].get<int64_t>();
  }
  t.row_count_is_estimate = j.value("row_count_is_estimate", false);
  return t;
}

StatusOr<std::string> FileSchemaCacheBackend::Read(std::string_view name) {
  const std::filesystem::path file = dir_ / std::string(name);
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return NotFoundError("no file " + file.string());
  return ReadFile(file);
}

Status FileSchemaCacheBackend::Write(std::string_view name, std::string_view text) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  return WriteFileAtomic(dir_ / std::string(name), text);
}

std::string FileSchemaCacheBackend::Describe(std::string_view name) const {
  return "file " + (dir_ / std::string(name)).string();
}

StatusOr<LoadedSchemaCache> ReadSchemaCacheFile(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return NotFoundError("no schema cache " + file.string());
  ASKDB_ASSIGN_OR_RETURN(std::string text, ReadFile(file));
  return ParseSchemaCache(text, file.string());
}

namespace {

// How a dropped entry is named in the log: "basic", "table <name>", its kind, or "entry".
std::string EntryLabel(const Json& e) {
  const std::string kind = e.is_object() ? e.value("kind", "") : "";
  const std::string name = kind == "table" && e.contains("value") && e["value"].is_object()
                               ? e["value"].value("name", "?")
                               : "";
  return kind == "table" ? "table " + name : kind.empty() ? "entry" : kind;
}

// The entry has its parts and its content still matches the checksum written with it.
bool ChecksumHolds(const Json& e) {
  if (!e.is_object() || !e.contains("value") || !e.contains("fetched_at_ms") ||
      !e["fetched_at_ms"].is_number_integer()) {
    return false;
  }
  const std::string kind = e.value("kind", "");
  return e.value("checksum", "") == Checksum(kind, e["fetched_at_ms"].get<int64_t>(), e["value"]);
}

// The basic level: every table must read, else the level is dropped whole.
std::optional<db::DatabaseSchema> BasicSchemaOf(const Json& value, const SchemaCacheSnapshot& s) {
  if (!value.is_array()) return std::nullopt;
  db::DatabaseSchema basic;
  basic.engine = s.engine;
  basic.database = s.database;
  for (const Json& t : value) {
    StatusOr<db::TableInfo> table = TableInfoFromJson(t);
    if (!table.ok()) return std::nullopt;
    basic.tables.push_back(*std::move(table));
  }
  return basic;
}

// Adds one entry to the snapshot; false when it is broken (the caller drops and names it).
bool ReadEntry(const Json& e, SchemaCacheSnapshot& s) {
  if (!ChecksumHolds(e)) return false;
  const std::string kind = e.value("kind", "");
  const Clock::TimePoint at = FromEpochMillis(e["fetched_at_ms"].get<int64_t>());
  if (kind == "basic") {
    std::optional<db::DatabaseSchema> basic = BasicSchemaOf(e["value"], s);
    if (!basic) return false;
    s.basic = std::move(basic);
    s.basic_fetched_at = at;
    return true;
  }
  if (kind == "table") {
    StatusOr<db::TableInfo> table = TableInfoFromJson(e["value"]);
    if (!table.ok()) return false;
    s.tables.push_back({*std::move(table), at});
    return true;
  }
  return false;
}

}  // namespace

StatusOr<LoadedSchemaCache> ParseSchemaCache(std::string_view text, std::string_view where) {
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object() || j.value("format", 0) != kFormat ||
      !j.contains("entries") || !j["entries"].is_array()) {
    return FailedPreconditionError("schema cache " + std::string(where) +
                                   " is not a schema cache file (corrupt or of another version)");
  }
  LoadedSchemaCache out;
  SchemaCacheSnapshot& s = out.snapshot;
  s.fingerprint = j.value("fingerprint", "");
  s.engine = j.value("engine", "");
  s.database = j.value("database", "");
  for (const Json& e : j["entries"]) {
    if (!ReadEntry(e, s)) out.corrupt.push_back(EntryLabel(e));
  }
  if (j.contains("all_fetched_at_ms") && j["all_fetched_at_ms"].is_number_integer()) {
    s.all_fetched_at = FromEpochMillis(j["all_fetched_at_ms"].get<int64_t>());
    s.all_tables = Strings(j.value("all_tables", Json::array()));
  }
  return out;
}

Status WriteSchemaCacheFile(const std::filesystem::path& file, const SchemaCacheSnapshot& s) {
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  return WriteFileAtomic(file, SerializeSchemaCache(s));
}

std::string SerializeSchemaCache(const SchemaCacheSnapshot& s) {
  Json entries = Json::array();
  if (s.basic) {
    Json tables = Json::array();
    for (const db::TableInfo& t : s.basic->tables) tables.push_back(TableJson(t));
    entries.push_back(Entry("basic", s.basic_fetched_at, std::move(tables)));
  }
  for (const SchemaCacheSnapshot::Table& t : s.tables) {
    entries.push_back(Entry("table", t.fetched_at, TableJson(t.table)));
  }
  Json j = {{"format", kFormat},
            {"fingerprint", s.fingerprint},
            {"engine", s.engine},
            {"database", s.database},
            {"entries", std::move(entries)}};
  if (s.all_fetched_at) {
    j["all_fetched_at_ms"] = ToEpochMillis(*s.all_fetched_at);
    j["all_tables"] = s.all_tables;
  }
  return j.dump();
}

}  // namespace askdb::catalog
