// train_intent_model: trains the request classifier's IntentModel from JSONL files of
// {"text", "type"} lines and writes the weights file.
//   train_intent_model [--runs N] [--epochs N] [--learning-rate X] [--l2 X] OUT.bin TRAIN.jsonl...
// --runs N averages N training runs, each shuffling the examples with its own seed.
// scripts/train_intent_model.sh assembles the training data and runs this; see
// docs/classifier.md for what the model is trained on and its licences.
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "askdb/agent/classifier_eval.h"
#include "askdb/agent/intent/intent_model_train.h"
#include "askdb/common/file_util.h"

int main(int argc, char** argv) {
  using namespace askdb::agent;
  IntentTrainOptions options;
  int first = 1;
  // Options before the files; --epochs, --learning-rate and --l2 are for trying settings
  // against the develop split (the shipped weights use the defaults of IntentTrainOptions).
  for (; first + 1 < argc && std::string(argv[first]).starts_with("--"); first += 2) {
    const std::string flag = argv[first];
    const char* value = argv[first + 1];
    if (flag == "--runs") {
      options.runs = std::atoi(value);
    } else if (flag == "--epochs") {
      options.epochs = std::atoi(value);
    } else if (flag == "--learning-rate") {
      options.learning_rate = std::atof(value);
    } else if (flag == "--l2") {
      options.l2 = std::atof(value);
    } else {
      options.runs = 0;  // unknown option: usage
      break;
    }
  }
  if (argc < first + 2 || options.runs < 1 || options.epochs < 1 || options.learning_rate <= 0 ||
      options.l2 < 0) {
    std::cerr << "usage: train_intent_model [--runs N] [--epochs N] [--learning-rate X] [--l2 X] "
                 "OUT.bin TRAIN.jsonl...\n";
    return 2;
  }
  std::vector<IntentExample> examples;
  for (int i = first + 1; i < argc; ++i) {
    auto requests = ReadLabelledRequests(argv[i]);
    if (!requests.ok()) {
      std::cerr << requests.status().ToString() << "\n";
      return 1;
    }
    for (const LabelledRequest& r : *requests) examples.push_back({r.text, r.type});
  }
  if (examples.empty()) {
    std::cerr << "train_intent_model: no examples in the training files\n";
    return 1;
  }
  const auto model = TrainIntentModel(examples, options);
  auto written = askdb::WriteFileAtomic(argv[first], model->Serialize());
  if (!written.ok()) {
    std::cerr << written.ToString() << "\n";
    return 1;
  }
  std::cout << "trained on " << examples.size() << " examples, " << model->labels().size()
            << " labels; wrote " << argv[first] << "\n";
  return 0;
}
