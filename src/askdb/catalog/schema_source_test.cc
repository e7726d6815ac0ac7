#include "askdb/catalog/schema_source.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <memory>
#include <string>

#include "askdb/catalog/schema_manager.h"
#include "askdb/db/connector.h"
#include "askdb/db/connector_registry.h"

namespace askdb::catalog {
namespace {

// A scratch database written through its own handle, read by the read-only connector.
class ScratchDb {
 public:
  ScratchDb() {
    dir_ = std::filesystem::temp_directory_path() /
           ("askdb_schema_source_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "scratch.sqlite").string();
  }
  ~ScratchDb() {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  void Exec(const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    std::string message = error ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK) << message;
  }
  const std::string& path() const { return path_; }

 private:
  std::filesystem::path dir_;
  std::string path_;
};

TEST(ConnectorSchemaSourceTest, SqliteFingerprintChangesWithStructureOnly) {
  ScratchDb db;
  db.Exec("CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT);");
  auto connector = db::OpenConnector("sqlite:" + db.path());
  ASSERT_TRUE(connector.ok()) << connector.status().ToString();
  ConnectorSchemaSource source(**connector);
  auto fp1 = source.Fingerprint();
  ASSERT_TRUE(fp1.ok()) << fp1.status().ToString();
  EXPECT_TRUE(fp1->starts_with("sqlite:"));
  db.Exec("INSERT INTO a (name) VALUES ('x');");
  auto fp2 = source.Fingerprint();
  ASSERT_TRUE(fp2.ok());
  EXPECT_EQ(*fp1, *fp2) << "data changes must not change the fingerprint";
  db.Exec("ALTER TABLE a ADD COLUMN extra REAL;");
  auto fp3 = source.Fingerprint();
  ASSERT_TRUE(fp3.ok());
  EXPECT_NE(*fp2, *fp3);
}

TEST(ConnectorSchemaSourceTest, EveryEngineHasAFingerprintQuery) {
  for (std::string_view engine : {"sqlite", "postgres", "mysql"}) {
    const FingerprintQuery* q = FindFingerprintQuery(engine);
    ASSERT_NE(q, nullptr) << engine;
    EXPECT_TRUE(std::string_view(q->sql).starts_with("SELECT")) << engine;
  }
  EXPECT_EQ(FindFingerprintQuery("oracle"), nullptr);
}

TEST(ConnectorSchemaSourceTest, ManagerInvalidatesWhenTheFileChanges) {
  ScratchDb db;
  db.Exec(
      "CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT);"
      "CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a(id));"
      "INSERT INTO a (name) VALUES ('alpha'), ('beta');");
  auto connector = db::OpenConnector("sqlite:" + db.path());
  ASSERT_TRUE(connector.ok()) << connector.status().ToString();
  FakeClock clock;
  SchemaManagerOptions options;
  options.clock = &clock;
  options.log = [](std::string_view) {};
  SchemaManager manager(options);
  ASSERT_TRUE(
      manager.AddDatasource("scratch", std::make_unique<ConnectorSchemaSource>(**connector)).ok());

  auto first = manager.GetSchema({"scratch", SchemaLevel::kDetailed, {"a", "b"}});
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  EXPECT_FALSE(first->from_cache);
  EXPECT_NE(first->text.find("'alpha'"), std::string::npos) << first->text;
  EXPECT_NE(first->text.find("a_id INTEGER -> a.id"), std::string::npos) << first->text;
  auto second = manager.GetSchema({"scratch", SchemaLevel::kDetailed, {"a"}});
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(second->from_cache);

  db.Exec("ALTER TABLE a ADD COLUMN city TEXT;");
  auto third = manager.GetSchema({"scratch", SchemaLevel::kDetailed, {"a"}});
  ASSERT_TRUE(third.ok()) << third.status().ToString();
  EXPECT_FALSE(third->from_cache);
  EXPECT_NE(third->schema.tables[0].FindColumn("city"), nullptr);
  EXPECT_EQ(manager.stats().invalidations, 1);
}

TEST(StructureFingerprintTest, IgnoresRowCountsAndSamples) {
  db::DatabaseSchema s;
  db::TableInfo t;
  t.name = "t";
  t.columns.push_back({"c", "TEXT", true, std::nullopt, "", false, {"x"}});
  s.tables.push_back(t);
  const std::string before = StructureFingerprint(s);
  s.tables[0].row_count = 5;
  s.tables[0].columns[0].sample_values = {"y"};
  EXPECT_EQ(StructureFingerprint(s), before);
  s.tables[0].columns[0].type = "INTEGER";
  EXPECT_NE(StructureFingerprint(s), before);
}

}  // namespace
}  // namespace askdb::catalog
