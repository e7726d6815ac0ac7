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
  // 20 epochs at 0.1 since session 14 (10 at 0.5 before): chosen on the develop split with
  // three shuffled orders each (docs/classifier.md, round 10); the smaller steps gave the
  // Chinese develop split +1.2 points with the log-prior re-checked, and the same English
  // figure on halves of CLINC150's train split held out of training.
  int epochs = 20;
  double learning_rate = 0.1;
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
