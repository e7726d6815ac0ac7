// MysqlConnector against a real MariaDB server (scripts/db_servers.sh): queries, type
// mapping, row cap, server-enforced read-only, timeouts, cancellation (KILL QUERY), a
// server that ends the session mid-query, bad connection input, introspection and the pool.
#include "askdb/db/mysql/mysql_connector.h"

#include <gtest/gtest.h>
#include <mysql.h>

#include <cstdio>
#include <fstream>
#include <mutex>
#include <thread>

#include "askdb/db/connector_registry.h"
#include "askdb/db/database_url.h"
#include "askdb/db/tls_test_support.h"
#include "tests/servers/server_env.h"

namespace askdb::db {
namespace {

using std::chrono::milliseconds;
using Clock = std::chrono::steady_clock;

constexpr milliseconds kQuick{5'000};
// Runs for hours on the server, computing only (SLEEP is refused by the statement guard).
constexpr const char* kEndless = "SELECT COUNT(*) FROM Track a, Track b, Track c";

std::unique_ptr<Connector> OpenOrDie(const std::string& url) {
  StatusOr<std::unique_ptr<Connector>> c = OpenConnector(url);
  EXPECT_TRUE(c.ok()) << c.status().ToString();
  return c.ok() ? std::move(*c) : nullptr;
}

QueryOptions Options(milliseconds timeout = kQuick, long long max_rows = 1000) {
  QueryOptions o;
  o.timeout = timeout;
  o.max_rows = max_rows;
  return o;
}

std::string WithPassword(const std::string& url, const std::string& password) {
  StatusOr<DatabaseUrl> u = ParseDatabaseUrl(url);
  EXPECT_TRUE(u.ok());
  return u->scheme + "://" + u->user + ":" + password + url.substr(url.find('@'));
}

TEST(MysqlConnectorTest, QueriesThroughTheRegistry) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  for (std::string scheme : {"mysql", "mariadb"}) {
    auto db = OpenOrDie(scheme + url.substr(url.find("://")));
    ASSERT_TRUE(db);
    EXPECT_EQ(db->engine(), "mysql");
    EXPECT_EQ(db->dialect().name(), "mysql");
    StatusOr<ResultSet> rs = db->Execute(
        "SELECT COUNT(*) AS n FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId",
        Options());
    ASSERT_TRUE(rs.ok()) << rs.status().ToString();
    EXPECT_EQ(rs->columns[0].name, "n");
    EXPECT_EQ(rs->rows[0][0], Value::Int(347));
  }
}

TEST(MysqlConnectorTest, MapsTypesExactly) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  StatusOr<ResultSet> rs = db->Execute(
      "SELECT 7 AS i, CAST(18446744073709551615 AS UNSIGNED) AS big, CAST(1234.5 AS "
      "DECIMAL(10,2)) AS money, 'héllo' AS t, TRUE AS yes, NULL AS nothing, DATE '2024-03-01' AS "
      "d, TIMESTAMP '2024-03-01 13:45:00' AS ts, X'41FF00' AS bin, CAST(1.5 AS DOUBLE) AS f, "
      "TIME '13:45:00' AS tm, 0.1 + 0.2 AS exact",
      Options());
  ASSERT_TRUE(rs.ok()) << rs.status().ToString();
  const std::vector<Value>& r = rs->rows[0];
  EXPECT_EQ(r[0], Value::Int(7));
  EXPECT_EQ(r[1], Value::Decimal("18446744073709551615"));
  EXPECT_EQ(r[2], Value::Decimal("1234.50"));
  EXPECT_EQ(rs->columns[2].declared_type, "decimal(10,2)");
  EXPECT_EQ(r[3], Value::Text("héllo"));
  // MySQL has no boolean type: TRUE is the integer 1 (BOOLEAN columns are TINYINT(1)).
  EXPECT_EQ(r[4], Value::Int(1));
  EXPECT_TRUE(r[5].is_null());
  EXPECT_EQ(r[6], Value::Date("2024-03-01"));
  EXPECT_EQ(r[7], Value::Timestamp("2024-03-01T13:45:00"));
  EXPECT_EQ(r[8], Value::Blob(std::string("A\xff\0", 3)));
  EXPECT_EQ(r[9], Value::Double(1.5));
  EXPECT_EQ(r[10], Value::Time("13:45:00"));
  EXPECT_EQ(r[11], Value::Decimal("0.3"));
}

TEST(MysqlConnectorTest, CapsRowsAndFlagsTruncation) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  StatusOr<ResultSet> capped =
      db->Execute("SELECT TrackId FROM Track ORDER BY TrackId", Options(kQuick, 10));
  ASSERT_TRUE(capped.ok()) << capped.status().ToString();
  EXPECT_EQ(capped->row_count(), 10u);
  EXPECT_TRUE(capped->truncated);
  StatusOr<ResultSet> exact =
      db->Execute("SELECT GenreId FROM Genre LIMIT 10", Options(kQuick, 10));
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ(exact->row_count(), 10u);
  EXPECT_FALSE(exact->truncated);
  // The cap of one statement does not leak into the next.
  StatusOr<ResultSet> all = db->Execute("SELECT * FROM Genre", Options());
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->row_count(), 25u);
}

TEST(MysqlConnectorTest, TheServerRefusesWrites) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  for (const char* sql : {"DELETE FROM Artist", "UPDATE Track SET UnitPrice = 0",
                          "CREATE TABLE x (i int)", "SELECT * FROM Artist INTO OUTFILE '/tmp/x'",
                          "SET SESSION TRANSACTION READ WRITE", "COMMIT", "DO SLEEP(1)"}) {
    StatusOr<ResultSet> rs = db->Execute(sql, Options());
    ASSERT_FALSE(rs.ok()) << sql;
    EXPECT_EQ(rs.status().code(), StatusCode::kPermissionDenied)
        << sql << ": " << rs.status().ToString();
  }
  EXPECT_FALSE(db->Execute("SELECT 1; SELECT 2", Options()).ok());
  EXPECT_EQ(db->Execute(std::string("SELECT 1\0; DELETE FROM Artist", 30), {}).status().code(),
            StatusCode::kInvalidArgument);
  StatusOr<ResultSet> count = db->Execute("SELECT COUNT(*) FROM Artist", Options());
  ASSERT_TRUE(count.ok());
  EXPECT_EQ(count->rows[0][0], Value::Int(275));
  StatusOr<ResultSet> typo = db->Execute("SELECT Nme FROM Artist", Options());
  EXPECT_EQ(typo.status().code(), StatusCode::kSqlError) << typo.status().ToString();
}

TEST(MysqlConnectorTest, TimeoutStopsTheQueryAndTheNextOneRuns) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  auto start = Clock::now();
  StatusOr<ResultSet> slow = db->Execute(kEndless, Options(milliseconds(300)));
  auto took = Clock::now() - start;
  ASSERT_FALSE(slow.ok());
  EXPECT_EQ(slow.status().code(), StatusCode::kDeadlineExceeded) << slow.status().ToString();
  EXPECT_LT(took, milliseconds(3'000));
  EXPECT_TRUE(db->Execute("SELECT 1", Options()).ok());
}

TEST(MysqlConnectorTest, CancelsFromAnotherThread) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  QueryOptions options = Options(milliseconds(20'000));
  auto token = std::make_shared<CancellationToken>();
  options.cancel = token;
  std::thread canceller([token] {
    std::this_thread::sleep_for(milliseconds(200));
    token->Cancel();
  });
  auto start = Clock::now();
  StatusOr<ResultSet> rs = db->Execute(
      "SELECT COUNT(*) FROM Track a, Track b, Track c WHERE a.Name = c.Composer", options);
  canceller.join();
  EXPECT_EQ(rs.status().code(), StatusCode::kCancelled) << rs.status().ToString();
  EXPECT_LT(Clock::now() - start, milliseconds(5'000));
  std::thread cancel_all([&db] {
    std::this_thread::sleep_for(milliseconds(200));
    db->Cancel();
  });
  rs = db->Execute(kEndless, Options(milliseconds(20'000)));
  cancel_all.join();
  EXPECT_EQ(rs.status().code(), StatusCode::kCancelled) << rs.status().ToString();
  EXPECT_TRUE(db->Execute("SELECT 1", Options()).ok());
}

// KILL is not a query, so the test's admin side uses the client library directly.
void KillReaderConnections(const std::string& admin_url, const std::string& info_like,
                           bool expect_some) {
  StatusOr<DatabaseUrl> u = ParseDatabaseUrl(admin_url);
  ASSERT_TRUE(u.ok());
  MYSQL* conn = mysql_init(nullptr);
  ASSERT_NE(mysql_real_connect(conn, u->host.c_str(), u->user.c_str(), u->password.c_str(), nullptr,
                               static_cast<unsigned>(*u->port), nullptr, 0),
            nullptr)
      << mysql_error(conn);
  std::string find =
      "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = 'askdb_reader' AND "
      "COALESCE(INFO, '') LIKE '" +
      info_like + "'";
  ASSERT_EQ(mysql_query(conn, find.c_str()), 0) << mysql_error(conn);
  MYSQL_RES* res = mysql_store_result(conn);
  std::vector<std::string> ids;
  while (MYSQL_ROW row = mysql_fetch_row(res)) ids.emplace_back(row[0]);
  mysql_free_result(res);
  for (const std::string& id : ids) mysql_query(conn, ("KILL CONNECTION " + id).c_str());
  mysql_close(conn);
  if (expect_some) {
    EXPECT_FALSE(ids.empty());
  }
}

TEST(MysqlConnectorTest, ServerEndingTheSessionMidQueryIsUnavailableThenRecovers) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  ASKDB_REQUIRE_SERVER_URL(admin_url, "ASKDB_TEST_MYSQL_ADMIN_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  std::thread killer([&admin_url] {
    std::this_thread::sleep_for(milliseconds(300));
    KillReaderConnections(admin_url, std::string(kEndless) + "%", true);
  });
  StatusOr<ResultSet> rs = db->Execute(kEndless, Options(milliseconds(10'000)));
  killer.join();
  ASSERT_FALSE(rs.ok());
  EXPECT_EQ(rs.status().code(), StatusCode::kUnavailable) << rs.status().ToString();
  // Idle pooled sessions die too; the pool replaces them.
  ASSERT_TRUE(db->Execute("SELECT 1", Options()).ok());
  KillReaderConnections(admin_url, "%", true);
  StatusOr<ResultSet> after = db->Execute("SELECT COUNT(*) FROM Genre", Options());
  ASSERT_TRUE(after.ok()) << after.status().ToString();
  EXPECT_EQ(after->rows[0][0], Value::Int(25));
}

TEST(MysqlConnectorTest, BadConnectionInputNamesTheCause) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  ASKDB_REQUIRE_SERVER_URL(tls_url, "ASKDB_TEST_MYSQL_TLS_URL");
  const ConnectOptions quick = tls_testing::QuickConnect();
  auto start = Clock::now();
  auto wrong = OpenConnector(WithPassword(url, "not-the-password-42"), quick);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.status().code(), StatusCode::kPermissionDenied) << wrong.status().ToString();
  EXPECT_EQ(wrong.status().message().find("not-the-password-42"), std::string::npos);

  auto unknown = OpenConnector(url.substr(0, url.rfind('/')) + "/no_such_database", quick);
  ASSERT_FALSE(unknown.ok());
  // MariaDB answers "access denied" for a database the user has no rights on, even when it
  // does not exist, so as not to reveal which databases exist.
  EXPECT_TRUE(unknown.status().code() == StatusCode::kNotFound ||
              unknown.status().code() == StatusCode::kPermissionDenied)
      << unknown.status().ToString();

  auto unreachable = OpenConnector("mysql://u:p@127.0.0.1:1/x", quick);
  ASSERT_FALSE(unreachable.ok());
  EXPECT_EQ(unreachable.status().code(), StatusCode::kUnavailable)
      << unreachable.status().ToString();

  auto tls = OpenConnector(tls_url, quick);
  ASSERT_FALSE(tls.ok());
  EXPECT_EQ(tls.status().code(), StatusCode::kPermissionDenied) << tls.status().ToString();
  EXPECT_NE(tls.status().message().find("ssl=true"), std::string::npos);

  EXPECT_EQ(OpenConnector(url + "?multi_statements=1", quick).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_LT(Clock::now() - start, milliseconds(10'000));
}

// The test server runs with TLS, its certificate signed by a throw-away CA
// (ASKDB_TEST_MYSQL_CA): encryption alone, then with that CA; a CA that did not sign the
// certificate is refused (the server's own certificate beside it stands for one).
TEST(MysqlConnectorTest, TalksTlsAndChecksTheServersCertificateAgainstTheCa) {
  ASKDB_REQUIRE_SERVER_URL(tls_url, "ASKDB_TEST_MYSQL_TLS_URL");
  ASKDB_REQUIRE_SERVER_URL(ca, "ASKDB_TEST_MYSQL_CA");
  tls_testing::ExpectQueriesOverTls(tls_url + "?ssl=true");
  tls_testing::ExpectQueriesOverTls(tls_url + "?ssl_ca=" + ca);
  tls_testing::ExpectQueriesOverTls(tls_url + "?sslmode=verify_ca&ssl_ca=" + ca);
  const std::string not_the_ca = ca.substr(0, ca.rfind('/')) + "/server.crt";
  const ConnectOptions quick = tls_testing::QuickConnect();
  for (const std::string mode : {"", "&sslmode=verify_ca"}) {
    auto refused = OpenConnector(tls_url + "?ssl_ca=" + not_the_ca + mode, quick);
    ASSERT_FALSE(refused.ok());
    const std::string& message = refused.status().message();
    EXPECT_EQ(refused.status().code(), StatusCode::kPermissionDenied) << message;
    EXPECT_EQ(message.rfind("TLS negotiation with ", 0), 0u) << message;
    // OpenSSL's reason, e.g. "self-signed certificate in certificate chain".
    EXPECT_NE(message.find("TLS/SSL error: "), std::string::npos) << message;
    EXPECT_NE(message.find("certificate"), std::string::npos) << message;
  }
}

// sslmode=verify_identity: the certificate must be signed by ssl_ca and hold the URL's host
// (it holds 127.0.0.1 only; 127.1 is the same address by another spelling).
TEST(MysqlConnectorTest, VerifyIdentityChecksTheHostName) {
  ASKDB_REQUIRE_SERVER_URL(tls_url, "ASKDB_TEST_MYSQL_TLS_URL");
  ASKDB_REQUIRE_SERVER_URL(ca, "ASKDB_TEST_MYSQL_CA");
  tls_testing::ExpectQueriesOverTls(tls_url + "?sslmode=verify_identity&ssl_ca=" + ca);
  std::string other_name = tls_url;
  const size_t host_at = other_name.find("@127.0.0.1:");
  ASSERT_NE(host_at, std::string::npos) << "the test server listens on 127.0.0.1";
  other_name.replace(host_at, 10, "@127.1");
  // The same spelling without verify_identity is admitted: only the name check refuses it.
  tls_testing::ExpectQueriesOverTls(other_name + "?sslmode=verify_ca&ssl_ca=" + ca);
  auto refused = OpenConnector(other_name + "?sslmode=verify_identity&ssl_ca=" + ca,
                               tls_testing::QuickConnect());
  ASSERT_FALSE(refused.ok());
  const std::string& message = refused.status().message();
  EXPECT_EQ(refused.status().code(), StatusCode::kPermissionDenied) << message;
  EXPECT_EQ(message.rfind("TLS negotiation with ", 0), 0u) << message;
  EXPECT_NE(message.find("Validation of SSL server certificate failed"), std::string::npos)
      << message;
}

// verify_ca and verify_identity check against ssl_ca only: without it they would promise a
// check that is not made, so they are refused before connecting.
TEST(MysqlConnectorTest, AVerifyModeWithoutACaIsRefused) {
  for (const std::string mode : {"verify_ca", "verify_identity", "VERIFY_IDENTITY"}) {
    auto refused = OpenConnector("mysql://u:secret@127.0.0.1:1/x?sslmode=" + mode,
                                 tls_testing::QuickConnect());
    ASSERT_FALSE(refused.ok()) << mode;
    const std::string& message = refused.status().message();
    EXPECT_EQ(refused.status().code(), StatusCode::kInvalidArgument) << message;
    EXPECT_NE(message.find("sslmode=" + mode), std::string::npos) << message;
    EXPECT_NE(message.find("needs ssl_ca="), std::string::npos) << message;
    EXPECT_EQ(message.find("secret"), std::string::npos) << message;
  }
}

TEST(MysqlConnectorTest, PasswordFromFileOrEnvironment) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  ASSERT_TRUE(parsed.ok());
  std::string bare = parsed->scheme + "://" + parsed->user + "@" + parsed->host + ":" +
                     std::to_string(*parsed->port) + "/" + parsed->database;
  std::string file = ::testing::TempDir() + "/askdb_mysql_password";
  {
    std::ofstream out(file);
    out << parsed->password << "\n";
  }
  auto from_file = OpenConnector(bare + "?password_file=" + file);
  std::remove(file.c_str());
  ASSERT_TRUE(from_file.ok()) << from_file.status().ToString();
  setenv("ASKDB_MYSQL_PASSWORD", parsed->password.c_str(), 1);
  auto from_env = OpenConnector(bare);
  unsetenv("ASKDB_MYSQL_PASSWORD");
  ASSERT_TRUE(from_env.ok()) << from_env.status().ToString();
}

TEST(MysqlConnectorTest, IntrospectsChinook) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  StatusOr<DatabaseSchema> schema = db->Introspect({});
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  EXPECT_EQ(schema->engine, "mysql");
  EXPECT_EQ(schema->database, "chinook");
  EXPECT_EQ(schema->tables.size(), 11u);
  const TableInfo* track = schema->FindTable("Track");
  ASSERT_NE(track, nullptr);
  EXPECT_EQ(track->primary_key, std::vector<std::string>{"TrackId"});
  ASSERT_NE(track->FindColumn("UnitPrice"), nullptr);
  EXPECT_EQ(track->FindColumn("UnitPrice")->type, "decimal(10,2)");
  EXPECT_FALSE(track->FindColumn("UnitPrice")->nullable);
  EXPECT_TRUE(track->FindColumn("Composer")->nullable);
  EXPECT_TRUE(track->FindColumn("TrackId")->primary_key);
  ASSERT_TRUE(track->row_count.has_value());
  EXPECT_EQ(*track->row_count, 3503);
  bool album_fk = false;
  for (const ForeignKey& fk : track->foreign_keys) {
    album_fk =
        album_fk || (fk.ref_table == "Album" && fk.columns == std::vector<std::string>{"AlbumId"} &&
                     fk.ref_columns == std::vector<std::string>{"AlbumId"});
  }
  EXPECT_TRUE(album_fk);
  bool album_index = false;
  for (const IndexInfo& index : track->indexes) album_index |= index.name == "IFK_TrackAlbumId";
  EXPECT_TRUE(album_index);
  const TableInfo* genre = schema->FindTable("Genre");
  ASSERT_NE(genre, nullptr);
  EXPECT_FALSE(genre->FindColumn("Name")->sample_values.empty());
  const TableInfo* artist = schema->FindTable("Artist");
  ASSERT_NE(artist, nullptr);
  EXPECT_EQ(artist->comment, "Recording artists");
  EXPECT_EQ(artist->FindColumn("Name")->comment, "The artist's name");
  IntrospectOptions only;
  only.tables = {"genre"};
  StatusOr<DatabaseSchema> one = db->Introspect(only);
  ASSERT_TRUE(one.ok()) << one.status().ToString();
  EXPECT_EQ(one->tables.size(), 1u);
  only.tables = {"nope"};
  EXPECT_EQ(db->Introspect(only).status().code(), StatusCode::kNotFound);
}

// --- Check: server-side prepare without running ----------------------------------------

// Expects Check to fail with `code` and a message naming the database and containing `part`.
void ExpectCheckFails(Connector& db, std::string_view sql, StatusCode code, std::string_view part) {
  Status s = db.Check(sql, Options());
  ASSERT_FALSE(s.ok()) << sql << " passed Check";
  EXPECT_EQ(s.code(), code) << sql << ": " << s.ToString();
  EXPECT_NE(s.message().find(part), std::string::npos) << sql << ": " << s.message();
  EXPECT_EQ(s.message().rfind("checking the query on " + db.display_name() + ": ", 0), 0u)
      << s.message();
}

// A connector with one pooled session, so that tests can see it is reused (not replaced).
std::unique_ptr<MysqlConnector> OpenSingleSession(const std::string& url) {
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  EXPECT_TRUE(parsed.ok());
  if (!parsed.ok()) return nullptr;
  MysqlOptions options;
  options.max_sessions = 1;
  StatusOr<std::unique_ptr<MysqlConnector>> db = MysqlConnector::Open(*parsed, options);
  EXPECT_TRUE(db.ok()) << db.status().ToString();
  return db.ok() ? std::move(*db) : nullptr;
}

int64_t ConnectionId(Connector& db) {
  StatusOr<ResultSet> rs = db.Execute("SELECT CONNECTION_ID()", Options());
  EXPECT_TRUE(rs.ok()) << rs.status().ToString();
  return rs.ok() ? rs->rows[0][0].int_value() : -1;
}

TEST(MysqlConnectorTest, CheckAcceptsQueriesThatBind) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenSingleSession(url);
  ASSERT_TRUE(db);
  const int64_t id = ConnectionId(*db);
  for (std::string_view sql :
       {"SELECT COUNT(*) FROM Artist", "SELECT 1",
        "SELECT ar.Name, COUNT(*) AS albums FROM Artist ar JOIN Album al ON al.ArtistId = "
        "ar.ArtistId WHERE ar.Name LIKE 'A%' GROUP BY ar.Name ORDER BY albums DESC",
        "WITH t AS (SELECT AlbumId, SUM(Milliseconds) AS ms FROM Track GROUP BY AlbumId) "
        "SELECT UPPER(a.Title), t.ms FROM t JOIN Album a USING (AlbumId)"}) {
    Status s = db->Check(sql, Options());
    EXPECT_TRUE(s.ok()) << sql << ": " << s.ToString();
  }
  EXPECT_EQ(ConnectionId(*db), id);  // the one session went back to the pool healthy
}

TEST(MysqlConnectorTest, CheckReportsUnboundNamesWithTheServersMessage) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenSingleSession(url);
  ASSERT_TRUE(db);
  const int64_t id = ConnectionId(*db);
  struct Case {
    std::string_view sql;
    std::string_view message;
  };
  for (const Case& c : {
           Case{"SELECT * FROM Nope", "Table 'chinook.Nope' doesn't exist"},
           // MariaDB 10.11 names the clause ('SELECT'); older servers say 'field list'.
           Case{"SELECT Nme FROM Artist", "Unknown column 'Nme' in '"},
           Case{"SELECT Name FROM Artist WHERE Bogus = 1", "Unknown column 'Bogus' in '"},
           Case{"SELECT a.Name FROM Artist a JOIN Album al ON al.ArtistIdx = a.ArtistId",
                "Unknown column 'al.ArtistIdx' in '"},
           Case{"SELECT Name FROM Artist ORDER BY Popularity", "Unknown column 'Popularity' in '"},
           // A user without EXECUTE rights hears "execute command denied ... for routine".
           Case{"SELECT no_such_fn(Name) FROM Artist", "no_such_fn"},
           Case{"SELECT * FORM Artist", "You have an error in your SQL syntax"},
       }) {
    ExpectCheckFails(*db, c.sql, StatusCode::kInvalidArgument, c.message);
    EXPECT_EQ(ConnectionId(*db), id) << c.sql;  // still usable, and the same session
  }
}

TEST(MysqlConnectorTest, CheckRefusesWritesAndChangesNothing) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenSingleSession(url);
  ASSERT_TRUE(db);
  const int64_t id = ConnectionId(*db);
  for (std::string_view sql :
       {"INSERT INTO Artist (ArtistId, Name) VALUES (9999, 'x')", "UPDATE Artist SET Name = 'x'",
        "DELETE FROM Artist", "DROP TABLE Track", "CREATE TABLE askdb_check_x (i int)",
        "TRUNCATE Artist", "SET SESSION TRANSACTION READ WRITE", "COMMIT", "DO SLEEP(1)",
        "SELECT * FROM Artist INTO OUTFILE '/tmp/askdb_check_x'"}) {
    ExpectCheckFails(*db, sql, StatusCode::kPermissionDenied, "refused");
    EXPECT_EQ(ConnectionId(*db), id) << sql;
  }
  ExpectCheckFails(*db, "SELECT 1; SELECT 2", StatusCode::kPermissionDenied,
                   "only one statement may run at a time");
  ExpectCheckFails(*db, "SELECT 1; DELETE FROM Artist", StatusCode::kPermissionDenied,
                   "only one statement may run at a time");
  ExpectCheckFails(*db, "# nothing", StatusCode::kInvalidArgument, "empty query");
  StatusOr<ResultSet> after = db->Execute(
      "SELECT (SELECT COUNT(*) FROM Artist), (SELECT COUNT(*) FROM Track), 0, (SELECT MIN(Name) "
      "FROM Artist)",
      Options());
  IntrospectOptions created;
  created.tables = {"askdb_check_x"};
  EXPECT_EQ(db->Introspect(created).status().code(), StatusCode::kNotFound);
  ASSERT_TRUE(after.ok()) << after.status().ToString();
  EXPECT_EQ(after->rows[0][0], Value::Int(275));
  EXPECT_EQ(after->rows[0][1], Value::Int(3503));
  EXPECT_EQ(after->rows[0][2], Value::Int(0));
  EXPECT_EQ(after->rows[0][3], Value::Text("A Cor Do Som"));
}

TEST(MysqlConnectorTest, CheckDoesNotRunTheStatement) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  // A run would take 5 s; the bound is generous because it tests non-execution, not speed.
  auto start = Clock::now();
  Status sleep = db->Check(kEndless, Options(milliseconds(10'000)));
  EXPECT_TRUE(sleep.ok()) << sleep.ToString();
  EXPECT_LT(Clock::now() - start, milliseconds(2'000));
  // An error that only evaluation raises passes Check and fails Execute.
  constexpr std::string_view kManyRows = "SELECT (SELECT ArtistId FROM Artist)";
  EXPECT_TRUE(db->Check(kManyRows, Options()).ok());
  EXPECT_EQ(db->Execute(kManyRows, Options()).status().code(), StatusCode::kSqlError);
}

// The test's admin side uses the client library: transactions, ALTER and KILL.
MYSQL* AdminConnection(const std::string& admin_url) {
  StatusOr<DatabaseUrl> u = ParseDatabaseUrl(admin_url);
  EXPECT_TRUE(u.ok());
  if (!u.ok()) return nullptr;
  MYSQL* conn = mysql_init(nullptr);
  if (mysql_real_connect(conn, u->host.c_str(), u->user.c_str(), u->password.c_str(),
                         u->database.c_str(), static_cast<unsigned>(*u->port), nullptr,
                         0) == nullptr) {
    ADD_FAILURE() << mysql_error(conn);
    mysql_close(conn);
    return nullptr;
  }
  return conn;
}

// The first column of the first row of `sql` on `conn`, or "" (with a test failure).
std::string AdminValue(MYSQL* conn, const std::string& sql) {
  if (mysql_query(conn, sql.c_str()) != 0) {
    ADD_FAILURE() << sql << ": " << mysql_error(conn);
    return "";
  }
  MYSQL_RES* res = mysql_store_result(conn);
  std::string value;
  if (res != nullptr) {
    MYSQL_ROW row = mysql_fetch_row(res);
    if (row != nullptr && row[0] != nullptr) value = row[0];
    mysql_free_result(res);
  }
  return value;
}

TEST(MysqlConnectorTest, CheckWaitingForAMetadataLockStopsAtTheTimeout) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  ASKDB_REQUIRE_SERVER_URL(admin_url, "ASKDB_TEST_MYSQL_ADMIN_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  // A prepare takes a shared metadata lock, which waits behind a queued exclusive one: one
  // admin session keeps Artist open in a transaction, a second one queues an ALTER behind
  // it. The ALTER sets the comment Artist already has, and is killed before it can run.
  MYSQL* holder = AdminConnection(admin_url);
  MYSQL* alter = AdminConnection(admin_url);
  ASSERT_TRUE(holder != nullptr && alter != nullptr);
  const std::string comment = AdminValue(
      holder,
      "SELECT TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() "
      "AND TABLE_NAME = 'Artist'");
  std::string escaped(comment.size() * 2 + 1, '\0');
  escaped.resize(mysql_real_escape_string(holder, escaped.data(), comment.data(), comment.size()));
  ASSERT_EQ(mysql_query(holder, "START TRANSACTION"), 0) << mysql_error(holder);
  EXPECT_EQ(AdminValue(holder, "SELECT COUNT(*) FROM Artist"), "275");
  const unsigned long alter_id = mysql_thread_id(alter);
  std::thread queued([alter, escaped] {
    mysql_query(alter, "SET SESSION lock_wait_timeout = 30");
    // Fails when killed below; its error is expected and ignored.
    mysql_query(alter, ("ALTER TABLE Artist COMMENT = '" + escaped + "'").c_str());
  });
  const std::string waiting =
      "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID = " + std::to_string(alter_id) +
      " AND STATE LIKE 'Waiting for table metadata lock%'";
  const auto wait_until = Clock::now() + milliseconds(10'000);
  while (AdminValue(holder, waiting) != "1" && Clock::now() < wait_until) {
    std::this_thread::sleep_for(milliseconds(20));
  }
  EXPECT_EQ(AdminValue(holder, waiting), "1") << "the ALTER never queued for its lock";

  auto start = Clock::now();
  Status s = db->Check("SELECT Name FROM Artist", Options(milliseconds(300)));
  EXPECT_EQ(s.code(), StatusCode::kDeadlineExceeded) << s.ToString();
  EXPECT_LT(Clock::now() - start, milliseconds(5'000));
  // By token, from another thread.
  QueryOptions options = Options(milliseconds(20'000));
  auto token = std::make_shared<CancellationToken>();
  options.cancel = token;
  std::thread canceller([token] {
    std::this_thread::sleep_for(milliseconds(200));
    token->Cancel();
  });
  start = Clock::now();
  Status cancelled = db->Check("SELECT Name FROM Artist", options);
  canceller.join();
  EXPECT_EQ(cancelled.code(), StatusCode::kCancelled) << cancelled.ToString();
  EXPECT_LT(Clock::now() - start, milliseconds(5'000));

  EXPECT_EQ(mysql_query(holder, ("KILL QUERY " + std::to_string(alter_id)).c_str()), 0)
      << mysql_error(holder);
  queued.join();
  EXPECT_EQ(mysql_query(holder, "ROLLBACK"), 0) << mysql_error(holder);
  EXPECT_EQ(AdminValue(holder,
                       "SELECT TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA "
                       "= DATABASE() AND TABLE_NAME = 'Artist'"),
            comment);
  mysql_close(alter);
  mysql_close(holder);
  // The lock gone, the same connector checks and runs again.
  EXPECT_TRUE(db->Check("SELECT Name FROM Artist", Options()).ok());
  StatusOr<ResultSet> count = db->Execute("SELECT COUNT(*) FROM Artist", Options());
  ASSERT_TRUE(count.ok()) << count.status().ToString();
  EXPECT_EQ(count->rows[0][0], Value::Int(275));
}

TEST(MysqlConnectorTest, PoolServesConcurrentStatementsWithinItsSize) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_URL");
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  ASSERT_TRUE(parsed.ok());
  MysqlOptions options;
  options.max_sessions = 2;
  auto db = MysqlConnector::Open(*parsed, options);
  ASSERT_TRUE(db.ok()) << db.status().ToString();
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  std::mutex errors_mu;
  std::string errors;
  for (int i = 0; i < 6; ++i) {
    threads.emplace_back([&] {
      StatusOr<ResultSet> r = (*db)->Execute(
          "SELECT COUNT(*) FROM Track t1, Track t2 WHERE t1.TrackId < 200", Options());
      if (r.ok()) {
        ++ok;
      } else {
        std::lock_guard lock(errors_mu);
        errors += r.status().ToString() + "\n";
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(ok.load(), 6) << errors;
  EXPECT_LE((*db)->open_sessions(), 2u);
}

}  // namespace
}  // namespace askdb::db
