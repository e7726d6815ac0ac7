#include "askdb/db/postgres/pg_connection.h"

#include <gtest/gtest.h>

#include <string>

#include "askdb/db/postgres/pg_store_connection.h"

namespace askdb::db::postgres_internal {
namespace {

// libpq's own words for failed connection attempts (PostgreSQL 15 and 16 servers).
TEST(ClassifyConnectFailureTest, NamesTheCauseFromLibpqsMessage) {
  EXPECT_EQ(ClassifyConnectFailure("connection to server at \"127.0.0.1\", port 5432 failed: "
                                   "FATAL:  password authentication failed for user \"askdb\""),
            ConnectProblem::kAuthentication);
  EXPECT_EQ(ClassifyConnectFailure("connection to server at \"localhost\" (::1), port 5432 "
                                   "failed: fe_sendauth: no password supplied"),
            ConnectProblem::kNoPassword);
  EXPECT_EQ(ClassifyConnectFailure("FATAL:  database \"nope\" does not exist"),
            ConnectProblem::kNoDatabase);
  EXPECT_EQ(ClassifyConnectFailure("FATAL:  permission denied for database \"shop\""),
            ConnectProblem::kRefused);
  EXPECT_EQ(ClassifyConnectFailure("FATAL:  pg_hba.conf rejects connection for host "
                                   "\"10.0.0.5\", user \"u\", database \"d\", SSL encryption"),
            ConnectProblem::kRefused);
  EXPECT_EQ(ClassifyConnectFailure("timeout expired"), ConnectProblem::kTimeout);
  EXPECT_EQ(ClassifyConnectFailure("connection to server at \"127.0.0.1\", port 1 failed: "
                                   "Connection refused\n\tIs the server running on that host?"),
            ConnectProblem::kOther);
}

// A pg_hba.conf line that only matches encrypted clients names the missing TLS, which
// wins over the generic refusal the same message also reads as.
TEST(ClassifyConnectFailureTest, MissingTlsWinsOverTheRefusal) {
  EXPECT_EQ(ClassifyConnectFailure("FATAL:  no pg_hba.conf entry for host \"10.0.0.5\", user "
                                   "\"u\", database \"d\", no encryption"),
            ConnectProblem::kNeedsTls);
  EXPECT_EQ(ClassifyConnectFailure("server requires SSL"), ConnectProblem::kNeedsTls);
}

// With sslmode=prefer libpq retries a refused TLS attempt without TLS and reports both
// attempts: TLS was tried, so the "no encryption" of the second one does not mean TLS is
// missing.
TEST(ClassifyConnectFailureTest, ARetryWithoutTlsAfterATlsAttemptIsNoMissingTls) {
  const std::string no_line =
      "connection to server at \"10.0.0.5\", port 5432 failed: FATAL:  no pg_hba.conf entry "
      "for host \"10.0.0.9\", user \"u\", database \"d\", SSL encryption\n"
      "connection to server at \"10.0.0.5\", port 5432 failed: FATAL:  no pg_hba.conf entry "
      "for host \"10.0.0.9\", user \"u\", database \"d\", no encryption";
  EXPECT_EQ(ClassifyConnectFailure(no_line), ConnectProblem::kRefused);
  const std::string wrong_password =
      "connection to server at \"10.0.0.5\", port 5432 failed: FATAL:  password "
      "authentication failed for user \"u\"\n"
      "connection to server at \"10.0.0.5\", port 5432 failed: FATAL:  pg_hba.conf rejects "
      "connection for host \"10.0.0.9\", user \"u\", database \"d\", no encryption";
  EXPECT_EQ(ClassifyConnectFailure(wrong_password), ConnectProblem::kAuthentication);
  // Servers before PostgreSQL 14 say "SSL on" / "SSL off".
  EXPECT_EQ(ClassifyConnectFailure("FATAL:  no pg_hba.conf entry for host \"h\", user \"u\", "
                                   "database \"d\", SSL on\nFATAL:  no pg_hba.conf entry for "
                                   "host \"h\", user \"u\", database \"d\", SSL off"),
            ConnectProblem::kRefused);
}

// sslmode=verify-ca/verify-full: libpq's words when it refuses the server's certificate.
TEST(ClassifyConnectFailureTest, AnUnverifiedServerCertificateIsNamed) {
  EXPECT_EQ(ClassifyConnectFailure("connection to server at \"localhost\" (127.0.0.1), port 5432 "
                                   "failed: server certificate for \"127.0.0.1\" does not "
                                   "match host name \"localhost\""),
            ConnectProblem::kTlsCertificate);
  EXPECT_EQ(ClassifyConnectFailure("SSL error: certificate verify failed"),
            ConnectProblem::kTlsCertificate);
  EXPECT_EQ(ClassifyConnectFailure("root certificate file \"/root/.postgresql/root.crt\" does "
                                   "not exist"),
            ConnectProblem::kTlsCertificate);
  // A server that requires TLS is not a certificate problem.
  EXPECT_EQ(ClassifyConnectFailure("server requires SSL"), ConnectProblem::kNeedsTls);
}

// The certificate phrases count only in libpq's own words, before the server's first
// "FATAL:": a server message quotes names the user chose.
TEST(ClassifyConnectFailureTest, ACertificatePhraseInsideAServerMessageIsNoCertificateProblem) {
  EXPECT_EQ(ClassifyConnectFailure("connection to server at \"127.0.0.1\", port 5432 failed: "
                                   "FATAL:  database \"root certificate\" does not exist"),
            ConnectProblem::kNoDatabase);
  EXPECT_EQ(ClassifyConnectFailure("connection to server at \"127.0.0.1\", port 5432 failed: "
                                   "FATAL:  database \"server certificate\" does not exist"),
            ConnectProblem::kNoDatabase);
  EXPECT_EQ(ClassifyConnectFailure("connection to server at \"127.0.0.1\", port 5432 failed: "
                                   "FATAL:  permission denied for database \"root certificate\""),
            ConnectProblem::kRefused);
  // sslmode=prefer: both attempts refused by the server, the second without TLS.
  EXPECT_EQ(ClassifyConnectFailure(
                "connection to server at \"127.0.0.1\", port 5432 failed: FATAL:  no pg_hba.conf "
                "entry for host \"127.0.0.1\", user \"server certificate\", database \"d\", "
                "SSL encryption\nconnection to server at \"127.0.0.1\", port 5432 failed: "
                "FATAL:  no pg_hba.conf entry for host \"127.0.0.1\", user \"server certificate\", "
                "database \"d\", no encryption"),
            ConnectProblem::kRefused);
  // libpq's own refusal before a server message still counts.
  EXPECT_EQ(ClassifyConnectFailure("connection to server at \"127.0.0.1\", port 5432 failed: "
                                   "SSL error: certificate verify failed\nconnection to server "
                                   "at \"127.0.0.1\", port 5432 failed: FATAL:  no pg_hba.conf "
                                   "entry for host \"127.0.0.1\", no encryption"),
            ConnectProblem::kTlsCertificate);
}

TEST(ConnectionLostStateTest, ConnectionExceptionsAndShutdownsButNotOtherFailures) {
  for (const char* state : {"08000", "08006", "08P01", "57P01", "57P02", "57P03"}) {
    EXPECT_TRUE(ConnectionLostState(state)) << state;
  }
  for (const char* state : {"", "0", "57014", "42501", "40001", "57P04"}) {
    EXPECT_FALSE(ConnectionLostState(state)) << state;
  }
}

ConnectFailureWording TestWording() {
  return {.subject = "SUBJECT",
          .target = "TARGET",
          .missing_database = "NO-DB",
          .missing_database_fix = "FIX-DB",
          .password_sources = "SOURCES",
          .server = "SERVER"};
}

// Each problem gets its code and the caller's words around libpq's message.
TEST(ConnectFailureStatusTest, WordsEachProblemWithTheCallersParts) {
  const auto status_of = [](const std::string& detail) {
    return ConnectFailureStatus(detail, TestWording(), std::chrono::milliseconds(5000));
  };
  const Status tls = status_of("FATAL:  no pg_hba.conf entry for host \"h\", no encryption");
  EXPECT_EQ(tls.code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(tls.message().rfind("SUBJECT refuses unencrypted connections", 0), 0u) << tls.message();
  const Status certificate = status_of("SSL error: certificate verify failed");
  EXPECT_EQ(certificate.code(), StatusCode::kPermissionDenied);
  EXPECT_EQ(certificate.message().rfind("the TLS certificate of TARGET was not accepted", 0), 0u)
      << certificate.message();
  EXPECT_NE(certificate.message().find("sslrootcert="), std::string::npos);
  const Status password = status_of("FATAL:  password authentication failed for user \"u\"");
  EXPECT_EQ(password.code(), StatusCode::kPermissionDenied);
  EXPECT_NE(password.message().find("connecting to TARGET"), std::string::npos);
  EXPECT_NE(password.message().find("password_file= or SOURCES)"), std::string::npos);
  EXPECT_EQ(password.message().find("sslmode"), std::string::npos);
  const Status database = status_of("FATAL:  database \"x\" does not exist");
  EXPECT_EQ(database.code(), StatusCode::kNotFound);
  EXPECT_EQ(database.message(), "NO-DB (FATAL:  database \"x\" does not exist); FIX-DB");
  const Status timeout = status_of("timeout expired");
  EXPECT_EQ(timeout.code(), StatusCode::kUnavailable);
  EXPECT_NE(timeout.message().find("TARGET after 5 s"), std::string::npos) << timeout.message();
  const Status down = status_of("Connection refused");
  EXPECT_EQ(down.code(), StatusCode::kUnavailable);
  EXPECT_NE(down.message().find("check that the SERVER runs"), std::string::npos);
}

// The stores' words: the store names itself and its password variable.
TEST(PgStoreConnectFailureTest, NamesTheStoreAndItsPasswordVariable) {
  const Status database = PgStoreConnectFailure("FATAL:  database \"x\" does not exist",
                                                "the test store", std::chrono::seconds(10));
  EXPECT_EQ(database.code(), StatusCode::kNotFound);
  EXPECT_EQ(database.message(),
            "the test store names a database that does not exist (FATAL:  database \"x\" does "
            "not exist); create it (CREATE DATABASE ... OWNER ...) or fix the URL");
  const Status password = PgStoreConnectFailure("fe_sendauth: no password supplied",
                                                "the test store", std::chrono::seconds(10));
  EXPECT_EQ(password.message(),
            "the test store asks for a password and none was given; put it in the URL, a "
            "password_file= or ASKDB_STORE_PASSWORD");
}

std::string ParamOf(const ConnParams& params, const std::string& key) {
  for (const auto& [k, v] : params) {
    if (k == key) return v;
  }
  return "<absent>";
}

TEST(UrlConnParamsTest, CarriesTheUrlsPartsAndTheFixedSettings) {
  StatusOr<DatabaseUrl> url = ParseDatabaseUrl("postgres://ann@db.example:6543/shop");
  ASSERT_TRUE(url.ok()) << url.status().ToString();
  const ConnParams params =
      UrlConnParams(*url, std::string("s3cret"), std::chrono::milliseconds(4500), "askdb-test");
  EXPECT_EQ(ParamOf(params, "host"), "db.example");
  EXPECT_EQ(ParamOf(params, "port"), "6543");
  EXPECT_EQ(ParamOf(params, "dbname"), "shop");
  EXPECT_EQ(ParamOf(params, "user"), "ann");
  EXPECT_EQ(ParamOf(params, "password"), "s3cret");
  EXPECT_EQ(ParamOf(params, "connect_timeout"), "5");  // rounded up to whole seconds
  EXPECT_EQ(ParamOf(params, "application_name"), "askdb-test");
  EXPECT_EQ(ParamOf(params, "client_encoding"), "UTF8");
}

TEST(UrlConnParamsTest, LeavesOutWhatTheUrlDoesNotSayAndKeepsLibpqsMinimumTimeout) {
  StatusOr<DatabaseUrl> url = ParseDatabaseUrl("postgres://h");
  ASSERT_TRUE(url.ok()) << url.status().ToString();
  const ConnParams params =
      UrlConnParams(*url, std::nullopt, std::chrono::milliseconds(300), "askdb");
  EXPECT_EQ(ParamOf(params, "host"), "h");
  EXPECT_EQ(ParamOf(params, "port"), "<absent>");
  EXPECT_EQ(ParamOf(params, "dbname"), "<absent>");
  EXPECT_EQ(ParamOf(params, "user"), "<absent>");
  EXPECT_EQ(ParamOf(params, "password"), "<absent>");
  EXPECT_EQ(ParamOf(params, "connect_timeout"), "2");  // libpq treats less as 2
}

TEST(TrimmedTextTest, DropsLibpqsTrailingNewlineAndToleratesNull) {
  EXPECT_EQ(TrimmedText("FATAL:  database \"x\" does not exist\n"),
            "FATAL:  database \"x\" does not exist");
  EXPECT_EQ(TrimmedText(nullptr), "");
}

}  // namespace
}  // namespace askdb::db::postgres_internal
