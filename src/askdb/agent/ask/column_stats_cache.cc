#include "askdb/agent/ask/column_stats_cache.h"

#include <spdlog/spdlog.h>

#include <utility>

#include "askdb/catalog/schema_source.h"
#include "askdb/common/epoch_millis.h"
#include "askdb/nlq/time_expr.h"

namespace askdb::agent {
namespace {

// 2: distinct_numbers (session 14). A document of another format is measured again, so a
// check that needs a newer field is never silently off on an old cache.
constexpr int kFormat = 2;

std::string Key(std::string_view table, std::string_view column) {
  return std::string(table) + "." + std::string(column);  // as nlq::CollectColumnStats keys
}

Json StatsJson(const nlq::ColumnStats& s) {
  Json j = {{"values", s.values}};
  if (s.distinct_count) j["distinct_count"] = *s.distinct_count;
  if (s.distinct_numbers) j["distinct_numbers"] = *s.distinct_numbers;
  if (s.min_date) j["min_date"] = nlq::FormatIsoDate(*s.min_date);
  if (s.max_date) j["max_date"] = nlq::FormatIsoDate(*s.max_date);
  return j;
}

// What an entry's checksum covers: its key, type, measuring time and statistics.
std::string Checksum(const std::string& key, const std::string& type, int64_t ms,
                     const Json& stats) {
  return catalog::HashHex(key + "|" + type + "|" + std::to_string(ms) + "|" + stats.dump());
}

// nullopt when `j` is not a well-formed statistics object.
std::optional<nlq::ColumnStats> StatsFromJson(const Json& j) {
  if (!j.is_object() || !j.contains("values") || !j["values"].is_array()) return std::nullopt;
  nlq::ColumnStats s;
  for (const Json& v : j["values"]) {
    if (!v.is_string()) return std::nullopt;
    s.values.push_back(v.get<std::string>());
  }
  for (auto [field, count] : {std::pair{"distinct_count", &s.distinct_count},
                              {"distinct_numbers", &s.distinct_numbers}}) {
    if (!j.contains(field)) continue;
    if (!j[field].is_number_integer()) return std::nullopt;
    *count = j[field].get<long long>();
  }
  for (auto [field, date] : {std::pair{"min_date", &s.min_date}, {"max_date", &s.max_date}}) {
    if (!j.contains(field)) continue;
    if (!j[field].is_string()) return std::nullopt;
    *date = nlq::ParseIsoDate(j[field].get<std::string>());
    if (!*date) return std::nullopt;
  }
  return s;
}

}  // namespace

StatusOr<LoadedColumnStats> ParseColumnStats(std::string_view text, std::string_view where) {
  Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object() || j.value("format", 0) != kFormat ||
      !j.contains("columns") || !j["columns"].is_array()) {
    return FailedPreconditionError("column statistics " + std::string(where) +
                                   " are not a statistics document (corrupt or of another "
                                   "version)");
  }
  LoadedColumnStats out;
  for (const Json& e : j["columns"]) {
    const std::string key = e.is_object() ? e.value("key", "") : "";
    const bool shaped = e.is_object() && !key.empty() && e.contains("type") &&
                        e["type"].is_string() && e.contains("measured_at_ms") &&
                        e["measured_at_ms"].is_number_integer() && e.contains("stats");
    std::optional<nlq::ColumnStats> stats = shaped ? StatsFromJson(e["stats"]) : std::nullopt;
    if (!stats ||
        e.value("checksum", "") != Checksum(key, e["type"].get<std::string>(),
                                            e["measured_at_ms"].get<int64_t>(), e["stats"])) {
      out.corrupt.push_back(key.empty() ? "entry" : key);
      continue;
    }
    out.columns[key] = MeasuredColumn{e["type"].get<std::string>(), *std::move(stats),
                                      FromEpochMillis(e["measured_at_ms"].get<int64_t>())};
  }
  return out;
}

std::string SerializeColumnStats(const MeasuredStats& stats) {
  Json columns = Json::array();
  for (const auto& [key, c] : stats) {
    const int64_t ms = ToEpochMillis(c.measured_at);
    Json s = StatsJson(c.stats);
    std::string sum = Checksum(key, c.type, ms, s);
    columns.push_back({{"key", key},
                       {"type", c.type},
                       {"measured_at_ms", ms},
                       {"stats", std::move(s)},
                       {"checksum", std::move(sum)}});
  }
  return Json{{"format", kFormat}, {"columns", std::move(columns)}}.dump();
}

StatusOr<StatsMeasurement> MeasureColumnStats(db::Connector& connector,
                                              const db::DatabaseSchema& schema,
                                              const MeasuredStats& prior, Clock::Duration ttl,
                                              Clock::TimePoint now) {
  StatsMeasurement out;
  db::DatabaseSchema unmeasured;
  unmeasured.engine = schema.engine;
  unmeasured.database = schema.database;
  for (const db::TableInfo& t : schema.tables) {
    db::TableInfo fresh = t;
    fresh.columns.clear();
    for (const db::ColumnInfo& c : t.columns) {
      auto it = prior.find(Key(t.name, c.name));
      if (it != prior.end() && it->second.type == c.type && now - it->second.measured_at < ttl) {
        out.stats.emplace(it->first, it->second);
      } else {
        fresh.columns.push_back(c);
      }
    }
    if (!fresh.columns.empty()) unmeasured.tables.push_back(std::move(fresh));
  }
  if (unmeasured.tables.empty()) return out;
  ASKDB_ASSIGN_OR_RETURN(nlq::ColumnStatsMap more, nlq::CollectColumnStats(connector, unmeasured));
  for (const db::TableInfo& t : unmeasured.tables) {
    for (const db::ColumnInfo& c : t.columns) {
      auto it = more.find(Key(t.name, c.name));
      if (it == more.end()) continue;
      out.stats[it->first] = MeasuredColumn{c.type, std::move(it->second), now};
      ++out.measured;
    }
  }
  return out;
}

nlq::ColumnStatsMap StatsForIndex(const MeasuredStats& stats) {
  nlq::ColumnStatsMap out;
  out.reserve(stats.size());
  for (const auto& [key, c] : stats) out.emplace(key, c.stats);
  return out;
}

MeasuredStats LoadColumnStats(catalog::SchemaCacheBackend& backend, const std::string& name) {
  StatusOr<std::string> text = backend.Read(name);
  if (!text.ok()) {
    if (text.status().code() != StatusCode::kNotFound) {
      spdlog::warn("column statistics not read ({}); every column is measured again",
                   text.status().message());
    }
    return {};
  }
  StatusOr<LoadedColumnStats> loaded = ParseColumnStats(*text, backend.Describe(name));
  if (!loaded.ok()) {
    spdlog::warn("{}; every column is measured again and the document replaced",
                 loaded.status().message());
    return {};
  }
  for (const std::string& key : loaded->corrupt) {
    spdlog::warn(
        "column statistics entry '{}' in {} failed its checksum; dropped, it will be measured "
        "again",
        key, backend.Describe(name));
  }
  return std::move(loaded->columns);
}

void SaveColumnStats(catalog::SchemaCacheBackend& backend, const std::string& name,
                     const MeasuredStats& stats) {
  if (Status written = backend.Write(name, SerializeColumnStats(stats)); !written.ok()) {
    spdlog::warn("column statistics not saved ({}); the next process measures them again",
                 written.message());
  }
}

}  // namespace askdb::agent
