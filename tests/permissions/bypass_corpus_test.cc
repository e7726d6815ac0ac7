// The data-permission bypass corpus (tests/data/permission_bypass_corpus.jsonl) on SQLite,
// PostgreSQL and MariaDB. Each engine gets a "raw" database holding every row and column,
// and one database per view of the data a user may have — built by this test in C++ from
// the raw rows: only the rows of the user's region, without the hidden column, with masked
// columns holding the masked text (the masks computed here, not by askdb). Every corpus
// statement runs for each user through a PermissionedConnector over the raw database, and
// unchanged against the user's own database; per entry:
//   equal  — both succeed with the same rows (as multisets), or both fail;
//   refuse — the permissioned run fails;
//   either — equal, or the permissioned run fails.
// A permissioned result never holds a hidden value, a raw masked value, or a row of
// another region, whatever the entry expects.
//
// PostgreSQL and MariaDB skip without ASKDB_TEST_PG_ADMIN_URL / ASKDB_TEST_MYSQL_ADMIN_URL
// (scripts/db_servers.sh), and fail when unset under ASKDB_REQUIRE_SERVERS=1.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <mysql.h>
#include <openssl/evp.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <optional>

#include "askdb/common/file_util.h"
#include "askdb/common/json.h"
#include "askdb/db/connector_registry.h"
#include "askdb/db/database_url.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/permissions/permissioned_connector.h"
#include "askdb/permissions/rules.h"
#include "tests/servers/server_env.h"

namespace askdb::permissions {
namespace {

struct StaffRow {
  int id;
  const char* name;
  const char* region;
  const char* dept;
  int salary;
  const char* ssn;
  const char* phone;  // nullptr: NULL
};

constexpr StaffRow kStaff[] = {
    {1, "Alice", "华东", "sales", 987001, "SSN-A-11111", "13800001111"},
    {2, "Bob", "华南", "sales", 987002, "SSN-B-22222", "13900002222"},
    {3, "Carol", "华东", "hr", 987003, "SSN-C-33333", "13700003333"},
    {4, "Dan", "华北", "it", 987004, "SSN-D-44444", "13600004444"},
    {5, "Eve", "华南", "hr", 987005, "SSN-E-55555", nullptr},
    {6, "Fay", "华东", "it", 987006, "SSN-F-66666", "1234"},
};

struct OrderRow {
  int id;
  int staff_id;
  const char* region;
  int amount;
};

constexpr OrderRow kOrders[] = {{1, 1, "华东", 120}, {2, 2, "华南", 80}, {3, 3, "华东", 300},
                                {4, 4, "华北", 50},  {5, 1, "华南", 75}, {6, 6, "华东", 10}};

// The masks as the rules below define them, computed independently of askdb.
std::optional<std::string> MaskPhone(const char* phone) {
  if (phone == nullptr) return std::nullopt;
  const std::string p = phone;
  if (p.size() <= 5) return "****";
  return p.substr(0, 3) + "****" + p.substr(p.size() - 2);
}

std::string Lit(const std::optional<std::string>& v) { return v ? "'" + *v + "'" : "NULL"; }

// What a database of one view holds. kRaw: everything; kRegion: the rows of `region`,
// masked and without ssn; kNone: no staff or orders table at all (a user whose rules cannot
// be applied sees neither).
enum class WorldKind { kRaw, kRegion, kNone };

std::vector<std::string> WorldSql(WorldKind kind, const std::string& region) {
  // Views over the unprotected table (and over such a view) may be used as they are.
  std::vector<std::string> sql = {
      "CREATE TABLE products (id INT PRIMARY KEY, name VARCHAR(64), price INT)",
      "INSERT INTO products VALUES (1, 'pen', 3), (2, 'ink', 5), (3, 'pad', 7), (7, 'cap', 9)",
      "CREATE VIEW products_view AS SELECT id, name FROM products WHERE price > 4",
      "CREATE VIEW products_view2 AS SELECT id FROM products_view"};
  if (kind == WorldKind::kNone) return sql;
  const bool raw = kind == WorldKind::kRaw;
  sql.push_back(std::string("CREATE TABLE staff (id INT PRIMARY KEY, name VARCHAR(64), region "
                            "VARCHAR(64), dept VARCHAR(64), salary ") +
                (raw ? "INT, ssn VARCHAR(64)," : "VARCHAR(64),") + " phone VARCHAR(64))");
  sql.push_back(
      "CREATE TABLE orders (id INT PRIMARY KEY, staff_id INT, region VARCHAR(64), amount INT)");
  for (const StaffRow& s : kStaff) {
    if (!raw && region != s.region) continue;
    std::string values =
        std::to_string(s.id) + ", '" + s.name + "', '" + s.region + "', '" + s.dept + "', ";
    if (raw) {
      values += std::to_string(s.salary) + ", '" + s.ssn + "', " +
                Lit(s.phone ? std::optional<std::string>(s.phone) : std::nullopt);
    } else {
      values += "'***', " + Lit(MaskPhone(s.phone));
    }
    sql.push_back("INSERT INTO staff VALUES (" + values + ")");
  }
  for (const OrderRow& o : kOrders) {
    if (!raw && region != o.region) continue;
    sql.push_back("INSERT INTO orders VALUES (" + std::to_string(o.id) + ", " +
                  std::to_string(o.staff_id) + ", '" + o.region + "', " + std::to_string(o.amount) +
                  ")");
  }
  sql.push_back(std::string("CREATE VIEW staff_view AS SELECT id, name") + (raw ? ", ssn" : "") +
                " FROM staff");
  // Reads the protected table in a subquery only: refused all the same.
  sql.push_back(
      "CREATE VIEW mixed_view AS SELECT p.id FROM products p WHERE p.id IN (SELECT id FROM "
      "staff)");
  sql.push_back("CREATE VIEW staff_view2 AS SELECT id FROM staff_view");
  return sql;
}

// Every user is an analyst; the analyst role carries the rules.
std::vector<PermissionRule> Rules() {
  std::vector<PermissionRule> rules;
  auto add = [&rules](RuleKind kind, std::string table, std::string predicate,
                      std::string column) -> PermissionRule& {
    PermissionRule r;
    r.id = "r" + std::to_string(rules.size() + 1);
    r.datasource_id = "corpus";
    r.grantee_kind = GranteeKind::kRole;
    r.grantee = "analyst";
    r.kind = kind;
    r.table = std::move(table);
    r.predicate = std::move(predicate);
    r.column = std::move(column);
    rules.push_back(r);
    return rules.back();
  };
  add(RuleKind::kRow, "staff", "region = {user.region}", "");
  add(RuleKind::kRow, "orders", "region = {user.region}", "");
  add(RuleKind::kHideColumn, "staff", "", "ssn");
  add(RuleKind::kMaskColumn, "staff", "", "salary").mask_text = "***";
  PermissionRule& phone = add(RuleKind::kMaskColumn, "staff", "", "phone");
  phone.mask = MaskKind::kPartial;
  phone.mask_text = "****";
  phone.keep_first = 3;
  phone.keep_last = 2;
  return rules;
}

struct TestUser {
  std::string id;
  std::optional<std::string> region;
  std::string world;  // the database holding what this user may see
};

std::vector<TestUser> Users() {
  return {{"east", "华东", "perm_east"},
          {"south", "华南", "perm_south"},
          {"no_region", std::nullopt, "perm_none"},
          // Attribute values that try to end the literal: they match no row.
          {"quote_injection", "x' OR 'a'='a", "perm_empty"},
          {"backslash_injection", "\\' OR 1=1 -- ", "perm_empty"}};
}

struct World {
  std::string name;
  WorldKind kind;
  std::string region;
};

const std::vector<World>& Worlds() {
  static const std::vector<World> worlds = {{"perm_raw", WorldKind::kRaw, ""},
                                            {"perm_east", WorldKind::kRegion, "华东"},
                                            {"perm_south", WorldKind::kRegion, "华南"},
                                            {"perm_none", WorldKind::kNone, ""},
                                            {"perm_empty", WorldKind::kRegion, "no such region"}};
  return worlds;
}

struct Entry {
  std::string id;
  std::string sql;
  std::string expect;
};

std::vector<Entry> LoadCorpus(const std::string& engine) {
  StatusOr<std::string> text = ReadFile(std::filesystem::path(ASKDB_SOURCE_DIR) / "tests" / "data" /
                                        "permission_bypass_corpus.jsonl");
  EXPECT_TRUE(text.ok()) << text.status().ToString();
  std::vector<Entry> out;
  if (!text.ok()) return out;
  size_t start = 0;
  while (start < text->size()) {
    size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    std::string line = text->substr(start, end - start);
    start = end + 1;
    if (line.empty()) continue;
    StatusOr<Json> j = ParseJson(line);
    EXPECT_TRUE(j.ok()) << line;
    if (!j.ok()) continue;
    if (j->contains("engines")) {
      const Json& engines = (*j)["engines"];
      if (std::find(engines.begin(), engines.end(), engine) == engines.end()) continue;
    }
    out.push_back({j->value("id", ""), j->value("sql", ""), j->value("expect", "")});
  }
  return out;
}

void ReplaceAll(std::string& text, std::string_view token, const std::string& with) {
  for (size_t pos = text.find(token); pos != std::string::npos;
       pos = text.find(token, pos + with.size())) {
    text.replace(pos, token.size(), with);
  }
}

std::vector<std::string> Rows(const db::ResultSet& result) {
  std::vector<std::string> rows;
  for (const auto& row : result.rows) {
    std::string line;
    for (const db::Value& v : row) line += (v.is_null() ? "<NULL>" : v.ToDisplayString()) + "\x1f";
    rows.push_back(line);
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// A value the user must never see in `result`: hidden, raw masked, or another region's row.
std::string LeakIn(const db::ResultSet& result, const TestUser& user) {
  for (const auto& row : result.rows) {
    for (const db::Value& v : row) {
      if (v.is_null()) continue;
      const std::string cell = v.ToDisplayString();
      for (const StaffRow& s : kStaff) {
        if (cell.find(s.ssn) != std::string::npos) return "hidden ssn " + std::string(s.ssn);
        if (cell.find(std::to_string(s.salary)) != std::string::npos) return "raw salary";
        if (s.phone != nullptr && std::string(s.phone).size() > 5 &&
            cell.find(s.phone) != std::string::npos) {
          return "raw phone " + std::string(s.phone);
        }
        if ((!user.region || *user.region != s.region) && cell == s.name) {
          return "the row of " + std::string(s.name) + " (another region)";
        }
      }
    }
  }
  return "";
}

// Creates the databases of one engine and opens a connector on each.
class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string engine() const = 0;
  // Creates (or re-creates) database `name` holding `sql`.
  virtual Status CreateWorld(const std::string& name, const std::vector<std::string>& sql) = 0;
  virtual std::string Url(const std::string& name) const = 0;
  // The qualifier the corpus writes as {S} for a table of database `name`.
  virtual std::string Qualifier(const std::string& name) const = 0;
  virtual std::string Quote() const { return "\""; }
};

class SqliteBackend : public Backend {
 public:
  SqliteBackend()
      : dir_(std::filesystem::temp_directory_path() /
             ("askdb_perm_corpus_" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir_);
  }
  ~SqliteBackend() override { std::filesystem::remove_all(dir_); }
  std::string engine() const override { return "sqlite"; }
  Status CreateWorld(const std::string& name, const std::vector<std::string>& sql) override {
    const std::string path = (dir_ / (name + ".sqlite")).string();
    std::filesystem::remove(path);
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    for (const std::string& s : sql) {
      char* err = nullptr;
      if (sqlite3_exec(db, s.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
        std::string m = err != nullptr ? err : "?";
        sqlite3_free(err);
        sqlite3_close(db);
        return InternalError(s + ": " + m);
      }
    }
    sqlite3_close(db);
    return Status::Ok();
  }
  std::string Url(const std::string& name) const override {
    return "sqlite:" + (dir_ / (name + ".sqlite")).string();
  }
  std::string Qualifier(const std::string&) const override { return "main"; }

 private:
  std::filesystem::path dir_;
};

class PostgresBackend : public Backend {
 public:
  explicit PostgresBackend(std::string admin_url) : admin_(std::move(admin_url)) {}
  std::string engine() const override { return "postgres"; }
  Status CreateWorld(const std::string& name, const std::vector<std::string>& sql) override {
    ASKDB_RETURN_IF_ERROR(Run(admin_, {"DROP DATABASE IF EXISTS " + name + " WITH (FORCE)",
                                       "CREATE DATABASE " + name + " ENCODING 'UTF8'"}));
    return Run(DbUrl(name), sql);
  }
  std::string Url(const std::string& name) const override {
    return DbUrl(name) + "?allow_privileged_role=true";
  }
  std::string Qualifier(const std::string&) const override { return "public"; }

 private:
  std::string DbUrl(const std::string& name) const {
    return admin_.substr(0, admin_.rfind('/') + 1) + name;
  }
  static Status Run(const std::string& url, const std::vector<std::string>& sql) {
    PGconn* conn = PQconnectdb(url.c_str());
    if (PQstatus(conn) != CONNECTION_OK) {
      std::string m = PQerrorMessage(conn);
      PQfinish(conn);
      return UnavailableError(m);
    }
    for (const std::string& s : sql) {
      PGresult* r = PQexec(conn, s.c_str());
      const bool ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
      PQclear(r);
      if (!ok) {
        std::string m = PQerrorMessage(conn);
        PQfinish(conn);
        return InternalError(s + ": " + m);
      }
    }
    PQfinish(conn);
    return Status::Ok();
  }
  std::string admin_;
};

class MysqlBackend : public Backend {
 public:
  explicit MysqlBackend(std::string admin_url) : admin_(std::move(admin_url)) {}
  std::string engine() const override { return "mysql"; }
  Status CreateWorld(const std::string& name, const std::vector<std::string>& sql) override {
    ASKDB_ASSIGN_OR_RETURN(db::DatabaseUrl url, db::ParseDatabaseUrl(admin_));
    MYSQL* conn = mysql_init(nullptr);
    mysql_options(conn, MYSQL_SET_CHARSET_NAME, "utf8mb4");
    if (mysql_real_connect(conn, url.host.c_str(), url.user.c_str(), url.password.c_str(), nullptr,
                           static_cast<unsigned>(url.port.value_or(3306)), nullptr, 0) == nullptr) {
      std::string m = mysql_error(conn);
      mysql_close(conn);
      return UnavailableError(m);
    }
    std::vector<std::string> all = {"DROP DATABASE IF EXISTS " + name,
                                    "CREATE DATABASE " + name + " CHARACTER SET utf8mb4",
                                    "USE " + name};
    all.insert(all.end(), sql.begin(), sql.end());
    for (const std::string& s : all) {
      if (mysql_query(conn, s.c_str()) != 0) {
        std::string m = mysql_error(conn);
        mysql_close(conn);
        return InternalError(s + ": " + m);
      }
    }
    mysql_close(conn);
    return Status::Ok();
  }
  std::string Url(const std::string& name) const override {
    return admin_.substr(0, admin_.rfind('/') + 1) + name + "?allow_privileged_role=true";
  }
  std::string Qualifier(const std::string& name) const override { return name; }
  std::string Quote() const override { return "`"; }

 private:
  std::string admin_;
};

struct Tally {
  int equal = 0;
  int refused = 0;
  int both_failed = 0;
  int failed = 0;
};

std::string Instantiate(std::string sql, const Backend& backend, const std::string& world) {
  std::string qualifier = backend.Qualifier(world);
  std::string upper = qualifier;
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  ReplaceAll(sql, "{SU}", upper);
  ReplaceAll(sql, "{S}", qualifier);
  ReplaceAll(sql, "{Q}", backend.Quote());
  return sql;
}

void RunCorpus(Backend& backend) {
  for (const World& w : Worlds()) {
    Status created = backend.CreateWorld(w.name, WorldSql(w.kind, w.region));
    ASSERT_TRUE(created.ok()) << created.ToString();
  }
  std::map<std::string, std::shared_ptr<db::Connector>> connectors;
  for (const World& w : Worlds()) {
    StatusOr<std::unique_ptr<db::Connector>> c = db::OpenConnector(backend.Url(w.name));
    ASSERT_TRUE(c.ok()) << c.status().ToString();
    connectors[w.name] = std::move(*c);
  }
  std::shared_ptr<db::Connector> raw = connectors["perm_raw"];
  StatusOr<db::DatabaseSchema> schema = raw->Introspect({});
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  auto catalog = std::make_shared<const db::DatabaseSchema>(*schema);
  for (const PermissionRule& rule : Rules()) {
    Status valid = ValidateRule(rule, *catalog);
    EXPECT_TRUE(valid.ok()) << rule.id << ": " << valid.ToString();
  }

  const std::vector<Entry> corpus = LoadCorpus(backend.engine());
  Tally tally;
  db::QueryOptions options;
  options.timeout = std::chrono::seconds(20);
  for (const TestUser& user : Users()) {
    UserContext ctx;
    ctx.user_id = user.id;
    ctx.roles = {"analyst"};
    if (user.region) ctx.attributes["region"] = *user.region;
    PermissionedConnector permissioned(raw, ResolvePolicy(ctx, Rules()), catalog);
    db::Connector& expected_db = *connectors[user.world];
    for (const Entry& e : corpus) {
      const std::string label = backend.engine() + " " + user.id + " " + e.id;
      StatusOr<db::ResultSet> got =
          permissioned.Execute(Instantiate(e.sql, backend, "perm_raw"), options);
      StatusOr<db::ResultSet> want =
          expected_db.Execute(Instantiate(e.sql, backend, user.world), options);
      if (got.ok()) {
        const std::string leak = LeakIn(*got, user);
        EXPECT_EQ(leak, "") << label << " leaked: " << leak;
        if (!leak.empty()) ++tally.failed;
      }
      bool pass = false;
      if (e.expect == "refuse") {
        pass = !got.ok();
        tally.refused += pass ? 1 : 0;
      } else if (got.ok() && want.ok()) {
        pass = Rows(*got) == Rows(*want) && got->column_count() == want->column_count();
        tally.equal += pass ? 1 : 0;
      } else if (!got.ok() && !want.ok()) {
        pass = true;
        ++tally.both_failed;
      } else if (!got.ok() && e.expect == "either") {
        pass = true;
        ++tally.refused;
      }
      if (!pass) ++tally.failed;
      EXPECT_TRUE(pass) << label << " (" << e.expect << ")\n  sql: " << e.sql
                        << "\n  permissioned: "
                        << (got.ok() ? std::to_string(got->row_count()) + " rows"
                                     : got.status().ToString())
                        << "\n  expected: "
                        << (want.ok() ? std::to_string(want->row_count()) + " rows"
                                      : want.status().ToString());
    }
  }
  std::cout << "[permission corpus] " << backend.engine() << ": " << corpus.size()
            << " statements x " << Users().size() << " users = " << corpus.size() * Users().size()
            << " runs: " << tally.equal << " equal, " << tally.refused << " refused, "
            << tally.both_failed << " failed on both sides (e.g. a hidden column), " << tally.failed
            << " wrong\n";
}

// MD5 hex of `text`, computed here with OpenSSL (not by askdb or an engine).
std::string Md5Hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  EVP_Digest(text.data(), text.size(), digest, &size, EVP_md5(), nullptr);
  std::string hex;
  for (unsigned int i = 0; i < size; ++i) {
    char pair[3];
    std::snprintf(pair, sizeof pair, "%02x", digest[i]);
    hex += pair;
  }
  return hex;
}

// A hash mask gives the same value on every engine: the MD5 of the value's text, NULL
// staying NULL — so an analyst comparing masked ids across datasources sees equal values.
void CheckHashMask(Backend& backend) {
  ASSERT_TRUE(backend.CreateWorld("perm_hash", WorldSql(WorldKind::kRaw, "")).ok());
  StatusOr<std::unique_ptr<db::Connector>> opened = db::OpenConnector(backend.Url("perm_hash"));
  ASSERT_TRUE(opened.ok()) << opened.status().ToString();
  std::shared_ptr<db::Connector> raw = std::move(*opened);
  StatusOr<db::DatabaseSchema> schema = raw->Introspect({});
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  std::vector<PermissionRule> rules;
  for (const char* column : {"name", "salary", "phone"}) {
    PermissionRule r;
    r.id = std::string("h-") + column;
    r.datasource_id = "hash";
    r.grantee_kind = GranteeKind::kRole;
    r.grantee = "analyst";
    r.kind = RuleKind::kMaskColumn;
    r.mask = MaskKind::kHash;
    r.table = "staff";
    r.column = column;
    Status valid = ValidateRule(r, *schema);
    ASSERT_TRUE(valid.ok()) << column << ": " << valid.ToString();
    rules.push_back(r);
  }
  UserContext user;
  user.user_id = "hash";
  user.roles = {"analyst"};
  PermissionedConnector permissioned(raw, ResolvePolicy(user, rules),
                                     std::make_shared<const db::DatabaseSchema>(*schema));
  StatusOr<db::ResultSet> got =
      permissioned.Execute("SELECT id, name, salary, phone FROM staff ORDER BY id", {});
  ASSERT_TRUE(got.ok()) << got.status().ToString();
  ASSERT_EQ(got->row_count(), std::size(kStaff));
  for (size_t i = 0; i < std::size(kStaff); ++i) {
    const StaffRow& s = kStaff[i];
    const auto& row = got->rows[i];
    EXPECT_EQ(row[1].ToDisplayString(), Md5Hex(s.name)) << backend.engine() << " " << s.name;
    EXPECT_EQ(row[2].ToDisplayString(), Md5Hex(std::to_string(s.salary))) << backend.engine();
    if (s.phone == nullptr) {
      EXPECT_TRUE(row[3].is_null()) << backend.engine();
    } else {
      EXPECT_EQ(row[3].ToDisplayString(), Md5Hex(s.phone)) << backend.engine();
    }
  }
  // Equal masked values still join and group as the raw ones do.
  StatusOr<db::ResultSet> grouped = permissioned.Execute(
      "SELECT count(DISTINCT name) FROM staff WHERE name = (SELECT max(name) FROM staff)", {});
  ASSERT_TRUE(grouped.ok()) << grouped.status().ToString();
  EXPECT_EQ(grouped->rows[0][0].ToDisplayString(), "1");
}

TEST(PermissionHashMask, Sqlite) {
  SqliteBackend backend;
  CheckHashMask(backend);
}

TEST(PermissionHashMask, Postgres) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_ADMIN_URL");
  PostgresBackend backend(url);
  CheckHashMask(backend);
}

TEST(PermissionHashMask, Mariadb) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_ADMIN_URL");
  MysqlBackend backend(url);
  CheckHashMask(backend);
}

TEST(PermissionBypassCorpus, Sqlite) {
  SqliteBackend backend;
  RunCorpus(backend);
}

TEST(PermissionBypassCorpus, Postgres) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_PG_ADMIN_URL");
  PostgresBackend backend(url);
  RunCorpus(backend);
}

TEST(PermissionBypassCorpus, Mariadb) {
  ASKDB_REQUIRE_SERVER_URL(url, "ASKDB_TEST_MYSQL_ADMIN_URL");
  MysqlBackend backend(url);
  RunCorpus(backend);
}

}  // namespace
}  // namespace askdb::permissions

namespace askdb::permissions {
namespace {

// The SQLite authorizer backs the rewrite up: a statement that reads a hidden column, or a
// protected table through a view, is refused even when it reaches the connector unrewritten.
TEST(SqliteReadPolicy, RefusesHiddenColumnsAndViewsEvenWithoutTheRewrite) {
  SqliteBackend backend;
  ASSERT_TRUE(backend.CreateWorld("perm_raw", WorldSql(WorldKind::kRaw, "")).ok());
  StatusOr<std::unique_ptr<db::Connector>> opened = db::OpenConnector(backend.Url("perm_raw"));
  ASSERT_TRUE(opened.ok());
  auto* sqlite = dynamic_cast<db::SqliteConnector*>(opened->get());
  ASSERT_NE(sqlite, nullptr);
  db::SqliteReadPolicy policy{{"staff.ssn"}, {"staff"}, {"staff_view"}};
  for (const char* sql : {"SELECT ssn FROM staff", "SELECT max(s.ssn) FROM staff s",
                          "SELECT id FROM staff WHERE ssn <> ''", "SELECT * FROM staff",
                          "SELECT id FROM staff_view"}) {
    StatusOr<db::ResultSet> r = sqlite->ExecuteUnder(sql, {}, policy);
    ASSERT_FALSE(r.ok()) << sql;
    EXPECT_EQ(r.status().code(), StatusCode::kPermissionDenied) << sql;
    EXPECT_NE(r.status().message().find("data permissions"), std::string::npos) << sql;
  }
  // What the rewrite produces reads only visible columns, and a CTE is not a view.
  EXPECT_TRUE(
      sqlite->ExecuteUnder("WITH s AS (SELECT id, name FROM staff) SELECT * FROM s", {}, policy)
          .ok());
  // Without a read policy the same connector reads the column (the policy made the refusal).
  EXPECT_TRUE(sqlite->Execute("SELECT ssn FROM staff", {}).ok());
}

}  // namespace
}  // namespace askdb::permissions
