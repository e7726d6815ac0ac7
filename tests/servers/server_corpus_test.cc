// Runs the adversarial read-only corpus (tests/data/readonly_corpus.jsonl) against the real
// PostgreSQL and MariaDB test servers, connected as the read-only role and again as the
// servers' superuser with allow_privileged_role=true (so only askdb's own guards stand in
// the way): every entry that applies to the engine must be refused (with the expected
// status code when the corpus states one), a plain read must still work after each entry,
// and a checksum of every table's rows and the list of tables must be the same before and
// after. A superuser without the setting is refused at connection time.
//
// Corpus line: {"id", "sql", "why", optional "engines": [...], optional "expect":
// {"<engine>": "<status code name>"}, optional "repeat": [{"token", "text", "times"}]}.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <iostream>
#include <map>

#include "askdb/common/file_util.h"
#include "askdb/common/json.h"
#include "askdb/db/connector_registry.h"
#include "tests/servers/server_env.h"

namespace askdb::db {
namespace {

constexpr std::string_view kDirToken = "{{DIR}}";
constexpr size_t kMaxExpandedBytes = 16u << 20;
constexpr size_t kMinEntriesPerEngine = 60;

struct CorpusEntry {
  std::string id;
  std::string sql;
  std::string expect;
  std::string says;  // a part of the refusal the person must read, when the entry gives one
};

void ReplaceAll(std::string& text, std::string_view token, const std::string& with) {
  for (size_t pos = text.find(token); pos != std::string::npos;
       pos = text.find(token, pos + with.size())) {
    text.replace(pos, token.size(), with);
  }
}

std::vector<CorpusEntry> LoadCorpus(std::string_view engine) {
  std::filesystem::path file =
      std::filesystem::path(ASKDB_SOURCE_DIR) / "tests" / "data" / "readonly_corpus.jsonl";
  StatusOr<std::string> text = ReadFile(file);
  EXPECT_TRUE(text.ok()) << text.status().ToString();
  if (!text.ok()) return {};
  std::vector<CorpusEntry> entries;
  size_t start = 0;
  while (start < text->size()) {
    size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    std::string_view line(text->data() + start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    StatusOr<Json> parsed = ParseJson(line);
    EXPECT_TRUE(parsed.ok()) << parsed.status().ToString();
    if (!parsed.ok()) continue;
    const Json& j = *parsed;
    if (j.contains("engines")) {
      bool applies = false;
      for (const Json& e : j["engines"]) applies = applies || e == engine;
      if (!applies) continue;
    }
    CorpusEntry e{j.value("id", ""), j.value("sql", ""), "", ""};
    if (j.contains("expect") && j["expect"].contains(std::string(engine))) {
      e.expect = j["expect"][std::string(engine)].get<std::string>();
    }
    if (j.contains("says") && j["says"].contains(std::string(engine))) {
      e.says = j["says"][std::string(engine)].get<std::string>();
    }
    if (j.contains("repeat")) {
      for (const Json& r : j["repeat"]) {
        size_t times = r.value("times", size_t{0});
        std::string unit = r.value("text", "");
        std::string expanded;
        for (size_t i = 0; i < times && expanded.size() <= kMaxExpandedBytes; ++i) expanded += unit;
        ReplaceAll(e.sql, r.value("token", ""), expanded);
      }
    }
    ReplaceAll(e.sql, kDirToken, std::filesystem::temp_directory_path().string());
    entries.push_back(std::move(e));
  }
  return entries;
}

// A checksum of every row of every table, read through the connector itself.
std::map<std::string, size_t> Checksums(Connector& db) {
  std::map<std::string, size_t> sums;
  IntrospectOptions options;
  options.sample_values_per_column = 0;
  StatusOr<DatabaseSchema> schema = db.Introspect(options);
  EXPECT_TRUE(schema.ok()) << schema.status().ToString();
  if (!schema.ok()) return sums;
  QueryOptions q;
  q.max_rows = 1'000'000;
  q.timeout = std::chrono::milliseconds(30'000);
  for (const TableInfo& t : schema->tables) {
    std::string sql = "SELECT * FROM " + db.dialect().QuoteIdentifier(t.name) + " ORDER BY 1";
    if (t.columns.size() > 1) sql += ", 2";
    StatusOr<ResultSet> rows = db.Execute(sql, q);
    EXPECT_TRUE(rows.ok()) << t.name << ": " << rows.status().ToString();
    if (!rows.ok()) continue;
    std::string all;
    for (const auto& row : rows->rows) {
      for (const Value& v : row) all += v.ToDisplayString() + "\x1f";
      all += "\x1e";
    }
    sums[t.name] = std::hash<std::string>{}(all) ^ rows->rows.size();
  }
  return sums;
}

void RunCorpus(std::string_view engine, const std::string& url) {
  std::vector<CorpusEntry> corpus = LoadCorpus(engine);
  ASSERT_GE(corpus.size(), kMinEntriesPerEngine);
  StatusOr<std::unique_ptr<Connector>> opened = OpenConnector(url);
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  Connector& db = **opened;
  const std::map<std::string, size_t> before = Checksums(db);
  ASSERT_EQ(before.size(), 11u);

  QueryOptions options;
  options.max_rows = 10;
  options.timeout = std::chrono::milliseconds(5'000);
  const std::string artist =
      db.dialect().QuoteIdentifier(engine == "postgres" ? "artist" : "Artist");
  std::map<std::string, int> by_code;
  const bool verbose = std::getenv("ASKDB_CORPUS_VERBOSE") != nullptr;
  for (const CorpusEntry& e : corpus) {
    StatusOr<ResultSet> rs = db.Execute(e.sql, options);
    EXPECT_FALSE(rs.ok()) << engine << ": " << e.id << " was NOT refused: " << e.sql.substr(0, 200);
    if (rs.ok()) continue;
    ++by_code[std::string(StatusCodeName(rs.status().code()))];
    if (verbose) std::cout << "[corpus] " << e.id << " -> " << rs.status().ToString() << "\n";
    EXPECT_FALSE(rs.status().message().empty()) << e.id;
    if (!e.expect.empty()) {
      EXPECT_EQ(StatusCodeName(rs.status().code()), e.expect)
          << engine << ": " << e.id << ": " << rs.status().ToString().substr(0, 300);
    }
    EXPECT_NE(rs.status().message().find(e.says), std::string::npos)
        << engine << ": " << e.id << " should say '" << e.says << "': " << rs.status().message();
    StatusOr<ResultSet> check = db.Execute("SELECT COUNT(*) FROM " + artist, options);
    ASSERT_TRUE(check.ok()) << "after " << e.id << ": " << check.status().ToString();
    EXPECT_EQ(check->rows[0][0].int_value(), 275) << "after " << e.id;
  }
  std::string summary;
  for (const auto& [code, n] : by_code) summary += code + "=" + std::to_string(n) + " ";
  std::cout << "[corpus] " << corpus.size() << " " << engine << " entries refused: " << summary
            << "\n";
  EXPECT_EQ(Checksums(db), before) << "the data changed";
}

// The admin URL with allow_privileged_role=true added.
std::string AllowPrivileged(const std::string& url) {
  return url + (url.find('?') == std::string::npos ? "?" : "&") + "allow_privileged_role=true";
}

void ExpectPrivilegedRoleRefused(const std::string& url, std::string_view privilege,
                                 std::string_view create_role) {
  StatusOr<std::unique_ptr<Connector>> opened = OpenConnector(url);
  ASSERT_FALSE(opened.ok()) << "a privileged role was accepted by default";
  const Status& s = opened.status();
  std::cout << "[privileged] " << s.ToString() << "\n";
  EXPECT_EQ(s.code(), StatusCode::kPermissionDenied);
  EXPECT_NE(s.message().find(privilege), std::string::npos) << s.message();
  EXPECT_NE(s.message().find(create_role), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("allow_privileged_role"), std::string::npos) << s.message();
  // The password never appears (scheme://user:PASSWORD@host).
  const size_t at = url.find('@');
  const size_t colon = url.rfind(':', at);
  const std::string password = url.substr(colon + 1, at - colon - 1);
  ASSERT_FALSE(password.empty());
  EXPECT_EQ(s.message().find(password), std::string::npos);
}

TEST(ServerPrivilegedRoleTest, PostgresSuperuserIsRefusedByDefault) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_ADMIN_URL");
  ExpectPrivilegedRoleRefused(url, "superuser", "CREATE ROLE askdb_reader");
  // The setting lets it in; the read-only role needs nothing.
  StatusOr<std::unique_ptr<Connector>> allowed = OpenConnector(AllowPrivileged(url));
  EXPECT_TRUE(allowed.ok()) << allowed.status().ToString();
  ConnectOptions options;
  options.allow_privileged_role = true;
  allowed = OpenConnector(url, options);
  EXPECT_TRUE(allowed.ok()) << allowed.status().ToString();
}

TEST(ServerPrivilegedRoleTest, MysqlRootIsRefusedByDefault) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_ADMIN_URL");
  ExpectPrivilegedRoleRefused(url, "ALL PRIVILEGES", "GRANT SELECT ON chinook.*");
  StatusOr<std::unique_ptr<Connector>> allowed = OpenConnector(AllowPrivileged(url));
  EXPECT_TRUE(allowed.ok()) << allowed.status().ToString();
}

TEST(ServerReadOnlyCorpusTest, PostgresSuperuserWithTheSettingStillRefusesEveryEntry) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_ADMIN_URL");
  RunCorpus("postgres", AllowPrivileged(url));
}

TEST(ServerReadOnlyCorpusTest, MysqlRootWithTheSettingStillRefusesEveryEntry) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_ADMIN_URL");
  RunCorpus("mysql", AllowPrivileged(url));
}

TEST(ServerReadOnlyCorpusTest, PostgresRefusesEveryEntryAndKeepsTheData) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  RunCorpus("postgres", url);
}

TEST(ServerReadOnlyCorpusTest, MysqlRefusesEveryEntryAndKeepsTheData) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  RunCorpus("mysql", url);
}

}  // namespace
}  // namespace askdb::db
