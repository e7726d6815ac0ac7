#include "askdb/catalog/schema_manager.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <utility>

#include "askdb/catalog/schema_cache_file.h"
#include "askdb/catalog/schema_source.h"
#include "askdb/common/text.h"

namespace askdb::catalog {
namespace {

std::string Key(std::string_view s) { return text::AsciiLower(s); }

long long AgeSeconds(Clock::TimePoint now, Clock::TimePoint then) {
  return std::chrono::duration_cast<std::chrono::seconds>(now - then).count();
}

// Errors that mean "the source did not answer in time", for which an old copy beats none.
bool IsFetchTimeout(const Status& status) {
  return status.code() == StatusCode::kDeadlineExceeded ||
         status.code() == StatusCode::kUnavailable;
}

// Basic level: tables, keys and row counts, and the columns' names, types and comments —
// what a consultation needs to suggest analyses — without sample values or indexes (no
// statistic of the data; the rendered text lists the tables only).
db::DatabaseSchema StripToBasic(db::DatabaseSchema schema) {
  for (db::TableInfo& t : schema.tables) {
    for (db::ColumnInfo& c : t.columns) c.sample_values.clear();
    t.indexes.clear();
  }
  return schema;
}

}  // namespace

struct SchemaManager::Datasource {
  std::string id;
  std::unique_ptr<SchemaSource> source;
  std::optional<SemanticModel> model;

  std::mutex mu;  // serialises requests for this datasource; guards everything below

  std::string fingerprint;  // last one read; empty before the first read
  std::optional<Clock::TimePoint> fingerprint_checked_at;

  struct BasicEntry {
    db::DatabaseSchema schema;
    Clock::TimePoint fetched_at;
  };
  std::optional<BasicEntry> basic;

  struct TableEntry {
    db::TableInfo table;
    Clock::TimePoint fetched_at;
  };
  std::map<std::string, TableEntry> detailed;  // by lower-cased table name
  std::string detailed_engine, detailed_database;
  // Set when every table was fetched in one go: when, and the table order at that time.
  std::optional<Clock::TimePoint> all_fetched_at;
  std::vector<std::string> all_tables;
  // Where the caches are persisted (document `cache_name`); null: memory only.
  std::shared_ptr<SchemaCacheBackend> backend;
  std::string cache_name;
  // Set when a fetch timed out: until then the expired copy is served without trying.
  std::optional<Clock::TimePoint> backoff_until;

  void Clear() {
    basic.reset();
    detailed.clear();
    all_fetched_at.reset();
    all_tables.clear();
  }

  // Takes the caches from a persisted snapshot (the reverse of Persist).
  void Restore(SchemaCacheSnapshot& s) {
    Clear();
    fingerprint = s.fingerprint;
    fingerprint_checked_at.reset();  // the next request reads the source's fingerprint
    detailed_engine = s.engine;
    detailed_database = s.database;
    if (s.basic) basic = BasicEntry{*std::move(s.basic), s.basic_fetched_at};
    for (SchemaCacheSnapshot::Table& t : s.tables) {
      std::string key = Key(t.table.name);
      detailed[key] = TableEntry{std::move(t.table), t.fetched_at};
    }
    all_fetched_at = s.all_fetched_at;
    all_tables = std::move(s.all_tables);
  }
};

SchemaManager::SchemaManager(SchemaManagerOptions options)
    : options_(std::move(options)),
      clock_(options_.clock != nullptr ? *options_.clock : Clock::System()) {}

SchemaManager::~SchemaManager() = default;

Status SchemaManager::AddDatasource(std::string id, std::unique_ptr<SchemaSource> source,
                                    std::optional<SemanticModel> model) {
  if (id.empty()) return InvalidArgumentError("datasource id is empty; give it a name");
  if (source == nullptr) {
    return InvalidArgumentError("datasource '" + id + "' has no schema source; pass one");
  }
  auto ds = std::make_shared<Datasource>();
  ds->id = id;
  ds->source = std::move(source);
  ds->model = std::move(model);
  std::lock_guard lock(mu_);
  if (datasources_.count(id)) {
    return AlreadyExistsError("datasource '" + id +
                              "' is already registered with the schema manager; use another id");
  }
  datasources_.emplace(std::move(id), std::move(ds));
  return Status::Ok();
}

Status SchemaManager::SetSemanticModel(std::string_view id, std::optional<SemanticModel> model) {
  std::shared_ptr<Datasource> ds = Find(id);
  if (ds == nullptr) {
    return NotFoundError("no datasource '" + std::string(id) +
                         "' in the schema manager; register it first");
  }
  std::lock_guard lock(ds->mu);
  ds->model = std::move(model);
  return Status::Ok();
}

bool SchemaManager::HasDatasource(std::string_view id) const { return Find(id) != nullptr; }

std::shared_ptr<SchemaManager::Datasource> SchemaManager::Find(std::string_view id) const {
  std::lock_guard lock(mu_);
  auto it = datasources_.find(id);
  return it == datasources_.end() ? nullptr : it->second;
}

void SchemaManager::Log(std::string_view message, bool warning) const {
  if (options_.log) {
    options_.log(message);
  } else if (warning) {
    spdlog::warn("{}", message);
  } else {
    spdlog::info("{}", message);
  }
}

void SchemaManager::InvalidateCache(std::string_view datasource) {
  std::shared_ptr<Datasource> ds = Find(datasource);
  if (ds == nullptr) return;
  std::lock_guard lock(ds->mu);
  ds->Clear();
  invalidations_.fetch_add(1, std::memory_order_relaxed);
  Persist(*ds);
}

Status SchemaManager::AttachCacheFile(std::string_view id, std::filesystem::path file) {
  std::string name = file.filename().string();
  return AttachCache(id, std::make_shared<FileSchemaCacheBackend>(file.parent_path()),
                     std::move(name));
}

Status SchemaManager::AttachCache(std::string_view id, std::shared_ptr<SchemaCacheBackend> backend,
                                  std::string name) {
  if (backend == nullptr || name.empty()) {
    return InvalidArgumentError("a schema cache needs a backend and a document name");
  }
  std::shared_ptr<Datasource> ds = Find(id);
  if (ds == nullptr) {
    return NotFoundError("no datasource '" + std::string(id) +
                         "' in the schema manager; register it before attaching a cache file");
  }
  std::lock_guard lock(ds->mu);
  ds->backend = std::move(backend);
  ds->cache_name = std::move(name);
  if (std::optional<SchemaCacheSnapshot> snapshot = ReadCache(*ds)) ds->Restore(*snapshot);
  return Status::Ok();
}

std::optional<SchemaCacheSnapshot> SchemaManager::ReadCache(const Datasource& ds) {
  StatusOr<std::string> text = ds.backend->Read(ds.cache_name);
  if (!text.ok() && text.status().code() != StatusCode::kNotFound) {
    Log("schema cache of datasource '" + ds.id +
            "' not read, starting cold: " + text.status().message(),
        true);
    return std::nullopt;
  }
  StatusOr<LoadedSchemaCache> loaded =
      text.ok() ? ParseSchemaCache(*text, ds.backend->Describe(ds.cache_name))
                : StatusOr<LoadedSchemaCache>(text.status());
  if (!loaded.ok()) {
    if (loaded.status().code() != StatusCode::kNotFound) {
      corrupt_dropped_.fetch_add(1, std::memory_order_relaxed);
      Log("schema cache of datasource '" + ds.id +
              "' dropped, it will be fetched again: " + loaded.status().message(),
          true);
    }
    return std::nullopt;
  }
  for (const std::string& entry : loaded->corrupt) {
    corrupt_dropped_.fetch_add(1, std::memory_order_relaxed);
    Log("schema cache entry '" + entry + "' of datasource '" + ds.id + "' in " +
            ds.backend->Describe(ds.cache_name) +
            " failed its checksum; dropped, it will be fetched again",
        true);
  }
  return std::move(loaded->snapshot);
}

void SchemaManager::Persist(const Datasource& ds) const {
  if (ds.backend == nullptr) return;
  SchemaCacheSnapshot s;
  s.fingerprint = ds.fingerprint;
  s.engine = ds.detailed_engine;
  s.database = ds.detailed_database;
  if (ds.basic) {
    s.basic = ds.basic->schema;
    s.basic_fetched_at = ds.basic->fetched_at;
  }
  for (const auto& [key, entry] : ds.detailed) s.tables.push_back({entry.table, entry.fetched_at});
  s.all_fetched_at = ds.all_fetched_at;
  s.all_tables = ds.all_tables;
  // A cache that cannot be written costs only a cold start.
  if (Status written = ds.backend->Write(ds.cache_name, SerializeSchemaCache(s)); !written.ok()) {
    Log("schema cache of datasource '" + ds.id + "' not saved: " + written.message(), true);
  }
}

SchemaCacheStats SchemaManager::stats() const {
  SchemaCacheStats s;
  s.hits = hits_.load();
  s.misses = misses_.load();
  s.introspect_calls = introspect_calls_.load();
  s.fingerprint_calls = fingerprint_calls_.load();
  s.invalidations = invalidations_.load();
  s.stale_served = stale_served_.load();
  s.corrupt_dropped = corrupt_dropped_.load();
  s.backoff_served = backoff_served_.load();
  return s;
}

void SchemaManager::CheckFingerprint(Datasource& ds, Clock::TimePoint now,
                                     Clock::Duration max_age) {
  if (ds.fingerprint_checked_at.has_value() &&
      now - *ds.fingerprint_checked_at < std::max(options_.fingerprint_interval, max_age)) {
    return;
  }
  fingerprint_calls_.fetch_add(1, std::memory_order_relaxed);
  StatusOr<std::string> fp = ds.source->Fingerprint();
  if (!fp.ok()) {
    // Keep serving the cache; the next call tries again — after the backoff when the source
    // timed out (a locked SQLite file, a catalog that does not answer).
    Log("schema fingerprint of datasource '" + ds.id +
            "' could not be read, cache kept: " + fp.status().ToString(),
        true);
    if (IsFetchTimeout(fp.status()) && options_.refetch_backoff > Clock::Duration::zero()) {
      ds.backoff_until = clock_.Now() + options_.refetch_backoff;
    }
    return;
  }
  ds.fingerprint_checked_at = now;
  if (!ds.fingerprint.empty() && *fp != ds.fingerprint) {
    ds.Clear();
    invalidations_.fetch_add(1, std::memory_order_relaxed);
    Log("schema of datasource '" + ds.id + "' changed (fingerprint " + ds.fingerprint + " -> " +
            *fp + "); schema cache invalidated",
        false);
  }
  const bool changed = ds.fingerprint != *fp;
  ds.fingerprint = *std::move(fp);
  if (changed) Persist(ds);
}

Status SchemaManager::Seed(std::string_view id, const db::DatabaseSchema& detailed,
                           std::string fingerprint) {
  std::shared_ptr<Datasource> ds = Find(id);
  if (ds == nullptr) {
    return NotFoundError("no datasource '" + std::string(id) +
                         "' in the schema manager; register it before seeding it");
  }
  std::lock_guard lock(ds->mu);
  const Clock::TimePoint now = clock_.Now();
  ds->Clear();
  ds->basic = Datasource::BasicEntry{StripToBasic(detailed), now};
  ds->detailed_engine = detailed.engine;
  ds->detailed_database = detailed.database;
  for (const db::TableInfo& t : detailed.tables) {
    ds->detailed[Key(t.name)] = Datasource::TableEntry{t, now};
    ds->all_tables.push_back(t.name);
  }
  ds->all_fetched_at = now;
  if (!fingerprint.empty()) {
    ds->fingerprint = std::move(fingerprint);
    ds->fingerprint_checked_at = now;
  }
  Persist(*ds);
  return Status::Ok();
}

StatusOr<SchemaResult> SchemaManager::GetSchema(const SchemaRequest& request) {
  std::shared_ptr<Datasource> ds = Find(request.datasource);
  if (ds == nullptr) {
    return NotFoundError("no datasource '" + request.datasource +
                         "' in the schema manager; register it before asking for its schema");
  }
  std::lock_guard lock(ds->mu);
  const Clock::TimePoint now = clock_.Now();
  const bool backing_off = ds->backoff_until.has_value() && now < *ds->backoff_until;
  // A source that just timed out is not asked for its fingerprint either.
  if (!backing_off) CheckFingerprint(*ds, now, request.fingerprint_max_age);
  StatusOr<SchemaResult> result = request.level == SchemaLevel::kBasic
                                      ? GetBasic(*ds, now, backing_off)
                                      : GetDetailed(*ds, request.tables, now, backing_off);
  if (!result.ok()) return result;
  result->fingerprint = ds->fingerprint;
  Finish(*ds, *result, request);
  const std::string what = "datasource '" + ds->id + "' level " +
                           std::string(SchemaLevelName(request.level)) + ", " +
                           std::to_string(result->schema.tables.size()) + " table(s), age " +
                           std::to_string(AgeSeconds(now, result->fetched_at)) + "s";
  if (result->stale && backing_off) {
    stale_served_.fetch_add(1, std::memory_order_relaxed);
    backoff_served_.fetch_add(1, std::memory_order_relaxed);
    Log(std::string(kCachedSchemaMarker) +
            " the schema source timed out recently, serving an expired copy without trying "
            "again for " +
            std::to_string(AgeSeconds(*ds->backoff_until, now)) + "s more: " + what,
        false);
  } else if (result->stale) {
    stale_served_.fetch_add(1, std::memory_order_relaxed);
    // From the end of the failed fetch, which took up to the timeout.
    if (options_.refetch_backoff > Clock::Duration::zero()) {
      ds->backoff_until = clock_.Now() + options_.refetch_backoff;
    }
    Log(std::string(kCachedSchemaMarker) + " schema fetch failed, serving an expired copy: " + what,
        true);
  } else if (result->from_cache) {
    hits_.fetch_add(1, std::memory_order_relaxed);
    Log(std::string(kCachedSchemaMarker) + " schema cache hit: " + what, false);
  } else {
    misses_.fetch_add(1, std::memory_order_relaxed);
    ds->backoff_until.reset();  // the source answered
  }
  return result;
}

StatusOr<SchemaResult> SchemaManager::GetBasic(Datasource& ds, Clock::TimePoint now,
                                               bool backing_off) {
  SchemaResult result;
  result.level = SchemaLevel::kBasic;
  if (ds.basic.has_value() && now - ds.basic->fetched_at < options_.ttl) {
    result.schema = ds.basic->schema;
    result.from_cache = true;
    result.fetched_at = ds.basic->fetched_at;
    return result;
  }
  StatusOr<db::DatabaseSchema> fetched = UnavailableError("backing off after a timeout");
  if (!backing_off || !ds.basic.has_value()) {
    db::IntrospectOptions options;
    options.sample_values_per_column = 0;
    options.row_counts = true;
    options.timeout = options_.fetch_timeout;
    introspect_calls_.fetch_add(1, std::memory_order_relaxed);
    fetched = ds.source->Introspect(options);
  }
  if (!fetched.ok()) {
    if (ds.basic.has_value() && IsFetchTimeout(fetched.status())) {
      result.schema = ds.basic->schema;
      result.from_cache = true;
      result.stale = true;
      result.fetched_at = ds.basic->fetched_at;
      return result;
    }
    return fetched.status().WithContext("fetching the basic schema of datasource '" + ds.id + "'");
  }
  ds.basic = Datasource::BasicEntry{StripToBasic(*std::move(fetched)), now};
  Persist(ds);
  result.schema = ds.basic->schema;
  result.fetched_at = now;
  return result;
}

// The tables a detailed request answers with (in order; every table when none is named), the
// ones to fetch first ("*": the whole level), and whether the whole level is fetched.
struct SchemaManager::DetailedWork {
  std::vector<std::string> wanted;
  std::vector<std::string> missing;
  bool whole = false;

  // An expired copy is served only when it covers everything asked for.
  bool CoveredBy(const Datasource& ds) const;
};

StatusOr<SchemaResult> SchemaManager::GetDetailed(Datasource& ds,
                                                  const std::vector<std::string>& tables,
                                                  Clock::TimePoint now, bool backing_off) {
  DetailedWork work = PlanDetailed(ds, tables, now);
  bool stale = false;
  if (!work.missing.empty()) {
    ASKDB_ASSIGN_OR_RETURN(stale, FetchMissing(ds, work, now, backing_off));
  }
  return AnswerDetailed(ds, work, now, stale);
}

SchemaManager::DetailedWork SchemaManager::PlanDetailed(const Datasource& ds,
                                                        const std::vector<std::string>& tables,
                                                        Clock::TimePoint now) const {
  auto fresh = [&](Clock::TimePoint at) { return now - at < options_.ttl; };
  DetailedWork work;
  const bool every_table = tables.empty();
  // Fetch every table in one go: the whole level was never fetched or has expired.
  work.whole = every_table && (!ds.all_fetched_at.has_value() || !fresh(*ds.all_fetched_at));
  if (work.whole) {
    work.missing.push_back("*");
    work.wanted = ds.all_tables;
  } else if (every_table) {
    // Fresh as a whole, but an entry may be missing (dropped from a corrupt cache file).
    work.wanted = ds.all_tables;
    for (const std::string& t : work.wanted) {
      auto it = ds.detailed.find(Key(t));
      if (it == ds.detailed.end() || !fresh(it->second.fetched_at)) work.missing.push_back(t);
    }
  } else {
    for (const std::string& t : tables) {
      if (std::find_if(work.wanted.begin(), work.wanted.end(), [&](const std::string& w) {
            return Key(w) == Key(t);
          }) != work.wanted.end()) {
        continue;
      }
      work.wanted.push_back(t);
      auto it = ds.detailed.find(Key(t));
      if (it == ds.detailed.end() || !fresh(it->second.fetched_at)) work.missing.push_back(t);
    }
  }
  return work;
}

bool SchemaManager::DetailedWork::CoveredBy(const Datasource& ds) const {
  return (!whole || ds.all_fetched_at.has_value()) &&
         std::all_of(wanted.begin(), wanted.end(),
                     [&](const std::string& t) { return ds.detailed.count(Key(t)) > 0; });
}

StatusOr<bool> SchemaManager::FetchMissing(Datasource& ds, DetailedWork& work, Clock::TimePoint now,
                                           bool backing_off) {
  StatusOr<db::DatabaseSchema> fetched = UnavailableError("backing off after a timeout");
  if (!backing_off || !work.CoveredBy(ds)) {
    db::IntrospectOptions options;
    options.sample_values_per_column = options_.sample_values_per_column;
    options.row_counts = true;
    options.timeout = options_.fetch_timeout;
    if (!work.whole) options.tables = work.missing;  // every missing table in one call
    introspect_calls_.fetch_add(1, std::memory_order_relaxed);
    fetched = ds.source->Introspect(options);
  }
  if (fetched.ok()) {
    StoreDetailed(ds, *std::move(fetched), work, now);
    return false;
  }
  if (!work.CoveredBy(ds) || !IsFetchTimeout(fetched.status())) {
    return fetched.status().WithContext("fetching the detailed schema of datasource '" + ds.id +
                                        "'");
  }
  return true;
}

// Keeps what a fetch brought: the tables, and for the whole level the table list and the
// basic level too (a consultation that follows is a hit).
void SchemaManager::StoreDetailed(Datasource& ds, db::DatabaseSchema fetched, DetailedWork& work,
                                  Clock::TimePoint now) {
  ds.detailed_engine = fetched.engine;
  ds.detailed_database = fetched.database;
  if (work.whole) {
    ds.detailed.clear();
    ds.all_tables.clear();
    ds.all_fetched_at = now;
    ds.basic = Datasource::BasicEntry{StripToBasic(fetched), now};
  }
  for (db::TableInfo& t : fetched.tables) {
    if (work.whole) ds.all_tables.push_back(t.name);
    std::string key = Key(t.name);  // before the move below
    ds.detailed[key] = Datasource::TableEntry{std::move(t), now};
  }
  if (work.whole) work.wanted = ds.all_tables;
  Persist(ds);
}

StatusOr<SchemaResult> SchemaManager::AnswerDetailed(const Datasource& ds, const DetailedWork& work,
                                                     Clock::TimePoint now, bool stale) const {
  SchemaResult result;
  result.level = SchemaLevel::kDetailed;
  result.schema.engine = ds.detailed_engine;
  result.schema.database = ds.detailed_database;
  result.fetched_at = now;
  for (const std::string& t : work.wanted) {
    auto it = ds.detailed.find(Key(t));
    if (it == ds.detailed.end()) {
      return NotFoundError("no table '" + t + "' in datasource '" + ds.id +
                           "'; ask for the basic schema to list its tables");
    }
    result.schema.tables.push_back(it->second.table);
    result.fetched_at = std::min(result.fetched_at, it->second.fetched_at);
  }
  result.from_cache = work.missing.empty() || stale;
  result.stale = stale;
  return result;
}

db::DatabaseSchema WithoutDisabled(db::DatabaseSchema schema, const SemanticModel* model) {
  if (model == nullptr) return schema;
  std::erase_if(schema.tables, [&](const db::TableInfo& t) {
    const TableSemantics* s = model->FindTable(t.name);
    return s != nullptr && !s->enabled;
  });
  for (db::TableInfo& t : schema.tables) {
    const TableSemantics* s = model->FindTable(t.name);
    if (s == nullptr) continue;
    std::erase_if(t.columns, [&](const db::ColumnInfo& c) {
      const ColumnSemantics* cs = s->FindColumn(c.name);
      return cs != nullptr && !cs->enabled;
    });
  }
  return schema;
}

void SchemaManager::Finish(const Datasource& ds, SchemaResult& result,
                           const SchemaRequest& request) const {
  const SemanticModel* model = ds.model ? &*ds.model : nullptr;
  // Disabled tables and columns never leave the manager.
  if (model != nullptr && !request.include_disabled) {
    result.schema = WithoutDisabled(std::move(result.schema), model);
  }
  if (!request.want_text) return;
  RenderOptions render = options_.render;
  render.level = result.level;
  std::string text = RenderSchema(result.schema, model, render);
  result.text = result.from_cache ? std::string(kCachedSchemaMarker) + "\n" + text : text;
}

}  // namespace askdb::catalog
