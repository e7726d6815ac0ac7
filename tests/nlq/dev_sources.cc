#include "dev_sources.h"

#include <filesystem>

#include "askdb/catalog/semantic_model.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/demo/demo_database.h"

namespace askdb::nlq::devset {

StatusOr<EvalDatasource> OpenDevSource(const std::string& db, const std::string& work_dir) {
  namespace fs = std::filesystem;
  const fs::path shared = ASKDB_SHARED_DATA_DIR;
  if (db == "demo") {
    const fs::path path = fs::path(work_dir) / "nlq_demo.sqlite";
    if (!fs::exists(path)) {
      std::error_code ec;
      fs::create_directories(work_dir, ec);
      // Another test process may create it at the same moment: its copy is identical.
      const Status created = demo::CreateDemoDatabase(path);
      if (!created.ok() && created.code() != StatusCode::kAlreadyExists) return created;
    }
    ASKDB_ASSIGN_OR_RETURN(catalog::SemanticModel model, demo::BuiltinDemoSemanticModel());
    ASKDB_ASSIGN_OR_RETURN(auto conn, db::SqliteConnector::Open(path.string()));
    return PrepareDatasource(std::move(conn), &model);
  }
  fs::path file;
  if (db == "chinook") file = shared / "chinook" / "chinook.sqlite";
  if (db.rfind("dusql/", 0) == 0) {
    const std::string name = db.substr(6);
    file = shared / "dusql" / name / (name + ".sqlite");
  }
  if (db.rfind("spider-dk/", 0) == 0) {
    const std::string name = db.substr(10);
    file = shared / "spider-dk" / "database" / name / (name + ".sqlite");
  }
  // A path relative to the questions folder, as the converted public sets write it
  // (defog.jsonl: ../../../shared/data/defog/sqlite/NAME.sqlite).
  if (file.empty() && db.size() > 7 && db.compare(db.size() - 7, 7, ".sqlite") == 0 &&
      !fs::path(db).is_absolute()) {
    file = fs::path(ASKDB_SOURCE_DIR) / "tests" / "nlq" / db;
  }
  if (!file.empty()) {
    ASKDB_ASSIGN_OR_RETURN(auto conn, db::SqliteConnector::Open(file.string()));
    return PrepareDatasource(std::move(conn), nullptr);
  }
  ASKDB_ASSIGN_OR_RETURN(auto conn, db::OpenConnector(db));
  return PrepareDatasource(std::move(conn), nullptr);
}

}  // namespace askdb::nlq::devset
