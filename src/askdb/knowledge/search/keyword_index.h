// KeywordIndex: the keyword channel of KnowledgeIndex — BM25 over the bilingual terms that
// schema recall uses (catalog::RecallTerms), with an inverted index so that a query reads
// only the postings of its own terms.
//
// Documents are numbered by the caller (slots). Remove is soft: collection statistics
// (document count, lengths, document frequencies) drop the document at once, its postings
// stay until the index is rebuilt and are skipped. Not synchronised: KnowledgeIndex guards it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace askdb::knowledge {

struct ScoredSlot {
  uint32_t slot = 0;
  double score = 0;
};

class KeywordIndex {
 public:
  KeywordIndex(double k1, double b) : k1_(k1), b_(b) {}

  // The terms a text is indexed and searched by: catalog::RecallTerms, then each pair of
  // neighbouring English words as one term ("average salary").
  static std::vector<std::string> Terms(std::string_view text);

  // The share (0..1) of the query's distinct terms (catalog::RecallTerms) that `text` holds:
  // how much of a question a passage speaks to, on an absolute scale (BM25 depends on the
  // collection). 0 for a query without terms.
  static double QueryTermCoverage(std::string_view query, std::string_view text);

  // `slot` must not be indexed already (a replaced document gets a new slot).
  void Add(uint32_t slot, const std::vector<std::string>& terms);
  void Remove(uint32_t slot);

  // The best `k` live documents that `accept` takes, by BM25 score above `min_score`, best
  // first (ties: lower slot first). Terms repeated in the query count once.
  std::vector<ScoredSlot> Search(const std::vector<std::string>& query_terms, size_t k,
                                 double min_score,
                                 const std::function<bool(uint32_t)>& accept) const;

  size_t documents() const { return documents_; }

 private:
  struct Posting {
    uint32_t slot;
    uint32_t tf;
  };
  struct Doc {
    std::vector<uint32_t> terms;  // distinct term ids, for the document frequencies
    uint32_t length = 0;
    bool live = false;
  };

  double k1_;
  double b_;
  std::unordered_map<std::string, uint32_t> term_ids_;
  std::vector<std::vector<Posting>> postings_;  // by term id
  std::vector<uint32_t> df_;                    // live documents holding the term, by term id
  std::vector<Doc> docs_;                       // by slot
  size_t documents_ = 0;                        // live
  uint64_t total_length_ = 0;                   // of live documents
};

}  // namespace askdb::knowledge
