// The column statistics the engine's index is built from (nlq::CollectColumnStats: MIN/MAX of
// time columns, DISTINCT values of text columns), persisted beside the schema cache so that a
// second process over the same database measures nothing (seed 000: preparation once).
//
// One document per datasource in the schema cache's backend (a directory, or the shared
// store of server.store_url), one entry per column with its type, its measuring time and an
// FNV-1a checksum. A column is measured again when it is new, its type changed, its entry
// is older than the schema cache's TTL (the data moves; the statistics follow within the
// TTL as sample values do) or its checksum fails (logged, seed 000 E6).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/catalog/schema_cache_file.h"
#include "askdb/common/clock.h"
#include "askdb/common/status.h"
#include "askdb/db/connector.h"
#include "askdb/db/schema.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent {

struct MeasuredColumn {
  std::string type;  // the column's type when measured
  nlq::ColumnStats stats;
  Clock::TimePoint measured_at{};
};
// Keyed as nlq::CollectColumnStats keys ("table.column").
using MeasuredStats = std::map<std::string, MeasuredColumn>;

// The parsed document; `corrupt` names each entry dropped ("orders.status").
struct LoadedColumnStats {
  MeasuredStats columns;
  std::vector<std::string> corrupt;
};
// FailedPrecondition naming `where` when `text` is not a statistics document.
StatusOr<LoadedColumnStats> ParseColumnStats(std::string_view text, std::string_view where);
std::string SerializeColumnStats(const MeasuredStats& stats);

struct StatsMeasurement {
  MeasuredStats stats;  // every column of the schema
  size_t measured = 0;  // columns measured now (statements run); the rest were reused
};

// The statistics of every column of `schema`: those of `prior` whose column still has the
// same type and that are younger than `ttl` are reused, the others measured through
// `connector` (one CollectColumnStats call over just those columns).
StatusOr<StatsMeasurement> MeasureColumnStats(db::Connector& connector,
                                              const db::DatabaseSchema& schema,
                                              const MeasuredStats& prior, Clock::Duration ttl,
                                              Clock::TimePoint now);

// The plain map the engine's index takes.
nlq::ColumnStatsMap StatsForIndex(const MeasuredStats& stats);

// The persisted statistics of document `name` in `backend` (empty when there are none or
// the document is unreadable; what was dropped is logged).
MeasuredStats LoadColumnStats(catalog::SchemaCacheBackend& backend, const std::string& name);
// Logged, not returned: statistics that cannot be saved cost only a re-measure.
void SaveColumnStats(catalog::SchemaCacheBackend& backend, const std::string& name,
                     const MeasuredStats& stats);

}  // namespace askdb::agent
