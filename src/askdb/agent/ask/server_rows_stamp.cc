#include "askdb/agent/ask/server_rows_stamp.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <string_view>
#include <utility>
#include <vector>

namespace askdb::agent {
namespace {

// Counters summed over every user table of the database (its other schemas too: a write
// there costs a recomputation, never a stale answer). n_live_tup catches a TRUNCATE, which
// n_tup_del does not count.
constexpr char kPostgresQuery[] =
    "SELECT current_setting('track_counts') AS track_counts, COUNT(*) AS tables, "
    "COALESCE(SUM(n_tup_ins), 0) AS inserted, COALESCE(SUM(n_tup_upd), 0) AS updated, "
    "COALESCE(SUM(n_tup_del), 0) AS deleted, COALESCE(SUM(n_live_tup), 0) AS live "
    "FROM pg_stat_user_tables";

constexpr char kMysqlQuery[] =
    "SELECT VERSION() AS version, COUNT(*) AS tables, "
    "COALESCE(SUM(UPDATE_TIME IS NULL), 0) AS unknown, "
    "COALESCE(SUM(UNIX_TIMESTAMP(UPDATE_TIME)), 0) AS updated, "
    "COALESCE(SUM(TABLE_ROWS), 0) AS row_estimate, "
    "COALESCE(TIMESTAMPDIFF(SECOND, MAX(UPDATE_TIME), NOW()), 0) AS seconds_since "
    "FROM information_schema.TABLES "
    "WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'";

// MySQL 8 serves UPDATE_TIME from a cache for this many seconds (a day by default).
constexpr char kMysqlExpiryQuery[] = "SELECT @@information_schema_stats_expiry AS expiry";

// A catalog read that takes longer than this is not worth the cache.
constexpr std::chrono::milliseconds kStampTimeout{2000};

// UPDATE_TIME counts whole seconds: a write within this many seconds of the last may not
// change it.
constexpr double kMysqlSecondsUnsure = 2;

// A fixed catalog query (no person's text): one row, a short timeout.
db::QueryOptions CatalogQueryOptions() {
  db::QueryOptions options;
  options.internal = true;
  options.max_rows = 1;
  options.timeout = kStampTimeout;
  return options;
}

// The one row of an internal catalog query; nullopt (logged) when it fails.
std::optional<std::vector<db::Value>> OneRow(db::Connector& connector, std::string_view sql) {
  StatusOr<db::ResultSet> r = connector.Execute(sql, CatalogQueryOptions());
  if (!r.ok() || r->rows.size() != 1) {
    spdlog::info("answer cache: no row stamp from {}: {}", connector.display_name(),
                 r.ok() ? "no row" : r.status().message());
    return std::nullopt;
  }
  return std::move(r->rows.front());
}

// Cells [from, to) of `row`, each after a dash.
std::string Joined(const std::vector<db::Value>& row, size_t from, size_t to) {
  std::string out;
  for (size_t i = from; i < to; ++i) out += "-" + row[i].ToDisplayString();
  return out;
}

std::optional<std::string> PostgresStamp(db::Connector& connector) {
  const std::optional<std::vector<db::Value>> row = OneRow(connector, kPostgresQuery);
  if (!row || row->size() != 6 || (*row)[0].ToDisplayString() != "on") return std::nullopt;
  return "#rows-pg" + Joined(*row, 1, row->size());
}

std::optional<std::string> MysqlStampFrom(const std::optional<std::vector<db::Value>>& row) {
  if (!row || row->size() != 6) return std::nullopt;
  const std::optional<double> unknown = (*row)[2].AsNumber(), since = (*row)[5].AsNumber();
  if (!unknown || *unknown > 0 || !since || *since < kMysqlSecondsUnsure) return std::nullopt;
  // The table count, UPDATE_TIMEs and row estimates; not the seconds since, which tick.
  return "#rows-my" + Joined(*row, 1, 5);
}

}  // namespace

ServerRowsStamper::ServerRowsStamper(Clock now) : now_(std::move(now)) {}

std::optional<bool> ServerRowsStamper::FreshSetting() {
  if (update_time_live_ && now_() - read_at_ < kSettingLifetime) return update_time_live_;
  return std::nullopt;
}

// MariaDB keeps UPDATE_TIME live, as does MySQL 5.x (it has no such variable: not asked);
// MySQL 8 caches it unless the expiry is 0. A failed read of the setting is asked again.
bool ServerRowsStamper::MysqlUpdateTimeIsLive(db::Connector& connector, std::string_view version) {
  if (version.find("MariaDB") != std::string_view::npos || version.starts_with("5.")) return true;
  std::lock_guard lock(mu_);
  if (std::optional<bool> fresh = FreshSetting()) return *fresh;
  StatusOr<db::ResultSet> r = connector.Execute(kMysqlExpiryQuery, CatalogQueryOptions());
  if (!r.ok()) return false;  // MySQL 8 may cache UPDATE_TIME
  update_time_live_ = r->rows.size() == 1 && r->rows.front().front().AsNumber() == 0.0;
  read_at_ = now_();
  return *update_time_live_;
}

std::optional<std::string> ServerRowsStamper::Read(db::Connector& connector) {
  if (connector.engine() == "postgres") return PostgresStamp(connector);
  if (connector.engine() != "mysql") return std::nullopt;
  {
    // A setting known to cache UPDATE_TIME: no stamp, so no catalog query for one.
    std::lock_guard lock(mu_);
    if (FreshSetting() == false) return std::nullopt;
  }
  const std::optional<std::vector<db::Value>> row = OneRow(connector, kMysqlQuery);
  std::optional<std::string> stamp = MysqlStampFrom(row);
  if (!stamp || !MysqlUpdateTimeIsLive(connector, (*row)[0].ToDisplayString())) {
    return std::nullopt;
  }
  return stamp;
}

}  // namespace askdb::agent
