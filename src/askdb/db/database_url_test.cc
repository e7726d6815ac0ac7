#include "askdb/db/database_url.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace askdb::db {
namespace {

DatabaseUrl MustParse(std::string_view url) {
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  EXPECT_TRUE(parsed.ok()) << url << ": " << parsed.status().ToString();
  return parsed.ok() ? *parsed : DatabaseUrl{};
}

Status ParseError(std::string_view url) {
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  EXPECT_FALSE(parsed.ok()) << url << " parsed but should not";
  return parsed.ok() ? Status::Ok() : parsed.status();
}

TEST(DatabaseUrlTest, SqliteForms) {
  DatabaseUrl a = MustParse("sqlite:demo.sqlite");
  EXPECT_EQ(a.engine, "sqlite");
  EXPECT_EQ(a.database, "demo.sqlite");
  EXPECT_TRUE(a.is_sqlite());

  EXPECT_EQ(MustParse("sqlite:/data/x.db").database, "/data/x.db");
  EXPECT_EQ(MustParse("sqlite:///abs/path/y.db").database, "/abs/path/y.db");
  EXPECT_EQ(MustParse("SQLite:rel/dir/z.db").database, "rel/dir/z.db");
  EXPECT_EQ(MustParse("  sqlite:demo.sqlite \n").database, "demo.sqlite");
}

TEST(DatabaseUrlTest, BarePathIsSqlite) {
  DatabaseUrl a = MustParse("demo.sqlite");
  EXPECT_EQ(a.engine, "sqlite");
  EXPECT_EQ(a.scheme, "sqlite");
  EXPECT_EQ(a.database, "demo.sqlite");
  EXPECT_EQ(MustParse("/x/y.db").database, "/x/y.db");
  EXPECT_EQ(MustParse("./数据/销售.db").database, "./数据/销售.db");
  // A colon in a bare path that is not a known scheme stays part of the path.
  EXPECT_EQ(MustParse("backup:2024.db").database, "backup:2024.db");
  EXPECT_EQ(MustParse("demo.sqlite").Redacted(), "sqlite:demo.sqlite");
}

TEST(DatabaseUrlTest, SqliteDoubleSlashRelativeIsAnErrorWithHint) {
  Status s = ParseError("sqlite://data/demo.db");
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("sqlite:data/demo.db"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("sqlite:///data/demo.db"), std::string::npos) << s.message();
}

TEST(DatabaseUrlTest, PostgresFull) {
  DatabaseUrl u = MustParse("postgres://alice:s3cr%40t@db.example.com:6543/sales?sslmode=require");
  EXPECT_EQ(u.scheme, "postgres");
  EXPECT_EQ(u.engine, "postgres");
  EXPECT_EQ(u.user, "alice");
  EXPECT_EQ(u.password, "s3cr@t");
  EXPECT_TRUE(u.has_password);
  EXPECT_EQ(u.host, "db.example.com");
  EXPECT_EQ(u.port, 6543);
  EXPECT_EQ(u.database, "sales");
  ASSERT_EQ(u.params.size(), 1u);
  EXPECT_EQ(u.params[0].first, "sslmode");
  EXPECT_EQ(u.params[0].second, "require");
  EXPECT_EQ(u.Redacted(), "postgres://alice:***@db.example.com:6543/sales?sslmode=require");
}

TEST(DatabaseUrlTest, ServerVariants) {
  DatabaseUrl pg = MustParse("postgresql://bob@localhost/analytics");
  EXPECT_EQ(pg.scheme, "postgresql");
  EXPECT_EQ(pg.engine, "postgres");
  EXPECT_FALSE(pg.has_password);
  EXPECT_FALSE(pg.port.has_value());
  EXPECT_EQ(pg.Redacted(), "postgresql://bob@localhost/analytics");

  DatabaseUrl my = MustParse("mysql://root:@127.0.0.1:3306/shop");
  EXPECT_EQ(my.engine, "mysql");
  EXPECT_TRUE(my.has_password);
  EXPECT_EQ(my.password, "");
  EXPECT_EQ(my.port, 3306);

  DatabaseUrl maria = MustParse("MariaDB://u:p@[::1]:3307/db");
  EXPECT_EQ(maria.scheme, "mariadb");
  EXPECT_EQ(maria.engine, "mysql");
  EXPECT_EQ(maria.host, "::1");
  EXPECT_EQ(maria.port, 3307);
  EXPECT_EQ(maria.Redacted(), "mariadb://u:***@[::1]:3307/db");

  DatabaseUrl nodb = MustParse("postgres://h");
  EXPECT_EQ(nodb.host, "h");
  EXPECT_EQ(nodb.database, "");

  DatabaseUrl secret = MustParse("mysql://u@h/d?password=hunter2&charset=utf8mb4");
  EXPECT_EQ(secret.Redacted(), "mysql://u@h/d?password=***&charset=utf8mb4");
}

TEST(DatabaseUrlTest, MalformedUrlsSayWhatIsWrong) {
  struct Case {
    const char* url;
    const char* says;
  };
  const Case cases[] = {
      {"", "empty"},
      {"   ", "empty"},
      {"sqlite:", "path is empty"},
      {"sqlite://", "path is empty"},
      {"oracle://scott:tiger@h/db", "unknown scheme 'oracle'"},
      {"postgres:db", "needs '//'"},
      {"postgres://user:pw@:5432/db", "host is missing"},
      {"postgres://user:pw@host:port/db", "port 'port'"},
      {"postgres://user:pw@host:70000/db", "port '70000'"},
      {"postgres://user:pw@host:/db", "port after ':' is empty"},
      {"mysql://u:p@h/a/b", "contains '/'"},
      {"mysql://u%zz:p@h/db", "broken %-escape"},
      {"mysql://:p@h/db", "user name before '@' is empty"},
      {"mysql://u:p#x@h/db", "'#' is not allowed"},
      {"postgres://u@[::1/db", "lacks its ']'"},
      {"postgres://u@h/db?=v", "no name before '='"},
      {"http://example.com/db", "unknown scheme 'http'"},
  };
  for (const Case& c : cases) {
    Status s = ParseError(c.url);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << c.url;
    EXPECT_NE(s.message().find(c.says), std::string::npos) << c.url << " → " << s.message();
    // Every error lists the accepted forms so the person can fix the URL.
    EXPECT_NE(s.message().find("sqlite:PATH"), std::string::npos) << s.message();
  }
}

TEST(DatabaseUrlTest, ErrorsNeverEchoThePassword) {
  Status s = ParseError("postgres://alice:TopSecret99@host:notaport/db");
  EXPECT_EQ(s.message().find("TopSecret99"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("alice:***@host"), std::string::npos) << s.message();
}

// Percent-encodes everything outside [A-Za-z0-9], like a careful person writing a URL.
std::string EncodeAll(const std::string& s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

RC_GTEST_PROP(DatabaseUrlProperty, ComponentsRoundTripAndRedactionHidesPassword, ()) {
  const auto non_empty = rc::gen::nonEmpty(rc::gen::string<std::string>());
  std::string user = *non_empty;
  std::string password = *non_empty;
  std::string database = *rc::gen::string<std::string>();
  RC_PRE(database.find('/') == std::string::npos);
  std::string host = *rc::gen::nonEmpty(
      rc::gen::container<std::string>(rc::gen::elementOf(std::string("abcxyz0189.-"))));
  int port = *rc::gen::inRange(1, 65536);
  std::string scheme = *rc::gen::elementOf(std::vector<std::string>{"postgres", "mysql"});

  std::string url = scheme + "://" + EncodeAll(user) + ":" + EncodeAll(password) + "@" + host +
                    ":" + std::to_string(port) + "/" + EncodeAll(database);
  StatusOr<DatabaseUrl> parsed = ParseDatabaseUrl(url);
  RC_ASSERT(parsed.ok());
  RC_ASSERT(parsed->user == user);
  RC_ASSERT(parsed->password == password);
  RC_ASSERT(parsed->host == host);
  RC_ASSERT(parsed->port == port);
  RC_ASSERT(parsed->database == database);

  // The redacted form parses back to the same place with the password masked.
  StatusOr<DatabaseUrl> redacted = ParseDatabaseUrl(parsed->Redacted());
  RC_ASSERT(redacted.ok());
  RC_ASSERT(redacted->password == "***");
  RC_ASSERT(redacted->user == user);
  RC_ASSERT(redacted->host == host);
  RC_ASSERT(redacted->port == port);
  RC_ASSERT(redacted->database == database);
}

}  // namespace
}  // namespace askdb::db
