#include "askdb/demo/demo_database.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "askdb/catalog/semantic_model.h"
#include "askdb/common/file_util.h"

namespace askdb::demo {
namespace {

namespace fs = std::filesystem;

fs::path TestDir(std::string_view name) {
  fs::path dir = fs::temp_directory_path() /
                 ("askdb_demo_test_" + std::to_string(::getpid()) + "_" + std::string(name));
  fs::create_directories(dir);
  return dir;
}

// A read-only connection with tiny query helpers; failures fail the test.
class Db {
 public:
  explicit Db(const fs::path& path) {
    sqlite3* raw = nullptr;
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    db_.reset(raw);
  }

  std::vector<std::vector<std::string>> Rows(const std::string& sql) const {
    std::vector<std::vector<std::string>> rows;
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(db_.get(), sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
      ADD_FAILURE() << sql << ": " << sqlite3_errmsg(db_.get());
      return rows;
    }
    while (sqlite3_step(stmt) == SQLITE_ROW) {
      std::vector<std::string> row;
      for (int i = 0; i < sqlite3_column_count(stmt); ++i) {
        const unsigned char* text = sqlite3_column_text(stmt, i);
        row.emplace_back(text ? reinterpret_cast<const char*>(text) : "NULL");
      }
      rows.push_back(std::move(row));
    }
    sqlite3_finalize(stmt);
    return rows;
  }

  std::string Text(const std::string& sql) const {
    auto rows = Rows(sql);
    return rows.empty() || rows[0].empty() ? "" : rows[0][0];
  }
  double Number(const std::string& sql) const { return std::stod(Text(sql)); }

 private:
  struct Closer {
    void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
  };
  std::unique_ptr<sqlite3, Closer> db_;
};

const std::vector<std::string> kTables = {"regions",   "cities",      "stores",
                                          "customers", "categories",  "products",
                                          "orders",    "order_items", "returns"};

// ctest runs every test in its own process, so the default database (~1 s to build) is
// built once per test binary and reused: it lives beside the binary under a name keyed by
// the binary's modification time, so a rebuilt binary never reads an older generator's
// output. CreateDemoDatabase's atomic no-overwrite rename makes concurrent runs safe.
fs::path SharedDemoDatabase() {
  const fs::path exe = fs::read_symlink("/proc/self/exe");
  const auto stamp = static_cast<uint64_t>(fs::last_write_time(exe).time_since_epoch().count());
  const std::string prefix = "demo_test_cache_";
  const fs::path path = exe.parent_path() / (prefix + std::to_string(stamp) + ".sqlite");
  if (fs::exists(path)) return path;
  const auto start = std::chrono::steady_clock::now();
  const Status status = CreateDemoDatabase(path);
  const auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
  EXPECT_TRUE(status.ok() || status.code() == StatusCode::kAlreadyExists) << status.ToString();
  if (status.ok()) {
    std::printf("[ info     ] created the default demo database in %.2f s (%ju bytes)\n",
                elapsed.count(), static_cast<uintmax_t>(fs::file_size(path)));
    // Drop the caches of earlier builds — never this build's, whose temporary files
    // (NAME.sqlite.tmp.PID.N) another test process may be writing right now.
    std::error_code ec;
    const std::string current = path.filename().string();
    for (const auto& entry : fs::directory_iterator(exe.parent_path(), ec)) {
      const std::string name = entry.path().filename().string();
      if (name.starts_with(prefix) && !name.starts_with(current)) fs::remove(entry.path(), ec);
    }
  }
  return path;
}

class DemoDatabaseTest : public ::testing::Test {
 protected:
  Db db_{SharedDemoDatabase()};
};

// askdb demo --db on someone's own database replaced it (--refresh) or wrote the demo's model
// beside it: only the demo's own file is recognised as one.
TEST_F(DemoDatabaseTest, OnlyTheDemosOwnFileLooksLikeTheDemo) {
  EXPECT_TRUE(LooksLikeDemoDatabase(SharedDemoDatabase()));
  const fs::path dir = fs::temp_directory_path() / ("askdb_demo_look_" + std::to_string(getpid()));
  fs::create_directories(dir);
  EXPECT_FALSE(LooksLikeDemoDatabase(dir / "missing.sqlite"));
  std::ofstream(dir / "notes.txt") << "not a database";
  EXPECT_FALSE(LooksLikeDemoDatabase(dir / "notes.txt"));
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open((dir / "shop.sqlite").c_str(), &raw), SQLITE_OK);
  sqlite3_exec(raw, "CREATE TABLE orders (id INTEGER); CREATE TABLE customers (id INTEGER)",
               nullptr, nullptr, nullptr);
  sqlite3_close(raw);
  EXPECT_FALSE(LooksLikeDemoDatabase(dir / "shop.sqlite"));  // some of the tables only
  fs::remove_all(dir);
}

TEST_F(DemoDatabaseTest, HasEveryTableAndDeclaredForeignKey) {
  std::set<std::string> tables;
  for (const auto& row : db_.Rows("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                  "name NOT LIKE 'sqlite_%'")) {
    tables.insert(row[0]);
  }
  EXPECT_EQ(tables, std::set<std::string>(kTables.begin(), kTables.end()));

  // table → {"column→table.column"}
  const std::map<std::string, std::set<std::string>> expected = {
      {"regions", {}},
      {"cities", {"region_id→regions.region_id"}},
      {"stores", {"city_id→cities.city_id"}},
      {"customers", {"city_id→cities.city_id"}},
      {"categories", {}},
      {"products", {"category_id→categories.category_id"}},
      {"orders", {"customer_id→customers.customer_id", "store_id→stores.store_id"}},
      {"order_items", {"order_id→orders.order_id", "product_id→products.product_id"}},
      {"returns", {"order_id→orders.order_id"}},
  };
  for (const auto& [table, keys] : expected) {
    std::set<std::string> actual;
    for (const auto& row : db_.Rows(
             "SELECT \"from\", \"table\", \"to\" FROM pragma_foreign_key_list('" + table + "')")) {
      actual.insert(row[0] + "→" + row[1] + "." + row[2]);
    }
    EXPECT_EQ(actual, keys) << table;
  }
}

TEST_F(DemoDatabaseTest, ForeignKeysHold) {
  EXPECT_TRUE(db_.Rows("PRAGMA foreign_key_check").empty());
  EXPECT_EQ(db_.Text("PRAGMA integrity_check"), "ok");
}

TEST_F(DemoDatabaseTest, ReferenceDataHasTheAgreedSize) {
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM regions"), 7);
  EXPECT_GE(db_.Number("SELECT COUNT(*) FROM cities"), 30);
  EXPECT_GE(db_.Number("SELECT COUNT(*) FROM stores"), 55);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM categories"), 10);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM products"), 300);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM customers"), 8000);
  EXPECT_EQ(db_.Text("SELECT name_en FROM regions WHERE name_zh = '华东'"), "East China");
  EXPECT_EQ(db_.Text("SELECT r.name_zh FROM cities c JOIN regions r USING (region_id) "
                     "WHERE c.name_zh = '成都'"),
            "西南");
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM stores WHERE name = '上海徐汇店'"), 1);
  // Every city has a store, and product costs are below prices.
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM cities WHERE city_id NOT IN "
                       "(SELECT city_id FROM stores)"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM products WHERE unit_cost >= unit_price "
                       "OR unit_cost <= 0"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(DISTINCT name) FROM products"), 300);
}

TEST_F(DemoDatabaseTest, OrdersCoverThreeYears) {
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM orders"), DemoOptions{}.orders);
  EXPECT_GE(db_.Number("SELECT COUNT(*) FROM orders"), 50000);
  EXPECT_EQ(db_.Text("SELECT MIN(order_date) FROM orders"), "2023-01-01");
  EXPECT_EQ(db_.Text("SELECT MAX(order_date) FROM orders"), "2025-12-31");
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM orders WHERE order_date NOT GLOB "
                       "'20[0-9][0-9]-[01][0-9]-[0-3][0-9]'"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM orders WHERE order_id NOT IN "
                       "(SELECT order_id FROM order_items)"),
            0);
}

TEST_F(DemoDatabaseTest, MoneyAddsUp) {
  EXPECT_EQ(db_.Number(R"(SELECT COUNT(*) FROM orders o
      JOIN (SELECT order_id, SUM(amount) AS s, SUM(quantity * unit_price) AS gross
            FROM order_items GROUP BY order_id) i USING (order_id)
      WHERE ABS(o.total_amount - i.s) > 0.005
         OR ABS(o.discount_amount - (i.gross - i.s)) > 0.005)"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM order_items WHERE "
                       "ABS(amount - ROUND(quantity * unit_price * (1 - discount), 2)) > 0.0051"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM order_items WHERE discount < 0 OR discount > 0.3"), 0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM order_items oi JOIN products p USING (product_id) "
                       "WHERE oi.unit_price <> p.unit_price"),
            0);
  // Money is stored to the cent.
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM orders WHERE "
                       "ABS(total_amount * 100 - ROUND(total_amount * 100)) > 1e-6"),
            0);
}

TEST_F(DemoDatabaseTest, RefundsAndCancellations) {
  const double orders = db_.Number("SELECT COUNT(*) FROM orders");
  const double refunded = db_.Number("SELECT COUNT(*) FROM orders WHERE status = 'refunded'");
  const double cancelled = db_.Number("SELECT COUNT(*) FROM orders WHERE status = 'cancelled'");
  EXPECT_NEAR(refunded / orders, 0.04, 0.01);
  EXPECT_NEAR(cancelled / orders, 0.02, 0.005);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM orders WHERE status = 'refunded' AND order_id NOT IN "
                       "(SELECT order_id FROM returns)"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM returns r JOIN orders o USING (order_id) "
                       "WHERE o.status <> 'refunded' OR r.return_date < o.order_date "
                       "OR r.refund_amount > o.total_amount + 0.005 OR r.refund_amount <= 0"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM returns WHERE reason NOT IN "
                       "('质量问题', '尺码不合适', '不想要了', '发错货', '物流损坏')"),
            0);
}

TEST_F(DemoDatabaseTest, SeasonalityAndGrowth) {
  const std::string revenue = "SELECT SUM(total_amount) FROM orders WHERE status = 'completed' ";
  const double y2023 = db_.Number(revenue + "AND order_date LIKE '2023-%'");
  const double y2024 = db_.Number(revenue + "AND order_date LIKE '2024-%'");
  const double y2025 = db_.Number(revenue + "AND order_date LIKE '2025-%'");
  std::printf("[ info     ] revenue 2023 %.0f, 2024 %.0f (%+.1f%%), 2025 %.0f (%+.1f%%)\n", y2023,
              y2024, (y2024 / y2023 - 1) * 100, y2025, (y2025 / y2024 - 1) * 100);
  EXPECT_GT(y2024, y2023 * 1.10);
  EXPECT_LT(y2024, y2023 * 1.30);
  EXPECT_GT(y2025, y2024 * 1.10);
  EXPECT_LT(y2025, y2024 * 1.30);

  const double month_average = (y2023 + y2024 + y2025) / 36;
  for (const char* year : {"2023", "2024", "2025"}) {
    auto month = [&](const char* mm) {
      return db_.Number(revenue + "AND order_date LIKE '" + year + "-" + mm + "-%'");
    };
    const double year_average = db_.Number(revenue + "AND order_date LIKE '" + year + "-%'") / 12;
    EXPECT_GT(month("11"), year_average * 1.2) << year;
    EXPECT_GT(month("06"), month("05")) << year;   // 618
    EXPECT_LT(month("02"), year_average) << year;  // Spring Festival
  }
  EXPECT_GT(db_.Number(revenue + "AND substr(order_date, 6, 2) = '11'") / 3, month_average);
  // 双11 is the busiest day of each year.
  std::set<std::string> seen_years;
  for (const auto& row : db_.Rows("SELECT substr(order_date, 1, 4), order_date, COUNT(*) AS n "
                                  "FROM orders GROUP BY order_date "
                                  "ORDER BY 1, n DESC")) {
    if (seen_years.insert(row[0]).second) {
      EXPECT_EQ(row[1], row[0] + "-11-11");
    }
  }
  EXPECT_EQ(seen_years.size(), 3u);
}

TEST_F(DemoDatabaseTest, RegionsDiffer) {
  auto per_customer = [&](const char* region) {
    return db_.Number(
        "SELECT SUM(o.total_amount) / COUNT(DISTINCT o.customer_id) FROM orders o "
        "JOIN customers c USING (customer_id) JOIN cities ci ON ci.city_id = c.city_id "
        "JOIN regions r USING (region_id) WHERE r.name_en = '" +
        std::string(region) + "'");
  };
  EXPECT_GT(per_customer("East China"), per_customer("Northwest") * 1.1);
  EXPECT_GT(db_.Number("SELECT COUNT(*) FROM orders o JOIN stores s USING (store_id) "
                       "JOIN cities c USING (city_id) WHERE c.region_id = 1"),
            db_.Number("SELECT COUNT(*) FROM orders o JOIN stores s USING (store_id) "
                       "JOIN cities c USING (city_id) WHERE c.region_id = 6") *
                2);
}

TEST_F(DemoDatabaseTest, CustomersAndStoresPredateTheirOrders) {
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM customers c JOIN "
                       "(SELECT customer_id, MIN(order_date) AS first FROM orders "
                       "GROUP BY customer_id) f USING (customer_id) "
                       "WHERE c.signup_date > f.first"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM orders o JOIN stores s USING (store_id) "
                       "WHERE s.opened_on > o.order_date"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM order_items oi JOIN orders o USING (order_id) "
                       "JOIN products p USING (product_id) WHERE p.launched_on > o.order_date"),
            0);
  EXPECT_EQ(db_.Number("SELECT COUNT(*) FROM customers WHERE birth_year NOT BETWEEN 1950 AND "
                       "2010"),
            0);
}

TEST_F(DemoDatabaseTest, EveryCodeIsUsedAndLabelled) {
  StatusOr<catalog::SemanticModel> model = BuiltinDemoSemanticModel();
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  const std::map<std::string, std::set<std::string>> coded = {
      {"orders.channel", {"online", "store", "app"}},
      {"orders.payment_method", {"alipay", "wechat", "card", "cash"}},
      {"orders.status", {"completed", "refunded", "cancelled"}},
      {"customers.segment", {"consumer", "corporate", "small_business"}},
      {"customers.member_level", {"bronze", "silver", "gold", "platinum"}},
      {"customers.gender", {"M", "F"}},
      {"stores.store_type", {"flagship", "standard", "outlet"}},
  };
  for (const auto& [name, codes] : coded) {
    const std::string table = name.substr(0, name.find('.'));
    const std::string column = name.substr(name.find('.') + 1);
    std::set<std::string> actual;
    for (const auto& row : db_.Rows("SELECT DISTINCT " + column + " FROM " + table)) {
      actual.insert(row[0]);
    }
    EXPECT_EQ(actual, codes) << name;
    const catalog::ColumnSemantics* semantics = model->FindColumn(table, column);
    ASSERT_NE(semantics, nullptr) << name;
    for (const std::string& code : codes) {
      const catalog::ValueLabel* label = semantics->FindValue(code);
      ASSERT_NE(label, nullptr) << name << " = " << code << " has no value label";
      EXPECT_GE(label->labels.size(), 2u) << name << " = " << code;
    }
  }
}

// Columns that need no semantics; keep this list explicit so that a new column without a
// description fails the test below instead of slipping through.
const std::set<std::string> kColumnsWithoutSemantics = {};

TEST_F(DemoDatabaseTest, SemanticModelCoversEveryTableAndColumn) {
  StatusOr<catalog::SemanticModel> model = BuiltinDemoSemanticModel();
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  EXPECT_EQ(model->datasource, "demo");
  EXPECT_EQ(model->tables.size(), kTables.size());
  for (const std::string& table : kTables) {
    const catalog::TableSemantics* t = model->FindTable(table);
    ASSERT_NE(t, nullptr) << table;
    EXPECT_FALSE(t->business_name.zh.empty()) << table;
    EXPECT_FALSE(t->business_name.en.empty()) << table;
    EXPECT_FALSE(t->description.zh.empty()) << table;
    EXPECT_FALSE(t->description.en.empty()) << table;
    EXPECT_GE(t->synonyms.size(), 2u) << table;
    size_t described = 0;
    for (const auto& row : db_.Rows("SELECT name FROM pragma_table_info('" + table + "')")) {
      const std::string qualified = table + "." + row[0];
      if (kColumnsWithoutSemantics.count(qualified)) continue;
      const catalog::ColumnSemantics* c = t->FindColumn(row[0]);
      ASSERT_NE(c, nullptr) << qualified << " is not in data/demo/semantic_model.json";
      ++described;
      EXPECT_FALSE(c->business_name.zh.empty()) << qualified;
      EXPECT_FALSE(c->business_name.en.empty()) << qualified;
      EXPECT_FALSE(c->description.zh.empty()) << qualified;
      EXPECT_FALSE(c->description.en.empty()) << qualified;
      EXPECT_NE(c->role, catalog::ColumnRole::kUnspecified) << qualified;
    }
    // Nothing in the model that the database lacks.
    EXPECT_EQ(t->columns.size(), described) << table << " describes columns it does not have";
  }
  const catalog::ColumnSemantics* amount = model->FindColumn("orders", "total_amount");
  ASSERT_NE(amount, nullptr);
  EXPECT_EQ(amount->role, catalog::ColumnRole::kMeasure);
  EXPECT_EQ(amount->unit, "CNY");
  for (const char* word : {"销售额", "营业额", "GMV", "revenue", "sales"}) {
    EXPECT_NE(std::find(amount->synonyms.begin(), amount->synonyms.end(), word),
              amount->synonyms.end())
        << word;
  }
}

TEST(DemoSemanticModelTest, EmbeddedBytesMatchTheSourceFile) {
  StatusOr<std::string> file =
      ReadFile(fs::path(ASKDB_SOURCE_DIR) / "data/demo/semantic_model.json");
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  EXPECT_EQ(BuiltinDemoSemanticModelJson(), *file);

  const fs::path dir = TestDir("model");
  ASSERT_TRUE(WriteDemoSemanticModel(dir / "model.json").ok());
  StatusOr<std::string> written = ReadFile(dir / "model.json");
  ASSERT_TRUE(written.ok());
  EXPECT_EQ(*written, *file);
  StatusOr<catalog::SemanticModel> loaded = catalog::LoadSemanticModel(dir / "model.json");
  EXPECT_TRUE(loaded.ok()) << loaded.status().ToString();
  fs::remove_all(dir);
}

TEST(DemoDatabaseCreateTest, SameSeedGivesTheSameBytes) {
  const fs::path dir = TestDir("determinism");
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(CreateDemoDatabase(dir / "a.sqlite").ok());
  const auto elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start);
  std::printf("[ info     ] created the default demo database in %.2f s\n", elapsed.count());
  ASSERT_TRUE(CreateDemoDatabase(dir / "b.sqlite").ok());
  DemoOptions other;
  other.seed = 7;
  ASSERT_TRUE(CreateDemoDatabase(dir / "c.sqlite", other).ok());
  StatusOr<std::string> a = ReadFile(dir / "a.sqlite");
  StatusOr<std::string> b = ReadFile(dir / "b.sqlite");
  StatusOr<std::string> c = ReadFile(dir / "c.sqlite");
  ASSERT_TRUE(a.ok() && b.ok() && c.ok());
  EXPECT_GT(a->size(), 1'000'000u);
  EXPECT_TRUE(*a == *b) << "two builds with the same seed differ";
  EXPECT_FALSE(*a == *c) << "a different seed gave the same database";
  // Only the three databases remain: no temporary files are left behind.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 3);
  fs::remove_all(dir);
}

TEST(DemoDatabaseCreateTest, RefusesToOverwriteUnlessAsked) {
  const fs::path dir = TestDir("overwrite");
  const fs::path path = dir / "demo.sqlite";
  ASSERT_TRUE(WriteFileAtomic(path, "precious").ok());
  DemoOptions options;
  options.orders = 2000;
  const Status refused = CreateDemoDatabase(path, options);
  EXPECT_EQ(refused.code(), StatusCode::kAlreadyExists);
  EXPECT_NE(refused.message().find(path.string()), std::string::npos);
  EXPECT_EQ(*ReadFile(path), "precious");

  options.overwrite = true;
  ASSERT_TRUE(CreateDemoDatabase(path, options).ok());
  Db db(path);
  EXPECT_EQ(db.Number("SELECT COUNT(*) FROM orders"), 2000);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

TEST(DemoDatabaseCreateTest, RejectsBadOptionsAndPaths) {
  DemoOptions options;
  options.orders = 0;
  EXPECT_EQ(CreateDemoDatabase(TestDir("bad") / "x.sqlite", options).code(),
            StatusCode::kInvalidArgument);
  options = DemoOptions{};
  options.customers = -1;
  EXPECT_EQ(CreateDemoDatabase(TestDir("bad") / "x.sqlite", options).code(),
            StatusCode::kInvalidArgument);
  EXPECT_FALSE(fs::exists(TestDir("bad") / "x.sqlite"));
  fs::remove_all(TestDir("bad"));

  // A directory that cannot be created (its parent is a file).
  const fs::path dir = TestDir("unwritable");
  ASSERT_TRUE(WriteFileAtomic(dir / "file", "x").ok());
  options = DemoOptions{};
  options.orders = 100;
  const Status status = CreateDemoDatabase(dir / "file" / "demo.sqlite", options);
  EXPECT_FALSE(status.ok());
  fs::remove_all(dir);
}

}  // namespace
}  // namespace askdb::demo
