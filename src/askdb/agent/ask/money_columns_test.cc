#include "askdb/agent/ask/money_columns.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "askdb/catalog/semantic_model.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent {
namespace {

namespace fs = std::filesystem;

TEST(MoneyColumnsTest, CurrencyUnits) {
  for (const char* unit : {"USD", "usd", "CNY", "元", "美元", "人民币", "¥", "$", "EUR"}) {
    EXPECT_TRUE(IsCurrencyUnit(unit)) << unit;
  }
  for (const char* unit : {"", "ms", "bytes", "份", "%", "㎡", "kg", "人"}) {
    EXPECT_FALSE(IsCurrencyUnit(unit)) << unit;
  }
}

// Chinook with its semantic model: Invoice.Total and both UnitPrice columns are in USD;
// Milliseconds (ms), Bytes and Quantity (份) are not money.
TEST(MoneyColumnsTest, ChinookModelNamesItsDollarColumns) {
  const fs::path db = fs::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite";
  if (!fs::exists(db)) GTEST_SKIP() << "no " << db;
  auto model = catalog::LoadSemanticModel(fs::path(ASKDB_SOURCE_DIR) / "data" / "semantic" /
                                          "chinook.semantic.json");
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  auto conn = db::SqliteConnector::Open(db.string());
  ASSERT_TRUE(conn.ok()) << conn.status().ToString();
  auto index = nlq::BuildSchemaIndex(**conn, &*model);
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  EXPECT_EQ(KnownMoneyColumns(&*model, *index), (std::vector<std::string>{"total", "unitprice"}));
  // Without a model, the engine's one money column: Invoice.Total (a total on a dated table).
  auto bare = nlq::BuildSchemaIndex(**conn, nullptr);
  ASSERT_TRUE(bare.ok()) << bare.status().ToString();
  EXPECT_EQ(KnownMoneyColumns(nullptr, *bare), std::vector<std::string>{"total"});

  // A name shared with a column that is not money is not certain: drop Track.UnitPrice's unit.
  catalog::SemanticModel partial = *model;
  if (catalog::TableSemantics* track = partial.FindTable("Track")) {
    if (catalog::ColumnSemantics* price = track->FindColumn("UnitPrice")) price->unit.clear();
  }
  EXPECT_EQ(KnownMoneyColumns(&partial, *index), std::vector<std::string>{"total"});
}

}  // namespace
}  // namespace askdb::agent
