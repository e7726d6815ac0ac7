#include "askdb/agent/consultation/consultation.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include "askdb/agent/consultation/counting_connector.h"
#include "askdb/catalog/semantic_model.h"
#include "askdb/common/text.h"
#include "askdb/db/schema.h"
#include "askdb/db/sqlite/sqlite_connector.h"
#include "askdb/demo/demo_database.h"
#include "askdb/nlq/engine.h"
#include "askdb/nlq/schema_index.h"

namespace askdb::agent {
namespace {

namespace fs = std::filesystem;

// A small demo database, built once for the whole binary (a few thousand orders keep it
// fast while every table and code still appears).
class DemoEnv {
 public:
  static DemoEnv& Get() {
    static DemoEnv env;
    return env;
  }
  const fs::path& path() const { return path_; }
  const catalog::SemanticModel& model() const { return model_; }

 private:
  DemoEnv() {
    path_ = fs::temp_directory_path() /
            ("askdb_consultation_test_" + std::to_string(::getpid()) + ".sqlite");
    demo::DemoOptions options;
    options.orders = 3000;
    options.customers = 500;
    options.overwrite = true;
    const Status st = demo::CreateDemoDatabase(path_, options);
    EXPECT_TRUE(st.ok()) << st.ToString();
    auto model = demo::BuiltinDemoSemanticModel();
    EXPECT_TRUE(model.ok()) << model.status().ToString();
    if (model.ok()) model_ = std::move(model).value();
  }
  ~DemoEnv() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  fs::path path_;
  catalog::SemanticModel model_;
};

std::unique_ptr<db::SqliteConnector> OpenOrDie(const fs::path& path) {
  auto conn = db::SqliteConnector::Open(path.string());
  EXPECT_TRUE(conn.ok()) << conn.status().ToString();
  return conn.ok() ? std::move(conn).value() : nullptr;
}

struct Observed {
  ConsultationResult result;
  long long executes = 0;
  long long introspects = 0;
};

Observed ConsultFile(const fs::path& path, const catalog::SemanticModel* model, bool chinese) {
  Observed run;
  auto inner = OpenOrDie(path);
  if (!inner) return run;
  CountingConnector conn(*inner);
  auto result = ConsultDataSource(conn, model, chinese);
  EXPECT_TRUE(result.ok()) << result.status().ToString();
  if (result.ok()) run.result = std::move(result).value();
  // ASKDB_PRINT_CONSULTATION=1 shows what a person would read (for reviewing wording).
  if (std::getenv("ASKDB_PRINT_CONSULTATION")) std::cout << run.result.RenderMarkdown() << "\n";
  run.executes = conn.executes();
  run.introspects = conn.introspects();
  return run;
}

bool HasKind(const ConsultationResult& r, AnalysisKind kind) {
  return std::any_of(r.suggestions.begin(), r.suggestions.end(),
                     [&](const Suggestion& s) { return s.kind == kind; });
}

const Suggestion* FindKind(const ConsultationResult& r, AnalysisKind kind) {
  for (const Suggestion& s : r.suggestions) {
    if (s.kind == kind) return &s;
  }
  return nullptr;
}

bool Contains(const std::vector<std::string>& items, std::string_view needle) {
  return std::any_of(items.begin(), items.end(),
                     [&](const std::string& s) { return s.find(needle) != std::string::npos; });
}

void ExpectProperty16(const ConsultationResult& r) {
  ASSERT_FALSE(r.suggestions.empty()) << r.empty_reason;
  EXPECT_FALSE(r.dimensions_overview.empty());
  for (const Suggestion& s : r.suggestions) {
    EXPECT_FALSE(s.title.empty());
    EXPECT_FALSE(s.dimensions.empty()) << s.title;
    EXPECT_FALSE(ChartKindName(s.chart).empty());
    EXPECT_FALSE(s.example_questions.empty()) << s.title;
    for (const std::string& q : s.example_questions) EXPECT_FALSE(q.empty()) << s.title;
  }
}

TEST(ConsultationTest, DemoWithSemanticModelChinese) {
  const Observed run = ConsultFile(DemoEnv::Get().path(), &DemoEnv::Get().model(), true);
  const ConsultationResult& r = run.result;
  ExpectProperty16(r);
  // Property 17: one basic schema fetch, no statement on user data.
  EXPECT_EQ(run.introspects, 1);
  EXPECT_EQ(run.executes, 0);
  EXPECT_EQ(r.tool_calls, 1);
  ASSERT_EQ(r.tool_trace.size(), 1u);
  EXPECT_EQ(r.tool_trace[0], "get_data_source_context(level=basic)");
  EXPECT_EQ(r.sql_executed, 0);

  EXPECT_LE(r.suggestions.size(), 8u);
  EXPECT_GE(r.suggestions.size(), 6u);
  // The headline measure is the order amount, over the order date, by region.
  const Suggestion* trend = FindKind(r, AnalysisKind::kTrend);
  ASSERT_NE(trend, nullptr);
  EXPECT_EQ(r.suggestions.front().kind, AnalysisKind::kTrend);
  EXPECT_EQ(trend->chart, ChartKind::kLine);
  EXPECT_EQ(trend->measures, std::vector<std::string>{"订单金额"});
  EXPECT_NE(trend->time_axis.find("下单日期"), std::string::npos);
  const Suggestion* comparison = FindKind(r, AnalysisKind::kComparison);
  ASSERT_NE(comparison, nullptr);
  EXPECT_EQ(comparison->chart, ChartKind::kBar);
  EXPECT_EQ(comparison->dimensions, std::vector<std::string>{"大区"});
  EXPECT_TRUE(Contains(comparison->example_questions, "各大区的订单金额"));
  const Suggestion* share = FindKind(r, AnalysisKind::kShare);
  ASSERT_NE(share, nullptr);
  EXPECT_EQ(share->chart, ChartKind::kPie);  // a coded column with ≤ 8 values
  const Suggestion* ranking = FindKind(r, AnalysisKind::kRanking);
  ASSERT_NE(ranking, nullptr);
  EXPECT_TRUE(Contains(ranking->example_questions, "最高的10个"));
  const Suggestion* status = FindKind(r, AnalysisKind::kStatus);
  ASSERT_NE(status, nullptr);
  EXPECT_TRUE(Contains(status->example_questions, "订单状态"));
  EXPECT_TRUE(HasKind(r, AnalysisKind::kCrossTab) || HasKind(r, AnalysisKind::kCohort));

  // Overviews: business names, with the physical column for reference.
  EXPECT_TRUE(Contains(r.measures_overview, "订单金额 (orders.total_amount)"));
  EXPECT_TRUE(Contains(r.measures_overview, "退款金额 (returns.refund_amount)"));
  EXPECT_TRUE(Contains(r.measures_overview, "数量 (order_items.quantity)"));
  for (std::string_view d :
       {"大区", "城市", "门店类型", "销售渠道", "客户类型", "会员等级", "品类", "品牌"}) {
    EXPECT_TRUE(Contains(r.dimensions_overview, d)) << d;
  }
  EXPECT_TRUE(Contains(r.time_overview, "下单日期 (orders.order_date)"));
  EXPECT_TRUE(Contains(r.relationships, "订单 → 客户 → 城市 → 大区"));
  // Dimensions are chosen in the question's language: no English-name column.
  EXPECT_FALSE(Contains(r.dimensions_overview, "name_en"));

  // Every example question is Chinese text.
  for (const std::string& q : r.ExampleQuestions()) EXPECT_TRUE(text::ContainsCjk(q)) << q;

  const std::string md = r.RenderMarkdown();
  EXPECT_NE(md.find("## 数据分析建议"), std::string::npos);
  EXPECT_NE(md.find("示例问题"), std::string::npos);
  // The chart's kind in Chinese words, not "line" among Chinese text; the JSON keeps "line".
  EXPECT_NE(md.find("推荐图表: 折线图"), std::string::npos) << md;
  EXPECT_EQ(md.find(": line ("), std::string::npos) << md;
  const std::string text = r.RenderText();
  EXPECT_NE(text.find("推荐的分析"), std::string::npos);
  EXPECT_NE(text.find("[折线图]"), std::string::npos) << text;
  EXPECT_EQ(text.find("[line]"), std::string::npos) << text;
  const Json j = r.ToJson();
  EXPECT_EQ(j["tool_calls"], 1);
  EXPECT_EQ(j["sql_executed"], 0);
  EXPECT_EQ(j["suggestions"].size(), r.suggestions.size());
  EXPECT_EQ(j["suggestions"][0]["chart"], "line");
}

TEST(ConsultationTest, DemoEnglishFollowsLanguage) {
  const Observed run = ConsultFile(DemoEnv::Get().path(), &DemoEnv::Get().model(), false);
  const ConsultationResult& r = run.result;
  ExpectProperty16(r);
  EXPECT_EQ(run.executes, 0);
  for (const std::string& q : r.ExampleQuestions()) EXPECT_FALSE(text::ContainsCjk(q)) << q;
  EXPECT_TRUE(Contains(r.measures_overview, "order amount (orders.total_amount)"));
  EXPECT_NE(r.RenderMarkdown().find("## Analysis suggestions"), std::string::npos);
}

TEST(ConsultationTest, DemoWithoutSemanticModelUsesPhysicalNames) {
  const Observed run = ConsultFile(DemoEnv::Get().path(), nullptr, false);
  const ConsultationResult& r = run.result;
  ExpectProperty16(r);
  EXPECT_EQ(run.executes, 0);
  const Suggestion* trend = FindKind(r, AnalysisKind::kTrend);
  ASSERT_NE(trend, nullptr);
  EXPECT_EQ(trend->measures, std::vector<std::string>{"total amount"});
  EXPECT_NE(trend->time_axis.find("order date"), std::string::npos);
  EXPECT_TRUE(Contains(r.measures_overview, "refund amount (returns.refund_amount)"));
  EXPECT_TRUE(Contains(r.dimensions_overview, "channel"));
}

TEST(ConsultationTest, Deterministic) {
  auto conn = OpenOrDie(DemoEnv::Get().path());
  ASSERT_NE(conn, nullptr);
  auto schema = conn->Introspect(BasicSchemaIntrospectOptions());
  ASSERT_TRUE(schema.ok());
  const ConsultationInput input{*schema, &DemoEnv::Get().model(), nullptr, true, false};
  EXPECT_EQ(Consult(input).ToJson().dump(), Consult(input).ToJson().dump());
}

TEST(ConsultationTest, CachedSchemaCostsNoToolCall) {
  auto conn = OpenOrDie(DemoEnv::Get().path());
  ASSERT_NE(conn, nullptr);
  auto schema = conn->Introspect(BasicSchemaIntrospectOptions());
  ASSERT_TRUE(schema.ok());
  const ConsultationInput input{*schema, &DemoEnv::Get().model(), nullptr, true, true};
  const ConsultationResult r = Consult(input);
  EXPECT_EQ(r.tool_calls, 0);
  ASSERT_EQ(r.tool_trace.size(), 1u);
  EXPECT_NE(r.tool_trace[0].find("[cached]"), std::string::npos);
}

TEST(ConsultationTest, OptionsCapSuggestionsAndExamples) {
  auto conn = OpenOrDie(DemoEnv::Get().path());
  ASSERT_NE(conn, nullptr);
  auto schema = conn->Introspect(BasicSchemaIntrospectOptions());
  ASSERT_TRUE(schema.ok());
  ConsultationOptions options;
  options.max_suggestions = 3;
  options.max_examples_per_suggestion = 1;
  const ConsultationResult r =
      Consult({*schema, &DemoEnv::Get().model(), nullptr, true, false}, options);
  EXPECT_EQ(r.suggestions.size(), 3u);
  for (const Suggestion& s : r.suggestions) EXPECT_EQ(s.example_questions.size(), 1u);
}

// The example questions are meant to be asked next: the deterministic engine answers them.
TEST(ConsultationTest, DemoExampleQuestionsAreAnsweredByTheEngine) {
  auto conn = OpenOrDie(DemoEnv::Get().path());
  ASSERT_NE(conn, nullptr);
  auto index = nlq::BuildSchemaIndex(*conn, &DemoEnv::Get().model());
  ASSERT_TRUE(index.ok()) << index.status().ToString();
  for (const bool chinese : {true, false}) {
    auto schema = conn->Introspect(BasicSchemaIntrospectOptions());
    ASSERT_TRUE(schema.ok());
    // With the session's index (distinct counts, dates) as the agent would pass it.
    const ConsultationResult r =
        Consult({*schema, &DemoEnv::Get().model(), &*index, chinese, false, &conn->dialect()});
    EXPECT_TRUE(r.examples_verified);
    ASSERT_FALSE(r.ExampleQuestions().empty());
    // Checked independently of the consultant's own verification: each question is answered
    // and its SQL reads the tables the suggestion is about.
    for (const Suggestion& s : r.suggestions) {
      EXPECT_TRUE(s.engine_answerable) << s.title;
      for (const std::string& q : s.example_questions) {
        const nlq::Translation t = nlq::Engine::Translate(q, *index, conn->dialect());
        EXPECT_TRUE(t.answered) << q << " — " << t.abstain_reason;
        for (const std::string& table : s.tables) {
          EXPECT_NE(t.sql.find("\"" + table + "\""), std::string::npos) << q << ": " << t.sql;
        }
      }
    }
    // With the data's latest date known, the monthly trend names the latest year.
    const Suggestion* trend = FindKind(r, AnalysisKind::kTrend);
    ASSERT_NE(trend, nullptr);
    EXPECT_NE(trend->example_questions[0].find(std::to_string(index->LatestDate()->year)),
              std::string::npos);
  }
}

TEST(ConsultationTest, Chinook) {
  const fs::path path = fs::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite";
  if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
  const Observed run = ConsultFile(path, nullptr, false);
  const ConsultationResult& r = run.result;
  ExpectProperty16(r);
  EXPECT_EQ(run.introspects, 1);
  EXPECT_EQ(run.executes, 0);
  const Suggestion* trend = FindKind(r, AnalysisKind::kTrend);
  ASSERT_NE(trend, nullptr);
  EXPECT_EQ(trend->measures, std::vector<std::string>{"total"});
  EXPECT_NE(trend->time_axis.find("invoice date"), std::string::npos);
  // Free text (addresses, e-mails, phone numbers) is never a grouping axis.
  EXPECT_FALSE(Contains(r.dimensions_overview, "email"));
  EXPECT_FALSE(Contains(r.dimensions_overview, "phone"));
  EXPECT_TRUE(Contains(r.dimensions_overview, "genre"));
  // Chinese request on an English schema: Chinese text, physical words for the names.
  const Observed zh = ConsultFile(path, nullptr, true);
  ExpectProperty16(zh.result);
  EXPECT_NE(zh.result.RenderMarkdown().find("推荐的分析"), std::string::npos);
}

// A Latin letter right before or after a CJK character: a physical name glued to Chinese
// ("total分布"), which a title must never show.
bool GluesLatinToChinese(std::string_view s) {
  const std::vector<char32_t> u = text::DecodeUtf8(s);
  auto cjk = [](char32_t c) { return c >= 0x3400 && c <= 0x9FFF; };
  auto latin = [](char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  for (size_t i = 0; i + 1 < u.size(); ++i) {
    if ((latin(u[i]) && cjk(u[i + 1])) || (cjk(u[i]) && latin(u[i + 1]))) return true;
  }
  return false;
}

bool SentenceCase(const std::string& title) {
  return !title.empty() && title.front() >= 'A' && title.front() <= 'Z';
}

// Titles people read: the business name in the run's language when the semantic model has
// one; otherwise, in a Chinese run, the column's own name quoted (“Total”), never glued to
// Chinese; English titles in sentence case.
TEST(ConsultationTest, ChinookTitlesUseBusinessNamesOrQuotedColumns) {
  const fs::path path = fs::path(ASKDB_SHARED_DATA_DIR) / "chinook" / "chinook.sqlite";
  if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
  const Observed zh = ConsultFile(path, nullptr, true);
  ASSERT_FALSE(zh.result.suggestions.empty());
  for (const Suggestion& s : zh.result.suggestions) {
    EXPECT_FALSE(GluesLatinToChinese(s.title)) << s.title;
    EXPECT_FALSE(GluesLatinToChinese(s.rationale)) << s.rationale;
    // The examples stay as the engine reads them: no quotes added.
    for (const std::string& q : s.example_questions) EXPECT_EQ(q.find("“"), std::string::npos);
  }
  const Suggestion* trend = FindKind(zh.result, AnalysisKind::kTrend);
  ASSERT_NE(trend, nullptr);
  EXPECT_EQ(trend->title, "“Total”趋势");
  EXPECT_EQ(trend->measures, std::vector<std::string>{"“Total”"});
  EXPECT_NE(trend->rationale.find("按“InvoiceDate”看“Total”的走势"), std::string::npos)
      << trend->rationale;

  const Observed en = ConsultFile(path, nullptr, false);
  ASSERT_FALSE(en.result.suggestions.empty());
  for (const Suggestion& s : en.result.suggestions) EXPECT_TRUE(SentenceCase(s.title)) << s.title;
  const Suggestion* comparison = FindKind(en.result, AnalysisKind::kComparison);
  ASSERT_NE(comparison, nullptr);
  EXPECT_EQ(comparison->title.rfind("Total by ", 0), 0u) << comparison->title;
  // A ranking lists rows: "Top 10 customers", though the table is named Customer.
  const Suggestion* ranking = FindKind(en.result, AnalysisKind::kRanking);
  ASSERT_NE(ranking, nullptr);
  EXPECT_EQ(ranking->title, "Top 10 customers by total") << ranking->title;

  // With the Chinese semantic model, its business names and nothing quoted.
  auto model = catalog::LoadSemanticModel(fs::path(ASKDB_SOURCE_DIR) / "data" / "semantic" /
                                          "chinook.semantic.json");
  ASSERT_TRUE(model.ok()) << model.status().ToString();
  const Observed named = ConsultFile(path, &*model, true);
  ASSERT_FALSE(named.result.suggestions.empty());
  for (const Suggestion& s : named.result.suggestions) {
    EXPECT_FALSE(GluesLatinToChinese(s.title)) << s.title;
    EXPECT_EQ(s.title.find("“"), std::string::npos) << s.title;
  }
  const Suggestion* named_trend = FindKind(named.result, AnalysisKind::kTrend);
  ASSERT_NE(named_trend, nullptr);
  EXPECT_EQ(named_trend->title, "发票金额趋势");
  const Observed named_en = ConsultFile(path, &*model, false);
  for (const Suggestion& s : named_en.result.suggestions) {
    EXPECT_TRUE(SentenceCase(s.title)) << s.title;
  }
}

// The demo's model names everything in both languages: nothing quoted, English titles in
// sentence case.
TEST(ConsultationTest, DemoTitlesReadWell) {
  const Observed zh = ConsultFile(DemoEnv::Get().path(), &DemoEnv::Get().model(), true);
  for (const Suggestion& s : zh.result.suggestions) {
    EXPECT_EQ(s.title.find("“"), std::string::npos) << s.title;
    EXPECT_FALSE(GluesLatinToChinese(s.title)) << s.title;
  }
  const Observed en = ConsultFile(DemoEnv::Get().path(), &DemoEnv::Get().model(), false);
  ASSERT_FALSE(en.result.suggestions.empty());
  for (const Suggestion& s : en.result.suggestions) EXPECT_TRUE(SentenceCase(s.title)) << s.title;
  const Suggestion* comparison = FindKind(en.result, AnalysisKind::kComparison);
  ASSERT_NE(comparison, nullptr);
  EXPECT_EQ(comparison->title.rfind("Order amount by ", 0), 0u) << comparison->title;
  // After "by" one value's name: "by region", where the table's display is "regions"; the
  // rationale still compares across the plural.
  bool by_region = false;
  for (const Suggestion& s : en.result.suggestions) {
    EXPECT_EQ(s.title.find(" by regions"), std::string::npos) << s.title;
    EXPECT_EQ(s.title.find(" by product categories"), std::string::npos) << s.title;
    for (const std::string& q : s.example_questions) {
      EXPECT_EQ(q.find(" by regions"), std::string::npos) << q;
    }
    by_region = by_region || s.title == "Order amount by region";
  }
  EXPECT_TRUE(by_region) << "no comparison by region";
}

TEST(ConsultationTest, DuSqlChineseNames) {
  const fs::path path = fs::path(ASKDB_SHARED_DATA_DIR) / "dusql" / "中国城市" / "中国城市.sqlite";
  if (!fs::exists(path)) GTEST_SKIP() << "no " << path;
  const Observed run = ConsultFile(path, nullptr, true);
  const ConsultationResult& r = run.result;
  ExpectProperty16(r);
  EXPECT_EQ(run.executes, 0);
  EXPECT_TRUE(Contains(r.measures_overview, "gdp"));
  for (const std::string& q : r.ExampleQuestions()) EXPECT_TRUE(text::ContainsCjk(q)) << q;
}

TEST(ConsultationTest, KeysOnlySchemaGetsVolumeSuggestion) {
  db::DatabaseSchema schema;
  db::TableInfo t;
  t.name = "ids";
  db::ColumnInfo c;
  c.name = "id";
  c.type = "INTEGER";
  c.primary_key = true;
  t.columns.push_back(c);
  t.primary_key = {"id"};
  schema.tables.push_back(t);
  const ConsultationResult r = Consult({schema, nullptr, nullptr, true, false});
  ExpectProperty16(r);
  ASSERT_EQ(r.suggestions.size(), 1u);
  EXPECT_EQ(r.suggestions[0].kind, AnalysisKind::kVolume);
  EXPECT_EQ(r.suggestions[0].example_questions[0], "ids数量");
}

TEST(ConsultationTest, EmptySchemaExplainsWhy) {
  db::DatabaseSchema schema;
  const ConsultationResult r = Consult({schema, nullptr, nullptr, false, false});
  EXPECT_TRUE(r.suggestions.empty());
  EXPECT_NE(r.empty_reason.find("no usable tables"), std::string::npos);
  EXPECT_EQ(r.tool_calls, 1);
  EXPECT_NE(r.RenderMarkdown().find("no usable tables"), std::string::npos);
}

TEST(ConsultationTest, NamesAreStable) {
  EXPECT_EQ(ChartKindName(ChartKind::kHeatmap), "heatmap");
  EXPECT_EQ(ChartKindName(ChartKind::kScatter), "scatter");
  EXPECT_EQ(AnalysisKindName(AnalysisKind::kCrossTab), "cross_tab");
  EXPECT_EQ(AnalysisKindName(AnalysisKind::kVolume), "volume");
}

}  // namespace
}  // namespace askdb::agent
