#include "dev_sources.h"

#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "askdb/catalog/semantic_model.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/demo/demo_database.h"
#include "askdb/knowledge/terms/term_file.h"

namespace askdb::nlq::devset {
namespace {

// Northwind ships as a SQL script (../shared/data/northwind/create.sql): build the database
// once into the work folder, through a temporary file so that a concurrent test process never
// opens a half-written copy.
StatusOr<std::filesystem::path> NorthwindDatabase(const std::filesystem::path& shared,
                                                  const std::string& work_dir) {
  namespace fs = std::filesystem;
  const fs::path path = fs::path(work_dir) / "northwind.sqlite";
  if (fs::exists(path)) return path;
  std::ifstream in(shared / "northwind" / "create.sql");
  if (!in) return NotFoundError("northwind/create.sql is missing from the shared data");
  std::stringstream script;
  script << in.rdbuf();
  std::error_code ec;
  fs::create_directories(work_dir, ec);
  const fs::path tmp = path.string() + ".tmp" + std::to_string(::getpid());
  sqlite3* db = nullptr;
  if (sqlite3_open(tmp.c_str(), &db) != SQLITE_OK) {
    sqlite3_close(db);
    return InternalError("cannot create " + tmp.string());
  }
  char* error = nullptr;
  // One transaction and no syncs: 3,310 INSERTs otherwise take seconds on a slow disk.
  std::string sql =
      "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; BEGIN;\n" + script.str() + "\nCOMMIT;";
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
  const std::string message = error ? error : "";
  sqlite3_free(error);
  sqlite3_close(db);
  if (rc != SQLITE_OK) {
    fs::remove(tmp, ec);
    return InternalError("building northwind.sqlite failed: " + message);
  }
  fs::rename(tmp, path, ec);
  if (ec) return InternalError("cannot move " + tmp.string() + ": " + ec.message());
  return path;
}

}  // namespace

StatusOr<EvalDatasource> PrepareDemo(std::unique_ptr<db::Connector> connector) {
  ASKDB_ASSIGN_OR_RETURN(catalog::SemanticModel model, demo::BuiltinDemoSemanticModel());
  ASKDB_ASSIGN_OR_RETURN(EvalDatasource ds, PrepareDatasource(std::move(connector), &model));
  // The demo's business terms, as `askdb demo` writes them beside the database.
  ASKDB_ASSIGN_OR_RETURN(Json terms_json, ParseJson(demo::BuiltinDemoTermsJson()));
  ASKDB_ASSIGN_OR_RETURN(auto terms, knowledge::ParseTermsJson(terms_json));
  std::vector<std::string> errors;
  ds.index->AddBusinessTerms(knowledge::EngineDefinitions(terms), &errors);
  if (!errors.empty()) return InternalError("demo terms: " + errors.front());
  return ds;
}

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
    ASKDB_ASSIGN_OR_RETURN(auto conn, db::SqliteConnector::Open(path.string()));
    return PrepareDemo(std::move(conn));
  }
  // Chinook with the Chinese semantic model the repository ships (chinook_zh_dev.jsonl).
  if (db == "chinook_zh") {
    ASKDB_ASSIGN_OR_RETURN(catalog::SemanticModel model,
                           catalog::LoadSemanticModel(fs::path(ASKDB_SOURCE_DIR) / "data" /
                                                      "semantic" / "chinook.semantic.json"));
    ASKDB_ASSIGN_OR_RETURN(
        auto conn, db::SqliteConnector::Open((shared / "chinook" / "chinook.sqlite").string()));
    return PrepareDatasource(std::move(conn), &model);
  }
  fs::path file;
  if (db == "chinook") file = shared / "chinook" / "chinook.sqlite";
  if (db == "northwind") {
    ASKDB_ASSIGN_OR_RETURN(file, NorthwindDatabase(shared, work_dir));
  }
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
