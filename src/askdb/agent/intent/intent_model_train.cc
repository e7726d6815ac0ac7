#include "askdb/agent/intent/intent_model_train.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>

namespace askdb::agent {

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
  std::vector<float> weight_g2(k * buckets, 0), bias_g2(k, 0);
  if (k == 0) return std::make_unique<IntentModel>(labels, buckets, weights, bias);

  // Class-balanced weights: every label carries the same total weight.
  std::vector<int> per_label(k, 0);
  std::vector<std::vector<uint32_t>> features;
  std::vector<int> targets;
  for (const IntentExample& e : examples) {
    targets.push_back(label_index[e.label]);
    ++per_label[targets.back()];
    features.push_back(IntentFeatures(e.text, buckets));
  }
  std::vector<double> example_weight(k);
  for (size_t l = 0; l < k; ++l) {
    example_weight[l] = double(examples.size()) / (k * std::max(1, per_label[l]));
  }

  std::vector<size_t> order(examples.size());
  std::iota(order.begin(), order.end(), 0);
  std::mt19937 rng(options.seed);
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
  return std::make_unique<IntentModel>(std::move(labels), buckets, std::move(weights),
                                       std::move(bias));
}

}  // namespace askdb::agent
