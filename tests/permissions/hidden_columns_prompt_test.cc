// A hidden column never reaches the model (issue 18): a question the engine leaves to the
// scripted model runs over the demo database for an analyst whose rules hide
// customers.birth_year and mask customers.gender; no prompt of the run names the hidden
// column or shows the masked column's values (samples, value labels: 'M'=男). The same run without
// rules does (so the check can fail), and the model's SQL still runs under the mask.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/ask/user_datasource.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/db/connector_registry.h"
#include "askdb/demo/demo_database.h"
#include "askdb/llm/scripted/scripted_llm_client.h"

namespace askdb::agent {
namespace {

namespace fs = std::filesystem;

constexpr const char* kQuestion = "男女客户的复购率各是多少";

permissions::PermissionRule CustomerColumnRule(std::string id, permissions::RuleKind kind,
                                               std::string column) {
  permissions::PermissionRule rule;
  rule.id = std::move(id);
  rule.datasource_id = "demo";
  rule.grantee = "analyst";
  rule.kind = kind;
  rule.table = "customers";
  rule.column = std::move(column);
  return rule;
}

struct Asked {
  std::string prompts;              // every message of every model request, joined
  std::vector<std::string> groups;  // the first column of the result
};

// Asks kQuestion with a scripted model over `ds`; the model's SQL groups customers by gender.
Asked AskThroughTheModel(const std::shared_ptr<PreparedDatasource>& ds) {
  Asked out;
  auto model = llm::ScriptedLlmClient::FromJson(Json::array(
      {{{"match", "复购率[\\s\\S]*只回复 JSON"},
        {"json",
         {{"sql", "SELECT gender AS 性别, COUNT(*) AS 客户数 FROM customers GROUP BY gender"}}}}}));
  EXPECT_TRUE(model.ok()) << model.status().ToString();
  if (!model.ok()) return out;
  InMemoryCheckpointStore checkpoints;
  pipeline::PipelineDeps deps;
  deps.checkpoints = &checkpoints;
  deps.llm = model->get();
  deps.datasource = [ds]() -> StatusOr<PreparedDatasource*> { return ds.get(); };
  auto p = pipeline::Pipeline::Create(std::move(deps));
  EXPECT_TRUE(p.ok());
  if (!p.ok()) return out;
  CollectingEventSink sink;
  auto r = p->Ask("t-hidden", kQuestion, &sink);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  for (const llm::ChatRequest& request : (*model)->requests()) {
    for (const llm::Message& m : request.messages) out.prompts += m.content + "\n";
  }
  if (r.ok() && r->result.has_value()) {
    for (const auto& row : r->result->rows) out.groups.push_back(row[0].ToDisplayString());
  }
  return out;
}

TEST(HiddenColumnsPromptTest, AHiddenColumnAndMaskedValuesNeverReachTheModel) {
  const fs::path dir =
      fs::temp_directory_path() / ("askdb_hidden_prompt_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  ASSERT_TRUE(demo::CreateDemoDatabase(dir / "retail.sqlite").ok());
  ASSERT_TRUE(demo::WriteDemoSemanticModel(dir / "retail.semantic.json").ok());
  const std::string url = "sqlite:" + (dir / "retail.sqlite").string();
  auto connector = db::OpenConnector(url);
  ASSERT_TRUE(connector.ok()) << connector.status().ToString();
  auto prepared = PrepareDatasource(std::move(connector).value(), url);
  ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
  auto base = std::make_shared<PreparedDatasource>(std::move(prepared).value());

  // Without rules the model is shown the column and the gender values: the check can fail.
  const Asked open = AskThroughTheModel(base);
  ASSERT_NE(open.prompts.find("birth_year"), std::string::npos)
      << "the question's prompt does not show customers; this test checks nothing";
  // Values are shown quoted (sample values, value labels: 'M'=男); the column's own
  // description, written by whoever wrote the semantic model, is shown as written.
  EXPECT_NE(open.prompts.find("'M'"), std::string::npos) << open.prompts;

  permissions::UserContext analyst;
  analyst.user_id = "u-ann";
  analyst.roles = {"analyst"};
  permissions::PermissionRule mask =
      CustomerColumnRule("r2", permissions::RuleKind::kMaskColumn, "gender");
  mask.mask_text = "***";
  const permissions::EffectivePolicy policy = permissions::ResolvePolicy(
      analyst, {CustomerColumnRule("r1", permissions::RuleKind::kHideColumn, "birth_year"), mask});
  auto mine = PrepareForUser(base, policy);
  ASSERT_TRUE(mine.ok()) << mine.status().ToString();
  const Asked ruled = AskThroughTheModel(*mine);
  ASSERT_FALSE(ruled.prompts.empty()) << "the model was not asked";
  EXPECT_EQ(ruled.prompts.find("birth_year"), std::string::npos) << ruled.prompts;
  for (const char* value : {"'M'", "'F'"}) {
    EXPECT_EQ(ruled.prompts.find(value), std::string::npos) << value << "\n" << ruled.prompts;
  }
  // The model's statement ran under the mask: one group, the mask text.
  EXPECT_EQ(ruled.groups, std::vector<std::string>{"***"});
  fs::remove_all(dir);
}

}  // namespace
}  // namespace askdb::agent
