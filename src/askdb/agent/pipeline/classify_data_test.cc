// The Classify node with no model over a scratch SQLite database shaped like the DuSQL ones
// (issue 13): a request the intent model reads as small talk or a web search goes down the
// data path when it names the data's tables, columns or values; greetings, thanks,
// farewells and help stay small talk even on a database holding "你好" or "hello" as values;
// a sentence-final particle does not decide the type.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "askdb/agent/ask/datasource.h"
#include "askdb/agent/graph/checkpoint_store.h"
#include "askdb/agent/pipeline/pipeline.h"
#include "askdb/db/connector_registry.h"

namespace askdb::agent::pipeline {
namespace {

namespace fs = std::filesystem;

class ClassifyDataTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() /
                        ("askdb_classify_data_" + std::to_string(::getpid())));
    fs::remove_all(*dir_);
    fs::create_directories(*dir_);
    const fs::path db = *dir_ / "awards.sqlite";
    Exec(db,
         "CREATE TABLE 文学作品 (词条id INTEGER PRIMARY KEY, 名称 TEXT, 作者 TEXT, 创作年代 INT);"
         "INSERT INTO 文学作品 VALUES (1, '生死疲劳', '莫言', 2006), (2, '平凡的世界', '路遥', "
         "1986), (3, '人生', '路遥', 1982), (4, '蛙', '莫言', 2009);"
         "CREATE TABLE 文学奖获奖名单 (届数 INT, 作品id INT REFERENCES 文学作品(词条id), "
         "作者 TEXT);"
         "INSERT INTO 文学奖获奖名单 VALUES (7, 1, '莫言'), (8, 4, '莫言'), (3, 2, '路遥');"
         "CREATE TABLE 博物馆 (词条id INTEGER PRIMARY KEY, 名称 TEXT, 所属城市 TEXT);"
         "INSERT INTO 博物馆 VALUES (1, '故宫博物院', '北京'), (2, '中国国家博物馆', '北京'), "
         "(3, '上海博物馆', '上海');"
         // Odd values: words of greetings stored as data must not turn greetings into queries.
         "CREATE TABLE 留言 (留言id INTEGER PRIMARY KEY, 内容 TEXT, 作者 TEXT);"
         "INSERT INTO 留言 VALUES (1, '你好', '莫言'), (2, 'hello', '路遥'), (3, '谢谢', '莫言'), "
         "(4, '再见', '路遥'), (5, 'thank you', '莫言');"
         "CREATE TABLE 行星 (行星id INTEGER PRIMARY KEY, 名称 TEXT, 卫星数量 INT);"
         "INSERT INTO 行星 VALUES (1, '木星', 95), (2, '土星', 146), (3, '地球', 1);");
    const std::string url = "sqlite:" + db.string();
    auto connector = db::OpenConnector(url);
    ASSERT_TRUE(connector.ok()) << connector.status().ToString();
    auto prepared = PrepareDatasource(std::move(connector).value(), url);
    ASSERT_TRUE(prepared.ok()) << prepared.status().ToString();
    ds_ = new PreparedDatasource(std::move(prepared).value());
  }
  static void TearDownTestSuite() {
    delete ds_;
    fs::remove_all(*dir_);
    delete dir_;
  }

  static void Exec(const fs::path& path, const std::string& sql) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error != nullptr ? error : "";
    sqlite3_free(error);
    sqlite3_close(db);
    ASSERT_EQ(rc, SQLITE_OK) << message;
  }

  StatusOr<PipelineResult> Ask(const std::string& question) {
    PipelineDeps deps;
    deps.checkpoints = &store_;
    deps.datasource = []() -> StatusOr<PreparedDatasource*> { return ds_; };
    StatusOr<Pipeline> p = Pipeline::Create(std::move(deps));
    if (!p.ok()) return p.status();
    return p->Ask("t" + std::to_string(++thread_), question);
  }

  static fs::path* dir_;
  static PreparedDatasource* ds_;
  InMemoryCheckpointStore store_;
  int thread_ = 0;
};

fs::path* ClassifyDataTest::dir_ = nullptr;
PreparedDatasource* ClassifyDataTest::ds_ = nullptr;

// The intent model calls these web searches (over the weak rule of 哪些); the engine
// answers the first from the data.
TEST_F(ClassifyDataTest, WebSearchGuessNamingATableIsAnswered) {
  StatusOr<PipelineResult> r = Ask("北京有哪些博物馆？");
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(r->request_type, "data_query");
  ASSERT_EQ(r->route, PipelineRoute::kEngine) << r->answer;
  ASSERT_TRUE(r->result.has_value());
  EXPECT_EQ(r->result->row_count(), 2u);  // 故宫博物院, 中国国家博物馆
}

// The model calls these small talk; each names a stored value (a title, an author) or a
// table, so they are data questions whether the engine then answers or says what it missed.
TEST_F(ClassifyDataTest, SmallTalkGuessNamingAValueIsADataQuestion) {
  // The model reads 木星有多少颗卫星 as a computation (simple): 木星 is a stored value.
  for (const char* q :
       {"生死疲劳获过几次奖？", "路遥写了哪些作品", "莫言的作品有哪些呢", "木星有多少颗卫星？"}) {
    StatusOr<PipelineResult> r = Ask(q);
    ASSERT_TRUE(r.ok()) << q << ": " << r.status().ToString();
    EXPECT_EQ(r->request_type, "data_query") << q;
    EXPECT_NE(r->route, PipelineRoute::kQuickPath) << q << ": " << r->answer;
  }
}

// Greetings, thanks, farewells and help are certain from their words: a table holding them
// as values does not make them questions, with or without a particle.
TEST_F(ClassifyDataTest, GreetingsStaySmallTalkOnOddValues) {
  for (const char* q : {"你好", "你好啊", "hello", "谢谢", "谢谢啊", "thank you", "再见",
                        "你能做什么", "what can you do"}) {
    StatusOr<PipelineResult> r = Ask(q);
    ASSERT_TRUE(r.ok()) << q << ": " << r.status().ToString();
    EXPECT_EQ(r->request_type, "trivial") << q;
    EXPECT_EQ(r->route, PipelineRoute::kQuickPath) << q << ": " << r->answer;
  }
}

// Small talk that names nothing in the data stays small talk.
TEST_F(ClassifyDataTest, SmallTalkNamingNothingStaysSmallTalk) {
  for (const char* q : {"你叫什么名字", "今天心情不错"}) {
    StatusOr<PipelineResult> r = Ask(q);
    ASSERT_TRUE(r.ok()) << q << ": " << r.status().ToString();
    EXPECT_NE(r->request_type, "data_query") << q << ": " << r->answer;
  }
}

}  // namespace
}  // namespace askdb::agent::pipeline
