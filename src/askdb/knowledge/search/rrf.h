// Reciprocal rank fusion (Cormack et al. 2009) of the keyword and vector rankings:
// fused(d) = Σ over the channels that ranked d of weight / (k + rank), rank 1-based.
#pragma once

#include <cstddef>
#include <vector>

#include "askdb/knowledge/search/keyword_index.h"

namespace askdb::knowledge {

struct FusedSlot {
  uint32_t slot = 0;
  size_t keyword_rank = 0;  // 0: not in the keyword ranking
  double keyword_score = 0;
  size_t vector_rank = 0;  // 0: not in the vector ranking
  double vector_score = 0;
  double fused = 0;
};

// Both rankings best first. The result is best first, at most `top_k` long; ties go to the
// better keyword rank, then the better vector rank, then the lower slot. Each channel's terms
// are multiplied by its weight (weighted RRF): `weight / (k + rank)`.
std::vector<FusedSlot> FuseRankings(const std::vector<ScoredSlot>& keyword,
                                    const std::vector<ScoredSlot>& vector, double k, size_t top_k,
                                    double keyword_weight = 1.0, double vector_weight = 1.0);

}  // namespace askdb::knowledge
