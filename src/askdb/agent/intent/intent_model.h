// IntentModel: a small learned request classifier — multinomial logistic regression over
// hashed word and character n-grams — that the rule-based RequestClassifier consults when
// none of its rules fire (rules for what is certain, this model for the rest, the LLM when
// both are unsure). Trained by `train_intent_model` (intent_model_train.cc) from public
// labelled requests with a licence that allows it and the project's own examples
// (scripts/train_intent_model.sh); the weights ship as data/intent/intent_model.bin,
// embedded in the binary. See docs/classifier.md.
//
// Thread-safety: immutable after loading; Predict() is const and may be called from any
// number of threads at once.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "askdb/common/status.h"

namespace askdb::agent {

// The hashed features of a request (normalised first), shared by training and prediction
// so that both see exactly the same thing. Buckets are in [0, buckets).
std::vector<uint32_t> IntentFeatures(std::string_view request, uint32_t buckets);

struct IntentPrediction {
  std::string label;  // a request type name, or "other"
  double probability = 0;
};

class IntentModel {
 public:
  // Dense weights: weights[label * buckets + feature]; bias[label].
  IntentModel(std::vector<std::string> labels, uint32_t buckets, std::vector<float> weights,
              std::vector<float> bias);

  // Parses the binary format written by Serialize (int8 weights with a scale per label).
  // InvalidArgument says what is wrong with the bytes.
  static StatusOr<std::unique_ptr<IntentModel>> Parse(std::string_view bytes);
  // The model embedded in the binary; nullptr (logged once) when it does not parse.
  static const IntentModel* Default();

  std::string Serialize() const;

  IntentPrediction Predict(std::string_view request) const;
  // Probabilities for every label, in labels() order.
  std::vector<double> Probabilities(std::string_view request) const;

  const std::vector<std::string>& labels() const { return labels_; }
  uint32_t buckets() const { return buckets_; }

 private:
  std::vector<std::string> labels_;
  uint32_t buckets_;
  std::vector<float> weights_;
  std::vector<float> bias_;
};

}  // namespace askdb::agent
