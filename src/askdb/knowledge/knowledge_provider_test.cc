// The knowledge base with the provider's embeddings endpoint ([llm] embedding_model): a real
// OpenAI client against the fake OpenAI server (tests/fake_openai), whose /v1/embeddings
// serves a fixed table, on a scratch SQLite management store.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>

#include "askdb/knowledge/knowledge_setup.h"
#include "askdb/llm/provider_config.h"
#include "fake_openai_server.h"

namespace askdb::knowledge {
namespace {

namespace fs = std::filesystem;

constexpr char kScope[] = "agent:default";
constexpr char kRefund[] = "How long do refunds take?";
constexpr char kFiscal[] = "When does the fiscal year start?";
// Shares no word with either question: only the vectors can find the refund pair.
constexpr char kQuery[] = "money back timing";

class KnowledgeProviderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("askdb_kb_provider_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fake_openai::FakeServerOptions options;
    options.embedding_table = {
        {kRefund, {1, 0, 0, 0.1f}}, {kFiscal, {0, 1, 0, 0.1f}}, {kQuery, {0.9f, 0.1f, 0, 0.1f}}};
    server_ = std::make_unique<fake_openai::FakeOpenAiServer>(options);
    ASSERT_TRUE(server_->Start().ok());
    provider_.base_url = server_->base_url();
    provider_.model = "fake-model";
    provider_.embedding_model = "fake-embed";
    provider_.max_retries = 0;
    provider_.connect_timeout_ms = 2000;
  }
  void TearDown() override {
    server_->Stop();
    fs::remove_all(dir_);
  }

  StatusOr<OpenedKnowledgeBase> Open() {
    KnowledgeBaseOptions options;
    options.embedder = ProviderKnowledgeEmbedder(provider_);
    options.index_file = KnowledgeIndexFile(dir_, "");
    return OpenKnowledgeBase(dir_, "", options);
  }

  static SearchOptions Mode(SearchMode mode) {
    SearchOptions o;
    o.mode = mode;
    o.filter.scopes = {kScope};
    return o;
  }

  fs::path dir_;
  std::unique_ptr<fake_openai::FakeOpenAiServer> server_;
  llm::ProviderConfig provider_;
};

TEST_F(KnowledgeProviderTest, VectorsComeFromTheEndpointAndAreKeptAcrossOpens) {
  {
    StatusOr<OpenedKnowledgeBase> kb = Open();
    ASSERT_TRUE(kb.ok()) << kb.status().ToString();
    for (const char* q : {kRefund, kFiscal}) {
      StatusOr<KnowledgeItem> item =
          kb->kb->AddPair({.scope = kScope, .question = q, .answer = "see the policy"});
      ASSERT_TRUE(item.ok()) << item.status().ToString();
    }
    EXPECT_EQ(kb->kb->index().embedder_id(), "provider:fake-embed");
    EXPECT_EQ(kb->kb->index().dimension(), 4u);  // learnt from the endpoint's vectors
    EXPECT_TRUE(kb->kb->Search(kQuery, Mode(SearchMode::kKeyword)).hits.empty());
    SearchResult found = kb->kb->Search(kQuery, Mode(SearchMode::kHybrid));
    ASSERT_FALSE(found.hits.empty()) << found.vector_error;
    EXPECT_EQ(found.hits[0].text, kRefund);
    EXPECT_GT(found.hits[0].vector_score, 0.9);
    EXPECT_EQ(found.hits[0].keyword_rank, 0u);
  }
  // The next process loads the saved index: the endpoint is asked for the query only.
  const int64_t before = server_->requests();
  StatusOr<OpenedKnowledgeBase> again = Open();
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_EQ(server_->requests(), before) << "opening re-embedded the knowledge base";
  SearchResult found = again->kb->Search(kQuery, Mode(SearchMode::kVector));
  ASSERT_FALSE(found.hits.empty()) << found.vector_error;
  EXPECT_EQ(found.hits[0].text, kRefund);
  EXPECT_EQ(server_->requests(), before + 1);
}

TEST_F(KnowledgeProviderTest, EndpointDownRefusesTheAddAndSearchKeepsItsKeywords) {
  StatusOr<OpenedKnowledgeBase> kb = Open();
  ASSERT_TRUE(kb.ok()) << kb.status().ToString();
  ASSERT_TRUE(kb->kb->AddPair({.scope = kScope, .question = kRefund, .answer = "5 days"}).ok());
  server_->Stop();
  StatusOr<KnowledgeItem> refused =
      kb->kb->AddPair({.scope = kScope, .question = kFiscal, .answer = "April 1"});
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("fake-embed"), std::string::npos)
      << refused.status().ToString();
  StatusOr<std::vector<KnowledgeItem>> items = kb->kb->List({});
  ASSERT_TRUE(items.ok());
  EXPECT_EQ(items->size(), 1u);  // all or nothing: the refused pair left no record
  SearchResult found = kb->kb->Search("refunds", Mode(SearchMode::kHybrid));
  EXPECT_FALSE(found.vector_error.empty());
  ASSERT_FALSE(found.hits.empty());
  EXPECT_EQ(found.hits[0].text, kRefund);
}

}  // namespace
}  // namespace askdb::knowledge
