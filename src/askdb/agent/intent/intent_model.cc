#include "askdb/agent/intent/intent_model.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "askdb/common/embedded.h"
#include "askdb/common/text.h"

ASKDB_DECLARE_EMBEDDED(intent_model_bin);

namespace askdb::agent {
namespace {

constexpr char kMagic[8] = {'A', 'S', 'K', 'I', 'N', 'T', '0', '1'};

uint64_t Fnv1a(std::string_view s, uint64_t seed) {
  uint64_t h = 1469598103934665603ULL ^ seed;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

bool IsCjk(char32_t cp) {
  return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
         (cp >= 0xF900 && cp <= 0xFAFF);
}

bool IsWordChar(char32_t cp) {
  return (cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9') ||
         (cp > 0x7F && !IsCjk(cp) && cp != 0x3002 && cp != 0xFF0C);
}

// Splits the normalised text into tokens: Latin words (digit runs become "<n>") and single
// CJK characters, with arithmetic operators kept as their own tokens.
std::vector<std::string> Tokens(const std::string& normalized) {
  std::vector<std::string> tokens;
  std::string word;
  auto flush = [&] {
    if (word.empty()) return;
    const bool digits = std::all_of(word.begin(), word.end(), [](char c) {
      return (c >= '0' && c <= '9') || c == '.' || c == ',';
    });
    tokens.push_back(digits ? "<n>" : word);
    word.clear();
  };
  for (char32_t cp : text::DecodeUtf8(normalized)) {
    if (IsCjk(cp)) {
      flush();
      std::string s;
      text::AppendUtf8(cp, s);
      tokens.push_back(std::move(s));
    } else if (IsWordChar(cp) || (cp == '.' && !word.empty())) {
      text::AppendUtf8(cp, word);
    } else {
      flush();
      if (cp < 0x80 && cp != 0 && std::strchr("+-*/^%=", static_cast<int>(cp)) != nullptr) {
        tokens.emplace_back(1, static_cast<char>(cp));
      }
    }
  }
  flush();
  return tokens;
}

}  // namespace

std::vector<uint32_t> IntentFeatures(std::string_view request, uint32_t buckets) {
  const std::string normalized = text::NormalizeForMatch(request);
  const std::vector<std::string> tokens = Tokens(normalized);
  std::vector<uint32_t> features;
  auto add = [&](std::string_view gram, uint64_t kind) {
    features.push_back(static_cast<uint32_t>(Fnv1a(gram, kind) % buckets));
  };
  add("<always>", 0);  // one feature every request has
  for (size_t i = 0; i < tokens.size(); ++i) {
    add(tokens[i], 1);
    if (i + 1 < tokens.size()) add(tokens[i] + " " + tokens[i + 1], 2);
    if (i + 2 < tokens.size()) add(tokens[i] + " " + tokens[i + 1] + " " + tokens[i + 2], 3);
    // Character trigrams of longer Latin words catch inflections and typos.
    const std::string padded = "^" + tokens[i] + "$";
    if (tokens[i].size() > 3 && static_cast<unsigned char>(tokens[i][0]) < 0x80) {
      for (size_t j = 0; j + 3 <= padded.size(); ++j) add(padded.substr(j, 3), 4);
    }
  }
  if (!tokens.empty()) add("<first>" + tokens.front(), 5);
  if (tokens.size() <= 3) add("<short>", 6);
  return features;
}

IntentModel::IntentModel(std::vector<std::string> labels, uint32_t buckets,
                         std::vector<float> weights, std::vector<float> bias)
    : labels_(std::move(labels)),
      buckets_(buckets),
      weights_(std::move(weights)),
      bias_(std::move(bias)) {}

std::vector<double> IntentModel::Probabilities(std::string_view request) const {
  const std::vector<uint32_t> features = IntentFeatures(request, buckets_);
  std::vector<double> scores(labels_.size());
  for (size_t l = 0; l < labels_.size(); ++l) {
    double s = bias_[l];
    const float* w = weights_.data() + l * buckets_;
    for (uint32_t f : features) s += w[f];
    scores[l] = s;
  }
  const double top = *std::max_element(scores.begin(), scores.end());
  double sum = 0;
  for (double& s : scores) sum += (s = std::exp(s - top));
  for (double& s : scores) s /= sum;
  return scores;
}

IntentPrediction IntentModel::Predict(std::string_view request) const {
  const std::vector<double> p = Probabilities(request);
  const size_t best = std::max_element(p.begin(), p.end()) - p.begin();
  return {labels_[best], p[best]};
}

// Format: magic(8) | u32 buckets | u32 labels | per label: u32 name length, name bytes,
// f32 bias, f32 scale | per label: buckets × int8 (weight = q × scale). Little-endian.
std::string IntentModel::Serialize() const {
  std::string out(kMagic, sizeof kMagic);
  auto put = [&](const void* p, size_t n) { out.append(static_cast<const char*>(p), n); };
  const uint32_t buckets = buckets_, count = labels_.size();
  put(&buckets, 4);
  put(&count, 4);
  std::vector<float> scales(count);
  for (uint32_t l = 0; l < count; ++l) {
    float top = 0;
    for (uint32_t f = 0; f < buckets_; ++f)
      top = std::max(top, std::fabs(weights_[l * buckets_ + f]));
    scales[l] = top > 0 ? top / 127.0f : 1.0f;
    const uint32_t len = labels_[l].size();
    put(&len, 4);
    put(labels_[l].data(), len);
    put(&bias_[l], 4);
    put(&scales[l], 4);
  }
  for (uint32_t l = 0; l < count; ++l) {
    for (uint32_t f = 0; f < buckets_; ++f) {
      const long q = std::lround(weights_[l * buckets_ + f] / scales[l]);
      out.push_back(static_cast<char>(static_cast<int8_t>(std::clamp(q, -127L, 127L))));
    }
  }
  return out;
}

StatusOr<std::unique_ptr<IntentModel>> IntentModel::Parse(std::string_view bytes) {
  size_t pos = 0;
  auto take = [&](void* p, size_t n) {
    if (pos + n > bytes.size()) return false;
    std::memcpy(p, bytes.data() + pos, n);
    pos += n;
    return true;
  };
  char magic[8];
  uint32_t buckets = 0, count = 0;
  if (!take(magic, 8) || std::memcmp(magic, kMagic, 8) != 0) {
    return InvalidArgumentError("intent model: not an askdb intent model (bad magic)");
  }
  if (!take(&buckets, 4) || !take(&count, 4) || buckets == 0 || buckets > (1u << 22) ||
      count == 0 || count > 64) {
    return InvalidArgumentError("intent model: bad header (buckets or label count)");
  }
  std::vector<std::string> labels(count);
  std::vector<float> bias(count), scales(count);
  for (uint32_t l = 0; l < count; ++l) {
    uint32_t len = 0;
    if (!take(&len, 4) || len == 0 || len > 64 || pos + len > bytes.size()) {
      return InvalidArgumentError("intent model: bad label name");
    }
    labels[l].assign(bytes.data() + pos, len);
    pos += len;
    if (!take(&bias[l], 4) || !take(&scales[l], 4)) {
      return InvalidArgumentError("intent model: truncated label table");
    }
  }
  if (bytes.size() - pos != static_cast<size_t>(count) * buckets) {
    return InvalidArgumentError("intent model: weight table has the wrong size");
  }
  std::vector<float> weights(static_cast<size_t>(count) * buckets);
  for (size_t i = 0; i < weights.size(); ++i) {
    weights[i] = static_cast<int8_t>(bytes[pos + i]) * scales[i / buckets];
  }
  return std::make_unique<IntentModel>(std::move(labels), buckets, std::move(weights),
                                       std::move(bias));
}

const IntentModel* IntentModel::Default() {
  static const std::unique_ptr<IntentModel> instance = [] {
    auto parsed = Parse(ASKDB_EMBEDDED(intent_model_bin));
    if (!parsed.ok()) {
      spdlog::error("built-in intent model does not load: {}", parsed.status().ToString());
      return std::unique_ptr<IntentModel>();
    }
    return *std::move(parsed);
  }();
  return instance.get();
}

}  // namespace askdb::agent
