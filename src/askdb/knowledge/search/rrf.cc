#include "askdb/knowledge/search/rrf.h"

#include <algorithm>
#include <cstdint>
#include <unordered_map>

namespace askdb::knowledge {

std::vector<FusedSlot> FuseRankings(const std::vector<ScoredSlot>& keyword,
                                    const std::vector<ScoredSlot>& vector, double k, size_t top_k,
                                    double keyword_weight, double vector_weight) {
  std::vector<FusedSlot> fused;
  std::unordered_map<uint32_t, size_t> at;  // slot → index in `fused`
  auto entry = [&](uint32_t slot) -> FusedSlot& {
    auto [it, inserted] = at.try_emplace(slot, fused.size());
    if (inserted) fused.push_back({.slot = slot});
    return fused[it->second];
  };
  for (size_t i = 0; i < keyword.size(); ++i) {
    FusedSlot& f = entry(keyword[i].slot);
    f.keyword_rank = i + 1;
    f.keyword_score = keyword[i].score;
    f.fused += keyword_weight / (k + static_cast<double>(i + 1));
  }
  for (size_t i = 0; i < vector.size(); ++i) {
    FusedSlot& f = entry(vector[i].slot);
    f.vector_rank = i + 1;
    f.vector_score = vector[i].score;
    f.fused += vector_weight / (k + static_cast<double>(i + 1));
  }
  // A missing rank sorts after every real one.
  auto rank = [](size_t r) { return r == 0 ? SIZE_MAX : r; };
  std::sort(fused.begin(), fused.end(), [&](const FusedSlot& a, const FusedSlot& b) {
    if (a.fused != b.fused) return a.fused > b.fused;
    if (a.keyword_rank != b.keyword_rank) return rank(a.keyword_rank) < rank(b.keyword_rank);
    if (a.vector_rank != b.vector_rank) return rank(a.vector_rank) < rank(b.vector_rank);
    return a.slot < b.slot;
  });
  if (fused.size() > top_k) fused.resize(top_k);
  return fused;
}

}  // namespace askdb::knowledge
