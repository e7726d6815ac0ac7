// What changes when the rows of a PostgreSQL or MySQL/MariaDB datasource change, for the
// answer cache (SQLite's is the file's, data_stamp.h). Each is one cheap catalog query with
// caveats of its own (docs/cache.md "Row changes on a server database"); where the server
// gives no reliable signal the answer is nullopt, and the cache then neither serves nor
// stores an answer for the run: a stale number is worse than a recomputed one.
#pragma once

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "askdb/db/connector.h"

namespace askdb::agent {

// PostgreSQL: the datasource database's row counters (pg_stat_user_tables: rows inserted,
// updated, deleted, live), nullopt when track_counts is off. MySQL/MariaDB: the base
// tables' UPDATE_TIME and TABLE_ROWS, nullopt when a table's UPDATE_TIME is unknown (InnoDB
// forgets it at a restart until the table is written), was set less than 2 s ago (it counts
// whole seconds: a second write in that second would not change it), or MySQL caches it
// (information_schema_stats_expiry other than 0). nullopt too for another engine and for a
// query that fails.
//
// One reader per connection (PreparedDatasource::rows_stamper, shared by the views over it):
// the MySQL expiry setting is read at most once a minute, not at every lookup. Not for
// longer: the stamper outlives the connector's reconnects, and a new session takes a
// changed global setting (SET GLOBAL information_schema_stats_expiry).
class ServerRowsStamper {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;
  // How long a read of the setting is trusted.
  static constexpr std::chrono::seconds kSettingLifetime{60};

  explicit ServerRowsStamper(Clock now = std::chrono::steady_clock::now);

  std::optional<std::string> Read(db::Connector& connector);

 private:
  // The setting read less than kSettingLifetime ago, if any; mu_ held.
  std::optional<bool> FreshSetting();
  // Whether MySQL serves UPDATE_TIME live; false when the setting cannot be read.
  bool MysqlUpdateTimeIsLive(db::Connector& connector, std::string_view version);

  Clock now_;
  std::mutex mu_;
  std::optional<bool> update_time_live_;
  std::chrono::steady_clock::time_point read_at_;
};

}  // namespace askdb::agent
