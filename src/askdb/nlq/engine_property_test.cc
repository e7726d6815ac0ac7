// Property tests for Engine::Translate over arbitrary questions: random bytes and random
// mixes of schema words, stored values that look like SQL injections, numbers, Chinese and
// SQL fragments. Whatever the input, Translate must not crash, must be deterministic, and
// when it answers its SQL must be one read-only SELECT/WITH statement (checked by SQLite's
// own parser on a read-only copy of the fixture database) whose string literals are exactly
// what Dialect::QuoteString writes, and whose result columns have distinct names. The
// fixture's semantic model gives names and synonyms with quotes in them, which reach the SQL
// as column aliases and must come out as escaped identifiers.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/text.h"
#include "askdb/db/dialect.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::nlq {
namespace {

// Stored values carry quotes and SQL so that a value the engine matches has to be escaped.
constexpr const char* kFixtureSql = R"sql(
CREATE TABLE regions(region_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE stores(store_id INTEGER PRIMARY KEY, name TEXT, store_type TEXT,
                    region_id INTEGER REFERENCES regions(region_id));
CREATE TABLE orders(order_id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES stores(store_id),
                    order_date TEXT, amount REAL, channel TEXT);
INSERT INTO regions VALUES (1,'North'),(2,'South'),(3,'华东');
INSERT INTO stores VALUES (1,'Alpha','flagship',1),(2,'O''Brien''s','outlet',2),
  (3,'x''; DROP TABLE orders; --','outlet',3),(4,'北京店','kiosk',3);
INSERT INTO orders VALUES (1,1,'2024-01-05',100,'online'),(2,2,'2024-05-01',50,'it''s'),
  (3,3,'2025-02-01',70,'online'),(4,4,'2025-12-30',30,'store'),(5,3,'2023-07-01',10,'"q"');
)sql";

// Pieces questions are made of.
const std::vector<std::string>& Pieces() {
  static const std::vector<std::string> kPieces = {
      // schema words and stored values (some hostile)
      "orders", "order", "stores", "store", "regions", "region", "amount", "channel", "name",
      "store type", "order date", "North", "华东", "online", "O'Brien's", "O'Brien",
      "x'; DROP TABLE orders; --", "it's", "\"q\"", "北京店", "Alpha", "outlet",
      // synonyms of the fixture's model, with quotes
      "client's amount", "sales' channel", "net \"amount\"", "订单\"金额\"",
      // keywords
      "how many", "what is the", "total", "average", "count", "distinct", "list", "show", "by",
      "each", "per", "for each", "top 3", "bottom", "greater than", "at least", "between", "and",
      "not", "highest", "lowest", "the most", "share", "percentage", "in 2024", "last year",
      "last 30 days", "ordered by", "which",
      // Chinese
      "订单", "金额", "总和", "各", "每个", "按", "最高", "最低", "北京", "大于", "去年", "不是",
      "多少", "平均", "占比", "前5", "2024年", "第一季度", "的", "是",
      // numbers
      "5", "100", "3.5", "-3", "1e308", "99999999999999999999", "1,000", "１２３", "二十五", "1万",
      "0", "0.0000001",
      // SQL fragments and quoting characters
      "'; DROP TABLE x; --", "' OR '1'='1", "\"", "'", "`", ";", "--", "/*", "*/", "\\",
      "); DELETE FROM orders; --", "UNION SELECT * FROM sqlite_master", "?", "%", "_"};
  return kPieces;
}

// Questions the engine answers on the fixture; mixed with pieces they keep the answering
// path (and its quoting) exercised, not only abstentions.
const std::vector<std::string>& Stems() {
  static const std::vector<std::string> kStems = {"how many orders",
                                                  "total amount of orders",
                                                  "average amount of orders by channel",
                                                  "total amount of orders by region",
                                                  "how many orders from O'Brien's",
                                                  "list the names of stores",
                                                  "how many online orders",
                                                  "top 3 stores by total amount",
                                                  "total client's amount by sales' channel"};
  return kStems;
}

rc::Gen<std::string> GenQuestion() {
  auto piece = rc::gen::weightedOneOf<std::string>(
      {{6, rc::gen::elementOf(Pieces())}, {1, rc::gen::arbitrary<std::string>()}});
  return rc::gen::map(
      rc::gen::tuple(rc::gen::resize(3, rc::gen::container<std::vector<std::string>>(piece)),
                     rc::gen::arbitrary<bool>(), rc::gen::elementOf(Stems()),
                     rc::gen::arbitrary<bool>()),
      [](const std::tuple<std::vector<std::string>, bool, std::string, bool>& t) {
        const auto& [pieces, spaced, stem, use_stem] = t;
        std::string q = use_stem ? stem : "";
        for (const std::string& s : pieces) {
          if (!q.empty() && spaced) q += ' ';  // Chinese questions have no spaces
          q += s;
        }
        return q;
      });
}

// Names and synonyms with quotes: question words that reach the SQL as column aliases.
const catalog::SemanticModel& FixtureModel() {
  static const catalog::SemanticModel model = [] {
    catalog::ColumnSemantics amount;
    amount.name = "amount";
    amount.business_name = {"订单\"金额\"", "order \"amount\""};
    amount.synonyms = {"client's amount", "net \"amount\"", "订单\"金额\""};
    catalog::ColumnSemantics channel;
    channel.name = "channel";
    channel.business_name = {"\"渠道\"", "\"channel\""};
    channel.synonyms = {"sales' channel"};
    catalog::TableSemantics orders;
    orders.name = "orders";
    orders.columns = {amount, channel};
    catalog::TableSemantics regions;
    regions.name = "regions";
    regions.business_name = {"\"地区\"", "region \"zone\""};
    catalog::SemanticModel m;
    m.tables = {orders, regions};
    return m;
  }();
  return model;
}

// The fixture as a database file (opened read-only by both the engine and the checks).
struct Fixture {
  std::string path;
  std::unique_ptr<db::SqliteConnector> connector;
  std::unique_ptr<SchemaIndex> index;
  std::unique_ptr<sqlite3, decltype(&sqlite3_close)> readonly{nullptr, &sqlite3_close};
};

const Fixture& GetFixture() {
  static const std::unique_ptr<Fixture> fixture = [] {
    auto f = std::make_unique<Fixture>();
    // One file per process: ctest runs each test in its own process, several at a time.
    f->path =
        ::testing::TempDir() + "/nlq_property_fixture_" + std::to_string(::getpid()) + ".sqlite";
    std::filesystem::remove(f->path);
    sqlite3* writer = nullptr;
    EXPECT_EQ(sqlite3_open(f->path.c_str(), &writer), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(writer, kFixtureSql, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(writer);
    auto conn = db::SqliteConnector::Open(f->path);
    EXPECT_TRUE(conn.ok()) << conn.status().ToString();
    f->connector = std::move(conn).value();
    auto index = BuildSchemaIndex(*f->connector, &FixtureModel());
    EXPECT_TRUE(index.ok()) << index.status().ToString();
    f->index = std::make_unique<SchemaIndex>(std::move(index).value());
    sqlite3* readonly = nullptr;
    EXPECT_EQ(sqlite3_open_v2(f->path.c_str(), &readonly, SQLITE_OPEN_READONLY, nullptr),
              SQLITE_OK);
    f->readonly.reset(readonly);
    return f;
  }();
  return *fixture;
}

bool OnlySpaceOrSemicolons(const char* s) {
  for (; *s; ++s) {
    if (*s != ' ' && *s != '\n' && *s != '\t' && *s != '\r' && *s != ';') return false;
  }
  return true;
}

// Splits SQL into string literals (as written, quotes included) and the rest, following
// SQL's quoting rules: '...' with '' inside, "..." identifiers with "" inside.
void SplitLiterals(const std::string& sql, std::vector<std::string>* literals,
                   std::string* outside) {
  size_t i = 0;
  while (i < sql.size()) {
    const char c = sql[i];
    if (c != '\'' && c != '"') {
      *outside += c;
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < sql.size()) {
      if (sql[j] == c && j + 1 < sql.size() && sql[j + 1] == c) {
        j += 2;
      } else if (sql[j] == c) {
        break;
      } else {
        ++j;
      }
    }
    const std::string quoted = sql.substr(i, j + 1 - i);
    if (c == '\'') literals->push_back(quoted);
    *outside += ' ';
    i = j + 1;
  }
}

std::string Unquote(const std::string& literal) {
  std::string out;
  for (size_t i = 1; i + 1 < literal.size(); ++i) {
    out += literal[i];
    if (literal[i] == '\'') ++i;  // '' stands for one quote
  }
  return out;
}

void CheckSafeSql(const Translation& t) {
  const Fixture& f = GetFixture();
  RC_LOG() << "sql: " << t.sql << "\n";
  const std::string lower = text::AsciiLower(t.sql);
  RC_ASSERT(lower.rfind("select", 0) == 0 || lower.rfind("with", 0) == 0);

  sqlite3_stmt* stmt = nullptr;
  const char* tail = nullptr;
  const int rc = sqlite3_prepare_v2(f.readonly.get(), t.sql.c_str(), static_cast<int>(t.sql.size()),
                                    &stmt, &tail);
  const bool readonly = stmt != nullptr && sqlite3_stmt_readonly(stmt) != 0;
  const std::string error = rc == SQLITE_OK ? "" : sqlite3_errmsg(f.readonly.get());
  // Result columns are named, and no two alike (as MySQL compares aliases: ASCII case
  // folded), so the chart and the answer sentence can tell them apart.
  std::set<std::string> names;
  const int columns = stmt != nullptr ? sqlite3_column_count(stmt) : 0;
  for (int k = 0; k < columns; ++k) {
    const char* name = sqlite3_column_name(stmt, k);
    names.insert(text::AsciiLower(name != nullptr ? name : ""));
  }
  sqlite3_finalize(stmt);
  if (rc != SQLITE_OK) RC_FAIL("SQLite cannot prepare the SQL: " + error);
  RC_ASSERT(readonly);
  RC_ASSERT(tail != nullptr && OnlySpaceOrSemicolons(tail));
  RC_ASSERT(columns > 0);
  RC_ASSERT(names.size() == static_cast<size_t>(columns));
  RC_ASSERT(!names.count(""));

  std::vector<std::string> literals;
  std::string outside;
  SplitLiterals(t.sql, &literals, &outside);
  // Nothing outside quotes can end the statement or start a comment.
  RC_ASSERT(outside.find(';') == std::string::npos);
  RC_ASSERT(outside.find("--") == std::string::npos);
  RC_ASSERT(outside.find("/*") == std::string::npos);
  const db::Dialect& dialect = f.connector->dialect();
  for (const std::string& literal : literals) {
    RC_ASSERT(dialect.QuoteString(Unquote(literal)) == literal);
  }
}

RC_GTEST_PROP(NlqEngineProperty, AnyQuestionGivesSafeSqlOrAbstains, ()) {
  const std::string question = *GenQuestion();
  const Fixture& f = GetFixture();
  const Translation t = Engine::Translate(question, *f.index, f.connector->dialect());
  RC_TAG(t.answered ? "answered" : "abstained");
  if (!t.answered) {
    RC_ASSERT(t.sql.empty());
    RC_ASSERT(!t.abstain_reason.empty());
    return;
  }
  CheckSafeSql(t);
}

RC_GTEST_PROP(NlqEngineProperty, RandomBytesNeverCrash, (const std::string& bytes)) {
  const Fixture& f = GetFixture();
  const Translation t = Engine::Translate(bytes, *f.index, f.connector->dialect());
  if (t.answered) CheckSafeSql(t);
}

RC_GTEST_PROP(NlqEngineProperty, TranslationIsDeterministic, ()) {
  const std::string question = *GenQuestion();
  const Fixture& f = GetFixture();
  const Translation a = Engine::Translate(question, *f.index, f.connector->dialect());
  const Translation b = Engine::Translate(question, *f.index, f.connector->dialect());
  RC_ASSERT(a.answered == b.answered);
  RC_ASSERT(a.sql == b.sql);
  RC_ASSERT(a.confidence == b.confidence);
  RC_ASSERT(a.abstain_reason == b.abstain_reason);
}

// A stored value with quotes is reachable: a question naming it is answered, and the value
// reaches the SQL only as an escaped literal (the generator alone hits this only sometimes).
TEST(NlqEngineProperty, StoredValueWithQuotesIsEscaped) {
  const Fixture& f = GetFixture();
  const Translation o =
      Engine::Translate("how many orders from O'Brien's", *f.index, f.connector->dialect());
  ASSERT_TRUE(o.answered) << o.abstain_reason;
  EXPECT_NE(o.sql.find("'O''Brien''s'"), std::string::npos) << o.sql;
}

// Question words with quotes become column names: apostrophes stay as written inside the
// quoted identifier, and the SQL stays safe whatever the words.
TEST(NlqEngineProperty, SynonymsWithQuotesBecomeEscapedColumnNames) {
  const Fixture& f = GetFixture();
  const Translation t = Engine::Translate("total client's amount by sales' channel", *f.index,
                                          f.connector->dialect());
  ASSERT_TRUE(t.answered) << t.abstain_reason;
  EXPECT_NE(t.sql.find("AS \"sales' channel\""), std::string::npos) << t.sql;
  EXPECT_NE(t.sql.find("AS \"client's amount\""), std::string::npos) << t.sql;
  auto rs = f.connector->Execute(t.sql, {});
  ASSERT_TRUE(rs.ok()) << t.sql << ": " << rs.status().ToString();
  ASSERT_EQ(rs->columns.size(), 2u);
  EXPECT_EQ(rs->columns[0].name, "sales' channel");
  EXPECT_EQ(rs->columns[1].name, "client's amount");
  for (std::string_view q :
       {"total net \"amount\" by channel", "各渠道的订单\"金额\"", "total amount by \"channel\""}) {
    const Translation u = Engine::Translate(q, *f.index, f.connector->dialect());
    if (!u.answered) continue;
    auto run = f.connector->Execute(u.sql, {});
    EXPECT_TRUE(run.ok()) << q << " → " << u.sql;
  }
}

}  // namespace
}  // namespace askdb::nlq
