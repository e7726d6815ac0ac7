#include "askdb/agent/intent/intent_model_train.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>

namespace askdb::agent {

namespace {

// The examples as the training loop reads them: features, label indices, class weights.
struct TrainingSet {
  std::vector<std::vector<uint32_t>> features;
  std::vector<int> targets;
  std::vector<double> example_weight;  // per label
};

// One AdaGrad run over `set` with one shuffling seed; adds its weights and bias into the sums.
void TrainOneRun(const TrainingSet& set, size_t k, const IntentTrainOptions& options, unsigned seed,
                 std::vector<float>& weight_sum, std::vector<float>& bias_sum) {
  const uint32_t buckets = options.buckets;
  std::vector<float> weights(k * buckets, 0), bias(k, 0);
  std::vector<float> weight_g2(k * buckets, 0), bias_g2(k, 0);
  const auto& features = set.features;
  const auto& targets = set.targets;
  const auto& example_weight = set.example_weight;
  std::vector<size_t> order(features.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937 rng(seed);
  std::vector<double> p(k);
  for (int epoch = 0; epoch < options.epochs; ++epoch) {
    std::shuffle(order.begin(), order.end(), rng);
    for (size_t i : order) {
      const std::vector<uint32_t>& f = features[i];
      for (size_t l = 0; l < k; ++l) {
        double s = bias[l];
        for (uint32_t j : f) s += weights[l * buckets + j];
        p[l] = s;
      }
      const double top = *std::max_element(p.begin(), p.end());
      double sum = 0;
      for (double& v : p) sum += (v = std::exp(v - top));
      for (size_t l = 0; l < k; ++l) {
        // d(loss)/d(score_l), scaled by the example's class weight.
        const double g =
            (p[l] / sum - (int(l) == targets[i] ? 1.0 : 0.0)) * example_weight[targets[i]];
        bias_g2[l] += g * g;
        bias[l] -= options.learning_rate * g / std::sqrt(bias_g2[l] + 1e-8);
        for (uint32_t j : f) {
          float& w = weights[l * buckets + j];
          const double gw = g + options.l2 * w;
          float& g2 = weight_g2[l * buckets + j];
          g2 += gw * gw;
          w -= options.learning_rate * gw / std::sqrt(g2 + 1e-8);
        }
      }
    }
  }
  for (size_t j = 0; j < weights.size(); ++j) weight_sum[j] += weights[j];
  for (size_t l = 0; l < k; ++l) bias_sum[l] += bias[l];
}

}  // namespace

std::unique_ptr<IntentModel> TrainIntentModel(const std::vector<IntentExample>& examples,
                                              const IntentTrainOptions& options) {
  std::map<std::string, int> label_index;
  for (const IntentExample& e : examples) label_index.emplace(e.label, 0);
  std::vector<std::string> labels;
  for (auto& [name, index] : label_index) {
    index = labels.size();
    labels.push_back(name);
  }
  const size_t k = labels.size();
  const uint32_t buckets = options.buckets;
  std::vector<float> weights(k * buckets, 0), bias(k, 0);
  if (k == 0) return std::make_unique<IntentModel>(labels, buckets, weights, bias);

  // Class-balanced weights: every label carries the same total weight.
  TrainingSet set;
  std::vector<int> per_label(k, 0);
  for (const IntentExample& e : examples) {
    set.targets.push_back(label_index[e.label]);
    ++per_label[set.targets.back()];
    set.features.push_back(IntentFeatures(e.text, buckets));
  }
  set.example_weight.resize(k);
  for (size_t l = 0; l < k; ++l) {
    set.example_weight[l] = double(examples.size()) / (k * std::max(1, per_label[l]));
  }
  // The average of several runs, each shuffling with its own seed: one run's decisions on
  // unseen Chinese requests moved by a point or more with the order of the examples alone
  // (docs/classifier.md, round 8); the average is the same model whatever that order.
  const int runs = std::max(1, options.runs);
  for (int r = 0; r < runs; ++r) TrainOneRun(set, k, options, options.seed + r, weights, bias);
  if (runs > 1) {
    for (float& w : weights) w /= runs;
    for (float& b : bias) b /= runs;
  }
  return std::make_unique<IntentModel>(std::move(labels), buckets, std::move(weights),
                                       std::move(bias));
}

}  // namespace askdb::agent
