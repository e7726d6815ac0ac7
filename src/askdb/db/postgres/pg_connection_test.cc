#include "askdb/db/postgres/pg_connection.h"

#include <gtest/gtest.h>

#include <string>

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
