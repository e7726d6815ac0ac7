#include "askdb/catalog/semantic_model.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "askdb/common/file_util.h"

namespace askdb::catalog {
namespace {

// The example from the agreed format description.
constexpr std::string_view kExample = R"json({
  "version": 1,
  "datasource": "demo",
  "tables": [
    { "name": "orders", "enabled": true,
      "business_name": {"zh": "订单", "en": "orders"},
      "synonyms": ["订单表", "销售单", "sales orders"],
      "description": {"zh": "每行一笔订单", "en": "one row per order"},
      "columns": [
        { "name": "total_amount", "enabled": true,
          "business_name": {"zh": "订单金额", "en": "order amount"},
          "synonyms": ["销售额", "营业额", "成交额", "revenue", "sales"],
          "description": {"zh": "订单明细金额之和", "en": "sum of the items"},
          "role": "measure",
          "unit": "CNY" },
        { "name": "channel", "role": "dimension",
          "values": [ {"value": "online", "labels": ["线上", "网店", "online"]},
                      {"value": "store", "labels": ["门店", "线下"]} ] } ] } ],
  "relations": [
    { "from": "returns.order_id", "to": "orders.order_id", "kind": "N:1",
      "description": "each return belongs to one order" } ]
})json";

Json Parse(std::string_view text) {
  StatusOr<Json> json = ParseJson(text);
  EXPECT_TRUE(json.ok()) << json.status().ToString();
  return json.ok() ? *json : Json();
}

// The error message for `text`, or "" when it parsed.
std::string ErrorOf(std::string_view text) {
  StatusOr<SemanticModel> model = SemanticModelFromJson(Parse(text));
  if (model.ok()) return "";
  EXPECT_EQ(model.status().code(), StatusCode::kInvalidArgument);
  return model.status().message();
}

TEST(SemanticModelTest, ReadsTheFormatExample) {
  StatusOr<SemanticModel> model = SemanticModelFromJson(Parse(kExample));
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  EXPECT_EQ(model->version, 1);
  EXPECT_EQ(model->datasource, "demo");
  ASSERT_EQ(model->tables.size(), 1u);
  const TableSemantics& orders = model->tables[0];
  EXPECT_EQ(orders.name, "orders");
  EXPECT_TRUE(orders.enabled);
  EXPECT_EQ(orders.business_name.zh, "订单");
  EXPECT_EQ(orders.business_name.en, "orders");
  EXPECT_EQ(orders.synonyms, (std::vector<std::string>{"订单表", "销售单", "sales orders"}));
  ASSERT_EQ(orders.columns.size(), 2u);
  const ColumnSemantics& amount = orders.columns[0];
  EXPECT_EQ(amount.role, ColumnRole::kMeasure);
  EXPECT_EQ(amount.unit, "CNY");
  EXPECT_EQ(amount.synonyms.size(), 5u);
  const ColumnSemantics& channel = orders.columns[1];
  EXPECT_EQ(channel.role, ColumnRole::kDimension);
  EXPECT_TRUE(channel.business_name.empty());
  ASSERT_NE(channel.FindValue("online"), nullptr);
  EXPECT_EQ(channel.FindValue("online")->labels[0], "线上");
  EXPECT_EQ(channel.FindValue("ONLINE"), nullptr);  // codes are data: exact match
  ASSERT_EQ(model->relations.size(), 1u);
  const LogicalRelation& r = model->relations[0];
  EXPECT_EQ(r.from_table, "returns");
  EXPECT_EQ(r.from_column, "order_id");
  EXPECT_EQ(r.to_table, "orders");
  EXPECT_EQ(r.to_column, "order_id");
  EXPECT_EQ(r.kind, RelationKind::kManyToOne);
  EXPECT_EQ(r.description, "each return belongs to one order");
}

TEST(SemanticModelTest, ExampleRoundTripsThroughJsonAndText) {
  StatusOr<SemanticModel> model = SemanticModelFromJson(Parse(kExample));
  ASSERT_TRUE(model.ok());
  StatusOr<SemanticModel> again = SemanticModelFromJson(ToJson(*model));
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_EQ(*again, *model);
  // Defaults are omitted on output: "enabled": true is not written back.
  EXPECT_FALSE(ToJson(*model)["tables"][0].contains("enabled"));
  StatusOr<SemanticModel> from_text = SemanticModelFromJson(Parse(ToJson(*model).dump(2)));
  ASSERT_TRUE(from_text.ok());
  EXPECT_EQ(*from_text, *model);
}

TEST(SemanticModelTest, LookupsAreCaseInsensitive) {
  StatusOr<SemanticModel> model = SemanticModelFromJson(Parse(kExample));
  ASSERT_TRUE(model.ok());
  ASSERT_NE(model->FindTable("ORDERS"), nullptr);
  EXPECT_EQ(model->FindTable("Orders")->name, "orders");
  EXPECT_EQ(model->FindTable("order"), nullptr);
  ASSERT_NE(model->FindColumn("orders", "Total_Amount"), nullptr);
  EXPECT_EQ(model->FindColumn("orders", "Total_Amount")->unit, "CNY");
  EXPECT_EQ(model->FindColumn("customers", "total_amount"), nullptr);
  EXPECT_EQ(model->FindColumn("orders", "missing"), nullptr);
  // The mutable overloads find the same entries.
  model->FindTable("ORDERS")->FindColumn("CHANNEL")->unit = "code";
  EXPECT_EQ(model->FindColumn("orders", "channel")->unit, "code");
}

TEST(SemanticModelTest, UnknownRoleNamesItsPath) {
  std::string tables = R"({"tables": [)";
  for (int i = 0; i < 3; ++i) tables += R"({"name": "t)" + std::to_string(i) + R"("},)";
  tables += R"({"name": "t3", "columns": [{"name": "a"}, {"name": "b"},
               {"name": "c", "role": "metric"}]}]})";
  EXPECT_EQ(ErrorOf(tables),
            "tables[3].columns[2].role: unknown role 'metric'; use measure, dimension, time or "
            "identifier");
}

TEST(SemanticModelTest, ErrorsNameTheFieldAndTheFix) {
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "synonym": ["x"]}]})"),
            "tables[0].synonym: unknown field; known fields here are name, enabled, "
            "business_name, synonyms, description, columns (keys starting with '_' are ignored)");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a"}, {"name": "A"}]})"),
            "tables[1].name: duplicate table 'A' (also tables[0]); merge the two entries");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "columns": [{"name": "x"}, {"name": "X"}]}]})"),
            "tables[0].columns[1].name: duplicate column 'X' (also tables[0].columns[0]); merge "
            "the two entries");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"columns": []}]})"),
            "tables[0].name: missing; this field is required");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": ""}]})"), "tables[0].name: must not be empty");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "synonyms": ["x", ""]}]})"),
            "tables[0].synonyms[1]: empty synonym; remove it");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "synonyms": "x"}]})"),
            "tables[0].synonyms: expected an array of strings, got string");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "enabled": "yes"}]})"),
            "tables[0].enabled: expected true or false, got string");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "description": 3}]})"),
            "tables[0].description: expected {\"zh\": \"...\", \"en\": \"...\"} or a string, got "
            "number");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "business_name": {"fr": "x"}}]})"),
            "tables[0].business_name.fr: unknown field; known fields here are zh, en (keys "
            "starting with '_' are ignored)");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "columns": [{"name": "c",
                        "values": [{"value": "x"}]}]}]})"),
            "tables[0].columns[0].values[0].labels: missing; list the words people use for 'x'");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "columns": [{"name": "c",
                        "values": [{"value": "x", "labels": []}]}]}]})"),
            "tables[0].columns[0].values[0].labels: give at least one label for 'x'");
  EXPECT_EQ(ErrorOf(R"({"tables": [{"name": "a", "columns": [{"name": "c", "values": [
                        {"value": "x", "labels": ["1"]}, {"value": "x", "labels": ["2"]}]}]}]})"),
            "tables[0].columns[0].values[1].value: duplicate value 'x' (also "
            "tables[0].columns[0].values[0]); merge their labels");
  EXPECT_EQ(ErrorOf(R"({"tables": [], "relations": [{"from": "orders", "to": "a.b"}]})"),
            "relations[0].from: expected 'table.column', got 'orders'");
  EXPECT_EQ(ErrorOf(R"({"tables": [], "relations": [{"from": "a.b", "to": "c.d",
                        "kind": "many"}]})"),
            "relations[0].kind: unknown kind 'many'; use 1:1, 1:N or N:1");
  EXPECT_EQ(ErrorOf(R"({"version": 2, "tables": []})"),
            "version: unsupported version 2; this askdb reads version 1");
  EXPECT_EQ(ErrorOf(R"({"datasource": "x"})"),
            "tables: missing; a semantic model lists its tables as \"tables\": [...]");
  EXPECT_EQ(ErrorOf(R"([1, 2])"),
            "(document): expected the semantic model as a JSON object, got array");
  EXPECT_EQ(ErrorOf(R"({"tables": [7]})"),
            "tables[0]: expected a table as a JSON object, got number");
}

TEST(SemanticModelTest, AcceptsShorthandsAndAnnotations) {
  StatusOr<SemanticModel> model = SemanticModelFromJson(Parse(R"({
    "_comment": "annotations are ignored",
    "tables": [{"name": "cities", "business_name": "城市", "description": "one row per city",
                "columns": [{"name": "tier", "_note": "1 is biggest",
                             "values": [{"value": 1, "labels": ["一线"]}]}]}],
    "relations": [{"from": "sales.orders.city_id", "to": "cities.city_id", "kind": "n:1"}]})"));
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  const TableSemantics& cities = model->tables[0];
  EXPECT_EQ(cities.business_name, (LocalizedText{"城市", ""}));
  EXPECT_EQ(cities.description, (LocalizedText{"", "one row per city"}));
  EXPECT_EQ(cities.columns[0].values[0].value, "1");
  EXPECT_EQ(model->relations[0].from_table, "sales.orders");
  EXPECT_EQ(model->relations[0].from_column, "city_id");
  EXPECT_EQ(model->relations[0].kind, RelationKind::kManyToOne);
  EXPECT_EQ(model->version, kSemanticModelVersion);
}

TEST(SemanticModelTest, RoleAndKindNamesRoundTrip) {
  for (ColumnRole role :
       {ColumnRole::kMeasure, ColumnRole::kDimension, ColumnRole::kTime, ColumnRole::kIdentifier}) {
    StatusOr<ColumnRole> parsed = ParseColumnRole(ColumnRoleName(role));
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(*parsed, role);
  }
  EXPECT_FALSE(ParseColumnRole("").ok());
  EXPECT_FALSE(ParseColumnRole("Measure").ok());
  for (RelationKind kind :
       {RelationKind::kOneToOne, RelationKind::kOneToMany, RelationKind::kManyToOne}) {
    StatusOr<RelationKind> parsed = ParseRelationKind(RelationKindName(kind));
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(*parsed, kind);
  }
  EXPECT_EQ(*ParseRelationKind("1:n"), RelationKind::kOneToMany);
  EXPECT_FALSE(ParseRelationKind("N:N").ok());
}

class SemanticModelFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("askdb_semantic_model_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(SemanticModelFileTest, SaveThenLoad) {
  StatusOr<SemanticModel> model = SemanticModelFromJson(Parse(kExample));
  ASSERT_TRUE(model.ok());
  const auto path = dir_ / "model.json";
  ASSERT_TRUE(SaveSemanticModel(*model, path).ok());
  StatusOr<SemanticModel> loaded = LoadSemanticModel(path);
  ASSERT_TRUE(loaded.ok()) << loaded.status().ToString();
  EXPECT_EQ(*loaded, *model);
}

TEST_F(SemanticModelFileTest, LoadErrorsNameTheFile) {
  const auto missing = dir_ / "missing.json";
  StatusOr<SemanticModel> model = LoadSemanticModel(missing);
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().code(), StatusCode::kNotFound);
  EXPECT_NE(model.status().message().find(missing.string()), std::string::npos);

  const auto broken = dir_ / "broken.json";
  ASSERT_TRUE(WriteFileAtomic(broken, "{\"tables\": [").ok());
  model = LoadSemanticModel(broken);
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(model.status().message().find(broken.string()), std::string::npos);

  const auto invalid = dir_ / "invalid.json";
  ASSERT_TRUE(WriteFileAtomic(invalid, R"({"tables": [{"name": "a", "role": "x"}]})").ok());
  model = LoadSemanticModel(invalid);
  ASSERT_FALSE(model.ok());
  EXPECT_NE(model.status().message().find("tables[0].role: unknown field"), std::string::npos)
      << model.status().message();
}

// The example in the user documentation must stay valid.
TEST(SemanticModelDocsTest, DocumentedExampleIsValid) {
  StatusOr<std::string> doc =
      ReadFile(std::filesystem::path(ASKDB_SOURCE_DIR) / "docs/semantic-model.md");
  ASSERT_TRUE(doc.ok()) << doc.status().ToString();
  const std::string open = "```json\n";
  const size_t begin = doc->find(open);
  ASSERT_NE(begin, std::string::npos);
  const size_t end = doc->find("```", begin + open.size());
  ASSERT_NE(end, std::string::npos);
  StatusOr<Json> json = ParseJson(doc->substr(begin + open.size(), end - begin - open.size()));
  ASSERT_TRUE(json.ok()) << json.status().ToString();
  StatusOr<SemanticModel> model = SemanticModelFromJson(*json);
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  ASSERT_NE(model->FindColumn("orders", "internal_flag"), nullptr);
  EXPECT_FALSE(model->FindColumn("orders", "internal_flag")->enabled);
  EXPECT_EQ(model->relations.at(0).kind, RelationKind::kOneToOne);
}

// ---- property tests -------------------------------------------------------------------

// Text made from pieces that exercise escaping, Chinese, emoji and case.
rc::Gen<std::string> GenText() {
  static const std::vector<std::string> kPieces = {"a",  "Z",  "_", "销售", "额", "客户", " ",
                                                   "\"", "\\", "é", "1",    "💰",  "\n",   "Id"};
  return rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(kPieces)),
                      [](const std::vector<std::string>& parts) {
                        std::string out;
                        for (const auto& p : parts) out += p;
                        return out;
                      });
}

rc::Gen<std::string> GenNonEmptyText() {
  return rc::gen::map(GenText(), [](std::string s) { return "x" + s; });
}

rc::Gen<LocalizedText> GenLocalized() {
  return rc::gen::build<LocalizedText>(rc::gen::set(&LocalizedText::zh, GenText()),
                                       rc::gen::set(&LocalizedText::en, GenText()));
}

rc::Gen<std::vector<std::string>> GenSynonyms() {
  return rc::gen::resize(8, rc::gen::container<std::vector<std::string>>(GenNonEmptyText()));
}

rc::Gen<ColumnSemantics> GenColumn(int index) {
  return rc::gen::exec([index] {
    ColumnSemantics c;
    // Index prefixes keep names unique (case-insensitively), as validation demands.
    c.name = "c" + std::to_string(index) + *GenText();
    c.enabled = *rc::gen::arbitrary<bool>();
    c.business_name = *GenLocalized();
    c.synonyms = *GenSynonyms();
    c.description = *GenLocalized();
    c.role = *rc::gen::element(ColumnRole::kUnspecified, ColumnRole::kMeasure,
                               ColumnRole::kDimension, ColumnRole::kTime, ColumnRole::kIdentifier);
    c.unit = *GenText();
    const int value_count = *rc::gen::inRange(0, 4);
    for (int i = 0; i < value_count; ++i) {
      ValueLabel v;
      v.value = "v" + std::to_string(i) + *GenText();
      v.labels = *rc::gen::resize(
          5, rc::gen::nonEmpty(rc::gen::container<std::vector<std::string>>(GenNonEmptyText())));
      c.values.push_back(std::move(v));
    }
    return c;
  });
}

rc::Gen<SemanticModel> GenModel() {
  return rc::gen::exec([] {
    SemanticModel m;
    m.datasource = *GenText();
    const int table_count = *rc::gen::inRange(0, 5);
    for (int t = 0; t < table_count; ++t) {
      TableSemantics table;
      table.name = "t" + std::to_string(t) + *GenText();
      table.enabled = *rc::gen::arbitrary<bool>();
      table.business_name = *GenLocalized();
      table.synonyms = *GenSynonyms();
      table.description = *GenLocalized();
      const int column_count = *rc::gen::inRange(0, 6);
      for (int c = 0; c < column_count; ++c) table.columns.push_back(*GenColumn(c));
      m.tables.push_back(std::move(table));
    }
    const int relation_count = *rc::gen::inRange(0, 4);
    for (int r = 0; r < relation_count; ++r) {
      LogicalRelation rel;
      rel.from_table = *GenNonEmptyText();
      rel.from_column = *GenNonEmptyText();
      rel.to_table = *GenNonEmptyText() + "." + *GenNonEmptyText();  // schema-qualified
      rel.to_column = *GenNonEmptyText();
      rel.kind = *rc::gen::element(RelationKind::kOneToOne, RelationKind::kOneToMany,
                                   RelationKind::kManyToOne);
      rel.description = *GenText();
      m.relations.push_back(std::move(rel));
    }
    return m;
  });
}

RC_GTEST_PROP(SemanticModelProperty, ToJsonThenFromJsonIsIdentity, ()) {
  const SemanticModel model = *GenModel();
  StatusOr<SemanticModel> again = SemanticModelFromJson(ToJson(model));
  RC_ASSERT(again.ok());
  RC_ASSERT(*again == model);
}

RC_GTEST_PROP(SemanticModelProperty, SurvivesSerialisationToText, ()) {
  const SemanticModel model = *GenModel();
  StatusOr<Json> parsed = ParseJson(ToJson(model).dump(2));
  RC_ASSERT(parsed.ok());
  StatusOr<SemanticModel> again = SemanticModelFromJson(*parsed);
  RC_ASSERT(again.ok());
  RC_ASSERT(*again == model);
}

}  // namespace
}  // namespace askdb::catalog
