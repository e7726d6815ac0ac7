#include "askdb/server/api/shared_duration_store.h"

#include <string>
#include <utility>

#include "askdb/server/store/sql_management_store.h"

namespace askdb::server::api {
namespace {

using store::SqlStatement;
using StepResult = SqlStatement::StepResult;
using PrepareFn = store::SqlManagementStore::PrepareFn;

constexpr const char* kCreateTables[] = {
    "CREATE TABLE IF NOT EXISTS step_duration_keys (tool TEXT NOT NULL, query_type TEXT NOT "
    "NULL, last_seq BIGINT NOT NULL, PRIMARY KEY (tool, query_type))",
    "CREATE TABLE IF NOT EXISTS step_duration_samples (tool TEXT NOT NULL, query_type TEXT NOT "
    "NULL, seq BIGINT NOT NULL, duration_ms BIGINT NOT NULL, PRIMARY KEY (tool, query_type, "
    "seq))",
};

}  // namespace

StatusOr<std::unique_ptr<SharedDurationStore>> SharedDurationStore::Open(store::ManagementStore& db,
                                                                         size_t window) {
  ASKDB_ASSIGN_OR_RETURN(
      store::SqlManagementStore * sql,
      store::SqlManagementStore::WithTables(
          db, "shared step durations",
          std::vector<const char*>(std::begin(kCreateTables), std::end(kCreateTables))));
  return std::unique_ptr<SharedDurationStore>(
      new SharedDurationStore(*sql, window == 0 ? 1 : window));
}

Status SharedDurationStore::Append(const agent::plan::DurationSample& sample) {
  if (sample.tool.empty() || sample.duration_ms < 0) {
    return InvalidArgumentError(
        "step durations: a sample needs a tool and a non-negative duration");
  }
  return db_.WriteWith([&](const PrepareFn& prepare) -> Status {
    auto bump = prepare(
        "INSERT INTO step_duration_keys (tool, query_type, last_seq) VALUES (?, ?, 1) "
        "ON CONFLICT (tool, query_type) DO UPDATE SET last_seq = step_duration_keys.last_seq + 1 "
        "RETURNING last_seq");
    ASKDB_RETURN_IF_ERROR(bump->prepared());
    bump->Text(sample.tool).Text(sample.query_type);
    const StepResult rc = bump->Step();
    if (rc != StepResult::kRow) return bump->StepError("numbering a step duration");
    const int64_t seq = bump->ColInt(0);
    bump.reset();  // SQLite finishes the statement before the next one runs
    auto put = prepare(
        "INSERT INTO step_duration_samples (tool, query_type, seq, duration_ms) "
        "VALUES (?, ?, ?, ?)");
    ASKDB_RETURN_IF_ERROR(put->prepared());
    put->Text(sample.tool).Text(sample.query_type).Int(seq).Int(sample.duration_ms);
    ASKDB_RETURN_IF_ERROR(put->Run("storing a step duration"));
    // Only the newest `window` of a key are ever used (DurationHistory's median).
    auto trim =
        prepare("DELETE FROM step_duration_samples WHERE tool = ? AND query_type = ? AND seq <= ?");
    ASKDB_RETURN_IF_ERROR(trim->prepared());
    trim->Text(sample.tool).Text(sample.query_type).Int(seq - static_cast<int64_t>(window_));
    return trim->Run("trimming the step durations");
  });
}

StatusOr<std::vector<agent::plan::DurationSample>> SharedDurationStore::LoadAll() {
  std::vector<agent::plan::DurationSample> out;
  ASKDB_RETURN_IF_ERROR(db_.ReadWith([&](const PrepareFn& prepare) -> Status {
    auto s = prepare(
        "SELECT tool, query_type, duration_ms FROM step_duration_samples "
        "ORDER BY tool, query_type, seq");
    ASKDB_RETURN_IF_ERROR(s->prepared());
    StepResult rc;
    while ((rc = s->Step()) == StepResult::kRow) {
      out.push_back({s->ColText(0), s->ColText(1), s->ColInt(2)});
    }
    if (rc == StepResult::kError) return s->StepError("loading step durations");
    return Status::Ok();
  }));
  return out;
}

}  // namespace askdb::server::api
