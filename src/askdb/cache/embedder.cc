#include "askdb/cache/embedder.h"

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

#include "askdb/cache/question_items.h"
#include "askdb/common/text.h"

namespace askdb::cache {
namespace {

constexpr uint64_t kFnvOffset = 1469598103934665603ULL;
constexpr uint64_t kFnvPrime = 1099511628211ULL;
// Bigrams and trigrams weigh less than unigrams: word order matters, but a reordering of a
// paraphrase should not cost more than a changed word.
constexpr float kUnigramWeight = 1.0F;
constexpr float kBigramWeight = 0.7F;
constexpr float kTrigramWeight = 0.5F;
// Joins the parts of an n-gram key; no feature contains this byte.
constexpr char kSeparator = '\x1f';

uint64_t Fnv1a(std::string_view s) {
  uint64_t h = kFnvOffset;
  for (unsigned char c : s) {
    h ^= c;
    h *= kFnvPrime;
  }
  return h;
}

// The feature name of one item; empty for items that carry no meaning.
std::string FeatureOf(const QuestionItem& item) {
  switch (item.kind) {
    case ItemKind::kKeyword:
      if (IsFiller(item)) return "";
      return "k:" + std::to_string(item.kw);
    case ItemKind::kNumber:
      return "n:" + std::to_string(item.number);
    case ItemKind::kPunct:
      return "";
    case ItemKind::kTerm:
    case ItemKind::kWord:
    case ItemKind::kCjk:
      return "w:" + item.key;
  }
  return "";
}

}  // namespace

LexicalEmbedder::LexicalEmbedder(LexicalEmbedderOptions options) : options_(options) {
  if (options_.dimension == 0) options_.dimension = LexicalEmbedderOptions{}.dimension;
}

Embedding LexicalEmbedder::Embed(std::string_view text) const {
  Embedding v(options_.dimension, 0.0F);
  auto add = [&](std::string_view feature, float weight) {
    const uint64_t h = Fnv1a(feature);
    const float sign = (h >> 63) != 0 ? -1.0F : 1.0F;
    v[(h & ~(uint64_t{1} << 63)) % options_.dimension] += sign * weight;
  };
  const std::string normalized = text::NormalizeForMatch(text);
  const std::vector<QuestionItem> items = SegmentQuestion(normalized, nullptr);
  // Runs of meaningful features; punctuation ends a run, fillers are skipped.
  std::string prev, prev2;
  bool prev_cjk = false, prev2_cjk = false;
  for (const QuestionItem& item : items) {
    if (item.kind == ItemKind::kPunct) {
      prev.clear();
      prev2.clear();
      prev_cjk = prev2_cjk = false;
      continue;
    }
    const std::string f = FeatureOf(item);
    if (f.empty()) continue;
    const bool cjk = item.kind == ItemKind::kCjk;
    add(f, kUnigramWeight);
    if (!prev.empty()) add(prev + kSeparator + f, kBigramWeight);
    if (cjk && prev_cjk && prev2_cjk)
      add(prev2 + kSeparator + prev + kSeparator + f, kTrigramWeight);
    prev2 = std::move(prev);
    prev2_cjk = prev_cjk;
    prev = f;
    prev_cjk = cjk;
  }
  double norm = 0;
  for (float x : v) norm += static_cast<double>(x) * x;
  if (norm > 0) {
    const float inv = static_cast<float>(1.0 / std::sqrt(norm));
    for (float& x : v) x *= inv;
  }
  return v;
}

StatusOr<Embedding> Embedder::TryEmbed(std::string_view text) const { return Embed(text); }

StatusOr<std::vector<Embedding>> Embedder::TryEmbedBatch(
    const std::vector<std::string>& texts) const {
  std::vector<Embedding> out;
  out.reserve(texts.size());
  for (const std::string& t : texts) {
    StatusOr<Embedding> v = TryEmbed(t);
    if (!v.ok()) return v.status();
    out.push_back(std::move(v).value());
  }
  return out;
}

double CosineSimilarity(const Embedding& a, const Embedding& b) {
  if (a.size() != b.size() || a.empty()) return 0;
  double dot = 0, na = 0, nb = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    dot += static_cast<double>(a[i]) * b[i];
    na += static_cast<double>(a[i]) * a[i];
    nb += static_cast<double>(b[i]) * b[i];
  }
  if (na == 0 || nb == 0) return 0;
  return dot / std::sqrt(na * nb);
}

}  // namespace askdb::cache
