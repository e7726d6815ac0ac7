#include "askdb/knowledge/knowledge_base_test.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <memory>

#include "askdb/cache/embedder.h"
#include "askdb/common/file_util.h"
#include "askdb/knowledge/knowledge_base.h"
#include "askdb/knowledge/knowledge_evidence.h"

namespace askdb::knowledge::testing {
namespace {

constexpr char kScope[] = "agent:default";

constexpr char kPolicy[] =
    "# Returns\n\nCustomers may return any item within 30 days of delivery for a full "
    "refund.\n\n# Fiscal year\n\nOur fiscal year starts on April 1 and ends on March 31.\n\n"
    "# 华东区\n\n华东区包括上海、江苏、浙江三个省市。";

// An embeddings endpoint that is down: every call fails as ProviderEmbedder's would.
class DownEmbedder final : public cache::Embedder {
 public:
  cache::Embedding Embed(std::string_view) const override { return {}; }
  size_t dimension() const override { return 8; }
  std::string id() const override { return "down-8"; }
  StatusOr<cache::Embedding> TryEmbed(std::string_view) const override {
    return UnavailableError("embeddings endpoint: connection refused");
  }
  StatusOr<std::vector<cache::Embedding>> TryEmbedBatch(
      const std::vector<std::string>&) const override {
    return UnavailableError("embeddings endpoint: connection refused");
  }
};

struct Opened {
  std::unique_ptr<server::store::SqlManagementStore> db;
  std::unique_ptr<KnowledgeBase> kb;
};

Opened OpenKb(
    StoreBackend& backend,
    std::shared_ptr<const cache::Embedder> embedder = std::make_shared<cache::LexicalEmbedder>(),
    KnowledgeBaseOptions options = {}) {
  Opened o;
  StatusOr<std::unique_ptr<server::store::SqlManagementStore>> db = backend.Open();
  EXPECT_TRUE(db.ok()) << db.status().ToString();
  if (!db.ok()) return o;
  o.db = std::move(*db);
  StatusOr<std::unique_ptr<KnowledgeStore>> store = KnowledgeStore::Open(*o.db);
  EXPECT_TRUE(store.ok()) << store.status().ToString();
  if (!store.ok()) return o;
  StatusOr<std::unique_ptr<KnowledgeBase>> kb =
      KnowledgeBase::Open(std::move(*store), std::move(embedder), options);
  EXPECT_TRUE(kb.ok()) << kb.status().ToString();
  if (kb.ok()) o.kb = std::move(*kb);
  return o;
}

DocumentInput Policy() {
  return {.scope = kScope,
          .file_name = "policy.md",
          .bytes = kPolicy,
          .chunker = ChunkerOptions{.kind = ChunkerKind::kParagraph, .size = 120, .overlap = 0}};
}

SearchOptions Hybrid() {
  SearchOptions o;
  o.filter.scopes = {kScope};
  return o;
}

TEST_P(KnowledgeBaseContractTest, AddedDocumentIsIndexedListedAndFound) {
  Opened o = OpenKb(*backend_);
  ASSERT_NE(o.kb, nullptr);
  StatusOr<KnowledgeItem> item = o.kb->AddDocument(Policy());
  ASSERT_TRUE(item.ok()) << item.status().ToString();
  EXPECT_EQ(item->state, ItemState::kIndexed);
  EXPECT_EQ(item->format, "markdown");
  EXPECT_GE(item->chunk_count, 2);
  StatusOr<std::vector<KnowledgeItem>> listed = o.kb->List({.scope = kScope});
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->size(), 1u);
  EXPECT_EQ((*listed)[0].title, "policy.md");
  StatusOr<std::vector<StoredChunk>> chunks = o.kb->store().Chunks(item->id);
  ASSERT_TRUE(chunks.ok());
  EXPECT_EQ(static_cast<int64_t>(chunks->size()), item->chunk_count);

  const SearchResult found = o.kb->Search("when does the fiscal year start", Hybrid());
  ASSERT_FALSE(found.hits.empty());
  EXPECT_NE(found.hits[0].text.find("April 1"), std::string::npos) << found.hits[0].text;
  EXPECT_GT(found.hits[0].keyword_score, 0);
  EXPECT_GT(found.hits[0].vector_score, 0);
  EXPECT_GT(found.hits[0].fused_score, 0);
  const SearchResult zh = o.kb->Search("华东区包括哪些省", Hybrid());
  ASSERT_FALSE(zh.hits.empty());
  EXPECT_NE(zh.hits[0].text.find("上海"), std::string::npos);
}

TEST_P(KnowledgeBaseContractTest, BadInputChangesNothing) {
  Opened o = OpenKb(*backend_, std::make_shared<cache::LexicalEmbedder>(),
                    {.max_file_bytes = 1024 * 1024});
  ASSERT_NE(o.kb, nullptr);
  StatusOr<int64_t> before = o.kb->store().LastChange();
  ASSERT_TRUE(before.ok());
  const std::string encrypted = *ReadFile(std::string(ASKDB_SOURCE_DIR) +
                                          "/tests/data/knowledge/returns_policy_encrypted.pdf");
  const std::vector<std::pair<DocumentInput, std::string>> bad = {
      {{.scope = kScope, .file_name = "empty.txt", .bytes = ""}, "empty"},
      {{.scope = kScope, .file_name = "big.txt", .bytes = std::string(2 * 1024 * 1024, 'a')},
       "over the limit of 1.0 MB (knowledge.max_file_mb)"},
      {{.scope = kScope, .file_name = "junk.txt", .bytes = std::string("\x00\xff\xfe\x01", 4)},
       "not UTF-8 text"},
      {{.scope = kScope, .file_name = "locked.pdf", .bytes = encrypted}, "encrypted"},
      {{.scope = kScope, .file_name = "broken.pdf", .bytes = "%PDF-1.7\n garbage"}, "corrupt"},
      {{.scope = kScope, .file_name = "sheet.xlsx", .bytes = "x"}, ".docx"},
      {{.scope = "team:x", .file_name = "a.md", .bytes = "text"}, "agent:<id>"},
      {{.scope = kScope,
        .file_name = "a.md",
        .bytes = "text",
        .chunker = ChunkerOptions{.size = 100, .overlap = 200}},
       "overlap"},
  };
  for (const auto& [input, expected] : bad) {
    const Status s = o.kb->AddDocument(input).status();
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << input.file_name << ": " << s.ToString();
    EXPECT_NE(s.message().find(expected), std::string::npos)
        << input.file_name << ": " << s.ToString();
  }
  EXPECT_FALSE(o.kb->AddPair({.scope = kScope, .question = "q", .answer = " "}).ok());
  EXPECT_EQ(*o.kb->store().LastChange(), *before);
  EXPECT_TRUE(o.kb->List({.include_deleted = true})->empty());
  EXPECT_EQ(o.kb->index().size(), 0u);
}

TEST_P(KnowledgeBaseContractTest, FailedEmbeddingLeavesNothingBehind) {
  Opened o = OpenKb(*backend_, std::make_shared<DownEmbedder>());
  ASSERT_NE(o.kb, nullptr);
  const Status s = o.kb->AddDocument(Policy()).status();
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("connection refused"), std::string::npos) << s.ToString();
  EXPECT_TRUE(o.kb->List({.include_deleted = true})->empty());
  EXPECT_EQ(o.kb->index().size(), 0u);
}

TEST_P(KnowledgeBaseContractTest, ReindexWithAFailingEmbedderMarksTheItemFailed) {
  std::string id;
  {
    Opened o = OpenKb(*backend_);
    ASSERT_NE(o.kb, nullptr);
    id = o.kb->AddPair({.scope = kScope, .question = "What is GMV?", .answer = "成交总额"})->id;
  }
  // The next process has an embeddings endpoint that is down: loading marks the item.
  Opened down = OpenKb(*backend_, std::make_shared<DownEmbedder>());
  ASSERT_NE(down.kb, nullptr);
  StatusOr<KnowledgeItem> item = down.kb->Get(id);
  ASSERT_TRUE(item.ok());
  EXPECT_EQ(item->state, ItemState::kFailed);
  EXPECT_NE(item->state_reason.find("connection refused"), std::string::npos);
  // Re-indexing on demand with a working embedder recovers it.
  Opened up = OpenKb(*backend_);
  ASSERT_NE(up.kb, nullptr);
  StatusOr<int> indexed = up.kb->Reindex("");
  ASSERT_TRUE(indexed.ok()) << indexed.status().ToString();
  EXPECT_EQ(*indexed, 1);
  EXPECT_EQ(up.kb->Get(id)->state, ItemState::kIndexed);
  EXPECT_FALSE(up.kb->Search("what is gmv", Hybrid()).hits.empty());
}

TEST_P(KnowledgeBaseContractTest, QaAnswerIsSuggestedWithItsSource) {
  Opened o = OpenKb(*backend_);
  ASSERT_NE(o.kb, nullptr);
  ASSERT_TRUE(o.kb->AddPair({.scope = kScope,
                             .question = "How do I reset my password?",
                             .answer = "Use the 'Forgot password' link on the sign-in page.",
                             .title = "IT FAQ"})
                  .ok());
  ASSERT_TRUE(o.kb->AddDocument(Policy()).ok());
  KnowledgeEvidenceSource source(*o.kb, {});
  Evidence evidence;
  ASSERT_TRUE(source.Recall({.question = "how do I reset my password"}, evidence).ok());
  ASSERT_TRUE(evidence.suggested_answer.has_value());
  EXPECT_EQ(evidence.suggested_answer->source, "IT FAQ");
  EXPECT_NE(evidence.suggested_answer->answer.find("Forgot password"), std::string::npos);
  // A question that is only near it gets evidence, not an answer.
  Evidence other;
  ASSERT_TRUE(
      source.Recall({.question = "how many days do customers have to return an item"}, other).ok());
  EXPECT_FALSE(other.suggested_answer.has_value());
  ASSERT_FALSE(other.hits.empty());
  EXPECT_EQ(other.hits[0].kind, "document");
  EXPECT_NE(other.hits[0].text.find("30 days"), std::string::npos);
}

TEST_P(KnowledgeBaseContractTest, RecallSwitchEditAndSoftDelete) {
  Opened o = OpenKb(*backend_);
  ASSERT_NE(o.kb, nullptr);
  StatusOr<KnowledgeItem> item = o.kb->AddDocument(Policy());
  ASSERT_TRUE(item.ok());
  KnowledgeEvidenceSource source(*o.kb, {});
  auto recalled = [&] {
    Evidence e;
    EXPECT_TRUE(source.Recall({.question = "fiscal year April"}, e).ok());
    return !e.hits.empty();
  };
  EXPECT_TRUE(recalled());
  ASSERT_TRUE(o.kb->Edit(item->id, {.recall = false}).ok());
  EXPECT_FALSE(o.kb->Get(item->id)->recall);
  EXPECT_FALSE(recalled());
  ASSERT_TRUE(o.kb->Edit(item->id, {.recall = true}).ok());
  EXPECT_TRUE(recalled());

  // A new chunker re-chunks from the stored text.
  StatusOr<KnowledgeItem> edited = o.kb->Edit(
      item->id,
      {.title = "Policies",
       .chunker = ChunkerOptions{.kind = ChunkerKind::kSentence, .size = 40, .overlap = 0}});
  ASSERT_TRUE(edited.ok()) << edited.status().ToString();
  EXPECT_EQ(edited->title, "Policies");
  EXPECT_GT(edited->chunk_count, item->chunk_count);
  EXPECT_EQ(static_cast<int64_t>(o.kb->store().Chunks(item->id)->size()), edited->chunk_count);
  EXPECT_EQ(o.kb->index().size(), static_cast<size_t>(edited->chunk_count));

  ASSERT_TRUE(o.kb->Remove(item->id).ok());
  EXPECT_FALSE(recalled());
  EXPECT_TRUE(o.kb->List({})->empty());
  StatusOr<std::vector<KnowledgeItem>> all = o.kb->List({.include_deleted = true});
  ASSERT_EQ(all->size(), 1u);
  EXPECT_TRUE((*all)[0].deleted);
  EXPECT_TRUE((*all)[0].cleaned);
  EXPECT_TRUE(o.kb->store().Chunks(item->id)->empty());
  EXPECT_EQ(o.kb->index().size(), 0u);
  EXPECT_EQ(o.kb->Remove(item->id).code(), StatusCode::kNotFound);
  EXPECT_EQ(o.kb->Edit("kn_missing", {.title = "x"}).status().code(), StatusCode::kNotFound);
}

TEST_P(KnowledgeBaseContractTest, AnotherProcessSeesAddsEditsAndRemovals) {
  Opened a = OpenKb(*backend_);
  Opened b = OpenKb(*backend_);
  ASSERT_NE(a.kb, nullptr);
  ASSERT_NE(b.kb, nullptr);
  StatusOr<KnowledgeItem> item = a.kb->AddDocument(Policy());
  ASSERT_TRUE(item.ok());
  EXPECT_FALSE(b.kb->Search("fiscal year April", Hybrid()).hits.empty());
  ASSERT_TRUE(a.kb->Edit(item->id, {.recall = false}).ok());
  EXPECT_TRUE(b.kb->Search("fiscal year April", Hybrid()).hits.empty());
  ASSERT_TRUE(a.kb->Edit(item->id, {.recall = true}).ok());
  EXPECT_FALSE(b.kb->Search("fiscal year April", Hybrid()).hits.empty());
  ASSERT_TRUE(b.kb->Remove(item->id).ok());
  EXPECT_TRUE(a.kb->Search("fiscal year April", Hybrid()).hits.empty());
  EXPECT_EQ(a.kb->index().size(), 0u);
}

// Uploading the same document again (the web page, POST /api/v1/knowledge/documents, `askdb
// kb add FILE` twice) made a copy each time; now the indexed item is named instead. Another
// scope, or the same name with other content, is a new item; a removed one can be added again.
TEST_P(KnowledgeBaseContractTest, TheSameDocumentAgainIsNotACopy) {
  Opened o = OpenKb(*backend_);
  ASSERT_NE(o.kb, nullptr);
  StatusOr<KnowledgeItem> first = o.kb->AddDocument(Policy());
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  KnowledgeItem indexed;
  DocumentInput renamed = Policy();
  renamed.file_name = "policy-copy.md";
  const Status again = o.kb->AddDocument(renamed, &indexed).status();
  EXPECT_EQ(again.code(), StatusCode::kAlreadyExists) << again.ToString();
  EXPECT_NE(again.message().find(first->id), std::string::npos) << again.message();
  EXPECT_EQ(indexed.id, first->id);
  EXPECT_EQ(o.kb->AddDocument(Policy()).status().code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(o.kb->List({.scope = kScope})->size(), 1u);

  DocumentInput changed = Policy();
  changed.bytes += "\n\n# Shipping\n\nOrders ship within two days.";
  StatusOr<KnowledgeItem> second = o.kb->AddDocument(changed);
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  EXPECT_NE(second->id, first->id);
  DocumentInput elsewhere = Policy();
  elsewhere.scope = "agent:finance";
  EXPECT_TRUE(o.kb->AddDocument(elsewhere).ok());
  ASSERT_TRUE(o.kb->Remove(first->id).ok());
  EXPECT_TRUE(o.kb->AddDocument(Policy()).ok());
}

TEST_P(KnowledgeBaseContractTest, ScopesKeepAgentsApart) {
  Opened o = OpenKb(*backend_);
  ASSERT_NE(o.kb, nullptr);
  DocumentInput other = Policy();
  other.scope = "agent:finance";
  ASSERT_TRUE(o.kb->AddDocument(other).ok());
  KnowledgeEvidenceSource source(*o.kb, {});
  Evidence mine, theirs, by_datasource;
  ASSERT_TRUE(source.Recall({.question = "fiscal year April"}, mine).ok());
  EXPECT_TRUE(mine.hits.empty());
  ASSERT_TRUE(source.Recall({.question = "fiscal year April", .agent_id = "finance"}, theirs).ok());
  EXPECT_FALSE(theirs.hits.empty());
  DocumentInput ds = Policy();
  ds.scope = "datasource:shop";
  ASSERT_TRUE(o.kb->AddDocument(ds).ok());
  ASSERT_TRUE(
      source.Recall({.question = "fiscal year April", .datasource_id = "shop"}, by_datasource)
          .ok());
  EXPECT_FALSE(by_datasource.hits.empty());
}

// The built-in embedder, counting the texts it embeds at write time (batches): what a
// process spends on opening the knowledge base.
class CountingEmbedder final : public cache::Embedder {
 public:
  explicit CountingEmbedder(size_t dimension = 1024) : inner_({.dimension = dimension}) {}
  cache::Embedding Embed(std::string_view text) const override { return inner_.Embed(text); }
  size_t dimension() const override { return inner_.dimension(); }
  std::string id() const override { return inner_.id(); }
  StatusOr<std::vector<cache::Embedding>> TryEmbedBatch(
      const std::vector<std::string>& texts) const override {
    embedded += texts.size();
    return inner_.TryEmbedBatch(texts);
  }
  mutable std::atomic<size_t> embedded{0};

 private:
  cache::LexicalEmbedder inner_;
};

TEST_P(KnowledgeBaseContractTest, SavedIndexIsUsedOnTheNextOpenWithoutEmbedding) {
  const std::filesystem::path file = ScratchIndexFile();
  size_t chunks = 0;
  {
    auto first = std::make_shared<CountingEmbedder>();
    Opened o = OpenKb(*backend_, first, {.index_file = file});
    ASSERT_NE(o.kb, nullptr);
    StatusOr<KnowledgeItem> item = o.kb->AddDocument(Policy());
    ASSERT_TRUE(item.ok()) << item.status().ToString();
    chunks = static_cast<size_t>(item->chunk_count);
    EXPECT_EQ(first->embedded.load(), chunks);
  }  // the knowledge base saves its index when it goes
  ASSERT_TRUE(std::filesystem::exists(file));

  auto second = std::make_shared<CountingEmbedder>();
  Opened again = OpenKb(*backend_, second, {.index_file = file});
  ASSERT_NE(again.kb, nullptr);
  EXPECT_EQ(second->embedded.load(), 0u) << "a second open re-embedded the saved index";
  EXPECT_EQ(again.kb->index().size(), chunks);
  SearchResult found = again.kb->Search("fiscal year April", Hybrid());
  ASSERT_FALSE(found.hits.empty());
  EXPECT_NE(found.hits[0].text.find("April 1"), std::string::npos);
  EXPECT_GT(found.hits[0].vector_score, 0);

  // What another process wrote after the save: only that is embedded on the next open.
  Opened writer = OpenKb(*backend_);
  ASSERT_NE(writer.kb, nullptr);
  ASSERT_TRUE(
      writer.kb
          ->AddPair(
              {.scope = kScope, .question = "What is the refund window?", .answer = "30 days."})
          .ok());
  again.kb.reset();
  auto third = std::make_shared<CountingEmbedder>();
  Opened caught_up = OpenKb(*backend_, third, {.index_file = file});
  ASSERT_NE(caught_up.kb, nullptr);
  EXPECT_EQ(third->embedded.load(), 1u);
  EXPECT_EQ(caught_up.kb->index().size(), chunks + 1);
}

TEST_P(KnowledgeBaseContractTest, DamagedForeignOrOtherEmbedderIndexFilesAreRebuilt) {
  const std::filesystem::path file = ScratchIndexFile();
  size_t chunks = 0;
  {
    Opened o = OpenKb(*backend_, std::make_shared<CountingEmbedder>(), {.index_file = file});
    ASSERT_NE(o.kb, nullptr);
    StatusOr<KnowledgeItem> item = o.kb->AddDocument(Policy());
    ASSERT_TRUE(item.ok()) << item.status().ToString();
    chunks = static_cast<size_t>(item->chunk_count);
  }
  // Damaged: one byte changed. Dropped, rebuilt from the store, saved again.
  StatusOr<std::string> bytes = ReadFile(file);
  ASSERT_TRUE(bytes.ok());
  std::string damaged = *bytes;
  damaged[damaged.size() / 2] ^= 0x5a;
  ASSERT_TRUE(WriteFileAtomic(file, damaged).ok());
  {
    auto embedder = std::make_shared<CountingEmbedder>();
    Opened o = OpenKb(*backend_, embedder, {.index_file = file});
    ASSERT_NE(o.kb, nullptr);
    EXPECT_EQ(embedder->embedded.load(), chunks);
    EXPECT_FALSE(o.kb->Search("fiscal year April", Hybrid()).hits.empty());
  }
  {
    auto embedder = std::make_shared<CountingEmbedder>();
    Opened o = OpenKb(*backend_, embedder, {.index_file = file});
    ASSERT_NE(o.kb, nullptr);
    EXPECT_EQ(embedder->embedded.load(), 0u) << "the rebuilt index was not saved again";
  }
  // Another embedder (another dimension): re-embedded, and the file then records it.
  {
    auto other = std::make_shared<CountingEmbedder>(256);
    Opened o = OpenKb(*backend_, other, {.index_file = file});
    ASSERT_NE(o.kb, nullptr);
    EXPECT_EQ(other->embedded.load(), chunks);
    EXPECT_EQ(o.kb->index().embedder_id(), "lexical-256+termset");
    EXPECT_EQ(o.kb->index().dimension(), 256u);
  }
  // A file saved from another store (here: the store's instance number changed, as when
  // the database is recreated): not used.
  {
    Opened o = OpenKb(*backend_);
    ASSERT_NE(o.db, nullptr);
    ASSERT_TRUE(o.db->WriteWith([](const server::store::SqlManagementStore::PrepareFn& prepare) {
                      std::unique_ptr<server::store::SqlStatement> s = prepare(
                          "UPDATE knowledge_meta SET value = value + 1 WHERE name = 'instance'");
                      if (Status p = s->prepared(); !p.ok()) return p;
                      return s->Run("changing the instance");
                    })
                    .ok());
  }
  auto embedder = std::make_shared<CountingEmbedder>(256);
  Opened o = OpenKb(*backend_, embedder, {.index_file = file});
  ASSERT_NE(o.kb, nullptr);
  EXPECT_EQ(embedder->embedded.load(), chunks);
  EXPECT_EQ(o.kb->index().size(), chunks);
}

}  // namespace
}  // namespace askdb::knowledge::testing
