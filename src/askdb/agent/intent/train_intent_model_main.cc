// train_intent_model: trains the request classifier's IntentModel from JSONL files of
// {"text", "type"} lines and writes the weights file.
//   train_intent_model OUT.bin TRAIN.jsonl...
// scripts/train_intent_model.sh assembles the training data and runs this; see
// docs/classifier.md for what the model is trained on and its licences.
#include <iostream>
#include <string>
#include <vector>

#include "askdb/agent/classifier_eval.h"
#include "askdb/agent/intent/intent_model_train.h"
#include "askdb/common/file_util.h"

int main(int argc, char** argv) {
  using namespace askdb::agent;
  if (argc < 3) {
    std::cerr << "usage: train_intent_model OUT.bin TRAIN.jsonl...\n";
    return 2;
  }
  std::vector<IntentExample> examples;
  for (int i = 2; i < argc; ++i) {
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
  const auto model = TrainIntentModel(examples);
  auto written = askdb::WriteFileAtomic(argv[1], model->Serialize());
  if (!written.ok()) {
    std::cerr << written.ToString() << "\n";
    return 1;
  }
  std::cout << "trained on " << examples.size() << " examples, " << model->labels().size()
            << " labels; wrote " << argv[1] << "\n";
  return 0;
}
