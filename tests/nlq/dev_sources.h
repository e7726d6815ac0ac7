// Test-only: opens the datasources the nlq dev set names — "demo" (generated on first use
// beside the build), "chinook", "dusql/<name>", "spider-dk/<name>" from the shared data
// folder, or any connector URL — and builds the engine's index over each.
#pragma once

#include <memory>
#include <string>

#include "askdb/nlq/eval.h"

namespace askdb::nlq::devset {

// The demo's semantic model and business terms over `connector` (the demo database on any
// engine: the generated SQLite file, or the copy scripts/db_servers.sh loads into the servers).
StatusOr<EvalDatasource> PrepareDemo(std::unique_ptr<db::Connector> connector);

// `work_dir` holds the generated demo database.
StatusOr<EvalDatasource> OpenDevSource(const std::string& db, const std::string& work_dir);

}  // namespace askdb::nlq::devset
