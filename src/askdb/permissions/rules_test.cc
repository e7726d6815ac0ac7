#include "askdb/permissions/rules.h"

#include <gtest/gtest.h>

#include "askdb/db/schema.h"

namespace askdb::permissions {
namespace {

db::ColumnInfo Col(const char* name) {
  db::ColumnInfo c;
  c.name = name;
  return c;
}

PermissionRule Row(std::string grantee, std::string predicate, std::string id = "r1") {
  PermissionRule r;
  r.id = std::move(id);
  r.datasource_id = "ds";
  r.grantee_kind = GranteeKind::kRole;
  r.grantee = std::move(grantee);
  r.kind = RuleKind::kRow;
  r.table = "staff";
  r.predicate = std::move(predicate);
  return r;
}

PermissionRule Column(std::string grantee, RuleKind kind, std::string column, std::string id) {
  PermissionRule r = Row(std::move(grantee), "", std::move(id));
  r.kind = kind;
  r.column = std::move(column);
  r.predicate.clear();
  return r;
}

db::DatabaseSchema Schema(std::string engine = "sqlite") {
  db::DatabaseSchema s;
  s.engine = std::move(engine);
  db::TableInfo t;
  t.name = "staff";
  for (const char* c : {"id", "name", "region", "salary", "ssn"}) t.columns.push_back(Col(c));
  s.tables.push_back(t);
  return s;
}

UserContext User(std::string id, std::string region) {
  UserContext u;
  u.user_id = std::move(id);
  u.roles = {"analyst"};
  if (!region.empty()) u.attributes["region"] = std::move(region);
  return u;
}

TEST(RulesTest, JsonRoundTripKeepsEveryField) {
  PermissionRule r = Column("analyst", RuleKind::kMaskColumn, "ssn", "r9");
  r.mask = MaskKind::kPartial;
  r.keep_first = 2;
  r.keep_last = 3;
  r.mask_text = "##";
  StatusOr<PermissionRule> back = RuleFromJson(RuleToJson(r));
  ASSERT_TRUE(back.ok()) << back.status().message();
  EXPECT_EQ(RuleToJson(*back), RuleToJson(r));
}

TEST(RulesTest, FromJsonNamesTheWrongField) {
  Json j = RuleToJson(Row("analyst", "region = {user.region}"));
  j["kind"] = "drop";
  StatusOr<PermissionRule> r = RuleFromJson(j);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("kind"), std::string::npos);
}

TEST(RulesTest, ValidateChecksTableColumnsAndPredicate) {
  EXPECT_TRUE(ValidateRule(Row("analyst", "region = {user.region}"), Schema()).ok());
  Status missing = ValidateRule(Row("analyst", "area = {user.region}"), Schema());
  EXPECT_NE(missing.message().find("column area"), std::string::npos) << missing.message();
  for (const char* bad :
       {"region = 'x') OR (1 = 1", "id IN (SELECT id FROM staff)", "region = 'x'; DROP TABLE staff",
        "region = 'x' -- ", "{user.", "region = 'x' UNION SELECT 1"}) {
    EXPECT_FALSE(ValidateRule(Row("analyst", bad), Schema()).ok()) << bad;
  }
  PermissionRule col = Column("analyst", RuleKind::kHideColumn, "nope", "c1");
  const Status unknown = ValidateRule(col, Schema());
  EXPECT_FALSE(unknown.ok());
  // Rules are written in the web UI and over HTTP too: the CLI's command alone is no pointer.
  EXPECT_NE(unknown.message().find("/api/v1/datasources/{id}/tables"), std::string::npos)
      << unknown.message();
  EXPECT_NE(unknown.message().find("Admin → Datasources"), std::string::npos);
}

TEST(RulesTest, ResolveCombinesUserAndRoleRulesAndBindsAttributes) {
  PermissionRule by_user = Row("u1", "region = {user.region}", "r1");
  by_user.grantee_kind = GranteeKind::kUser;
  std::vector<PermissionRule> rules = {by_user,
                                       Column("analyst", RuleKind::kMaskColumn, "salary", "r2"),
                                       Column("analyst", RuleKind::kHideColumn, "ssn", "r3"),
                                       Column("analyst", RuleKind::kMaskColumn, "ssn", "r4")};
  EffectivePolicy p = ResolvePolicy(User("u1", "华东"), rules);
  ASSERT_NE(p.Find("STAFF"), nullptr);
  EXPECT_EQ(p.Find("main.staff")->predicates.size(), 1u);
  EXPECT_TRUE(p.Find("staff")->columns.at("ssn").hidden);  // hide wins over a later mask
  EXPECT_TRUE(p.Find("staff")->columns.at("salary").masked);
  EXPECT_EQ(p.Describe(),
            "you see rows of staff where region = '华东'; staff.salary is masked (fixed); "
            "staff.ssn is hidden");
  // Another user of the same role has only the role's rules.
  EXPECT_TRUE(ResolvePolicy(User("u2", "华东"), rules).Find("staff")->predicates.empty());
  UserContext admin = User("u1", "华东");
  admin.roles = {"admin"};
  EXPECT_TRUE(ResolvePolicy(admin, rules).empty());
}

TEST(RulesTest, DescribeKeepsEachOfSeveralPredicatesWhole) {
  EffectivePolicy p =
      ResolvePolicy(User("u1", "华东"), {Row("analyst", "region = {user.region}", "r1"),
                                         Row("analyst", "region = 'x' OR id > 0", "r2")});
  EXPECT_EQ(p.Describe(),
            "you see rows of staff where (region = '华东') and (region = 'x' OR id > 0)");
}

TEST(RulesTest, DescribeNamesTheColumnAsSpelledNotLowerCased) {
  db::DatabaseSchema schema = Schema();
  schema.tables[0].columns.push_back(Col("Phone"));
  PermissionRule hide = Column("analyst", RuleKind::kHideColumn, "phone", "c1");
  ASSERT_TRUE(ValidateRule(hide, schema).ok());
  SpellColumnAsCatalog(hide, schema);
  EXPECT_EQ(hide.column, "Phone");
  EffectivePolicy p = ResolvePolicy(User("u1", ""), {hide});
  EXPECT_TRUE(p.Find("staff")->columns.at("phone").hidden);  // still found case-insensitively
  EXPECT_EQ(p.Describe(), "staff.Phone is hidden");
}

TEST(RulesTest, MissingAttributeRefusesTheTable) {
  EffectivePolicy p = ResolvePolicy(User("u1", ""), {Row("analyst", "region = {user.region}")});
  ASSERT_NE(p.Find("staff"), nullptr);
  EXPECT_NE(p.Find("staff")->refusal.find("region"), std::string::npos);
}

TEST(RulesTest, FingerprintSharedForEqualRulesOnly) {
  std::vector<PermissionRule> rules = {Row("analyst", "region = {user.region}", "r1"),
                                       Column("analyst", RuleKind::kHideColumn, "ssn", "r2")};
  std::vector<PermissionRule> reordered = {rules[1], rules[0]};
  const std::string east = PermissionFingerprint(User("a", "华东"), rules);
  EXPECT_FALSE(east.empty());
  EXPECT_EQ(east, PermissionFingerprint(User("b", "华东"), reordered));
  EXPECT_NE(east, PermissionFingerprint(User("c", "华南"), rules));
  EXPECT_NE(east, PermissionFingerprint(User("a", "华东"), {rules[0]}));
  EXPECT_EQ(PermissionFingerprint(User("a", "华东"), {}), "");
}

}  // namespace
}  // namespace askdb::permissions
