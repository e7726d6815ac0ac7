// Runs the adversarial read-only corpus (tests/data/readonly_corpus.jsonl) against a
// writable temp copy of chinook: every statement must be refused with a non-OK status, the
// file must stay byte-for-byte identical, no file may appear beside it, and plain SELECTs
// must keep working.
//
// Corpus line: {"id", "sql", "why", optional "engines": [...], optional "expect":
// {"sqlite": "<status code name>"}, optional "repeat": [{"token", "text", "times"}]}.
// "{{DIR}}" in sql is replaced by the database's directory; each repeat token by `text`
// repeated `times` times (how a 2 MB literal fits on one line).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <set>

#include "askdb/common/file_util.h"
#include "askdb/common/json.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/db/sqlite/test_fixtures.h"

namespace askdb::db {
namespace {

constexpr size_t kMinCorpusEntries = 60;
constexpr std::string_view kEngine = "sqlite";
constexpr std::string_view kDirToken = "{{DIR}}";
constexpr std::chrono::milliseconds kSlowEntry{500};  // reported, to keep the test quick
constexpr size_t kMaxExpandedBytes = 16u << 20;       // a corpus line may expand to 16 MB at most

struct CorpusEntry {
  std::string id;
  std::string sql;
  std::string why;
  std::string expect;  // status code name for this engine; empty when not stated
};

void ReplaceAll(std::string& text, std::string_view token, const std::string& with) {
  for (size_t pos = text.find(token); pos != std::string::npos;
       pos = text.find(token, pos + with.size())) {
    text.replace(pos, token.size(), with);
  }
}

// Parses the corpus, keeping the entries that apply to SQLite.
std::vector<CorpusEntry> LoadCorpus(const std::string& dir, std::set<std::string>& all_ids) {
  std::filesystem::path file =
      std::filesystem::path(ASKDB_SOURCE_DIR) / "tests" / "data" / "readonly_corpus.jsonl";
  StatusOr<std::string> text = ReadFile(file);
  EXPECT_TRUE(text.ok()) << text.status().ToString();
  if (!text.ok()) return {};
  std::vector<CorpusEntry> entries;
  size_t line_no = 0;
  size_t start = 0;
  while (start < text->size()) {
    size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    std::string_view line(text->data() + start, end - start);
    start = end + 1;
    ++line_no;
    if (line.empty()) continue;
    StatusOr<Json> parsed = ParseJson(line);
    EXPECT_TRUE(parsed.ok()) << "line " << line_no << ": " << parsed.status().ToString();
    if (!parsed.ok()) continue;
    const Json& j = *parsed;
    EXPECT_TRUE(j.contains("id") && j.contains("sql") && j.contains("why")) << "line " << line_no;
    CorpusEntry e{j.value("id", ""), j.value("sql", ""), j.value("why", ""), ""};
    EXPECT_FALSE(e.why.empty()) << e.id;
    EXPECT_TRUE(all_ids.insert(e.id).second) << "duplicate id " << e.id;
    if (j.contains("engines")) {
      bool applies = false;
      for (const Json& engine : j["engines"]) applies = applies || engine == kEngine;
      if (!applies) continue;
    }
    if (j.contains("expect") && j["expect"].contains(kEngine)) {
      e.expect = j["expect"][std::string(kEngine)].get<std::string>();
    }
    if (j.contains("repeat")) {
      for (const Json& r : j["repeat"]) {
        size_t times = r.value("times", size_t{0});
        std::string unit = r.value("text", "");
        EXPECT_LE(unit.size() * times, kMaxExpandedBytes) << e.id;
        std::string expanded;
        expanded.reserve(unit.size() * times);
        for (size_t i = 0; i < times && expanded.size() <= kMaxExpandedBytes; ++i) expanded += unit;
        ReplaceAll(e.sql, r.value("token", ""), expanded);
      }
    }
    ReplaceAll(e.sql, kDirToken, dir);
    entries.push_back(std::move(e));
  }
  return entries;
}

TEST(ReadOnlyCorpusTest, EveryStatementIsRefusedAndTheFileIsUntouched) {
  testing::TempDir dir;
  ASSERT_TRUE(dir.ok());
  std::filesystem::path db_path = testing::CopyChinook(dir);
  const std::string original = testing::ReadBytes(testing::ChinookSource());
  ASSERT_FALSE(original.empty());
  ASSERT_EQ(testing::ReadBytes(db_path), original);
  const std::set<std::string> listing_before = dir.Listing();

  std::set<std::string> ids;
  std::vector<CorpusEntry> corpus = LoadCorpus(dir.path().string(), ids);
  ASSERT_GE(corpus.size(), kMinCorpusEntries);

  {
    StatusOr<std::unique_ptr<SqliteConnector>> opened = SqliteConnector::Open(db_path.string());
    ASSERT_TRUE(opened.ok()) << opened.status().ToString();
    SqliteConnector& db = **opened;
    QueryOptions options;
    options.max_rows = 10;
    options.timeout = std::chrono::milliseconds(5'000);
    std::map<std::string, int> by_code;
    // ASKDB_CORPUS_VERBOSE=1 prints every entry's status, to review the refusals by eye.
    const bool verbose = std::getenv("ASKDB_CORPUS_VERBOSE") != nullptr;
    for (const CorpusEntry& e : corpus) {
      auto started = std::chrono::steady_clock::now();
      StatusOr<ResultSet> rs = db.Execute(e.sql, options);
      auto took = std::chrono::steady_clock::now() - started;
      if (took > kSlowEntry) {
        std::cout << "[corpus] slow entry " << e.id << ": "
                  << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms\n";
      }
      EXPECT_FALSE(rs.ok()) << e.id << " was NOT refused: " << e.sql.substr(0, 200);
      if (rs.ok()) continue;
      ++by_code[std::string(StatusCodeName(rs.status().code()))];
      if (verbose) std::cout << "[corpus] " << e.id << " -> " << rs.status().ToString() << "\n";
      EXPECT_FALSE(rs.status().message().empty()) << e.id;
      if (!e.expect.empty()) {
        EXPECT_EQ(StatusCodeName(rs.status().code()), e.expect)
            << e.id << ": " << rs.status().ToString().substr(0, 300);
      }
      // Nothing a refused statement did may leak into the next one (an open transaction,
      // a changed setting): a plain read still works after each entry.
      StatusOr<ResultSet> check = db.Execute("SELECT COUNT(*) FROM Artist", options);
      ASSERT_TRUE(check.ok()) << "after " << e.id << ": " << check.status().ToString();
      EXPECT_EQ(check->rows[0][0].int_value(), 275) << "after " << e.id;
    }
    std::string summary;
    for (const auto& [code, n] : by_code) summary += code + "=" + std::to_string(n) + " ";
    std::cout << "[corpus] " << corpus.size() << " sqlite entries refused: " << summary << "\n";

    // Plain SELECTs still work after the whole corpus.
    StatusOr<ResultSet> albums = db.Execute(
        "SELECT COUNT(*) FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId", options);
    ASSERT_TRUE(albums.ok()) << albums.status().ToString();
    EXPECT_EQ(albums->rows[0][0].int_value(), 347);
    StatusOr<ResultSet> tracks = db.Execute("SELECT COUNT(*) FROM Track", options);
    ASSERT_TRUE(tracks.ok());
    EXPECT_EQ(tracks->rows[0][0].int_value(), 3503);
    StatusOr<DatabaseSchema> schema = db.Introspect({});
    ASSERT_TRUE(schema.ok()) << schema.status().ToString();
    EXPECT_EQ(schema->tables.size(), 11u);
  }
  // After the connection is closed: same bytes, no new files (no -journal, no attached or
  // vacuumed copies, nothing written by writefile).
  EXPECT_TRUE(testing::ReadBytes(db_path) == original) << "the database file changed";
  EXPECT_EQ(dir.Listing(), listing_before);
}

}  // namespace
}  // namespace askdb::db
