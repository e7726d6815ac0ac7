#include "askdb/knowledge/search/knowledge_index.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "askdb/cache/embedder.h"
#include "askdb/cache/provider_embedder.h"
#include "askdb/common/file_util.h"
#include "askdb/llm/openai/openai_client.h"
#include "askdb/llm/scripted/scripted_llm_client.h"
#include "askdb/testing/scratch_dir.h"

namespace askdb::knowledge {
namespace {

std::shared_ptr<const cache::Embedder> Lexical(size_t dimension = 1024) {
  return std::make_shared<cache::LexicalEmbedder>(
      cache::LexicalEmbedderOptions{.dimension = dimension});
}

Chunk MakeChunk(std::string id, std::string text, std::string scope = "agent:sales",
                ChunkType type = ChunkType::kDocument, std::string item = "") {
  return {.id = id,
          .item_id = item.empty() ? id : item,
          .scope = std::move(scope),
          .type = type,
          .recall = true,
          .text = std::move(text)};
}

SearchOptions Options(SearchMode mode, size_t top_k = 5) {
  SearchOptions o;
  o.mode = mode;
  o.top_k = top_k;
  return o;
}

std::vector<std::string> Ids(const SearchResult& r) {
  std::vector<std::string> ids;
  for (const SearchHit& h : r.hits) ids.push_back(h.chunk_id);
  return ids;
}

// A small knowledge base in two scopes with every chunk type.
void AddSample(KnowledgeIndex& index) {
  ASSERT_TRUE(index
                  .Add({MakeChunk("gmv", "GMV 指订单金额之和（含取消订单）", "agent:sales",
                                  ChunkType::kTerm),
                        MakeChunk("vip", "高价值客户：近一年消费超过一万元的客户", "agent:sales",
                                  ChunkType::kTerm),
                        MakeChunk("east", "华东区包括上海、江苏、浙江、安徽的门店", "agent:sales",
                                  ChunkType::kDocument),
                        MakeChunk("fy", "The fiscal year starts in April and ends in March",
                                  "agent:sales", ChunkType::kFaq),
                        MakeChunk("refund", "Refunds are accepted within 30 days of delivery",
                                  "agent:support", ChunkType::kQa),
                        MakeChunk("fy-support", "Support tickets close at the fiscal year end",
                                  "agent:support", ChunkType::kDocument)})
                  .ok());
}

TEST(KnowledgeIndexTest, HybridHitsReportBothChannelsAndTheFusedScore) {
  KnowledgeIndex index(Lexical());
  AddSample(index);
  EXPECT_EQ(index.size(), 6u);
  const SearchResult r = index.Search("when does the fiscal year start");
  ASSERT_FALSE(r.hits.empty());
  EXPECT_TRUE(r.vector_error.empty());
  const SearchHit& top = r.hits[0];
  EXPECT_EQ(top.chunk_id, "fy");
  EXPECT_EQ(top.type, ChunkType::kFaq);
  EXPECT_EQ(top.scope, "agent:sales");
  EXPECT_EQ(top.keyword_rank, 1u);
  EXPECT_GT(top.keyword_score, 0);
  EXPECT_EQ(top.vector_rank, 1u);
  EXPECT_GT(top.vector_score, 0);
  EXPECT_NEAR(top.fused_score, 2.0 / 61, 1e-12);
  for (size_t i = 1; i < r.hits.size(); ++i) {
    EXPECT_LE(r.hits[i].fused_score, r.hits[i - 1].fused_score);
  }
}

TEST(KnowledgeIndexTest, SingleChannelModesUseOnlyTheirChannel) {
  KnowledgeIndex index(Lexical());
  AddSample(index);
  SearchOptions keyword = Options(SearchMode::kKeyword);
  SearchResult r = index.Search("华东区有哪些门店", keyword);
  ASSERT_FALSE(r.hits.empty());
  EXPECT_EQ(r.hits[0].chunk_id, "east");
  EXPECT_EQ(r.hits[0].vector_rank, 0u);
  EXPECT_EQ(r.hits[0].fused_score, r.hits[0].keyword_score);
  SearchOptions vector = Options(SearchMode::kVector);
  r = index.Search("华东区有哪些门店", vector);
  ASSERT_FALSE(r.hits.empty());
  EXPECT_EQ(r.hits[0].chunk_id, "east");
  EXPECT_EQ(r.hits[0].keyword_rank, 0u);
  EXPECT_EQ(r.hits[0].fused_score, r.hits[0].vector_score);
}

TEST(KnowledgeIndexTest, FiltersByScopeTypeAndRecallSwitch) {
  KnowledgeIndex index(Lexical());
  AddSample(index);
  SearchOptions o;
  o.top_k = 10;
  o.filter.scopes = {"agent:support"};
  for (const SearchHit& h : index.Search("fiscal year", o).hits)
    EXPECT_EQ(h.scope, "agent:support");
  EXPECT_EQ(Ids(index.Search("fiscal year", o)), std::vector<std::string>{"fy-support"});

  o.filter.scopes = {};
  o.filter.types = {ChunkType::kFaq};
  EXPECT_EQ(Ids(index.Search("fiscal year", o)), std::vector<std::string>{"fy"});

  o.filter.types = {};
  EXPECT_EQ(index.SetRecall("fy", false), 1u);
  EXPECT_EQ(Ids(index.Search("fiscal year", o)), std::vector<std::string>{"fy-support"});
  o.filter.recall_only = false;
  EXPECT_EQ(index.Search("fiscal year", o).hits.size(), 2u);
  EXPECT_EQ(index.SetRecall("fy", true), 1u);
  EXPECT_EQ(index.SetRecall("fy", true), 0u);
}

// Many chunks in one scope, most of them of another type: the filter must be applied
// inside each channel (the HNSW graph too), not to an already-cut top-k.
TEST(KnowledgeIndexTest, SelectiveFilterStillFillsTopKThroughTheGraph) {
  KnowledgeIndexOptions options;
  options.exact_search_limit = 0;  // always walk the HNSW graph
  KnowledgeIndex index(Lexical(256), options);
  std::vector<Chunk> chunks;
  for (int i = 0; i < 400; ++i) {
    chunks.push_back(MakeChunk(
        "doc" + std::to_string(i),
        "monthly revenue of store " + std::to_string(i) + " in region " + std::to_string(i % 7)));
  }
  for (int i = 0; i < 3; ++i) {
    chunks.push_back(MakeChunk("faq" + std::to_string(i),
                               "how is monthly revenue counted for region " + std::to_string(i),
                               "agent:sales", ChunkType::kFaq));
  }
  ASSERT_TRUE(index.Add(std::move(chunks)).ok());
  SearchOptions o = Options(SearchMode::kVector, 3);
  o.filter.types = {ChunkType::kFaq};
  const SearchResult r = index.Search("monthly revenue of store 12", o);
  EXPECT_EQ(r.hits.size(), 3u);
  for (const SearchHit& h : r.hits) EXPECT_EQ(h.type, ChunkType::kFaq);
  o.mode = SearchMode::kKeyword;
  EXPECT_EQ(index.Search("monthly revenue of store 12", o).hits.size(), 3u);
}

// Chunks of 8 words drawn from 200, queries of 4 words of one chunk: the HNSW graph's
// best hit must score what the exhaustive search's best hit scores. (Text that differs only
// in a number, e.g. "segment 15" among 300 templated lines, is a plateau the graph search
// does not cross; the keyword channel finds those.)
TEST(KnowledgeIndexTest, GraphSearchFindsWhatExactSearchFinds) {
  std::mt19937 rng(7);
  std::vector<std::string> vocabulary;
  for (int i = 0; i < 200; ++i) vocabulary.push_back("w" + std::to_string(i * 7919 % 10007) + "x");
  std::uniform_int_distribution<size_t> word(0, vocabulary.size() - 1);
  std::vector<Chunk> chunks;
  std::vector<std::vector<std::string>> words;
  for (int i = 0; i < 1000; ++i) {
    words.emplace_back();
    std::string text;
    for (int w = 0; w < 8; ++w) {
      words.back().push_back(vocabulary[word(rng)]);
      text += words.back().back() + " ";
    }
    chunks.push_back(MakeChunk("c" + std::to_string(i), text));
  }
  KnowledgeIndexOptions graph_options;
  graph_options.exact_search_limit = 0;
  KnowledgeIndex graph(Lexical(), graph_options), exact(Lexical());
  ASSERT_TRUE(graph.Add(chunks).ok());
  ASSERT_TRUE(exact.Add(chunks).ok());
  const SearchOptions o = Options(SearchMode::kVector, 1);
  int same = 0;
  for (int i = 0; i < 100; ++i) {
    const std::vector<std::string>& w = words[i * 7];
    const std::string q = w[0] + " " + w[2] + " " + w[4] + " " + w[6];
    // Equal scores, not ids: several chunks may tie for the best similarity.
    const SearchResult g = graph.Search(q, o), e = exact.Search(q, o);
    ASSERT_EQ(e.hits.size(), 1u);
    same += !g.hits.empty() && std::abs(g.hits[0].vector_score - e.hits[0].vector_score) < 1e-5;
  }
  EXPECT_GE(same, 95);
}

TEST(KnowledgeIndexTest, RemoveExcludesAtOnceAndRebuildReclaimsTheSlots) {
  KnowledgeIndexOptions options;
  options.exact_search_limit = 0;
  KnowledgeIndex index(Lexical(), options);
  AddSample(index);
  EXPECT_TRUE(index.Remove("fy"));
  EXPECT_FALSE(index.Remove("fy"));
  EXPECT_FALSE(index.Get("fy").has_value());
  for (SearchMode mode : {SearchMode::kHybrid, SearchMode::kKeyword, SearchMode::kVector}) {
    for (const SearchHit& h : index.Search("fiscal year starts in April", Options(mode)).hits) {
      EXPECT_NE(h.chunk_id, "fy");
    }
  }
  EXPECT_EQ(index.size(), 5u);
  EXPECT_EQ(index.deleted_slots(), 1u);
  // Re-adding an id replaces the chunk (its old slot is deleted too).
  ASSERT_TRUE(index.Add(MakeChunk("east", "华东区现在只有上海的门店")).ok());
  EXPECT_EQ(index.deleted_slots(), 2u);
  EXPECT_EQ(index.Get("east")->text, "华东区现在只有上海的门店");
  EXPECT_EQ(index.RemoveItem("refund"), 1u);
  EXPECT_EQ(index.deleted_slots(), 3u);

  std::vector<std::pair<size_t, size_t>> progress;
  ASSERT_TRUE(
      index.Rebuild([&](size_t done, size_t total) { progress.emplace_back(done, total); }).ok());
  EXPECT_EQ(index.deleted_slots(), 0u);
  EXPECT_EQ(index.size(), 4u);
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.back(), std::make_pair(size_t{4}, size_t{4}));
  EXPECT_EQ(index.Search("华东区的门店").hits.at(0).chunk_id, "east");
}

TEST(KnowledgeIndexTest, BadChunksAreRefusedAndNothingOfTheBatchIsAdded) {
  KnowledgeIndex index(Lexical());
  Status s = index.Add({MakeChunk("a", "fine text"), MakeChunk("b", "  \n ")});
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("'b'"), std::string::npos) << s.message();
  s = index.Add({MakeChunk("a", "one"), MakeChunk("a", "two")});
  EXPECT_NE(s.message().find("twice"), std::string::npos) << s.message();
  s = index.Add(MakeChunk("", "text"));
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(index.size(), 0u);
  EXPECT_TRUE(index.Search("fine text").hits.empty());
  EXPECT_TRUE(index.Search("   ").hits.empty());
}

TEST(KnowledgeIndexTest, FailingEmbeddingsEndpointFailsTheAddAndLeavesTheKeywordChannel) {
  // A real client against a port nothing listens on: the call fails.
  llm::OpenAiClientOptions client_options;
  client_options.base_url = "http://127.0.0.1:1/v1";
  client_options.embedding_model = "text-embedding-3-small";
  client_options.connect_timeout = std::chrono::milliseconds(2000);
  llm::OpenAiClient client(client_options);
  cache::ProviderEmbedderOptions embedder_options;
  embedder_options.model = "text-embedding-3-small";
  auto embedder = std::make_shared<cache::ProviderEmbedder>(client, embedder_options);
  KnowledgeIndex index(embedder);
  const Status s = index.Add({MakeChunk("a", "GMV is the sum of amounts"),
                              MakeChunk("b", "Active customers ordered this month")});
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("nothing was added"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("provider:text-embedding-3-small"), std::string::npos) << s.message();
  EXPECT_EQ(index.size(), 0u);
  const SearchResult r = index.Search("GMV");
  EXPECT_TRUE(r.hits.empty());
  EXPECT_FALSE(r.vector_error.empty());
}

TEST(KnowledgeIndexTest, SaveAndLoadRoundTripKeepsChunksVectorsAndDeletions) {
  scratch::ScratchDir dir("kb_index_test_");
  KnowledgeIndexOptions options;
  options.exact_search_limit = 0;
  KnowledgeIndex index(Lexical(), options);
  AddSample(index);
  ASSERT_TRUE(index.Remove("gmv"));
  ASSERT_EQ(index.SetRecall("refund", false), 1u);
  ASSERT_TRUE(index.Save(dir / "kb.index").ok());

  KnowledgeIndex loaded(Lexical(), options);
  bool rebuilt = true;
  int calls = 0;
  ASSERT_TRUE(loaded
                  .Load(
                      dir / "kb.index", [&](size_t, size_t) { ++calls; }, &rebuilt)
                  .ok());
  EXPECT_FALSE(rebuilt);
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(loaded.size(), 5u);
  EXPECT_EQ(loaded.embedder_id(), "lexical-1024+termset");
  EXPECT_EQ(loaded.dimension(), 1024u);
  EXPECT_FALSE(loaded.Get("gmv").has_value());
  EXPECT_FALSE(loaded.Get("refund")->recall);
  SearchOptions all = Options(SearchMode::kHybrid, 10);
  all.filter.recall_only = false;
  for (const char* q : {"fiscal year", "华东区的门店", "高价值客户", "refund within 30 days"}) {
    const SearchResult a = index.Search(q, all), b = loaded.Search(q, all);
    ASSERT_EQ(Ids(a), Ids(b)) << q;
    for (size_t i = 0; i < a.hits.size(); ++i) {
      EXPECT_DOUBLE_EQ(a.hits[i].keyword_score, b.hits[i].keyword_score);
      EXPECT_FLOAT_EQ(static_cast<float>(a.hits[i].vector_score),
                      static_cast<float>(b.hits[i].vector_score));
    }
  }
  // A loaded index keeps taking chunks.
  ASSERT_TRUE(loaded.Add(MakeChunk("new", "Net revenue excludes tax and shipping")).ok());
  EXPECT_EQ(loaded.Search("net revenue tax").hits.at(0).chunk_id, "new");
}

TEST(KnowledgeIndexTest, AnotherEmbedderOnLoadMeansRebuildWithProgress) {
  scratch::ScratchDir dir("kb_index_test_");
  KnowledgeIndex index(Lexical(1024));
  AddSample(index);
  ASSERT_TRUE(index.Save(dir / "kb.index").ok());

  // Same kind, other dimension: another identity.
  KnowledgeIndex smaller(Lexical(256));
  std::vector<std::pair<size_t, size_t>> progress;
  bool rebuilt = false;
  ASSERT_TRUE(smaller
                  .Load(
                      dir / "kb.index",
                      [&](size_t done, size_t total) { progress.emplace_back(done, total); },
                      &rebuilt)
                  .ok());
  EXPECT_TRUE(rebuilt);
  EXPECT_EQ(smaller.embedder_id(), "lexical-256+termset");
  EXPECT_EQ(smaller.dimension(), 256u);
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.front(), std::make_pair(size_t{0}, size_t{6}));
  EXPECT_EQ(progress.back(), std::make_pair(size_t{6}, size_t{6}));
  EXPECT_EQ(smaller.Search("华东区的门店").hits.at(0).chunk_id, "east");

  // Same embedder reading the text instead of its terms: other vectors, so a rebuild too.
  KnowledgeIndexOptions text_options;
  text_options.embed_input = KnowledgeIndexOptions::EmbedInput::kText;
  KnowledgeIndex raw(Lexical(1024), text_options);
  ASSERT_TRUE(raw.Load(dir / "kb.index", {}, &rebuilt).ok());
  EXPECT_TRUE(rebuilt);
  EXPECT_EQ(raw.embedder_id(), "lexical-1024");

  // A provider's embeddings (the scripted client's 16-dimensional vectors).
  llm::ScriptedLlmClient client;
  cache::ProviderEmbedderOptions provider_options;
  provider_options.model = "bge-m3";
  auto provider = std::make_shared<cache::ProviderEmbedder>(client, provider_options);
  KnowledgeIndex remote(provider);
  ASSERT_TRUE(remote.Load(dir / "kb.index", {}, &rebuilt).ok());
  EXPECT_TRUE(rebuilt);
  EXPECT_EQ(remote.embedder_id(), "provider:bge-m3");
  EXPECT_EQ(remote.dimension(), static_cast<size_t>(llm::ScriptedLlmClient::kEmbeddingDims));
  EXPECT_EQ(remote.size(), 6u);
  // Saved again, it loads without a rebuild.
  ASSERT_TRUE(remote.Save(dir / "kb2.index").ok());
  KnowledgeIndex again(provider);
  ASSERT_TRUE(again.Load(dir / "kb2.index", {}, &rebuilt).ok());
  EXPECT_FALSE(rebuilt);
}

TEST(KnowledgeIndexTest, DamagedOrForeignFilesAreRefusedAndTheIndexIsUnchanged) {
  scratch::ScratchDir dir("kb_index_test_");
  KnowledgeIndex index(Lexical());
  AddSample(index);
  ASSERT_TRUE(index.Save(dir / "kb.index").ok());
  StatusOr<std::string> bytes = ReadFile(dir / "kb.index");
  ASSERT_TRUE(bytes.ok());

  KnowledgeIndex target(Lexical());
  ASSERT_TRUE(target.Add(MakeChunk("keep", "this chunk must survive a failed load")).ok());
  ASSERT_TRUE(WriteFileAtomic(dir / "cut.index", bytes->substr(0, bytes->size() / 2)).ok());
  Status s = target.Load(dir / "cut.index");
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("cut.index"), std::string::npos) << s.message();
  std::string flipped = *bytes;
  flipped[flipped.size() / 2] ^= 0x5a;
  ASSERT_TRUE(WriteFileAtomic(dir / "flipped.index", flipped).ok());
  s = target.Load(dir / "flipped.index");
  EXPECT_NE(s.message().find("damaged"), std::string::npos) << s.message();
  ASSERT_TRUE(WriteFileAtomic(dir / "foreign.index", "hello, this is not an index").ok());
  s = target.Load(dir / "foreign.index");
  EXPECT_NE(s.message().find("is not a knowledge index"), std::string::npos) << s.message();
  s = target.Load(dir / "missing.index");
  EXPECT_EQ(s.code(), StatusCode::kNotFound);
  EXPECT_EQ(target.size(), 1u);
  EXPECT_TRUE(target.Get("keep").has_value());
}

TEST(KnowledgeIndexTest, ConcurrentSearchesWithAddsAndRemoves) {
  KnowledgeIndexOptions options;
  options.exact_search_limit = 50;  // both vector paths are exercised
  KnowledgeIndex index(Lexical(256), options);
  AddSample(index);
  std::atomic<bool> stop{false};
  std::atomic<int> searches{0}, bad{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t) {
    readers.emplace_back([&] {
      while (!stop) {
        const SearchResult r = index.Search("华东区的门店 revenue");
        if (r.hits.empty() || !r.vector_error.empty()) ++bad;
        for (const SearchHit& h : r.hits) {
          if (h.text.empty()) ++bad;  // a removed chunk leaked
        }
        ++searches;
      }
    });
  }
  for (int i = 0; i < 300; ++i) {
    const std::string id = "w" + std::to_string(i);
    // EXPECT, not ASSERT: the readers must be stopped and joined whatever happens.
    EXPECT_TRUE(index.Add(MakeChunk(id, "store " + std::to_string(i) + " revenue report")).ok());
    if (i % 3 == 0) {
      EXPECT_TRUE(index.Remove(id));
    }
  }
  stop = true;
  for (std::thread& t : readers) t.join();
  EXPECT_EQ(bad, 0);
  EXPECT_GT(searches, 0);
  EXPECT_EQ(index.size(), 6u + 200u);
  EXPECT_EQ(index.Search("华东区的门店").hits.at(0).chunk_id, "east");
}

TEST(ChunkTypeTest, NamesRoundTrip) {
  for (ChunkType t : {ChunkType::kTerm, ChunkType::kDocument, ChunkType::kQa, ChunkType::kFaq}) {
    EXPECT_EQ(ParseChunkType(ChunkTypeName(t)), t);
  }
  EXPECT_FALSE(ParseChunkType("pdf").has_value());
}

}  // namespace
}  // namespace askdb::knowledge
