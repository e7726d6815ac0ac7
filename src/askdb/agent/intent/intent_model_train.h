// Training for IntentModel: multinomial logistic regression over IntentFeatures with
// AdaGrad, L2 regularisation and class-balanced example weights, deterministic for a given
// seed (the same data gives the same bytes). Used by the train_intent_model tool and tests.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "askdb/agent/intent/intent_model.h"

namespace askdb::agent {

struct IntentExample {
  std::string text;
  std::string label;
};

struct IntentTrainOptions {
  uint32_t buckets = 1u << 16;
  int epochs = 10;
  double learning_rate = 0.5;
  double l2 = 1e-6;
  unsigned seed = 42;
  // Runs averaged into the model, run r shuffling with seed + r (1: a single run).
  int runs = 1;
};

// Labels are taken from the examples, sorted by name. An empty example list gives a model
// with no labels, which Predict must not be called on: callers check examples first.
std::unique_ptr<IntentModel> TrainIntentModel(const std::vector<IntentExample>& examples,
                                              const IntentTrainOptions& options = {});

}  // namespace askdb::agent
