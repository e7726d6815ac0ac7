#include "askdb/db/sqlite/sqlite_connector.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "askdb/db/sqlite/sqlite_dialect.h"
#include "askdb/db/sqlite/test_fixtures.h"

namespace askdb::db {
namespace {

using std::chrono::milliseconds;

class ChinookTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(dir_.ok());
    ASSERT_TRUE(std::filesystem::exists(testing::ChinookSource())) << testing::ChinookSource();
    path_ = testing::CopyChinook(dir_);
    StatusOr<std::unique_ptr<SqliteConnector>> opened = SqliteConnector::Open(path_.string());
    ASSERT_TRUE(opened.ok()) << opened.status().ToString();
    db_ = std::move(*opened);
  }

  ResultSet Run(std::string_view sql, long long max_rows = 100'000) {
    QueryOptions options;
    options.max_rows = max_rows;
    StatusOr<ResultSet> rs = db_->Execute(sql, options);
    EXPECT_TRUE(rs.ok()) << sql << ": " << rs.status().ToString();
    return rs.ok() ? *rs : ResultSet{};
  }

  int64_t Count(std::string_view sql) {
    ResultSet rs = Run(sql);
    EXPECT_EQ(rs.row_count(), 1u);
    return rs.row_count() == 1 ? rs.rows[0][0].int_value() : -1;
  }

  Status Fail(std::string_view sql, const QueryOptions& options = {}) {
    StatusOr<ResultSet> rs = db_->Execute(sql, options);
    EXPECT_FALSE(rs.ok()) << sql << " unexpectedly succeeded";
    return rs.ok() ? Status::Ok() : rs.status();
  }

  testing::TempDir dir_;
  std::filesystem::path path_;
  std::unique_ptr<SqliteConnector> db_;
};

TEST_F(ChinookTest, KnownCounts) {
  EXPECT_EQ(Count("SELECT COUNT(*) FROM Artist"), 275);
  EXPECT_EQ(Count("SELECT COUNT(*) FROM Album"), 347);
  EXPECT_EQ(Count("SELECT COUNT(*) FROM Track"), 3503);
  EXPECT_EQ(db_->engine(), "sqlite");
  EXPECT_EQ(db_->dialect().name(), "sqlite");
  EXPECT_EQ(db_->display_name(), "sqlite:" + path_.string());
}

TEST_F(ChinookTest, GroupByMatchesIndependentAggregation) {
  ResultSet grouped =
      Run("SELECT g.Name, COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId "
          "GROUP BY g.Name ORDER BY tracks DESC, g.Name");
  ASSERT_GE(grouped.row_count(), 5u);
  EXPECT_EQ(grouped.columns[1].name, "tracks");
  // Known figures, checked with the sqlite3 CLI.
  EXPECT_EQ(grouped.rows[0][0].text(), "Rock");
  EXPECT_EQ(grouped.rows[0][1].int_value(), 1297);
  EXPECT_EQ(grouped.rows[1][0].text(), "Latin");
  EXPECT_EQ(grouped.rows[1][1].int_value(), 579);
  EXPECT_EQ(grouped.rows[4][0].text(), "Jazz");
  EXPECT_EQ(grouped.rows[4][1].int_value(), 130);

  // The same figures computed here from raw rows, without GROUP BY or JOIN.
  std::map<int64_t, std::string> genre_names;
  for (const auto& row : Run("SELECT GenreId, Name FROM Genre").rows) {
    genre_names[row[0].int_value()] = row[1].text();
  }
  std::map<std::string, int64_t> expected;
  for (const auto& row : Run("SELECT GenreId FROM Track").rows) {
    if (!row[0].is_null()) ++expected[genre_names[row[0].int_value()]];
  }
  ASSERT_EQ(grouped.row_count(), expected.size());
  for (const auto& row : grouped.rows) {
    EXPECT_EQ(row[1].int_value(), expected[row[0].text()]) << row[0].text();
  }
}

TEST_F(ChinookTest, JoinMatchesIndependentJoin) {
  ResultSet joined = Run(
      "SELECT ar.Name, COUNT(*) AS albums FROM Album al JOIN Artist ar "
      "ON ar.ArtistId = al.ArtistId GROUP BY ar.ArtistId ORDER BY albums DESC, ar.Name LIMIT 3");
  ASSERT_EQ(joined.row_count(), 3u);
  EXPECT_EQ(joined.rows[0][0].text(), "Iron Maiden");
  EXPECT_EQ(joined.rows[0][1].int_value(), 21);
  EXPECT_EQ(joined.rows[1][0].text(), "Led Zeppelin");
  EXPECT_EQ(joined.rows[1][1].int_value(), 14);
  EXPECT_EQ(joined.rows[2][0].text(), "Deep Purple");
  EXPECT_EQ(joined.rows[2][1].int_value(), 11);

  std::map<int64_t, int64_t> per_artist;
  for (const auto& row : Run("SELECT ArtistId FROM Album").rows) ++per_artist[row[0].int_value()];
  std::map<std::string, int64_t> by_name;
  for (const auto& row : Run("SELECT ArtistId, Name FROM Artist").rows) {
    by_name[row[1].text()] = per_artist[row[0].int_value()];
  }
  for (const auto& row : joined.rows) EXPECT_EQ(row[1].int_value(), by_name[row[0].text()]);
}

TEST_F(ChinookTest, ColumnTypesAndDeclaredTypes) {
  ResultSet rs =
      Run("SELECT ArtistId, Name, NULL AS nil, 1.5 AS half, x'0102' AS bytes "
          "FROM Artist WHERE ArtistId = 1");
  ASSERT_EQ(rs.row_count(), 1u);
  ASSERT_EQ(rs.column_count(), 5u);
  EXPECT_EQ(rs.columns[0].declared_type, "INTEGER");
  EXPECT_EQ(rs.columns[1].declared_type, "NVARCHAR(120)");
  EXPECT_EQ(rs.columns[3].declared_type, "");
  EXPECT_EQ(rs.rows[0][0], Value::Int(1));
  EXPECT_EQ(rs.rows[0][1], Value::Text("AC/DC"));
  EXPECT_TRUE(rs.rows[0][2].is_null());
  EXPECT_EQ(rs.rows[0][3], Value::Double(1.5));
  EXPECT_EQ(rs.rows[0][4], Value::Blob(std::string("\x01\x02", 2)));
  EXPECT_EQ(Run("SELECT Total FROM Invoice WHERE InvoiceId = 1").rows[0][0], Value::Double(1.98));
}

TEST_F(ChinookTest, RowCapSetsTruncated) {
  ResultSet capped = Run("SELECT TrackId FROM Track ORDER BY TrackId", 10);
  EXPECT_EQ(capped.row_count(), 10u);
  EXPECT_TRUE(capped.truncated);
  EXPECT_EQ(capped.rows[9][0].int_value(), 10);

  ResultSet exact = Run("SELECT TrackId FROM Track", 3503);
  EXPECT_EQ(exact.row_count(), 3503u);
  EXPECT_FALSE(exact.truncated);

  ResultSet one_short = Run("SELECT TrackId FROM Track", 3502);
  EXPECT_EQ(one_short.row_count(), 3502u);
  EXPECT_TRUE(one_short.truncated);

  ResultSet none = Run("SELECT TrackId FROM Track", 0);
  EXPECT_EQ(none.row_count(), 0u);
  EXPECT_EQ(none.column_count(), 1u);
  EXPECT_TRUE(none.truncated);

  QueryOptions negative;
  negative.max_rows = -1;
  EXPECT_EQ(Fail("SELECT 1", negative).code(), StatusCode::kInvalidArgument);
}

constexpr std::string_view kSlowQuery =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) "
    "SELECT COUNT(*) FROM c";

TEST_F(ChinookTest, SlowQueryHitsTimeout) {
  QueryOptions options;
  options.timeout = milliseconds(200);
  auto start = std::chrono::steady_clock::now();
  Status s = Fail(kSlowQuery, options);
  auto took = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(s.code(), StatusCode::kDeadlineExceeded) << s.ToString();
  EXPECT_EQ(s.message(), "query exceeded the 200 ms timeout; narrow it or raise --timeout");
  // Generous bound: the point is that it stopped, not how fast the machine is.
  EXPECT_LT(took, std::chrono::seconds(10));
  // The connection is still usable afterwards.
  EXPECT_EQ(Count("SELECT COUNT(*) FROM Artist"), 275);

  options.timeout = milliseconds(30'000);
  options.max_rows = 1;
  // Whole seconds are shown as seconds (the default timeout reads "30 s").
  StatusOr<ResultSet> fast = db_->Execute("SELECT 1", options);
  EXPECT_TRUE(fast.ok());
}

TEST_F(ChinookTest, CancelFromAnotherThread) {
  QueryOptions options;
  options.timeout = milliseconds(60'000);
  std::thread canceller([this] {
    std::this_thread::sleep_for(milliseconds(150));
    db_->Cancel();
  });
  Status s = Fail(kSlowQuery, options);
  canceller.join();
  EXPECT_EQ(s.code(), StatusCode::kCancelled) << s.ToString();
  // A Cancel() does not poison the next statement.
  EXPECT_EQ(Count("SELECT COUNT(*) FROM Album"), 347);
}

TEST_F(ChinookTest, CancellationTokenStopsTheQuery) {
  auto token = std::make_shared<CancellationToken>();
  QueryOptions options;
  options.timeout = milliseconds(60'000);
  options.cancel = token;
  std::thread canceller([token] {
    std::this_thread::sleep_for(milliseconds(100));
    token->Cancel();
  });
  Status s = Fail(kSlowQuery, options);
  canceller.join();
  EXPECT_EQ(s.code(), StatusCode::kCancelled) << s.ToString();
  // An already-cancelled token stops the next query before it starts.
  EXPECT_EQ(Fail("SELECT 1", options).code(), StatusCode::kCancelled);
}

TEST_F(ChinookTest, SyntaxErrorCarriesPosition) {
  Status s = Fail("SELECT * FORM Artist");
  EXPECT_EQ(s.code(), StatusCode::kSqlError);
  EXPECT_EQ(s.message(), "near \"FORM\": syntax error at offset 9");
  Status early = Fail("SELECT * FROM Artist WHERE");
  EXPECT_EQ(early.code(), StatusCode::kSqlError);
  EXPECT_NE(early.message().find("incomplete input: the statement ends too early"),
            std::string::npos)
      << early.message();
  Status missing = Fail("SELECT nope FROM Artist");
  EXPECT_EQ(missing.code(), StatusCode::kSqlError);
  EXPECT_NE(missing.message().find("no such column: nope"), std::string::npos) << missing.message();
}

TEST_F(ChinookTest, EmptyAndMultipleStatements) {
  for (std::string_view sql : {"", "   \n\t", "-- only a comment", "/* c */ ; ;", ";"}) {
    Status s = Fail(sql);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << "[" << sql << "]";
    EXPECT_NE(s.message().find("empty query"), std::string::npos) << s.message();
  }
  Status two = Fail("SELECT 1; SELECT 2");
  EXPECT_EQ(two.code(), StatusCode::kPermissionDenied);
  EXPECT_NE(two.message().find("only one statement"), std::string::npos) << two.message();
  EXPECT_NE(two.message().find("offset 10"), std::string::npos) << two.message();
  // Trailing semicolons and comments are not a second statement.
  EXPECT_EQ(Run("SELECT 1; -- done\n ; /* bye */").row_count(), 1u);
  EXPECT_EQ(Run("; SELECT 2").rows[0][0].int_value(), 2);
}

TEST_F(ChinookTest, ReadsThatMustStillWork) {
  EXPECT_EQ(Run("PRAGMA table_info(Artist)").row_count(), 2u);
  EXPECT_EQ(Run("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) "
                "SELECT SUM(x) FROM c")
                .rows[0][0]
                .int_value(),
            15);
  EXPECT_EQ(
      Run("SELECT \"Name\" FROM \"Artist\" WHERE Name = 'DELETE FROM Artist; --'").row_count(), 0u);
  EXPECT_EQ(Run("SELECT upper(substr(Name, 1, 3)), length('数据库') FROM Artist LIMIT 1")
                .rows[0][1]
                .int_value(),
            3);
  EXPECT_EQ(Run("EXPLAIN QUERY PLAN SELECT * FROM Track WHERE AlbumId = 1").column_count(), 4u);
}

TEST_F(ChinookTest, WritesAreRefusedByName) {
  Status s = Fail("DELETE FROM Artist");
  EXPECT_EQ(s.code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(s.message(),
            "refused: this connection is read-only; DELETE is not allowed (askdb only runs "
            "SELECT statements)");
  Status pragma = Fail("PRAGMA user_version = 7");
  EXPECT_EQ(pragma.code(), StatusCode::kPermissionDenied);
  EXPECT_NE(pragma.message().find("PRAGMA user_version = 7 is not allowed"), std::string::npos)
      << pragma.message();
  Status fn = Fail("SELECT load_extension('/tmp/evil.so')");
  EXPECT_EQ(fn.code(), StatusCode::kPermissionDenied);
  EXPECT_NE(fn.message().find("load_extension"), std::string::npos) << fn.message();
  EXPECT_EQ(Count("SELECT COUNT(*) FROM Artist"), 275);
}

// --- Check: compile against the catalog without running -----------------------------

// Expects Check to fail with `code` and a message naming the database and containing `part`.
void ExpectCheckFails(Connector& db, std::string_view sql, StatusCode code, std::string_view part) {
  Status s = db.Check(sql, {});
  ASSERT_FALSE(s.ok()) << sql << " passed Check";
  EXPECT_EQ(s.code(), code) << sql << ": " << s.ToString();
  EXPECT_NE(s.message().find(part), std::string::npos) << sql << ": " << s.message();
  EXPECT_EQ(s.message().rfind("checking the query on " + db.display_name() + ": ", 0), 0u)
      << s.message();
}

TEST_F(ChinookTest, CheckAcceptsQueriesThatBind) {
  for (std::string_view sql :
       {"SELECT COUNT(*) FROM Artist", "SELECT 1;  -- trailing comment\n",
        "SELECT ar.Name, COUNT(*) AS albums FROM Artist ar JOIN Album al ON al.ArtistId = "
        "ar.ArtistId WHERE ar.Name LIKE 'A%' GROUP BY ar.Name ORDER BY albums DESC",
        "WITH t AS (SELECT AlbumId, SUM(Milliseconds) AS ms FROM Track GROUP BY AlbumId) "
        "SELECT upper(a.Title), t.ms FROM t JOIN Album a USING (AlbumId)",
        "PRAGMA table_info(Artist)"}) {
    Status s = db_->Check(sql, {});
    EXPECT_TRUE(s.ok()) << sql << ": " << s.ToString();
  }
}

TEST_F(ChinookTest, CheckReportsUnboundNamesWithSqlitesMessage) {
  struct Case {
    std::string_view sql;
    std::string_view message;
  };
  for (const Case& c : {
           Case{"SELECT * FROM Nope", "no such table: Nope"},
           Case{"SELECT Nme FROM Artist", "no such column: Nme"},
           Case{"SELECT Name FROM Artist WHERE Bogus = 1", "no such column: Bogus"},
           Case{"SELECT a.Name FROM Artist a JOIN Album al ON al.ArtistIdx = a.ArtistId",
                "no such column: al.ArtistIdx"},
           Case{"SELECT Name FROM Artist ORDER BY Popularity", "no such column: Popularity"},
           Case{"SELECT no_such_fn(Name) FROM Artist", "no such function: no_such_fn"},
           Case{"SELECT * FORM Artist", "near \"FORM\": syntax error at offset 9"},
       }) {
    ExpectCheckFails(*db_, c.sql, StatusCode::kInvalidArgument, c.message);
    // The connection is still usable after the failure.
    EXPECT_EQ(Count("SELECT COUNT(*) FROM Genre"), 25) << c.sql;
  }
}

TEST_F(ChinookTest, CheckRefusesWritesAndChangesNothing) {
  const std::string before = testing::ReadBytes(path_);
  const std::set<std::string> listing = dir_.Listing();
  for (std::string_view sql :
       {"INSERT INTO Artist (Name) VALUES ('x')", "UPDATE Artist SET Name = 'x'",
        "DELETE FROM Artist", "DROP TABLE Track", "CREATE TABLE x (i INTEGER)",
        "CREATE INDEX ix ON Artist (Name)", "ALTER TABLE Artist ADD COLUMN y", "VACUUM",
        "PRAGMA user_version = 7", "ATTACH DATABASE ':memory:' AS other", "BEGIN"}) {
    ExpectCheckFails(*db_, sql, StatusCode::kPermissionDenied, "read-only");
    EXPECT_EQ(Count("SELECT COUNT(*) FROM Artist"), 275) << sql;
  }
  // Functions are held to the statement guard's allow-list.
  ExpectCheckFails(*db_, "SELECT load_extension('/tmp/evil.so')", StatusCode::kPermissionDenied,
                   "function load_extension is not allowed");
  ExpectCheckFails(*db_, "SELECT sqlite_compileoption_get(0)", StatusCode::kPermissionDenied,
                   "function sqlite_compileoption_get is not allowed");
  EXPECT_EQ(Count("SELECT COUNT(*) FROM sqlite_master WHERE name IN ('x', 'ix')"), 0);
  EXPECT_EQ(Count("SELECT COUNT(*) FROM Track"), 3503);
  db_.reset();  // close, so that the file is compared as SQLite left it
  EXPECT_EQ(testing::ReadBytes(path_), before) << "Check changed the database file";
  EXPECT_EQ(dir_.Listing(), listing) << "Check left a journal or another file behind";
}

TEST_F(ChinookTest, CheckRefusesSeveralOrNoStatements) {
  ExpectCheckFails(*db_, "SELECT 1; SELECT 2", StatusCode::kPermissionDenied,
                   "only one statement may run at a time");
  ExpectCheckFails(*db_, "SELECT 1; DELETE FROM Artist", StatusCode::kPermissionDenied,
                   "only one statement may run at a time");
  ExpectCheckFails(*db_, " -- nothing\n", StatusCode::kInvalidArgument, "empty query");
  EXPECT_EQ(Count("SELECT COUNT(*) FROM Artist"), 275);
}

TEST_F(ChinookTest, CheckDoesNotRunTheStatement) {
  // Runs forever (no bound on the recursion): a Check that ran it would hit the deadline.
  constexpr std::string_view kEndless =
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT COUNT(*) FROM c";
  QueryOptions options;
  options.timeout = milliseconds(500);
  Status checked = db_->Check(kEndless, options);
  EXPECT_TRUE(checked.ok()) << checked.ToString();
  EXPECT_EQ(Fail(kEndless, options).code(), StatusCode::kDeadlineExceeded);
  // An error that only evaluation raises passes Check and fails Execute.
  constexpr std::string_view kOverflow = "SELECT abs(-9223372036854775807 - 1) FROM Artist";
  EXPECT_TRUE(db_->Check(kOverflow, {}).ok());
  Status ran = Fail(kOverflow);
  EXPECT_EQ(ran.code(), StatusCode::kSqlError);
  EXPECT_NE(ran.message().find("integer overflow"), std::string::npos) << ran.message();
}

TEST_F(ChinookTest, CheckHonoursCancellation) {
  auto token = std::make_shared<CancellationToken>();
  token->Cancel();
  QueryOptions options;
  options.cancel = token;
  Status s = db_->Check("SELECT 1", options);
  EXPECT_EQ(s.code(), StatusCode::kCancelled) << s.ToString();
  EXPECT_TRUE(db_->Check("SELECT 1", {}).ok());
}

// A connector that does not override Check (a wrapper or a fake) keeps compiling and says
// it cannot check.
TEST(ConnectorDefaultCheckTest, IsUnimplemented) {
  class NoCheck final : public Connector {
   public:
    std::string_view engine() const override { return "fake"; }
    const Dialect& dialect() const override { return SqliteDialect::Instance(); }
    std::string display_name() const override { return "fake"; }
    StatusOr<ResultSet> Execute(std::string_view, const QueryOptions&) override {
      return ResultSet{};
    }
    StatusOr<DatabaseSchema> Introspect(const IntrospectOptions&) override {
      return DatabaseSchema{};
    }
    void Cancel() override {}
  };
  NoCheck fake;
  Status s = fake.Check("SELECT 1", {});
  EXPECT_EQ(s.code(), StatusCode::kUnimplemented);
  EXPECT_NE(s.message().find("fake connector cannot check"), std::string::npos) << s.message();
}

TEST_F(ChinookTest, IntrospectionFindsTablesKeysAndCounts) {
  StatusOr<DatabaseSchema> schema = db_->Introspect({});
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  EXPECT_EQ(schema->engine, "sqlite");
  EXPECT_EQ(schema->database, "chinook.sqlite");
  std::vector<std::string> names;
  for (const TableInfo& t : schema->tables) names.push_back(t.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Album", "Artist", "Customer", "Employee", "Genre",
                                             "Invoice", "InvoiceLine", "MediaType", "Playlist",
                                             "PlaylistTrack", "Track"}));

  const TableInfo* track = schema->FindTable("track");
  ASSERT_NE(track, nullptr);
  EXPECT_EQ(track->kind, TableInfo::Kind::kTable);
  EXPECT_EQ(track->primary_key, std::vector<std::string>{"TrackId"});
  EXPECT_EQ(track->row_count, 3503);
  ASSERT_EQ(track->foreign_keys.size(), 3u);
  std::map<std::string, ForeignKey> fk_by_table;
  for (const ForeignKey& fk : track->foreign_keys) fk_by_table[fk.ref_table] = fk;
  EXPECT_EQ(fk_by_table["Album"].columns, std::vector<std::string>{"AlbumId"});
  EXPECT_EQ(fk_by_table["Album"].ref_columns, std::vector<std::string>{"AlbumId"});
  EXPECT_EQ(fk_by_table["Genre"].columns, std::vector<std::string>{"GenreId"});
  EXPECT_EQ(fk_by_table["MediaType"].ref_columns, std::vector<std::string>{"MediaTypeId"});
  const ColumnInfo* name = track->FindColumn("Name");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->type, "NVARCHAR(200)");
  EXPECT_FALSE(name->nullable);
  EXPECT_FALSE(name->primary_key);
  EXPECT_TRUE(track->FindColumn("TrackId")->primary_key);
  EXPECT_TRUE(track->FindColumn("Composer")->nullable);
  bool has_album_index =
      std::any_of(track->indexes.begin(), track->indexes.end(), [](const IndexInfo& i) {
        return i.name == "IFK_TrackAlbumId" && i.columns == std::vector<std::string>{"AlbumId"};
      });
  EXPECT_TRUE(has_album_index);

  const TableInfo* playlist_track = schema->FindTable("PlaylistTrack");
  ASSERT_NE(playlist_track, nullptr);
  EXPECT_EQ(playlist_track->primary_key, (std::vector<std::string>{"PlaylistId", "TrackId"}));

  const TableInfo* employee = schema->FindTable("Employee");
  ASSERT_NE(employee, nullptr);
  ASSERT_EQ(employee->foreign_keys.size(), 1u);
  EXPECT_EQ(employee->foreign_keys[0].ref_table, "Employee");
  EXPECT_EQ(employee->foreign_keys[0].columns, std::vector<std::string>{"ReportsTo"});
  EXPECT_EQ(employee->foreign_keys[0].ref_columns, std::vector<std::string>{"EmployeeId"});

  EXPECT_EQ(schema->FindTable("Artist")->row_count, 275);
  EXPECT_EQ(schema->FindTable("Album")->row_count, 347);

  // Samples: the most frequent text values first (13 customers are in the USA).
  const ColumnInfo* country = schema->FindTable("Customer")->FindColumn("Country");
  ASSERT_NE(country, nullptr);
  EXPECT_EQ(country->sample_values,
            (std::vector<std::string>{"USA", "Canada", "Brazil", "France", "Germany"}));
  EXPECT_TRUE(schema->FindTable("Track")->FindColumn("Milliseconds")->sample_values.empty());
}

TEST_F(ChinookTest, IntrospectionHonoursOptions) {
  IntrospectOptions options;
  options.tables = {"artist", "ALBUM"};
  options.row_counts = false;
  options.sample_values_per_column = 0;
  StatusOr<DatabaseSchema> schema = db_->Introspect(options);
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  ASSERT_EQ(schema->tables.size(), 2u);
  EXPECT_EQ(schema->tables[0].name, "Album");
  EXPECT_EQ(schema->tables[1].name, "Artist");
  EXPECT_FALSE(schema->tables[0].row_count.has_value());
  EXPECT_TRUE(schema->tables[1].FindColumn("Name")->sample_values.empty());

  options.tables = {"Artist", "Nope"};
  StatusOr<DatabaseSchema> missing = db_->Introspect(options);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kNotFound);
  EXPECT_NE(missing.status().message().find("Nope"), std::string::npos);
}

TEST(SqliteOpenTest, MissingFileIsNotFoundAndNotCreated) {
  testing::TempDir dir;
  std::filesystem::path missing = dir.path() / "nope.sqlite";
  StatusOr<std::unique_ptr<SqliteConnector>> opened = SqliteConnector::Open(missing.string());
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(opened.status().message().rfind("database file not found: " + missing.string(), 0), 0u)
      << opened.status().message();
  EXPECT_FALSE(std::filesystem::exists(missing));
  EXPECT_TRUE(dir.Listing().empty());
}

TEST(SqliteOpenTest, TextFileIsNotADatabase) {
  testing::TempDir dir;
  std::filesystem::path text = dir.path() / "notes.txt";
  std::ofstream(text) << "this is not a database, just some notes about sales\n";
  StatusOr<std::unique_ptr<SqliteConnector>> opened = SqliteConnector::Open(text.string());
  ASSERT_FALSE(opened.ok());
  EXPECT_EQ(opened.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(opened.status().message().rfind(text.string() + " is not a SQLite database", 0), 0u)
      << opened.status().message();

  StatusOr<std::unique_ptr<SqliteConnector>> directory = SqliteConnector::Open(dir.path().string());
  ASSERT_FALSE(directory.ok());
  EXPECT_EQ(directory.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(SqliteConnector::Open("").status().code(), StatusCode::kInvalidArgument);
}

// The dialect's expressions, run by SQLite itself.
TEST(SqliteDialectExecTest, ExpressionsEvaluate) {
  StatusOr<std::unique_ptr<SqliteConnector>> db = SqliteConnector::OpenInMemory("");
  ASSERT_TRUE(db.ok()) << db.status().ToString();
  const Dialect& d = (*db)->dialect();
  const std::string date = d.DateLiteral("2024-05-17");
  std::string sql =
      "SELECT " + d.DateBucket(DatePart::kYear, date) + ", " +
      d.DateBucket(DatePart::kQuarter, date) + ", " + d.DateBucket(DatePart::kMonth, date) + ", " +
      d.DateBucket(DatePart::kWeek, date) + ", " + d.DateBucket(DatePart::kDay, date) + ", " +
      d.ExtractYear(date) + ", " + d.Concat({d.QuoteString("a'b"), "'-'", "1"}) + ", " +
      d.CastToReal("1") + " / 2, " + d.DateBucket(DatePart::kQuarter, d.DateLiteral("2024-12-31")) +
      ", " + d.QuoteIdentifier("x\"y") + ", " + d.QuarterOfYear(date) + ", " + d.MonthOfYear(date) +
      " FROM (SELECT 1 AS " + d.QuoteIdentifier("x\"y") + ")" + d.LimitClause(1);
  StatusOr<ResultSet> rs = (*db)->Execute(sql, {});
  ASSERT_TRUE(rs.ok()) << sql << ": " << rs.status().ToString();
  const std::vector<Value>& row = rs->rows.at(0);
  EXPECT_EQ(row[0], Value::Text("2024"));
  EXPECT_EQ(row[1], Value::Text("2024-Q2"));
  EXPECT_EQ(row[2], Value::Text("2024-05"));
  EXPECT_EQ(row[3], Value::Text("2024-W20"));
  EXPECT_EQ(row[4], Value::Text("2024-05-17"));
  EXPECT_EQ(row[5], Value::Int(2024));
  EXPECT_EQ(row[6], Value::Text("a'b-1"));
  EXPECT_EQ(row[7], Value::Double(0.5));
  EXPECT_EQ(row[8], Value::Text("2024-Q4"));
  EXPECT_EQ(row[9], Value::Int(1));
  EXPECT_EQ(row[10], Value::Int(2));  // QuarterOfYear of 2024-05-17
  EXPECT_EQ(row[11], Value::Int(5));  // MonthOfYear of 2024-05-17
}

TEST(SqliteInMemoryTest, ViewsAndImplicitForeignKeys) {
  StatusOr<std::unique_ptr<SqliteConnector>> db = SqliteConnector::OpenInMemory(R"sql(
    CREATE TABLE "客户" (id INTEGER PRIMARY KEY, "名称" TEXT NOT NULL DEFAULT '无');
    CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER REFERENCES "客户",
                         status TEXT, amount REAL);
    CREATE UNIQUE INDEX orders_status ON orders(status, id);
    INSERT INTO "客户" VALUES (1, '张三'), (2, '李四');
    INSERT INTO orders VALUES (1, 1, 'paid', 10.5), (2, 1, 'paid', 3), (3, 2, 'new', 7);
    CREATE VIEW paid AS SELECT * FROM orders WHERE status = 'paid';
  )sql");
  ASSERT_TRUE(db.ok()) << db.status().ToString();
  StatusOr<DatabaseSchema> schema = (*db)->Introspect({});
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  ASSERT_EQ(schema->tables.size(), 3u);
  const TableInfo* customers = schema->FindTable("客户");
  ASSERT_NE(customers, nullptr);
  EXPECT_EQ(customers->row_count, 2);
  EXPECT_EQ(customers->FindColumn("名称")->default_value, "'无'");
  // Equal counts fall back to byte order: 张 (U+5F20) sorts before 李 (U+674E).
  EXPECT_EQ(customers->FindColumn("名称")->sample_values,
            (std::vector<std::string>{"张三", "李四"}));
  const TableInfo* orders = schema->FindTable("orders");
  ASSERT_EQ(orders->foreign_keys.size(), 1u);
  EXPECT_EQ(orders->foreign_keys[0].ref_table, "客户");
  EXPECT_EQ(orders->foreign_keys[0].ref_columns, std::vector<std::string>{"id"});
  ASSERT_EQ(orders->indexes.size(), 1u);
  EXPECT_TRUE(orders->indexes[0].unique);
  EXPECT_EQ(orders->indexes[0].columns, (std::vector<std::string>{"status", "id"}));
  EXPECT_EQ(orders->FindColumn("status")->sample_values, (std::vector<std::string>{"paid", "new"}));
  const TableInfo* paid = schema->FindTable("paid");
  ASSERT_NE(paid, nullptr);
  EXPECT_EQ(paid->kind, TableInfo::Kind::kView);
  EXPECT_FALSE(paid->row_count.has_value());
  EXPECT_EQ(paid->columns.size(), 4u);

  StatusOr<ResultSet> rs = (*db)->Execute("SELECT SUM(amount) FROM paid", {});
  ASSERT_TRUE(rs.ok());
  EXPECT_EQ(rs->rows[0][0], Value::Double(13.5));
  EXPECT_EQ((*db)->Execute("INSERT INTO orders VALUES (9, 1, 'x', 1)", {}).status().code(),
            StatusCode::kPermissionDenied);
}

TEST(SqliteInMemoryTest, ConcurrentExecuteIsSerialised) {
  StatusOr<std::unique_ptr<SqliteConnector>> db = SqliteConnector::OpenInMemory(
      "CREATE TABLE t(x INTEGER); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 "
      "FROM c WHERE x < 1000) INSERT INTO t SELECT x FROM c;");
  ASSERT_TRUE(db.ok()) << db.status().ToString();
  constexpr int kThreads = 4;
  constexpr int kQueriesPerThread = 50;
  std::atomic<int> good{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kQueriesPerThread; ++i) {
        StatusOr<ResultSet> rs = (*db)->Execute("SELECT SUM(x) FROM t", {});
        if (rs.ok() && rs->rows[0][0] == Value::Int(500500)) ++good;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(good.load(), kThreads * kQueriesPerThread);
}

}  // namespace
}  // namespace askdb::db
