// PostgresConnector against a real server (scripts/db_servers.sh): queries, type mapping,
// row cap, server-enforced read-only, timeouts, cancellation, a server that ends the
// session mid-query, bad connection input, introspection and the pool.
#include "askdb/db/postgres/postgres_connector.h"

#include <gtest/gtest.h>
#include <libpq-fe.h>

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
// Runs for hours on the server, computing only (pg_sleep is refused by the statement guard).
constexpr const char* kEndless =
    "SELECT count(*) FROM generate_series(1, 100000) a, generate_series(1, 100000) b";

// Runs `sql` as the admin with libpq directly, outside askdb's guard (what a DBA would do).
void AdminExec(const std::string& admin_url, const std::string& sql) {
  PGconn* conn = PQconnectdb(admin_url.c_str());
  ASSERT_EQ(PQstatus(conn), CONNECTION_OK) << PQerrorMessage(conn);
  PGresult* r = PQexec(conn, sql.c_str());
  EXPECT_EQ(PQresultStatus(r), PGRES_TUPLES_OK) << PQresultErrorMessage(r);
  PQclear(r);
  PQfinish(conn);
}

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

using tls_testing::QuickConnect;

// The URL with its password replaced (for wrong-password tests).
std::string WithPassword(const std::string& url, const std::string& password) {
  StatusOr<DatabaseUrl> u = ParseDatabaseUrl(url);
  EXPECT_TRUE(u.ok());
  std::string host_part = url.substr(url.find('@'));
  return u->scheme + "://" + u->user + ":" + password + host_part;
}

TEST(PostgresConnectorTest, QueriesThroughTheRegistry) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  for (std::string scheme : {"postgres", "postgresql"}) {
    std::string u = scheme + url.substr(url.find("://"));
    auto db = OpenOrDie(u);
    ASSERT_TRUE(db);
    EXPECT_EQ(db->engine(), "postgres");
    EXPECT_EQ(db->dialect().name(), "postgres");
    EXPECT_EQ(db->display_name().find(url.substr(url.find(':', 11) + 1, 8)), std::string::npos)
        << "the password must be masked: " << db->display_name();
    StatusOr<ResultSet> rs = db->Execute(
        "SELECT COUNT(*) AS n FROM Album al JOIN Artist ar ON ar.ArtistId = al.ArtistId",
        Options());
    ASSERT_TRUE(rs.ok()) << rs.status().ToString();
    EXPECT_EQ(rs->columns[0].name, "n");
    EXPECT_EQ(rs->columns[0].declared_type, "bigint");
    EXPECT_EQ(rs->rows[0][0], Value::Int(347));
  }
}

TEST(PostgresConnectorTest, MapsTypesExactly) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  StatusOr<ResultSet> rs = db->Execute(
      "SELECT 7::int AS i, 9007199254740993::bigint AS big, 1234.50::numeric(10,2) AS money, "
      "'héllo'::text AS t, true AS yes, NULL::int AS nothing, DATE '2024-03-01' AS d, "
      "TIMESTAMPTZ '2024-03-01 13:45:00+08' AS tz, TIMESTAMP '2024-03-01 13:45:00' AS ts, "
      "'\\x41ff00'::bytea AS bin, 1.5::float8 AS f, TIME '13:45:00' AS tm, "
      "0.1::numeric + 0.2::numeric AS exact",
      Options());
  ASSERT_TRUE(rs.ok()) << rs.status().ToString();
  const std::vector<Value>& r = rs->rows[0];
  EXPECT_EQ(r[0], Value::Int(7));
  EXPECT_EQ(r[1], Value::Int(9007199254740993LL));
  EXPECT_EQ(r[2], Value::Decimal("1234.50"));
  EXPECT_EQ(rs->columns[2].declared_type, "numeric(10,2)");
  EXPECT_EQ(r[3], Value::Text("héllo"));
  EXPECT_EQ(r[4], Value::Bool(true));
  EXPECT_TRUE(r[5].is_null());
  EXPECT_EQ(r[6], Value::Date("2024-03-01"));
  EXPECT_EQ(r[7], Value::Timestamp("2024-03-01T05:45:00+00:00"));
  EXPECT_EQ(r[8], Value::Timestamp("2024-03-01T13:45:00"));
  EXPECT_EQ(r[9], Value::Blob(std::string("A\xff\0", 3)));
  EXPECT_EQ(r[10], Value::Double(1.5));
  EXPECT_EQ(r[11], Value::Time("13:45:00"));
  EXPECT_EQ(r[12], Value::Decimal("0.3"));
}

TEST(PostgresConnectorTest, CapsRowsAndFlagsTruncation) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  StatusOr<ResultSet> capped =
      db->Execute("SELECT TrackId FROM Track ORDER BY TrackId", Options(kQuick, 10));
  ASSERT_TRUE(capped.ok()) << capped.status().ToString();
  EXPECT_EQ(capped->row_count(), 10u);
  EXPECT_TRUE(capped->truncated);
  StatusOr<ResultSet> exact =
      db->Execute("SELECT * FROM generate_series(1, 10)", Options(kQuick, 10));
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ(exact->row_count(), 10u);
  EXPECT_FALSE(exact->truncated);
}

TEST(PostgresConnectorTest, TheServerRefusesWrites) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  for (const char* sql : {"DELETE FROM Artist", "SELECT nextval('artist_artistid_seq')",
                          "SELECT * FROM Artist FOR UPDATE", "CREATE TABLE x (i int)",
                          "WITH gone AS (DELETE FROM Artist RETURNING *) SELECT * FROM gone"}) {
    StatusOr<ResultSet> rs = db->Execute(sql, Options());
    ASSERT_FALSE(rs.ok()) << sql;
    EXPECT_EQ(rs.status().code(), StatusCode::kPermissionDenied)
        << sql << ": " << rs.status().ToString();
  }
  StatusOr<ResultSet> two = db->Execute("SELECT 1; SELECT 2", Options());
  ASSERT_FALSE(two.ok());
  EXPECT_EQ(two.status().code(), StatusCode::kPermissionDenied) << two.status().ToString();
  StatusOr<ResultSet> nul = db->Execute(std::string("SELECT 1\0; DELETE FROM Artist", 30), {});
  EXPECT_EQ(nul.status().code(), StatusCode::kInvalidArgument);
  // set_config is refused by the statement guard (and, were it not, changing the session
  // default inside the rolled-back transaction would not stick).
  StatusOr<ResultSet> config =
      db->Execute("SELECT set_config('default_transaction_read_only', 'off', false)", Options());
  EXPECT_EQ(config.status().code(), StatusCode::kPermissionDenied);
  EXPECT_NE(config.status().message().find("set_config"), std::string::npos)
      << config.status().ToString();
  EXPECT_EQ(db->Execute("DELETE FROM Artist", Options()).status().code(),
            StatusCode::kPermissionDenied);
  StatusOr<ResultSet> count = db->Execute("SELECT COUNT(*) FROM Artist", Options());
  ASSERT_TRUE(count.ok());
  EXPECT_EQ(count->rows[0][0], Value::Int(275));
  // A syntax error in a query stays a SQL error with an offset in the user's text.
  StatusOr<ResultSet> typo = db->Execute("SELECT Nme FROM Artist", Options());
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.status().code(), StatusCode::kSqlError);
  EXPECT_NE(typo.status().message().find("offset 7"), std::string::npos) << typo.status().message();
}

TEST(PostgresConnectorTest, TheStatementGuardStandsInFrontOfExecuteAndCheck) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  const std::string catalog = "SELECT count(*) FROM pg_catalog.pg_class";
  StatusOr<ResultSet> refused = db->Execute(catalog, Options());
  EXPECT_EQ(refused.status().code(), StatusCode::kPermissionDenied) << refused.status().ToString();
  EXPECT_NE(refused.status().message().find("table pg_catalog.pg_class is not allowed"),
            std::string::npos)
      << refused.status().message();
  Status checked = db->Check("SELECT pg_read_file('/etc/passwd')", Options());
  EXPECT_EQ(checked.code(), StatusCode::kPermissionDenied) << checked.ToString();
  EXPECT_NE(checked.message().find("it reads files on the database server"), std::string::npos)
      << checked.message();
  // askdb's own fixed catalog queries pass it; read-only still holds.
  QueryOptions internal = Options();
  internal.internal = true;
  EXPECT_TRUE(db->Execute(catalog, internal).ok());
  EXPECT_EQ(db->Execute("DELETE FROM Artist", internal).status().code(),
            StatusCode::kPermissionDenied);
}

TEST(PostgresConnectorTest, TimeoutStopsTheQueryAndTheNextOneRuns) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
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

TEST(PostgresConnectorTest, CancelsFromAnotherThread) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  // By token.
  QueryOptions options = Options(milliseconds(20'000));
  auto token = std::make_shared<CancellationToken>();
  options.cancel = token;
  std::thread canceller([token] {
    std::this_thread::sleep_for(milliseconds(200));
    token->Cancel();
  });
  auto start = Clock::now();
  StatusOr<ResultSet> rs = db->Execute(kEndless, options);
  canceller.join();
  EXPECT_EQ(rs.status().code(), StatusCode::kCancelled) << rs.status().ToString();
  EXPECT_LT(Clock::now() - start, milliseconds(5'000));
  // By Connector::Cancel.
  std::thread cancel_all([&db] {
    std::this_thread::sleep_for(milliseconds(200));
    db->Cancel();
  });
  rs = db->Execute(kEndless, Options(milliseconds(20'000)));
  cancel_all.join();
  EXPECT_EQ(rs.status().code(), StatusCode::kCancelled) << rs.status().ToString();
  EXPECT_TRUE(db->Execute("SELECT 1", Options()).ok());
}

TEST(PostgresConnectorTest, ServerEndingTheSessionMidQueryIsUnavailableThenRecovers) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  ASKDB_REQUIRE_SERVER_URL(admin_url, "ASKDB_TEST_PG_ADMIN_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  std::thread killer([&admin_url] {
    std::this_thread::sleep_for(milliseconds(300));
    AdminExec(admin_url,
              "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = "
              "'askdb_reader' AND state = 'active' AND query LIKE 'FETCH%'");
  });
  StatusOr<ResultSet> rs = db->Execute(kEndless, Options(milliseconds(10'000)));
  killer.join();
  ASSERT_FALSE(rs.ok());
  EXPECT_EQ(rs.status().code(), StatusCode::kUnavailable) << rs.status().ToString();
  EXPECT_NE(rs.status().message().find("reconnects"), std::string::npos);
  // Also the idle pooled sessions die: terminate them all, then the pool replaces them.
  AdminExec(admin_url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
            "usename = 'askdb_reader'");
  StatusOr<ResultSet> after = db->Execute("SELECT COUNT(*) FROM Genre", Options());
  ASSERT_TRUE(after.ok()) << after.status().ToString();
  EXPECT_EQ(after->rows[0][0], Value::Int(25));
}

TEST(PostgresConnectorTest, BadConnectionInputNamesTheCause) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  ASKDB_REQUIRE_SERVER_URL(tls_url, "ASKDB_TEST_PG_TLS_URL");
  const ConnectOptions quick = QuickConnect();
  auto start = Clock::now();
  auto wrong = OpenConnector(WithPassword(url, "not-the-password-42"), quick);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.status().code(), StatusCode::kPermissionDenied) << wrong.status().ToString();
  EXPECT_EQ(wrong.status().message().find("not-the-password-42"), std::string::npos);
  EXPECT_NE(wrong.status().message().find("authentication failed"), std::string::npos);

  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  ASSERT_TRUE(parsed.ok());
  std::string no_db = url.substr(0, url.rfind('/')) + "/no_such_database";
  auto unknown = OpenConnector(no_db, quick);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().code(), StatusCode::kNotFound) << unknown.status().ToString();

  // A closed port on loopback.
  std::string closed = "postgres://u:p@127.0.0.1:1/x";
  auto unreachable = OpenConnector(closed, quick);
  ASSERT_FALSE(unreachable.ok());
  EXPECT_EQ(unreachable.status().code(), StatusCode::kUnavailable)
      << unreachable.status().ToString();
  EXPECT_EQ(unreachable.status().message().find(":p@"), std::string::npos);

  // The TLS-only role without TLS: the message says how to ask for it.
  auto tls = OpenConnector(tls_url + "?sslmode=disable", quick);
  ASSERT_FALSE(tls.ok());
  EXPECT_EQ(tls.status().code(), StatusCode::kPermissionDenied) << tls.status().ToString();
  EXPECT_NE(tls.status().message().find("sslmode=require"), std::string::npos);

  auto bad_param = OpenConnector(url + "?options=-c%20default_transaction_read_only%3Doff", quick);
  ASSERT_FALSE(bad_param.ok());
  EXPECT_EQ(bad_param.status().code(), StatusCode::kInvalidArgument);
  EXPECT_LT(Clock::now() - start, milliseconds(10'000));
}

// The test server runs with ssl=on, its certificate signed by a throw-away CA for 127.0.0.1
// (ASKDB_TEST_PG_CA): encryption alone, then the certificate verified against the CA.
TEST(PostgresConnectorTest, TalksTlsAndVerifiesTheServersCertificate) {
  ASKDB_REQUIRE_SERVER_URL(tls_url, "ASKDB_TEST_PG_TLS_URL");
  ASKDB_REQUIRE_SERVER_URL(ca, "ASKDB_TEST_PG_CA");
  tls_testing::ExpectQueriesOverTls(tls_url + "?sslmode=require");
  tls_testing::ExpectQueriesOverTls(tls_url + "?sslmode=verify-full&sslrootcert=" + ca);
  tls_testing::ExpectQueriesOverTls(tls_url + "?sslmode=verify-ca&sslrootcert=" + ca);
}

// verify-full through a name the certificate does not hold (it holds 127.0.0.1 only): refused
// before any password is sent, naming the certificate and not the password.
TEST(PostgresConnectorTest, VerifyFullRefusesAHostNameTheCertificateLacks) {
  ASKDB_REQUIRE_SERVER_URL(tls_url, "ASKDB_TEST_PG_TLS_URL");
  ASKDB_REQUIRE_SERVER_URL(ca, "ASKDB_TEST_PG_CA");
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(tls_url);
  ASSERT_TRUE(parsed.ok());
  std::string by_name = tls_url;
  const size_t host_at = by_name.find("@127.0.0.1:");
  ASSERT_NE(host_at, std::string::npos) << "the test server listens on 127.0.0.1";
  by_name.replace(host_at, 10, "@localhost");
  const ConnectOptions quick = QuickConnect();
  auto refused = OpenConnector(by_name + "?sslmode=verify-full&sslrootcert=" + ca, quick);
  ASSERT_FALSE(refused.ok());
  const std::string& message = refused.status().message();
  EXPECT_EQ(refused.status().code(), StatusCode::kPermissionDenied) << message;
  EXPECT_NE(message.find("does not match host name \"localhost\""), std::string::npos) << message;
  EXPECT_NE(message.find("sslrootcert="), std::string::npos) << message;
  EXPECT_EQ(message.find(parsed->password), std::string::npos) << "the password leaked";
  // Without the CA the certificate cannot be verified at all.
  auto no_ca =
      OpenConnector(tls_url + "?sslmode=verify-full&sslrootcert=/nonexistent/ca.crt", quick);
  ASSERT_FALSE(no_ca.ok());
  EXPECT_EQ(no_ca.status().code(), StatusCode::kPermissionDenied) << no_ca.status().ToString();
  EXPECT_NE(no_ca.status().message().find("root certificate file \"/nonexistent/ca.crt\""),
            std::string::npos)
      << no_ca.status().ToString();
  EXPECT_NE(no_ca.status().message().find("sslrootcert="), std::string::npos)
      << no_ca.status().ToString();
}

TEST(PostgresConnectorTest, PasswordFromFileOrEnvironment) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  ASSERT_TRUE(parsed.ok());
  std::string bare = parsed->scheme + "://" + parsed->user + "@" + parsed->host + ":" +
                     std::to_string(*parsed->port) + "/" + parsed->database;
  std::string file = ::testing::TempDir() + "/askdb_pg_password";
  {
    std::ofstream out(file);
    out << parsed->password << "\n";
  }
  auto from_file = OpenConnector(bare + "?password_file=" + file);
  ASSERT_TRUE(from_file.ok()) << from_file.status().ToString();
  std::remove(file.c_str());
  setenv("ASKDB_PG_PASSWORD", parsed->password.c_str(), 1);
  auto from_env = OpenConnector(bare);
  unsetenv("ASKDB_PG_PASSWORD");
  ASSERT_TRUE(from_env.ok()) << from_env.status().ToString();
  EXPECT_TRUE((*from_env)->Execute("SELECT 1", Options()).ok());
}

TEST(PostgresConnectorTest, IntrospectsChinook) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  StatusOr<DatabaseSchema> schema = db->Introspect({});
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  EXPECT_EQ(schema->engine, "postgres");
  EXPECT_EQ(schema->database, "chinook");
  EXPECT_EQ(schema->tables.size(), 11u);
  const TableInfo* track = schema->FindTable("Track");
  ASSERT_NE(track, nullptr);
  EXPECT_EQ(track->schema, "public");
  EXPECT_EQ(track->primary_key, std::vector<std::string>{"trackid"});
  ASSERT_NE(track->FindColumn("unitprice"), nullptr);
  EXPECT_EQ(track->FindColumn("unitprice")->type, "numeric(10,2)");
  EXPECT_FALSE(track->FindColumn("unitprice")->nullable);
  EXPECT_TRUE(track->FindColumn("composer")->nullable);
  EXPECT_TRUE(track->FindColumn("trackid")->primary_key);
  ASSERT_TRUE(track->row_count.has_value());
  EXPECT_EQ(*track->row_count, 3503);
  bool album_fk = false;
  for (const ForeignKey& fk : track->foreign_keys) {
    album_fk =
        album_fk || (fk.ref_table == "album" && fk.columns == std::vector<std::string>{"albumid"});
  }
  EXPECT_TRUE(album_fk);
  bool album_index = false;
  for (const IndexInfo& index : track->indexes) {
    album_index = album_index || index.name == "ifk_trackalbumid";
  }
  EXPECT_TRUE(album_index);
  const TableInfo* genre = schema->FindTable("genre");
  ASSERT_NE(genre, nullptr);
  EXPECT_FALSE(genre->FindColumn("name")->sample_values.empty());
  const TableInfo* artist = schema->FindTable("artist");
  ASSERT_NE(artist, nullptr);
  EXPECT_EQ(artist->comment, "Recording artists");
  EXPECT_EQ(artist->FindColumn("name")->comment, "The artist's name");

  IntrospectOptions only;
  only.tables = {"public.Genre", "album"};
  only.sample_values_per_column = 0;
  StatusOr<DatabaseSchema> two = db->Introspect(only);
  ASSERT_TRUE(two.ok()) << two.status().ToString();
  EXPECT_EQ(two->tables.size(), 2u);
  only.tables = {"nope"};
  EXPECT_EQ(db->Introspect(only).status().code(), StatusCode::kNotFound);
}

// --- Check: parse and bind on the server without running ------------------------------

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
std::unique_ptr<PostgresConnector> OpenSingleSession(const std::string& url) {
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  EXPECT_TRUE(parsed.ok());
  if (!parsed.ok()) return nullptr;
  PostgresOptions options;
  options.max_sessions = 1;
  StatusOr<std::unique_ptr<PostgresConnector>> db = PostgresConnector::Open(*parsed, options);
  EXPECT_TRUE(db.ok()) << db.status().ToString();
  return db.ok() ? std::move(*db) : nullptr;
}

int64_t BackendPid(Connector& db) {
  StatusOr<ResultSet> rs = db.Execute("SELECT pg_backend_pid()", Options());
  EXPECT_TRUE(rs.ok()) << rs.status().ToString();
  return rs.ok() ? rs->rows[0][0].int_value() : -1;
}

TEST(PostgresConnectorTest, CheckAcceptsQueriesThatBind) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenSingleSession(url);
  ASSERT_TRUE(db);
  const int64_t pid = BackendPid(*db);
  for (std::string_view sql :
       {"SELECT COUNT(*) FROM Artist", "SELECT 1;", "VALUES (1, 'a')",
        "SELECT ar.Name, COUNT(*) AS albums FROM Artist ar JOIN Album al ON al.ArtistId = "
        "ar.ArtistId WHERE ar.Name LIKE 'A%' GROUP BY ar.Name ORDER BY albums DESC",
        "WITH t AS (SELECT AlbumId, SUM(Milliseconds) AS ms FROM Track GROUP BY AlbumId) "
        "SELECT upper(a.Title), t.ms FROM t JOIN Album a USING (AlbumId)"}) {
    Status s = db->Check(sql, Options());
    EXPECT_TRUE(s.ok()) << sql << ": " << s.ToString();
  }
  // The one session went back to the pool idle, outside any transaction, and is reused.
  EXPECT_EQ(BackendPid(*db), pid);
  EXPECT_EQ(db->open_sessions(), 1u);
}

TEST(PostgresConnectorTest, CheckReportsUnboundNamesWithThePostgresMessage) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenSingleSession(url);
  ASSERT_TRUE(db);
  const int64_t pid = BackendPid(*db);
  struct Case {
    std::string_view sql;
    std::string_view message;
  };
  for (const Case& c : {
           Case{"SELECT * FROM Nope", "relation \"nope\" does not exist at offset 14"},
           Case{"SELECT Nme FROM Artist", "column \"nme\" does not exist at offset 7"},
           Case{"SELECT Name FROM Artist WHERE Bogus = 1", "column \"bogus\" does not exist"},
           Case{"SELECT a.Name FROM Artist a JOIN Album al ON al.ArtistIdx = a.ArtistId",
                "column al.artistidx does not exist"},
           Case{"SELECT Name FROM Artist ORDER BY Popularity",
                "column \"popularity\" does not exist"},
           Case{"SELECT no_such_fn(Name) FROM Artist", "function no_such_fn("},
           Case{"SELECT * FORM Artist", "syntax error at or near \"FORM\""},
       }) {
    ExpectCheckFails(*db, c.sql, StatusCode::kInvalidArgument, c.message);
    // The connection is still usable after the failure, and it is the same session: the
    // aborted transaction was rolled back rather than the session dropped.
    EXPECT_EQ(BackendPid(*db), pid) << c.sql;
  }
}

TEST(PostgresConnectorTest, CheckRefusesWritesAndChangesNothing) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenSingleSession(url);
  ASSERT_TRUE(db);
  const int64_t pid = BackendPid(*db);
  for (std::string_view sql :
       {"INSERT INTO Artist (ArtistId, Name) VALUES (9999, 'x')", "UPDATE Artist SET Name = 'x'",
        "DELETE FROM Artist", "DROP TABLE Track", "CREATE TABLE askdb_check_x (i int)",
        "TRUNCATE Artist", "SET default_transaction_read_only = off", "COMMIT",
        "WITH gone AS (DELETE FROM Artist RETURNING *) SELECT * FROM gone", "COPY Artist TO STDOUT",
        "DO $$ BEGIN DELETE FROM Artist; END $$"}) {
    ExpectCheckFails(*db, sql, StatusCode::kPermissionDenied, "read-only");
    EXPECT_EQ(BackendPid(*db), pid) << sql;
  }
  ExpectCheckFails(*db, "SELECT 1; SELECT 2", StatusCode::kPermissionDenied,
                   "only one statement may run at a time");
  ExpectCheckFails(*db, "SELECT 1; DELETE FROM Artist", StatusCode::kPermissionDenied,
                   "only one statement may run at a time");
  ExpectCheckFails(*db, "  ", StatusCode::kInvalidArgument, "empty query");
  StatusOr<ResultSet> after = db->Execute(
      "SELECT (SELECT COUNT(*) FROM Artist), (SELECT COUNT(*) FROM Track), "
      "true, (SELECT MIN(Name) FROM Artist)",
      Options());
  IntrospectOptions created;
  created.tables = {"askdb_check_x"};
  EXPECT_EQ(db->Introspect(created).status().code(), StatusCode::kNotFound);
  ASSERT_TRUE(after.ok()) << after.status().ToString();
  EXPECT_EQ(after->rows[0][0], Value::Int(275));
  EXPECT_EQ(after->rows[0][1], Value::Int(3503));
  EXPECT_EQ(after->rows[0][2], Value::Bool(true));
  EXPECT_EQ(after->rows[0][3], Value::Text("A Cor Do Som"));
}

TEST(PostgresConnectorTest, CheckDoesNotRunTheStatement) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  // A run would take 5 s; the bound is generous because it tests non-execution, not speed.
  auto start = Clock::now();
  Status sleep = db->Check(kEndless, Options(milliseconds(10'000)));
  EXPECT_TRUE(sleep.ok()) << sleep.ToString();
  EXPECT_LT(Clock::now() - start, milliseconds(2'000));
  // Errors that only evaluation raises pass Check and fail Execute.
  for (std::string_view sql : {"SELECT 1 / 0", "SELECT (SELECT ArtistId FROM Artist)"}) {
    EXPECT_TRUE(db->Check(sql, Options()).ok()) << sql;
    EXPECT_EQ(db->Execute(sql, Options()).status().code(), StatusCode::kSqlError) << sql;
  }
}

TEST(PostgresConnectorTest, CheckHonoursCancellation) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  auto db = OpenOrDie(url);
  ASSERT_TRUE(db);
  QueryOptions options = Options();
  auto token = std::make_shared<CancellationToken>();
  token->Cancel();
  options.cancel = token;
  EXPECT_EQ(db->Check("SELECT 1", options).code(), StatusCode::kCancelled);
  EXPECT_TRUE(db->Check("SELECT 1", Options()).ok());
}

TEST(PostgresConnectorTest, PoolServesConcurrentStatementsWithinItsSize) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_URL");
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  ASSERT_TRUE(parsed.ok());
  PostgresOptions options;
  options.max_sessions = 2;
  auto db = PostgresConnector::Open(*parsed, options);
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
