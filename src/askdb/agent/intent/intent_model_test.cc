#include "askdb/agent/intent/intent_model.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "askdb/agent/intent/intent_model_train.h"
#include "askdb/agent/request_classifier.h"
#include "askdb/common/file_util.h"

namespace askdb::agent {
namespace {

std::vector<IntentExample> TinySet() {
  return {{"hello there", "trivial"},         {"hi how are you", "trivial"},
          {"good morning friend", "trivial"}, {"你好呀", "trivial"},
          {"sales by region", "data_query"},  {"total revenue per month", "data_query"},
          {"各地区的销售额", "data_query"},   {"top customers by revenue", "data_query"},
          {"weather in paris", "web_search"}, {"will it rain tomorrow", "web_search"},
          {"明天天气怎么样", "web_search"},   {"latest news headlines", "web_search"}};
}

TEST(IntentModel, LearnsAndSurvivesSerialisation) {
  IntentTrainOptions options;
  options.buckets = 1 << 12;
  const auto model = TrainIntentModel(TinySet(), options);
  EXPECT_EQ(model->labels(), (std::vector<std::string>{"data_query", "trivial", "web_search"}));
  EXPECT_EQ(model->Predict("hello").label, "trivial");
  EXPECT_EQ(model->Predict("revenue by month").label, "data_query");
  EXPECT_EQ(model->Predict("天气").label, "web_search");

  auto parsed = IntentModel::Parse(model->Serialize());
  ASSERT_TRUE(parsed.ok()) << parsed.status().ToString();
  for (const IntentExample& e : TinySet()) {
    const IntentPrediction a = model->Predict(e.text), b = (*parsed)->Predict(e.text);
    EXPECT_EQ(a.label, b.label) << e.text;
    EXPECT_NEAR(a.probability, b.probability, 0.05) << e.text;  // int8 weights
  }
}

TEST(IntentModel, TrainingIsDeterministic) {
  IntentTrainOptions options;
  options.buckets = 1 << 10;
  EXPECT_EQ(TrainIntentModel(TinySet(), options)->Serialize(),
            TrainIntentModel(TinySet(), options)->Serialize());
}

TEST(IntentModel, AveragedRunsAreTheMeanOfTheirSeeds) {
  IntentTrainOptions one;
  one.buckets = 1 << 10;
  IntentTrainOptions averaged = one;
  averaged.runs = 3;
  const auto model = TrainIntentModel(TinySet(), averaged);
  EXPECT_EQ(model->Serialize(), TrainIntentModel(TinySet(), averaged)->Serialize());
  EXPECT_NE(model->Serialize(), TrainIntentModel(TinySet(), one)->Serialize());
  // Its probabilities sit between those of the runs it averages (logits are linear in the
  // weights, so the averaged logit of each label is the mean of the runs' logits).
  std::vector<std::vector<double>> runs;
  for (unsigned seed : {42u, 43u, 44u}) {
    IntentTrainOptions single = one;
    single.seed = seed;
    runs.push_back(TrainIntentModel(TinySet(), single)->Probabilities("hello there"));
  }
  const std::vector<double> p = model->Probabilities("hello there");
  for (size_t l = 0; l < p.size(); ++l) {
    const auto [lo, hi] = std::minmax({runs[0][l], runs[1][l], runs[2][l]});
    EXPECT_GE(p[l], lo - 0.05) << l;
    EXPECT_LE(p[l], hi + 0.05) << l;
  }
  for (const IntentExample& e : TinySet()) EXPECT_EQ(model->Predict(e.text).label, e.label);
}

TEST(IntentModel, ParseRejectsWhatIsNotAModel) {
  EXPECT_FALSE(IntentModel::Parse("").ok());
  EXPECT_FALSE(IntentModel::Parse("not a model at all").ok());
  IntentTrainOptions options;
  options.buckets = 1 << 8;
  std::string bytes = TrainIntentModel(TinySet(), options)->Serialize();
  bytes.pop_back();
  auto truncated = IntentModel::Parse(bytes);
  ASSERT_FALSE(truncated.ok());
  EXPECT_NE(truncated.status().message().find("wrong size"), std::string::npos);
}

TEST(IntentModel, FeaturesAreStableAndBounded) {
  const auto a = IntentFeatures("What is 12 times 7?", 1000);
  EXPECT_EQ(a, IntentFeatures("what is 99 times 3", 1000));  // numbers are one token
  for (uint32_t f : IntentFeatures("2024年各地区的销售额 and more words", 1000))
    EXPECT_LT(f, 1000u);
  EXPECT_FALSE(IntentFeatures("", 1000).empty());  // the constant feature
}

TEST(IntentModel, TheEmbeddedModelLoads) {
  const IntentModel* model = IntentModel::Default();
  ASSERT_NE(model, nullptr);
  EXPECT_GE(model->labels().size(), 8u);
}

}  // namespace
}  // namespace askdb::agent

namespace askdb::agent {
namespace {

// The smallest units table a classifier loads with.
constexpr std::string_view kOneUnit = R"(
[[dimension]]
name = "length"
base = "m"
units = [{ id = "m", factor = 1, zh = "米", en = "m", names = ["m"] }]
)";

// A model trained on TinySet written to the test's temp folder; its path, empty on failure.
std::string WriteTinyModel(std::string_view file) {
  IntentTrainOptions options;
  options.buckets = 1 << 12;
  const auto model = TrainIntentModel(TinySet(), options);
  const std::string path = ::testing::TempDir() + "/" + std::string(file);
  return WriteFileAtomic(path, model->Serialize()).ok() ? path : std::string();
}

// The rules+model combination: a rules file can name a weights file, and a weak rule
// (model_may_override) lets the model decide while a strong one does not.
TEST(IntentModel, WeakRulesLetTheModelDecide) {
  const std::string path = WriteTinyModel("tiny_intent_model.bin");
  ASSERT_FALSE(path.empty());
  const std::string rules = R"(
priority = ["web_search", "data_query"]
default_type = "data_query"
intent_model = ")" + path + R"("
model_min_probability = 0.5
[[rule]]
id = "weak"
type = "data_query"
model_may_override = true
keywords = ["怎么样"]
[[rule]]
id = "strong"
type = "data_query"
keywords = ["多少"]
)";
  const std::string units(kOneUnit);
  auto c = RequestClassifier::FromText(rules, units);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  const Classification weak = (*c)->Classify("明天天气怎么样");
  EXPECT_EQ(weak.type, RequestType::kWebSearch);
  EXPECT_EQ(weak.rules, (std::vector<std::string>{"weak", "model.web_search"}));
  const Classification strong = (*c)->Classify("明天天气多少");
  EXPECT_EQ(strong.type, RequestType::kDataQuery);
  EXPECT_EQ(strong.rules, std::vector<std::string>{"strong"});

  std::string bad_rules = rules;
  bad_rules.replace(bad_rules.find(path), path.size(), "/no/such/model.bin");
  auto missing = RequestClassifier::FromText(bad_rules, units);
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("/no/such/model.bin"), std::string::npos)
      << missing.status().ToString();
}

// Chinese requests have their own bar (model_min_probability_zh): the same model's guess
// decides a Chinese request and not an English one when only the Chinese bar is low.
TEST(IntentModel, ChineseRequestsHaveTheirOwnBar) {
  const std::string path = WriteTinyModel("tiny_intent_model_zh.bin");
  ASSERT_FALSE(path.empty());
  const std::string units(kOneUnit);
  auto rules = [&](std::string_view bars) {
    return R"(
priority = ["web_search", "data_query"]
default_type = "data_query"
intent_model = ")" +
           path + "\"\n" + std::string(bars) + R"(
[[rule]]
id = "never"
type = "web_search"
keywords = ["zzzz"]
)";
  };
  auto split = RequestClassifier::FromText(rules("model_min_probability = 0.999\n"
                                                 "model_min_probability_zh = 0.01"),
                                           units);
  ASSERT_TRUE(split.ok()) << split.status().ToString();
  const Classification zh = (*split)->Classify("天气");
  EXPECT_EQ(zh.type, RequestType::kWebSearch);
  EXPECT_EQ(zh.rules, std::vector<std::string>{"model.web_search"});
  const Classification en = (*split)->Classify("weather");
  EXPECT_EQ(en.type, RequestType::kDataQuery);
  EXPECT_EQ(en.rules, std::vector<std::string>{"default"});
  // Without the Chinese key, Chinese requests use the common bar.
  auto common = RequestClassifier::FromText(rules("model_min_probability = 0.999"), units);
  ASSERT_TRUE(common.ok()) << common.status().ToString();
  EXPECT_EQ((*common)->Classify("天气").rules, std::vector<std::string>{"default"});
}

// model_rule_only_types keeps the model from naming a type only rules decide (its best other
// label stands); model_log_prior_zh shifts Chinese decisions and not English ones; bad
// values are refused naming the key.
TEST(IntentModel, RuleOnlyTypesAndLogPriors) {
  const std::string path = WriteTinyModel("tiny_intent_model_prior.bin");
  ASSERT_FALSE(path.empty());
  const std::string units(kOneUnit);
  auto rules = [&](std::string_view extra) {
    return R"(
priority = ["web_search", "trivial", "data_query"]
default_type = "data_query"
model_min_probability = 0.01
intent_model = ")" +
           path + "\"\n" + std::string(extra) + R"(
[[rule]]
id = "never"
type = "web_search"
keywords = ["zzzz"]
)";
  };
  auto plain = RequestClassifier::FromText(rules(""), units);
  ASSERT_TRUE(plain.ok()) << plain.status().ToString();
  ASSERT_EQ((*plain)->Classify("天气").type, RequestType::kWebSearch);
  ASSERT_EQ((*plain)->Classify("weather").type, RequestType::kWebSearch);

  auto rule_only =
      RequestClassifier::FromText(rules("model_rule_only_types = [\"web_search\"]"), units);
  ASSERT_TRUE(rule_only.ok()) << rule_only.status().ToString();
  const Classification c = (*rule_only)->Classify("天气");
  EXPECT_NE(c.type, RequestType::kWebSearch);
  EXPECT_NE(c.rules, std::vector<std::string>{"model.web_search"});

  auto prior = RequestClassifier::FromText(rules("model_log_prior_zh = { trivial = 10.0 }"), units);
  ASSERT_TRUE(prior.ok()) << prior.status().ToString();
  EXPECT_EQ((*prior)->Classify("天气").type, RequestType::kTrivial);
  EXPECT_EQ((*prior)->Classify("天气").rules, std::vector<std::string>{"model.trivial"});
  EXPECT_EQ((*prior)->Classify("weather").type, RequestType::kWebSearch);

  for (std::string_view bad :
       {"model_rule_only_types = [\"chat\"]", "model_log_prior_zh = { trivial = \"high\" }",
        "model_log_prior_zh = 2.0", "model_log_prior = { other = 99.0 }"}) {
    auto refused = RequestClassifier::FromText(rules(bad), units);
    ASSERT_FALSE(refused.ok()) << bad;
    const std::string key(bad.substr(0, bad.find(' ')));
    EXPECT_NE(refused.status().message().find(key), std::string::npos)
        << refused.status().ToString();
  }
}

}  // namespace
}  // namespace askdb::agent
