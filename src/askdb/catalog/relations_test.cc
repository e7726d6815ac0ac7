#include "askdb/catalog/relations.h"

#include <gtest/gtest.h>

#include "askdb/catalog/schema_render.h"
#include "askdb/catalog/semantic_model_csv.h"
#include "askdb/db/schema.h"

namespace askdb::catalog {
namespace {

db::DatabaseSchema Shop() {
  db::DatabaseSchema s;
  auto table = [&](std::string name, std::vector<std::string> columns) {
    db::TableInfo t;
    t.name = std::move(name);
    for (std::string& c : columns) {
      db::ColumnInfo col;
      col.name = std::move(c);
      col.type = "INTEGER";
      t.columns.push_back(std::move(col));
    }
    t.columns[0].primary_key = true;
    t.primary_key = {t.columns[0].name};
    s.tables.push_back(std::move(t));
  };
  table("customers", {"id", "region_code"});
  table("orders", {"id", "customer_id"});
  table("regions", {"code"});
  table("returns", {"id", "order_ref"});
  s.tables[1].foreign_keys.push_back({{"customer_id"}, "", "customers", {"id"}});
  return s;
}

SemanticModel Model() {
  SemanticModel m;
  m.relations = {
      {"customers", "region_code", "regions", "code", RelationKind::kManyToOne, "region"},
      {"returns", "order_ref", "orders", "id", RelationKind::kOneToOne, ""},
      // Repeats the physical key backwards: dropped.
      {"customers", "id", "orders", "customer_id", RelationKind::kOneToMany, ""},
      // Unknown column: dropped.
      {"orders", "nope", "regions", "code", RelationKind::kManyToOne, ""},
  };
  return m;
}

TEST(RelationsTest, MergesPhysicalAndLogicalWithoutDuplicates) {
  SemanticModel m = Model();
  std::vector<Relation> r = MergeRelations(Shop(), &m);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].ToString(), "orders.customer_id=customers.id");
  EXPECT_FALSE(r[0].logical);
  EXPECT_EQ(r[1].ToString(), "customers.region_code=regions.code");
  EXPECT_TRUE(r[1].logical);
  EXPECT_EQ(r[2].kind, RelationKind::kOneToOne);
  EXPECT_EQ(RelationsTouching(r, {"REGIONS"}).size(), 1u);
}

TEST(RelationsTest, DisabledTablesDropTheirRelations) {
  SemanticModel m = Model();
  TableSemantics regions;
  regions.name = "regions";
  regions.enabled = false;
  m.tables.push_back(regions);
  EXPECT_EQ(MergeRelations(Shop(), &m).size(), 2u);
}

TEST(RelationsTest, CompletionAddsReferencedAndLinkTables) {
  SemanticModel m = Model();
  std::vector<Relation> r = MergeRelations(Shop(), &m);
  // orders references customers (customers → regions is a second hop: not added); the
  // 1:1 relation brings returns too.
  std::vector<CompletedTable> added = CompleteWithForeignKeys({"orders"}, r);
  ASSERT_EQ(added.size(), 2u);
  EXPECT_EQ(added[0].table, "customers");
  EXPECT_EQ(added[0].via, "orders");
  EXPECT_EQ(added[1].table, "returns");
  // 1:1 works both ways: returns joins orders.
  added = CompleteWithForeignKeys({"returns"}, r);
  ASSERT_EQ(added.size(), 1u);
  EXPECT_EQ(added[0].table, "orders");
  // customers links orders... no: a link table touches two recalled tables.
  added = CompleteWithForeignKeys({"orders", "regions"}, r, {false, true});
  ASSERT_EQ(added.size(), 1u);
  EXPECT_EQ(added[0].table, "customers");
  EXPECT_TRUE(added[0].link);
  EXPECT_TRUE(CompleteWithForeignKeys({"orders"}, r, {false, false}).empty());
}

TEST(SchemaRenderTest, BasicAndDetailedLevels) {
  SemanticModel m = Model();
  TableSemantics orders;
  orders.name = "orders";
  orders.business_name = {"订单", "orders"};
  orders.synonyms = {"销售单"};
  ColumnSemantics customer;
  customer.name = "customer_id";
  customer.description = {"下单客户", ""};
  orders.columns = {customer};
  m.tables.push_back(orders);
  RenderOptions options;
  options.level = SchemaLevel::kBasic;
  std::string basic = RenderSchema(Shop(), &m, options);
  EXPECT_NE(basic.find("# orders -- 订单 / orders: aka 销售单\n"), std::string::npos) << basic;
  EXPECT_NE(basic.find("orders.customer_id -> customers.id (N:1)"), std::string::npos) << basic;
  EXPECT_EQ(basic.find("INTEGER"), std::string::npos);
  options.level = SchemaLevel::kDetailed;
  std::string detailed = RenderSchema(Shop(), &m, options);
  EXPECT_NE(detailed.find("customer_id INTEGER -> customers.id -- 下单客户"), std::string::npos)
      << detailed;
  // Physical keys are inline; only logical relations are listed.
  EXPECT_EQ(detailed.find("(N:1)\n"), std::string::npos) << detailed;
  EXPECT_NE(detailed.find("customers.region_code -> regions.code (N:1, logical) -- region"),
            std::string::npos)
      << detailed;
}

TEST(SemanticModelCsvTest, RoundTripAndErrors) {
  SemanticModel m = Model();
  m.relations.resize(2);
  TableSemantics t;
  t.name = "orders";
  t.business_name = {"订单", "orders"};
  t.synonyms = {"销售单", "sales, orders"};
  t.description = {"每行一笔订单", "one \"row\" per order"};
  ColumnSemantics c;
  c.name = "customer_id";
  c.enabled = false;
  c.role = ColumnRole::kIdentifier;
  c.unit = "";
  t.columns = {c};
  m.tables = {t};
  auto csv = ExportSemanticModelCsv(m);
  ASSERT_TRUE(csv.ok()) << csv.status().ToString();
  auto back = ImportSemanticModelCsv(csv->entries, csv->relations);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(*back, m);

  auto bad_role = ImportSemanticModelCsv(
      "table,column,enabled,business_name_zh,business_name_en,synonyms,description_zh,"
      "description_en,role,unit\norders,total,,,,,,,metric,\n",
      "");
  EXPECT_EQ(bad_role.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(bad_role.status().message().find("metric"), std::string::npos);
  EXPECT_EQ(ImportSemanticModelCsv("name,col\n", "").status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(ParseCsv("a,\"open").status().code(), StatusCode::kInvalidArgument);
  t.synonyms = {"a|b"};
  m.tables = {t};
  EXPECT_EQ(ExportSemanticModelCsv(m).status().code(), StatusCode::kInvalidArgument);
}

TEST(SemanticModelCsvTest, DemoModelSurvivesCsvExceptValueLabels) {
  auto model = LoadSemanticModel(std::string(ASKDB_SOURCE_DIR) + "/data/demo/semantic_model.json");
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  auto csv = ExportSemanticModelCsv(*model);
  ASSERT_TRUE(csv.ok()) << csv.status().ToString();
  auto back = ImportSemanticModelCsv(csv->entries, csv->relations, model->datasource);
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  SemanticModel expected = *model;
  for (TableSemantics& t : expected.tables) {
    for (ColumnSemantics& c : t.columns) c.values.clear();
  }
  EXPECT_EQ(*back, expected);
}

}  // namespace
}  // namespace askdb::catalog
