// data/semantic/chinook.semantic.json against ../shared/data/chinook/chinook.sqlite. Loading
// validates the file on its own; these checks need the database: every table and column it
// names exists (and every one that exists is described), every value label names a value that
// is stored, and the sales figure it declares agrees with the invoice lines.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "askdb/catalog/semantic_model.h"

namespace askdb::catalog {
namespace {

class ChinookSemanticModel : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded =
        LoadSemanticModel(std::string(ASKDB_SOURCE_DIR) + "/data/semantic/chinook.semantic.json");
    ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
    model_ = *loaded;
    const std::string path = std::string(ASKDB_SHARED_DATA_DIR) + "/chinook/chinook.sqlite";
    ASSERT_EQ(sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK)
        << path;
  }
  void TearDown() override { sqlite3_close(db_); }

  // The text cells of the first column of `sql`, with `params` bound in order.
  std::vector<std::string> Column(const std::string& sql,
                                  const std::vector<std::string>& params = {}) {
    std::vector<std::string> out;
    sqlite3_stmt* stmt = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK)
        << sql << ": " << sqlite3_errmsg(db_);
    for (size_t i = 0; i < params.size(); ++i) {
      sqlite3_bind_text(stmt, static_cast<int>(i + 1), params[i].c_str(), -1, SQLITE_TRANSIENT);
    }
    while (stmt && sqlite3_step(stmt) == SQLITE_ROW) {
      const unsigned char* text = sqlite3_column_text(stmt, 0);
      out.push_back(text ? reinterpret_cast<const char*>(text) : "");
    }
    sqlite3_finalize(stmt);
    return out;
  }

  // Physical tables and their columns, as the database declares them.
  std::map<std::string, std::set<std::string>> Schema() {
    std::map<std::string, std::set<std::string>> schema;
    for (const std::string& t : Column(
             "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")) {
      for (const std::string& c : Column("SELECT name FROM pragma_table_info(?)", {t})) {
        schema[t].insert(c);
      }
    }
    return schema;
  }

  SemanticModel model_;
  sqlite3* db_ = nullptr;
};

TEST_F(ChinookSemanticModel, NamesOnlyTablesAndColumnsTheDatabaseHas) {
  const auto schema = Schema();
  ASSERT_EQ(schema.size(), 11u);
  for (const TableSemantics& t : model_.tables) {
    ASSERT_TRUE(schema.count(t.name)) << "no table " << t.name;
    for (const ColumnSemantics& c : t.columns) {
      EXPECT_TRUE(schema.at(t.name).count(c.name)) << "no column " << t.name << "." << c.name;
    }
  }
}

TEST_F(ChinookSemanticModel, GivesEveryTableAndColumnAChineseName) {
  for (const auto& [table, columns] : Schema()) {
    const TableSemantics* t = model_.FindTable(table);
    ASSERT_NE(t, nullptr) << table << " is not described";
    EXPECT_FALSE(t->business_name.zh.empty()) << table;
    EXPECT_FALSE(t->description.zh.empty()) << table;
    for (const std::string& column : columns) {
      const ColumnSemantics* c = t->FindColumn(column);
      ASSERT_NE(c, nullptr) << table << "." << column << " is not described";
      EXPECT_FALSE(c->business_name.zh.empty()) << table << "." << column;
      EXPECT_NE(c->role, ColumnRole::kUnspecified) << table << "." << column;
      if (c->role == ColumnRole::kMeasure) {
        EXPECT_FALSE(c->unit.empty()) << table << "." << column;
      }
    }
  }
}

// A label for a value that is not stored would filter to nothing; a label given to two values of
// one column would make the filter a guess.
TEST_F(ChinookSemanticModel, EveryValueLabelNamesOneStoredValue) {
  int labelled = 0;
  for (const TableSemantics& t : model_.tables) {
    for (const ColumnSemantics& c : t.columns) {
      std::map<std::string, std::string> owner;
      for (const ValueLabel& v : c.values) {
        const auto n = Column(
            "SELECT COUNT(*) FROM \"" + t.name + "\" WHERE \"" + c.name + "\" = ?", {v.value});
        ASSERT_EQ(n.size(), 1u);
        EXPECT_NE(n[0], "0") << t.name << "." << c.name << " never holds '" << v.value << "'";
        for (const std::string& label : v.labels) {
          const auto [it, fresh] = owner.emplace(label, v.value);
          EXPECT_TRUE(fresh) << t.name << "." << c.name << ": '" << label << "' names both '"
                             << it->second << "' and '" << v.value << "'";
        }
        ++labelled;
      }
    }
  }
  EXPECT_GT(labelled, 100);  // genres, media types, titles, countries and cities
}

// The model's truth for 销售额: Invoice.Total, which equals the sum of the lines' price × quantity
// (so both routes to sales agree, in total and per invoice).
TEST_F(ChinookSemanticModel, SalesIsTheInvoiceTotalAndAgreesWithTheLines) {
  const ColumnSemantics* total = model_.FindColumn("Invoice", "Total");
  ASSERT_NE(total, nullptr);
  EXPECT_EQ(total->role, ColumnRole::kMeasure);
  EXPECT_EQ(total->unit, "USD");
  const auto& s = total->synonyms;
  EXPECT_NE(std::find(s.begin(), s.end(), "销售额"), s.end());
  const auto mismatched = Column(
      "SELECT COUNT(*) FROM Invoice i WHERE ABS(i.Total - (SELECT SUM(l.UnitPrice * l.Quantity) "
      "FROM InvoiceLine l WHERE l.InvoiceId = i.InvoiceId)) > 0.005");
  ASSERT_EQ(mismatched.size(), 1u);
  EXPECT_EQ(mismatched[0], "0");
}

}  // namespace
}  // namespace askdb::catalog
